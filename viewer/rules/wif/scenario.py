"""World in Flames scenarios: units, control, war and weather laid over a map (WiF 2.2-2.5, 9).

A :class:`Scenario` is plain data: the units (:class:`Unit`), per-hex control overrides, who is
at war with whom, neutral countries, cooperation, conquered countries and alignments, the
weather of each climate zone and the optional rules in play. It is edited by pure methods that
return a changed copy (:meth:`Scenario.moved`, :meth:`Scenario.with_unit` ...), so an editor
keeps earlier scenarios for undo. Files are YAML (``maps/scenarios/README.md``) read and written
by :func:`load_scenario` / :func:`save_scenario` (module :mod:`viewer.rules.wif.scenario_io`).

Politics, as the rules give it:

* Sides (WiF 9): Axis (Germany, Italy, Japan) and Allies (Commonwealth, France, USA, USSR,
  China); a scenario may reassign. A minor country takes the side of the major power that
  controls it (aligned or conquered, WiF 2.5).
* Control (WiF 2.5): a hex is controlled by the override in ``control`` if any; otherwise by the
  map's start-of-war holder (``control_1939``: Japanese-held China) if it has one; otherwise by
  the owner of its map country: a major power's home country -> that major (the United
  Kingdom -> Commonwealth); a minor country -> the minor itself ("the minor itself controls the
  hexes in that minor"), unless it is conquered -> its conqueror; a territory -> the power
  controlling it (the scenario's ``aligned`` entry, else the map's).
* War (WiF 9.2): a declaration on a major power also covers the minors aligned with it, so a
  minor is at war with the enemies of its controlling major; the major is not at war with the
  minor's own enemies (Ex. 2.5-3: the USSR at war with German-controlled Finland but not with
  Germany). Pairs may also name whole sides (``axis``, ``allies``).
* Neutral (WiF 9.1): a major power at war with no other major power; a minor country aligned
  with nobody and at war with nobody; plus any power listed in ``neutral``.
* Cooperation (WiF 18.1, not in the digested text): same power; a minor with its controlling
  major (Ex. 2.4.2-1); pairs listed in ``cooperation`` (through alignment); never a neutral major
  (WiF 9.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import cast

import numpy as np
import pandas as pd

from viewer.errors import ViewerError
from viewer.rules.wif.scenario_units import (
    AIR,
    CATEGORIES,
    LAND,
    NAVAL,
    SECTIONS,
    UNIT_TYPES,
    Unit,
    UnitType,
)

HexKey = tuple[str, int, int]

#: The major powers (WiF 9; China as the Nationalist and Communist Chinese, WiF 2.4.2).
MAJOR_POWERS = ("Germany", "Italy", "Japan", "France", "Commonwealth", "USA", "USSR",
                "Nationalist China", "Communist China")
AXIS, ALLIES = "axis", "allies"
SIDES = (AXIS, ALLIES)
DEFAULT_SIDES = {"Germany": AXIS, "Italy": AXIS, "Japan": AXIS, "France": ALLIES,
                 "Commonwealth": ALLIES, "USA": ALLIES, "USSR": ALLIES,
                 "Nationalist China": ALLIES, "Communist China": ALLIES}

#: Optional rules and readings a scenario may switch on (name -> (default, rule citation)).
OPTIONS: dict[str, tuple[bool | int, str]] = {
    "afa_asa_maps": (False, "WiF 2.1.1"),          # AfA/AsA option 1: African and Scandinavian maps
    "divisions": (False, "WiF 2.2"),               # AsA/MiF options 2 & 3: divisions and artillery
    "zoc_hq_or_two_corps": (False, "WiF 2.2"),     # option 4: ZOC on the Asian/Pacific maps
    "supply_units": (False, "WiF 2.3.1"),          # MiF option 6: supply units
    "engineers": (False, "WiF 2.3.1"),             # MiF option 7: engineers raise air stacking
    "floatplanes": (False, "WiF 2.3.1"),           # option 8: floatplanes
    "convoy_pairs": (False, "WiF 2.3.1"),          # SiF option 9: 2 CP = 1 naval unit
    "limited_overseas_supply": (False, "WiF 2.4.2"),  # SiF option 11
    "limited_strait_supply": (False, "WiF 2.4.2"),    # option 12
    "emergency_supply": (False, "WiF 2.4.3"),         # option 13
}


class ScenarioError(ViewerError):
    """A bad scenario: ``parameter`` names the field (``units[3].hex``), ``allowed`` what may go there."""


@dataclass(frozen=True)
class MapPolitics:
    """The map's countries (regions of kind ``country``): status, owning power and capital (WiF 2.5)."""

    status: dict[str, str]   # country -> "major" | "minor" | "territory"
    power: dict[str, str]    # country -> the major power of a home country / the 1939 controller
    capital: dict[str, str]

    @property
    def minors(self) -> tuple[str, ...]:
        return tuple(c for c, s in self.status.items() if s == "minor")


@lru_cache(maxsize=8)
def _politics_cached(hexmap) -> MapPolitics:
    r = hexmap.regions
    r = r[r["kind"] == "country"]
    status: dict[str, str] = {}
    power: dict[str, str] = {}
    capital: dict[str, str] = {}
    for row in r.to_dict("records"):
        name = row["name"]
        status[name] = _text(row.get("status")) or "minor"
        owner = _text(row.get("power")) or _text(row.get("owner"))
        if owner:
            power[name] = owner
        city = _text(row.get("capital"))
        if city:
            capital[name] = city
    return MapPolitics(status, power, capital)


def map_politics(hexmap) -> MapPolitics:
    """The countries of ``hexmap`` (cached per map object)."""
    return _politics_cached(hexmap)


def _text(v) -> str | None:
    if v is None or v is pd.NA or (isinstance(v, float) and np.isnan(v)):
        return None
    return str(v) or None


class _UnitsAndWeather:
    """Where the units are and what weather each hex has (part of :class:`Scenario`)."""

    units: dict[str, Unit]
    weather: dict[str, str]

    def units_at(self, key: HexKey) -> list[Unit]:
        wanted = tuple(key)
        return [u for u in self.units.values() if u.hex is not None and tuple(u.hex) == wanted]

    def units_in_sea(self, sea_area: str) -> list[Unit]:
        return [u for u in self.units.values() if u.hex is None and u.sea_area == sea_area]

    def zone_weather(self, zone: str | None) -> str:
        """The weather of a climate zone (Fine when the scenario does not say, WiF 8)."""
        return self.weather.get(zone, "fine") if zone else "fine"

    def weather_at(self, hexmap, key: HexKey) -> str:
        """The weather of the climate zone of hex ``key`` (not shifted for deserts; see
        :meth:`effective_weather_at`)."""
        zone = hexmap.hexes["climate_zone"].iat[hexmap.position(tuple(key))]
        return self.zone_weather(_text(zone))

    def effective_weather_at(self, hexmap, key: HexKey) -> str:
        """The weather hex ``key`` suffers: its zone's, shifted in desert hexes (WiF 8.2.1)."""
        from viewer.rules.wif.weather import effective_weather

        terrain = hexmap.hexes["terrain"].iat[hexmap.position(tuple(key))]
        return effective_weather(self.weather_at(hexmap, key), _text(terrain))

    def weather_array(self, hexmap, effective: bool = True) -> np.ndarray:
        """The weather of every hex (object array); ``effective`` applies WiF 8.2.1 to deserts."""
        from viewer.rules.wif.weather import DESERT_SHIFT, DESERT_TERRAIN

        zones = hexmap.hexes["climate_zone"].to_numpy(dtype=object)
        known = ~pd.isna(zones)
        names, inverse = np.unique(zones[known].astype(str), return_inverse=True)
        w = np.full(len(zones), "fine", dtype=object)
        w[known] = np.array([self.zone_weather(z) for z in names] + [None], dtype=object)[:-1][inverse]
        if effective:
            desert = hexmap.hexes["terrain"].isin(DESERT_TERRAIN).to_numpy()
            for before, after in DESERT_SHIFT.items():
                w[desert & (w == before)] = after
        return w


class _Edits:
    """Edits returning a changed copy, for an editor with undo (part of :class:`Scenario`)."""

    units: dict[str, Unit]
    control: dict[HexKey, str]
    at_war: set[frozenset[str]]
    weather: dict[str, str]
    options: dict[str, bool | int]

    def _scenario(self) -> Scenario:
        # _Edits is only ever mixed into Scenario, a dataclass that dataclasses.replace accepts
        return cast("Scenario", self)

    def moved(self, unit_id: str, key: HexKey | None, sea_area: str | None = None,
              section: int | None = None) -> "Scenario":
        """A copy with unit ``unit_id`` on hex ``key`` (or at sea in ``sea_area``/``section``)."""
        unit = self._unit(unit_id)
        new = replace(unit, hex=cast(HexKey, tuple(key)) if key is not None else None,
                      sea_area=None if key is not None else sea_area,
                      section=None if key is not None else section)
        return replace(self._scenario(), units={**self.units, unit_id: new})

    def with_unit(self, unit: Unit) -> "Scenario":
        return replace(self._scenario(), units={**self.units, unit.id: unit})

    def without_unit(self, unit_id: str) -> "Scenario":
        self._unit(unit_id)
        return replace(self._scenario(), units={k: v for k, v in self.units.items() if k != unit_id})

    def flipped(self, unit_id: str) -> "Scenario":
        unit = self._unit(unit_id)
        return self.with_unit(replace(unit, face_up=not unit.face_up))

    def with_control(self, key: HexKey, power: str | None) -> "Scenario":
        """A copy where ``power`` controls hex ``key`` (None: back to the map's owner)."""
        control = {k: v for k, v in self.control.items() if k != tuple(key)}
        if power is not None:
            control[cast(HexKey, tuple(key))] = power
        return replace(self._scenario(), control=control)

    def with_war(self, a: str, b: str, at_war: bool = True) -> "Scenario":
        pair = frozenset((a, b))
        return replace(self._scenario(), at_war=(self.at_war | {pair}) if at_war else (self.at_war - {pair}))

    def with_weather(self, zone: str, condition: str) -> "Scenario":
        return replace(self._scenario(), weather={**self.weather, zone: condition})

    def with_option(self, name: str, value: bool | int) -> "Scenario":
        if name not in OPTIONS:
            raise ScenarioError("options", f"unknown option {name!r}", sorted(OPTIONS))
        return replace(self._scenario(), options={**self.options, name: value})

    def _unit(self, unit_id: str) -> Unit:
        if unit_id not in self.units:
            raise ScenarioError("unit", f"no unit {unit_id!r} in the scenario", sorted(self.units))
        return self.units[unit_id]


@dataclass
class Scenario(_UnitsAndWeather, _Edits):
    """A World in Flames situation over the map named ``map``; see the module docstring.

    ``aligned`` maps a minor country or territory to the major power that controls it (WiF 2.5;
    the map's 1939 alignment is the default); ``conquered`` lists conquered countries, whose
    hexes pass to their ``aligned`` entry (the conqueror). ``held_by_enemy_this_turn`` lists hexes
    the other side controlled at some time this turn (such cities are no supply source, WiF
    2.4.2). ``hexmap`` is the map the scenario was validated against (set by :func:`load_scenario`;
    not compared, not saved).
    """

    map: str
    name: str = ""
    units: dict[str, Unit] = field(default_factory=dict)
    control: dict[HexKey, str] = field(default_factory=dict)
    at_war: set[frozenset[str]] = field(default_factory=set)
    neutral: set[str] = field(default_factory=set)
    cooperation: set[frozenset[str]] = field(default_factory=set)
    conquered: set[str] = field(default_factory=set)
    aligned: dict[str, str] = field(default_factory=dict)
    sides: dict[str, str] = field(default_factory=dict)
    weather: dict[str, str] = field(default_factory=dict)
    options: dict[str, bool | int] = field(default_factory=dict)
    held_by_enemy_this_turn: set[HexKey] = field(default_factory=set)
    rule_refs: list[str] = field(default_factory=list)
    notes: str = ""
    notes_es: str = ""
    hexmap: object = field(default=None, compare=False, repr=False)

    def notes_in(self, lang: str) -> str:
        """The notes in ``lang`` (``notes`` is English, ``notes_es`` Spanish); the English ones
        when the file gives none in that language."""
        return (self.notes_es if lang == "es" else "") or self.notes

    @property
    def politics(self) -> MapPolitics | None:
        """The map's country table (None for a scenario built without its map)."""
        return map_politics(self.hexmap) if self.hexmap is not None else None

    # ------------------------------------------------------------------ politics (WiF 2.5, 9)
    def option(self, name: str) -> bool | int:
        return self.options.get(name, OPTIONS[name][0] if name in OPTIONS else False)

    def major_of(self, power: str | None) -> str | None:
        """The major power controlling ``power`` (itself for a major; None for an unaligned minor)."""
        if power is None or power in MAJOR_POWERS:
            return power
        if power in self.aligned:
            return self.aligned[power]
        return self.politics.power.get(power) if self.politics else None

    def side_of(self, power: str | None) -> str | None:
        """``axis``, ``allies`` or None (an unaligned minor)."""
        if power is None:
            return None
        if power in self.sides:
            return self.sides[power]
        if power in DEFAULT_SIDES:
            return DEFAULT_SIDES[power]
        major = self.major_of(power)
        return self.side_of(major) if major and major != power else None

    def _names(self, power: str) -> set[str]:
        names = {power}
        major = self.major_of(power)
        if major:
            names.add(major)
        side = self.side_of(power)
        if side:
            names.add(side)
        return names

    def at_war_with(self, a: str | None, b: str | None) -> bool:
        """Whether ``a`` and ``b`` are at war: directly, through a minor's controlling major (WiF
        9.2) or through a pair of sides."""
        if not a or not b or a == b:
            return False
        na, nb = self._names(a), self._names(b)
        return any(frozenset((x, y)) in self.at_war for x in na for y in nb if x != y)

    def powers(self) -> set[str]:
        """Every power the scenario or its map knows of."""
        out = set(MAJOR_POWERS) | set(self.aligned) | set(self.neutral)
        out |= {p for pair in self.at_war | self.cooperation for p in pair} - set(SIDES)
        out |= {u.power for u in self.units.values()} | set(self.control.values())
        if self.politics:
            out |= set(self.politics.minors)
        return out

    def enemies_of(self, power: str) -> set[str]:
        return {p for p in self.powers() if self.at_war_with(power, p)}

    def is_neutral(self, power: str | None) -> bool:
        """WiF 9.1: a major at war with no major; a minor aligned with none and at war with none."""
        if power is None:
            return False
        if power in self.neutral:
            return True
        if power in MAJOR_POWERS:
            return not any(self.at_war_with(power, p) for p in MAJOR_POWERS if p != power)
        if self.major_of(power) is not None:
            return False
        # an unaligned minor has no major and no side: only pairs naming it make it at war
        return not any(power in pair for pair in self.at_war)

    def cooperates(self, a: str, b: str) -> bool:
        """Whether units of ``a`` and ``b`` cooperate (WiF 18.1 as far as the text gives it)."""
        if a == b:
            return True
        ma, mb = self.major_of(a) or a, self.major_of(b) or b
        if ma == mb:
            return True
        if (ma in MAJOR_POWERS and self.is_neutral(ma)) or (mb in MAJOR_POWERS and self.is_neutral(mb)):
            return False
        return any(frozenset((x, y)) in self.cooperation for x in (a, ma) for y in (b, mb))

    def country_controller(self, country: str | None) -> str | None:
        """The power controlling the hexes of map country ``country`` (WiF 2.5)."""
        if not country:
            return None
        if country in self.conquered and country in self.aligned:
            return self.aligned[country]
        status = self.politics.status.get(country) if self.politics else None
        if status == "major" or country in MAJOR_POWERS:
            return self.politics.power.get(country, country) if self.politics else country
        if status == "territory":
            return self.aligned.get(country) or (self.politics.power.get(country) if self.politics else None) or country
        return country

    def controller(self, hexmap, key: HexKey) -> str | None:
        """Who controls hex ``key``: the override, else its country's controller (WiF 2.5)."""
        key = cast(HexKey, tuple(key))
        if key in self.control:
            return self.control[key]
        row = hexmap.position(key)
        if "control_1939" in hexmap.hexes.columns and _text(hexmap.hexes["control_1939"].iat[row]):
            return str(hexmap.hexes["control_1939"].iat[row])  # held at the start, not its country's (2.5)
        return self.country_controller(_text(hexmap.hexes["country"].iat[row]))

    def control_array(self, hexmap) -> np.ndarray:
        """The controller of every hex (object array aligned with ``hexmap.hexes``; None at sea)."""
        countries = hexmap.hexes["country"].to_numpy(dtype=object)
        known = ~pd.isna(countries)
        names, inverse = np.unique(countries[known].astype(str), return_inverse=True)
        out = np.full(len(countries), None, dtype=object)
        out[known] = np.array([self.country_controller(c) for c in names] + [None], dtype=object)[:-1][inverse]
        if "control_1939" in hexmap.hexes.columns:   # the map's start-of-war holders (WiF 2.5)
            held = hexmap.hexes["control_1939"].to_numpy(dtype=object)
            mask = ~pd.isna(held) & (held != "")
            out[mask] = held[mask]
        for key, power in self.control.items():
            if key in hexmap:
                out[hexmap.position(key)] = power
        return out


__all__ = [
    "AIR", "ALLIES", "AXIS", "CATEGORIES", "DEFAULT_SIDES", "HexKey", "LAND", "MAJOR_POWERS",
    "MapPolitics", "NAVAL", "OPTIONS", "SECTIONS", "SIDES", "Scenario", "ScenarioError",
    "UNIT_TYPES", "Unit", "UnitType", "map_politics",
]
