"""WiF air rules: AA fire points and losses (11.5.9, 11.7), weather halving (8.2.3), ground strike (11.9)."""
from __future__ import annotations

from fractions import Fraction

from viewer.dice import Distribution, constant, keep
from viewer.rules.wif.fractions import round_wif
from viewer.rules.wif.naval import check_weather

HALVING_WEATHER = ("rain", "snow")


# -- AA fire ------------------------------------------------------------------------------------
def aa_distribution(dice: int, kept: int, highest: bool = True) -> Distribution:
    """Sum of the ``kept`` best (``+X/Y``) or worst (``-X/Y``) of ``dice`` d10s, exactly."""
    if dice < 1:
        raise ValueError("at least one die is needed")
    if not 1 <= kept <= dice:
        raise ValueError(f"cannot keep {kept} of {dice} dice")
    return keep(dice, 10, kept, highest)


def aa_points(rolls: list[int], kept: int, highest: bool = True) -> int:
    """The AA points of a given roll: the ``kept`` highest (or lowest) dice added."""
    if any(not 1 <= r <= 10 for r in rolls):
        raise ValueError("each d10 reads 1..10")
    if not 1 <= kept <= len(rolls):
        raise ValueError(f"cannot keep {kept} of {len(rolls)} dice")
    chosen = sorted(rolls, reverse=highest)[:kept]
    return sum(chosen)


def aa_losses(points: int) -> dict[str, int]:
    """Split AA points: each 10 a heavy loss, a remaining 5 a light loss, each other point -1 factor.

    Per 10: destroy 1 land-based bomber, or 2 carrier planes, or 1 carrier plane and abort 1
    land-based bomber. Per 5: abort 1 land-based bomber or destroy 1 carrier plane (11.5.9).
    """
    if points < 0:
        raise ValueError("points cannot be negative")
    tens, rest = divmod(points, 10)
    fives = 1 if rest >= 5 else 0
    return {"tens": tens, "fives": fives, "ones": rest - 5 * fives}


def after_aa_and_weather(factors: float, ones: int, weather: str) -> tuple[Fraction, Fraction]:
    """Air-to-sea (or bombing) factors after AA points, then halved in Rain/Snow (8.2.3: after AA)."""
    check_weather(weather)
    left = max(Fraction(0), Fraction(factors) - ones)
    return left, (left / 2 if weather in HALVING_WEATHER else left)


def weather_factor(weather: str) -> Fraction:
    """8.2.3: aircraft naval, tactical and strategic factors are halved in Rain or Snow."""
    return Fraction(1, 2) if check_weather(weather) in HALVING_WEATHER else Fraction(1)


# -- 11.9 ground strike -------------------------------------------------------------------------
ARMOUR_TYPES = ("MEC", "BLIN", "HQ-BLIN")


def ground_strike_factor(tactical: float, weather: str, terrain_multiplier: Fraction | None = Fraction(1),
                         offensive_bonus: float = 0) -> Fraction:
    """The exact effective tactical factor before rounding (11.9, 8.2.3, 14.5, 16)."""
    if tactical < 0:
        raise ValueError("a tactical factor cannot be negative")
    mult = terrain_multiplier if terrain_multiplier is not None else Fraction(1)
    return (Fraction(tactical) + Fraction(offensive_bonus)) * weather_factor(weather) * mult


def strike_dice(surprised: bool, tank_buster: bool, armoured_target: bool) -> int:
    """1 die; 2 if the defenders are surprised; +1 for option-33 tank-busters on MEC/BLIN/HQ-BLIN."""
    return 1 + (1 if surprised else 0) + (1 if tank_buster and armoured_target else 0)


def p_strike(factor: int, n_dice: int) -> Fraction:
    """P(at least one of ``n_dice`` d10 rolls <= factor): 1 - (1 - t/10)^n, t clamped to 0..10."""
    t = max(0, min(10, factor))
    return 1 - (1 - Fraction(t, 10)) ** n_dice


def flips_distribution(targets: int, p: Fraction) -> Distribution:
    """Number of targets flipped face-down: binomial(targets, p), exact."""
    if targets < 0:
        raise ValueError("targets cannot be negative")
    if targets == 0 or p == 0:
        return constant(0)
    if p == 1:
        return constant(targets)
    from math import comb
    return Distribution({k: comb(targets, k) * p**k * (1 - p) ** (targets - k) for k in range(targets + 1)})


def rounded(x: Fraction) -> int:
    """2.6 rounding at the comparison with the die."""
    return round_wif(x)
