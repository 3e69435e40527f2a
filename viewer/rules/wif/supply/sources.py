"""Supply sources relative to the tracing unit (WiF 2.4.2).

Primary sources of a unit: the friendly cities of its home country (every Commonwealth home
country for a Commonwealth unit) and of the home countries of the major powers it cooperates with
(WiF 18.1), unless that country is conquered (Ex. 2.4.2-1: Polish units also draw on the cities of
the major power controlling Poland).

Secondary sources: HQs the unit cooperates with, the capitals of minor countries its major power
controls, and the capitals of countries conquered by its major power or a major power it
cooperates with (Ex. 2.4.2-2: Warsaw is secondary for Commonwealth units, primary for Polish ones).

A city is friendly when the unit's side controls it (Communist and Nationalist Chinese cities are
not friendly to each other) and is no source if the other side held it at any time this turn.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

import numpy as np

from viewer.rules.wif.supply.graph import map_graph

CHINAS = frozenset(("Nationalist China", "Communist China"))


@dataclass(frozen=True)
class Source:
    """A supply source on the map: its hex row, its name (city or HQ id) and what it is."""

    row: int
    name: str
    kind: str        # "city" | "capital" | "hq"
    unit: str | None = None


@dataclass(frozen=True)
class Sources:
    """The primary and secondary sources of one tracing unit (WiF 2.4.2)."""

    primary: tuple = field(default_factory=tuple)     # Source
    secondary: tuple = field(default_factory=tuple)   # Source

    @cached_property
    def primary_rows(self) -> np.ndarray:
        """Rows of the primary sources, sorted and distinct (computed once)."""
        return np.array(sorted({s.row for s in self.primary}), dtype=np.int64)


def home_countries(scenario, power: str, home: str | None = None) -> set[str]:
    """The home countries of a unit of ``power`` (WiF 2.5; the Commonwealth has several)."""
    pol = scenario.politics
    if home:
        homes = {home}
    elif pol is not None and pol.status.get(power) in ("minor", "territory"):
        homes = {power}
    else:
        homes = set()
    if pol is not None:
        majors = {c for c, st in pol.status.items() if st == "major" and pol.power.get(c, c) == power}
        if home is None or power == "Commonwealth":
            homes |= majors
    else:
        homes.add(power)
    return homes


def _friendly(politics, power: str, ctrl) -> bool:
    if ctrl is None:
        return False
    if {scenario_major(politics, power), ctrl} == CHINAS or {power, ctrl} == CHINAS:
        return False
    return politics.friendly(power, ctrl)


def scenario_major(politics, power):
    return politics.s.major_of(power) or power


def _held(scenario, hexmap, row: int) -> bool:
    held = getattr(scenario, "held_by_enemy_this_turn", None) or ()
    return bool(held) and hexmap._key_at(row) in {tuple(k) for k in held}


def find_sources(hexmap, scenario, unit, arrays: dict, politics) -> Sources:
    """Primary and secondary sources of ``unit`` (WiF 2.4.2)."""
    st = arrays.get("static")
    if st is not None:   # cities and capitals do not move: kept per political state
        prim, capitals = st.get(("sources", unit.power, unit.home),
                                lambda: _fixed_sources(hexmap, scenario, unit, arrays, politics))
    else:
        prim, capitals = _fixed_sources(hexmap, scenario, unit, arrays, politics)
    sec = []
    hqs = arrays["hqs"] if "hqs" in arrays else [u for u in scenario.units.values() if u.is_hq]
    for u in hqs:
        if u.hex is not None and u.id != unit.id and politics.coop(unit.power, u.power) \
                and u.id in arrays["unit_rows"]:
            sec.append(Source(arrays["unit_rows"][u.id], u.id, "hq", u.id))
    return Sources(prim, tuple(sec) + capitals)


def _fixed_sources(hexmap, scenario, unit, arrays: dict, politics) -> tuple[tuple, tuple]:
    """A unit's primary sources and its secondary sources other than HQs (capitals)."""
    g = map_graph(hexmap)
    s = scenario
    power = unit.power
    major = s.major_of(power) or power
    ctrl = arrays["control"]
    country = arrays["country"]
    conquered = set(s.conquered)
    homes = home_countries(s, power, unit.home) | home_countries(s, major)
    pol = s.politics
    if pol is not None:
        for m in {c for c in pol.status if pol.status[c] == "major"}:
            mp = pol.power.get(m, m)
            if mp not in (power, major) and politics.coop(power, mp):
                homes.add(m)
    homes -= conquered
    prim = []
    for row in np.flatnonzero(g.city & np.isin(country, list(homes))).tolist():
        if _friendly(politics, power, ctrl[row]) and not _held(s, hexmap, row):
            prim.append(Source(row, g.city_names.get(row, str(g.labels[row])), "city"))
    sec = []
    if pol is not None:
        capitals = g.capital_rows
        for c, cap in pol.capital.items():
            cap_row = capitals.get(cap)
            if cap_row is None or c in homes:
                continue
            minor_of_major = pol.status.get(c) == "minor" and c not in conquered and s.major_of(c) == major \
                and c != power
            holder = s.country_controller(c) if c in conquered else None
            conq = holder is not None and (holder == major or politics.coop(power, holder))
            if (minor_of_major or conq) and _friendly(politics, power, ctrl[cap_row]) \
                    and not _held(s, hexmap, cap_row):
                sec.append(Source(cap_row, cap, "capital"))
    return tuple(prim), tuple(sec)
