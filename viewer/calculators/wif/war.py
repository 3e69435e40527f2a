"""WiF declarations of war: the US entry attempt (9.4) and breaking a neutrality pact (9.5)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, Result
from viewer.calculators.format import percent
from viewer.calculators.wif.air import missing
from viewer.ruleref import RuleRef
from viewer.rules.wif import tables, war_entry
from viewer.rules.wif.fractions import fmt, round_wif

R_US, R_PACT, R_FRACTIONS, R_D10 = RuleRef("wif", "9.4"), RuleRef("wif", "9.5"), RuleRef("wif", "2.6"), RuleRef("wif", "2.7")


@register
class USEntry(Calculator):
    """US entry and tension levels from the chit pools, and the chance of a declaration of war (9.4)."""

    slug, game = "wif.us-entry", "wif"
    rules = (R_US, R_FRACTIONS)
    result_names = ("entry_level", "tension_level", "can_attempt", "war_number", "modifier", "highest_roll",
                    "p_success", "chits_lost_on_failure", "never_again_on_failure")
    step_names = ("entry", "tension", "too_low", "number", "number_missing", "no_modifier", "need", "failure",
                  "last_chits", *(f"mod_{m}" for m in ("uk_conquered", "china_conquered", "japanese_unit_in_china",
                                                       "fleet_not_at_pearl", "appropriations_bill_not_chosen",
                                                       "us_at_war")))

    against = param.Selector(default="germany-italy", objects=list(war_entry.TARGETS), doc="The Axis major power(s) attempted.")
    germany_italy_entry_pool = param.Number(default=17, bounds=(0, 500), doc="Value of the chits in the Germany/Italy entry pool.")
    japan_entry_pool = param.Number(default=8, bounds=(0, 500), doc="Value of the chits in the Japan entry pool.")
    germany_italy_tension_pool = param.Number(default=0, bounds=(0, 500), doc="Value of the chits in the Germany/Italy tension pool.")
    japan_tension_pool = param.Number(default=0, bounds=(0, 500), doc="Value of the chits in the Japan tension pool.")
    uk_conquered = param.Boolean(default=False, doc="The United Kingdom is conquered (-2 against Germany/Italy).")
    china_conquered = param.Boolean(default=False, doc="China is conquered (-2 against Japan).")
    japanese_unit_in_china = param.Boolean(default=False, doc="China is not conquered but a Japanese unit is in China (-1).")
    fleet_not_at_pearl = param.Boolean(default=False, doc="US entry option 26: the fleet is not at Pearl Harbor (+2 against Japan).")
    appropriations_bill_not_chosen = param.Boolean(default=False, doc="US entry option 34 not yet chosen (+3).")
    us_at_war = param.Boolean(default=False, doc="The USA is at war with a major power (-1).")
    entry_chits = param.Integer(default=5, bounds=(0, 100), doc="Entry chits left in the pool of the attempted power.")
    tension_chits = param.Integer(default=5, bounds=(0, 100), doc="Tension chits left in the pool of the attempted power.")

    def compute(self) -> Result:
        gi = self.against == "germany-italy"
        pools = ((self.germany_italy_entry_pool, self.japan_entry_pool),
                 (self.germany_italy_tension_pool, self.japan_tension_pool))
        (e_t, e_o), (t_t, t_o) = [(a, b) if gi else (b, a) for a, b in pools]
        entry, tension = war_entry.level(e_t, e_o), war_entry.level(t_t, t_o)
        steps = [self.step("entry", rule=R_US, own=fmt(e_t), other=fmt(e_o), exact=fmt(Fraction(3, 2) * Fraction(e_t) + Fraction(e_o) / 2), level=entry),
                 self.step("tension", rule=R_US, own=fmt(t_t), other=fmt(t_o), exact=fmt(Fraction(3, 2) * Fraction(t_t) + Fraction(t_o) / 2), level=tension)]
        value = dict.fromkeys(self.result_names)
        value.update(entry_level=entry, tension_level=tension, can_attempt=entry >= war_entry.MIN_ENTRY_LEVEL,
                     chits_lost_on_failure=2, never_again_on_failure=self.entry_chits <= 1 or self.tension_chits <= 1)
        if entry < war_entry.MIN_ENTRY_LEVEL:
            steps.append(self.step("too_low", rule=R_US, level=entry, need=war_entry.MIN_ENTRY_LEVEL))
        mods = war_entry.declaration_modifiers(
            self.against, self.uk_conquered, self.china_conquered, self.japanese_unit_in_china,
            self.fleet_not_at_pearl, self.appropriations_bill_not_chosen, self.us_at_war)
        for name, m in mods.items():
            steps.append(self.step(f"mod_{name}", rule=R_US, modifier=f"{m:+d}"))
        if not mods:
            steps.append(self.step("no_modifier", rule=R_US))
        mod = sum(mods.values())
        value["modifier"] = mod
        miss, dist = [], None
        try:
            number = tables.chart("wif.its-war").get((entry, tension), "number")
            steps.append(self.step("number", rule=R_US, entry=entry, tension=tension, number=number))
            highest, p, dist = war_entry.declaration_roll(number, mod)
            steps.append(self.step("need", rule=R_D10, highest=highest, p=percent(p), fraction=str(p)))
            value.update(war_number=number, highest_roll=highest, p_success=str(p))
        except tables.UnknownCell as err:
            miss.append(missing(err))
            steps.append(self.step("number_missing", rule=R_US, entry=entry, tension=tension, cell=err.cell))
        steps.append(self.step("failure", rule=R_US))
        if value["never_again_on_failure"]:
            steps.append(self.step("last_chits", rule=R_US))
        return Result(value, steps, dist, miss)


@register
class NeutralityPact(Calculator):
    """Whether your garrison on the common border is at least twice the other power's (9.5)."""

    slug, game = "wif.neutrality-pact", "wif"
    rules = (R_PACT, R_FRACTIONS)
    result_names = ("attack_total", "multiplier", "defence_garrison", "defence_total", "ratio", "may_break")
    step_names = ("attack", "multiplier", "defence", "rounded", "ratio_ok", "ratio_short", "no_border",
                  "signing_year", "exception", "verdict_yes", "verdict_no")

    garrison = param.Number(default=12, bounds=(0, 1000), doc="""
        Your garrison value on the common border: face-up land and air units not in an enemy ZOC;
        a division 0.5, HQ-armour, armour, mechanised, mountain or SS 2, a carrier plane 0, others 1.""")
    offensive_chits = param.Number(default=16, bounds=(0, 1000), doc="Your face-down (offensive) entry chits on the border.")
    their_garrison = param.Number(default=3, bounds=(0, 1000), doc="The other power's garrison value on the border.")
    defensive_chits = param.Number(default=6, bounds=(0, 1000), doc="Its face-up (defensive) entry chits.")
    signed = param.Integer(default=1939, bounds=(1930, 1950), doc="The nominal year the pact was signed.")
    year = param.Integer(default=1940, bounds=(1930, 1950), doc="The current nominal year.")
    multiplier_reading = param.Selector(default="example", objects=list(war_entry.MULTIPLIER_READINGS), doc="""
        The rule text doubles the defence in the signing year; its numeric example doubles it the year
        after (1939 pact: 1940 x2, 1941 x1, 1942 x1/2). 'example' follows the example, 'text' the sentence.""")
    common_border = param.Boolean(default=True, doc="The two powers have a common border (else no break).")
    exception = param.Boolean(default=False, doc="""
        An exception allows breaking in the signing year (enemy aircraft from the partner's hex, 19.5.3).""")

    def compute(self) -> Result:
        from viewer.calculators.base import CalculatorInputError
        if self.year < self.signed:
            raise CalculatorInputError("year", f"{self.year} is before the pact was signed ({self.signed})",
                                       [self.signed, 1950])
        attack = war_entry.capped(Fraction(self.garrison), self.offensive_chits)
        mult = war_entry.year_multiplier(self.signed, self.year, self.multiplier_reading)
        g_def = Fraction(self.their_garrison) * mult
        defence = war_entry.capped(g_def, self.defensive_chits)
        steps = [self.step("attack", rule=R_PACT, garrison=fmt(self.garrison), chits=fmt(self.offensive_chits), total=fmt(attack)),
                 self.step("multiplier", rule=R_PACT, years=self.year - self.signed, multiplier=fmt(mult)),
                 self.step("defence", rule=R_PACT, garrison=fmt(g_def), chits=fmt(self.defensive_chits), total=fmt(defence))]
        a, d = round_wif(attack), round_wif(defence)
        steps.append(self.step("rounded", rule=R_FRACTIONS, attack=a, defence=d))
        ok_ratio = a >= 2 * d
        steps.append(self.step("ratio_ok" if ok_ratio else "ratio_short", rule=R_PACT, attack=a, defence=d))
        may = ok_ratio and self.common_border
        if not self.common_border:
            steps.append(self.step("no_border", rule=R_PACT))
        if self.year == self.signed:
            if self.exception:
                steps.append(self.step("exception", rule=R_PACT))
            else:
                steps.append(self.step("signing_year", rule=R_PACT))
                may = False
        steps.append(self.step("verdict_yes" if may else "verdict_no", rule=R_PACT))
        ratio = f"{float(Fraction(a, d)):.2f}" if d else None
        return Result({"attack_total": fmt(attack), "multiplier": fmt(mult), "defence_garrison": fmt(g_def),
                       "defence_total": fmt(defence), "ratio": ratio, "may_break": may}, steps)
