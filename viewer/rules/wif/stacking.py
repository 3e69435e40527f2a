"""World in Flames stacking limits and over-stacked hexes (WiF 2.3).

Limits, with the values of ``data/stacking.yaml`` (each stated in WiF 2.3.1):

* land: 2 units a hex, doubled off-map; with AsA/MiF options 2 & 3 (``divisions``) one more if
  the extra unit is a division, artillery or engineer, and with MiF option 6 (``supply_units``)
  supply units stack as a division. Invading and paradropping units stack apart from the
  defenders, all of them together (their number is not given: the normal limit is used). Land
  units carried at sea have no limit.
* air (not flying a mission): the highest of the values that apply to the hex (minor port 2,
  major port or city 3, mountain or desert-mountain 0, swamp 0, else 1), doubled off-map, then
  +1 if an HQ is there (once a hex; the text says "a hex with an HQ"), then +1 for each engineer
  even face down (MiF option 7, ``engineers``). Terrain is taken as the weather leaves it: a
  swamp in Snow or Blizzard counts as forest, a frozen lake as clear (WiF 8.2.9). With option 8
  (``floatplanes``) one floatplane may stand in a coastal hex besides the other aircraft, and none
  elsewhere; engineers do not raise it.
* naval: 2 in a minor port the side controls, no limit in a major port it controls or in a sea
  box; none in a port the other side controls (such ships would be overrun, WiF 2.5). Convoy
  points count 5 to a naval unit, or with SiF option 9 (``convoy_pairs``) each 2 or fraction; the
  total is rounded as WiF 2.6 says before the comparison.

The limits are independent (land, air and naval) and apply to each side's units in a hex.
A fault lists the units of its kind face-up first: the order in which the text, as written, has
the owner destroy them (digest ambiguity 10). Reasons are label-catalogue keys
(``stacking.reason.*``) with their parameters, for the views to translate.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np
import yaml

from viewer.ruleref import RuleRef
from viewer.rules.wif.fractions import round_wif
from viewer.rules.wif.scenario import HexKey, Scenario, Unit

R_STACKING = RuleRef("wif", "2.3.1")
R_FROZEN = RuleRef("wif", "8.2.9")
DATA = Path(__file__).with_name("data") / "stacking.yaml"


@lru_cache(maxsize=1)
def limits_table() -> dict:
    """The shipped values: ``{"land": {...}, "air": {...}, "naval": {...}}`` of plain numbers."""
    raw = yaml.safe_load(DATA.read_text(encoding="utf-8"))

    def values(node):
        if isinstance(node, dict) and "value" in node:
            return node["value"]
        if isinstance(node, dict):
            return {k: values(v) for k, v in node.items()}
        return node

    return {k: values(raw[k]) for k in ("land", "air", "naval")}


@dataclass(frozen=True)
class StackingFault:
    """An over-stacked hex: ``kind`` of units (land, landing, air, floatplane, naval), how many
    against the limit, the rule and the reason key with its parameters."""

    hex: str
    key: HexKey
    kind: str
    count: int
    limit: int
    side: str
    units: tuple[str, ...]
    reason: str
    params: dict = field(default_factory=dict)
    rule: RuleRef = R_STACKING


@dataclass(frozen=True)
class HexStacking:
    """What one hex allows (None: no limit) and the facts used, for a card or a tooltip."""

    land: int
    air: int
    floatplanes: int
    naval: int | None
    air_steps: tuple[tuple[str, int], ...]


# ------------------------------------------------------------------ limits of one hex
def _hex_facts(hexmap, scenario: Scenario, pos: int, weather: str | None = None) -> dict:
    """The hex's facts for the limits; ``weather`` is its effective weather (computed if None)."""
    from viewer.rules.wif.weather_effects import effective_terrain
    from viewer.rules.wif.zoc import adjacency

    cols = adjacency(hexmap).columns
    h = hexmap.hexes
    key = (str(h["sheet"].iat[pos]), int(h["q"].iat[pos]), int(h["r"].iat[pos]))
    kinds = _feature_kinds(hexmap).get(key, set())
    if weather is None:
        weather = scenario.effective_weather_at(hexmap, key)
    return {
        "key": key,
        "label": str(cols["label"][pos]),
        "terrain": effective_terrain(str(cols["terrain"][pos]), weather),
        "off_map": bool(cols["off_map"][pos]),
        "coastal": bool(cols["coastal"][pos]) or "minor-port" in kinds or "major-port" in kinds,
        "major_port": "major-port" in kinds,
        "minor_port": "minor-port" in kinds or (bool(cols["port"][pos]) and "major-port" not in kinds),
        "city": bool(cols["city"][pos]) or bool(kinds & {"city", "capital"}),
    }


_FEATURES: dict = {}


def _feature_kinds(hexmap) -> dict:
    cached = _FEATURES.get(id(hexmap))
    if cached is not None and cached[0] is hexmap:
        return cached[1]
    out: dict = {}
    f = hexmap.features
    for kind, s, q, r in zip(f["kind"].tolist(), f["sheet"].tolist(), f["q"].tolist(), f["r"].tolist()):
        out.setdefault((s, int(q), int(r)), set()).add(kind)
    _FEATURES[id(hexmap)] = (hexmap, out)
    return out


def air_limit(facts: dict, hqs: int = 0, engineers: int = 0) -> tuple[int, tuple[tuple[str, int], ...]]:
    """The air stacking limit and its steps: highest base -> doubled off-map -> +HQ -> +engineers."""
    t = limits_table()["air"]
    base = t["base"]
    applicable = []
    if facts["minor_port"]:
        applicable.append(("minor-port", base["minor-port"]))
    if facts["major_port"]:
        applicable.append(("major-port", base["major-port"]))
    if facts["city"]:
        applicable.append(("city", base["city"]))
    if facts["terrain"] in ("mountain", "desert-mountain", "swamp"):
        applicable.append((facts["terrain"], base[facts["terrain"]]))
    if not applicable:
        applicable.append(("other", base["other"]))
    name, limit = max(applicable, key=lambda a: a[1])
    steps = [(name, limit)]
    if facts["off_map"]:
        limit *= t["off_map_multiplier"]
        steps.append(("off_map", limit))
    if hqs:
        limit += t["hq_bonus"]
        steps.append(("hq", limit))
    if engineers:
        limit += t["engineer_bonus"] * engineers
        steps.append(("engineers", limit))
    return limit, tuple(steps)


def hex_stacking(hexmap, scenario: Scenario, key: HexKey, side: str | None = None) -> HexStacking:
    """The limits of hex ``key`` for ``side``'s units there (WiF 2.3.1)."""
    facts = _hex_facts(hexmap, scenario, hexmap.position(tuple(key)))
    units = [u for u in scenario.units_at(key) if side is None or _side(scenario, u) == side]
    return _limits(scenario, facts, units, side, scenario.controller(hexmap, key))


def _limits(scenario: Scenario, facts: dict, units: list[Unit], side, controller) -> HexStacking:
    land_t, naval_t = limits_table()["land"], limits_table()["naval"]
    land = land_t["per_hex"] * (land_t["off_map_multiplier"] if facts["off_map"] else 1)
    hqs = sum(1 for u in units if u.is_hq)
    engineers = sum(1 for u in units if u.type == "ENG") if scenario.option("engineers") else 0
    air, steps = air_limit(facts, hqs, engineers)
    floats = limits_table()["air"]["floatplanes_per_coastal_hex"] if facts["coastal"] else 0
    naval: int | None = 0
    if facts["major_port"] or facts["minor_port"]:
        friendly = side is None or _friendly(scenario, controller, side)
        if friendly:
            naval = None if facts["major_port"] else naval_t["minor_port"]
    return HexStacking(land, air, floats, naval, steps)


def _side(scenario: Scenario, unit: Unit) -> str:
    return scenario.side_of(unit.power) or unit.power


def _friendly(scenario: Scenario, controller: str | None, side: str) -> bool:
    return controller is not None and (scenario.side_of(controller) or controller) == side


# ------------------------------------------------------------------ faults
def _order(units: list[Unit]) -> tuple[str, ...]:
    return tuple(u.id for u in sorted(units, key=lambda u: not u.face_up))


def _small(scenario: Scenario, unit: Unit) -> bool | int:
    return (scenario.option("divisions") and unit.is_division) or (
        scenario.option("supply_units") and unit.type == "SUPPLY")


def _naval_count(scenario: Scenario, units: list[Unit]) -> int:
    t = limits_table()["naval"]
    ships = sum(1 for u in units if u.type != "CONVOY")
    cp = sum(u.convoy_points for u in units)
    if scenario.option("convoy_pairs"):
        return ships + math.ceil(cp / t["convoy_points_per_unit_option_9"])
    return round_wif(ships + cp / t["convoy_points_per_unit"])


def _hex_faults(hexmap, scenario: Scenario, facts: dict, side: str, units: list[Unit], controller) -> list[StackingFault]:
    lim = _limits(scenario, facts, units, side, controller)
    out = []

    def fault(kind, group, count, limit, reason, **params):
        out.append(StackingFault(facts["label"], facts["key"], kind, int(count), int(limit), side,
                                 _order(group), reason, {"count": int(count), "limit": int(limit), **params}))

    for kind, group in (("land", [u for u in units if u.is_land and not (u.invading or u.paradropping)]),
                        ("landing", [u for u in units if u.is_land and (u.invading or u.paradropping)])):
        if not group:
            continue
        small = sum(1 for u in group if _small(scenario, u))
        limit = lim.land + (limits_table()["land"]["division_extra"] if small else 0)
        if small and len(group) - small > lim.land:
            fault(kind, group, len(group) - small, lim.land, f"stacking.reason.{kind}_large")
        elif len(group) > limit:
            fault(kind, group, len(group), limit, f"stacking.reason.{kind}")
    _air_and_naval(scenario, facts, side, units, controller, lim, fault)
    return out


def _air_and_naval(scenario, facts, side, units, controller, lim, fault) -> None:
    air = [u for u in units if u.is_air]
    floats = [u for u in air if u.floatplane] if scenario.option("floatplanes") else []
    planes = [u for u in air if u not in floats]
    if len(planes) > lim.air:
        fault("air", planes, len(planes), lim.air, "stacking.reason.air",
              steps=", ".join(f"{n}={v}" for n, v in lim.air_steps))
    if len(floats) > lim.floatplanes:
        fault("floatplane", floats, len(floats), lim.floatplanes,
              "stacking.reason.floatplane" if facts["coastal"] else "stacking.reason.floatplane_inland")
    naval = [u for u in units if u.is_naval]
    if naval:
        friendly = _friendly(scenario, controller, side)
        limit = None if (facts["major_port"] and friendly) else (
            limits_table()["naval"]["minor_port"] if (facts["minor_port"] and friendly) else 0)
        count = _naval_count(scenario, naval)
        if limit is not None and count > limit:
            reason = "stacking.reason.naval" if limit else "stacking.reason.naval_not_friendly"
            fault("naval", naval, count, limit, reason, convoy_points=sum(u.convoy_points for u in naval))


def stacking_faults(hexmap, scenario: Scenario) -> list[StackingFault]:
    """Every over-stacked hex of the scenario, by side and kind of unit (WiF 2.3.1)."""
    from viewer.rules.wif.zoc import adjacency

    rows = adjacency(hexmap).rows
    groups: dict[tuple[int, str], list[Unit]] = {}
    for u in scenario.units.values():
        if u.hex is not None and tuple(u.hex) in rows:
            groups.setdefault((rows[tuple(u.hex)], _side(scenario, u)), []).append(u)
    if not groups:
        return []
    control = scenario.control_array(hexmap)
    weather = scenario.weather_array(hexmap, effective=True)
    out = []
    for (pos, side), units in sorted(groups.items(), key=lambda kv: kv[0]):
        if len(units) < 2 and not _may_fault_alone(units[0]):
            continue
        facts = _hex_facts(hexmap, scenario, pos, weather[pos])
        out.extend(_hex_faults(hexmap, scenario, facts, side, units, control[pos]))
    return out


def _may_fault_alone(unit: Unit) -> bool:
    """A single land unit is never over-stacked; one aircraft or ship may be (limits of 0)."""
    return not unit.is_land


def overstacked_mask(hexmap, scenario: Scenario) -> np.ndarray:
    """Hexes with any stacking fault (bool array aligned with ``hexmap.hexes``), for the overlay."""
    mask = np.zeros(len(hexmap.hexes), dtype=bool)
    for f in stacking_faults(hexmap, scenario):
        mask[hexmap.position(f.key)] = True
    return mask


__all__ = ["HexStacking", "StackingFault", "air_limit", "hex_stacking", "limits_table", "overstacked_mask",
           "stacking_faults"]
