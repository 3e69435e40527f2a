"""The three dice pools of an attack, one roll at a time (SC 8.7.4, 8.8.1).

Attack pool -> (Surge) -> Armor pool -> Damage pool (-> Evade) -> damage and casualties. These are
the stage functions a resolver applies to given dice faces; :mod:`.attack` computes the same
stages' exact distributions. The die size is never named in Part 8, so ``sides`` is a setting.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from viewer.errors import Refusal


class PoolError(Refusal):
    """Bad pool input: names what is wrong and what is allowed."""


def check_target(name: str, value: int, sides: int) -> None:
    """A target number ``X+`` must be 1..sides+1 (sides+1: no face succeeds)."""
    if not 1 <= value <= sides + 1:
        raise PoolError(f"{name} must be 1..{sides + 1} on a d{sides}, not {value}")


def roll_to_hit(faces: Sequence[int], hit: int) -> int:
    """Attack dice that reach the weapon's Hit value go to the Armor pool (SC 8.7.4 step 1)."""
    return sum(1 for f in faces if f >= hit)


def apply_surge(hits: int, surge: int, matches: bool) -> tuple[int, int]:
    """SC 8.7.4 step 2: if the target's Combat Tag matches the Surge type, move ``surge`` dice
    (never more than the Armor pool holds) straight to the Damage pool. Returns (armor pool,
    damage pool)."""
    moved = min(surge, hits) if matches else 0
    return hits - moved, moved


def armor_roll(faces: Sequence[int], armor: int) -> int:
    """Saves at or above Armor are discarded; the failures go to the Damage pool (SC 8.7.4 step 3)."""
    return sum(1 for f in faces if f < armor)


def evade_roll(faces: Sequence[int], evade: int) -> int:
    """Damage-pool dice at or above Evade are evaded; the rest are confirmed (SC 8.7.4 step 4)."""
    return sum(1 for f in faces if f < evade)


@dataclass(frozen=True)
class Casualties:
    """The outcome of SC 8.7.4 step 5: models removed, the new Damage marker, damage discarded."""

    total_damage: int
    removed: int
    marker: int
    discarded: int


def remove_casualties(total: int, hit_points: Sequence[int], visible: int | None = None) -> Casualties:
    """SC 8.7.4 step 5: remove models one at a time while the total damage reaches the next
    model's hit points (``hit_points`` in the defender's removal order), never more than
    ``visible`` models (engaged targets: every model, SC 8.7.5). If every visible model goes, the
    rest of the damage is discarded; otherwise the leftover stays as the Damage marker."""
    if total < 0:
        raise PoolError(f"total damage must not be negative, not {total}")
    if any(h < 1 for h in hit_points):
        raise PoolError("every model needs at least 1 hit point")
    limit = len(hit_points) if visible is None else visible
    if not 0 <= limit <= len(hit_points):
        raise PoolError(f"visible models must be 0..{len(hit_points)}, not {visible}")
    removed, left = 0, total
    while removed < limit and left >= hit_points[removed]:
        left -= hit_points[removed]
        removed += 1
    if removed == limit:
        return Casualties(total, removed, 0, left)
    return Casualties(total, removed, left, 0)


def total_damage(damage_dice: int, damage: int, marker: int = 0, reduction: int = 0) -> int:
    """Dice left in the Damage pool times the weapon's Damage, plus the unit's Damage marker,
    less any damage reduction a special ability grants (never below zero) (SC 8.7.4 step 5)."""
    if damage < 0 or marker < 0 or reduction < 0:
        raise PoolError("damage, marker and reduction must not be negative")
    return max(0, damage_dice * damage + marker - reduction)
