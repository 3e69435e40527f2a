"""Churchill War Phase and victory calculators: front advance, A-bomb, final victory (4.33, 4.4, 6.10)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, Result
from viewer.calculators.churchill.conference import R
from viewer.calculators.format import percent
from viewer.dice import Distribution
from viewer.rules.churchill import war
from viewer.rules.churchill.table import NATIONS, score_boxes


@register
class FrontAdvance(Calculator):
    """The chance that a Front advances one box this War Phase (Churchill 4.33)."""

    slug, game = "churchill.front-advance", "churchill"
    rules = (R("4.33"), R("2.0"), R("6.21"), R("6.22"), R("7.74"))
    result_names = ("p_advance", "p_fraction", "stopped", "offensive_left", "two_box_rule")
    step_names = ("reserves", "stopped", "gated", "d10", "need", "two_box", "strength_input")

    strength = param.Integer(default=6, bounds=(0, 30), doc="""
        The Front's strength (how it is computed is in 7.x, not in the text: enter it from your game).""")
    offensive = param.Integer(default=0, bounds=(0, 50), doc="Offensive support markers on its entry box.")
    army_reserves = param.Integer(default=0, bounds=(0, 20), doc="Axis army reserves deployed against it.")
    gated = param.Boolean(default=False, doc="""
        The entry box is Normandy without Second Front in the centre, or Manchuria without USSR Declares War on Japan.""")

    def compute(self) -> Result:
        f = war.front_advance(self.strength, self.offensive, self.army_reserves, self.gated)
        steps = [self.step("strength_input", rule=R("4.33"))]
        if self.army_reserves:
            steps.append(self.step("reserves", rule=R("4.33"), reserves=self.army_reserves, left=f.offensive_left))
        if f.stopped:
            steps.append(self.step("stopped", rule=R("4.33")))
        if f.gated:
            steps.append(self.step("gated", rule=R("6.21")))
        dist = None
        if not (f.stopped or f.gated):
            steps += [self.step("d10", rule=R("2.0")),
                      self.step("need", rule=R("4.33"), strength=self.strength, p=percent(f.p_advance))]
            if f.two_box_rule:
                steps.append(self.step("two_box", rule=R("7.74")))
        dist = Distribution({1: f.p_advance, 0: 1 - f.p_advance}) if 0 < f.p_advance < 1 else \
            Distribution({1 if f.p_advance == 1 else 0: Fraction(1)})
        return Result({"p_advance": percent(f.p_advance), "p_fraction": str(f.p_advance), "stopped": f.stopped,
                       "offensive_left": f.offensive_left, "two_box_rule": f.two_box_rule}, steps, dist)


@register
class ABomb(Calculator):
    """The A-bomb marker's chance to advance toward Trinity (Churchill 6.10, 4.23.6)."""

    slug, game = "churchill.a-bomb", "churchill"
    rules = (R("6.10"), R("4.23.6"), R("3.24"), R("6.10.2"))
    result_names = ("p_advance", "us_box_if_advance", "reaches_trinity", "ussr_box_after")
    step_names = ("roll", "modifier", "trinity", "soviet", "length")

    modifier = param.Integer(default=0, bounds=(-6, 6), doc="""
        The die modifier from production spent (6.10.2 is not in the text: enter your own).""")
    us_box = param.Integer(default=0, bounds=(0, 20), doc="The US A-bomb marker's box now (0: not on the track yet).")
    ussr_box = param.Integer(default=0, bounds=(0, 20), doc="The Soviet spy-ring marker's box now.")
    track_length = param.Integer(default=6, bounds=(1, 20), doc="Setting: boxes on your board's A-bomb track (the last is Trinity; not in the text).")
    winner = param.Selector(default="US", objects=list(NATIONS), doc="Who won the A-Bomb Research issue.")

    def compute(self) -> Result:
        p = war.abomb_p(self.modifier)
        nxt = min(self.us_box + 1, self.track_length)
        steps = [self.step("roll", rule=R("6.10"), p=percent(p)), self.step("length", rule=R("3.24"), n=self.track_length)]
        if self.modifier:
            steps.append(self.step("modifier", rule=R("6.10.2"), modifier=f"{self.modifier:+d}"))
        if nxt == self.track_length:
            steps.append(self.step("trinity", rule=R("4.44")))
        ussr = self.ussr_box
        if self.winner == "USSR":
            ussr = min(ussr + 1, self.track_length)
            steps.append(self.step("soviet", rule=R("4.23.6"), box=ussr))
        dist = Distribution({1: p, 0: 1 - p}) if 0 < p < 1 else Distribution({int(p == 1): Fraction(1)})
        return Result({"p_advance": percent(p), "us_box_if_advance": nxt, "reaches_trinity": nxt == self.track_length,
                       "ussr_box_after": ussr}, steps, dist)


@register
class Victory(Calculator):
    """Who wins the game from the final scores, with the exact odds of each player (Churchill 4.41-4.44)."""

    slug, game = "churchill.victory", "churchill"
    rules = (R("4.4"), R("4.41"), R("4.42"), R("4.43"), R("4.44"), R("3.2.1"))
    result_names = ("condition", "difference", "p_uk", "p_us", "p_ussr", "p_unresolved")
    step_names = ("score", "difference", "condition1", "condition2", "condition2_tournament", "condition3",
                  "condition3_tournament", "odds", "second_tied", "unresolved")

    uk_vp = param.Integer(default=30, bounds=(0, 999), doc="Churchill's final victory points.")
    us_vp = param.Integer(default=20, bounds=(0, 999), doc="Roosevelt's final victory points.")
    ussr_vp = param.Integer(default=13, bounds=(0, 999), doc="Stalin's final victory points.")
    germany_surrendered = param.Boolean(default=True, doc="Germany has surrendered.")
    japan_surrendered = param.Boolean(default=True, doc="Japan has surrendered.")
    tournament = param.Boolean(default=False, doc="Tournament scoring (no dice).")
    us_at_trinity = param.Boolean(default=False, doc="The US A-bomb marker is at Trinity (4.44 tie-break).")
    ussr_alone_in_germany = param.Boolean(default=False, doc="The Eastern Front tank is the only occupant of Germany (4.44).")

    def compute(self) -> Result:
        vp = {"UK": self.uk_vp, "US": self.us_vp, "USSR": self.ussr_vp}
        v = war.victory(vp, self.germany_surrendered, self.japan_surrendered, self.tournament, self.us_at_trinity,
                        self.ussr_alone_in_germany)
        steps = [self.step("score", rule=R("3.2.1"), nation=n, vp=vp[n], tens=score_boxes(vp[n])[0],
                           ones=score_boxes(vp[n])[1]) for n in NATIONS]
        steps.append(self.step("difference", rule=R("4.4"), diff=v.difference))
        key = {1: "condition1", 2: "condition2", 3: "condition3"}[v.condition]
        if self.tournament and v.condition > 1:
            key += "_tournament"
        steps.append(self.step(key, rule=R(f"4.4{v.condition}"), diff=v.difference))
        if v.second_tied:
            steps.append(self.step("second_tied", rule=R("4.44")))
        steps.append(self.step("odds", rule=R("4.44"), uk=percent(v.odds["UK"]), us=percent(v.odds["US"]), ussr=percent(v.odds["USSR"])))
        if v.unresolved:
            steps.append(self.step("unresolved", rule=R("4.42"), p=percent(v.unresolved)))
        outcomes = {i: v.odds[n] for i, n in enumerate(NATIONS) if v.odds[n]}
        if v.unresolved:
            outcomes[3] = v.unresolved
        labels = {**dict(enumerate(NATIONS)), 3: "?"}
        return Result({"condition": v.condition, "difference": v.difference, "p_uk": str(v.odds["UK"]),
                       "p_us": str(v.odds["US"]), "p_ussr": str(v.odds["USSR"]), "p_unresolved": str(v.unresolved)},
                      steps, Distribution(outcomes), outcome_labels=labels)
