"""Hexside step of the ``europe`` build: rivers, alpine crests, lakes, all-sea sides and straits.

Hexside features are the WiF vocabulary (``viewer.board.terrain``; WiF 2.1.1): ``river``,
``alpine`` (blocks ZOC and supply, WiF 2.2, 2.4.2), ``lake`` (blocks both unless frozen, WiF
8.2.9), ``all-sea`` (a hexside with no land, WiF 2.1.1) and ``strait`` (an all-sea hexside land
units may cross, WiF 11.11.2).

Rivers and crests are traced on the graph of hex *vertices* joined by hexsides: the course (a
lon/lat line from ``europe_rivers.yaml``) is projected, every hexside between two non-sea hexes
is weighted by its length times a penalty growing with the square of its midpoint's distance from
the course, and the chain is the cheapest path (scipy's Dijkstra) from the vertex nearest the
source to the vertex nearest the mouth. The chain is therefore connected and never borders sea
only.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from viewer import hexgrid

FACTS = Path(__file__).with_name("europe_rivers.yaml")
#: corner k of a pointy-top hex (angle 30° + 60°k) in half-units: x in sqrt(3)/2 * size, y in size/2
CORNER_X = np.array([1, 0, -1, -1, 0, 1])
CORNER_Y = np.array([1, 2, 1, -1, -2, -1])
#: a hexside with less than this share of its length on land is all-sea
ALL_SEA_LAND_SHARE = 0.10
#: a hexside with at least this share of its length in a lake is a lake hexside
LAKE_SHARE = 0.5


def hexside_graph(sheet, hexes) -> pd.DataFrame:
    """Every hexside between two hexes of the sheet: rows ``a``, ``b``; vertex ids ``v0``, ``v1``;
    end points ``x0, y0, x1, y1`` and midpoint ``mx, my`` in map metres."""
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    span = int(max(np.abs(q).max(), np.abs(r).max())) * 4 + 8
    key = pd.Index(q * span + r)
    parts = []
    for d in range(3):  # east, north-east, north-west: each hexside once
        dq, dr = hexgrid.DIRECTIONS[d]
        j = key.get_indexer((q + dq) * span + (r + dr))
        i = np.flatnonzero(j >= 0)
        k0, k1 = (d - 1) % 6, d
        vx0, vy0 = 2 * q[i] + r[i] + CORNER_X[k0], -3 * r[i] + CORNER_Y[k0]
        vx1, vy1 = 2 * q[i] + r[i] + CORNER_X[k1], -3 * r[i] + CORNER_Y[k1]
        parts.append(pd.DataFrame({"a": i, "b": j[i], "vx0": vx0, "vy0": vy0, "vx1": vx1, "vy1": vy1}))
    g = pd.concat(parts, ignore_index=True)
    vkey = np.r_[g["vx0"] * 100_000 + g["vy0"], g["vx1"] * 100_000 + g["vy1"]]
    _, vid = np.unique(vkey, return_inverse=True)
    g["v0"], g["v1"] = vid[: len(g)], vid[len(g):]
    ux, uy = sheet.size * np.sqrt(3) / 2, sheet.size / 2
    g["x0"], g["y0"] = sheet.x0 + g["vx0"] * ux, sheet.y0 + g["vy0"] * uy
    g["x1"], g["y1"] = sheet.x0 + g["vx1"] * ux, sheet.y0 + g["vy1"] * uy
    g["mx"], g["my"] = (g["x0"] + g["x1"]) / 2, (g["y0"] + g["y1"]) / 2
    return g.drop(columns=["vx0", "vy0", "vx1", "vy1"])


def project_line(coords_lonlat, to_map, step_deg: float = 0.05):
    """A lon/lat polyline densified to ``step_deg`` and projected to map metres (shapely LineString)."""
    import shapely

    pts = np.asarray(coords_lonlat, dtype=float)
    out = [pts[0]]
    for a, b in zip(pts[:-1], pts[1:]):
        n = max(1, int(np.ceil(np.abs(b - a).max() / step_deg)))
        out.extend(a + (b - a) * t for t in np.linspace(0, 1, n + 1)[1:])
    out = np.asarray(out)
    x, y = to_map.transform(out[:, 0], out[:, 1])
    return shapely.LineString(np.c_[x, y])


def trace(g: pd.DataFrame, usable: np.ndarray, line, size: float, extra_cost=None) -> np.ndarray:
    """Indices of hexsides (rows of ``g``) forming the cheapest vertex-to-vertex chain along ``line``.

    Only ``usable`` hexsides are edges; a hexside costs ``1 + 16 (d / size)^2`` (d: its midpoint's
    distance from the line), times ``extra_cost`` where given. Raises ``SystemExit`` if the ends
    are not joined.
    """
    import shapely
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    idx = np.flatnonzero(usable)
    d = shapely.distance(shapely.points(g["mx"].to_numpy()[idx], g["my"].to_numpy()[idx]), line)
    w = 1.0 + 16.0 * (d / size) ** 2
    if extra_cost is not None:
        w = w * extra_cost[idx]
    v0, v1 = g["v0"].to_numpy()[idx], g["v1"].to_numpy()[idx]
    n = int(max(g["v0"].max(), g["v1"].max())) + 1
    m = coo_matrix((np.r_[w, w], (np.r_[v0, v1], np.r_[v1, v0])), shape=(n, n)).tocsr()
    # vertices of usable hexsides, with their coordinates
    vx = np.zeros(n)
    vy = np.zeros(n)
    vx[g["v0"]], vy[g["v0"]] = g["x0"], g["y0"]
    vx[g["v1"]], vy[g["v1"]] = g["x1"], g["y1"]
    cand = np.unique(np.r_[v0, v1])
    (sx, sy), (ex, ey) = line.coords[0], line.coords[-1]
    src = cand[np.argmin(np.hypot(vx[cand] - sx, vy[cand] - sy))]
    dst = cand[np.argmin(np.hypot(vx[cand] - ex, vy[cand] - ey))]
    dist, pred = dijkstra(m, indices=src, return_predecessors=True)
    if not np.isfinite(dist[dst]):
        raise SystemExit("course ends are not joined by usable hexsides")
    path = [dst]
    while path[-1] != src:
        path.append(pred[path[-1]])
    path = np.array(path[::-1])
    lookup = {(int(a), int(b)): int(e) for a, b, e in zip(v0, v1, idx)}
    lookup.update({(b, a): e for (a, b), e in list(lookup.items())})
    return np.array([lookup[(int(a), int(b))] for a, b in zip(path[:-1], path[1:])], dtype=np.int64)


def _share_inside(g, rows, layer, tile_m: float = 300_000.0) -> np.ndarray:
    """Share of each hexside segment (rows of ``g``) lying inside the polygons of ``layer``."""
    import shapely

    segs = shapely.linestrings(np.stack([g.loc[rows, ["x0", "y0"]].to_numpy(),
                                         g.loc[rows, ["x1", "y1"]].to_numpy()], axis=1))
    geoms = shapely.union_all(layer.geometry.values)
    xmin, ymin, xmax, ymax = shapely.total_bounds(segs)
    tiles = [shapely.box(x, y, x + tile_m, y + tile_m)
             for x in np.arange(xmin - 1, xmax + 1, tile_m) for y in np.arange(ymin - 1, ymax + 1, tile_m)]
    pieces = shapely.intersection(np.array(tiles), geoms)
    pieces = pieces[~shapely.is_empty(pieces)]
    tree = shapely.STRtree(pieces)
    si, pi = tree.query(segs, predicate="intersects")
    inside = np.bincount(si, weights=shapely.length(shapely.intersection(segs[si], pieces[pi])), minlength=len(segs))
    return inside / shapely.length(segs)


def _rows(g, sel, feature, name, hexes, name_es=None):
    """Hexside rows of ``g``'s rows ``sel``; ``name_es``: the Spanish name (``name_es`` column)."""
    a, b = g["a"].to_numpy()[sel], g["b"].to_numpy()[sel]
    return pd.DataFrame({"sheet_a": hexes["sheet"].to_numpy()[a], "q_a": hexes["q"].to_numpy()[a],
                         "r_a": hexes["r"].to_numpy()[a], "sheet_b": hexes["sheet"].to_numpy()[b],
                         "q_b": hexes["q"].to_numpy()[b], "r_b": hexes["r"].to_numpy()[b],
                         "feature": feature, "name": name, "name_es": name_es})


def build_hexsides(sheet, hexes, to_map, land, lakes, row_at) -> tuple[pd.DataFrame, dict]:
    """All hexside rows (rivers, alpine, lake, all-sea, straits) and the numbers for the build log.

    ``land``/``lakes``: Natural Earth layers in map metres; ``row_at((lon, lat))``: the hex row.
    """
    facts = yaml.safe_load(FACTS.read_text(encoding="utf-8"))
    g = hexside_graph(sheet, hexes)
    terrain = hexes["terrain"].to_numpy()
    ta, tb = terrain[g["a"]], terrain[g["b"]]
    not_sea = (ta != "sea") & (tb != "sea")
    dry = not_sea & (ta != "lake") & (tb != "lake")
    lake_cost = np.where(dry, 1.0, 4.0)
    out, stats = [], {}
    for kind, feature, field in (("rivers", "river", "course"), ("alpine", "alpine", "crest")):
        usable = not_sea if feature == "river" else dry
        for name, spec in facts[kind].items():
            line = project_line(spec[field], to_map)
            try:
                chain = trace(g, usable, line, sheet.size, lake_cost)
            except SystemExit as exc:
                raise SystemExit(f"{FACTS.name}: {kind} {name}: {exc}") from None
            out.append(_rows(g, chain, feature, name, hexes, spec.get("es")))
            stats[f"{feature} {name}"] = len(chain)
    rows = np.flatnonzero(dry)
    land_share = _share_inside(g, rows, land)
    all_sea = rows[land_share < ALL_SEA_LAND_SHARE]
    out.append(_rows(g, all_sea, "all-sea", None, hexes))
    lake_share = _share_inside(g, rows, lakes)
    lake_rows = rows[lake_share >= LAKE_SHARE]
    out.append(_rows(g, lake_rows, "lake", None, hexes))
    stats["all-sea"], stats["lake"] = len(all_sea), len(lake_rows)
    pair_row = {(int(a), int(b)): i for i, (a, b) in enumerate(zip(g["a"], g["b"]))}
    for name, spec in facts["straits"].items():
        for pa, pb in spec["sides"]:
            a, b = row_at(pa), row_at(pb)
            i = pair_row.get((a, b), pair_row.get((b, a)))
            if i is None or not dry[i]:
                raise SystemExit(f"{FACTS.name}: strait {name}: the hexes at {pa} and {pb} are not neighbouring land hexes")
            for feature in ("strait", "all-sea"):
                out.append(_rows(g, np.array([i]), feature, name, hexes, spec.get("es")))
        stats[f"strait {name}"] = len(spec["sides"])
    return _merge(pd.concat(out, ignore_index=True)), stats


def _merge(df: pd.DataFrame) -> pd.DataFrame:
    """One row per (hexside, feature): names of rows that share one are joined with ``;``
    (``name`` and, when the rows have it, ``name_es`` in the same order)."""
    lo = (df["q_a"] * 100_000 + df["r_a"]) < (df["q_b"] * 100_000 + df["r_b"])
    for c in ("sheet", "q", "r"):
        a, b = df[c + "_a"].copy(), df[c + "_b"].copy()
        df[c + "_a"], df[c + "_b"] = a.where(lo, b), b.where(lo, a)
    keys = ["sheet_a", "q_a", "r_a", "sheet_b", "q_b", "r_b", "feature"]
    columns = [c for c in ("name", "name_es") if c in df.columns]
    names = df.groupby(keys, sort=False)[columns].agg(lambda s: ";".join(dict.fromkeys(s.dropna())) or None)
    return names.reset_index()
