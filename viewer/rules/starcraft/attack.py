"""Exact distributions of an attack's pools (SC 8.7.4 ranged, 8.8.1 melee, 8.7.6 templates).

The pools are chained binomials: hits ~ B(dice, P(>= Hit)); the Surge result moves
min(surge, hits) dice past armor when the tags match; failed saves ~ B(armor pool, P(< Armor));
evaded dice ~ B(damage pool, P(>= Evade)) when an Evade roll is allowed. Everything is a
:class:`fractions.Fraction`; the die size is a setting (Part 8 never names it).
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import comb

from viewer.dice import Distribution, constant
from viewer.rules.starcraft.pools import (
    PoolError,
    check_target,
    remove_casualties,
    total_damage,
)

#: Largest attack pool computed exactly (kept small so a page never stalls).
MAX_ATTACK_DICE = 200


def p_at_least(target: int, sides: int) -> Fraction:
    """P(one d``sides`` >= target)."""
    return Fraction(max(0, min(sides, sides - target + 1)), sides)


def binomial(n: int, p: Fraction) -> dict[int, Fraction]:
    """P(k successes in n trials) for k = 0..n."""
    q = 1 - p
    return {k: comb(n, k) * p**k * q ** (n - k) for k in range(n + 1)}


def _thin(dist: dict[int, Fraction], p: Fraction) -> dict[int, Fraction]:
    """Each of the counted dice survives with probability p: the distribution of survivors."""
    out: dict[int, Fraction] = defaultdict(Fraction)
    for n, pn in dist.items():
        for k, pk in binomial(n, p).items():
            if pk:
                out[k] += pn * pk
    return dict(out)


@dataclass(frozen=True)
class AttackInput:
    """One Group's attack (SC 8.7.3): dice in the Attack pool and the numbers that act on them.

    ``surge`` is the Surge result's distribution (a die, or a fixed number for a template's
    primary target); ``None`` means the weapon has no Surge. ``evade`` is None when no Evade roll
    is allowed (SC 8.7.4 step 4; in melee only when an ability grants it, SC 8.8.1)."""

    dice: int
    hit: int
    armor: int
    damage: int
    surge: Distribution | None = None
    surge_matches: bool = False
    evade: int | None = None
    sides: int = 6

    def validate(self) -> None:
        if not 2 <= self.sides <= 100:
            raise PoolError(f"die size must be 2..100 sides, not {self.sides}")
        if not 0 <= self.dice <= MAX_ATTACK_DICE:
            raise PoolError(f"attack dice must be 0..{MAX_ATTACK_DICE}, not {self.dice}")
        check_target("hit", self.hit, self.sides)
        check_target("armor", self.armor, self.sides)
        if self.evade is not None:
            check_target("evade", self.evade, self.sides)
        if self.damage < 0:
            raise PoolError(f"damage must not be negative, not {self.damage}")
        if self.surge is not None and self.surge.min < 0:
            raise PoolError("a Surge result cannot be negative")


@dataclass(frozen=True)
class PoolDistributions:
    """Exact distributions of each pool's size after its step."""

    hits: Distribution
    surged: Distribution
    failed_saves: Distribution
    damage_dice: Distribution


def pool_distributions(a: AttackInput) -> PoolDistributions:
    """The pools' exact distributions for one Group (SC 8.7.4 steps 1-4)."""
    a.validate()
    hits = binomial(a.dice, p_at_least(a.hit, a.sides))
    surge = a.surge if (a.surge is not None and a.surge_matches) else constant(0)
    p_fail = 1 - p_at_least(a.armor, a.sides)
    surged: dict[int, Fraction] = defaultdict(Fraction)
    failed: dict[int, Fraction] = defaultdict(Fraction)
    damage: dict[int, Fraction] = defaultdict(Fraction)
    for h, ph in hits.items():
        if not ph:
            continue
        for s, ps in surge.items():
            moved = min(s, h)
            surged[moved] += ph * ps
            for f, pf in binomial(h - moved, p_fail).items():
                if pf:
                    failed[f] += ph * ps * pf
                    damage[moved + f] += ph * ps * pf
    if a.evade is not None:
        damage = _thin(damage, 1 - p_at_least(a.evade, a.sides))
    return PoolDistributions(Distribution(_dist(hits)), Distribution(_dist(surged)),
                             Distribution(_dist(failed)), Distribution(_dist(damage)))


def _dist(d: dict[int, Fraction]) -> dict[int, Fraction]:
    return {k: v for k, v in d.items() if v}


@dataclass(frozen=True)
class AttackOutcome:
    """Exact distributions of the casualties and of the Damage marker left on the target."""

    pools: PoolDistributions
    casualties: Distribution
    marker: Distribution
    total_damage: Distribution


def attack_outcome(a: AttackInput, hit_points: Sequence[int], visible: int | None = None,
                   marker: int = 0, reduction: int = 0) -> AttackOutcome:
    """SC 8.7.4 steps 1-5: the pools, then damage (plus the existing ``marker``) removing models
    of ``hit_points`` (removal order) up to ``visible`` of them; leftover damage is the new marker."""
    pools = pool_distributions(a)
    cas: dict[int, Fraction] = defaultdict(Fraction)
    mark: dict[int, Fraction] = defaultdict(Fraction)
    tot: dict[int, Fraction] = defaultdict(Fraction)
    for d, p in pools.damage_dice.items():
        t = total_damage(d, a.damage, marker, reduction)
        c = remove_casualties(t, hit_points, visible)
        cas[c.removed] += p
        mark[c.marker] += p
        tot[t] += p
    return AttackOutcome(pools, Distribution(cas), Distribution(mark), Distribution(tot))


def surge_distribution(spec: str) -> Distribution | None:
    """A Surge die written as a dice expression (``d3``, ``d3+1``, ``d6``, a fixed ``2``) or
    ``none``. The die is a setting: Part 8 names neither its size nor its faces."""
    from viewer.dice import DiceExpressionError, parse

    text = spec.strip().lower()
    if text in ("", "none", "-", "0"):
        return None
    try:
        return parse(text)
    except DiceExpressionError as err:
        raise PoolError(f"surge die {spec!r}: {err.problem}") from None
