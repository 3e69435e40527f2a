"""WiF declarations: US entry and tension levels and the war-declaration roll (9.4); neutrality pacts (9.5)."""
from __future__ import annotations

from fractions import Fraction

from viewer.dice import Distribution, die
from viewer.rules.wif.fractions import round_wif

TARGETS = ("germany-italy", "japan")
#: Entry level needed to attempt a declaration (9.4).
MIN_ENTRY_LEVEL = 25


def level(pool_target: float, pool_other: float) -> int:
    """Entry (or tension) level against a target: 1.5 x its pool + 0.5 x the other pool, rounded (2.6)."""
    if pool_target < 0 or pool_other < 0:
        raise ValueError("chit values cannot be negative")
    return round_wif(Fraction(3, 2) * Fraction(pool_target) + Fraction(1, 2) * Fraction(pool_other))


def declaration_modifiers(target: str, uk_conquered: bool = False, china_conquered: bool = False,
                          japanese_unit_in_china: bool = False, fleet_not_at_pearl: bool = False,
                          appropriations_bill_not_chosen: bool = False, us_at_war: bool = False) -> dict[str, int]:
    """The cumulative die-roll modifiers of 9.4 that apply to this target (name -> modifier)."""
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; allowed: {', '.join(TARGETS)}")
    mods: dict[str, int] = {}
    if target == "germany-italy" and uk_conquered:
        mods["uk_conquered"] = -2
    if target == "japan":
        if china_conquered:
            mods["china_conquered"] = -2
        elif japanese_unit_in_china:
            mods["japanese_unit_in_china"] = -1
        if fleet_not_at_pearl:
            mods["fleet_not_at_pearl"] = 2
    if appropriations_bill_not_chosen:
        mods["appropriations_bill_not_chosen"] = 3
    if us_at_war:
        mods["us_at_war"] = -1
    return mods


def declaration_roll(number: int, modifier: int) -> tuple[int, Fraction, Distribution]:
    """Success when d10 + modifier <= number: the highest raw roll that succeeds, P, the modified roll."""
    highest = max(0, min(10, number - modifier))
    return highest, Fraction(highest, 10), die(10) + modifier


# -- 9.5 neutrality pacts -----------------------------------------------------------------------
#: Garrison value per unit (9.5).
GARRISON_VALUES = {"division": Fraction(1, 2), "armour": Fraction(2), "carrier_plane": Fraction(0),
                   "other": Fraction(1)}
#: The year multiplier on the defensive garrison by years since the pact was signed. The rule
#: text and its numeric example disagree by one year (digest B, 9.5): "example" follows the
#: numeric example (signing year +1 doubles), "text" the sentence (the signing year doubles).
MULTIPLIER_READINGS = ("example", "text")
_MULTIPLIERS = {
    "example": [Fraction(2), Fraction(2), Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)],
    "text": [Fraction(2), Fraction(1), Fraction(1, 2), Fraction(1, 3), Fraction(1, 4)],
}


def garrison(divisions: int = 0, armour: int = 0, carrier_planes: int = 0, other: int = 0) -> Fraction:
    """Garrison value of face-up land and air units on the border, not in an enemy ZOC (9.5)."""
    counts = (divisions, armour, carrier_planes, other)
    if min(counts) < 0:
        raise ValueError("unit counts cannot be negative")
    v = GARRISON_VALUES
    return divisions * v["division"] + armour * v["armour"] + carrier_planes * v["carrier_plane"] + other * v["other"]


def year_multiplier(signed: int, year: int, reading: str = "example") -> Fraction:
    """Multiplier of the defensive garrison ``year - signed`` years after signing."""
    if reading not in MULTIPLIER_READINGS:
        raise ValueError(f"unknown reading {reading!r}; allowed: {', '.join(MULTIPLIER_READINGS)}")
    if year < signed:
        raise ValueError("the year is before the pact was signed")
    table = _MULTIPLIERS[reading]
    return table[min(year - signed, len(table) - 1)]


def capped(garrison_value: Fraction, chits: float) -> Fraction:
    """Garrison plus chits, the chits adding at most the garrison value (no more than double)."""
    if chits < 0:
        raise ValueError("chit values cannot be negative")
    g = Fraction(garrison_value)
    return g + min(Fraction(chits), g)
