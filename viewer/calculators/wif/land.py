"""``wif.land-odds``: the odds column of a land attack (2.6 rounding), its weather shift (8.2.7) and,
with the player's own land combat table, the exact chance of each result (11.16.5)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.calculators.format import percent
from viewer.calculators.wif.air import missing
from viewer.dice import Distribution
from viewer.ruleref import RuleRef
from viewer.rules.charts import ChartError, UnknownCell
from viewer.rules.wif import land, tables
from viewer.rules.wif.fractions import fmt
from viewer.rules.wif.odds import OddsLadder, shift_odds
from viewer.rules.wif.weather import CONDITIONS, WeatherError

R_FRACTIONS, R_WEATHER_LAND, R_ODDS, R_LAND = (RuleRef("wif", "2.6"), RuleRef("wif", "8.2.7"),
                                              RuleRef("wif", "11.16.5"), RuleRef("wif", "11.16"))
R_D10 = RuleRef("wif", "2.7")
LAND_TABLE = land.LAND_CHART


def code_result(codes: dict) -> tuple[Distribution, dict[int, str], str]:
    """``{code: p}`` -> a distribution over the codes' positions, their labels, a one-line summary."""
    dist = Distribution({i: p for i, p in enumerate(codes.values()) if p})
    labels = dict(enumerate(codes))
    summary = "; ".join(f"{c} {percent(p)} ({p})" for c, p in codes.items())
    return dist, labels, summary


def _needs_inferred(ratio, weather: str, special_share) -> bool:
    """Does the answer rest on the inferred columns (4:1 ... 8:1): found with them, not without?"""
    def found(ladder: OddsLadder) -> bool:
        try:
            shift_odds(land.odds_column(ratio, ladder), weather, special_share, ladder)
        except UnknownCell:
            return False
        return True
    return found(OddsLadder.inferred()) and not found(OddsLadder())


@register
class LandOdds(Calculator):
    """Attack and defence factors -> rounded totals -> odds column -> the column after the weather
    shift -> (with the user's table) the chance of each result code on 2D10 plus the modifier."""

    slug, game = "wif.land-odds", "wif"
    rules = (R_FRACTIONS, R_WEATHER_LAND, R_ODDS)
    result_names = ("attack", "defence", "ratio", "column", "shift", "benefit", "shifted_column",
                    "table", "rolls", "outcomes")
    step_names = ("round", "ratio", "ladder_inferred", "column", "column_missing", "shift", "benefit", "shifted",
                  "shift_missing", "rolls", "clamped", "table_missing", "outcome")

    attack = param.Number(default=19.5, bounds=(0, 10_000), doc="""
        Total attack factors, fractions kept (halvings for rivers, shore bombardment, ground support...).""")
    defence = param.Number(default=10, bounds=(0, 10_000), doc="Total defence factors, fractions kept.")
    weather = param.Selector(default="rain", objects=list(CONDITIONS), doc="Weather in the defender's hex.")
    special_share = param.Number(default=0, bounds=(0, 1), doc="""
        Share of the attacking units that are mountain, ski, Swedish, Finnish, Norwegian or
        white-printed Soviet units (at least half: the Snow/Blizzard benefit of 8.2.7).""")
    columns = param.String(default="", doc="""
        Optional: your land combat table's full column list, lowest first (e.g. 1:2, 1:1, 3:2, 2:1, 3:1 ...).
        Empty: only the columns the rulebook text shows (with 4:1 to 8:1 when the inferred
        columns are on).""")
    inferred_columns = param.Boolean(default=True, doc="""
        Columns 4:1 ... 8:1 inferred from 8.2.7's examples: one column per whole number between
        3:1 and 9:1. An inference, not the text; your own column list takes precedence.""")
    table = param.Selector(default="assault", objects=list(land.TABLES), doc="""
        The land combat table the attacker uses: assault or blitz.""")
    drm = param.Integer(default=0, bounds=(-40, 40), doc="""
        Total die-roll modifier added to the 2D10 roll. The modifier list of 11.16 is not in the
        rulebook text: add up your own.""")
    row_range = param.String(default="", doc="""
        Optional: the lowest and highest rows your table prints, e.g. 0-23; a modified roll beyond
        them reads the end row. Empty: every modified roll needs its own row.""")

    def _ladder(self) -> OddsLadder:
        try:
            return OddsLadder.choose(self.columns, self.inferred_columns)
        except WeatherError as err:
            raise CalculatorInputError("columns", err.message if hasattr(err, "message") else str(err),
                                       getattr(err, "allowed", None)) from None

    def compute(self) -> Result:
        try:
            a, d, ratio = land.odds(self.attack, self.defence)
        except ValueError as err:
            raise CalculatorInputError("defence", str(err), "at least 0.5") from None
        try:
            row_range = land.parse_row_range(self.row_range)
        except ValueError as err:
            raise CalculatorInputError("row_range", str(err), "lowest-highest, e.g. 0-23",
                                       said=self.step("row_range_unreadable", rows=self.row_range.strip())) from None
        ladder = self._ladder()
        value = dict.fromkeys(self.result_names)
        steps = [self.step("round", rule=R_FRACTIONS, attack=fmt(self.attack), defence=fmt(self.defence), a=a, d=d),
                 self.step("ratio", rule=R_ODDS, ratio=fmt(ratio))]
        value.update(attack=a, defence=d, ratio=fmt(ratio), table=self.table)
        miss: list[MissingValue] = []
        try:
            col = land.odds_column(ratio, ladder)
        except UnknownCell as err:
            miss.append(missing(err))
            steps.append(self.step("column_missing", rule=R_ODDS, cell=err.cell))
            return Result(value, steps, None, miss)
        if ladder.source == "inferred" and _needs_inferred(ratio, self.weather, self.special_share):
            steps.append(self.step("ladder_inferred", rule=R_WEATHER_LAND))
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
        return self._outcomes(shifted, row_range, value, steps, miss)

    def _outcomes(self, column: str, row_range, value: dict, steps: list, miss: list) -> Result:
        """The result codes on ``column`` of the user's table, or the cells it still lacks."""
        try:
            chart = tables.chart(LAND_TABLE)
        except ChartError as err:
            raise CalculatorInputError("chart", str(err), err.allowed) from None
        found = land.result_distribution(chart, self.table, column, self.drm, row_range)
        lo, hi = found.rolls.min, found.rolls.max
        value["rolls"] = f"{lo}..{hi}"
        steps.append(self.step("rolls", rule=R_D10, drm=f"{self.drm:+d}", lo=lo, hi=hi))
        clamped = sorted(r for r, row in found.rows.items() if r != row)
        if clamped:
            steps.append(self.step("clamped", rule=R_LAND, rolls=land.compress(clamped),
                                   lo=row_range[0], hi=row_range[1]))
        if found.missing:
            cell = found.cell()
            miss.append(MissingValue(LAND_TABLE, cell, R_ODDS))
            steps.append(self.step("table_missing", rule=R_ODDS, table=self.table, column=column,
                                   rows=land.compress(list(found.missing)), cell=cell))
            return Result(value, steps, None, miss)
        dist, labels, summary = code_result(found.codes)
        code_column = chart.schema.column(land.RESULT)
        for code, p in found.codes.items():
            steps.append(self.step("outcome", rule=R_ODDS, code=code, meaning=code_column.meaning(code),
                                   p=percent(p), fraction=str(p)))
        value["outcomes"] = summary
        return Result(value, steps, dist, miss, labels)
