"""Who is in supply, decided for many tracers at once (WiF 2.4.2): searches per target set, not per unit.

For one group of tracers (units of one power and home country, which share their sources):

* **Units.** Distances *to* the nearest primary source, to the nearest secondary source that can
  trace on, and to the nearest overseas route, from every hex of the map at once: multi-source
  searches over the reversed graph (:meth:`SideView.reverse`). A unit is in supply iff one of them,
  read at its own hex, is within its own budget (the weather in its hex, WiF 8.2.2): a numpy lookup
  per unit, no search per unit.
* **Overseas part** (WiF 2.4.2). For a target set, each sea component's cost is the cheapest
  landing port of that component plus 1 for the port; each hex next to the sea then has the cost of
  putting to sea there. A line from a unit's hex pays its way overland to such a hex; hexes are
  grouped by that cost (a handful of values up to the budget) and each group is one reversed search.
* **Secondary sources** (chains of any length). Few per group: one forward search from all of them
  per leg kind, then the chains as a fixed point over boolean matrices: ``good0`` (a chain with no
  overseas part) and ``good1`` (at most one overseas part in the whole chain). Same reading as the
  per-unit tracer in :mod:`viewer.rules.wif.supply.trace` (two secondaries in one hex do not chain to
  each other), which builds the legs of a chain when one is asked for.
"""
from __future__ import annotations

import numpy as np

from viewer.rules.wif.supply.legs import local_search, nearest, rule_cost
from viewer.rules.wif.supply.result import BASIC, RAIL

_INF = np.inf


class SeaLinks:
    """The sea areas a side's lines may use, as arrays (WiF 2.4.2 overseas supply).

    Pairs (hex row, sea component) where a line may put to sea or land, kept sorted three ways so
    that every "cheapest per component" or "cheapest per hex" is one ``minimum.reduceat``."""

    def __init__(self, side):
        g = side.graph
        self.n = g.n
        comp = side.area_comp
        self.ncomp = int(comp.max()) + 1 if len(comp) and comp.max() >= 0 else 0
        st = side.memo.get("static")
        key = ("sea-links",) + side.memo.get("sea_key", ())
        _, _, self.by_row, self.by_comp = st.get(key, lambda: self._pairs(g, comp)) if st is not None \
            else self._pairs(g, comp)
        landing = np.zeros(g.n, bool)
        landing[side.landing_ports] = True
        self.landing = self.by_comp.subset(landing[self.by_comp.values])   # per component: its landing ports
        self.embark_ok = side.embark_ok
        self.shore = g.coastal | g.port

    @staticmethod
    def _pairs(g, comp):
        pairs = g.hex_area
        ok = comp[pairs[:, 1]] >= 0 if len(pairs) else np.zeros(0, bool)
        rows, comps = pairs[ok, 0], comp[pairs[ok, 1]]
        # per hex: the components it opens on; per component: its hexes
        return rows, comps, _Grouped(rows, comps), _Grouped(comps, rows)

    def component_cost(self, dist: np.ndarray) -> np.ndarray:
        """Per sea component: landing there and going on to the target costs (port 1 + overland)."""
        return self.landing.minimum(dist[self.landing.values], self.ncomp) + 1

    def put_to_sea(self, comp_cost: np.ndarray) -> np.ndarray:
        """Per hex: the cost of the rest of the line if it puts to sea there (inf: it cannot)."""
        return self.by_row.minimum(comp_cost[self.by_row.values], self.n)

    def origin_costs(self, dist: np.ndarray, origins: np.ndarray, budgets: np.ndarray) -> np.ndarray:
        """Per tracer and sea component: what reaching that sea costs the tracer's line, from its
        forward distances ``dist`` (one row per tracer) read at ``by_comp.values``: 0 from its own
        shore hex, else its overland cost to a port it may put to sea from, within its budget less
        the far port."""
        rows = self.by_comp.values
        d = rule_cost(dist)
        e = np.where(self.embark_ok[rows][None, :] & (d <= budgets[:, None] - 1), d, _INF)
        e[(rows[None, :] == origins[:, None]) & self.shore[origins][:, None]] = 0.0
        return self.by_comp.minimum(e, self.ncomp)


class _Grouped:
    """``values`` sorted by ``keys``, for per-key minima with ``np.minimum.reduceat``."""

    def __init__(self, keys: np.ndarray, values: np.ndarray):
        order = np.argsort(keys, kind="stable")
        self.keys, self.values = keys[order], values[order]
        self.starts, self.ids = _starts(self.keys)

    def subset(self, keep: np.ndarray) -> _Grouped:
        """The same grouping restricted to the values where ``keep`` (already in order)."""
        out = object.__new__(_Grouped)
        out.keys, out.values = self.keys[keep], self.values[keep]
        out.starts, out.ids = _starts(out.keys)
        return out

    def minimum(self, x: np.ndarray, size: int) -> np.ndarray:
        """Per key (0 .. size-1): the minimum of ``x`` (aligned with ``values``; last axis)."""
        out = np.full(x.shape[:-1] + (size,), _INF)
        if len(self.starts):
            out[..., self.ids] = np.minimum.reduceat(x, self.starts, axis=-1)
        return out


def _starts(keys: np.ndarray):
    """Where each run of equal (sorted) ``keys`` starts, and its key."""
    new = np.empty(len(keys), bool)
    if len(keys):
        new[0] = True
        np.not_equal(keys[1:], keys[:-1], out=new[1:])
    starts = np.flatnonzero(new)
    return starts, keys[starts]


def sea_distance(side, links: SeaLinks, target_dist: np.ndarray, limit: float, kind: str = BASIC) -> np.ndarray:
    """From every hex, the cost of a line of ``kind`` with an overseas part to the target set
    whose overland costs (to it, from every hex) are ``target_dist`` (WiF 2.4.2): one search from
    every port a line may put to sea from, each starting at what the rest of the line costs."""
    at_sea = links.put_to_sea(links.component_cost(target_dist))
    out = np.where(links.shore, at_sea, _INF)           # putting to sea from the tracer's own hex
    embark = np.where(links.embark_ok, at_sea, _INF)
    ports = np.flatnonzero(np.isfinite(embark) & (embark <= limit))
    if len(ports):
        out = np.minimum(out, rule_cost(nearest(side.reverse(kind), ports, limit, offsets=embark[ports])))
    return out


class GroupReach:
    """In-supply verdicts of one group's secondary sources and units (see the module doc)."""

    def __init__(self, side, sources, limit: float):
        self.side, self.limit = side, limit
        self.P = sources.primary_rows
        self.S = list(sources.secondary)
        self.xs = np.array([x.row for x in self.S], dtype=np.int64)
        self.links = side.memo.get("links") or side.memo.setdefault("links", SeaLinks(side))
        self.budget = side.budget
        # basic-leg distance from every hex to the nearest primary source
        self.land_p = nearest(side.reverse(BASIC), self.P, limit) if len(self.P) else None
        self._secondaries()
        self._land: np.ndarray | None = None
        self._sea: np.ndarray | None = None

    def frozen(self) -> GroupReach:
        """This object with every distance :meth:`units` reads computed, and the side view let go
        (kept between traces, it must not hold the view's matrices)."""
        if len(self.P):
            self._fields(need_sea=True)
        self.side = self.links = None
        return self

    def _secondaries(self):
        """``good0`` / ``good1`` per secondary source: the least fixed point of WiF 2.4.2's chains."""
        side, xs, k, limit = self.side, self.xs, len(self.xs), self.limit
        self.good0 = self.good1 = np.zeros(k, bool)
        if k == 0 or len(self.P) == 0:
            return
        b = side.budget[xs]
        if (self.land_p[xs] <= b).all():                  # a rail leg never costs more than a basic one
            self.good0 = self.good1 = np.ones(k, bool)
            return
        rail_p = rule_cost(nearest(side.reverse(RAIL), self.P, limit))
        rail_land = rail_p[xs] <= b                       # a rail leg to a primary source
        if rail_land.all():
            self.good0 = self.good1 = rail_land
            return
        # basic legs between secondaries (not to one in the same hex)
        other = (np.arange(k)[:, None] != np.arange(k)[None, :]) & (xs[:, None] != xs[None, :])
        db = local_search(side.matrix[BASIC], xs, limit)
        land = (rule_cost(db.at(xs)) <= b[:, None]) & other
        g0 = _closure(rail_land, land)
        g1 = g0.copy()
        if not g1.all():                                  # a rail leg with an overseas part
            g1 |= sea_distance(side, self.links, rail_p, limit, RAIL)[xs] <= b
        rest = np.flatnonzero(~g1)
        if len(rest) and g0.any():                        # a basic leg overseas to a good0 secondary
            to = np.flatnonzero(g0)
            back = local_search(side.reverse(BASIC), xs[to], limit)    # (target, hex): hex -> target
            links = self.links
            comp_cost = links.landing.minimum(rule_cost(back.at(links.landing.values)), links.ncomp) + 1
            reach = links.origin_costs(db.at(links.by_comp.values)[rest], xs[rest], b[rest])
            cost = (reach[:, None, :] + comp_cost[None, :, :]).min(axis=2, initial=_INF)
            g1[rest] = ((cost <= b[rest, None]) & other[np.ix_(rest, to)]).any(axis=1)
        self.good0, self.good1 = g0, _closure(g1, land)

    def units(self, rows: np.ndarray) -> np.ndarray:
        """Whether a unit traced from each of ``rows`` is in supply (WiF 2.4.2): a basic leg to a
        primary source or to a secondary that traces on, or one with an overseas part to a primary
        source or to a secondary that traces on without one."""
        rows = np.asarray(rows, dtype=np.int64)
        if len(rows) == 0 or len(self.P) == 0:
            return np.zeros(len(rows), bool)
        b = self.budget[rows]
        land, _ = self._fields(need_sea=False)
        ok = land[rows] <= b
        if not ok.all():
            _, sea = self._fields(need_sea=True)
            ok |= sea[rows] <= b
        return ok

    def _fields(self, need_sea: bool) -> tuple:
        """From every hex: the basic land leg to a primary source or a ``good1`` secondary
        (``_land``), and (``need_sea``) the basic leg with an overseas part to a primary source or
        a ``good0`` secondary (``_sea``)."""
        side, limit = self.side, self.limit

        def to(good):   # to the nearest primary source or secondary in ``good``
            if not good.any():
                return self.land_p
            return np.minimum(self.land_p, nearest(side.reverse(BASIC), self.xs[good], limit))
        land = self._land
        if land is None:
            land = self._land = to(self.good1)
        if need_sea and self._sea is None:
            sea_to = land if (self.good0 == self.good1).all() else to(self.good0)
            self._sea = sea_distance(side, self.links, sea_to, limit)
        return land, self._sea


def _closure(start: np.ndarray, step: np.ndarray) -> np.ndarray:
    """Smallest superset of ``start`` closed under ``i`` good if ``step[i, j]`` for a good ``j``."""
    good = start.copy()
    while True:
        new = good | step[:, good].any(axis=1)
        if (new == good).all():
            return good
        good = new
