"""Tracing supply (WiF 2.4): every unit's verdict, and its chain of legs or why it has none.

:func:`trace_all` decides ``in_supply`` for all units at once (:mod:`.reach`: a few multi-source
searches per power over the reversed graph) and returns :class:`~.result.LazyUnitSupply` values
whose chain, reason and option-13 HQ are traced when first read (the map draws one unit's chain;
the command line reads them all). :func:`trace_each` traces every unit at once, unit by unit.

The chain of one unit: for each tracing power the masks come from
:func:`~viewer.rules.wif.supply.context.side_view`; units sharing a power and home country share
their sources, so the secondary sources' legs are searched once per group (one multi-origin
Dijkstra per leg kind) and chained with a small dynamic programme: a secondary source is *good*
when it reaches a primary source by a rail leg or reaches a good secondary by a basic leg, with at
most one overseas part in the whole chain (WiF 2.4.2: "only once per unit being supplied"). The
unit's own basic leg comes from a search from its hex.

Units at sea are always in supply (WiF 2.4.1). With option 13 an out-of-supply non-HQ unit that
reaches a face-up HQ by a basic line is reported with that HQ (WiF 2.4.3).
"""
from __future__ import annotations

from itertools import repeat

import numpy as np

from viewer.rules.wif.supply.context import (
    EDGE_BLOCKS,
    HEX_BLOCKS,
    scenario_arrays,
    side_view,
)
from viewer.rules.wif.supply import legs
from viewer.rules.wif.supply.legs import SeaSearch, path, rule_cost, search
from viewer.rules.wif.supply.reach import GroupReach
from viewer.rules.wif.supply.result import (
    BASIC,
    R_LINES,
    R_OUT,
    R_WHEN,
    RAIL,
    LazyUnitSupply,
    Leg,
    Reason,
    UnitSupply,
)
from viewer.rules.wif.supply.sources import find_sources

_INF = np.inf


class _Group:
    """Units of one power and home country: their sources, the secondaries' legs and chains."""

    def __init__(self, hexmap, scenario, side, sources, limit):
        self.hexmap, self.s, self.side, self.src = hexmap, scenario, side, sources
        self.g = side.graph
        self.limit = limit
        self.P = sources.primary_rows
        self.S = list(sources.secondary)
        self.sea_cache = {}
        self._best = None

    @property
    def best(self) -> dict:
        """The secondaries' chains (searched the first time a chain through them is asked for)."""
        if self._best is None:
            rows = np.array([x.row for x in self.S], dtype=np.int64)
            self.Db, self.Pb = search(self.side.matrix[BASIC], rows, self.limit)
            self.Dr, self.Pr = search(self.side.matrix[RAIL], rows, self.limit)
            self.Db_i, self.Dr_i = rule_cost(self.Db), rule_cost(self.Dr)
            self._chain()
        return self._best

    # -- overseas searches are built only when a leg needs one
    def sea(self, kind) -> SeaSearch:
        if kind not in self.sea_cache:
            self.sea_cache[kind] = SeaSearch(self.side, kind, self.limit)
        return self.sea_cache[kind]

    def _best_primary(self, drow, budget):
        if len(self.P) == 0:
            return None
        c = drow[self.P]
        j = int(np.argmin(c))
        return (int(self.P[j]), int(c[j])) if c[j] <= budget else None

    def _sea_primary(self, kind, origin, raw_row, budget, d=None):
        if len(self.P) == 0:
            return None
        plans = self.sea(kind).best(origin, raw_row, budget, self.P, d)
        ok = [(p.cost, i) for i, p in enumerate(plans) if p is not None]
        if not ok:
            return None
        _, i = min(ok)
        return int(self.P[i]), plans[i]

    def _chain(self):
        """best[(i, sea_left)] = (legs, step) for each secondary i (WiF 2.4.2 chains)."""
        S, side = self.S, self.side
        best = {}
        for i, x in enumerate(S):
            b = int(side.budget[x.row])
            land = self._best_primary(self.Dr_i[i], b)
            if land:
                step = ("land", RAIL, land[0], None, None)
                best[(i, 0)] = best[(i, 1)] = (1, step)
            else:
                sea = self._sea_primary(RAIL, x.row, self.Dr[i], b, self.Dr_i[i])
                if sea:
                    best[(i, 1)] = (1, ("sea", RAIL, sea[0], sea[1], None))
        self.sec_sea = {}
        changed = True
        while changed:
            changed = False
            for i, x in enumerate(S):
                b = int(side.budget[x.row])
                for j, y in enumerate(S):
                    if j == i or y.row == x.row:
                        continue
                    if self.Db_i[i, y.row] <= b:
                        for s in (0, 1):
                            if (j, s) in best and ((i, s) not in best or best[(i, s)][0] > best[(j, s)][0] + 1):
                                best[(i, s)] = (best[(j, s)][0] + 1, ("land", BASIC, y.row, None, j))
                                changed = True
                    if (j, 0) in best and ((i, 1) not in best or best[(i, 1)][0] > best[(j, 0)][0] + 1):
                        plan = self._sea_secondary(i, j)
                        if plan is not None:
                            best[(i, 1)] = (best[(j, 0)][0] + 1, ("sea", BASIC, y.row, plan, j))
                            changed = True
        self._best = best

    def _sea_secondary(self, i, j):
        key = (i, j)
        if key not in self.sec_sea:
            x, y = self.S[i], self.S[j]
            plans = self.sea(BASIC).best(x.row, self.Db[i], int(self.side.budget[x.row]), np.array([y.row]),
                                         self.Db_i[i])
            self.sec_sea[key] = plans[0]
        return self.sec_sea[key]

    # -- building the reported legs
    def leg(self, origin, raw_row, pred_row, step, budget) -> Leg:
        mode, kind, target, plan, j = step
        g = self.g
        if j is not None:
            to, to_kind = self.S[j].name, "secondary"
        else:
            to, to_kind = g.city_names.get(target, str(g.labels[target])), "primary"
        if mode == "land":
            rows = path(pred_row, target)
            cost = int(rule_cost(raw_row[target]))
            counted = _counted(rows, raw_row)
            return Leg(kind, g.label_of(rows), cost, int(budget), to, to_kind, counted=g.label_of(counted))
        sea = self.sea(kind)
        first = path(pred_row, plan.embark) if plan.embark != origin else [origin]
        second = path(sea.pred[plan.land_index], target)
        areas = [g.sea_areas[a] for a in sea.areas_between(plan.embark_area, plan.landing_area)]
        counted = _counted(first, raw_row) + [plan.landing] + _counted(second, sea.pred_dist_row(plan.land_index))
        return Leg(kind, g.label_of(first + second), int(plan.cost), int(budget), to, to_kind,
                   sea_areas=areas, landing_port=g.port_names.get(plan.landing),
                   embark=str(g.labels[plan.embark]), counted=g.label_of(counted))

    def chain_from_secondary(self, i, sea_left) -> list[Leg]:
        legs = []
        while (i, sea_left) in self.best:
            _, step = self.best[(i, sea_left)]
            x = self.S[i]
            raw, pred = (self.Dr[i], self.Pr[i]) if step[1] == RAIL else (self.Db[i], self.Pb[i])
            legs.append(self.leg(x.row, raw, pred, step, self.side.budget[x.row]))
            if step[0] == "sea":
                sea_left = 0
            if step[4] is None:
                break
            i = step[4]
        return legs


def _counted(rows, raw_row) -> list[int]:
    """Hexes of a path that counted against the budget (their cost step is at least 1)."""
    d = rule_cost(np.asarray(raw_row)[rows])
    return [r for r, a, b in zip(rows[1:], d[:-1], d[1:]) if b - a >= 1]


class _Tracer:
    """One group's tracing: the vectorised verdicts, and the legs of a unit's chain on request."""

    def __init__(self, hexmap, scenario, side, sources, limit, arrays, home=None):
        self.hexmap, self.s, self.side, self.sources = hexmap, scenario, side, sources
        self.home = home
        self.limit, self.arrays = limit, arrays
        self._grp = None
        self.sec_index = {x.unit: i for i, x in enumerate(sources.secondary) if x.unit}

    @property
    def grp(self) -> _Group:
        if self._grp is None:
            self._grp = _Group(self.hexmap, self.s, self.side, self.sources, self.limit)
        return self._grp

    def reach(self) -> GroupReach:
        """The group's :class:`GroupReach`, kept per group in the political state: after a move
        that leaves this side's searches as they were (the same hexes shut by enemy ZOC, sea areas
        closed and secondary sources), the last one answers again."""
        side, src = self.side, self.sources
        st = side.memo.get("static")
        key = (side.memo.get("reach_key"), src.primary_rows.tobytes(),
               np.array([x.row for x in src.secondary], dtype=np.int64).tobytes(), self.limit)
        slot = ("reach", getattr(legs.BACKEND, "name", ""), side.power, self.home)   # one per backend
        if st is None or key[0] is None:
            return GroupReach(side, src, self.limit)
        kept = st.memo.get(slot)
        if kept is not None and kept[0] == key:
            return kept[1]
        reach = GroupReach(side, src, self.limit).frozen()
        st.memo[slot] = (key, reach)
        return reach

    def verdicts(self, units) -> dict[str, bool]:
        """Whether each unit is in supply (WiF 2.4.2), decided by :class:`GroupReach`."""
        return dict(zip((u.id for u in units), self.verdict_list(units)))

    def verdict_list(self, units, rows=None) -> list[bool]:
        """:meth:`verdicts` as a list aligned with ``units`` (``rows``: their hex rows, if known)."""
        reach = self.reach()
        sec, unit_rows = self.sec_index, self.arrays["unit_rows"]
        if not sec:
            if rows is None:
                rows = np.array([unit_rows[u.id] for u in units], dtype=np.int64)
            return reach.units(rows).tolist()
        if rows is None:
            rows = np.array([unit_rows[u.id] for u in units], dtype=np.int64)
        at = np.array([sec.get(u.id, -1) for u in units], dtype=np.int64)  # index among the secondaries, or -1
        out = np.zeros(len(units), bool)
        plain = at < 0
        out[plain] = reach.units(rows[plain])
        out[~plain] = reach.good1[at[~plain]]
        return out.tolist()

    def resolve(self, u) -> UnitSupply:
        """The unit's chain of legs, or why it has none: a search from its own hex (WiF 2.4.2)."""
        grp = self.grp
        if u.id in self.sec_index:
            legs = grp.chain_from_secondary(self.sec_index[u.id], 1)
            return UnitSupply(u.id, True, legs) if legs else _out(grp, u, None, None, self.hexmap)
        row = self.arrays["unit_rows"][u.id]
        D, PR = search(self.side.matrix[BASIC], [row], self.limit)
        return _trace_unit(grp, u, row, D[0], rule_cost(D[0]), PR[0], self.hexmap, self.s)


def _tracers(hexmap, scenario, unit_ids):
    """Units at sea or off the map (answered at once) and one :class:`_Tracer` per group, with its
    units and their hex rows (groups and rows from the kept :class:`~.units.UnitTable`)."""
    arrays = scenario_arrays(hexmap, scenario)
    pol = arrays["static"].politics
    t = arrays["table"]
    sel = t.on_map if unit_ids is None else t.on_map & np.isin(np.array(t.keys, dtype=object), list(unit_ids))
    wanted = set(scenario.units) if unit_ids is None else set(unit_ids)
    fixed: dict[str, UnitSupply] = {}
    for i in np.flatnonzero(~t.on_map).tolist():
        u = t.objs[i]
        if u.id not in wanted:
            continue
        if u.sea_area is not None:
            fixed[u.id] = UnitSupply(u.id, True, at_sea=True)
        else:
            fixed[u.id] = UnitSupply(u.id, False, reason=Reason("not-placed", {}, "the unit is not on the map",
                                                                 R_WHEN))
    on = np.flatnonzero(sel)
    codes = t.group[on]
    present, first = np.unique(codes, return_index=True)
    names = list(t.groups)
    sides, tracers = {}, []
    for c in present[np.argsort(first)].tolist():     # groups in order of their first unit
        power, home = names[c]
        idx = on[codes == c]
        units = [t.objs[i] for i in idx.tolist()]
        if power not in sides:
            sides[power] = side_view(hexmap, scenario, power, arrays, pol)
        side = sides[power]
        sources = find_sources(hexmap, scenario, units[0].__class__(id="", type="INF", power=power, home=home),
                               arrays, pol)
        limit = float(max(4, side.budget.max()))
        tracers.append((_Tracer(hexmap, scenario, side, sources, limit, arrays, home), units, t.row[idx]))
    return fixed, tracers


def trace_all(hexmap, scenario, unit_ids=None) -> dict[str, UnitSupply]:
    """Supply of every unit of ``scenario`` (or of ``unit_ids``) on ``hexmap`` (WiF 2.4).

    ``in_supply`` is decided for all units at once (:mod:`.reach`); each unit's chain, reason and
    option-13 HQ are traced when first read (:class:`~.result.LazyUnitSupply`)."""
    out, tracers = _tracers(hexmap, scenario, unit_ids)
    make = LazyUnitSupply.make
    for tracer, units, rows in tracers:
        out.update(zip((u.id for u in units), map(make, units, tracer.verdict_list(units, rows), repeat(tracer))))
    if len(out) == len(scenario.units):
        return {uid: out[uid] for uid in scenario.units}
    return {uid: out[uid] for uid in scenario.units if uid in out}


def trace_each(hexmap, scenario, unit_ids=None) -> dict[str, UnitSupply]:
    """The same answers as :func:`trace_all`, traced unit by unit (a search from each unit's hex):
    the straightforward reading, kept as the reference the batched verdicts are tested against."""
    out, tracers = _tracers(hexmap, scenario, unit_ids)
    for tracer, units, _ in tracers:
        for u in units:
            out[u.id] = tracer.resolve(u)
    return {uid: out[uid] for uid in scenario.units if uid in out}


def _trace_unit(grp: _Group, u, o, raw, d, pred, hexmap, scenario) -> UnitSupply:
    side = grp.side
    b = int(side.budget[o])
    land = grp._best_primary(d, b)
    if land:
        return UnitSupply(u.id, True, [grp.leg(o, raw, pred, ("land", BASIC, land[0], None, None), b)])
    sea = grp._sea_primary(BASIC, o, raw, b, d)
    if sea:
        return UnitSupply(u.id, True, [grp.leg(o, raw, pred, ("sea", BASIC, sea[0], sea[1], None), b)])
    options = []
    sea_plans = None
    for j, y in enumerate(grp.S):
        if (j, 1) in grp.best and d[y.row] <= b:
            options.append((grp.best[(j, 1)][0], 0, j, ("land", BASIC, y.row, None, j), 1))
    if any((j, 0) in grp.best for j in range(len(grp.S))):
        sea_plans = grp.sea(BASIC).best(o, raw, b, np.array([y.row for y in grp.S], dtype=np.int64), d)
        for j, plan in enumerate(sea_plans):
            if plan is not None and (j, 0) in grp.best:
                options.append((grp.best[(j, 0)][0], 1, j, ("sea", BASIC, grp.S[j].row, plan, j), 0))
    if options:
        _, _, j, step, left = min(options, key=lambda t: t[:3])
        legs = [grp.leg(o, raw, pred, step, b)] + grp.chain_from_secondary(j, left)
        return UnitSupply(u.id, True, legs)
    return _out(grp, u, o, raw, hexmap, scenario)


def _out(grp: _Group, u, o, raw, hexmap, scenario=None) -> UnitSupply:
    """Out of supply: the nearest the search got and what blocked it (WiF 2.4.2, 2.4.3)."""
    side, g = grp.side, grp.g
    if o is None:
        o = hexmap.position(tuple(u.hex))
    b = int(side.budget[o])
    if len(grp.P) == 0:
        reason = Reason("no-primary-source", {"power": u.power},
                        f"no primary supply source for {u.power}: no friendly city in a home country "
                        "that is not conquered (WiF 2.4.2)")
        return UnitSupply(u.id, False, reason=reason)
    full, _ = search(side.matrix[BASIC], [o], 60)
    full = rule_cost(full[0])
    c = full[grp.P]
    j = int(np.argmin(c))
    nearest = g.city_names.get(int(grp.P[j]), str(g.labels[grp.P[j]]))
    near_cost = None if not np.isfinite(c[j]) else int(c[j])
    blocks = _frontier(side, full, b)
    params = {"budget": b, "nearest": nearest, "nearest_cost": near_cost,
              "blocked": [{"hex": h, "why": w} for h, w in blocks]}
    parts = [f"no supply line within {b} hexes"]
    if near_cost is None:
        params["nearest"] = None
        parts.append("no open path to any primary source")
    else:
        parts.append(f"nearest primary source {nearest} costs {near_cost}")
    reached = [x.name for x in grp.S if full[x.row] <= b and x.unit != u.id]
    if reached:
        parts.append("reached secondary source(s) " + ", ".join(reached) + " that cannot trace on")
        params["reached"] = reached
    if blocks:
        parts.append("blocked: " + "; ".join(f"{w} at {h}" for h, w in blocks[:8]))
    emergency = None
    if scenario is not None and scenario.option("emergency_supply") and not u.is_hq:
        for x in grp.S:
            unit = scenario.units.get(x.unit) if x.unit else None
            if unit is not None and unit.face_up and full[x.row] <= b:
                emergency = x.unit
                parts.append(f"option 13: may use emergency supply from HQ {x.unit}")
                break
    reason = Reason("out-of-range" if not blocks else "blocked", params, "; ".join(parts) + " (WiF 2.4.2)",
                    R_OUT if emergency else R_LINES)
    return UnitSupply(u.id, False, reason=reason, emergency_hq=emergency)


def _frontier(side, dist, budget) -> list[tuple[str, str]]:
    """Blocked hexes and hexsides at the edge of what a leg reached (enemy ZOC, neutral ...)."""
    g = side.graph
    reach = dist <= budget
    e = reach[g.src] & (dist[g.src] + side.cost[g.dst] <= budget) & ~reach[g.dst]
    out, seen = [], set()
    for k in np.flatnonzero(e).tolist():
        a, bb = int(g.src[k]), int(g.dst[k])
        if side.edge_block[k]:
            what = (f"{g.labels[a]}-{g.labels[bb]}", EDGE_BLOCKS[side.edge_block[k]] + " hexside")
        elif side.enter_block[bb] and side.enter_block[bb] != 1:
            what = (str(g.labels[bb]), HEX_BLOCKS[side.enter_block[bb]])
        else:
            continue
        if what not in seen:
            seen.add(what)
            out.append(what)
    return out
