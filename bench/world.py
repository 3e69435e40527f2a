"""World-map benchmark (a script, not a test): ``python bench/world.py [N_UNITS]``.

On the bundled ``wif-world`` map (Europe at 100 km a hex, Asia and the Pacific at 230 km, the
off-map areas and the American mini-map at 650 km, WiF 1.2) it measures

* ``load_map("wif-world")``: best of three, with the hex count per sheet;
* the **first render**: the JSON document (``bokeh.embed.json_item``) of the WiF app's map figure
  as ``/wif?map=wif-world`` builds it (MapView with every sheet at its own scale and the joins,
  the weather layer of the six climate zones, the political and maritime layers): build time and
  size, as ratios against the **baseline** measured in the same run, the bare ``hex_tile``
  document of the same hexes (``bench/render.py``: one glyph, integer q, r and a colour column);
  the goal of the app shell's benchmark (``bench/render.py``, "map viewer") is the map viewer's
  document within 1.5x the baseline's size: measured for the MapView alone, then for the whole
  map of the page (whose weather and political layers add their own per-hex columns);
* **one supply recomputation** (WiF 2.4) with units on both sides of the Europe-Asia join
  (``trace_all``: scenario arrays, ZOC, masks, sources, every unit's verdict), first (with the
  map's sparse graph built) and again (graph cached), and one ``supply_range`` overlay.
"""
from __future__ import annotations

import logging
import os
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from render import document_json, hex_tile_figure, measure

from viewer.board import bundled_maps, load_map

MAP = "wif-world"
SIZE_GOAL = 1.5
#: (power, country) pairs whose home hexes get units, when the map has the country.
POWERS = [("Germany", "Germany"), ("USSR", "USSR"), ("Commonwealth", "United Kingdom"), ("France", "France"),
          ("Italy", "Italy"), ("Japan", "Japan"), ("Nationalist China", "China"), ("Commonwealth", "India")]


def map_viewer_figure(hexmap):
    """The map viewer alone (every sheet at its own scale, joins and links): the app shell's goal."""
    from viewer.state import SessionState
    from viewer.views.map.mapview import MapView

    return MapView(hexmap=hexmap, state=SessionState()).figure


def app_map_figure(hexmap):
    """The /wif map figure: view (sheets, joins), weather layer, political and maritime layers."""
    from viewer.state import SessionState
    from viewer.views.map.map_layers import MapLayers
    from viewer.views.map.mapview import MapView
    from viewer.views.wif.weather import WeatherPanel

    view = MapView(hexmap=hexmap, state=SessionState())
    WeatherPanel(mapview=view, state=view.state)
    MapLayers(view=view)
    return view.figure


def make_scenario(hexmap, n_units: int, seed: int = 1):
    """Random units in the home countries of :data:`POWERS` that the map has; Axis at war with Allies."""
    from viewer.rules.wif.scenario_io import load_scenario

    h = hexmap.hexes
    land = h[~h["hex_dot"] & ~h["off_map"]]
    written = (land["sheet"] + ":" + land["label"]).to_numpy(dtype=str)  # "sheet:label" on any map
    pools = [(p, written[(land["country"] == c).to_numpy()]) for p, c in POWERS]
    pools = [(p, labels) for p, labels in pools if len(labels)]
    rng = np.random.default_rng(seed)
    units = []
    for i in range(n_units):
        power, labels = pools[i % len(pools)]
        hex_label = str(rng.choice(labels))
        units.append({"id": f"u{i}", "type": "HQ-I" if i % 25 == 0 else "INF", "power": power, "hex": hex_label})
    return load_scenario({"map": hexmap.name, "name": "bench", "at_war": [["axis", "allies"]], "units": units},
                         hexmap)


def main(n_units: int = 200) -> None:
    logging.getLogger("bokeh.embed.util").setLevel(logging.ERROR)
    if MAP not in bundled_maps():
        sys.exit(f"map {MAP!r} is not bundled yet; bundled: {', '.join(bundled_maps())}")
    t_load, hexmap = measure(lambda: load_map(MAP), repeat=3)
    per_sheet = hexmap.hexes["sheet"].value_counts().reindex(list(hexmap.sheets)).to_dict()
    print(f"load_map({MAP!r}): {t_load:.3f} s, {len(hexmap)} hexes {per_sheet}, "
          f"{len(hexmap.extra_edges)} extra edges")

    t_base, base = measure(lambda: document_json(hex_tile_figure(hexmap)))
    t_view, view = measure(lambda: document_json(map_viewer_figure(hexmap)), repeat=2)
    t_app, app = measure(lambda: document_json(app_map_figure(hexmap)), repeat=2)
    print(f"baseline hex_tile document: {t_base:.3f} s, {len(base) / 1e6:.2f} MB")
    print(f"map viewer alone: {t_view:.3f} s, {len(view) / 1e6:.2f} MB -> x time {t_view / t_base:.2f}, "
          f"x size {len(view) / len(base):.2f} (size goal <= {SIZE_GOAL}: "
          f"{'ok' if len(view) / len(base) <= SIZE_GOAL else 'MISSED'})")
    print(f"first render of /wif?map={MAP} (map, weather, layers): {t_app:.3f} s, {len(app) / 1e6:.2f} MB"
          f" -> x time {t_app / t_base:.2f}, x size {len(app) / len(base):.2f}")

    from viewer.rules.wif.supply import supply_range, trace_all

    scenario = make_scenario(hexmap, n_units)
    t0 = time.perf_counter()
    results = trace_all(hexmap, scenario)
    t_first = time.perf_counter() - t0
    t_again, results = measure(lambda: trace_all(hexmap, scenario), repeat=3)
    ok = sum(r.in_supply for r in results.values())
    print(f"supply recomputation, {len(results)} units ({ok} in supply): first {t_first * 1e3:.1f} ms "
          f"(graph built), again {t_again * 1e3:.1f} ms")
    hq = next(u for u in scenario.units if u.startswith("u") and scenario.units[u].type.startswith("HQ"))
    t_range, rng = measure(lambda: supply_range(hexmap, scenario, hq), repeat=3)
    print(f"supply_range({hq}): {t_range * 1e3:.1f} ms, {int(rng['reachable'].sum())} hexes reached")
    print(f"load average: {', '.join(f'{v:.2f}' for v in os.getloadavg())} (a shared machine)")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:2]))
