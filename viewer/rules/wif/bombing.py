"""WiF strategic bombing (11.7), V-weapons and atomic bombs (11.7.1), carpet bombing (11.8, option 32).

The Strategic Bombing Table is a chart (``wif.strategic-bombing``); these functions take its
values as arguments and never guess one.
"""
from __future__ import annotations

import math
from fractions import Fraction

from viewer.rules.wif.air import weather_factor
from viewer.rules.wif.fractions import round_wif

WEAPONS = ("bombers", "v1", "v2-v3", "atomic")
#: Where surplus points go, in order (11.7 and its example): production, then oil resources,
#: then saved oil, then saved build points (the optional targets of 22.2 are not in this range).
TARGET_ORDER = ("production", "oil", "saved_oil", "saved_bp")
ATOMIC_CATEGORIES = ("factories", "ships", "resources")
#: Strategic factors of an atomic bomb when carpet bombing (11.8, PiF option 23).
ATOMIC_CARPET_FACTORS = 25
#: Lowest printed strategic factor of a US bomber that may carry an atomic bomb (11.7.1).
ATOMIC_CARRIER_MIN = 9


def bombing_factors(factors: float, weather: str) -> tuple[Fraction, int]:
    """Surviving strategic factors halved in Rain/Snow (8.2.3), exact and rounded for the table (2.6)."""
    if factors < 0:
        raise ValueError("factors cannot be negative")
    exact = Fraction(factors) * weather_factor(weather)
    return exact, round_wif(exact)


def roll_modifier(intercepted: bool, weapon: str = "bombers", carpet: bool = False,
                  carpet_bonus: bool = False) -> int:
    """+1 when the bombers fought no air-to-air combat (11.7); V-2/V-3 cannot be intercepted.

    11.8 does not say whether carpet bombing gets the +1: ``carpet_bonus`` chooses.
    """
    if weapon not in WEAPONS:
        raise ValueError(f"unknown weapon {weapon!r}; allowed: {', '.join(WEAPONS)}")
    if weapon == "v2-v3":
        intercepted = False
    if carpet and not carpet_bonus:
        return 0
    return 0 if intercepted else 1


def apply_points(points: int, targets: dict[str, int]) -> dict[str, int]:
    """Losses per target category, each capped by what the hex holds; surplus spills down the order."""
    left = points
    lost = {}
    for name in TARGET_ORDER:
        have = targets.get(name, 0)
        if have < 0:
            raise ValueError(f"{name} cannot be negative")
        take = min(left, have)
        lost[name] = take
        left -= take
    lost["wasted"] = left
    return lost


def factories_destroyed(asterisks: int, factories: int, option_30: bool) -> int:
    """Option 30: each asterisk destroys one usable factory (standard game: asterisks ignored)."""
    return min(asterisks, factories) if option_30 else 0


def atomic_losses(items: int) -> int:
    """An atomic bomb destroys half the items of the chosen type, rounded up, at random (11.7.1)."""
    if items < 0:
        raise ValueError("items cannot be negative")
    return math.ceil(items / 2)


def carpet_units_destroyed(asterisks: int, units: int) -> int:
    """Carpet bombing: each asterisk destroys one air or land unit in the hex, at random (11.8)."""
    return min(asterisks, units)
