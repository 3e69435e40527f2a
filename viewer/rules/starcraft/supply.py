"""Supply: the reserve curve (SC 8.3.1), available supply and deployment (SC 8.3.2, 8.5.5),
the disengage penalty's "tactical mass" test (SC 8.5.4).

Starting Supply, Supply Escalation and the final round come from the Mission Card, which is not in
the text: they are always inputs, never defaults presented as game data.
"""
from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass

from viewer.errors import Refusal

#: The final round's reserve has no limit (SC 8.3.1).
UNLIMITED = math.inf
#: A game lasts at most five rounds (SC 8.1).
MAX_ROUNDS = 5


class SupplyError(Refusal):
    """A supply input out of range: names the input and what is allowed."""


def _check_round(round_number: int, final_round: int) -> None:
    if not 1 <= final_round <= MAX_ROUNDS:
        raise SupplyError(f"final_round must be 1..{MAX_ROUNDS}, not {final_round}")
    if not 1 <= round_number <= final_round:
        raise SupplyError(f"round must be 1..{final_round} (the final round), not {round_number}")


def supply_reserve(round_number: int, start_supply: int, escalation: int, final_round: int = MAX_ROUNDS) -> float:
    """The Supply Reserve in ``round_number`` (SC 8.3.1): the Mission Card's starting supply in
    round 1, raised by the escalation each later round, unlimited (``inf``) in the final round."""
    _check_round(round_number, final_round)
    if start_supply < 0 or escalation < 0:
        raise SupplyError("start_supply and escalation must not be negative")
    if round_number == final_round:
        return UNLIMITED
    return start_supply + (round_number - 1) * escalation


def reserve_curve(start_supply: int, escalation: int, final_round: int = MAX_ROUNDS) -> list[float]:
    """The reserve of every round 1..final_round (SC 8.3.1)."""
    return [supply_reserve(r, start_supply, escalation, final_round) for r in range(1, final_round + 1)]


def available_supply(reserve: float, deployed: Iterable[int]) -> float:
    """Reserve minus the Current Supply of every friendly unit on the table (SC 8.3.2)."""
    deployed = list(deployed)
    if any(s < 0 for s in deployed):
        raise SupplyError("a unit's Current Supply must not be negative")
    return reserve - sum(deployed)


def may_deploy(unit_supply: int, available: float) -> bool:
    """A unit may deploy only if its Current Supply is at most the Available Supply (SC 8.3.2, 8.5.5)."""
    if unit_supply < 0:
        raise SupplyError("a unit's Current Supply must not be negative")
    return unit_supply <= available


@dataclass(frozen=True)
class DisengageVerdict:
    """SC 8.5.4: may the unit that disengaged still shoot or charge in the next Assault Phase?"""

    own_supply: int
    enemy_supply: int
    may_shoot_or_charge: bool


def disengage_penalty(own_supply: int, engaged_enemy_supplies: Iterable[int]) -> DisengageVerdict:
    """SC 8.5.4 step 4: the penalty is waived only when the unit's Current Supply is strictly
    greater than the sum of the Supply of every enemy unit it was engaged with."""
    enemies = list(engaged_enemy_supplies)
    if own_supply < 0 or any(s < 0 for s in enemies):
        raise SupplyError("supply values must not be negative")
    total = sum(enemies)
    return DisengageVerdict(own_supply, total, own_supply > total)
