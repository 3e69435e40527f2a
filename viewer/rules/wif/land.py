"""WiF land combat odds: attack and defence rounded (2.6), the ratio, then its odds column.

The column list is 11.16.5's, which the rulebook text does not carry: the runs of neighbouring
columns the text shows, and the user's own full list, are the weather rules' :class:`OddsLadder`
(:mod:`viewer.rules.wif.odds`, one implementation for both cards). A ratio is read down to the
highest column not above it (the attacker never gets better odds than he has: this reading is
the module's, the text does not state it); a ratio that falls in a gap of the known runs, below
the lowest column or beyond the highest, is an unknown cell of the column chart.

The results table (chart ``wif.land-combat``, WiF 11.16.5) is not in the text either: it ships
with no cell and no result code. With a user's completed copy, :func:`result_distribution` gives
the exact chance of each result code: the 2D10 total (:func:`viewer.dice.dice`) plus the total
die-roll modifier, each modified total read in the table's column. The modifier list of 11.16 is
not in the text, so the modifier is the caller's total.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from viewer.dice import Distribution, dice
from viewer.ruleref import RuleRef
from viewer.rules.charts import Chart, UnknownCell, code_distribution
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


LAND_CHART = "wif.land-combat"
R_LAND_TABLE = RuleRef("wif", "11.16.5")
TABLES = ("assault", "blitz")
RESULT = "result"
_RANGE = re.compile(r"^\s*(-?\d+)\s*(?:-|\.\.|to)\s*(-?\d+)\s*$")


def roll_distribution(drm: int = 0) -> Distribution:
    """The modified 2D10 total: two d10 (faces 1-10, WiF 2.7) plus the total modifier ``drm``."""
    return dice(2, 10).shift(int(drm))


def parse_row_range(text: str) -> tuple[int, int] | None:
    """``"0-23"`` -> ``(0, 23)``: the lowest and highest rows a user's table prints ('' -> None)."""
    if not str(text).strip():
        return None
    m = _RANGE.match(str(text))
    if not m or int(m.group(1)) > int(m.group(2)):
        raise ValueError(f"cannot read the row range {text!r}")
    return int(m.group(1)), int(m.group(2))


def compress(rows: list[int]) -> str:
    """``[2, 3, 4, 9]`` -> ``"2..4, 9"`` (how a card names a run of missing rows; ``..`` because
    rows may be negative)."""
    out: list[str] = []
    run: list[int] = []
    for r in sorted(rows):
        if run and r != run[-1] + 1:
            out.append(f"{run[0]}..{run[-1]}" if len(run) > 1 else f"{run[0]}")
            run = []
        run.append(r)
    if run:
        out.append(f"{run[0]}..{run[-1]}" if len(run) > 1 else f"{run[0]}")
    return ", ".join(out)


@dataclass(frozen=True)
class LandResults:
    """The outcome of reading one column of a land combat table for every modified roll.

    ``codes``: ``{code: exact probability}`` in the chart's declared order (empty when any needed
    cell is unknown); ``rows``: ``{modified roll: row read}`` (differs only when a row range
    clamps it); ``missing``: the rows of the column nobody has filled in.
    """

    table: str
    column: str
    rolls: Distribution
    rows: dict[int, int]
    codes: dict[str, Fraction]
    missing: tuple[int, ...]

    def cell(self) -> str:
        """The missing cells as one readable id: ``assault/2:1/2..20/result``."""
        return f"{self.table}/{self.column}/{compress(list(self.missing))}/{RESULT}"


def result_distribution(chart: Chart, table: str, column: str, drm: int = 0,
                        row_range: tuple[int, int] | None = None) -> LandResults:
    """The exact chance of each result code of ``table`` at odds ``column`` with modifier ``drm``.

    A modified total beyond ``row_range`` (the rows the user's table prints) reads the nearest end
    row; without a range every total needs its own row. Nothing is guessed: any needed cell that
    is unknown is listed in :attr:`LandResults.missing` and no code gets a probability.
    """
    if table not in TABLES:
        raise ValueError(f"no land combat table {table!r}; tables: {', '.join(TABLES)}")
    column = normalize_column(column)
    rolls = roll_distribution(drm)
    if row_range:
        lo, hi = row_range
        rows = {r: min(max(r, lo), hi) for r in rolls}
    else:
        rows = {r: r for r in rolls}
    codes, missing = code_distribution(chart, (table, column), dict(rolls.items()), RESULT, rows)
    return LandResults(table, column, rolls, rows, codes, tuple(missing))
