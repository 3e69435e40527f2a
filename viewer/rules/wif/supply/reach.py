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

from viewer.rules.wif.supply.legs import nearest, rule_cost, search
from viewer.rules.wif.supply.result import BASIC, RAIL

_INF = np.inf


class SeaLinks:
    """The sea areas a side's lines may use, as arrays (WiF 2.4.2 overseas supply)."""

    def __init__(self, side):
        g = side.graph
        self.n = g.n
        comp = side.area_comp
        pairs = g.hex_area
        self.ncomp = int(comp.max()) + 1 if len(comp) and comp.max() >= 0 else 0
        ok = comp[pairs[:, 1]] >= 0 if len(pairs) else np.zeros(0, bool)
        # (hex row, component) where a line may put to sea
        self.rows, self.comps = pairs[ok, 0], comp[pairs[ok, 1]]
        landing = np.zeros(g.n, bool)
        landing[side.landing_ports] = True
        lm = landing[self.rows]
        self.land_rows, self.land_comps = self.rows[lm], self.comps[lm]
        self.embark_ok = side.embark_ok
        self.shore = g.coastal | g.port

    def component_cost(self, dist: np.ndarray) -> np.ndarray:
        """Per sea component: landing there and going on to the target costs (port 1 + overland)."""
        out = np.full(self.ncomp, _INF)
        if len(self.land_rows):
            np.minimum.at(out, self.land_comps, dist[self.land_rows])
        return out + 1

    def put_to_sea(self, comp_cost: np.ndarray) -> np.ndarray:
        """Per hex: the cost of the rest of the line if it puts to sea there (inf: it cannot)."""
        out = np.full(self.n, _INF)
        if len(self.rows):
            np.minimum.at(out, self.rows, comp_cost[self.comps])
        return out

    def origin_costs(self, dist: np.ndarray, origins: np.ndarray, budgets: np.ndarray) -> np.ndarray:
        """Per tracer and sea component: what reaching that sea costs the tracer's line, from its
        forward distances ``dist`` (one row per tracer, rule costs): 0 from its own shore hex, else
        its overland cost to a port it may put to sea from, within its budget less the far port."""
        k = len(origins)
        ecost = np.where(self.embark_ok[None, :] & (dist <= budgets[:, None] - 1), dist, _INF)
        shore = self.shore[origins]
        ecost[np.flatnonzero(shore), origins[shore]] = 0.0
        out = np.full((k, self.ncomp), _INF)
        if len(self.rows) and k:
            flat = (np.arange(k)[:, None] * self.ncomp + self.comps[None, :]).ravel()
            np.minimum.at(out.reshape(-1), flat, ecost[:, self.rows].ravel())
        return out


def sea_distance(side, links: SeaLinks, target_dist: np.ndarray, limit: float) -> np.ndarray:
    """From every hex, the cost of a basic line with an overseas part to the target set whose
    overland distances (to it, from every hex) are ``target_dist`` (WiF 2.4.2)."""
    at_sea = links.put_to_sea(links.component_cost(target_dist))
    out = np.where(links.shore, at_sea, _INF)           # putting to sea from the tracer's own hex
    embark = np.where(links.embark_ok, at_sea, _INF)
    for v in np.unique(embark[np.isfinite(embark) & (embark <= limit)]).tolist():
        d = nearest(side.reverse(BASIC), np.flatnonzero(embark == v), limit)
        out = np.minimum(out, d + v)
    return out


class GroupReach:
    """In-supply verdicts of one group's secondary sources and units (see the module doc)."""

    def __init__(self, side, sources, limit: float):
        self.side, self.limit = side, limit
        self.P = sources.primary_rows
        self.S = list(sources.secondary)
        self.xs = np.array([x.row for x in self.S], dtype=np.int64)
        self.links = SeaLinks(side)
        self._land_p = None
        self._secondaries()

    @property
    def land_p(self) -> np.ndarray:
        """Basic-leg distance from every hex to the nearest primary source."""
        if self._land_p is None:
            self._land_p = nearest(self.side.reverse(BASIC), self.P, self.limit)
        return self._land_p

    def _secondaries(self):
        side, xs, k = self.side, self.xs, len(self.xs)
        self.good0 = self.good1 = np.zeros(k, bool)
        if k == 0 or len(self.P) == 0:
            return
        b = side.budget[xs]
        db, _ = search(side.matrix[BASIC], xs, self.limit)
        dr, _ = search(side.matrix[RAIL], xs, self.limit)
        db, dr = rule_cost(db), rule_cost(dr)
        rail_land = dr[:, self.P].min(axis=1) <= b
        links = self.links
        rail_p = rule_cost(nearest(side.reverse(RAIL), self.P, self.limit))
        sea = links.origin_costs(dr, xs, b) + links.component_cost(rail_p)[None, :]
        rail_sea = sea.min(axis=1, initial=_INF) <= b
        other = (np.arange(k)[:, None] != np.arange(k)[None, :]) & (xs[:, None] != xs[None, :])
        land = (db[:, xs] <= b[:, None]) & other
        g0 = _closure(rail_land, land)
        if g0.any():
            back, _ = search(side.reverse(BASIC), xs, self.limit)     # (j, hex): hex -> x_j
            comp_j = np.stack([links.component_cost(rule_cost(row)) for row in back])
            reach = links.origin_costs(db, xs, b)                    # (i, component)
            cost = (reach[:, None, :] + comp_j[None, :, :]).min(axis=2, initial=_INF)
            sea_to = (cost <= b[:, None]) & other
        else:
            sea_to = np.zeros((k, k), bool)
        g1 = rail_land | rail_sea | sea_to[:, g0].any(axis=1)
        self.good0, self.good1 = g0, _closure(g1, land)

    def units(self, rows: np.ndarray) -> np.ndarray:
        """Whether a unit traced from each of ``rows`` is in supply (WiF 2.4.2)."""
        rows = np.asarray(rows, dtype=np.int64)
        if len(rows) == 0 or len(self.P) == 0:
            return np.zeros(len(rows), bool)
        side, limit = self.side, self.limit
        b = side.budget[rows]
        ok = self.land_p[rows] <= b
        if not ok.all():
            ok |= sea_distance(side, self.links, self.land_p, limit)[rows] <= b
        if not ok.all() and self.good1.any():
            ok |= nearest(side.reverse(BASIC), self.xs[self.good1], limit)[rows] <= b
        if not ok.all() and self.good0.any():
            to_s0 = nearest(side.reverse(BASIC), self.xs[self.good0], limit)
            ok |= sea_distance(side, self.links, to_s0, limit)[rows] <= b
        return ok


def _closure(start: np.ndarray, step: np.ndarray) -> np.ndarray:
    """Smallest superset of ``start`` closed under ``i`` good if ``step[i, j]`` for a good ``j``."""
    good = start.copy()
    while True:
        new = good | step[:, good].any(axis=1)
        if (new == good).all():
            return good
        good = new
