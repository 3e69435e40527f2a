"""Land steps of the ``use`` build: terrain, hexsides, hex flags, climate zones and point features.

* Terrain (USE 4.2.1 names ``clear`` and ``rough``): the europe mountain outlines
  (``europe_terrain.yaml``, classes listed in ``rough_from``) make ``rough``.
* Hexsides: rivers traced from ``europe_rivers.yaml`` as on the europe map
  (:func:`europe_hexsides.trace`); ``sea`` hexsides (only water, USE 1.3.3: under 10 % of the side on
  Natural Earth land); ``strait`` (USE 1.3.6); ``canal`` (USE 4.2.4.2); ``land-border`` (USE 1.3.4:
  between two countries, not on a strait or sea side); ``transport-line`` (USE 1.3.7): the 1939
  railways of ``europe_rail.yaml`` on this board plus the lines of ``use_board.yaml`` (``transport_lines``), traced by
  :func:`europe_rail.build_rail`.
* Flags: ``coastal`` (USE 1.3.3), ``island`` (USE 1.3.3), ``greyed`` (USE 1.3.2), ``prohibited``
  (USE 1.3.8), ``map_box`` (the east-edge USSR hexes linked to Central Russia, USE 1.3.5).
* Climate (USE 1.3.9): four zones by the blue, green and yellow lines.
"""
from __future__ import annotations

import itertools
import tempfile
from pathlib import Path

import numpy as np
import pandas as pd
import yaml
from europe_hexsides import (
    _merge,
    _rows,
    _share_inside,
    hexside_graph,
    project_line,
    trace,
)
from europe_rail import build_rail
from europe_terrain import assign_terrain, load_outlines
from scipy.sparse import coo_matrix
from scipy.sparse.csgraph import connected_components

from viewer import hexgrid

HERE = Path(__file__).resolve().parent
#: a hexside with less than this share of its length on land has only water (USE 1.3.3)
SEA_SIDE_LAND_SHARE = 0.10


def _key(hexes):
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    span = int(max(np.abs(q).max(), np.abs(r).max())) * 4 + 8
    return pd.Index(q * span + r), span


def neighbour_rows(hexes) -> np.ndarray:
    """``(n, 6)`` rows of each hex's six neighbours (-1 off the board)."""
    key, span = _key(hexes)
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    return np.stack([key.get_indexer((q + dq) * span + (r + dr)) for dq, dr in hexgrid.DIRECTIONS], axis=1)


# ---------------------------------------------------------------------------- terrain


def terrain(sheet, hexes, to_map, facts) -> dict:
    """``rough`` from the europe mountain outlines; every other land hex stays ``clear``."""
    outlines = [o for o in load_outlines() if o["class"] in facts["rough_from"]]
    taken = assign_terrain(sheet, hexes, to_map, outlines)
    hexes["terrain"] = hexes["terrain"].replace({c: "rough" for c in facts["rough_from"]})
    return taken


# ---------------------------------------------------------------------------- hexsides


def _pair(g, a, b):
    m = ((g["a"] == a) & (g["b"] == b)) | ((g["a"] == b) & (g["b"] == a))
    idx = np.flatnonzero(m.to_numpy())
    return int(idx[0]) if len(idx) else None


def _lines_on_board(cities, row_at, dry, facts) -> tuple[list[dict], dict]:
    """The europe railways and the USE lines cut to this board: a stop off the board splits a line,
    a waypoint falling in a water hex at this scale is dropped."""
    lines = yaml.safe_load((HERE / "europe_rail.yaml").read_text(encoding="utf-8"))["lines"] + facts.get("transport_lines", [])
    by_name = {c["en"]: c["row"] for c in cities}
    out, notes = [], {"dropped waypoints": 0, "lines cut at the board's edge": 0, "lines off the board": 0}
    for line in lines:
        runs, run, cut = [], [], False
        for s in line["stops"]:
            row = by_name.get(s) if isinstance(s, str) else row_at(s)
            if row is None:
                runs.append(run)
                run, cut = [], True
            elif not dry[row]:
                notes["dropped waypoints"] += 1
            else:
                run.append(s)
        runs.append(run)
        runs = [r for r in runs if len(r) >= 2]
        if not runs:
            notes["lines off the board"] += 1
            continue
        notes["lines cut at the board's edge"] += int(cut)
        for k, r in enumerate(runs):
            name = line["name"] if len(runs) == 1 else f"{line['name']} ({k + 1})"
            out.append({"name": name, "source": line["source"], "stops": r})
    return out, notes


def hexsides(sheet, hexes, to_map, land, lakes, cities, row_at, facts) -> tuple[pd.DataFrame, dict]:
    """Every hexside row of the board (column ``name``: the river, strait, canal or lines)."""
    rivers = yaml.safe_load((HERE / "europe_rivers.yaml").read_text(encoding="utf-8"))["rivers"]
    g = hexside_graph(sheet, hexes)
    t = hexes["terrain"].to_numpy()
    wet = np.isin(t, ("sea", "lake"))
    ta, tb = t[g["a"]], t[g["b"]]
    not_sea = (ta != "sea") & (tb != "sea")
    dry = ~wet[g["a"]] & ~wet[g["b"]]
    out, stats = [], {}
    for name, spec in rivers.items():
        chain = trace(g, not_sea, project_line(spec["course"], to_map), sheet.size, np.where(dry, 1.0, 4.0))
        out.append(_rows(g, chain, "river", name, hexes))
        stats[f"river {name}"] = len(chain)
    rows = np.flatnonzero(dry)
    sea_rows = rows[_share_inside(g, rows, land) < SEA_SIDE_LAND_SHARE]
    out.append(_rows(g, sea_rows, "sea", None, hexes))
    strait_sides = {}
    for name, spec in facts["straits"].items():
        a, b = (row_at(p) for p in spec["sides"])
        i = None if a is None or b is None or a == b else _pair(g, a, b)
        if i is None or not dry[i]:
            raise SystemExit(f"use_board.yaml: strait {name}: {spec['sides']} are not two neighbouring land hexes")
        strait_sides[name] = (a, b)
        out.append(_rows(g, np.array([i]), "strait", name, hexes))
    canal_rows = {}
    for name, spec in facts["canals"].items():
        path = _hex_path(hexes, [row_at(p) for p in spec["course"]])
        idx = [_pair(g, a, b) for a, b in itertools.pairwise(path)]
        out.append(_rows(g, np.array(idx), "canal", name, hexes))
        canal_rows[name] = path
    side_key = set(zip(g["a"].to_numpy()[sea_rows].tolist(), g["b"].to_numpy()[sea_rows].tolist()))
    side_key |= {tuple(sorted(v)) for v in strait_sides.values()} | {v for v in strait_sides.values()}
    country = hexes["country"].to_numpy(dtype=object)
    ca, cb = country[g["a"]], country[g["b"]]
    border = dry & pd.notna(ca) & pd.notna(cb) & (ca != cb)
    border &= ~np.array([(a, b) in side_key or (b, a) in side_key for a, b in zip(g["a"], g["b"])])
    out.append(_rows(g, np.flatnonzero(border), "land-border", None, hexes))
    blocking = pd.concat([d for d in out if len(d) and d["feature"].iat[0] in ("sea", "strait")], ignore_index=True)
    blocking["feature"] = "all-sea"
    lines, notes = _lines_on_board(cities, row_at, ~wet, facts)
    with tempfile.NamedTemporaryFile("w", suffix=".yaml", delete=False, encoding="utf-8") as fh:
        yaml.safe_dump({"lines": lines}, fh, allow_unicode=True)
    rail, _ = build_rail(hexes, blocking, cities, row_at, sheet.spacing_m, Path(fh.name))
    Path(fh.name).unlink()
    rail["feature"] = "transport-line"
    out.append(rail)
    stats.update({"transport lines": len(lines), **notes, "strait hexes": strait_sides, "canal hexes": canal_rows})
    return _merge(pd.concat(out, ignore_index=True)), stats


def _hex_path(hexes, rows) -> list[int]:
    """Rows of the hexes along straight hex lines through consecutive ``rows`` (a canal's course)."""
    key, span = _key(hexes)
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    path = [rows[0]]
    for a, b in itertools.pairwise(rows):
        for hq, hr in hexgrid.line((q[a], r[a]), (q[b], r[b]))[1:]:
            path.append(int(key.get_loc(int(hq) * span + int(hr))))
    return list(dict.fromkeys(path))


# ---------------------------------------------------------------------------- flags


def flags(hexes, hexsides_df, cities, row_at, facts) -> None:
    """``coastal``, ``island``, ``greyed``, ``prohibited``, ``map_box``, ``port`` and ``city`` columns."""
    import shapely

    nb = neighbour_rows(hexes)
    t = hexes["terrain"].to_numpy()
    land = ~np.isin(t, ("sea", "lake"))
    zone_sea = (t == "sea") & hexes["sea_zones"].notna().to_numpy()
    has = nb >= 0
    # USE 1.3.3: a land hex whose water touches a water hex of a sea zone
    hexes["coastal"] = land & (has & zone_sea[np.where(has, nb, 0)]).any(axis=1)
    key, span = _key(hexes)

    def rows_of(df, end):
        return key.get_indexer(df["q" + end].to_numpy() * span + df["r" + end].to_numpy())

    tl = hexsides_df[hexsides_df["feature"] == "transport-line"]
    on_line = np.zeros(len(hexes), dtype=bool)
    on_line[rows_of(tl, "_a")] = on_line[rows_of(tl, "_b")] = True
    # USE 1.3.3: islands are land hexes surrounded by sea hexsides, none with a transport line
    cut = hexsides_df[hexsides_df["feature"].isin(["sea", "strait"])]
    cut_pairs = set(zip(rows_of(cut, "_a").tolist(), rows_of(cut, "_b").tolist()))
    ii, jj = [], []
    for d in range(6):
        j = nb[:, d]
        i = np.flatnonzero((j >= 0) & land)
        i = i[land[j[i]]]
        keep = [(a, b) not in cut_pairs and (b, a) not in cut_pairs for a, b in zip(i.tolist(), j[i].tolist())]
        ii.append(i[keep])
        jj.append(j[i][keep])
    n = len(hexes)
    m = coo_matrix((np.ones(sum(map(len, ii))), (np.concatenate(ii), np.concatenate(jj))), shape=(n, n))
    _, comp = connected_components(m, directed=False)
    lined = set(comp[on_line & land].tolist())
    hexes["island"] = land & ~np.isin(comp, list(lined))
    # USE 1.3.2: greyed hexes (our outlines), never a place or a transport-line hex
    lon, lat = hexes["lon"].to_numpy(), hexes["lat"].to_numpy()
    placed = np.zeros(n, dtype=bool)
    placed[[c["row"] for c in cities]] = True
    greyed = np.zeros(n, dtype=bool)
    for poly in facts["greyed"].values():
        greyed |= shapely.contains_xy(shapely.Polygon(poly), lon, lat)
    hexes["greyed"] = greyed & land & ~on_line & ~placed
    # USE 1.3.2 exception (0757, 0758 in zone 6): greyed hexes touching a listed zone's water are in it
    zone_of = hexes["sea_zones"].to_numpy(dtype=object)
    for i in np.flatnonzero(hexes["greyed"].to_numpy()):
        near = {int(z) for j in nb[i] if j >= 0 and zone_sea[j] for z in str(zone_of[j]).split(";")}
        near &= {int(z) for z in facts.get("greyed_zones", [])}
        if near:
            hexes.at[i, "sea_zones"] = ";".join(str(z) for z in sorted(near))
    hexes["prohibited"] = hexes["country"].isin(facts["prohibited_countries"]).to_numpy()
    # USE 1.3.5, 4.2.2, 4.2.3: USSR land hexes on the east map edge link to Central Russia
    east = nb[:, 0] < 0
    edge = east & land & (hexes["country"] == "USSR").to_numpy() & ~hexes["greyed"].to_numpy()
    hexes["map_box"] = np.where(edge, "Central Russia", None)
    kinds = {}
    for c in cities:
        kinds.setdefault(c["row"], set()).update(c["kinds"])
    hexes["port"] = [bool(kinds.get(i, set()) & {"major-port", "minor-port"}) for i in range(n)]
    # USE 1.3.1: a hex with a capital, city, factory or port symbol contains a city
    hexes["city"] = [bool(kinds.get(i, set()) & {"capital", "city", "major-port", "minor-port"}) for i in range(n)]


# ---------------------------------------------------------------------------- climate


def climate(hexes, facts) -> None:
    """USE 1.3.9: cold north of the blue line, desert south of the yellow, warm south of the green
    (the europe map's Mediterranean line), temperate between."""
    lon, lat = hexes["lon"].to_numpy(), hexes["lat"].to_numpy()

    def south_of(line):
        pts = np.array(line, dtype=float)
        return lat < np.interp(lon, pts[:, 0], pts[:, 1])

    green = facts["europe"]["climate"]["mediterranean_north"]
    zone = np.full(len(lon), "temperate", dtype=object)
    zone[~south_of(facts["climate"]["blue"])] = "cold"
    zone[south_of(green)] = "warm"
    zone[south_of(facts["climate"]["yellow"])] = "desert"
    hexes["climate_zone"] = zone


# ---------------------------------------------------------------------------- features


def features(hexes, cities, port_zones, row_at, facts) -> list[dict]:
    """Capitals, cities and ports (USE 1.3.1; ports with their ``sea_zones``) and fortresses."""
    out = []
    for c in cities:
        row = c["row"]
        kinds = [k for k in ("capital", "city") if k in c["kinds"]]
        if {"major-port", "minor-port"} & set(c["kinds"]):
            kinds.append("port")
        for kind in kinds:
            out.append({"kind": kind, "name": c["en"], "name_es": c["es"], "sheet": "use",
                        "q": int(hexes.at[row, "q"]), "r": int(hexes.at[row, "r"]),
                        "sea_zones": port_zones.get(row) if kind == "port" else None})
    for f in facts["fortresses"]:
        seen = set()
        for place, p in f["hexes"].items():
            row = row_at(p)
            if row in seen:  # two places of the line in one hex: one fortress
                continue
            seen.add(row)
            name = f["name"] if place == f["name"] else f"{place} ({f['name']})"
            out.append({"kind": "fortress", "name": name, "name_es": name.replace(f["name"], f["es"]),
                        "sheet": "use", "q": int(hexes.at[row, "q"]), "r": int(hexes.at[row, "r"]),
                        "nationality": f["nationality"], "flip_to": f.get("flip_to")})
    return out
