"""Build ``maps/wif-world.gpkg``: the World in Flames board beyond Europe (WiF 1.2, 2.1, 8.1).

Run from the repository root, after installing the pinned build-only sources (the same as the
``europe`` build; see ``maps/README.md``)::

    pip install -r maps/build/requirements-europe.txt
    python maps/build/wif_world.py        # writes maps/wif-world.gpkg

Sheets (each in its own CRS; ``viewer.board.HexMap`` keeps one CRS per sheet):

* ``europe``: the sheet of ``maps/europe.gpkg`` as it is (100 km, EPSG:3035, map class
  ``european``), plus the large hex-dot flags the off-map links need (WiF 2.1.1);
* ``asia`` and ``pacific``: 230 km sheets (map classes ``asian``/``pacific``) built by
  :mod:`theatre` from ``asia_1939.yaml`` / ``pacific_1939.yaml`` and the terrain outlines of
  ``asia_terrain.yaml`` / ``pacific_terrain.yaml``, with their rivers (``asia_rivers.yaml`` /
  ``pacific_rivers.yaml``, WiF 2.1.1) and the Chinese hexes Japan held on 1 September 1939
  (hex column ``control_1939``, WiF 2.5);
* ``america``: the American mini-map, 650 km, every hex off-map and every hex-dot large
  (WiF 2.1.4), from ``offmap.yaml``;
* ``offmap``: the off-map hexes around the maps (WiF 2.1.3), 650 km, from ``offmap.yaml``.

Joins (:mod:`world_joins`), off-map links and lines of communication (:mod:`offmap`) go to the
``extra_edges`` table with their kinds (``viewer.board.terrain.EDGE_KINDS``).
"""
from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(Path(__file__).resolve().parent))

import europe as eu
import offmap
import theatre
from world_joins import SheetIndex, edge_rows, join_pairs

from viewer.board import HexMap, load_map, save_map

HEX_COLUMNS = ["sheet", "q", "r", "terrain", "climate_zone", "country", "map_class", "sea_area", "off_map",
               "hex_dot", "large_hex_dot", "coastal", "port", "city", "control_1939"]


def europe_part():
    """The europe sheet and its tables as in ``maps/europe.gpkg`` (hexes get ``lon``/``lat``)."""
    m = load_map(ROOT / "maps" / "europe.gpkg")
    sheet = m.sheets["europe"]
    hexes = m.hexes.drop(columns=["label"]).copy()
    x, y = m.centers()
    lon, lat = eu._transformer(sheet.crs, "EPSG:4326").transform(x, y)
    hexes["x"], hexes["y"], hexes["lon"], hexes["lat"] = x, y, lon, lat
    tables = {k: getattr(m, k).copy() for k in ("hexsides", "features", "regions", "region_adjacency", "chokepoints")}
    tables["hexes"] = hexes
    return sheet, tables


def _merge_regions(parts: list[pd.DataFrame]) -> pd.DataFrame:
    """One row per (kind, name): the first sheet that describes a region wins (europe first)."""
    df = pd.concat(parts, ignore_index=True)
    return df.drop_duplicates(["kind", "name"], keep="first").reset_index(drop=True)


def _cross_sea_adjacency(indexes, edges: pd.DataFrame) -> pd.DataFrame:
    """Sea areas that touch across a join (two hex-dots of different areas joined by an edge)."""
    area = {}
    for ix in indexes.values():
        h = ix.hexes
        area.update({(ix.sheet.name, int(q), int(r)): a for q, r, a, d in
                     zip(h["q"], h["r"], h["sea_area"], h["hex_dot"]) if d})
    pairs = set()
    for rec in edges.itertuples():
        a = area.get((rec.sheet_a, rec.q_a, rec.r_a))
        b = area.get((rec.sheet_b, rec.q_b, rec.r_b))
        if a and b and a != b:
            pairs.add(tuple(sorted((a, b))))
    return pd.DataFrame([{"kind": "sea_area", "a": a, "b": b, "via": None} for a, b in sorted(pairs)])


def build() -> tuple[HexMap, dict]:
    t0 = time.perf_counter()
    src = eu.source_paths()
    sheets, parts, stats = {}, {}, {}
    sheets["europe"], parts["europe"] = europe_part()
    indexes = {"europe": SheetIndex(sheets["europe"], parts["europe"]["hexes"])}

    def covered(lon, lat):
        return np.any([ix.covers(lon, lat) for ix in indexes.values()], axis=0)

    for name, facts_file, terrain_file in (("asia", "asia_1939.yaml", "asia_terrain.yaml"),
                                           ("pacific", "pacific_1939.yaml", "pacific_terrain.yaml")):
        facts = theatre.load_facts(facts_file)
        sheet, tables, st = theatre.build_theatre(facts, src, covered, terrain_file)
        sheets[name], parts[name], stats[name] = sheet, tables, st
        indexes[name] = SheetIndex(sheet, tables["hexes"])

    joins = []
    for a, b in (("europe", "asia"), ("asia", "pacific")):
        pairs = join_pairs(indexes[a], indexes[b])
        joins.append(edge_rows(indexes[a], indexes[b], "sheet-join", f"{a}-{b} join (WiF 2.1.1)", pairs))
        stats[f"join {a}-{b}"] = len(pairs)
    edges = pd.concat(joins, ignore_index=True)

    off = offmap.build_offmap(src, sheets, parts, indexes, covered)
    sheets.update(off["sheets"])
    edges = pd.concat([edges, off["edges"]], ignore_index=True)
    stats.update(off["stats"])

    for part in [*(parts[n]["hexes"] for n in parts), off["hexes"]]:
        if "control_1939" not in part.columns:  # the europe sheet and the off-map hexes: none
            part["control_1939"] = None
    hexes = pd.concat([parts[n]["hexes"][HEX_COLUMNS] for n in sheets if "hexes" in parts.get(n, {})]
                      + [off["hexes"][HEX_COLUMNS]], ignore_index=True)
    regions = _merge_regions([parts[n]["regions"] for n in parts] + [off["regions"],
                              pd.DataFrame({"kind": "climate_zone", "name": sorted(set(hexes["climate_zone"].dropna()))})])
    regions = regions[(regions["kind"] != "climate_zone") | regions["name"].isin(set(hexes["climate_zone"]))]
    adjacency = pd.concat([parts[n]["region_adjacency"] for n in parts]
                          + [_cross_sea_adjacency(indexes | off["indexes"], edges), off["region_adjacency"]],
                          ignore_index=True).drop_duplicates(["kind", "a", "b"]).reset_index(drop=True)
    features = pd.concat([parts[n]["features"] for n in parts] + [off["features"]], ignore_index=True)
    m = HexMap(
        "wif-world", "wif", list(sheets.values()), hexes,
        hexsides=pd.concat([parts[n]["hexsides"] for n in parts if "hexsides" in parts[n]], ignore_index=True),
        regions=regions.reset_index(drop=True),
        region_adjacency=adjacency, features=features, extra_edges=edges,
        chokepoints=parts["europe"]["chokepoints"],
    )
    stats["hexes"] = len(hexes)
    stats["hexes per sheet"] = hexes["sheet"].value_counts().to_dict()
    stats["extra edges per kind"] = edges["kind"].value_counts().to_dict()
    stats["climate zones (hexes)"] = hexes["climate_zone"].value_counts().to_dict()
    stats["seconds"] = round(time.perf_counter() - t0, 1)
    return m, stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "maps" / "wif-world.gpkg"))
    args = ap.parse_args(argv)
    m, stats = build()
    path = save_map(m, args.out)
    for k, v in stats.items():
        print(f"{k}: {v}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
