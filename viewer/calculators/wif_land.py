"""``wif.land-odds``: the odds column of a land attack (2.6 rounding) and its weather shift (8.2.7)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.calculators.wif_air import missing
from viewer.reference.ruleref import RuleRef
from viewer.rules.charts import UnknownCell
from viewer.rules.wif import land
from viewer.rules.wif.fractions import fmt
from viewer.rules.wif.odds import OddsLadder, shift_odds
from viewer.rules.wif.weather import CONDITIONS, WeatherError

R_FRACTIONS, R_WEATHER_LAND, R_ODDS, R_LAND = (RuleRef("wif", "2.6"), RuleRef("wif", "8.2.7"),
                                              RuleRef("wif", "11.16.5"), RuleRef("wif", "11.16"))
LAND_TABLE = "wif.land-combat"


@register
class LandOdds(Calculator):
    """Attack and defence factors -> rounded totals -> odds column -> the column after the weather shift."""

    slug, game = "wif.land-odds", "wif"
    rules = (R_FRACTIONS, R_WEATHER_LAND, R_ODDS)
    result_names = ("attack", "defence", "ratio", "column", "shift", "benefit", "shifted_column")
    step_names = ("round", "ratio", "column", "column_missing", "shift", "benefit", "shifted",
                  "shift_missing", "table_missing")

    attack = param.Number(default=19.5, bounds=(0, 10_000), doc="""
        Total attack factors, fractions kept (halvings for rivers, shore bombardment, ground support...).""")
    defence = param.Number(default=10, bounds=(0, 10_000), doc="Total defence factors, fractions kept.")
    weather = param.Selector(default="rain", objects=list(CONDITIONS), doc="Weather in the defender's hex.")
    special_share = param.Number(default=0, bounds=(0, 1), doc="""
        Share of the attacking units that are mountain, ski, Swedish, Finnish, Norwegian or
        white-printed Soviet units (at least half: the Snow/Blizzard benefit of 8.2.7).""")
    columns = param.String(default="", doc="""
        Optional: your land combat table's full column list, lowest first (e.g. 1:2, 1:1, 3:2, 2:1, 3:1 ...).
        Empty: only the columns the rulebook text shows.""")

    def compute(self) -> Result:
        try:
            a, d, ratio = land.odds(self.attack, self.defence)
        except ValueError as err:
            raise CalculatorInputError("defence", str(err), "at least 0.5") from None
        try:
            ladder = OddsLadder.from_columns(self.columns) if self.columns.strip() else OddsLadder()
        except WeatherError as err:
            raise CalculatorInputError("columns", err.message if hasattr(err, "message") else str(err),
                                       getattr(err, "allowed", None)) from None
        value = dict.fromkeys(self.result_names)
        steps = [self.step("round", rule=R_FRACTIONS, attack=fmt(self.attack), defence=fmt(self.defence), a=a, d=d),
                 self.step("ratio", rule=R_ODDS, ratio=fmt(ratio))]
        value.update(attack=a, defence=d, ratio=fmt(ratio))
        miss: list[MissingValue] = []
        try:
            col = land.odds_column(ratio, ladder)
        except UnknownCell as err:
            miss.append(missing(err))
            steps.append(self.step("column_missing", rule=R_ODDS, cell=err.cell))
            return Result(value, steps, None, miss)
        steps.append(self.step("column", rule=R_ODDS, column=col))
        value["column"] = col
        try:
            shifted, n, benefit = shift_odds(col, self.weather, self.special_share, ladder)
        except UnknownCell as err:
            miss.append(missing(err))
            steps.append(self.step("shift_missing", rule=R_WEATHER_LAND, cell=err.cell))
            return Result(value, steps, None, miss)
        steps.append(self.step("shift", rule=R_WEATHER_LAND, n=n))
        if benefit:
            steps.append(self.step("benefit", rule=R_WEATHER_LAND))
        steps.append(self.step("shifted", rule=R_WEATHER_LAND, column=shifted))
        value.update(shift=n, benefit=benefit, shifted_column=shifted)
        miss.append(MissingValue(LAND_TABLE, f"{shifted}/2d10", R_LAND))
        steps.append(self.step("table_missing", rule=R_LAND, column=shifted))
        return Result(value, steps, None, miss)
