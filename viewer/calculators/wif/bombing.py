"""WiF strategic bombing (11.7, 11.7.1) and carpet bombing (11.8) on the Strategic Bombing Table chart."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, Result
from viewer.calculators.wif.air import missing
from viewer.dice import Distribution
from viewer.ruleref import RuleRef
from viewer.rules.wif import bombing, tables
from viewer.rules.wif.fractions import fmt
from viewer.rules.wif.naval import WEATHERS

R_SB, R_V, R_CARPET = RuleRef("wif", "11.7"), RuleRef("wif", "11.7.1"), RuleRef("wif", "11.8")
R_WEATHER_AIR, R_FRACTIONS = RuleRef("wif", "8.2.3"), RuleRef("wif", "2.6")
CHART = "wif.strategic-bombing"


class _Bombing(Calculator):
    """Shared part: factors after weather and rounding, the roll modifier, table lookups."""

    __abstract = True
    factors = param.Number(default=20, bounds=(0, 1000), doc="Strategic factors of the bombers that survived.")
    weather = param.Selector(default="fine", objects=list(WEATHERS), doc="Weather in the target hex (Rain/Snow halve).")
    intercepted = param.Boolean(default=False, doc="The bombers fought an air-to-air combat this impulse.")
    roll = param.Integer(default=8, bounds=(1, 10), doc="The raw d10 roll on the table.")

    def _factors(self, steps, factors):
        exact, col = bombing.bombing_factors(factors, self.weather)
        steps.append(self.step("factors", rule=R_SB, factors=fmt(factors)))
        if exact != factors:
            steps.append(self.step("weather", rule=R_WEATHER_AIR, factors=fmt(exact)))
        steps.append(self.step("round", rule=R_FRACTIONS, exact=fmt(exact), factors=col))
        return exact, col

    def _lookup(self, col, roll, miss):
        chart = tables.chart(CHART)
        try:
            return chart.get((col, roll), "points"), chart.get((col, roll), "asterisks")
        except tables.UnknownCell as err:
            miss.append(missing(err))
            return None

    def _row(self, col, mod, outcome):
        """The exact distribution of ``outcome(points, asterisks)`` over the d10, or None + the unknown cells."""
        miss, weights = [], {}
        for r in range(1, 11):
            cell = self._lookup(col, r + mod, miss)
            if cell is not None:
                k = outcome(*cell)
                weights[k] = weights.get(k, 0) + 1
        return (Distribution.from_weights(weights) if not miss else None), miss


@register
class StrategicBombing(_Bombing):
    """Production, oil and saved points a strategic bombing destroys (11.7); V-bombs and atomic bombs (11.7.1)."""

    slug, game = "wif.strategic-bombing", "wif"
    rules = (R_SB, R_V, R_WEATHER_AIR, R_FRACTIONS)
    result_names = ("factors_exact", "column_factors", "roll_modifier", "modified_roll", "points", "asterisks",
                    "production_lost", "oil_lost", "saved_oil_lost", "saved_bp_lost", "wasted",
                    "factories_destroyed", "atomic_destroyed")
    step_names = ("factors", "weather", "round", "not_intercepted", "intercepted", "v_uncatchable", "v_spent",
                  "table", "table_missing", "wasted", "option_30",
                  *(f"atomic_{k}" for k in bombing.ATOMIC_CATEGORIES), *(f"loss_{k}" for k in bombing.TARGET_ORDER))

    weapon = param.Selector(default="bombers", objects=list(bombing.WEAPONS), doc="""
        Bombers, a V-1, a V-2/V-3 (cannot be intercepted) or an atomic bomb (11.7.1).""")
    factories = param.Integer(default=1, bounds=(0, 50), doc="Usable factories in the hex.")
    lost_earlier = param.Integer(default=0, bounds=(0, 50), doc="""
        Production points this hex already lost to bombing this turn: the cap of one per usable factory
        holds for the whole turn.""")
    oil = param.Integer(default=0, bounds=(0, 50), doc="Oil resources in the hex.")
    saved_oil = param.Integer(default=0, bounds=(0, 500), doc="Saved oil in the hex (13.5.1).")
    saved_bp = param.Integer(default=0, bounds=(0, 500), doc="Saved build points in the hex (13.6.8).")
    option_30 = param.Boolean(default=False, doc="Option 30: each asterisk destroys a usable factory.")
    atomic_category = param.Selector(default="factories", objects=list(bombing.ATOMIC_CATEGORIES),
                                     doc="What an atomic bomb destroys: factories, ships in port or resources.")
    atomic_items = param.Integer(default=0, bounds=(0, 500), doc="How many items of that category the hex holds.")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        steps, miss = [], []
        if self.weapon == "atomic":
            n = bombing.atomic_losses(self.atomic_items)
            steps.append(self.step(f"atomic_{self.atomic_category}", rule=R_V, items=self.atomic_items,
                                   destroyed=n))
            value["atomic_destroyed"] = n
            return Result(value, steps)
        exact, col = self._factors(steps, self.factors)
        mod = bombing.roll_modifier(self.intercepted, self.weapon)
        if self.weapon == "v2-v3":
            steps.append(self.step("v_uncatchable", rule=R_V))
        steps.append(self.step("not_intercepted" if mod else "intercepted", rule=R_SB, roll=self.roll,
                               modified=self.roll + mod))
        targets = {"production": max(0, self.factories - self.lost_earlier), "oil": self.oil, "saved_oil": self.saved_oil,
                   "saved_bp": self.saved_bp}
        value.update(factors_exact=fmt(exact), column_factors=col, roll_modifier=mod, modified_roll=self.roll + mod)
        cell = self._lookup(col, self.roll + mod, miss)
        if cell is None:
            steps.append(self.step("table_missing", rule=R_SB, factors=col, roll=self.roll + mod))
        else:
            points, stars = cell
            steps.append(self.step("table", rule=R_SB, factors=col, roll=self.roll + mod, points=points,
                                   stars="*" * stars))
            lost = bombing.apply_points(points, targets)
            for name in bombing.TARGET_ORDER:
                if lost[name]:
                    steps.append(self.step(f"loss_{name}", rule=R_SB, n=lost[name]))
            if lost["wasted"]:
                steps.append(self.step("wasted", rule=R_SB, n=lost["wasted"]))
            destroyed = bombing.factories_destroyed(stars, self.factories, self.option_30)
            if self.option_30:
                steps.append(self.step("option_30", rule=R_SB, n=destroyed))
            value.update(points=points, asterisks=stars, production_lost=lost["production"], oil_lost=lost["oil"],
                         saved_oil_lost=lost["saved_oil"], saved_bp_lost=lost["saved_bp"], wasted=lost["wasted"],
                         factories_destroyed=destroyed)
        if self.weapon in ("v1", "v2-v3"):
            steps.append(self.step("v_spent", rule=R_V))
        dist, row_miss = self._row(col, mod, lambda p, s: sum(
            v for k, v in bombing.apply_points(p, targets).items() if k != "wasted"))
        miss += [m for m in row_miss if m not in miss]
        return Result(value, steps, dist, miss)


@register
class CarpetBombing(_Bombing):
    """Air and land units a carpet bombing destroys: one per asterisk on the table (11.8, option 32)."""

    slug, game = "wif.carpet-bombing", "wif"
    rules = (R_CARPET, R_SB, R_V, R_WEATHER_AIR)
    result_names = ("factors_exact", "column_factors", "roll_modifier", "modified_roll", "asterisks",
                    "units_destroyed")
    step_names = ("factors", "weather", "round", "atomic", "bonus", "no_bonus", "table", "table_missing",
                  "destroyed")

    roll = param.Integer(default=9, bounds=(1, 10), doc="The raw d10 roll on the table.")
    carpet_roll_bonus = param.Boolean(default=False, doc="""
        Add 11.7's +1 for bombers that fought no air-to-air combat; 11.8 does not say whether it applies.""")
    atomic = param.Boolean(default=False, doc="An atomic bomb carpet-bombs with 25 strategic factors (PiF option 23).")
    units = param.Integer(default=3, bounds=(0, 100), doc="Air and land units in the target hex.")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        steps, miss = [], []
        factors = self.factors
        if self.atomic:
            factors = bombing.ATOMIC_CARPET_FACTORS
            steps.append(self.step("atomic", rule=R_V, factors=factors))
        exact, col = self._factors(steps, factors)
        mod = bombing.roll_modifier(self.intercepted, carpet=True, carpet_bonus=self.carpet_roll_bonus)
        steps.append(self.step("bonus" if self.carpet_roll_bonus else "no_bonus", rule=R_CARPET,
                               roll=self.roll, modified=self.roll + mod))
        value.update(factors_exact=fmt(exact), column_factors=col, roll_modifier=mod, modified_roll=self.roll + mod)
        cell = self._lookup(col, self.roll + mod, miss)
        if cell is None:
            steps.append(self.step("table_missing", rule=R_SB, factors=col, roll=self.roll + mod))
        else:
            stars = cell[1]
            n = bombing.carpet_units_destroyed(stars, self.units)
            steps.append(self.step("table", rule=R_SB, factors=col, roll=self.roll + mod, stars="*" * stars or "-"))
            steps.append(self.step("destroyed", rule=R_CARPET, n=n))
            value.update(asterisks=stars, units_destroyed=n)
        dist, row_miss = self._row(col, mod, lambda p, s: bombing.carpet_units_destroyed(s, self.units))
        miss += [m for m in row_miss if m not in miss]
        return Result(value, steps, dist, miss)
