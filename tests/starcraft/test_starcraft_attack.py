"""Attack pools (SC 8.7.4, 8.7.6, 8.8.1): derived tests of the digest and exact distributions
against brute-force enumeration of every die face."""
from __future__ import annotations

import itertools
from collections import defaultdict
from fractions import Fraction

import pytest

from viewer.dice import Distribution, constant, parse
from viewer.rules.starcraft.attack import (
    AttackInput,
    attack_outcome,
    pool_distributions,
    surge_distribution,
)
from viewer.rules.starcraft.pools import (
    PoolError,
    apply_surge,
    armor_roll,
    evade_roll,
    remove_casualties,
    roll_to_hit,
    total_damage,
)


def test_surge_cap_two_dice_surge_four():
    """Derived test "Surge cap": 2 dice in the Armor pool, Surge 4, tags match -> 2 move, 0 armor rolls."""
    assert apply_surge(2, 4, True) == (0, 2)


def test_surge_mismatch_is_ignored():
    """Derived test "Surge mismatch" / Ex. E5: anti-ground Surge on a Flying target moves nothing."""
    assert apply_surge(3, 2, False) == (3, 0)


def test_damage_carry_over_and_discard():
    """Derived test "Damage": 3 dice x 2 + marker 1 = 7; PI 3, 2 visible -> 2 removed, 1 discarded."""
    total = total_damage(3, 2, marker=1)
    assert total == 7
    c = remove_casualties(total, [3, 3, 3, 3], visible=2)
    assert (c.removed, c.marker, c.discarded) == (2, 0, 1)


def test_damage_leftover_becomes_marker():
    """Derived test "Damage leftover": total 5, PI 3, 3 visible -> 1 removed, marker 2."""
    c = remove_casualties(5, [3, 3, 3], visible=3)
    assert (c.removed, c.marker) == (1, 2)


def test_engaged_targets_count_every_model_and_mixed_hit_points():
    c = remove_casualties(6, [1, 2, 5], visible=None)
    assert (c.removed, c.marker) == (2, 3)


def test_pool_errors_name_the_problem():
    with pytest.raises(PoolError, match="hit must be 1..7"):
        AttackInput(3, 9, 4, 1).validate()
    with pytest.raises(PoolError, match="visible"):
        remove_casualties(3, [1, 1], visible=3)
    with pytest.raises(PoolError, match="surge die"):
        surge_distribution("d1")


def _brute(dice, hit, armor, damage, surge_faces, matches, evade, sides, hps, visible, marker):
    """Every face of every die, stage by stage, with the resolver's stage functions."""
    cas, mark = defaultdict(Fraction), defaultdict(Fraction)
    faces = range(1, sides + 1)
    for attack in itertools.product(faces, repeat=dice):
        p_a = Fraction(1, sides ** dice)
        for s, p_s in surge_faces.items():
            armor_pool, dmg = apply_surge(roll_to_hit(attack, hit), s, matches)
            for saves in itertools.product(faces, repeat=armor_pool):
                p_r = Fraction(1, sides ** armor_pool)
                d = dmg + armor_roll(saves, armor)
                ev_rolls = itertools.product(faces, repeat=d) if evade else [()]
                p_e = Fraction(1, sides ** d) if evade else Fraction(1)
                for ev in ev_rolls:
                    left = evade_roll(ev, evade) if evade else d
                    c = remove_casualties(total_damage(left, damage, marker), hps, visible)
                    p = p_a * p_s * p_r * p_e
                    cas[c.removed] += p
                    mark[c.marker] += p
    return Distribution(cas), Distribution(mark)


@pytest.mark.parametrize("dice, hit, armor, damage, surge, matches, evade, sides, hps, visible, marker", [
    (2, 3, 5, 1, "d3", True, None, 6, [2, 2, 2], 3, 0),
    (3, 4, 4, 2, "d3+1", True, 5, 6, [3, 3], 2, 1),
    (2, 2, 3, 1, "d6", False, 4, 6, [1, 1, 1], 2, 0),
    (3, 3, 5, 1, "none", False, None, 4, [2, 1, 1], 3, 1),
    (1, 5, 2, 3, "2", True, 3, 6, [4, 4], 1, 2),
])
def test_distribution_matches_brute_force(dice, hit, armor, damage, surge, matches, evade, sides, hps, visible, marker):
    sd = surge_distribution(surge)
    out = attack_outcome(AttackInput(dice, hit, armor, damage, sd, matches, evade, sides), hps, visible, marker)
    cas, mark = _brute(dice, hit, armor, damage, dict(sd.items()) if sd else {0: Fraction(1)},
                       matches, evade, sides, hps, visible, marker)
    assert out.casualties == cas and out.marker == mark


def test_anti_ground_surge_doubles_damage_against_ground():
    """Ex. E5: the same weapon deals far more against a matching (Ground) target than a Flying one."""
    base = {"dice": 6, "hit": 3, "armor": 3, "damage": 1, "surge": parse("d6"), "sides": 6}
    ground = pool_distributions(AttackInput(**base, surge_matches=True)).damage_dice.mean()
    flying = pool_distributions(AttackInput(**base, surge_matches=False)).damage_dice.mean()
    assert ground >= 2 * flying


@pytest.mark.parametrize("dice", [0, 1, 5, 12])
@pytest.mark.parametrize("evade", [None, 4])
def test_pool_properties(dice, evade):
    """Property checks: pools never grow, Surge never exceeds the hits, all sum to 1."""
    pools = pool_distributions(AttackInput(dice, 3, 4, 1, parse("d3"), True, evade))
    assert pools.hits.max <= dice and pools.damage_dice.max <= pools.hits.max
    assert pools.surged.max <= min(3, dice) and pools.surged.mean() <= pools.hits.mean()
    assert sum(pools.damage_dice.values()) == 1


def test_more_dice_never_fewer_expected_casualties():
    means = [attack_outcome(AttackInput(n, 4, 5, 1, parse("d3"), True), [2] * 6, 6).casualties.mean() for n in range(9)]
    assert all(a <= b for a, b in itertools.pairwise(means))


def test_template_primary_surge_is_fixed_result():
    """SC 8.7.6: the primary Group's Surge is the number of affected models, not a die roll."""
    pools = pool_distributions(AttackInput(4, 7, 4, 1, constant(4), True))  # hit 7: nothing hits on a d6
    assert pools.surged == constant(0)
    pools = pool_distributions(AttackInput(4, 1, 7, 1, constant(4), True))  # every die hits, surge moves all 4
    assert pools.surged == constant(4) and pools.damage_dice == constant(4)
