"""``starcraft.supply-reserve``, ``starcraft.deploy`` and ``starcraft.disengage`` (SC 8.3.1,
8.3.2, 8.5.4, 8.5.5). Mission Card values are inputs; the defaults are only examples."""
from __future__ import annotations

import math

import param

from viewer.calculators import register
from viewer.calculators.base import CalculatorInputError, Result
from viewer.calculators.starcraft.common import StarcraftCalculator, int_list, sc
from viewer.rules.starcraft import supply as S


@register
class SupplyReserveCalculator(StarcraftCalculator):
    """The Supply Reserve round by round: start, escalation, unlimited in the final round."""

    slug = "starcraft.supply-reserve"
    rules = (sc("8.3.1"),)
    result_names = ("reserve", "unlimited", "curve")
    step_names = ("start", "escalate", "final")

    round = param.Integer(default=1, bounds=(1, 5), doc="The round (1..5).")
    start_supply = param.Integer(default=10, bounds=(0, 1000), doc="""
        Starting Supply printed on your Mission Card (the default is only an example).""")
    escalation = param.Integer(default=5, bounds=(0, 1000), doc="""
        Supply Escalation printed on your Mission Card (the default is only an example).""")
    final_round = param.Integer(default=5, bounds=(1, 5), doc="The Mission Card's final round (normally 5).")

    def compute(self) -> Result:
        if self.round > self.final_round:
            raise CalculatorInputError("round", f"round {self.round} is after the final round {self.final_round}",
                                       [1, self.final_round])
        curve = S.reserve_curve(self.start_supply, self.escalation, self.final_round)
        reserve = curve[self.round - 1]
        steps = [self.step("start", sc("8.3.1"), start=self.start_supply)]
        if 1 < self.round < self.final_round:
            steps.append(self.step("escalate", sc("8.3.1"), round=self.round, start=self.start_supply,
                                   escalation=self.escalation, reserve=int(reserve)))
        if self.round == self.final_round:
            steps.append(self.step("final", sc("8.3.1"), round=self.round))
        unlimited = math.isinf(reserve)
        return Result({"reserve": None if unlimited else int(reserve), "unlimited": unlimited,
                       "curve": ["∞" if math.isinf(r) else int(r) for r in curve]}, steps)


@register
class DeployCalculator(StarcraftCalculator):
    """Available Supply and whether a unit from Reserves fits."""

    slug = "starcraft.deploy"
    rules = (sc("8.3.2"), sc("8.5.5"))
    result_names = ("available", "may_deploy")
    step_names = ("available", "unlimited", "fits", "too_big")

    reserve = param.Integer(default=15, bounds=(0, 10_000), doc="This round's Supply Reserve.")
    unlimited = param.Boolean(default=False, doc="The final round: the reserve has no limit (SC 8.3.1).")
    deployed = param.String(default="4, 6", doc="Current Supply of each of your units on the table, comma separated.")
    unit_supply = param.Integer(default=5, bounds=(0, 1000), doc="Current Supply of the unit you want to deploy.")

    def compute(self) -> Result:
        deployed = int_list("deployed", self.deployed)
        reserve = math.inf if self.unlimited else self.reserve
        available = S.available_supply(reserve, deployed)
        ok = S.may_deploy(self.unit_supply, available)
        steps = [self.step("unlimited", sc("8.3.1")) if self.unlimited else
                 self.step("available", sc("8.3.2"), reserve=self.reserve, deployed=sum(deployed),
                           available=int(available))]
        steps.append(self.step("fits" if ok else "too_big", sc("8.5.5"), supply=self.unit_supply,
                               available="∞" if self.unlimited else int(available)))
        return Result({"available": None if self.unlimited else int(available), "may_deploy": ok}, steps)


@register
class DisengageCalculator(StarcraftCalculator):
    """Disengaging: which models are lost, whether it fails, and the next Assault Phase's penalty."""

    slug = "starcraft.disengage"
    rules = (sc("8.5.4"),)
    result_names = ("fails", "casualties", "enemy_supply", "may_shoot_or_charge")
    step_names = ("leader_stuck", "models_lost", "clear", "mass", "penalty")

    own_supply = param.Integer(default=6, bounds=(0, 1000), doc="The disengaging unit's Current Supply.")
    enemy_supplies = param.String(default="3, 2", doc="Supply of every enemy unit it was engaged with, comma separated.")
    leader_clear = param.Boolean(default=True, doc="The leader model can end more than 1\" from every enemy unit.")
    models_stuck = param.Integer(default=0, bounds=(0, 100), doc="Other models that cannot end outside 1\" of every enemy.")

    def compute(self) -> Result:
        enemies = int_list("enemy_supplies", self.enemy_supplies, allow_empty=False)
        verdict = S.disengage_penalty(self.own_supply, enemies)
        steps = []
        if not self.leader_clear:
            steps.append(self.step("leader_stuck", sc("8.5.4")))
            casualties = 1
        elif self.models_stuck:
            steps.append(self.step("models_lost", sc("8.5.4"), count=self.models_stuck))
            casualties = self.models_stuck
        else:
            steps.append(self.step("clear", sc("8.5.4")))
            casualties = 0
        steps.append(self.step("mass" if verdict.may_shoot_or_charge else "penalty", sc("8.5.4"),
                               own=self.own_supply, enemy=verdict.enemy_supply))
        return Result({"fails": not self.leader_clear, "casualties": casualties,
                       "enemy_supply": verdict.enemy_supply,
                       "may_shoot_or_charge": verdict.may_shoot_or_charge}, steps)
