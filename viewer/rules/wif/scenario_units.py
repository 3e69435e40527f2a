"""World in Flames units of a scenario: the unit types and the :class:`Unit` record.

Unit types are the counter classes the rule digests and the issue name (the label catalogue
``unit.*`` gives their names in English and Spanish). Each type has a category (land, naval,
air) and, for land units, a size: ``corps`` for corps- and army-size units, ``division`` for the
small units that AsA/MiF options 2 & 3 treat apart (divisions and artillery: own-hex ZOC,
WiF 2.2; the extra third unit, WiF 2.3.1); engineers are MiF divisions (WiF 22.4.1) and supply
units stack as a division (MiF option 6, WiF 2.3.1).

* land: ``INF`` infantry, ``ARM`` armour (Spanish BLIN), ``MECH`` mechanized, ``MOT``
  motorized, ``MTN`` mountain, ``MIL`` militia, ``MAR`` marines, ``CAV`` cavalry, ``GAR``
  garrison, ``PARA`` paratroops, ``HQ-I`` and ``HQ-A`` infantry and armour headquarters
  (Spanish CG), ``DIV`` a division of any arm, ``ART`` artillery, ``ENG`` engineer,
  ``SUPPLY`` supply unit (MiF option 6), ``PARTISAN`` partisans (WiF 13.1, own-hex ZOC, WiF 2.2);
* naval: ``BB`` battleship, ``BC`` battlecruiser, ``CA`` heavy and ``CL`` light cruiser (the
  surface combat ships, SCS, Spanish BCS, that block overseas supply, WiF 2.4.2), ``CV``
  carrier, ``SUB`` submarine, ``TRS`` transport, ``AMPH`` amphibious (Spanish ANFI), ``CONVOY``
  convoy points (``points`` on the unit: how many, WiF 2.3.1);
* air: ``FTR`` fighter, ``LND`` land bomber, ``NAV`` naval bomber, ``ATR`` air transport,
  ``CVP`` carrier plane. A floatplane (option 8) is any air type with ``floatplane: true``.
"""
from __future__ import annotations

from dataclasses import dataclass

LAND, NAVAL, AIR = "land", "naval", "air"
CATEGORIES = (LAND, NAVAL, AIR)


@dataclass(frozen=True)
class UnitType:
    """One counter class: ``id`` (as written in scenario files), category, land size, label key."""

    id: str
    category: str
    size: str = ""  # land units: "corps" (corps or army) or "division"
    label: str = ""  # label catalogue key (unit.*)


def _t(id_, category, size="", label=""):
    return id_, UnitType(id_, category, size, label)


UNIT_TYPES: dict[str, UnitType] = dict([
    _t("INF", LAND, "corps", "unit.inf"),
    _t("ARM", LAND, "corps", "unit.arm"),
    _t("MECH", LAND, "corps", "unit.mech"),
    _t("MOT", LAND, "corps", "unit.mot"),
    _t("MTN", LAND, "corps", "unit.mtn"),
    _t("MIL", LAND, "corps", "unit.mil"),
    _t("MAR", LAND, "corps", "unit.mar"),
    _t("CAV", LAND, "corps", "unit.cavalry"),
    _t("GAR", LAND, "corps", "unit.garrison"),
    _t("PARA", LAND, "corps"),
    _t("HQ-I", LAND, "corps", "unit.hq"),
    _t("HQ-A", LAND, "corps", "unit.hq"),
    _t("DIV", LAND, "division", "unit.division"),
    _t("ART", LAND, "division", "unit.art"),
    _t("ENG", LAND, "division", "unit.engineer"),
    _t("SUPPLY", LAND, "division", "unit.supply"),
    _t("PARTISAN", LAND, "corps", "unit.partisan"),
    _t("BB", NAVAL, label="unit.scs"),
    _t("BC", NAVAL, label="unit.scs"),
    _t("CA", NAVAL, label="unit.scs"),
    _t("CL", NAVAL, label="unit.scs"),
    _t("CV", NAVAL, label="unit.carrier"),
    _t("SUB", NAVAL, label="unit.sub"),
    _t("TRS", NAVAL, label="unit.trs"),
    _t("AMPH", NAVAL, label="unit.amph"),
    _t("CONVOY", NAVAL, label="unit.convoy"),
    _t("FTR", AIR, label="unit.fighter"),
    _t("LND", AIR, label="unit.lnd"),
    _t("NAV", AIR, label="unit.nav"),
    _t("ATR", AIR, label="unit.atr"),
    _t("CVP", AIR, label="unit.carrier-plane"),
])

#: Surface combat ships (SCS; Spanish BCS), WiF 2.4.2 sea-area blocking.
SURFACE_COMBAT = ("BB", "BC", "CA", "CL")
CARRIERS = ("CV",)
HQ_TYPES = ("HQ-I", "HQ-A")
#: Small land units of AsA/MiF options 2 & 3 (WiF 2.2, 2.3.1; engineers: WiF 22.4.1).
DIVISION_TYPES = ("DIV", "ART", "ENG")
#: Sea-box sections 0-4 (WiF 11.4).
SECTIONS = (0, 1, 2, 3, 4)


@dataclass(frozen=True)
class Unit:
    """One counter on the map or in a sea box.

    ``hex`` is a map key ``(sheet, q, r)``; naval (and air or carried land) units at sea have a
    ``sea_area`` and a sea-box ``section`` instead (WiF 2.1.2, 11.4). ``power`` is the major
    power or minor country the unit belongs to; ``home`` its home country when it differs
    (e.g. a Commonwealth unit from Canada, WiF 2.5). ``invading`` and ``paradropping`` mark
    units landing this impulse, which have no ZOC and stack apart (WiF 2.2, 2.3.1). ``factors``
    are the numbers printed on the counter, left to right, when the scenario gives them.
    """

    id: str
    type: str
    power: str
    home: str | None = None
    face_up: bool = True
    white_flag: bool = False
    hex: tuple[str, int, int] | None = None
    sea_area: str | None = None
    section: int | None = None
    air_to_sea: int = 0
    name: str | None = None
    invading: bool = False
    paradropping: bool = False
    floatplane: bool = False
    points: int = 1
    #: The factors printed on the counter, left to right, as the scenario gives them (empty when
    #: it gives none: the viewer never makes them up).
    factors: tuple[int, ...] = ()

    @property
    def category(self) -> str:
        return UNIT_TYPES[self.type].category if self.type in UNIT_TYPES else ""

    @property
    def is_land(self) -> bool:
        return self.category == LAND

    @property
    def is_naval(self) -> bool:
        return self.category == NAVAL

    @property
    def is_air(self) -> bool:
        return self.category == AIR

    @property
    def is_hq(self) -> bool:
        return self.type in HQ_TYPES

    @property
    def is_division(self) -> bool:
        """A small land unit under AsA/MiF options 2 & 3 (division, artillery, engineer)."""
        return self.type in DIVISION_TYPES

    @property
    def is_surface_combat(self) -> bool:
        """A surface combat ship (SCS, Spanish BCS) in the sense of WiF 2.4.2."""
        return self.type in SURFACE_COMBAT

    @property
    def is_carrier(self) -> bool:
        return self.type in CARRIERS

    @property
    def is_surface(self) -> bool:
        """A naval unit that is not a submarine (WiF 2.4.2 "surface naval unit"; whether
        convoys and transports count is unclear in the text, so they are included here)."""
        return self.is_naval and self.type != "SUB"

    @property
    def at_sea(self) -> bool:
        return self.hex is None and self.sea_area is not None

    @property
    def convoy_points(self) -> int:
        return self.points if self.type == "CONVOY" else 0
