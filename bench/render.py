"""Rendering and map-file benchmark (a script, not a test): ``python bench/render.py``.

Foundation part: for synthetic maps of 10,000 and 70,200 hexes (rectangles in odd-r offset
coordinates converted to axial, random terrain) it measures

* the **baseline document**: ``bokeh.embed.json_item`` of a figure with ONE ``hex_tile``
  glyph fed with integer ``q, r`` and a colour column (DESIGN.md, "Rendering"): build time
  and JSON size;
* :func:`viewer.board.save_map` and :func:`viewer.board.load_map` times and the file size.

Bundled maps: ``load_map("europe")`` (goal: under 0.5 s) and the WiF app's map
(viewer plus its political and maritime layers) against the baseline document of the same map.

View benchmarks plug in through :data:`CANDIDATES`: each is a function ``HexMap -> Bokeh
model`` (or JSON-able dict); the table prints its time and size as ratios against the
baseline document measured in the same run.
"""
from __future__ import annotations

import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Callable

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from viewer.board import HexMap, load_map, save_map  # noqa: E402
from viewer.board.synthetic import rectangle_map  # noqa: E402

#: hex count -> (columns, rows) of the synthetic rectangle
SIZES = {10_000: (100, 100), 70_200: (270, 260)}

#: Benchmark-only palette (views own the real colours).
_PALETTE = ["#d9d9d9", "#74a35a", "#8c6d46", "#e8d28a", "#b59a5b", "#6f8f7f", "#7fb3d5", "#2e7d32", "#9ecae1"]

#: name -> function(hexmap) returning a Bokeh model (or a dict) to serialise; views add theirs.
CANDIDATES: dict[str, Callable[[HexMap], object]] = {}


def map_viewer_figure(hexmap: HexMap):
    """The app shell's map viewer (viewer.views.MapView): its whole Bokeh figure. Goal: <= 1.5x."""
    from viewer.state import SessionState
    from viewer.views.map.mapview import MapView

    return MapView(hexmap=hexmap, state=SessionState()).figure


CANDIDATES["map viewer"] = map_viewer_figure


def synthetic_map(n: int) -> HexMap:
    cols, rows = SIZES[n]
    return rectangle_map(cols, rows, seed=n)


def measure(fn: Callable[[], object], repeat: int = 3) -> tuple[float, object]:
    """Best wall time of ``repeat`` calls of ``fn`` and the last result."""
    best, result = float("inf"), None
    for _ in range(repeat):
        t0 = time.perf_counter()
        result = fn()
        best = min(best, time.perf_counter() - t0)
    return best, result


def hex_tile_figure(hexmap: HexMap):
    """One Bokeh figure, one ``hex_tile`` glyph: integer q, r and a colour column."""
    from bokeh.models import ColumnDataSource
    from bokeh.plotting import figure

    h = hexmap.hexes
    sheet = next(iter(hexmap.sheets.values()))
    terrain = h["terrain"].to_numpy()
    classes = {t: i for i, t in enumerate(hexmap.vocabulary.terrain)}
    colour = np.asarray(_PALETTE, dtype=object)[[classes[t] % len(_PALETTE) for t in terrain]]
    source = ColumnDataSource(
        dict(q=h["q"].to_numpy(np.int32), r=h["r"].to_numpy(np.int32), colour=colour)
    )
    p = figure(match_aspect=True, tools="tap,pan,wheel_zoom", toolbar_location=None)
    p.hex_tile(q="q", r="r", size=sheet.size, orientation=sheet.orientation, fill_color="colour",
               line_color=None, source=source)
    return p


def document_json(model) -> str:
    from bokeh.embed import json_item

    item = model if isinstance(model, dict) else json_item(model)
    return json.dumps(item)


def baseline_document(n_or_map) -> str:
    """The baseline JSON document for a synthetic map of ``n`` hexes (or a given map)."""
    hexmap = synthetic_map(n_or_map) if isinstance(n_or_map, int) else n_or_map
    return document_json(hex_tile_figure(hexmap))


def run() -> list[dict]:
    rows = []
    for n in SIZES:
        hexmap = synthetic_map(n)
        t_doc, doc = measure(lambda: baseline_document(hexmap))
        row = dict(hexes=len(hexmap), what="hex_tile baseline", seconds=t_doc, mb=len(doc) / 1e6)
        rows.append(row)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "bench.gpkg"
            t_save, _ = measure(lambda: save_map(hexmap, path), repeat=2)
            t_load, loaded = measure(lambda: load_map(path), repeat=2)
            assert loaded.equals(hexmap)
            mb = path.stat().st_size / 1e6
        rows.append(dict(hexes=n, what="save_map (GeoPackage)", seconds=t_save, mb=mb))
        rows.append(dict(hexes=n, what="load_map (GeoPackage)", seconds=t_load, mb=mb))
        for name, fn in CANDIDATES.items():
            t, out = measure(lambda: document_json(fn(hexmap)))
            rows.append(
                dict(hexes=n, what=name, seconds=t, mb=len(out) / 1e6,
                     x_time=t / t_doc, x_size=len(out) / len(doc))
            )
    return rows


#: Bundled maps measured by name; goal for load_map: under 0.5 s.
BUNDLED = ("europe",)
LOAD_GOAL_S = 0.5


def map_with_layers_figure(hexmap: HexMap):
    """The WiF app's map: MapView plus viewer.views.map.map_layers.MapLayers on the same figure."""
    from viewer.state import SessionState
    from viewer.views.map.map_layers import MapLayers
    from viewer.views.map.mapview import MapView

    view = MapView(hexmap=hexmap, state=SessionState())
    MapLayers(view=view)
    return view.figure


def bundled_rows() -> list[dict]:
    import logging

    # json_item of a server figure warns about its Python tap callback; irrelevant to the size
    logging.getLogger("bokeh.embed.util").setLevel(logging.ERROR)
    rows = []
    for name in BUNDLED:
        t_load, hexmap = measure(lambda: load_map(name), repeat=3)
        rows.append(dict(hexes=len(hexmap), what=f"load_map({name!r})", seconds=t_load, mb=0.0,
                         note=f"goal < {LOAD_GOAL_S} s: {'ok' if t_load < LOAD_GOAL_S else 'MISSED'}"))
        t_doc, doc = measure(lambda: baseline_document(hexmap))
        rows.append(dict(hexes=len(hexmap), what=f"{name}: hex_tile baseline", seconds=t_doc, mb=len(doc) / 1e6))
        t, out = measure(lambda: document_json(map_with_layers_figure(hexmap)), repeat=2)
        rows.append(dict(hexes=len(hexmap), what=f"{name}: map + layers", seconds=t, mb=len(out) / 1e6,
                         x_time=t / t_doc, x_size=len(out) / len(doc)))
    return rows


def print_table(rows: list[dict]) -> None:
    print(f"{'hexes':>7}  {'what':<28} {'seconds':>8} {'MB':>7} {'x time':>7} {'x size':>7}")
    for r in rows:
        xt = f"{r['x_time']:7.2f}" if "x_time" in r else " " * 7
        xs = f"{r['x_size']:7.2f}" if "x_size" in r else " " * 7
        print(f"{r['hexes']:>7}  {r['what']:<28} {r['seconds']:8.3f} {r['mb']:7.2f} {xt} {xs}  {r.get('note', '')}")


if __name__ == "__main__":
    if "--bundled" in sys.argv[1:]:  # only the bundled maps (a few seconds)
        print_table(bundled_rows())
    else:
        print_table(run() + bundled_rows())
