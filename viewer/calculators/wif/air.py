"""WiF air calculators: AA fire (11.5.9, 11.7), ground strike (11.9) and air-to-air (11.5.9, 14.3.2)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.calculators.format import percent
from viewer.calculators.wif.naval import int_list
from viewer.dice import Distribution, dice
from viewer.ruleref import RuleRef
from viewer.rules.charts import code_distribution
from viewer.rules.wif import air, tables
from viewer.rules.wif.fractions import fmt, round_wif
from viewer.rules.wif.land import compress
from viewer.rules.wif.naval import WEATHERS

R_AIR_NAVAL, R_SB, R_WEATHER_AIR = RuleRef("wif", "11.5.9"), RuleRef("wif", "11.7"), RuleRef("wif", "8.2.3")
R_GROUND, R_FRACTIONS, R_D10 = RuleRef("wif", "11.9"), RuleRef("wif", "2.6"), RuleRef("wif", "2.7")
R_TERRAIN, R_OFFENSIVES = RuleRef("wif", "14.5"), RuleRef("wif", "16")


def missing(err: tables.UnknownCell) -> MissingValue:
    return MissingValue(err.chart, err.cell, err.rule)


@register
class AAFire(Calculator):
    """AA points from the best (or worst) X of Y d10s, the losses they cause, then weather halving."""

    slug, game = "wif.aa-fire", "wif"
    rules = (R_AIR_NAVAL, R_SB, R_WEATHER_AIR)
    result_names = ("p_at_least_target", "mean", "points_for_rolls", "tens", "fives", "ones",
                    "factors_after_aa", "factors_attacking")
    step_names = ("shifted", "shift_missing", "table", "table_missing", "roll", "p_target", "rolled", "tens",
                  "fives", "ones", "after_aa", "halved", "not_halved")

    dice = param.Integer(default=4, bounds=(1, 20), doc="Y of the table's \"+X/Y\": how many d10s to roll.")
    keep = param.Integer(default=2, bounds=(1, 20), doc="X of \"+X/Y\": how many dice to add up.")
    highest = param.Boolean(default=True, doc="Add the highest dice (+X); off for the lowest (-X).")
    target = param.Integer(default=10, bounds=(0, 200), doc="Points to reach (10 destroys a bomber).")
    rolls = param.String(default="2,3,6,10", doc="Optional: the dice rolled, e.g. 2,3,6,10, to allocate losses.")
    air_to_sea_factors = param.Number(default=12, bounds=(0, 1000), doc="""
        The attackers' air-to-sea (or bombing) factors that reach the AA fire.""")
    weather = param.Selector(default="fine", objects=list(WEATHERS), doc="""
        Weather in the sea area or target hex: Rain and Snow halve the factors after AA (8.2.3).""")

    aa_factors = param.Integer(default=0, bounds=(0, 400), doc="""
        Optional: the targets' AA factor total, to read "+X/Y" from the AA table (0: use the X/Y inputs).""")
    bombers = param.Integer(default=6, bounds=(1, 40), doc="Bombers that got through (the AA table's row).")
    column_shift = param.Integer(default=0, bounds=(-8, 8), doc="""
        AA columns shifted by surprise points (2 points a column; + for the firer, - for the bombers' side).""")

    def _from_table(self, steps, miss):
        """(dice, keep, highest) from the AA chart, or None when a cell is unknown."""
        col = self.aa_factors
        if self.column_shift:
            try:
                col = tables.chart("wif.aa-columns").get((self.aa_factors, self.column_shift), "lands_on")
                steps.append(self.step("shifted", rule=R_AIR_NAVAL, factors=self.aa_factors, shift=self.column_shift,
                                       column=col))
            except tables.UnknownCell as err:
                miss.append(missing(err))
                steps.append(self.step("shift_missing", rule=R_AIR_NAVAL, cell=err.cell))
                return None
        try:
            chart = tables.chart("wif.aa-table")
            keep, dice = chart.get((col, self.bombers), "keep"), chart.get((col, self.bombers), "dice")
        except tables.UnknownCell as err:
            miss.append(missing(err))
            steps.append(self.step("table_missing", rule=R_AIR_NAVAL, cell=err.cell))
            return None
        steps.append(self.step("table", rule=R_AIR_NAVAL, factors=col, bombers=self.bombers, result=f"{keep:+d}/{dice}"))
        return dice, abs(keep), keep > 0

    def compute(self) -> Result:
        steps, miss = [], []
        dice, keep, highest = self.dice, self.keep, self.highest
        if self.aa_factors:
            found = self._from_table(steps, miss)
            if found is not None:
                dice, keep, highest = found
        if keep > dice:
            raise CalculatorInputError("keep", f"cannot keep {keep} of {dice} dice", [1, dice])
        dist = air.aa_distribution(dice, keep, highest)
        p = dist.p_ge(self.target)
        steps += [self.step("roll", rule=R_AIR_NAVAL, dice=dice, keep=keep, which="+" if highest else "-"),
                  self.step("p_target", rule=R_AIR_NAVAL, target=self.target, p=percent(p), fraction=str(p))]
        value = {"p_at_least_target": str(p), "mean": float(dist.mean()), "points_for_rolls": None,
                 "tens": None, "fives": None, "ones": None, "factors_after_aa": None, "factors_attacking": None}
        rolls = int_list("rolls", self.rolls, 1, 10)
        if rolls:
            if len(rolls) != dice:
                raise CalculatorInputError("rolls", f"give {dice} dice, not {len(rolls)}", [1, 10])
            points = air.aa_points(rolls, keep, highest)
            loss = air.aa_losses(points)
            left, attacking = air.after_aa_and_weather(self.air_to_sea_factors, loss["ones"], self.weather)
            steps.append(self.step("rolled", rule=R_AIR_NAVAL, rolls=", ".join(map(str, rolls)), points=points))
            steps.append(self.step("tens", rule=R_AIR_NAVAL, n=loss["tens"]))
            steps.append(self.step("fives", rule=R_AIR_NAVAL, n=loss["fives"]))
            steps.append(self.step("ones", rule=R_AIR_NAVAL, n=loss["ones"]))
            steps.append(self.step("after_aa", rule=R_AIR_NAVAL, factors=fmt(left)))
            steps.append(self.step("halved", rule=R_WEATHER_AIR, factors=fmt(attacking),
                                   rounded=round_wif(attacking)) if attacking != left else
                         self.step("not_halved", rule=R_WEATHER_AIR))
            value.update(points_for_rolls=points, **loss, factors_after_aa=fmt(left),
                         factors_attacking=round_wif(attacking))
        return Result(value, steps, dist, miss)


@register
class GroundStrike(Calculator):
    """Each bomber's chance to flip each target in a ground strike, and the number flipped (11.9)."""

    slug, game = "wif.ground-strike", "wif"
    rules = (R_GROUND, R_WEATHER_AIR, R_FRACTIONS)
    result_names = ("factor_exact", "factor", "dice", "p_flip", "expected_flips")
    step_names = ("start", "offensive", "weather", "terrain", "terrain_none", "terrain_missing", "round",
                  "dice", "p_flip", "expected")

    tactical = param.Number(default=2, bounds=(0, 100), doc="The bomber's tactical factor.")
    weather = param.Selector(default="rain", objects=list(WEATHERS), doc="Weather in the target hex.")
    terrain = param.Selector(default="jungle", objects=["none", *tables.shipped("wif.ground-strike-terrain").schema.rows[0].values],
                             doc="""Terrain of the target hex; its effect comes from the terrain chart (14.5).
        'none' applies no terrain effect.""")
    offensive_bonus = param.Number(default=0, bounds=(-100, 100), doc="""
        Change to the factor from an offensive (16), as your rulebook gives it; 0 for none.""")
    surprised = param.Boolean(default=False, doc="The defenders are surprised (15): roll 2 dice.")
    tank_buster = param.Boolean(default=False, doc="Option 33 tank-buster bomber.")
    armoured_target = param.Boolean(default=False, doc="The target is MEC, BLIN or HQ-BLIN (tank-busters roll one more die).")
    targets = param.Integer(default=2, bounds=(0, 100), doc="Face-up enemy air and land units in the hex.")

    def compute(self) -> Result:
        steps = [self.step("start", rule=R_GROUND, factor=fmt(self.tactical))]
        missing_cells, mult = [], Fraction(1)
        if self.offensive_bonus:
            steps.append(self.step("offensive", rule=R_OFFENSIVES, bonus=fmt(self.offensive_bonus)))
        wf = air.weather_factor(self.weather)
        steps.append(self.step("weather", rule=R_WEATHER_AIR, multiplier=fmt(wf)))
        if self.terrain == "none":
            steps.append(self.step("terrain_none", rule=R_TERRAIN))
        else:
            try:
                mult = Fraction(tables.chart("wif.ground-strike-terrain").get((self.terrain,), "multiplier"))
                steps.append(self.step("terrain", rule=R_TERRAIN, multiplier=fmt(mult)))
            except tables.UnknownCell as err:
                missing_cells.append(missing(err))
                steps.append(self.step("terrain_missing", rule=R_TERRAIN, cell=err.cell))
        exact = air.ground_strike_factor(self.tactical, self.weather, mult, self.offensive_bonus)
        if exact < 0:
            exact = Fraction(0)
        t = round_wif(exact)
        steps.append(self.step("round", rule=R_FRACTIONS, exact=fmt(exact), factor=t))
        n = air.strike_dice(self.surprised, self.tank_buster, self.armoured_target)
        steps.append(self.step("dice", rule=R_GROUND, n=n))
        p = air.p_strike(t, n)
        steps.append(self.step("p_flip", rule=R_D10, factor=t, n=n, p=percent(p), fraction=str(p)))
        dist = air.flips_distribution(self.targets, p)
        steps.append(self.step("expected", rule=R_GROUND, targets=self.targets, expected=f"{float(dist.mean()):.2f}"))
        value = {"factor_exact": fmt(exact), "factor": t, "dice": n, "p_flip": str(p),
                 "expected_flips": float(dist.mean())}
        return Result(value, steps, dist, missing_cells)


R_SURPRISE, R_A2A_TABLE = RuleRef("wif", "11.5.6"), RuleRef("wif", "14.3.2")
A2A_CHART = "wif.air-to-air"
#: Ex. 11.5.9: a modified value of +5 "gives no extra advantage" over +4.
A2A_BEST = 4


def _read_a2a(chart, column: int) -> tuple[dict, list[int]]:
    """Each result code's chance on ``column`` of the air-to-air chart over 2D10, or the rows missing."""
    return code_distribution(chart, (column,), dict(dice(2, 10).items()), "result")


@register
class AirToAir(Calculator):
    """Each side's modified air-to-air value after surprise (11.5.6, Ex. 11.5.9) and, with the user's
    air-to-air table, the chance of each result code for that value's column. No air-to-air combat
    where the weather is Storm or Blizzard: only rebases fly in such a zone and no air-naval
    combat is chosen in such a sea area (8.2.3)."""

    slug, game = "wif.air-to-air", "wif"
    rules = (R_AIR_NAVAL, R_SURPRISE, R_A2A_TABLE)
    result_names = ("yours", "theirs", "your_column", "their_column", "your_outcomes", "their_outcomes")
    step_names = ("no_combat", "values", "surprise", "modified", "capped", "rows", "table_your", "table_their",
                  "table_missing_your", "table_missing_their", "outcome_your", "outcome_their")
    weather = param.Selector(default="fine", objects=list(WEATHERS), doc="""
        The weather where the aircraft fight (the zone, or the sea area of an air-naval combat).
        Storm or Blizzard: no air-to-air combat (8.2.3).""")

    your_value = param.Integer(default=7, bounds=(0, 99), doc="""
        Your front fighter's air-to-air value, with whatever 14.3 adds (14.3 is not in the rulebook text).""")
    their_value = param.Integer(default=4, bounds=(0, 99), doc="The opponent's front fighter's air-to-air value.")
    raise_points = param.Integer(default=0, bounds=(0, 40), doc="Surprise points you spend raising your value (2 a point).")
    lower_points = param.Integer(default=0, bounds=(0, 40), doc="Surprise points you spend lowering theirs (2 a point).")
    their_raise_points = param.Integer(default=0, bounds=(0, 40), doc="Surprise points they spend raising their value.")
    their_lower_points = param.Integer(default=0, bounds=(0, 40), doc="Surprise points they spend lowering yours.")
    cap_at_plus_4 = param.Boolean(default=True, doc="""
        Read a modified value above +4 in the +4 column (Ex. 11.5.9: +5 gives no extra advantage).
        Off: look for the value's own column in your table.""")

    def compute(self) -> Result:
        for name in ("raise_points", "lower_points", "their_raise_points", "their_lower_points"):
            if getattr(self, name) % 2:
                raise CalculatorInputError(name, "surprise points buy air-to-air points 2 at a time (11.5.6)",
                                           "an even number")
        if self.weather in ("storm", "blizzard"):
            out = dict.fromkeys(self.result_names)
            return Result(out, [self.step("no_combat", rule=R_WEATHER_AIR)])
        yours = self.your_value + self.raise_points // 2 - self.their_lower_points // 2
        theirs = self.their_value + self.their_raise_points // 2 - self.lower_points // 2
        diff = yours - theirs
        steps = [self.step("values", rule=R_AIR_NAVAL, yours=self.your_value, theirs=self.their_value)]
        if self.raise_points or self.lower_points or self.their_raise_points or self.their_lower_points:
            steps.append(self.step("surprise", rule=R_SURPRISE, yours=yours, theirs=theirs))
        steps.append(self.step("modified", rule=R_AIR_NAVAL, mine=f"{diff:+d}", other=f"{-diff:+d}"))
        cols = []
        for value in (diff, -diff):
            col = min(value, A2A_BEST) if self.cap_at_plus_4 else value
            if col != value:
                steps.append(self.step("capped", rule=R_AIR_NAVAL, value=f"{value:+d}", column=f"{col:+d}"))
            cols.append(col)
        out = {"yours": yours, "theirs": theirs, "your_column": f"{cols[0]:+d}", "their_column": f"{cols[1]:+d}",
               "your_outcomes": None, "their_outcomes": None}
        steps.append(self.step("rows", rule=R_A2A_TABLE))
        try:
            chart = tables.chart(A2A_CHART)
        except tables.ChartError as err:
            raise CalculatorInputError("chart", str(err), err.allowed) from None
        miss, dist, labels = [], None, {}
        for side, col in zip(("your", "their"), cols):
            codes, missing_rows = _read_a2a(chart, col)
            if missing_rows:
                cell = f"{col:+d}/{compress(missing_rows)}/result"
                miss.append(MissingValue(A2A_CHART, cell, R_A2A_TABLE))
                steps.append(self.step(f"table_missing_{side}", rule=R_A2A_TABLE, column=f"{col:+d}", cell=cell))
                continue
            steps.append(self.step(f"table_{side}", rule=R_A2A_TABLE, column=f"{col:+d}"))
            column = chart.schema.column("result")
            for code, p in codes.items():
                steps.append(self.step(f"outcome_{side}", rule=R_A2A_TABLE, code=code, meaning=column.meaning(code),
                                       p=percent(p), fraction=str(p)))
            out[f"{side}_outcomes"] = "; ".join(f"{c} {percent(p)} ({p})" for c, p in codes.items())
            if side == "your":
                dist = Distribution({i: p for i, p in enumerate(codes.values())})
                labels = dict(enumerate(codes))
        return Result(out, steps, dist, miss, labels)
