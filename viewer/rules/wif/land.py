"""WiF land combat odds: attack and defence rounded (2.6), the ratio, then its odds column.

The column list is 11.16.5's, which the rulebook text does not carry: the runs of neighbouring
columns the text shows, and the user's own full list, are the weather rules' :class:`OddsLadder`
(:mod:`viewer.rules.wif.odds`, one implementation for both cards). A ratio is read down to the
highest column not above it (the attacker never gets better odds than he has: this reading is
the module's, the text does not state it); a ratio that falls in a gap of the known runs, below
the lowest column or beyond the highest, is an unknown cell of the column chart.
"""
from __future__ import annotations

from fractions import Fraction

from viewer.rules.charts import UnknownCell
from viewer.rules.wif.fractions import round_wif
from viewer.rules.wif.odds import LADDER_CHART, R_ODDS, OddsLadder, normalize_column


def odds(attack: float, defence: float) -> tuple[int, int, Fraction]:
    """Rounded attack, rounded defence (2.6: round just before forming the ratio) and their ratio."""
    if attack < 0 or defence < 0:
        raise ValueError("factors cannot be negative")
    a, d = round_wif(attack), round_wif(defence)
    if d <= 0:
        raise ValueError("the defence must be at least 1 after rounding")
    return a, d, Fraction(a, d)


def column_value(column: str) -> Fraction:
    a, d = normalize_column(column).split(":")
    return Fraction(int(a), int(d))


def odds_column(ratio: Fraction, ladder: OddsLadder = OddsLadder()) -> str:
    """The column of ``ratio``; UnknownCell when the known columns cannot place it."""
    for seg in ladder.segments:
        values = [column_value(c) for c in seg]
        for i, v in enumerate(values):
            nxt = values[i + 1] if i + 1 < len(values) else None
            if v <= ratio and (nxt is not None and ratio < nxt or ratio == v):
                return seg[i]
    raise UnknownCell(LADDER_CHART, f"column for odds {ratio.numerator}:{ratio.denominator}", R_ODDS)
