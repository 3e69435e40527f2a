"""The scenario's units as arrays, kept between traces: after a move only the moved unit is re-read.

What supply needs of each unit (WiF 2.4): its hex row, whether it is a land unit (ZOC, WiF 2.2; a
friendly land unit cancels enemy ZOC for supply lines, WiF 2.4.2), an HQ (a secondary source), the
reach of its ZOC (:func:`viewer.rules.wif.zoc.zoc_reach`), its power and its group (power and home
country: units of a group share their sources) and, at sea, its sea area (WiF 2.4.1, blocking of
sea areas). :func:`unit_table` keeps the last table per map; a scenario whose units are the same
objects except a few (``Scenario.moved`` makes a new unit, the others are shared) only re-reads
those few. Units are immutable (frozen dataclasses), so an unchanged object means unchanged facts.
"""
from __future__ import annotations

import weakref

import numpy as np

from viewer.rules.wif.zoc import NONE, zoc_reach

_PLAIN: dict[str, bool] = {}
_DIVISIONS = {"divisions": True}
_LAST: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class UnitTable:
    """Per unit (in the scenario's order): ``row`` (-1: not on this map), ``land``, ``hq``,
    ``reach`` (ZOC: NONE/OWN/ADJACENT, without and with AsA/MiF option 2 & 3 divisions),
    ``power`` and ``group`` codes (into ``powers`` / ``groups``), ``area`` (sea area index, -1)."""

    def __init__(self, hexmap, graph, units: dict):
        self.hexmap, self.g = hexmap, graph
        self.keys = list(units)
        self.objs = list(units.values())
        self.ids = np.fromiter(map(id, self.objs), dtype=np.int64, count=len(self.objs))
        self.powers: dict[str, int] = {}
        self.groups: dict[tuple[str, str | None], int] = {}
        self.area_of = {a: i for i, a in enumerate(graph.sea_areas)}
        n = len(self.objs)
        self.row = np.full(n, -1, dtype=np.int64)
        self.land = np.zeros(n, bool)
        self.hq = np.zeros(n, bool)
        self.reach = np.zeros((2, n), dtype=np.int8)
        self.power = np.zeros(n, dtype=np.int64)
        self.group = np.zeros(n, dtype=np.int64)
        self.area = np.full(n, -1, dtype=np.int64)
        self._fill(range(n))
        self._derived()

    def _fill(self, idx) -> None:
        row_of, area_of = self.g.row_of, self.area_of
        for i in idx:
            u = self.objs[i]
            if u.hex is not None:
                key = tuple(u.hex)
                r = row_of.get(key)
                self.row[i] = self.hexmap.position(key) if r is None else r
                self.area[i] = -1
            else:
                self.row[i] = -1
                self.area[i] = area_of.get(u.sea_area, -1)
            self.land[i], self.hq[i] = u.is_land, u.is_hq
            self.reach[:, i] = zoc_reach(u, _PLAIN), zoc_reach(u, _DIVISIONS)
            self.power[i] = self.powers.setdefault(u.power, len(self.powers))
            self.group[i] = self.groups.setdefault((u.power, u.home), len(self.groups))

    def _derived(self, before: UnitTable | None = None, changed=()) -> None:
        """Rows by unit id, HQs on the map, units by sea area; from ``before`` when only the
        ``changed`` units differ (each part rebuilt only if a changed unit touches it)."""
        on = self.row >= 0
        self.on_map = on
        if before is None:
            self.unit_rows = {self.keys[i]: int(r) for i, r in zip(np.flatnonzero(on).tolist(), self.row[on].tolist())}
        else:
            self.unit_rows = dict(before.unit_rows)
            for i in changed:
                if on[i]:
                    self.unit_rows[self.keys[i]] = int(self.row[i])
                else:
                    self.unit_rows.pop(self.keys[i], None)
        if before is None or any(self.hq[i] or before.hq[i] for i in changed):
            self.hq_units = [self.objs[i] for i in np.flatnonzero(on & self.hq).tolist()]
        else:
            self.hq_units = before.hq_units
        if before is None or any(self.area[i] >= 0 or before.area[i] >= 0 for i in changed):
            at_sea: dict[int, list] = {}
            for i in np.flatnonzero(self.area >= 0).tolist():
                at_sea.setdefault(int(self.area[i]), []).append(self.objs[i])
            self.at_sea = at_sea
        else:
            self.at_sea = before.at_sea

    def updated(self, units: dict) -> UnitTable | None:
        """This table for ``units`` if they are the same ids in the same order (None otherwise),
        re-reading only the unit objects that differ."""
        if len(units) != len(self.keys):
            return None
        objs = list(units.values())
        ids = np.fromiter(map(id, objs), dtype=np.int64, count=len(objs))
        changed = np.flatnonzero(ids != self.ids)
        if len(changed) == 0:
            return self
        if len(changed) > max(8, len(objs) // 4) or list(units) != self.keys:
            return None
        out = object.__new__(UnitTable)
        out.__dict__.update(self.__dict__)
        out.objs, out.ids = objs, ids
        out.powers, out.groups = dict(self.powers), dict(self.groups)
        for name in ("row", "land", "hq", "reach", "power", "group", "area"):
            setattr(out, name, getattr(self, name).copy())
        changed_idx = changed.tolist()
        out._fill(changed_idx)
        out._derived(self, changed_idx)
        return out

    def zoc_units(self, divisions: bool):
        """(powers, power code, row, reach) of the units that exert ZOC, for :func:`zoc_by_power`."""
        reach = self.reach[1 if divisions else 0]
        keep = self.on_map & (reach != NONE)
        return list(self.powers), self.power[keep], self.row[keep], reach[keep]


def unit_table(hexmap, graph, scenario) -> UnitTable:
    """The :class:`UnitTable` of ``scenario`` on ``hexmap``, from the last one when only a few
    units changed."""
    last = _LAST.get(hexmap)
    table = last.updated(scenario.units) if last is not None and last.g is graph else None
    if table is None:
        table = UnitTable(hexmap, graph, scenario.units)
    _LAST[hexmap] = table
    return table
