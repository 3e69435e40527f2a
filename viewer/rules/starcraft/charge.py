"""Charge (SC 8.7.7): Speed + 1D6 against the path length to the nearest legal spot.

The charge succeeds when the charge distance reaches a spot within 1" (Combat Range) of every
declared target; the path is measured along the real route (obstacles and Transit lengthen it).
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction

from viewer.dice import Distribution, die
from viewer.errors import Refusal

COMBAT_RANGE = 1.0


class ChargeError(Refusal):
    """Bad charge input."""


@dataclass(frozen=True)
class ChargeOdds:
    """The roll needed and the exact chance of reaching ``distance`` inches."""

    distance: float
    speed: float
    needed_roll: int | None  # None: out of reach whatever the roll
    probability: Fraction
    reach: Distribution      # Speed + 1D6, in whole inches when Speed is whole


def charge_odds(speed: int, distance: float, sides: int = 6) -> ChargeOdds:
    """SC 8.7.7: P(Speed + 1D6 >= distance). The needed roll is ceil(distance - Speed), at least 1."""
    if speed < 0:
        raise ChargeError(f"speed must not be negative, not {speed}")
    if not math.isfinite(distance) or distance < 0:
        raise ChargeError(f"distance must be a non-negative number of inches, not {distance}")
    reach = die(sides).shift(speed)
    need = max(1, math.ceil(round(distance - speed, 9)))
    if need > sides:
        return ChargeOdds(distance, speed, None, Fraction(0), reach)
    return ChargeOdds(distance, speed, need, Fraction(sides - need + 1, sides), reach)


def charge_succeeds(speed: int, roll: int, distance: float) -> bool:
    """A rolled charge: Speed + roll must reach the path length (SC 8.7.7 step 3)."""
    return speed + roll >= distance
