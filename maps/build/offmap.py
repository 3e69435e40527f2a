"""Off-map areas, the American mini-map and the sea connections of ``wif-world`` (WiF 2.1.1-2.1.4).

From ``offmap.yaml`` (our own drawing: the rulebook gives no layout):

* the ``america`` sheet (the mini-map, 650 km, WiF 1.2): a :mod:`theatre` built with every hex
  off-map and every hex-dot large (WiF 2.1.4); its land hexes facing the Pacific sheet's land edge
  are ``off-map`` edges (an off-map hex and a map-edge hex, WiF 2.1.1 case 4);
* the ``offmap`` sheet: the off-map hexes beside the maps (WiF 2.1.3), each at its place on a
  650 km Equal Earth grid, with its ``off-map`` / ``rail-loc`` / ``grey-loc`` edges to map-edge
  hexes (case 4), the ``large-hex-dot`` edges to the large hex-dots it touches (only large
  hex-dots are adjacent to off-map hexes, WiF 2.1.1) and the grey lines and railways between
  off-map hexes (case 3);
* ``blue-loc`` edges between hex-dots of two sea areas and the sea areas they make adjacent
  (WiF 2.1.2, 2.1.3), the mini-map messages (``region_adjacency`` rows), the Red Sea's hex-dot on
  the Asian sheet (the only sea area on two maps, WiF 2.1.2) and the railway that joins two off-map
  areas without making its ends adjacent (our counterpart of Perm-E0148, WiF 2.1.1).

Climate (WiF 8.1): off-map hexes beside the Asian map take the zone of their adjacent sea area
(the sea area of their first large hex-dot); others the zone their centre lies in.
"""
from __future__ import annotations

import itertools

import europe as eu
import numpy as np
import pandas as pd
import theatre
from world_joins import SheetIndex, edge_rows, join_pairs

from viewer.board import Sheet


def _nearest(ix: SheetIndex, lonlat, mask) -> int:
    """Row of ``ix``'s hexes under ``mask`` whose centre is nearest to the point (in the sheet's CRS)."""
    x, y = ix.to_map.transform(*lonlat)
    rows = np.flatnonzero(mask)
    if not len(rows):
        raise SystemExit(f"offmap.yaml: no candidate hex on sheet {ix.sheet.name} near {lonlat}")
    h = ix.hexes
    d = np.hypot(h["x"].to_numpy()[rows] - x, h["y"].to_numpy()[rows] - y)
    return int(rows[np.argmin(d)])


def _dot(ix: SheetIndex, spec) -> int:
    h = ix.hexes
    mask = h["hex_dot"].to_numpy() & (h["sea_area"] == spec["sea_area"]).to_numpy()
    if not mask.any():
        raise SystemExit(f"offmap.yaml: sheet {ix.sheet.name} has no hex-dot of {spec['sea_area']!r}")
    return _nearest(ix, spec["near"], mask)


def _key(ix: SheetIndex, row: int) -> tuple[str, int, int]:
    h = ix.hexes
    return ix.sheet.name, int(h["q"].iat[row]), int(h["r"].iat[row])


def _edge(a, b, kind, note) -> dict:
    return {"sheet_a": a[0], "q_a": a[1], "r_a": a[2], "sheet_b": b[0], "q_b": b[1], "r_b": b[2],
            "kind": kind, "note": note}


def _set_large(ix: SheetIndex, row: int) -> None:
    ix.hexes.loc[ix.hexes.index[row], "large_hex_dot"] = True


def offmap_sheet(facts, indexes) -> tuple[Sheet, pd.DataFrame, list[dict], dict]:
    """The ``offmap`` sheet's hexes and their edges to the maps (see the module docstring)."""
    spec = facts["offmap"]
    spacing = float(spec["spacing_km"]) * 1000.0
    # hex (0, 0) at the north-west corner of the Equal Earth world (x within ±17.3e6 m, y ±8.4e6 m)
    sheet = Sheet.geographic(spec["sheet"], spec["crs"], spacing, offset="odd-r", label_format="X{col:02d}{row:02d}",
                             x0=-17_300_000.0, y0=8_400_000.0)
    to_map = eu._transformer("EPSG:4326", spec["crs"])
    rows, edges, where = [], [], {}
    for h in spec["hexes"]:
        x, y = to_map.transform(*h["at"])
        q, r = (int(v) for v in sheet.hex_at_xy(x, y))
        if (q, r) in where.values():
            raise SystemExit(f"offmap.yaml: {h['name']} falls in the same 650 km hex as another off-map hex")
        where[h["name"]] = (q, r)
        key = (sheet.name, q, r)
        dot_area = None
        for d in h.get("dots", []):
            ix = indexes[d["sheet"]]
            row = _dot(ix, d)
            _set_large(ix, row)
            edges.append(_edge(key, _key(ix, row), "large-hex-dot", f"{h['name']}: large hex-dot of {d['sea_area']}"))
            dot_area = dot_area or d["sea_area"]
        for e in h.get("edges", []):
            ix = indexes[e["sheet"]]
            edge_mask = np.zeros(len(ix.hexes), dtype=bool)
            edge_mask[theatre.edge_rows(ix.hexes)] = True
            land = ~ix.hexes["hex_dot"].to_numpy() & edge_mask
            row = _nearest(ix, e["near"], land)
            edges.append(_edge(key, _key(ix, row), e["kind"], e.get("note") or f"{h['name']} - map edge (WiF 2.1.1)"))
        rows.append({"sheet": sheet.name, "q": q, "r": r, "terrain": h["terrain"], "country": h["country"],
                     "map_class": h["map_class"], "sea_area": None, "off_map": True, "hex_dot": False,
                     "large_hex_dot": False, "coastal": bool(h.get("dots")), "port": any(k.endswith("port") for k in h["kinds"]),
                     "city": bool({"city", "capital"} & set(h["kinds"])), "lon": h["at"][0], "lat": h["at"][1],
                     "area": h["area"], "dot_area": dot_area, "name": h["name"], "name_es": h["es"], "kinds": h["kinds"]})
    hexes = pd.DataFrame(rows)
    for loc in spec.get("locs", []):
        a, b = where[loc["a"]], where[loc["b"]]
        edges.append(_edge((sheet.name, *a), (sheet.name, *b), loc["kind"], loc.get("note")))
    touching = [(a, b) for a in where for b in where if a < b and
                max(abs(where[a][0] - where[b][0]), abs(where[a][1] - where[b][1]),
                    abs(where[a][0] + where[a][1] - where[b][0] - where[b][1])) == 1]
    return sheet, hexes, edges, {"off-map hexes": len(hexes), "off-map hexes sharing a hexside": touching}


def _zones(hexes, facts, sea_zone) -> np.ndarray:
    """WiF 8.1: beside the Asian map the adjacent sea area's zone, else the zone of the centre."""
    by_place = theatre.climate_zone(facts["offmap"]["climate"], hexes["lon"].to_numpy(), hexes["lat"].to_numpy())
    asian = (hexes["map_class"] == "asian").to_numpy()
    by_sea = hexes["dot_area"].map(sea_zone).to_numpy(dtype=object)
    if (asian & pd.isna(by_sea)).any():
        raise SystemExit("offmap.yaml: an off-map hex beside the Asian map needs a large hex-dot (its sea area's zone, WiF 8.1)")
    return np.where(asian, by_sea, by_place)


def build_offmap(src, sheets, parts, indexes, covered) -> dict:
    """The mini-map and off-map sheets, their hexes, edges, regions and the numbers for the log."""
    facts = theatre.load_facts("offmap.yaml")
    stats = {}
    # the American mini-map
    am_sheet, am, am_stats = theatre.build_theatre(facts["america"], src, covered, "offmap.yaml")
    stats["america"] = am_stats
    am_ix = SheetIndex(am_sheet, am["hexes"])
    all_ix = dict(indexes, america=am_ix)
    edges = []
    for other in ("pacific", "europe"):
        pairs = join_pairs(indexes[other], am_ix)
        land_a = ~indexes[other].hexes["hex_dot"].to_numpy()
        land_b = ~am["hexes"]["hex_dot"].to_numpy()
        pairs = [(i, j) for i, j in pairs if land_a[i] and land_b[j]]
        edges.append(edge_rows(indexes[other], am_ix, "off-map", f"{other} map edge - mini-map (WiF 2.1.1 case 4)", pairs))
        stats[f"off-map edges {other}-america"] = len(pairs)
    # the off-map hexes
    om_sheet, om_hexes, om_edges, om_stats = offmap_sheet(facts, all_ix)
    stats.update(om_stats)
    sea_zone = {}
    for n in list(parts) + ["america"]:
        reg = (am if n == "america" else parts[n])["regions"]
        sea_zone.update(dict(zip(reg.loc[reg["kind"] == "sea_area", "name"], reg.loc[reg["kind"] == "sea_area", "climate_zone"])))
    om_hexes["climate_zone"] = _zones(om_hexes, facts, sea_zone)
    extra = list(om_edges)
    # blue lines of communication
    region_adj = []
    for loc in facts["blue_locs"]:
        # the dots of the two areas the LOC connects, then any other dot the rules make adjacent
        # to it (WiF Ex. 2.1.3); an air unit goes along the LOC from any of them to any other
        ends = []
        for end in [loc["a"], loc["b"], *loc.get("also", [])]:
            ix = all_ix[end["sheet"]]
            ends.append((ix, _dot(ix, end)))
        if any(ix.hexes["off_map"].iat[row] for ix, row in ends):
            for ix, row in ends:
                _set_large(ix, row)
        for i, j in itertools.combinations(range(len(ends)), 2):
            extra.append(_edge(_key(*ends[i]), _key(*ends[j]), "blue-loc", loc["note"]))
        region_adj.append({"kind": "sea_area", "a": loc["a"]["sea_area"], "b": loc["b"]["sea_area"], "via": "blue LOC"})
    for a, b in facts["messages"]:
        region_adj.append({"kind": "sea_area", "a": a, "b": b, "via": "mini-map message"})
    # the Red Sea on two maps
    rs = facts["red_sea"]
    eu_ix, as_ix = indexes["europe"], indexes["asia"]
    e_row = _dot(eu_ix, {"sea_area": "Red Sea", "near": rs["europe_near"]})
    _set_large(eu_ix, e_row)
    a_row = _nearest(as_ix, rs["asia_near"], as_ix.hexes["hex_dot"].to_numpy())
    as_ix.hexes.loc[as_ix.hexes.index[a_row], ["sea_area", "climate_zone"]] = ["Red Sea", sea_zone["Red Sea"]]
    extra.append(_edge(_key(eu_ix, e_row), _key(as_ix, a_row), "sheet-join",
                       "Red Sea on two maps: the Asian hex-dot and the large hex-dot at the area's end (WiF 2.1.2)"))
    # off-map areas and the railway that makes no adjacency
    regions = [{"kind": "off_map_area", "name": k, "name_es": v["es"]} for k, v in facts["offmap"]["areas"].items()]
    regions += [{"kind": "country", "name": k, "name_es": v["es"], "status": v["status"], "power": v.get("power"),
                 "capital": v.get("capital")} for k, v in facts["offmap"]["countries"].items()]
    regions += am["regions"].to_dict("records")
    area_of = dict(zip(om_hexes["name"], om_hexes["area"]))
    for rw in facts["offmap"]["railways_without_adjacency"]:
        region_adj.append({"kind": "off_map_area", "a": area_of[rw["a"]], "b": area_of[rw["b"]], "via": rw["note"]})
    features = []
    for h in om_hexes.itertuples():
        for kind in h.kinds:
            features.append({"kind": kind, "name": h.name, "sheet": om_sheet.name, "q": h.q, "r": h.r,
                             "freezable": False, "name_es": h.name_es,
                             "sea_area": h.dot_area if kind.endswith("port") else None})
    am_hexes = am["hexes"]
    hexes = pd.concat([am_hexes, om_hexes], ignore_index=True)
    return {
        "sheets": {"america": am_sheet, "offmap": om_sheet},
        "hexes": hexes,
        "edges": pd.concat(edges + [pd.DataFrame(extra)], ignore_index=True),
        "regions": pd.DataFrame(regions),
        "region_adjacency": pd.concat([am["region_adjacency"], pd.DataFrame(region_adj)], ignore_index=True),
        "features": pd.concat([am["features"], pd.DataFrame(features)], ignore_index=True),
        "indexes": {"america": am_ix, "offmap": SheetIndex(om_sheet, om_hexes)},
        "stats": stats,
    }
