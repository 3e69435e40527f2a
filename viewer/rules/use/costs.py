"""What one step of land movement costs (USE 4.2.1, 4.2.3.3, 4.2.3.4).

* Costs without a leading "+" (the hex's terrain, an enemy city, an enemy fortress) do not add up:
  the highest applies. The text says only that they are not added; both values of its example
  are 2 (4.2.1, "a river into an enemy city that is rough costs 3, not 5").
* "+" costs (a river hexside, attacking) add to everything.
* A transport line joining the two hexes makes the hexside and the hex entered count as clear,
  unless the hex entered holds an enemy city, an enemy fortress or an enemy land unit (4.2.3.4).
* An attack pays the full cost of entering the defender's hex plus the "attacking a unit" cost
  of the weather (4.2.3.3); the attacker stays where it is.
"""
from __future__ import annotations

from dataclasses import dataclass

from viewer.rules.use.tables import Costs


@dataclass(frozen=True)
class StepCost:
    """A step's MP and the Movement Table rows behind it: ``parts`` = ((item, cost, kind), ...)."""

    total: int
    parts: tuple[tuple[str, int, str], ...]
    transport: bool = False


def step_cost(costs: Costs, terrain: str, *, river: bool = False, transport: bool = False,
              enemy_city: bool = False, enemy_fortress: bool = False, enemy_unit: bool = False,
              attacking: bool = False, weather: str = "clear", central_russia: bool = False) -> StepCost:
    """The MP cost of entering (or attacking) a hex (4.2.1). Raises ``UnknownCell`` for a
    Movement Table row nobody has filled in."""
    bonus = transport and not (enemy_city or enemy_fortress or enemy_unit or attacking or central_russia)
    items = ["clear"] if bonus else [terrain] + ["enemy-city"] * enemy_city + ["enemy-fortress"] * enemy_fortress
    parts = [(i, *costs.item(i)) for i in items]
    if river and not bonus:
        parts.append(("river", *costs.item("river")))
    base = [c for _, c, k in parts if k == "base"]
    plus = [c for _, c, k in parts if k == "plus"]
    total = (max(base) if base else 0) + sum(plus)
    if attacking:
        a = costs.attack(weather)
        parts.append((f"attack:{weather}", a, "plus"))
        total += a
    return StepCost(total, tuple(parts), bonus)
