"""Removing models from an Engaged unit (SC 8.7.5) and the melee's attacking lines (SC 8.8.1).

A model's priority: 1 = within Combat Range of no enemy unit, 2 = within range but not in base
contact, 3 = in base contact with an enemy model. The defender removes the lowest priority first,
and may not pick a model whose loss would end the unit's engagement with some enemy unit while any
other casualty is possible. When only such models are left, the defender chooses freely among them
(the text's example ends that way; its diagram is not in the text).
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field


@dataclass(frozen=True)
class EngagedModel:
    """A model of the engaged unit: the enemy units it is within 1" of, and whether it touches one."""

    id: str
    in_range_of: frozenset[str] = field(default_factory=frozenset)
    base_contact: bool = False

    @property
    def priority(self) -> int:
        if not self.in_range_of:
            return 1
        return 3 if self.base_contact else 2


def _engaged_with(models: Sequence[EngagedModel]) -> set[str]:
    return set().union(*(m.in_range_of for m in models)) if models else set()


def breaks_engagement(model: EngagedModel, models: Sequence[EngagedModel]) -> frozenset[str]:
    """The enemy units the unit would stop being engaged with if ``model`` were removed."""
    others = [m for m in models if m.id != model.id]
    return frozenset(model.in_range_of - _engaged_with(others))


def valid_casualties(models: Sequence[EngagedModel]) -> list[str]:
    """The ids the defender may remove next (SC 8.7.5)."""
    if not models:
        return []
    keep = [m for m in models if not breaks_engagement(m, models)]
    pool = keep if keep else list(models)
    if not keep:
        return [m.id for m in pool]
    low = min(m.priority for m in pool)
    return [m.id for m in pool if m.priority == low]


def removal_order(models: Sequence[EngagedModel], count: int, choose=None) -> list[str]:
    """Remove ``count`` models one at a time by SC 8.7.5; ``choose(candidates)`` picks among the
    valid ids (default: the first)."""
    pick = choose or (lambda ids: ids[0])
    left = list(models)
    out: list[str] = []
    for _ in range(min(count, len(left))):
        cid = pick(valid_casualties(left))
        out.append(cid)
        left = [m for m in left if m.id != cid]
    return out


@dataclass(frozen=True)
class MeleeLines:
    """SC 8.8.1 step 2: the models that may attack."""

    front: frozenset[str]
    support: frozenset[str]

    @property
    def attackers(self) -> int:
        return len(self.front) + len(self.support)


def melee_lines(in_range: Mapping[str, bool], touching_friends: Mapping[str, Sequence[str]]) -> MeleeLines:
    """Front line: models within 1" of an enemy model. Support line: models in base contact with
    a front-line model of the same unit (SC 8.8.1)."""
    front = frozenset(m for m, ok in in_range.items() if ok)
    support = frozenset(m for m, friends in touching_friends.items()
                        if m not in front and any(f in front for f in friends))
    return MeleeLines(front, support)
