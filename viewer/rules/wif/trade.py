"""WiF 5.1 trade agreements: what the USSR ships to Germany while the Nazi-Soviet Pact holds."""
from __future__ import annotations

#: Minors whose declaration of war or alignment by an Axis major power cuts the Soviet flow (5.1).
MINORS = ("finland", "latvia", "estonia", "lithuania", "bulgaria", "hungary", "romania", "turkey")
BASE_RESOURCES = 5
BASE_OIL = 2
GERMAN_BP = 2


def soviet_supply(reduced: set[str] | list[str], finland_ceded: bool = False, romania_ceded: bool = False,
                  pact_broken: bool = False) -> dict[str, int]:
    """Resources (normal, oil) the USSR sends Germany and the BP Germany sends back, per turn.

    Each reduced minor cuts the flow by 1, normal resources before oil; each minor counts once,
    whether by war, alignment or a ceded claim (Finland 19.6.1, Romania 19.6.2).
    """
    bad = [m for m in reduced if m not in MINORS]
    if bad:
        raise ValueError(f"unknown minor {bad[0]!r}; allowed: {', '.join(MINORS)}")
    cut = set(reduced)
    if finland_ceded:
        cut.add("finland")
    if romania_ceded:
        cut.add("romania")
    r = len(cut)
    if pact_broken:
        return {"reduced": r, "resources": 0, "oil": 0, "total": 0, "german_bp": 0}
    normal = max(0, BASE_RESOURCES - r)
    oil = max(0, BASE_OIL - max(0, r - BASE_RESOURCES))
    return {"reduced": r, "resources": normal, "oil": oil, "total": normal + oil, "german_bp": GERMAN_BP}
