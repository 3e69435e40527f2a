"""One geographic theatre sheet of ``wif-world`` (the Asian or the Pacific map, or the American mini-map).

A theatre is described by a facts file (``asia_1939.yaml``, ``pacific_1939.yaml``, ``offmap.yaml``'s
``america``): its projection (an equal-area Lambert azimuthal centred on the region, so areas are
true and the Pacific's antimeridian is just another meridian), its spacing (WiF 1.2: ~230 km on the
Asian and Pacific maps, ~650 km on the mini-map), its *domain* (a lon/lat polygon; hexes whose
centre lies outside it, or on a finer sheet already, are not built), countries, places, sea-area
seeds with their sea box's climate zone (WiF 8.1) and the climate-zone lines.

The steps reuse the ``europe`` build (``europe.py``): Natural Earth land/lake overlay
(:func:`europe.area_fraction`), GeoNames places (:func:`europe.locate_cities`), 1939 countries
(:func:`europe.countries`), sea areas grown from seeds (:func:`europe.sea_areas`), terrain outlines
(:func:`europe_terrain.assign_terrain`), rivers (:func:`europe_hexsides.trace`), each called with
this sheet's CRS; and the 1939 control that differs from a hex's country (``held_1939``, WiF 2.5).
"""
from __future__ import annotations

import collections
import math
from pathlib import Path

import europe as eu
import numpy as np
import pandas as pd
import yaml
from europe_terrain import assign_terrain, load_outlines

from viewer import hexgrid
from viewer.board import Sheet

HERE = Path(__file__).resolve().parent


def load_facts(name: str) -> dict:
    return yaml.safe_load((HERE / name).read_text(encoding="utf-8"))


# ---------------------------------------------------------------------------- domain


def wrap(lon):
    """Longitudes to [-180, 180)."""
    return (np.asarray(lon, dtype=float) + 180.0) % 360.0 - 180.0


def domain_shape(facts):
    """The domain polygon in the facts' own longitudes (a Pacific domain may run past 180°)."""
    import shapely

    return shapely.make_valid(shapely.Polygon(facts["domain"]))


def in_domain(facts, lon, lat) -> np.ndarray:
    """Whether points (lon in [-180, 180)) lie in the domain (tested in the domain's longitudes too)."""
    import shapely

    dom = domain_shape(facts)
    lon = np.asarray(lon, dtype=float)
    return shapely.contains_xy(dom, lon, lat) | shapely.contains_xy(dom, lon + 360.0, lat)


def domain_box(facts, pad: float = 3.0):
    """The padded domain as a lon/lat (Multi)Polygon in [-180, 180] longitudes, for clipping sources."""
    import shapely

    dom = shapely.buffer(domain_shape(facts), pad, join_style="mitre")
    parts = []
    for shift in (0.0, -360.0):
        piece = shapely.intersection(shapely.transform(dom, lambda xy, s=shift: xy + [s, 0.0]),
                                     shapely.box(-180.0, -89.9, 180.0, 89.9))
        if not piece.is_empty:
            parts.append(piece)
    return shapely.make_valid(shapely.union_all(parts))


def _densified_ring(coords, step: float = 1.0) -> np.ndarray:
    ring = np.asarray(list(coords) + [coords[0]], dtype=float)
    pts = [ring[0]]
    for a, b in zip(ring[:-1], ring[1:]):
        n = max(1, int(np.ceil(np.abs(b - a).max() / step)))
        pts.extend(a + (b - a) * t for t in np.linspace(0, 1, n + 1)[1:])
    return np.asarray(pts)


# ---------------------------------------------------------------------------- grid


def make_grid(facts, covered=None) -> tuple[Sheet, pd.DataFrame]:
    """Pointy-top hexes (odd-r, labels CCRR) over the domain's bounding rectangle in the sheet CRS,
    kept where the centre lies in the domain and ``covered(lon, lat)`` (a finer sheet) is False."""
    name, crs = facts["sheet"], facts["crs"]
    spacing = float(facts["spacing_km"]) * 1000.0
    to_map = eu._transformer("EPSG:4326", crs)
    ring = _densified_ring(facts["domain"])
    x, y = to_map.transform(wrap(ring[:, 0]), ring[:, 1])
    xmin, xmax, ymin, ymax = np.min(x), np.max(x), np.min(y), np.max(y)
    sheet = Sheet.geographic(name, crs, spacing, offset="odd-r", label_format=facts.get("label_format", "{col:02d}{row:02d}"),
                             x0=float(xmin), y0=float(ymax))
    ncols = int(math.ceil((xmax - xmin) / spacing)) + 1
    nrows = int(math.ceil((ymax - ymin) / (1.5 * sheet.size))) + 1
    col, row = np.meshgrid(np.arange(ncols), np.arange(nrows))
    q, r = sheet.axial(col.ravel(), row.ravel())
    q, r = np.asarray(q, dtype=np.int64), np.asarray(r, dtype=np.int64)
    cx, cy = sheet.centers(q, r)
    lon, lat = eu._transformer(crs, "EPSG:4326").transform(cx, cy)
    keep = in_domain(facts, lon, lat)
    if covered is not None:
        keep &= ~covered(lon, lat)
    hexes = pd.DataFrame({"sheet": name, "q": q[keep], "r": r[keep], "x": cx[keep], "y": cy[keep],
                          "lon": lon[keep], "lat": lat[keep]})
    return sheet, hexes


def edge_rows(hexes) -> np.ndarray:
    """Rows of the hexes that miss at least one of their six grid neighbours (the sheet's edge)."""
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    span = int(max(np.abs(q).max(), np.abs(r).max())) * 4 + 8
    key = pd.Index(q * span + r)
    missing = np.zeros(len(q), dtype=bool)
    for dq, dr in hexgrid.DIRECTIONS:
        missing |= key.get_indexer((q + dq) * span + (r + dr)) < 0
    return np.flatnonzero(missing)


# ---------------------------------------------------------------------------- land, sea, lakes


def _valid(gdf):
    """Projected shapes made valid again (pieces cut at the antimeridian can self-touch once projected)."""
    import shapely

    gdf = gdf.set_geometry(shapely.make_valid(gdf.geometry.values))
    return gdf[~gdf.geometry.is_empty]


def classify(sheet, hexes, facts, src) -> None:
    """Terrain ``clear`` (land), ``lake`` or ``sea`` (hex-dot) from Natural Earth, as on the europe map."""
    box = domain_box(facts)
    crs = facts["crs"]
    polys = sheet.polygons(hexes["q"].to_numpy(), hexes["r"].to_numpy())
    tile = 3 * float(facts["spacing_km"]) * 1000.0
    land = _valid(eu.read_clipped(src["land"], box, crs=crs))
    lakes = _valid(eu.read_clipped(src["lakes"], box, columns=["name"], crs=crs))
    land_frac = eu.area_fraction(polys, land, tile)
    lake_frac = eu.area_fraction(polys, lakes, tile) if len(lakes) else np.zeros(len(polys))
    is_land = land_frac >= facts["land_fraction"]
    is_lake = is_land & (lake_frac >= facts["lake_fraction"])
    for p in facts.get("islands", {}).values():
        i = eu._row_at(sheet, hexes, p, crs)
        if i is not None:
            is_land[i] = True
    for pts in facts.get("lakes", {}).values():
        for p in pts:
            i = eu._row_at(sheet, hexes, p, crs)
            if i is not None:
                is_land[i] = is_lake[i] = True
    hexes["terrain"] = np.where(is_lake, "lake", np.where(is_land, "clear", "sea"))
    hexes["hex_dot"] = ~is_land


# ---------------------------------------------------------------------------- climate


def _south_of(line, lon, lat) -> np.ndarray:
    pts = np.array(line, dtype=float)
    return lat < np.interp(lon, pts[:, 0], pts[:, 1])


def climate_zone(climate: dict, lon, lat) -> np.ndarray:
    """WiF 8.1 zone of points by the facts' lines (``lon`` in the lines' own longitudes).

    North of ``arctic_south``: arctic; inside a ``mediterranean`` polygon: mediterranean; north of
    ``temperate_south``: north-temperate; north of ``monsoon_split``: north-monsoon; north of
    ``south_temperate_north``: south-monsoon; else south-temperate.
    """
    import shapely

    lon, lat = np.asarray(lon, dtype=float), np.asarray(lat, dtype=float)
    zone = np.full(len(lon), "south-temperate", dtype=object)
    zone[~_south_of(climate["south_temperate_north"], lon, lat)] = "south-monsoon"
    zone[~_south_of(climate["monsoon_split"], lon, lat)] = "north-monsoon"
    zone[~_south_of(climate["temperate_south"], lon, lat)] = "north-temperate"
    for poly in climate.get("mediterranean", []):
        zone[shapely.contains_xy(shapely.Polygon(poly), lon, lat)] = "mediterranean"
    zone[~_south_of(climate["arctic_south"], lon, lat)] = "arctic"
    return zone


def facts_lon(facts, lon) -> np.ndarray:
    """Longitudes in the facts' convention: [0, 360) when the domain runs past 180°, else as given."""
    lon = np.asarray(lon, dtype=float)
    return lon % 360.0 if max(p[0] for p in facts["domain"]) > 180 else lon


def climate(hexes, facts) -> None:
    """Land and lake hexes by the lines; hex-dots take their sea area's sea-box zone (WiF 8.1)."""
    zone = climate_zone(facts["climate"], facts_lon(facts, hexes["lon"]), hexes["lat"].to_numpy())
    sea_zone = {k: v["zone"] for k, v in facts["sea_areas"].items()}
    dot = hexes["hex_dot"].to_numpy()
    hexes["climate_zone"] = np.where(dot, hexes["sea_area"].map(sea_zone).to_numpy(dtype=object), zone)


# ---------------------------------------------------------------------------- railways


def _railways(sheet, hexes, facts, cities) -> tuple[pd.DataFrame, dict]:
    """``rail`` hexsides of the lines in the facts' ``rail_file`` (:func:`europe_rail.build_rail`)."""
    from europe_rail import build_rail

    columns = ["sheet_a", "q_a", "r_a", "sheet_b", "q_b", "r_b", "feature", "name"]
    if not facts.get("rail_file"):
        return pd.DataFrame(columns=columns), {}
    none = pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})
    return build_rail(hexes, none, cities, lambda p: eu._row_at(sheet, hexes, p, facts["crs"]),
                      float(facts["spacing_km"]) * 1000.0, HERE / facts["rail_file"])


# ---------------------------------------------------------------------------- control


def control_1939(hexes, facts, cities) -> list:
    """Column ``control_1939``: the power holding a land hex on 1 September 1939 where it is not its
    country's own (WiF 2.5, initial control: the enemy side of a start line), from the facts'
    ``held_1939`` outlines: a hex of ``country`` whose centre lies inside, or that holds one of the
    outline's ``places`` (a held pocket smaller than a hex); None elsewhere."""
    import shapely

    hexes["control_1939"] = None
    lon, lat = facts_lon(facts, hexes["lon"]), hexes["lat"].to_numpy()
    out = []
    for spec in facts.get("held_1939", []):
        inside = shapely.contains_xy(shapely.Polygon(spec["polygon"]), lon, lat)
        at_place = np.zeros(len(hexes), dtype=bool)
        for name in spec.get("places", []):
            rows = [c["row"] for c in cities if c["en"] == name]
            if not rows:
                raise SystemExit(f"held_1939 {spec['name']!r}: no place named {name!r}")
            at_place[hexes.index.get_indexer(rows)] = True
        m = (inside | at_place) & (hexes["country"] == spec["country"]).to_numpy() & ~hexes["hex_dot"].to_numpy()
        hexes.loc[m, "control_1939"] = spec["by"]
        out.append((spec["name"], spec["by"], int(m.sum())))
    return out


# ---------------------------------------------------------------------------- rivers


def _rivers(sheet, hexes, facts) -> tuple[pd.DataFrame, dict]:
    """``river`` hexsides of the courses in the facts' ``rivers_file`` (WiF 2.1.1), traced as on the
    europe map (:func:`europe_hexsides.trace`): one connected chain of hexsides between non-sea hexes
    per course, four times dearer beside a lake. A course is traced only where it runs over this
    sheet's hexes (a piece shorter than one hex is left out), so a river that leaves the sheet is
    drawn in the pieces on it."""
    import shapely
    from europe_hexsides import _merge, _rows, hexside_graph, project_line, trace

    columns = ["sheet_a", "q_a", "r_a", "sheet_b", "q_b", "r_b", "feature", "name", "name_es"]
    if not facts.get("rivers_file"):
        return pd.DataFrame(columns=columns), {}
    path = HERE / facts["rivers_file"]
    rivers = yaml.safe_load(path.read_text(encoding="utf-8"))["rivers"]
    g = hexside_graph(sheet, hexes)
    terrain = hexes["terrain"].to_numpy()
    ta, tb = terrain[g["a"]], terrain[g["b"]]
    usable = (ta != "sea") & (tb != "sea")
    lake_cost = np.where((ta != "lake") & (tb != "lake"), 1.0, 4.0)
    # the sheet's hexes as one shape, grown by 10 m to close the float seams between hex outlines
    cover = shapely.buffer(shapely.union_all(sheet.polygons(hexes["q"].to_numpy(), hexes["r"].to_numpy())), 10.0)
    to_map = eu._transformer("EPSG:4326", facts["crs"])
    out, stats = [], {}
    for name, spec in rivers.items():
        if not spec.get("es") or not spec.get("course"):
            raise SystemExit(f"{path.name}: river {name!r} needs es and course")
        line = project_line(spec["course"], to_map)
        pieces = [p for p in shapely.get_parts(shapely.line_merge(shapely.intersection(line, cover)))
                  if shapely.get_type_id(p) == 1 and p.length >= sheet.spacing_m]
        if not pieces:
            raise SystemExit(f"{path.name}: river {name!r} does not run over the {sheet.name} sheet")
        count = 0
        for piece in pieces:
            try:
                chain = trace(g, usable, piece, sheet.size, lake_cost)
            except SystemExit as exc:
                raise SystemExit(f"{path.name}: river {name}: {exc}") from None
            out.append(_rows(g, chain, "river", name, hexes, spec["es"]))
            count += len(chain)
        share = sum(p.length for p in pieces) / line.length
        stats[name] = count if share > 0.99 else f"{count} ({share:.0%} of the course is on this sheet)"
    return _merge(pd.concat(out, ignore_index=True))[columns], stats


# ---------------------------------------------------------------------------- assembly


def build_theatre(facts, src, covered=None, terrain_file: str | None = None) -> tuple[Sheet, dict, dict]:
    """Build one theatre sheet; return the sheet, its tables (hexes with ``x, y, lon, lat``,
    features, regions, region_adjacency) and the numbers for the build log."""
    crs = facts["crs"]
    sheet, hexes = make_grid(facts, covered)
    classify(sheet, hexes, facts, src)
    cities = eu.locate_cities(sheet, hexes, facts, crs)
    to_map = eu._transformer("EPSG:4326", crs)
    taken = assign_terrain(sheet, hexes, to_map, load_outlines(HERE / terrain_file)) if terrain_file else {}
    rail, rail_stats = _railways(sheet, hexes, facts, cities)
    rivers, river_stats = _rivers(sheet, hexes, facts)
    hexsides = pd.concat([df for df in (rivers, rail) if len(df)], ignore_index=True) if len(rivers) + len(rail) else rail
    adjusted = eu.countries(sheet, hexes, facts, src, domain_box(facts), cities, crs)
    held = control_1939(hexes, facts, cities)
    unreached = eu.sea_areas(sheet, hexes, facts, crs)
    climate(hexes, facts)
    eu.coastal_flags(hexes)
    kinds = collections.defaultdict(set)
    for c in cities:
        kinds[c["row"]].update(c["kinds"])
    hexes["city"] = [bool(kinds[i] & {"city", "capital"}) for i in hexes.index]
    hexes["port"] = [bool(kinds[i] & {"major-port", "minor-port"}) for i in hexes.index]
    hexes["map_class"] = facts["map_class"]
    hexes["off_map"] = bool(facts.get("off_map", False))
    hexes["large_hex_dot"] = hexes["hex_dot"] & bool(facts.get("all_dots_large", False))
    hexes.loc[hexes["hex_dot"], "country"] = None
    features = []
    for c in cities:
        sea = eu.port_sea_area(hexes, c["row"]) if {"major-port", "minor-port"} & set(c["kinds"]) else None
        sea = c.get("sea_area", sea)  # a port the rules place in a named sea area (WiF 2.1.4)
        for kind in c["kinds"]:
            features.append({
                "kind": kind, "name": c["en"], "sheet": sheet.name, "q": int(hexes.at[c["row"], "q"]),
                "r": int(hexes.at[c["row"], "r"]), "freezable": bool(c.get("freezable", False)) and kind.endswith("port"),
                "name_es": c["es"], "sea_area": sea if kind.endswith("port") else None,
            })
    seas_used = set(hexes["sea_area"].dropna())
    regions = [{"kind": "sea_area", "name": k, "name_es": v["es"], "climate_zone": v["zone"]}
               for k, v in facts["sea_areas"].items() if k in seas_used]
    used = set(hexes["country"].dropna())
    missing = sorted(used - set(facts["countries"]))
    if missing:
        raise SystemExit(f"{facts['sheet']}: countries used but not described: {', '.join(missing)}")
    for name, v in facts["countries"].items():
        if name in used:
            regions.append({"kind": "country", "name": name, "name_es": v["es"], "status": v["status"],
                            "power": v.get("power"), "owner": v.get("owner"), "capital": v.get("capital")})
    adjacency = eu.sea_adjacency(hexes, {"sea_links": facts.get("sea_links", [])})
    stats = {
        "hexes": len(hexes),
        "land": int((~hexes["hex_dot"] & (hexes["terrain"] != "lake")).sum()),
        "lake": int((hexes["terrain"] == "lake").sum()),
        "hex-dots": int(hexes["hex_dot"].sum()),
        "terrain": hexes.loc[~hexes["hex_dot"], "terrain"].value_counts().to_dict(),
        "hexes per terrain outline": taken,
        "sea areas": len(seas_used),
        "unused sea areas": sorted(set(facts["sea_areas"]) - seas_used),
        "unreached hex-dots": unreached,
        "places": len(cities),
        "made land for a place": [c["en"] for c in cities if c.get("made_land")],
        "countries": len(used),
        "adjustments": adjusted,
        "held on 1 Sep 1939 (hexes)": held,
    }
    stats["railways (hexes on each line)"] = rail_stats
    stats["rivers (hexsides on each)"] = river_stats
    tables = {"hexes": hexes, "features": pd.DataFrame(features), "regions": pd.DataFrame(regions),
              "region_adjacency": adjacency, "cities": cities, "hexsides": hexsides}
    return sheet, tables, stats
