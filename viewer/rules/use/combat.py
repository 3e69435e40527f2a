"""The combat resolution sequence (USE 5.0; charts-public.md section 2.1) and the exact chance of
each cell of the Combat Results Table the user supplies.

Each side: one six-sided die plus its own modifier total, capped at +/-10; some modifiers halve
the modified result after the roll; a final value below 1 counts 1. The attacker's final value
picks the column, the defender's the row. The table's cells and result codes are not public:
they come from the user's ``use.crt`` chart. How a halved odd value rounds is not stated: the
setting ``rounding`` (down or up).
"""
from __future__ import annotations

from fractions import Fraction

from viewer.dice import Distribution, die

DRM_CAP = 10
STEPS = ("primary-attacker", "will-commit", "air-combat", "modifiers", "roll", "table")
ROUNDING = ("down", "up")


def final_value(drm: int, halve: bool = False, rounding: str = "down") -> Distribution:
    """The distribution of one side's final value (5.0 sequence steps 4-5)."""
    if rounding not in ROUNDING:
        raise ValueError(f"rounding must be one of {', '.join(ROUNDING)}, not {rounding!r}")
    capped = max(-DRM_CAP, min(DRM_CAP, drm))
    d = die(6) + capped
    if halve:
        d = d.map(lambda v: v // 2 if rounding == "down" else -((-v) // 2))
    return d.map(lambda v: max(1, v))


def cell_probabilities(att: Distribution, dfn: Distribution) -> dict[tuple[int, int], Fraction]:
    """``{(attacker value, defender value): probability}``: the two rolls are independent."""
    return {(a, d): pa * pd for a, pa in att.items() for d, pd in dfn.items()}
