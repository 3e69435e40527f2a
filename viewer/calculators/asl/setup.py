"""ASL night setup calculators: cloaking, HIP and "?" counters, fortifications HIP (ASL E1.41, E1.2, E1.16)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, Result
from viewer.ruleref import RuleRef
from viewer.rules.asl import setup

R_CLOAK, R_CLOAK_N = RuleRef("asl", "E1.41"), RuleRef("asl", "E1.411")
R_SETUP, R_FORT = RuleRef("asl", "E1.2"), RuleRef("asl", "E1.16")


def _weights(calc) -> tuple[Fraction, Fraction]:
    return Fraction(calc.hs_weight).limit_denominator(100), Fraction(calc.crew_weight).limit_denominator(100)


class _Weights(Calculator):
    __abstract = True
    hs_weight = param.Number(default=0.5, bounds=(0, 1), doc="""
        Squad-equivalents per half-squad: your setting (the night summary does not give it).""")
    crew_weight = param.Number(default=0.5, bounds=(0, 1), doc="""
        Squad-equivalents per crew (counted for the Japanese only): your setting.""")
    japanese = param.Boolean(default=False, doc="The side is Japanese (crews count too).")
    rounding = param.Selector(default="up", objects=list(setup.ROUNDINGS), doc="""
        How a fractional count of counters rounds: your setting (not stated for these counters).""")


@register
class Cloak(_Weights):
    """Cloaking counters per offboard force of the Scenario Attacker, and who cannot be cloaked (E1.41, E1.411)."""

    slug, game = "asl.cloak", "asl"
    rules = (R_CLOAK, R_CLOAK_N)
    result_names = ("counters", "total", "ineligible")
    step_names = ("force", "ineligible", "weights", "total")

    forces = param.String(default="A: 5 squad, 2 hs, 1 vehicle, 2 prc; B: 3 squad", doc="""
        Forces separated by ';', each 'name: N kind, …' with kinds squad, hs, crew, smc, sw, vehicle,
        prc, gun; add 'onboard' to units that set up on the board.""")

    def compute(self) -> Result:
        try:
            forces = setup.parse_forces(self.forces)
        except setup.SetupError as exc:
            said = self.step(f"forces_{exc.fault}", item=exc.item, force=exc.force) if exc.fault else None
            raise CalculatorInputError("forces", str(exc), list(setup.UNIT_KINDS), said=said) from None
        hs, crew = _weights(self)
        counts = setup.cloak_counters(forces, self.japanese, hs, crew, self.rounding)
        steps = [self.step("weights", rule=R_CLOAK_N, hs=str(hs), crew=str(crew) if self.japanese else "0",
                           rounding=self.rounding)]
        for c in counts:
            steps.append(self.step("force", rule=R_CLOAK_N, force=c.force, se=str(c.squad_equivalents), n=c.counters))
            if c.left_out:
                steps.append(self.step("ineligible", rule=R_CLOAK, force=c.force, units=", ".join(_left_out(c))))
        total = sum(c.counters for c in counts)
        steps.append(self.step("total", rule=R_CLOAK_N, n=total))
        return Result({"counters": {c.force: c.counters for c in counts}, "total": total,
                       "ineligible": {c.force: _left_out(c) for c in counts if c.left_out}}, steps)


def _left_out(count: setup.CloakCount) -> list[str]:
    """The units of a force that are not cloaked as value keys a label names: ``vehicle:1``
    ("1 × vehicle"), ``onboard:squad:1`` ("1 × squad set up on the board")."""
    return [f"{kind}:{n}" if kind in setup.NOT_CLOAKED else f"onboard:{kind}:{n}" for n, kind, _ in count.left_out]


@register
class Hip(_Weights):
    """The Scenario Defender's HIP allowance (25 %, FRU) and "?" counters (E1.2)."""

    slug, game = "asl.hip", "asl"
    rules = (R_SETUP,)
    result_names = ("squad_equivalents", "hip", "question_counters")
    step_names = ("se", "hip", "question", "with_hip", "terrain")

    squads = param.Integer(default=6, bounds=(0, 200), doc="Squads in the Defender's order of battle.")
    half_squads = param.Integer(default=0, bounds=(0, 200), doc="Half-squads.")
    crews = param.Integer(default=0, bounds=(0, 200), doc="Crews (counted for the Japanese only).")

    def compute(self) -> Result:
        hs, crew = _weights(self)
        se = setup.squad_equivalents(self.squads, self.half_squads, self.crews, self.japanese, hs, crew)
        hip = setup.hip_allowance(se)
        q = setup.rounded(se, self.rounding)
        steps = [self.step("se", rule=R_SETUP, squads=self.squads, hs=self.half_squads, hs_w=str(hs),
                           crews=self.crews if self.japanese else 0, se=str(se)),
                 self.step("hip", rule=R_SETUP, se=str(se), quarter=str(se / 4), n=hip),
                 self.step("question", rule=R_SETUP, n=q, rounding=self.rounding),
                 self.step("with_hip", rule=R_SETUP),
                 self.step("terrain", rule=R_SETUP)]
        return Result({"squad_equivalents": str(se), "hip": hip, "question_counters": q}, steps)


@register
class FortificationHip(Calculator):
    """Whether a fortification stays HIP through a sequence of events (E1.16, as in Ex. VI-4)."""

    slug, game = "asl.fortification-hip", "asl"
    rules = (R_FORT,)
    result_names = ("hip", "revealed_by", "extra_mf")
    step_names = ("kept", "revealed", "after", "mf_free", "mf_normal")

    events = param.ListSelector(
        default=["enemy-adjacent", "unit-fires", "unit-loses-concealment", "illuminated", "fired-on"],
        objects=list(setup.FORTIFICATION_EVENTS), doc="""
        Events in the order they happen (as text: names separated by commas).""")
    in_enemy_los = param.Boolean(default=True, doc="The fortification is in the LOS of an enemy unit.")

    def compute(self) -> Result:
        try:
            walk = setup.fortification_hip(list(self.events))
        except setup.SetupError as exc:
            raise CalculatorInputError("events", str(exc), list(setup.FORTIFICATION_EVENTS)) from None
        steps, revealed_by, hip = [], None, True
        for event, still in walk:
            if hip and not still:
                revealed_by = event
                steps.append(self.step("revealed", rule=R_FORT, event=event))
            elif hip:
                steps.append(self.step("kept", rule=R_FORT, event=event))
            else:
                steps.append(self.step("after", rule=R_FORT, event=event))
            hip = still
        steps.append(self.step("mf_normal" if self.in_enemy_los else "mf_free", rule=R_FORT))
        return Result({"hip": hip, "revealed_by": revealed_by,
                       "extra_mf": "normal" if self.in_enemy_los else "none"}, steps)
