"""Supply benchmark (a script, not a test): ``python bench/supply.py``.

On the europe map with a few hundred units (random placements in the home countries of six
powers, Axis at war with the Allies, an HQ every 25 units) it times

* ``trace_all``: every unit's supply, a full recomputation as after a move (WiF 2.4): masks,
  ZOC, sources, every leg and chain;
* one ``supply_range`` overlay;
* the baseline: networkx shortest paths (``single_source_dijkstra_path_length`` with a cutoff)
  over the *same* masked graphs for the same searches the engine needs (each unit's basic leg,
  each secondary source's basic and rail legs, each landing port's overland continuation),
  measured in the same run.

It prints the times and the speed-up of the engine over the baseline as ``N.Nx``.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from viewer.board import load_map  # noqa: E402
from viewer.rules.wif.scenario import load_scenario  # noqa: E402
from viewer.rules.wif.supply import supply_range, trace_all  # noqa: E402
from viewer.rules.wif.supply.context import Politics, scenario_arrays, side_view  # noqa: E402
from viewer.rules.wif.supply.sources import find_sources  # noqa: E402

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


def best_of(fn, repeat: int = 5) -> float:
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def search_jobs(hexmap, scenario):
    """The searches a full recomputation runs: per power, the units' basic legs, the secondary
    sources' basic and rail legs and the landing ports' overland continuations."""

    arrays, pol = scenario_arrays(hexmap, scenario), Politics(scenario)
    jobs = []
    for power in sorted({u.power for u in scenario.units.values()}):
        side = side_view(hexmap, scenario, power, arrays, pol)
        units = [u for u in scenario.units.values() if u.power == power and u.hex is not None]
        src = find_sources(hexmap, scenario, units[0], arrays, pol)
        origins = [arrays["unit_rows"][u.id] for u in units]
        sec = [x.row for x in src.secondary]
        ports = side.landing_ports.tolist()
        jobs.append((side.matrix, origins, sec, ports))
    return jobs


def networkx_searches(jobs):
    """networkx shortest paths (with paths, cut at the budget) for every search."""
    import networkx as nx

    graphs = [{k: nx.from_scipy_sparse_array(mat[k], create_using=nx.DiGraph) for k in mat}
              for mat, *_ in jobs]

    def run():
        for g, (_, origins, sec, ports) in zip(graphs, jobs):
            for o in origins:
                nx.single_source_dijkstra(g["basic"], o, cutoff=4.5)
            for kind in ("basic", "rail"):
                for o in sec + ports:
                    nx.single_source_dijkstra(g[kind], o, cutoff=4.5)
    return run


def csgraph_searches(jobs):
    """The same searches as the engine runs them: one multi-origin csgraph call per set."""
    from viewer.rules.wif.supply.legs import search

    def run():
        for mat, origins, sec, ports in jobs:
            search(mat["basic"], origins, 4)
            for kind in ("basic", "rail"):
                search(mat[kind], sec, 4)
                search(mat[kind], ports, 4)
    return run


def main(n_units: int = 300) -> None:
    hexmap = load_map("europe")
    scenario = make_scenario(hexmap, n_units)
    trace_all(hexmap, scenario)  # build the static graph once (cached per map)
    t_all = best_of(lambda: trace_all(hexmap, scenario))
    hq = next(u.id for u in scenario.units.values() if u.is_hq)
    t_range = best_of(lambda: supply_range(hexmap, scenario, hq))
    results = trace_all(hexmap, scenario)
    jobs = search_jobs(hexmap, scenario)
    t_nx = best_of(networkx_searches(jobs), repeat=3)
    t_cs = best_of(csgraph_searches(jobs))
    print(f"europe map: {len(hexmap.hexes)} hexes, {len(scenario.units)} units, "
          f"{sum(r.in_supply for r in results.values())} in supply")
    print(f"trace_all (full recomputation): {t_all * 1000:.1f} ms")
    print(f"supply_range (one overlay):     {t_range * 1000:.1f} ms")
    n_searches = sum(len(o) + 2 * (len(s) + len(p)) for _, o, s, p in jobs)
    print(f"{n_searches} searches: csgraph {t_cs * 1000:.1f} ms, networkx {t_nx * 1000:.1f} ms")
    print(f"speed-up of the searches over networkx: {t_nx / t_cs:.1f}x")
    print(f"full recomputation against the networkx searches alone: {t_nx / t_all:.1f}x")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 300)
