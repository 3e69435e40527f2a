"""WiF turn-phase calculators: initiative (6.1) and the Soviet trade with Germany (5.1)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, Result
from viewer.calculators.format import percent
from viewer.calculators.wif.air import missing
from viewer.ruleref import RuleRef
from viewer.rules.wif import initiative as ini
from viewer.rules.wif import tables, trade

R_INI, R_TRADE, R_D10 = RuleRef("wif", "6.1"), RuleRef("wif", "5.1"), RuleRef("wif", "2.7")
TRACK = "wif.initiative-track"


def _space(n: int, miss: list, need_reroll: bool = True) -> ini.Space | None:
    """Track space ``n`` from the chart: None (and the cells listed) if its modifier is unknown."""
    chart = tables.chart(TRACK)
    try:
        side, mod = chart.get((n,), "side"), chart.get((n,), "modifier")
    except tables.UnknownCell as err:
        miss.append(missing(err))
        return None
    reroll = chart.row((n,)).get("reroll")
    if reroll is None and need_reroll:
        try:
            chart.get((n,), "reroll")
        except tables.UnknownCell as err:
            miss.append(missing(err))
    return ini.Space(side, mod, reroll)


@register
class Initiative(Calculator):
    """Who wins the initiative from the track position, the tie rule and the one re-roll (6.1)."""

    slug, game = "wif.initiative", "wif"
    rules = (R_INI,)
    result_names = ("axis_modifier", "allied_modifier", "p_axis", "p_allies", "p_axis_with_reroll",
                    "winner", "final_space", "face")
    step_names = ("space", "space_missing", "p_first", "tie", "reroll_axis", "reroll_allies", "reroll_none",
                  "reroll_unknown", "next_missing", "p_reroll", "rolls", "winner_axis", "winner_allies",
                  "asks_reroll", "final")

    space = param.Integer(default=1, bounds=(1, 15), doc="""
        The marker's space, counted from the Axis end of the track (1 = leftmost).""")
    holder = param.Selector(default="axis", objects=list(ini.SIDES), doc="The side that held the initiative (loses ties).")
    use_reroll = param.Boolean(default=True, doc="The side the space lets re-roll asks for it whenever it lost.")
    axis_roll = param.Integer(default=3, bounds=(0, 10), doc="The Axis d10 (0: not rolled yet).")
    allied_roll = param.Integer(default=5, bounds=(0, 10), doc="The Allied d10 (0: not rolled yet).")
    axis_reroll = param.Integer(default=5, bounds=(0, 10), doc="The Axis d10 of the re-roll (0: none).")
    allied_reroll = param.Integer(default=6, bounds=(0, 10), doc="The Allied d10 of the re-roll (0: none).")

    def compute(self) -> Result:
        miss, steps = [], []
        value = dict.fromkeys(self.result_names)
        sp = _space(self.space, miss)
        if sp is None:
            steps.append(self.step("space_missing", rule=R_INI, space=self.space))
            return Result(value, steps, None, miss)
        ax, al = ini.modifiers(sp)
        steps.append(self.step("space", rule=R_INI, space=self.space, axis=f"{ax:+d}", allies=f"{al:+d}"))
        p1 = ini.p_axis(sp, self.holder)
        steps.append(self.step("p_first", rule=R_INI, p_axis=percent(p1), p_allies=percent(1 - p1)))
        steps.append(self.step("tie", rule=R_INI))
        value.update(axis_modifier=ax, allied_modifier=al, p_axis=str(p1), p_allies=str(1 - p1))
        nxt_n = self.space + (1 if sp.reroll == "axis" else -1)
        nxt = None
        if sp.reroll in ini.SIDES:
            steps.append(self.step(f"reroll_{sp.reroll}", rule=R_INI))
            if self.use_reroll:
                nxt = _space(nxt_n, miss, need_reroll=False) if 1 <= nxt_n <= 15 else None
                if nxt is None:
                    steps.append(self.step("next_missing", rule=R_INI, space=nxt_n))
        elif sp.reroll == "none":
            steps.append(self.step("reroll_none", rule=R_INI))
        else:
            steps.append(self.step("reroll_unknown", rule=R_INI))
        if nxt is not None:
            p2 = ini.p_axis_with_reroll(sp, nxt, self.holder)
            steps.append(self.step("p_reroll", rule=R_INI, space=nxt_n, p_axis=percent(p2)))
            value["p_axis_with_reroll"] = str(p2)
        elif sp.reroll == "none" or not self.use_reroll:
            value["p_axis_with_reroll"] = str(p1)
        if self.axis_roll and self.allied_roll:
            w = ini.winner(self.axis_roll, self.allied_roll, sp, self.holder)
            steps.append(self.step("rolls", rule=R_D10, axis=self.axis_roll + ax, allies=self.allied_roll + al))
            steps.append(self.step(f"winner_{w}", rule=R_INI))
            final = self.space
            if nxt is not None and sp.reroll != w and self.axis_reroll and self.allied_reroll:
                steps.append(self.step("asks_reroll", rule=R_INI, space=nxt_n))
                nax, nal = ini.modifiers(nxt)
                w = ini.winner(self.axis_reroll, self.allied_reroll, nxt, self.holder)
                steps.append(self.step("rolls", rule=R_D10, axis=self.axis_reroll + nax, allies=self.allied_reroll + nal))
                steps.append(self.step(f"winner_{w}", rule=R_INI))
                final = nxt_n
            steps.append(self.step("final", rule=R_INI, space=final))
            value.update(winner=w, final_space=final, face=w)
        return Result(value, steps, ini.difference(sp), miss)


@register
class SovietResources(Calculator):
    """What the USSR ships Germany each turn under the trade agreement, given the reduced minors (5.1)."""

    slug, game = "wif.soviet-resources", "wif"
    rules = (R_TRADE,)
    result_names = ("reduced", "resources", "oil", "total", "german_bp")
    step_names = ("reduced", "normal", "oil", "broken")

    finland = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Finland.")
    latvia = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Latvia.")
    estonia = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Estonia.")
    lithuania = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Lithuania.")
    bulgaria = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Bulgaria.")
    hungary = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Hungary.")
    romania = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Romania.")
    turkey = param.Boolean(default=False, doc="An Axis major power declared war on or aligned Turkey.")
    finland_ceded = param.Boolean(default=False, doc="Finland ceded the Soviet claim on its border lands (19.6.1).")
    romania_ceded = param.Boolean(default=False, doc="Romania ceded Bessarabia to a Soviet claim (19.6.2).")
    pact_broken = param.Boolean(default=False, doc="The Nazi-Soviet Pact is broken: both flows stop.")

    def compute(self) -> Result:
        reduced = [m for m in trade.MINORS if getattr(self, m)]
        out = trade.soviet_supply(reduced, self.finland_ceded, self.romania_ceded, self.pact_broken)
        if self.pact_broken:
            steps = [self.step("broken", rule=R_TRADE)]
        else:
            steps = [self.step("reduced", rule=R_TRADE, n=out["reduced"]),
                     self.step("normal", rule=R_TRADE, n=out["resources"]),
                     self.step("oil", rule=R_TRADE, n=out["oil"], total=out["total"], bp=out["german_bp"])]
        return Result(out, steps)
