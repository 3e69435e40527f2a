"""``starcraft.ranged-attack``, ``starcraft.melee`` and ``starcraft.template`` (SC 8.7.3-8.7.6,
8.8.1): the hit -> armor -> damage pools with their exact distributions.

Part 8 never names the die: its size is an input (``die_sides``, 6 by default as the only die the
text names is the charge's 1D6). The Surge die is an expression (d3, d3+1, d6, or none).
"""
from __future__ import annotations

from typing import ClassVar

import param

from viewer.calculators import register
from viewer.calculators.base import CalculatorInputError, Result
from viewer.calculators.format import exact
from viewer.calculators.starcraft.common import StarcraftCalculator, int_list, sc
from viewer.dice import constant
from viewer.rules.starcraft.attack import (
    AttackInput,
    attack_outcome,
    surge_distribution,
)
from viewer.rules.starcraft.pools import PoolError
from viewer.rules.starcraft.template import template_groups


class _PoolCalculator(StarcraftCalculator):
    """The inputs every pool calculator shares: the weapon's numbers and the target's."""

    __abstract = True
    result_names: ClassVar[tuple[str, ...]] = (
        "attack_dice", "expected_hits", "expected_damage_dice", "expected_casualties",
        "p_any_casualty", "p_wipe", "marker_distribution")
    chances: ClassVar[tuple[str, ...]] = ("p_any_casualty", "p_wipe")
    step_names: ClassVar[tuple[str, ...]] = (
        "dice", "hit", "surge", "surge_ignored", "no_surge", "armor", "evade", "no_evade",
        "damage", "casualties", "wipe")

    hit = param.Integer(default=4, bounds=(1, 101), doc="The weapon's Hit value: a die at or above it hits.")
    damage = param.Integer(default=1, bounds=(0, 100), doc="The weapon's Damage per die left in the Damage pool.")
    surge_die = param.String(default="d3", doc="The weapon's Surge die (d3, d3+1, d6 ...) or none.")
    surge_matches = param.Boolean(default=True, doc="The target's Combat Tag matches the weapon's Surge type.")
    armor = param.Integer(default=5, bounds=(1, 101), doc="The target's Armor: a save at or above it is discarded.")
    evade = param.Integer(default=5, bounds=(1, 101), doc="The target's Evade value (used only when an Evade roll is allowed).")
    hit_points = param.Integer(default=2, bounds=(1, 1000), doc="Hit points of each target model.")
    target_models = param.Integer(default=5, bounds=(1, 200), doc="Models in the target unit.")
    marker = param.Integer(default=0, bounds=(0, 1000), doc="Damage already on the target's Damage marker.")
    die_sides = param.Integer(default=6, bounds=(2, 100), doc="Faces of the attack, armor and evade dice (Part 8 does not name the die).")

    def _surge(self):
        allowed = "none, d3, d3+1, d6 or a whole number"
        try:
            surge = surge_distribution(self.surge_die)
        except PoolError as err:
            raise CalculatorInputError("surge_die", str(err), allowed,
                                       said=self.step("surge_unreadable", die=self.surge_die.strip())) from None
        if surge is not None and surge.min < 0:
            raise CalculatorInputError("surge_die", "a Surge result cannot be negative", allowed,
                                       said=self.step("surge_negative", die=self.surge_die.strip()))
        return surge

    def _evade_allowed(self) -> bool:
        raise NotImplementedError

    def _visible(self) -> int:
        return self.target_models

    def _explain(self, dice: int, surge, rule_pool: str, evade_rule: str) -> Result:
        evade = self.evade if self._evade_allowed() else None
        attack = AttackInput(dice, self.hit, self.armor, self.damage, surge, self.surge_matches, evade, self.die_sides)
        try:
            out = attack_outcome(attack, [self.hit_points] * self.target_models, self._visible(), self.marker)
        except PoolError as err:
            raise CalculatorInputError("hit" if "hit" in str(err) else "armor", str(err), [1, self.die_sides + 1]) from None
        cas = out.casualties
        steps = [self.step("dice", sc(rule_pool), dice=dice),
                 self.step("hit", sc("8.7.4"), hit=self.hit, sides=self.die_sides, mean=f"{float(out.pools.hits.mean()):.2f}")]
        if surge is None:
            steps.append(self.step("no_surge", sc("8.7.4")))
        elif not self.surge_matches:
            steps.append(self.step("surge_ignored", sc("8.7.4")))
        else:
            steps.append(self.step("surge", sc("8.7.4"), surge=self.surge_die, mean=f"{float(out.pools.surged.mean()):.2f}"))
        steps.append(self.step("armor", sc("8.7.4"), armor=self.armor, mean=f"{float(out.pools.failed_saves.mean()):.2f}"))
        steps.append(self.step("evade", sc(evade_rule), evade=self.evade) if evade is not None
                     else self.step("no_evade", sc(evade_rule)))
        steps.append(self.step("damage", sc("8.7.4"), damage=self.damage, marker=self.marker,
                               mean=f"{float(out.pools.damage_dice.mean()):.2f}"))
        steps.append(self.step("casualties", sc("8.7.4"), hp=self.hit_points, visible=self._visible(),
                               mean=f"{float(cas.mean()):.2f}"))
        steps.append(self.step("wipe", sc("8.7.4"), p=exact(cas.p_ge(self._visible()))))
        value = {
            "attack_dice": dice,
            "expected_hits": float(out.pools.hits.mean()),
            "expected_damage_dice": float(out.pools.damage_dice.mean()),
            "expected_casualties": float(cas.mean()),
            "p_any_casualty": float(cas.p_ge(1)),
            "p_wipe": float(cas.p_ge(self._visible())),
            "marker_distribution": {k: str(v) for k, v in out.marker.items()},
        }
        return Result(value, steps, distribution=cas)


@register
class RangedAttackCalculator(_PoolCalculator):
    """One Group of a ranged attack: exact casualties and Damage marker."""

    slug = "starcraft.ranged-attack"
    rules = (sc("8.7.3"), sc("8.7.4"), sc("8.7.5"))

    models = param.Integer(default=4, bounds=(0, 100), doc="Attacking models in range with a visible target.")
    roa = param.Integer(default=2, bounds=(0, 50), doc="The weapon's RoA: attack dice per model.")
    roa_modifier = param.Integer(default=0, bounds=(-100, 100), doc="Dice added or removed by abilities.")
    target_engaged = param.Boolean(default=False, doc="The target is engaged: it may evade, and visibility is ignored (SC 8.7.5).")
    evade_ability = param.Boolean(default=False, doc="An ability or keyword grants the target an Evade roll.")
    visible = param.Integer(default=5, bounds=(0, 200), doc="Target models visible to the attackers (the casualty limit).")

    def _evade_allowed(self) -> bool:
        return self.evade_ability or self.target_engaged

    def _visible(self) -> int:
        if self.target_engaged:
            return self.target_models
        if self.visible > self.target_models:
            raise CalculatorInputError("visible", f"{self.visible} visible models but the unit has {self.target_models}",
                                       [0, self.target_models])
        return self.visible

    def compute(self) -> Result:
        dice = max(0, self.models * self.roa + self.roa_modifier)
        return self._explain(dice, self._surge(), "8.7.4", "8.7.4")


@register
class MeleeCalculator(_PoolCalculator):
    """A melee attack on one engaged unit: front and support lines, dice share, Surge die."""

    slug = "starcraft.melee"
    rules = (sc("8.8.1"), sc("8.7.5"))

    front = param.Integer(default=3, bounds=(0, 100), doc="Models within 1\" of an enemy model (front line).")
    support = param.Integer(default=1, bounds=(0, 100), doc="Models touching a front-line model of their unit (support line).")
    roa = param.Integer(default=2, bounds=(0, 50), doc="The chosen combat weapon's RoA.")
    dice_to_target = param.Integer(default=-1, bounds=(-1, 5000), doc="""
        Dice declared against this target when engaged with several units (-1: all of them).""")
    surge_here = param.Boolean(default=True, doc="The Surge die is declared against this target (it cannot be split).")
    evade_ability = param.Boolean(default=False, doc="An ability explicitly grants evasion against combat attacks.")

    def _evade_allowed(self) -> bool:
        return self.evade_ability

    def compute(self) -> Result:
        total = (self.front + self.support) * self.roa
        if self.dice_to_target > total:
            raise CalculatorInputError("dice_to_target", f"{self.dice_to_target} dice but the unit rolls {total}", [-1, total])
        dice = total if self.dice_to_target < 0 else self.dice_to_target
        surge = self._surge() if self.surge_here else None
        return self._explain(dice, surge, "8.8.1", "8.8.1")


@register
class TemplateCalculator(_PoolCalculator):
    """A Blast or Flame template: the Groups it makes and the primary Group's exact casualties."""

    slug = "starcraft.template"
    rules = (sc("8.7.6"),)
    result_names = _PoolCalculator.result_names + ("groups",)
    step_names = _PoolCalculator.step_names + ("collateral",)

    primary_affected = param.Integer(default=4, bounds=(0, 200), doc="Models of the primary unit under the template.")
    roa_modifier = param.Integer(default=0, bounds=(-100, 100), doc="RoA modifiers (primary Group only).")
    collateral = param.String(default="2", doc="Affected models of each other unit at the same elevation and tag, comma separated.")
    evade_ability = param.Boolean(default=False, doc="An ability or keyword grants the primary target an Evade roll.")

    def _evade_allowed(self) -> bool:
        return self.evade_ability

    def compute(self) -> Result:
        if self.primary_affected > self.target_models:
            raise CalculatorInputError("primary_affected", f"{self.primary_affected} affected but the unit has {self.target_models}",
                                       [0, self.target_models])
        self._surge()   # the weapon's die is checked, though a template's Surge is its groups' (8.7.6)
        col = int_list("collateral", self.collateral)
        groups = template_groups("primary", self.primary_affected, self.roa_modifier,
                                 [(f"collateral:{i + 1}", n) for i, n in enumerate(col)])
        primary = groups[0]
        result = self._explain(primary.dice, constant(primary.surge), "8.7.6", "8.7.4")
        result.steps.insert(2, self.step("collateral", sc("8.7.6"), groups=", ".join(str(g.dice) for g in groups[1:]) or "0"))
        result.value["groups"] = [{"unit": g.unit, "dice": g.dice, "surge": g.surge, "primary": g.primary} for g in groups]
        return result
