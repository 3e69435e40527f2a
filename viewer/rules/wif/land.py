"""WiF land combat odds: attack and defence factors rounded (2.6), then the odds column.

Only the ladder from 1:1 up to 12:1 is in the rulebook text (8.2.7's conversions imply it: 1:1, 3:2,
2:1, 3:1 ... 12:1); how ratios between columns are read, the columns below 1:1 and above 12:1 are in
11.16.5, which the text does not carry. The reading used here (the highest column not above the
ratio: the attacker never gets better odds than he has) is named ``ROUND_DOWN`` and is a setting.
"""
from __future__ import annotations

from fractions import Fraction

from viewer.rules.wif.fractions import round_wif

#: Known columns, lowest first, as (attack, defence).
LADDER = ((1, 1), (3, 2), *((n, 1) for n in range(2, 13)))
READINGS = ("round-down",)


def column_name(col: tuple[int, int]) -> str:
    return f"{col[0]}:{col[1]}"


def odds(attack: float, defence: float) -> tuple[int, int, Fraction]:
    """Rounded attack, rounded defence (2.6: round before forming the ratio) and their ratio."""
    if attack < 0 or defence < 0:
        raise ValueError("factors cannot be negative")
    a, d = round_wif(attack), round_wif(defence)
    if d <= 0:
        raise ValueError("the defence must be at least 1 after rounding")
    return a, d, Fraction(a, d)


def odds_column(ratio: Fraction) -> str | None:
    """The highest known column not above ``ratio``; None below 1:1 or above the known ladder's reach.

    Above 12:1 the text does not say whether the table stops at 12:1; it answers None there too.
    """
    best = None
    for col in LADDER:
        if Fraction(*col) <= ratio:
            best = col
    if best is None or (best == LADDER[-1] and ratio >= 13):
        return None
    return column_name(best)
