"""``starcraft.charge``: Speed + 1D6 against the path length to the nearest legal spot (SC 8.7.7)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Result
from viewer.calculators.format import exact
from viewer.calculators.starcraft.common import StarcraftCalculator, sc
from viewer.rules.starcraft.charge import charge_odds


@register
class ChargeCalculator(StarcraftCalculator):
    """The chance that a charge reaches, and the charge distance's spread."""

    slug = "starcraft.charge"
    rules = (sc("8.7.7"),)
    result_names = ("needed_roll", "probability", "probability_fraction", "min_reach", "max_reach", "mean_reach")
    card_hides = ("probability",)   # shown exactly as probability_fraction
    step_names = ("distance", "needed", "certain", "impossible")

    speed = param.Integer(default=6, bounds=(0, 100), doc="The charging unit's Speed (inches).")
    distance = param.Number(default=9.0, bounds=(0, 1000), doc="""
        Path length (inches) from the leader to the nearest legal spot within 1\" of every target,
        around impassable terrain.""")

    def compute(self) -> Result:
        odds = charge_odds(self.speed, self.distance)
        steps = [self.step("distance", sc("8.7.7"), speed=self.speed, distance=self.distance)]
        if odds.needed_roll is None:
            steps.append(self.step("impossible", sc("8.7.7"), max=self.speed + 6))
        elif odds.needed_roll <= 1:
            steps.append(self.step("certain", sc("8.7.7")))
        else:
            steps.append(self.step("needed", sc("8.7.7"), roll=odds.needed_roll, p=exact(odds.probability)))
        return Result({"needed_roll": odds.needed_roll, "probability": float(odds.probability),
                       "probability_fraction": str(odds.probability), "min_reach": odds.reach.min,
                       "max_reach": odds.reach.max, "mean_reach": float(odds.reach.mean())},
                      steps, distribution=odds.reach)
