"""Supply legs over the sparse graph (WiF 2.4.2): batched Dijkstra with budgets, and the overseas part.

A leg runs from a tracer (a unit or a secondary source) to a source. Its hexes cost what
:meth:`~viewer.rules.wif.supply.graph.MapGraph.base_cost` says (rail legs: 0 along a railway or
road, and across a strait with rail on both sides; WiF 2.4.2), the tracer's hex does not count and
the last one does (WiF 2.8). Searches are ``scipy.sparse.csgraph.dijkstra`` runs over the masked
matrices of a :class:`~viewer.rules.wif.supply.context.SideView`, many origins at once, cut at the
largest budget (``limit=``). Zero-cost rail steps carry a tiny weight ``EPS`` (sparse matrices drop
explicit zeros); ``floor`` of a distance is its rule cost.

The overseas part (WiF 2.4.2): the line puts to sea at the tracer's own coastal hex or at a port it
reached overland, crosses any number of adjacent open sea areas for nothing, lands at a friendly port
that counts 1 whatever its map or terrain, and goes on overland. One overseas part per supplied
unit is the chain's business (:mod:`viewer.rules.wif.supply.trace`).
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

EPS = 1e-4
_INF = np.inf


def rule_cost(d):
    """Integer rule cost of a Dijkstra distance (``inf`` stays ``inf``)."""
    return np.floor(np.asarray(d, dtype=float) + 1e-9)  # inf stays inf


class CsgraphSearch:
    """The searches of the engine, run by ``scipy.sparse.csgraph.dijkstra`` (compiled code)."""

    name = "csgraph"

    def search(self, matrix, origins: np.ndarray, limit: float):
        return dijkstra(matrix, directed=True, indices=origins, limit=limit, return_predecessors=True)

    def nearest(self, matrix, sources: np.ndarray, limit: float, offsets=None) -> np.ndarray:
        if offsets is None:
            return dijkstra(matrix, directed=True, indices=sources, limit=limit, min_only=True)
        values = np.unique(offsets)
        if len(values) <= 8:
            # few distinct offsets (rule costs): the nearest of the sources starting at each, cut
            # at what is left of the limit, plus that offset; no copy of the matrix
            out = np.full(matrix.shape[0], _INF)
            for v in values.tolist():
                if v <= limit:
                    at = sources[offsets == v]
                    d = dijkstra(matrix, directed=True, indices=at, limit=limit - v, min_only=True)
                    np.minimum(out, d + v, out=out)
            return out
        # one extra node whose edges to the sources weigh their offsets: a single search
        n, k = matrix.shape[0], len(sources)
        nnz = int(matrix.indptr[-1])
        data = np.empty(nnz + k)
        data[:nnz], data[nnz:] = matrix.data[:nnz], offsets
        indices = np.concatenate([matrix.indices[:nnz], sources.astype(matrix.indices.dtype)])
        indptr = np.append(matrix.indptr, nnz + k).astype(matrix.indptr.dtype, copy=False)
        m = _with_arrays(self._virtual_template(matrix), data, indices, indptr)
        return dijkstra(m, directed=True, indices=n, limit=limit)[:n]

    @staticmethod
    def _virtual_template(matrix):
        """A checked (n+1) x (n+1) matrix of ``matrix``'s dtypes: its attributes are reused."""
        key = (matrix.shape[0], matrix.indices.dtype.str, matrix.indptr.dtype.str)
        t = _TEMPLATES.get(key)
        if t is None:
            n = matrix.shape[0]
            t = _TEMPLATES[key] = csr_matrix((np.ones(1), np.zeros(1, matrix.indices.dtype),
                                              np.r_[np.zeros(n + 1), 1].astype(matrix.indptr.dtype)),
                                             shape=(n + 1, n + 1))
        return t


_TEMPLATES: dict = {}


def _with_arrays(template, data, indices, indptr):
    """A CSR matrix with ``template``'s shape and attributes and these arrays (consistent by
    construction: the map's structure plus one row), without re-checking them."""
    m = object.__new__(type(template))
    m.__dict__.update(template.__dict__)
    m.data, m.indices, m.indptr = data, indices, indptr
    return m


#: What runs the searches; ``bench/supply.py`` swaps in a networkx one for its baseline.
BACKEND = CsgraphSearch()


def search(matrix, origins, limit: float):
    """Distances and predecessors from each origin (rows), cut at ``limit`` (WiF 2.4.2 budgets)."""
    origins = np.asarray(origins, dtype=np.int64)
    if len(origins) == 0:
        n = matrix.shape[0]
        return np.empty((0, n)), np.empty((0, n), dtype=np.int32)
    return BACKEND.search(matrix, origins, limit + 0.5)


def nearest(matrix, sources, limit: float, offsets=None) -> np.ndarray:
    """Distance from the nearest of ``sources`` to every hex (one search from all of them at once),
    cut at ``limit``; over a reversed matrix, the distance from every hex *to* the nearest source.
    ``offsets``: what starting from each source costs beforehand (added to the distances)."""
    sources = np.asarray(sources, dtype=np.int64)
    if offsets is None:
        if len(sources) > 1 and not (sources[1:] > sources[:-1]).all():
            sources = np.unique(sources)
    else:
        offsets = np.asarray(offsets, dtype=float)
    if len(sources) == 0:
        return np.full(matrix.shape[0], np.inf)
    part = getattr(matrix, "part", None)
    if part is not None and isinstance(BACKEND, CsgraphSearch):
        return _nearest_in_part(part[0], part[1], sources, limit + 0.5, offsets)
    if offsets is None:
        return BACKEND.nearest(matrix, sources, limit + 0.5)
    return BACKEND.nearest(matrix, sources, limit + 0.5, offsets)


def _nearest_in_part(part, sub, sources: np.ndarray, limit: float, offsets) -> np.ndarray:
    """:func:`nearest` over the hexes the power's lines may reach (``part``, its matrix ``sub``): the
    same distances, without a pass over the rest of the map. A source left out of the part reaches
    no other hex (none of its neighbours may be entered): it is at its own offset."""
    at = part.pos[sources]
    inside = at >= 0
    out = np.full(part.n, _INF)
    if inside.any():
        if offsets is None:
            out[part.rows] = BACKEND.nearest(sub, at[inside], limit)
        else:
            out[part.rows] = BACKEND.nearest(sub, at[inside], limit, offsets[inside])
    if not inside.all():
        start = np.zeros(len(sources)) if offsets is None else offsets
        alone, cost = sources[~inside], start[~inside]
        ok = cost <= limit
        np.minimum.at(out, alone[ok], cost[ok])
    return out


class Local:
    """Distances of a multi-origin search (one row per origin) kept over the hexes it reached:
    :meth:`at` reads them at any hexes of the map (``inf`` where the search did not reach)."""

    def __init__(self, dist: np.ndarray, pos: np.ndarray | None):
        self.dist, self.pos = dist, pos       # pos: map row -> column of ``dist`` (-1: not reached)

    def at(self, rows) -> np.ndarray:
        rows = np.asarray(rows, dtype=np.int64)
        if self.pos is None:
            return self.dist[:, rows]
        p = self.pos[rows]
        out = np.full((self.dist.shape[0], len(rows)), _INF)
        ok = p >= 0
        out[:, ok] = self.dist[:, p[ok]]
        return out


def local_search(matrix, origins, limit: float) -> Local:
    """Distances from each origin, cut at ``limit``, as :func:`search` gives them (without the
    predecessors), for reading at a few hexes (:meth:`Local.at`).

    With the compiled backend the searches run over the part of the map the origins reach: one
    search from all of them at once finds those hexes; every path of a cut search runs through
    them only (costs are positive), so the distances are the same as over the whole map, and each
    origin's row holds the hexes reached rather than the whole map."""
    origins = np.asarray(origins, dtype=np.int64)
    n = matrix.shape[0]
    if len(origins) == 0:
        return Local(np.empty((0, 0)), np.full(n, -1, dtype=np.int64))
    if not isinstance(BACKEND, CsgraphSearch) or len(origins) == 1:
        return Local(search(matrix, origins, limit)[0], None)
    reached = np.flatnonzero(np.isfinite(nearest(matrix, origins, limit)))
    pos = np.full(n, -1, dtype=np.int64)
    pos[reached] = np.arange(len(reached))
    sub = submatrix(matrix, reached, pos)
    return Local(dijkstra(sub, directed=True, indices=pos[origins], limit=limit + 0.5), pos)


def submatrix(matrix, rows: np.ndarray, pos: np.ndarray) -> csr_matrix:
    """The square part of a CSR ``matrix`` over ``rows`` (sorted; ``pos``: row -> new index or -1),
    closed (``inf``) entries left out."""
    indptr = matrix.indptr
    start, stop = indptr[rows].astype(np.int64), indptr[rows + 1].astype(np.int64)
    counts = stop - start
    total = int(counts.sum())
    idx = np.arange(total) + np.repeat(start - (np.cumsum(counts) - counts), counts)
    cols = pos[matrix.indices[idx]]
    data = matrix.data[idx]
    keep = (cols >= 0) & np.isfinite(data)
    owner = np.repeat(np.arange(len(rows)), counts)[keep]
    new_ptr = np.zeros(len(rows) + 1, dtype=np.int64)
    np.cumsum(np.bincount(owner, minlength=len(rows)), out=new_ptr[1:])
    m = len(rows)
    return csr_matrix((data[keep], cols[keep].astype(np.int32), new_ptr.astype(np.int32)), shape=(m, m))


def path(pred_row: np.ndarray, target: int) -> list[int]:
    """Hex rows from the search's origin to ``target`` (inclusive) along the predecessors."""
    out = [int(target)]
    p = int(pred_row[target])
    while p >= 0:
        out.append(p)
        p = int(pred_row[p])
    return out[::-1]


@dataclass
class SeaPlan:
    """The best overseas route of a leg to one target."""

    cost: int
    embark: int          # hex row where the line puts to sea
    embark_area: int
    landing: int         # hex row of the landing port
    landing_area: int
    land_index: int      # index into the side view's landing ports


class SeaSearch:
    """Overseas legs for one side and one leg kind (WiF 2.4.2).

    ``side`` gives the landing ports (friendly, open, enterable), the sea areas' components (areas
    a line can pass between; blocked areas are -1) and the embark test; the overland part after
    landing is one multi-origin search from every landing port, shared by all tracers of the side.
    """

    def __init__(self, side, kind: str, limit: float):
        self.side = side
        self.g = side.graph
        self.kind = kind
        self.land_rows = side.landing_ports
        self.raw, self.pred = search(side.matrix[kind], self.land_rows, limit)
        self.dist = rule_cost(self.raw)
        comp = side.area_comp
        pairs = self.g.hex_area
        # (landing port index, component, area) triples
        pos = {int(r): i for i, r in enumerate(self.land_rows.tolist())}
        li = np.array([pos.get(int(r), -1) for r in pairs[:, 0]], dtype=np.int64) if len(pairs) else np.empty(0, int)
        ok = (li >= 0) & (comp[pairs[:, 1]] >= 0) if len(pairs) else np.empty(0, bool)
        self.land_pairs = np.stack([li[ok], comp[pairs[ok, 1]], pairs[ok, 1]], axis=1) if ok.any() \
            else np.empty((0, 3), dtype=np.int64)

    def best(self, origin: int, dist_row: np.ndarray, budget: int, targets: np.ndarray, d=None):
        """For each target row, the cheapest overseas plan within ``budget`` (or None).

        ``dist_row``: the origin's overland search (raw distances); ``d`` its rule costs if known."""
        side, g = self.side, self.g
        targets = np.asarray(targets, dtype=np.int64)
        out: list[SeaPlan | None] = [None] * len(targets)
        if len(targets) == 0 or len(self.land_pairs) == 0 or budget < 1:
            return out
        d = rule_cost(dist_row) if d is None else d
        cand = side.embark_ok & (d <= budget - 1)
        ecost = np.where(cand, d, _INF)
        if g.coastal[origin] or g.port[origin]:
            ecost[origin] = 0.0
        pairs = g.hex_area
        sel = np.isfinite(ecost[pairs[:, 0]]) & (side.area_comp[pairs[:, 1]] >= 0)
        if not sel.any():
            return out
        e_rows, e_areas = pairs[sel, 0], pairs[sel, 1]
        e_comp = side.area_comp[e_areas]
        ncomp = int(side.area_comp.max()) + 1
        comp_cost = np.full(ncomp, _INF)
        np.minimum.at(comp_cost, e_comp, ecost[e_rows])
        lp = self.land_pairs
        lcost = comp_cost[lp[:, 1]] + 1  # the far-side port counts 1 (WiF 2.4.2)
        keep = lcost <= budget
        if not keep.any():
            return out
        lp, lcost = lp[keep], lcost[keep]
        total = lcost[:, None] + self.dist[lp[:, 0]][:, targets]  # (pairs, targets)
        j = np.argmin(total, axis=0)
        for t in range(len(targets)):
            c = total[j[t], t]
            if not np.isfinite(c) or c > budget:
                continue
            li, comp, area = (int(x) for x in lp[j[t]])
            # the embark point of that component with the lowest cost
            m = e_comp == comp
            k = np.flatnonzero(m)[np.argmin(ecost[e_rows[m]])]
            out[t] = SeaPlan(int(c), int(e_rows[k]), int(e_areas[k]), int(self.land_rows[li]), area, li)
        return out

    def pred_dist_row(self, i: int) -> np.ndarray:
        """Raw distances of the overland search from landing port ``i``."""
        return self.raw[i]

    def areas_between(self, a: int, b: int) -> list[int]:
        """Sea areas from ``a`` to ``b`` through open areas and passable transitions (BFS)."""
        adj = self.side.area_adj
        prev: dict[int, int | None] = {a: None}
        queue = deque([a])
        while queue:
            x = queue.popleft()
            if x == b:
                break
            for y in adj.get(x, ()):
                if y not in prev:
                    prev[y] = x
                    queue.append(y)
        if b not in prev:
            return [a, b]
        out = [b]
        step = prev[b]
        while step is not None:
            out.append(step)
            step = prev[step]
        return out[::-1]
