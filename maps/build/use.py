"""Build ``maps/use.gpkg``: the Unconditional Surrender! board from real geography.

Run from the repository root, after installing the pinned build-only sources (the same as the
europe map; see ``maps/README.md``)::

    pip install -r maps/build/requirements-europe.txt
    python maps/build/use.py                     # writes maps/use.gpkg
    python maps/build/use.py --numbering odd-r   # the hex-number layout is a setting (use-rules G)

The board is the europe pipeline at USE's scale (USE 1.1.5: 30-40 miles, 50-65 km a hex; we
take 60 km) in the same Lambert equal-area projection (EPSG:3035; USE 1.1.5 says the printed map
is a Lambert projection). Hex numbers are ``AABB``, row then column, rows growing southward, in
the ``even-r`` layout the use-rules digest infers (section G); ``numbering`` switches it.

Steps and where they live:

* grid, land/sea/lake, places, countries, assembly: here (reusing :mod:`europe`);
* terrain, hexsides (rivers, sea sides, land borders, straits, canal, transport lines), islands,
  greyed and prohibited hexes, fortresses, climate, the Central Russia edge: :mod:`use_land`;
* sea zones, ports' zones, straits' and canal's zones, map boxes: :mod:`use_seas`.

Facts: ``use_board.yaml`` (our drawing: extent, sea zones, straits, climate lines, greyed areas,
fortresses, extra transport lines, map boxes) plus the europe facts files for countries, places, rivers, mountain
outlines and the 1939 railways.
"""
from __future__ import annotations

import argparse
import collections
import math
import sys
import time
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

ROOT = Path(__file__).resolve().parents[2]
HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(HERE))

import europe as eu
import use_land
import use_seas

from viewer.board import HexMap, Sheet, save_map

FACTS = HERE / "use_board.yaml"
SHEET = "use"


def load_facts() -> dict:
    """USE facts, with the europe facts they build on under ``europe``."""
    facts = yaml.safe_load(FACTS.read_text(encoding="utf-8"))
    facts["europe"] = yaml.safe_load((HERE / "europe_1939.yaml").read_text(encoding="utf-8"))
    return facts


# ---------------------------------------------------------------------------- grid


def make_grid(facts) -> tuple[Sheet, pd.DataFrame]:
    import shapely

    """Rows ``AA`` = 1.. (southward) and columns ``BB`` = 1.. (eastward) covering the extent points,
    kept where the hex centre lies inside the ``domain`` outline.

    The offset coordinates *are* the printed numbers (``col_base = row_base = 0``), so
    ``viewer.rules.use.grid.to_axial("2914")`` is the board's own ``(q, r)``.
    """
    crs, spacing = facts["crs"], float(facts["spacing_km"]) * 1000.0
    numbering = facts["numbering"]
    to_map = eu._transformer("EPSG:4326", crs)
    pts = np.array(facts["extent"], dtype=float)
    x, y = to_map.transform(pts[:, 0], pts[:, 1])
    xmin, xmax, ymin, ymax = min(x), max(x), min(y), max(y)
    probe = Sheet.geographic(SHEET, crs, spacing, offset=numbering, label_format="{row:02d}{col:02d}",
                             col_base=0, row_base=0)
    q11, r11 = probe.axial(1, 1)
    px, py = probe.centers(q11, r11)
    sheet = Sheet.geographic(SHEET, crs, spacing, offset=numbering, label_format="{row:02d}{col:02d}",
                             col_base=0, row_base=0, x0=float(xmin - px), y0=float(ymax - py))
    ncols = math.ceil((xmax - xmin) / spacing) + 1
    nrows = math.ceil((ymax - ymin) / (1.5 * sheet.size)) + 1
    if ncols > 99 or nrows > 99:
        raise SystemExit(f"{ncols} columns x {nrows} rows: four-digit numbers AABB need at most 99 of each")
    col, row = np.meshgrid(np.arange(1, ncols + 1), np.arange(1, nrows + 1))
    q, r = sheet.axial(col.ravel(), row.ravel())
    q, r = np.asarray(q, dtype=np.int64), np.asarray(r, dtype=np.int64)
    cx, cy = sheet.centers(q, r)
    lon, lat = eu._transformer(crs, "EPSG:4326").transform(cx, cy)
    keep = shapely.contains_xy(shapely.Polygon(facts["domain"]), lon, lat)
    hexes = pd.DataFrame({"sheet": SHEET, "q": q[keep], "r": r[keep], "x": cx[keep], "y": cy[keep],
                          "lon": lon[keep], "lat": lat[keep]}).reset_index(drop=True)
    return sheet, hexes


def row_finder(sheet, hexes, crs):
    return lambda p: eu._row_at(sheet, hexes, p, crs)


# ---------------------------------------------------------------------------- land, places


def land_and_places(sheet, hexes, facts, src, box):
    """Land/sea/lake from Natural Earth as on the europe map, the forced straits, then the places."""
    euf = facts["europe"]
    land, lakes = eu.classify(sheet, hexes, euf, src, box)
    row_at = row_finder(sheet, hexes, facts["crs"])
    for name, p in facts.get("force_sea", {}).items():
        i = row_at(p)
        if i is None:
            raise SystemExit(f"{FACTS.name}: force_sea {name} {p} lies outside the board")
        hexes.at[i, "terrain"], hexes.at[i, "hex_dot"] = "sea", True
    places = dict(euf, cities=euf["cities"] + facts.get("places", []))
    cities = eu.locate_cities(sheet, hexes, places, facts["crs"], skip_outside=True)
    return land, lakes, cities


# ---------------------------------------------------------------------------- assembly


def prepare(facts) -> tuple:
    """Grid, land/sea/lake, places, terrain and countries (the slow Natural Earth overlays)."""
    src = eu.source_paths()
    crs = facts["crs"]
    sheet, hexes = make_grid(facts)
    box = eu.grid_lonlat_box(sheet, hexes)
    land, lakes, cities = land_and_places(sheet, hexes, facts, src, box)
    to_map = eu._transformer("EPSG:4326", crs)
    taken = use_land.terrain(sheet, hexes, to_map, facts)
    eu.countries(sheet, hexes, facts["europe"], src, box, cities, crs)
    hexes.loc[hexes["hex_dot"], "country"] = None
    return sheet, hexes, land, lakes, cities, taken


def build(facts, prepared=None) -> tuple[HexMap, dict]:
    t0 = time.perf_counter()
    sheet, hexes, land, lakes, cities, taken = prepare(facts) if prepared is None else prepared
    crs = facts["crs"]
    row_at = row_finder(sheet, hexes, crs)
    to_map = eu._transformer("EPSG:4326", crs)
    hexsides, side_stats = use_land.hexsides(sheet, hexes, to_map, land, lakes, cities, row_at, facts)
    zones, zone_stats = use_seas.sea_zones(sheet, hexes, hexsides, cities, row_at, facts)
    use_land.flags(hexes, hexsides, cities, row_at, facts)
    use_land.climate(hexes, facts)
    features = use_land.features(hexes, cities, zones["port_zones"], row_at, facts)
    regions, adjacency = use_seas.regions(hexes, zones, facts)
    used = set(hexes["country"].dropna())
    missing = sorted(used - set(facts["europe"]["countries"]))
    if missing:
        raise SystemExit(f"countries used but not described in europe_1939.yaml: {', '.join(missing)}")
    for name, v in facts["europe"]["countries"].items():
        if name in used:
            regions.append({"kind": "country", "name": name, "name_es": v["es"], "status": v["status"],
                            "capital": v.get("capital")})
    regions += [{"kind": "climate_zone", "name": z} for z in ("cold", "temperate", "warm", "desert")]
    hexes["terrain"] = hexes["terrain"].replace({"lake": "sea"})  # USE 1.3.3: a water hex (in no zone)
    table = hexes[["sheet", "q", "r", "terrain", "climate_zone", "country", "coastal", "port", "city",
                   "sea_zones", "greyed", "prohibited", "island", "map_box"]].copy()
    table["map_class"] = None
    m = HexMap("use", "use", [sheet], table, hexsides=hexsides, regions=pd.DataFrame(regions),
               region_adjacency=pd.DataFrame(adjacency), features=pd.DataFrame(features))
    stats = {
        "seconds": round(time.perf_counter() - t0, 1),
        "hexes": len(table),
        "rows, columns": (int(table["r"].max()), int(sheet.offset_coords(table["q"], table["r"])[0].max())),
        "terrain": table["terrain"].value_counts().to_dict(),
        "rough per outline": taken,
        "hexsides per feature": hexsides["feature"].value_counts().to_dict(),
        **side_stats,
        **zone_stats,
        "coastal": int(table["coastal"].sum()),
        "greyed": int(table["greyed"].sum()),
        "prohibited": int(table["prohibited"].sum()),
        "island hexes": int(table["island"].sum()),
        "Central Russia edge hexes": int(table["map_box"].notna().sum()),
        "climate": table["climate_zone"].value_counts().to_dict(),
        "places": len(cities),
        "features": collections.Counter(f["kind"] for f in features),
        "made land for a place": [c["en"] for c in cities if c.get("made_land")],
    }
    return m, stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "maps" / "use.gpkg"))
    ap.add_argument("--numbering", choices=("even-r", "odd-r"), default=None,
                    help="hex-number layout (default: the facts file's, even-r as use-rules G infers)")
    args = ap.parse_args(argv)
    facts = load_facts()
    if args.numbering:
        facts["numbering"] = args.numbering
    m, stats = build(facts)
    path = save_map(m, args.out)
    for k, v in stats.items():
        print(f"{k}: {v}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
