"""WiF naval combat calculators: search, surprise, results of X/D/A, ASW (rules 11.5.5-11.5.10, 8.2.4)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.calculators.format import percent
from viewer.dice import Distribution
from viewer.ruleref import RuleRef
from viewer.rules.wif import naval, tables
from viewer.rules.wif.fractions import fmt

R_SEARCH, R_WEATHER, R_SURPRISE = RuleRef("wif", "11.5.5"), RuleRef("wif", "8.2.4"), RuleRef("wif", "11.5.6")
R_RESULTS, R_SUB, R_D10 = RuleRef("wif", "11.5.8"), RuleRef("wif", "11.5.10"), RuleRef("wif", "2.7")
R_INTERCEPT, R_PORT = RuleRef("wif", "11.4.6"), RuleRef("wif", "11.2")


def int_list(name: str, text: str, lo: int, hi: int) -> list[int]:
    """Parse ``"1, 3,4"``; a bad item is an error naming the parameter and the allowed range."""
    out = []
    for part in str(text).replace(";", ",").split(","):
        part = part.strip()
        if not part:
            continue
        try:
            value = int(part)
        except ValueError:
            raise CalculatorInputError(name, f"{part!r} is not a whole number", [lo, hi],
                                       kind="whole_number", value=part) from None
        if not lo <= value <= hi:
            raise CalculatorInputError(name, f"{value} is outside the allowed range {lo}..{hi}", [lo, hi],
                                       kind="range", value=value)
        out.append(value)
    return out


@register
class NavalSearch(Calculator):
    """Which sections a search roll includes, and the chance of each (11.5.5 with 8.2.4)."""

    slug, game = "wif.naval-search", "wif"
    rules = (R_SEARCH, R_WEATHER, R_INTERCEPT)
    result_names = ("roll_modifier", "search_numbers", "p_included", "p_search", "p_combat", "included",
                    "highest_included")
    step_names = ("roll_weather", "roll_convoys", "roll_convoys_exempt", "section", "roll", "included",
                  "none_included", "opponent", "p_combat")

    weather = param.Selector(default="rain", objects=list(naval.WEATHERS), doc="Weather in the sea area.")
    mode = param.Selector(default="combat", objects=list(naval.MODES), doc="""
        A naval combat's search, an interception attempt (11.4.6) or a port attack (11.2): the
        enemy-convoy modifier applies only to a combat's search.""")
    sections = param.String(default="1,3,4", doc="Sections 0-4 holding your committed units, e.g. 1,3,4.")
    nav_sections = param.String(default="3", doc="Sections holding one of your NAVs.")
    carrier_sections = param.String(default="", doc="Sections holding one of your undamaged carriers.")
    enemy_convoy_points = param.Integer(default=5, bounds=(0, 1000), doc="Enemy convoy points in the sea area.")
    sif_option_27 = param.Boolean(default=False, doc="""
        SiF option 27: a carrier's bonus follows its longest carrier-plane range (1-3: 0, 4-6: +1, 7+: +2).
        Read here as replacing only the carrier's +1; a NAV still gives +1.""")
    carrier_range = param.Integer(default=0, bounds=(0, 30), doc="Longest carrier-plane range (option 27).")
    search_numbers = param.String(default="0,1,2,3,4", doc="""
        The printed search number of sections 0-4 of this sea area. The text implies each equals its
        section's number; a sea area printing other values can be set here.""")
    roll = param.Integer(default=4, bounds=(1, 10), doc="Your raw d10 search roll (0 reads 10).")
    opponent_sections = param.String(default="", doc="""
        Sections holding the opponent's committed units (empty: the chance of combat is not computed).""")
    opponent_air_sections = param.String(default="", doc="Sections holding an opponent's NAV or undamaged carrier.")
    own_convoy_points = param.Integer(default=0, bounds=(0, 1000), doc="Your convoy points in the sea area.")

    def _search(self, sections, nav, carriers, enemy_cp, numbers):
        return naval.search(self.weather, sections, nav, carriers, enemy_cp, self.mode, self.sif_option_27,
                            self.carrier_range, numbers)

    def compute(self) -> Result:
        numbers = int_list("search_numbers", self.search_numbers, 0, 10)
        if len(numbers) != 5:
            raise CalculatorInputError("search_numbers", f"give 5 numbers (sections 0-4), not {len(numbers)}",
                                       "0,1,2,3,4", said=self.step("five_numbers", n=len(numbers)))
        sections = int_list("sections", self.sections, 0, 4)
        if not sections:
            raise CalculatorInputError("sections", "name at least one section with a committed unit", "0..4",
                                       said=self.step("no_section"))
        nav, cvs = int_list("nav_sections", self.nav_sections, 0, 4), int_list("carrier_sections", self.carrier_sections, 0, 4)
        own = self._search(sections, nav, cvs, self.enemy_convoy_points, numbers)
        steps = [self.step("roll_weather", rule=R_WEATHER,
                           modifier=naval.weather_roll_modifier(self.weather))]
        cm = naval.convoy_roll_modifier(self.enemy_convoy_points, self.weather, self.mode)
        if self.enemy_convoy_points and cm == 0:
            steps.append(self.step("roll_convoys_exempt", rule=R_SEARCH, cp=self.enemy_convoy_points))
        else:
            steps.append(self.step("roll_convoys", rule=R_SEARCH, cp=self.enemy_convoy_points, modifier=cm))
        for s, n in own.modified.items():
            steps.append(self.step("section", rule=R_WEATHER, section=s, printed=numbers[s],
                                   bonus=n - numbers[s], number=n, need=n - own.roll_modifier,
                                   p=percent(own.p_included(s))))
        inc = own.included(self.roll)
        steps.append(self.step("roll", rule=R_D10, roll=self.roll, modified=self.roll + own.roll_modifier))
        steps.append(self.step("included", rule=R_SEARCH, sections=", ".join(map(str, inc))) if inc
                     else self.step("none_included", rule=R_SEARCH))
        p_combat = None
        opp_sections = int_list("opponent_sections", self.opponent_sections, 0, 4)
        air = int_list("opponent_air_sections", self.opponent_air_sections, 0, 4)
        if opp_sections:
            opp = naval.search(self.weather, opp_sections, air, (), self.own_convoy_points, self.mode,
                               search_numbers=numbers)
            p_combat = naval.p_combat(own, opp)
            steps.append(self.step("opponent", rule=R_SEARCH, p=percent(opp.p_any())))
            steps.append(self.step("p_combat", rule=R_SEARCH, p=percent(p_combat), fraction=str(p_combat)))
        value = {
            "roll_modifier": own.roll_modifier,
            "search_numbers": {str(s): n for s, n in own.modified.items()},
            "p_included": {str(s): str(own.p_included(s)) for s in own.modified},
            "p_search": str(own.p_any()),
            "p_combat": str(p_combat) if p_combat is not None else None,
            "included": inc,
            "highest_included": max(inc) if inc else None,
        }
        return Result(value, steps, own.highest_distribution())


@register
class Surprise(Calculator):
    """Surprise points of both sides and what the winner may buy with the difference (11.5.6)."""

    slug, game = "wif.surprise", "wif"
    rules = (R_SURPRISE, R_PORT)
    result_names = ("own_points", "opponent_points", "difference", "spender", "options")
    step_names = ("points_own", "points_opponent", "surprised_own", "surprised_opponent", "difference_own",
                  "difference_opponent", "nobody",
                  *(f"option_{k}" for k in naval.SURPRISE_COSTS if k not in naval.ONE_OFF),
                  *(f"option_{k}_{yn}" for k in naval.ONE_OFF for yn in ("yes", "no")))

    own_highest_section = param.Integer(default=0, bounds=(0, 5), doc="""
        Your highest section holding an included unit (also one the opponent's choice included).
        Port attacks: land-based bombers count as section 3, a defender in a minor port 3, major port 5.""")
    own_section_bonus = param.Integer(default=1, bounds=(0, 2), doc="That section's search-number bonus (NAV, carrier).")
    own_roll = param.Integer(default=7, bounds=(1, 10), doc="Your raw search roll.")
    own_surprised = param.Boolean(default=False, doc="Your major power was surprised this impulse (15): 0 points.")
    opponent_highest_section = param.Integer(default=4, bounds=(0, 5), doc="The opponent's highest included section.")
    opponent_section_bonus = param.Integer(default=0, bounds=(0, 2), doc="That section's search-number bonus.")
    opponent_roll = param.Integer(default=3, bounds=(1, 10), doc="The opponent's raw search roll.")
    opponent_surprised = param.Boolean(default=False, doc="The opponent was surprised this impulse: 0 points.")

    def compute(self) -> Result:
        steps = []
        own_sn = self.own_highest_section + self.own_section_bonus
        opp_sn = self.opponent_highest_section + self.opponent_section_bonus
        own = naval.surprise_points(own_sn, self.opponent_roll, self.own_surprised)
        opp = naval.surprise_points(opp_sn, self.own_roll, self.opponent_surprised)
        for who, sn, roll, pts, surprised in (("own", own_sn, self.opponent_roll, own, self.own_surprised),
                                              ("opponent", opp_sn, self.own_roll, opp, self.opponent_surprised)):
            steps.append(self.step(f"surprised_{who}", rule=R_SURPRISE) if surprised else
                         self.step(f"points_{who}", rule=R_SURPRISE, number=sn, roll=roll, points=pts))
        diff = own - opp
        spender = "own" if diff > 0 else "opponent" if diff < 0 else "none"
        options = naval.affordable(abs(diff))
        if spender == "none":
            steps.append(self.step("nobody", rule=R_SURPRISE))
        else:
            steps.append(self.step(f"difference_{spender}", rule=R_SURPRISE, points=abs(diff)))
            for name, times in options.items():
                if name in naval.ONE_OFF:  # bought once or not at all: affordable yes or no
                    steps.append(self.step(f"option_{name}_{'yes' if times else 'no'}", rule=R_SURPRISE,
                                           cost=naval.SURPRISE_COSTS[name]))
                else:
                    steps.append(self.step(f"option_{name}", rule=R_SURPRISE, cost=naval.SURPRISE_COSTS[name],
                                           times=times))
        value = {"own_points": own, "opponent_points": opp, "difference": abs(diff), "spender": spender,
                 "options": options}
        return Result(value, steps)


@register
class NavalResult(Calculator):
    """The end-of-round state of one target given X, D and A results and its defence rolls (11.5.8)."""

    slug, game = "wif.naval-result", "wif"
    rules = (R_RESULTS,)
    result_names = ("table_results", "defence", "p_intact", "p_aborts", "p_damaged", "p_damaged_aborts",
                    "p_destroyed", "p_cp_destroyed", "for_rolls")
    step_names = ("table", "table_missing", "order", "defence", "chain", "damaged_note",
                  *(f"state_{s.replace('-', '_')}" for s in naval.STATES),
                  *(f"for_rolls_{s.replace('-', '_')}" for s in naval.STATES))

    results = param.String(default="X", doc="Results put on this target, e.g. X or D,A (applied X, then D, then A).")
    unit = param.Selector(default="ship", objects=list(naval.TARGETS), doc="""
        A naval unit, 5 convoy points (base game: defence 5; SiF option 9: 2 CP at their printed defence)
        or a transport (TRS/ANFI; SiF option 9: half its printed defence).""")
    defence = param.Integer(default=5, bounds=(0, 10), doc="The target's printed defence factor.")
    damaged = param.Boolean(default=False, doc="The target is already damaged (+1 defence; a D destroys it).")
    sif_option_9 = param.Boolean(default=False, doc="Ships in Flames option 9 convoys and transports.")
    rolls = param.String(default="", doc="Optional: the d10 defence rolls, one per result in X, D, A order.")
    table_row = param.Selector(default="none", objects=["none", "surface", "air-sea", "asw", "sub"], doc="""
        Optional: read the whole attack's results from the Naval Combat Table ('none': skip).""")
    factors = param.Integer(default=20, bounds=(0, 300), doc="The attack's factor total (table column).")
    ships = param.Integer(default=3, bounds=(0, 40), doc="Ships the target side included (table row).")

    def _table(self, steps, miss):
        if self.table_row == "none":
            return None
        chart = tables.chart("wif.naval-combat")
        key = (self.table_row, self.factors, self.ships)
        try:
            x, d, a = (chart.get(key, c) for c in ("x", "d", "a"))
        except tables.UnknownCell as err:
            miss.append(MissingValue(err.chart, err.cell, err.rule))
            steps.append(self.step("table_missing", rule=R_RESULTS, cell=err.cell))
            return None
        steps.append(self.step("table", rule=R_RESULTS, factors=self.factors, ships=self.ships, x=x, d=d, a=a))
        return ", ".join(["X"] * x + ["D"] * d + ["A"] * a)

    def compute(self) -> Result:
        steps, miss = [], []
        table_results = self._table(steps, miss)
        results = [r.strip().upper() for r in self.results.replace(";", ",").split(",") if r.strip()]
        results = ["A" if r in ("1/2A", "½A") else r for r in results]
        if not results:
            raise CalculatorInputError("results", "name at least one result", list(naval.RESULTS),
                                       said=self.step("no_result"))
        if len(results) > 8:
            raise CalculatorInputError("results", "at most 8 results on one target", list(naval.RESULTS),
                                       said=self.step("too_many_results", n=len(results)))
        try:
            ordered = naval.order_results(results)
        except ValueError as err:
            bad = next(r for r in results if r not in naval.RESULTS)
            raise CalculatorInputError("results", str(err), list(naval.RESULTS),
                                       said=self.step("unknown_result", result=bad)) from None
        dfn = naval.defence_factor(self.defence, self.unit, self.damaged, self.sif_option_9)
        steps += [self.step("order", rule=R_RESULTS, results=", ".join(ordered)),
                  self.step("defence", rule=R_RESULTS, defence=dfn, p=percent(Fraction(min(dfn, 10), 10)))]
        steps.append(self.step("chain", rule=R_RESULTS))
        dist = naval.state_distribution(results, self.defence, self.unit, self.damaged, self.sif_option_9)
        for state, p in dist.items():
            steps.append(self.step(f"state_{state.replace('-', '_')}", rule=R_RESULTS, p=percent(p), fraction=str(p)))
        for_rolls = None
        rolls = int_list("rolls", self.rolls, 1, 10)
        if rolls:
            if len(rolls) != len(results):
                raise CalculatorInputError("rolls", f"give one roll per result ({len(results)}), not {len(rolls)}",
                                           [1, 10])
            for_rolls = naval.final_state(results, rolls, self.defence, self.unit, self.damaged, self.sif_option_9)
            steps.append(self.step(f"for_rolls_{for_rolls.replace('-', '_')}", rule=R_RESULTS,
                                   rolls=", ".join(map(str, rolls))))
        if any(s.startswith("damaged") for s in dist):
            steps.append(self.step("damaged_note", rule=R_RESULTS))
        value = {"table_results": table_results, "defence": dfn, "for_rolls": for_rolls}
        for state in naval.STATES:
            value["p_" + state.replace("-", "_")] = str(dist.get(state, Fraction(0)))
        chart = Distribution({naval.STATE_CODE[s]: p for s, p in dist.items() if p})
        return Result(value, steps, chart, miss)


@register
class ASW(Calculator):
    """The ASW factors a side turns on enemy submarines (11.5.10)."""

    slug, game = "wif.asw", "wif"
    rules = (R_SUB,)
    result_names = ("asw", "bcs", "carriers", "air", "convoys")
    step_names = ("bcs", "carriers", "air", "air_none", "convoys", "total")

    bcs = param.Integer(default=1, bounds=(0, 100), doc="Surface combat ships (BCS) included.")
    carriers = param.Integer(default=0, bounds=(0, 100), doc="Carriers included.")
    air_sea_factors = param.Number(default=2, bounds=(0, 500), doc="Air-to-sea factors included (also on undamaged carriers).")
    weather = param.Selector(default="fine", objects=list(naval.WEATHERS), doc="Weather in the sea area.")
    convoy_points = param.Integer(default=10, bounds=(0, 1000), doc="US or Commonwealth convoy points included.")
    year = param.Integer(default=1942, bounds=(1939, 1950), doc="The year: convoys give ASW from 1942.")
    halve_air_in_rain_snow = param.Boolean(default=False, doc="""
        Halve the air-to-sea factors in Rain/Snow (8.2.3) here too; 11.5.10 does not say.""")

    def compute(self) -> Result:
        parts = naval.asw_parts(self.bcs, self.carriers, self.air_sea_factors, self.weather, self.convoy_points,
                                self.year, self.halve_air_in_rain_snow)
        steps = [self.step("bcs", rule=R_SUB, n=self.bcs, asw=fmt(parts["bcs"])),
                 self.step("carriers", rule=R_SUB, n=self.carriers, asw=fmt(parts["carriers"]))]
        steps.append(self.step("air", rule=R_SUB, factors=fmt(self.air_sea_factors), asw=fmt(parts["air"]))
                     if self.weather in naval.AIR_SEARCH_WEATHER else self.step("air_none", rule=R_SUB))
        steps.append(self.step("convoys", rule=R_SUB, cp=self.convoy_points, year=self.year, asw=fmt(parts["convoys"])))
        total = sum(parts.values())
        steps.append(self.step("total", rule=R_SUB, asw=fmt(total)))
        value = {"asw": fmt(total), **{k: fmt(v) for k, v in parts.items()}}
        return Result(value, steps)
