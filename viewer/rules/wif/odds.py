"""The land-attack odds shift of the weather (WiF 8.2.7) over the odds ladder the text shows.

The land combat chart's column list (WiF 11.16.5) is not in the rulebook. Its worked examples
show two runs of neighbouring columns only:

* ``1:1, 3:2, 2:1, 3:1``: "3:2 becomes 1:1" (one column, Rain) and "3:1 becomes 3:2" (two
  columns, Storm or Snow), so exactly one column lies between 3:2 and 3:1 (named 2:1);
* ``9:1, 10:1, 11:1, 12:1``: "12:1 becomes 11:1" and "11:1 becomes 9:1".

What lies between 3:1 and 9:1, below 1:1 or above 12:1 is not shown. Between 3:1 and 9:1 the
examples strongly imply one column per whole number, as from 9:1 up ("12:1 becomes 11:1", "11:1
becomes 9:1" over 10:1): the named setting :data:`INFERRED_SETTING` ("columns 4:1 ... 8:1 inferred
from 8.2.7's examples", :meth:`OddsLadder.inferred`) reads them so, and says so in the steps. The
column list of the user's own chart (:meth:`OddsLadder.from_columns`) takes precedence over it.
Without either, such a shift is reported as an :class:`~viewer.rules.charts.UnknownCell` of chart
``wif.land-combat-columns``; below 1:1 and above 12:1 it always is, unless the user's list says.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction

from viewer.ruleref import RuleRef
from viewer.rules.charts import UnknownCell
from viewer.rules.wif.weather import (
    BLIZZARD,
    FINE,
    RAIN,
    SNOW,
    STORM,
    WeatherError,
    check_condition,
)

LADDER_CHART = "wif.land-combat-columns"
R_ODDS = RuleRef("wif", "11.16.5")

#: Runs of neighbouring columns the text's examples show (WiF 8.2.7), lowest first.
TEXT_SEGMENTS: tuple[tuple[str, ...], ...] = (("1:1", "3:2", "2:1", "3:1"), ("9:1", "10:1", "11:1", "12:1"))

#: The columns between 3:1 and 9:1 the setting :data:`INFERRED_SETTING` reads (WiF 8.2.7, inferred).
INFERRED_COLUMNS: tuple[str, ...] = ("4:1", "5:1", "6:1", "7:1", "8:1")
#: The name of that inference as a setting (shown in the steps as inferred, not as the text).
INFERRED_SETTING = "columns 4:1 ... 8:1 inferred from 8.2.7's examples"

#: Columns the odds drop by in each weather (WiF 8.2.7): (no benefit, with the special-unit benefit).
REDUCTION = {FINE: (0, 0), RAIN: (1, 1), SNOW: (2, 0), STORM: (2, 2), BLIZZARD: (3, 1)}

_ODDS = re.compile(r"^\s*(\d+)\s*[:\-]\s*(\d+)\s*$")


def normalize_column(text: str) -> str:
    """``"11-1"`` or ``" 3 : 2 "`` -> ``"11:1"`` / ``"3:2"`` (the text writes both forms)."""
    m = _ODDS.match(str(text))
    if not m or int(m.group(2)) == 0:
        raise WeatherError("odds", f"cannot read odds column {text!r}", ["like 3:2 or 11:1"])
    return f"{int(m.group(1))}:{int(m.group(2))}"


def special_benefit_applies(weather: str, special_share: float | Fraction) -> bool:
    """At least half the attackers are MTN, ski, Swedish, Finnish, Norwegian or white-printed Soviet
    units and the hex is in Snow or Blizzard (WiF 8.2.7): the benefit counts there only."""
    return Fraction(special_share).limit_denominator(10_000) >= Fraction(1, 2) and \
        check_condition(weather) in (SNOW, BLIZZARD)


def odds_reduction(weather: str, special_units: bool = False) -> int:
    """How many columns a land attack's odds drop against a hex in ``weather`` (WiF 8.2.7).

    Rain 1, Snow 2, Storm 2, Blizzard 3; with the special-unit benefit 2 fewer in Snow and
    Blizzard only (Snow 0, Blizzard 1).
    """
    plain, special = REDUCTION[check_condition(weather)]
    return special if special_units else plain


@dataclass(frozen=True)
class OddsLadder:
    """Runs of neighbouring odds columns, lowest first; a shift must stay inside one run."""

    segments: tuple[tuple[str, ...], ...] = TEXT_SEGMENTS
    source: str = "text"

    @classmethod
    def from_columns(cls, columns: list[str] | str, source: str = "user") -> "OddsLadder":
        """The full column list of a user's land combat chart (lowest first), checked against the
        text: every run the text shows must appear in it, in order and without gaps."""
        if isinstance(columns, str):
            columns = [c for c in re.split(r"[,\s]+", columns) if c]
        cols = tuple(normalize_column(c) for c in columns)
        if len(set(cols)) != len(cols):
            raise WeatherError("columns", "a column appears twice", list(cols))
        for seg in TEXT_SEGMENTS:
            if seg[0] not in cols:
                raise WeatherError("columns", f"the list lacks {seg[0]}, which the text shows", list(seg))
            i = cols.index(seg[0])
            if cols[i:i + len(seg)] != seg:
                raise WeatherError("columns", "the list disagrees with the text's examples (WiF 8.2.7)",
                                   list(seg))
        return cls((cols,), source)

    @classmethod
    def inferred(cls) -> "OddsLadder":
        """The text's two runs joined by :data:`INFERRED_COLUMNS` (1:1 ... 12:1 in one run): the
        setting :data:`INFERRED_SETTING`, an inference from the examples of WiF 8.2.7."""
        low, high = TEXT_SEGMENTS
        return cls((low + INFERRED_COLUMNS + high,), "inferred")

    @classmethod
    def choose(cls, columns: list[str] | str = "", inferred: bool = True) -> "OddsLadder":
        """The ladder a calculator uses: the user's column list when given (it takes precedence),
        else the inferred one when the setting is on, else only the text's runs."""
        if (columns if isinstance(columns, list) else str(columns).strip()):
            return cls.from_columns(columns)
        return cls.inferred() if inferred else cls()

    def shift(self, column: str, steps: int) -> str:
        """``column`` moved ``steps`` columns down (negative: up); UnknownCell outside the known runs."""
        column = normalize_column(column)
        if steps == 0:
            return column
        for seg in self.segments:
            if column in seg:
                j = seg.index(column) - steps
                if 0 <= j < len(seg):
                    return seg[j]
                break
        raise UnknownCell(LADDER_CHART, f"{column} {-steps:+d} columns", R_ODDS)


def shift_odds(column: str, weather: str, special_share: float | Fraction = 0,
               ladder: OddsLadder = OddsLadder()) -> tuple[str, int, bool]:
    """``(shifted column, columns dropped, benefit used)`` for an attack on a hex in ``weather``.

    >>> shift_odds("12:1", "rain")[0], shift_odds("3:1", "snow")[0]
    ('11:1', '3:2')
    """
    benefit = special_benefit_applies(weather, special_share)
    steps = odds_reduction(weather, benefit)
    return ladder.shift(column, steps), steps, benefit


__all__ = ["INFERRED_COLUMNS", "INFERRED_SETTING", "LADDER_CHART", "OddsLadder", "REDUCTION", "TEXT_SEGMENTS", "normalize_column",
           "odds_reduction", "shift_odds", "special_benefit_applies"]
