"""Supply benchmark (a script, not a test): ``python bench/supply.py [N_UNITS] [REPEATS]``.

On the europe map with a few hundred units (random placements in the home countries of six
powers, Axis at war with the Allies, an HQ every 25 units) it times, best of several runs:

* ``trace_all``, a full recomputation as after a move (WiF 2.4): scenario arrays, ZOC, each
  power's masks, sources, every unit's in-supply verdict; plus the chain of one selected unit
  (what the map draws after a move), and separately every unit's chain (what the CLI prints);
* one ``supply_range`` overlay.

The baseline is the *same* computation with networkx doing the searches, in the same run: the
engine's search backend (``viewer.rules.wif.supply.legs.BACKEND``) is swapped for one that runs
``networkx`` Dijkstra (multi-source, with a cutoff at the budget) over the map's static graph,
built once outside the timings; each power's masks reach it as an edge-weight function (a closed
edge weighs ``None``), the way a networkx engine would apply them without rebuilding the graph.

It prints ``full recomputation: N.N ms``, ``networkx baseline: N.N ms`` and ``speed-up: N.Nx``
for each, and the machine's load average (the machine is shared: compare runs with care). The two
backends take turns on a chain of scenarios, each one move after the last, so both recompute after
a move and a burst of load on the machine falls on both; each side reports its best run.
"""
from __future__ import annotations

import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from viewer.board import load_map
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.supply import legs, map_graph, state, supply_range, trace_all

POWERS = [("Poland", "Poland"), ("Germany", "Germany"), ("France", "France"),
          ("Commonwealth", "United Kingdom"), ("Italy", "Italy"), ("USSR", "USSR")]


def make_scenario(hexmap, n_units: int = 300, seed: int = 1):
    h = hexmap.hexes
    land = h[~h["hex_dot"]]
    rng = np.random.default_rng(seed)
    units = []
    for i in range(n_units):
        power, country = POWERS[i % len(POWERS)]
        labels = land.loc[land["country"] == country, "label"].tolist()
        utype = "HQ-I" if i % 25 == 0 else "INF"
        units.append({"id": f"u{i}", "type": utype, "power": power, "hex": str(rng.choice(labels))})
    return load_scenario({"map": hexmap.name, "name": "bench", "at_war": [["axis", "allies"]],
                          "units": units}, hexmap)


class NetworkxSearch:
    """The engine's two searches done by networkx over the map's static graph (the baseline)."""

    name = "networkx"

    def __init__(self, g):
        import networkx as nx

        self.nx, self.g = nx, g
        fwd, rev = nx.DiGraph(), nx.DiGraph()
        fwd.add_nodes_from(range(g.n))
        rev.add_nodes_from(range(g.n))
        # edge attribute "i": where the edge's weight sits in the matrix's data
        fwd.add_edges_from((int(a), int(b), {"i": i}) for i, (a, b) in enumerate(zip(g.src, g.dst)))
        ro = g.rev_order
        rev.add_edges_from((int(a), int(b), {"i": i}) for i, (a, b) in enumerate(zip(g.dst[ro], g.src[ro])))
        self.fwd, self.rev = fwd, rev

    def _graph(self, matrix):
        g = self.g
        if matrix.nnz == len(g.src) and np.array_equal(matrix.indptr, g.fwd_indptr) \
                and np.array_equal(matrix.indices, g.dst):
            graph = self.fwd
        elif matrix.nnz == len(g.src) and np.array_equal(matrix.indptr, g.rev_indptr) \
                and np.array_equal(matrix.indices, g.rev_indices):
            graph = self.rev
        else:
            raise ValueError("a matrix outside the map's fixed structure")
        data = matrix.data.tolist()
        inf = float("inf")

        def weight(u, v, attr):
            w = data[attr["i"]]
            return None if w == inf else w
        return graph, weight

    def search(self, matrix, origins, limit):
        graph, weight = self._graph(matrix)
        n = matrix.shape[0]
        dist = np.full((len(origins), n), np.inf)
        pred = np.full((len(origins), n), -9999, dtype=np.int32)
        for k, o in enumerate(origins.tolist()):
            p, d = self.nx.dijkstra_predecessor_and_distance(graph, o, cutoff=limit, weight=weight)
            dist[k, list(d)] = list(d.values())
            for v, ps in p.items():
                if ps:
                    pred[k, v] = ps[0]
        return dist, pred

    def nearest(self, matrix, sources, limit, offsets=None):
        graph, weight = self._graph(matrix)
        start = set(sources.tolist())
        if offsets is not None:               # a virtual start node, its edges weigh the offsets
            off = dict(zip(sources.tolist(), offsets.tolist()))
            graph.add_edges_from((-1, v, {"i": -1}) for v in off)
            plain = weight

            def weight(u, v, attr):
                return off[v] if u == -1 else plain(u, v, attr)
            start = {-1}
        try:
            d = self.nx.multi_source_dijkstra_path_length(graph, start, cutoff=limit, weight=weight)
        finally:
            if offsets is not None:
                graph.remove_node(-1)
        d.pop(-1, None)
        out = np.full(matrix.shape[0], np.inf)
        out[list(d)] = list(d.values())
        return out


def moves(hexmap, scenario, count: int) -> list:
    """``count`` scenarios, each the previous one after one unit moved to another land hex (a fresh
    scenario object: every unit-dependent array is recomputed, as in the app after a move)."""
    rng = np.random.default_rng(7)
    h = hexmap.hexes
    land = np.flatnonzero(~h["hex_dot"].to_numpy())
    ids = [u.id for u in scenario.units.values() if not u.is_hq]
    out, s = [], scenario
    for _ in range(count):
        uid = ids[int(rng.integers(len(ids)))]
        row = int(rng.choice(land))
        s = s.moved(uid, (str(h["sheet"].iat[row]), int(h["q"].iat[row]), int(h["r"].iat[row])))
        out.append(s)
    return out


class Timed:
    """A search backend that also adds up the time spent in its searches."""

    def __init__(self, backend):
        self.backend, self.seconds = backend, 0.0

    def search(self, *args):
        t = time.perf_counter()
        try:
            return self.backend.search(*args)
        finally:
            self.seconds += time.perf_counter() - t

    def nearest(self, *args):
        t = time.perf_counter()
        try:
            return self.backend.nearest(*args)
        finally:
            self.seconds += time.perf_counter() - t


def timed(fn, runs, backends, cold=False) -> list[tuple[float, float]]:
    """For each backend, the best wall time of ``fn(scenario)`` over its runs, and the time its
    searches took in that run (``cold``: the kept state dropped first). ``runs``: (scenario, backend
    index) pairs; each scenario is one move after the one before, so every run (whichever backend)
    recomputes after a move, and the backends take turns, so that a burst of load on the (shared)
    machine hits both sides alike."""
    best = [(np.inf, np.inf)] * len(backends)
    for s, k in runs:
        if cold:
            state._CACHE.clear()
        saved, legs.BACKEND = legs.BACKEND, Timed(backends[k])
        try:
            t = time.perf_counter()
            fn(s)
            best[k] = min(best[k], (time.perf_counter() - t, legs.BACKEND.seconds))
        finally:
            legs.BACKEND = saved
    return best


def main(n_units: int = 300, repeat: int = 21) -> None:
    hexmap = load_map("europe")
    scenario = make_scenario(hexmap, n_units)
    nxs = NetworkxSearch(map_graph(hexmap))
    hq = next(u.id for u in scenario.units.values() if u.is_hq)
    selected = next(u.id for u in scenario.units.values() if not u.is_hq)
    after_moves = moves(hexmap, scenario, 2 * repeat)

    def verdicts(s):                          # every unit's in-supply verdict
        return trace_all(hexmap, s)

    def verdicts_and_chain(s):                # ... and the selected unit's chain, as the map draws
        return trace_all(hexmap, s)[selected].chain

    def every_chain(s):                       # the command line: every chain or reason
        return {k: v.to_json() for k, v in trace_all(hexmap, s).items()}

    def overlay(s):
        return supply_range(hexmap, s, hq)

    mine = trace_all(hexmap, scenario)
    legs.BACKEND, saved = nxs, legs.BACKEND
    try:
        theirs = trace_all(hexmap, scenario)
        agree = all(mine[k].in_supply == theirs[k].in_supply for k in mine)
    finally:
        legs.BACKEND = saved
    print(f"europe map: {len(hexmap.hexes)} hexes, {len(scenario.units)} units, "
          f"{sum(r.in_supply for r in mine.values())} in supply; networkx verdicts agree: {agree}")
    print(f"best of {repeat} recomputations (networkx: as many, but a third for every chain), each after "
          f"one unit moved; load average {os.getloadavg()[0]:.2f} on {os.cpu_count()} CPUs")
    cases = [("trace_all, every unit's verdict (after a move)", verdicts, False),
             ("trace_all, every unit's verdict (cold: politics, control, weather too)", verdicts, True),
             ("trace_all + the selected unit's chain (after a move)", verdicts_and_chain, False),
             ("every unit's chain or reason, as the CLI prints (after a move)", every_chain, False),
             ("supply_range, one overlay (after a move)", overlay, False)]
    csgraph = legs.CsgraphSearch()
    for name, fn, cold in cases:
        fn(scenario)                          # warm the map's static graph
        nx_runs = repeat if fn is not every_chain else max(5, repeat // 3)
        order = [0, 1] * nx_runs + [0] * (repeat - nx_runs)        # csgraph and networkx take turns
        (t_cs, s_cs), (t_nx, s_nx) = timed(fn, list(zip(after_moves, order)), [csgraph, nxs], cold=cold)
        print(f"{name}:\n  full recomputation: {t_cs * 1000:.1f} ms\n"
              f"  networkx baseline: {t_nx * 1000:.1f} ms\n  speed-up: {t_nx / t_cs:.1f}x\n"
              f"  (its searches alone: csgraph {s_cs * 1000:.1f} ms, networkx {s_nx * 1000:.1f} ms, "
              f"{s_nx / s_cs:.1f}x)")
    print(f"load average at the end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
