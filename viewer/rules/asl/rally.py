"""Rally Phase at night: Desperation Morale removal and Recovery (ASL E1.54, E1.56, A4.44).

From the night summary (section VII):
* a broken unit keeps its DM status until a rally or self-rally attempt whose **original** DR
  (before any modifier) is at most its printed broken-side morale; a unit that does not try keeps
  it. Rallying itself compares the modified DR with that morale (as the example implies); the
  modifiers other than the building's -1 (A10.61) are not in the summary and are user inputs;
* every Recovery attempt has +1 drm at night; the success threshold is not stated (the example
  implies a modified dr of 5 or less) and is a user input.
"""
from __future__ import annotations

from fractions import Fraction

RALLY_OUTCOMES = ("rallied", "dm-removed", "dm-kept", "not-attempted")
NIGHT_RECOVERY_DRM = 1


def rally_outcome(dr: int, drm: int, broken_morale: int, dm: bool, attempted: bool = True) -> str:
    """One rally attempt: rallied, failed with the DM removed, failed with the DM kept, or no attempt."""
    if not attempted:
        return "not-attempted"
    if dr + drm <= broken_morale:
        return "rallied"
    if dm and dr <= broken_morale:
        return "dm-removed"
    return "dm-kept"


def rally_distribution(drm: int, broken_morale: int, dm: bool) -> dict[str, Fraction]:
    """Exact chance of each outcome over the 36 rolls of 2d6."""
    counts = dict.fromkeys(RALLY_OUTCOMES[:3], 0)
    for a in range(1, 7):
        for b in range(1, 7):
            counts[rally_outcome(a + b, drm, broken_morale, dm)] += 1
    return {k: Fraction(v, 36) for k, v in counts.items()}


def recovery_drm(night: bool, other: int = 0) -> int:
    """+1 at night (ASL E1.56) plus the other drm the user gives (jungle +2 …)."""
    return (NIGHT_RECOVERY_DRM if night else 0) + other


def recovery_success(dr: int, drm: int, threshold: int) -> bool:
    """Success when the modified dr is at most the user's threshold."""
    return dr + drm <= threshold


def recovery_rolls(drm: int, threshold: int) -> list[int]:
    """The dr (1-6) that succeed."""
    return [d for d in range(1, 7) if recovery_success(d, drm, threshold)]
