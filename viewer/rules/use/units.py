"""Units, factions and the situation on the board (USE 2.3, 3.2, 4.2).

A :class:`Situation` is what the user sets: units with their hex, supply state (the supply rules,
7.x, are not in the text, so supply is an input), Sorties, fortress occupation; city control;
No-EZOC markers; and the hexes a supply route can reach (used by strategic and air movement,
4.1.2 and 4.2.2, again an input).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace

from viewer.errors import Refusal

#: The three factions, in faction order (USE 1.2, 2.3).
FACTIONS = ("axis", "western-allies", "soviet")
CLASSES = ("land", "air", "naval")
#: Unit types by class (USE 3.2.1-3.2.3).
TYPES = {"land": ("infantry", "paratroop", "garrison", "motorized", "tank"),
         "air": ("fighter", "bomber"),
         "naval": ("carrier", "surface", "convoy")}
FOOT = ("infantry", "paratroop", "garrison")
MECHANIZED = ("motorized", "tank")
SUPPLY = ("full", "low", "out")
#: Whether paratroops and garrisons count as "infantry" for their MP is not stated (4.2): a setting.
INFANTRY_RULES = ("infantry-only", "all-foot")


class UnitError(Refusal):
    """A unit or situation that breaks the rules' vocabulary; names the field and what is allowed."""


def check_faction(faction: str) -> str:
    if faction not in FACTIONS:
        raise UnitError(f"unknown faction {faction!r}; allowed: {', '.join(FACTIONS)}")
    return faction


@dataclass(frozen=True)
class Unit:
    """One counter (USE 3.2). ``hex`` is a hex number or a map box id."""

    id: str
    faction: str
    cls: str
    type: str
    hex: str
    country: str = ""
    supply: str = "full"
    sorties: int = 0
    in_fortress: bool = False
    elite: bool = False
    sm_marker: bool = False

    def __post_init__(self):
        check_faction(self.faction)
        if self.cls not in CLASSES:
            raise UnitError(f"unit {self.id}: unknown class {self.cls!r}; allowed: {', '.join(CLASSES)}")
        if self.type not in TYPES[self.cls]:
            raise UnitError(f"unit {self.id}: a {self.cls} unit's type must be one of "
                            f"{', '.join(TYPES[self.cls])}, not {self.type!r}")
        if self.supply not in SUPPLY:
            raise UnitError(f"unit {self.id}: unknown supply state {self.supply!r}; allowed: {', '.join(SUPPLY)}")
        if not 0 <= self.sorties <= 6:
            raise UnitError(f"unit {self.id}: Sorties run 0..6, not {self.sorties}")
        if self.in_fortress and self.cls != "land":
            raise UnitError(f"unit {self.id}: only land units occupy fortresses (4.2.3.5)")

    @property
    def land(self) -> bool:
        return self.cls == "land"

    @property
    def stack_category(self) -> str:
        """Stacking category (3.3): land, fighter, bomber, warship or convoy."""
        if self.cls == "land":
            return "land"
        if self.cls == "air":
            return self.type
        return "convoy" if self.type == "convoy" else "warship"

    def moved(self, hex: str, **changes) -> "Unit":
        return replace(self, hex=hex, **changes)


def mp_allowance(unit_type: str, supply: str, infantry_rule: str = "infantry-only") -> int:
    """Movement points per turn (USE 4.2): infantry 8 in full supply, every other type 10;
    4 and 5 in low supply or out of supply."""
    if supply not in SUPPLY:
        raise UnitError(f"unknown supply state {supply!r}; allowed: {', '.join(SUPPLY)}")
    if infantry_rule not in INFANTRY_RULES:
        raise UnitError(f"unknown infantry rule {infantry_rule!r}; allowed: {', '.join(INFANTRY_RULES)}")
    foot = FOOT if infantry_rule == "all-foot" else ("infantry",)
    full = 8 if unit_type in foot else 10
    return full if supply == "full" else full // 2


@dataclass
class Situation:
    """Units and markers on a board (what the user sets)."""

    units: list[Unit] = field(default_factory=list)
    #: city hex -> controlling faction (a city not listed belongs to ``default_control``)
    control: dict[str, str] = field(default_factory=dict)
    no_ezoc: frozenset = frozenset()
    #: hexes from which a supply route can be traced (7.4, not in the text); None = every hex
    supplied_hexes: frozenset | None = None
    #: fortress hex -> "removed" or "british" (Tobruk) once changed (4.2.3.6)
    fortress_state: dict[str, str] = field(default_factory=dict)
    #: enemy Paratroopers / Partisans markers: hex -> faction (4.2.2.1, 4.2.4.1)
    markers: dict[str, str] = field(default_factory=dict)
    #: countries neutral in this situation (2.1.1), over the board's own neutral flags
    neutral_countries: frozenset = frozenset()
    #: fortress hex -> the faction of its nationality, when an allegiance decides it (4.2.3.5);
    #: ``"neutral"`` for a neutral country's fortress
    fortress_factions: dict[str, str] = field(default_factory=dict)

    def unit(self, uid: str) -> Unit:
        for u in self.units:
            if u.id == uid:
                return u
        raise UnitError(f"no unit {uid!r}; units: {', '.join(u.id for u in self.units)}")

    def at(self, hex: str) -> list[Unit]:
        return [u for u in self.units if u.hex == hex]

    def without(self, uid: str) -> "Situation":
        return replace(self, units=[u for u in self.units if u.id != uid])

    def replace_unit(self, unit: Unit) -> "Situation":
        return replace(self, units=[unit if u.id == unit.id else u for u in self.units])

    def city_owner(self, board, hex: str) -> str | None:
        h = board.hexes.get(hex)
        if h is None or not h.city:
            return None
        if hex in self.control:
            return self.control[hex]
        return None if h.country in self.neutral_countries else _owner_of_country(h.country)

    def enemy_city(self, board, hex: str, faction: str) -> bool:
        owner = self.city_owner(board, hex)
        return owner is not None and owner != faction

    def fortress_owner(self, board, hex: str) -> str | None:
        """The faction of the fortress in ``hex`` (its nationality's faction), None if none."""
        h = board.hexes.get(hex)
        if h is None or not h.fortress or self.fortress_state.get(hex) == "removed":
            return None
        if self.fortress_state.get(hex) == "british":
            return "western-allies"
        if hex in self.fortress_factions:
            owner = self.fortress_factions[hex]
            return None if owner == "neutral" else owner
        return _owner_of_country(h.fortress)

    def neutral_inland(self, board):
        """Per hex of ``board`` (its label order): a non-coastal hex of a country this situation
        makes neutral (2.1.1), closed to land movement beside the board's own closed hexes."""
        import numpy as np
        if not self.neutral_countries:
            return np.zeros(len(board.labels), bool)
        country = board.hex_column("country")
        return np.isin(country, sorted(self.neutral_countries)) & ~board.hex_column("coastal")

    def neutral(self, board, hex: str) -> bool:
        """Does ``hex`` belong to a neutral country (2.1.1): the board's flag or this situation's list?"""
        h = board.hexes.get(hex)
        return bool(h and (h.neutral or (h.country and h.country in self.neutral_countries)))

    def supplied(self, hex: str) -> bool:
        return self.supplied_hexes is None or hex in self.supplied_hexes


#: The faction a country's cities and fortresses belong to when the situation does not say
#: (the Country List, 16.0, is not in the text: only the example countries are listed here).
COUNTRY_FACTION = {"Germany": "axis", "Italy": "axis", "France": "western-allies",
                   "Great Britain": "western-allies", "United Kingdom": "western-allies", "USSR": "soviet"}


def _owner_of_country(country: str) -> str | None:
    return COUNTRY_FACTION.get(country)
