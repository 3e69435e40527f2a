"""Railway step of the ``europe`` build: the 1939 main lines of ``europe_rail.yaml`` as ``rail`` hexsides.

A ``rail`` hexside row says its two hexes are rail-connected (WiF 11.10: every hex entered by rail
must be rail-connected to the hex left; WiF 2.4.2: a rail supply line pays nothing for such a hex).
Each line joins its consecutive stops hex to hex: the cheapest path (scipy's Dijkstra) over land
hexes (no hex-dot, no lake hex), never across an all-sea or strait hexside, where entering a hex
costs ``1 + 4 (d / spacing)^2`` (d: the hex centre's distance from the straight segment between
the two stops) and crossing an alpine hexside 3 more. Rail crosses a strait only by the rule
(a line on both sides, WiF 11.10, 2.4.2), so no rail row is stored on a strait hexside.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import yaml

from viewer import hexgrid

FACTS = Path(__file__).with_name("europe_rail.yaml")


def _graph(hexes, hexsides, spacing):
    """Land-hex adjacency (rows ``i``, ``j`` both ways) without all-sea sides; alpine flag per edge."""
    q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
    span = int(max(np.abs(q).max(), np.abs(r).max())) * 4 + 8
    key = pd.Index(q * span + r)
    ok = (~hexes["hex_dot"].to_numpy()) & (hexes["terrain"].to_numpy() != "lake")
    blocked, alpine = set(), set()
    for f, bag in (("all-sea", blocked), ("alpine", alpine)):
        hs = hexsides[hexsides["feature"] == f]
        a = key.get_indexer(hs["q_a"].to_numpy() * span + hs["r_a"].to_numpy())
        b = key.get_indexer(hs["q_b"].to_numpy() * span + hs["r_b"].to_numpy())
        bag.update(zip(a.tolist(), b.tolist()))
        bag.update(zip(b.tolist(), a.tolist()))
    ii, jj = [], []
    for dq, dr in hexgrid.DIRECTIONS:
        j = key.get_indexer((q + dq) * span + (r + dr))
        i = np.flatnonzero((j >= 0) & ok)
        i = i[ok[j[i]]]
        ii.append(i)
        jj.append(j[i])
    ii, jj = np.concatenate(ii), np.concatenate(jj)
    keep = np.array([(a, b) not in blocked for a, b in zip(ii.tolist(), jj.tolist())])
    ii, jj = ii[keep], jj[keep]
    alp = np.array([(a, b) in alpine for a, b in zip(ii.tolist(), jj.tolist())])
    return ii, jj, alp, ok


def _segment_distance(px, py, ax, ay, bx, by):
    dx, dy = bx - ax, by - ay
    t = np.clip(((px - ax) * dx + (py - ay) * dy) / max(dx * dx + dy * dy, 1e-9), 0.0, 1.0)
    return np.hypot(px - (ax + t * dx), py - (ay + t * dy))


def build_rail(hexes, hexsides, cities, row_at, spacing, path: Path = FACTS) -> tuple[pd.DataFrame, dict]:
    """``rail`` hexside rows (column ``name``: the lines using the hexside, joined by ``;``) and stats.

    ``path``: the lines file (``europe_rail.yaml``; the wif-world sheets pass their own).
    """
    from scipy.sparse import coo_matrix
    from scipy.sparse.csgraph import dijkstra

    src_file = Path(path)
    lines = yaml.safe_load(src_file.read_text(encoding="utf-8"))["lines"]
    by_name = {c["en"]: c["row"] for c in cities}
    ii, jj, alp, ok = _graph(hexes, hexsides, spacing)
    x, y = hexes["x"].to_numpy(), hexes["y"].to_numpy()
    n = len(hexes)
    pairs, stats = {}, {}
    for line in lines:
        if not line.get("source"):
            raise SystemExit(f"{src_file.name}: line {line.get('name')!r} has no source")
        stops = []
        for s in line["stops"]:
            row = by_name.get(s) if isinstance(s, str) else row_at(s)
            if row is None:
                raise SystemExit(f"{src_file.name}: line {line['name']}: unknown stop {s!r} (a place of europe_1939.yaml or [lon, lat])")
            if not ok[row]:
                raise SystemExit(f"{src_file.name}: line {line['name']}: stop {s!r} is in a sea or lake hex")
            stops.append(row)
        hexes_on = [stops[0]]
        for a, b in zip(stops[:-1], stops[1:]):
            if a == b:
                continue
            d = _segment_distance(x[jj], y[jj], x[a], y[a], x[b], y[b])
            w = 1.0 + 4.0 * (d / spacing) ** 2 + 3.0 * alp
            m = coo_matrix((w, (ii, jj)), shape=(n, n)).tocsr()
            dist, pred = dijkstra(m, indices=a, return_predecessors=True)
            if not np.isfinite(dist[b]):
                raise SystemExit(f"{src_file.name}: line {line['name']}: no land route between its stops (rows {a}, {b})")
            path = [b]
            while path[-1] != a:
                path.append(int(pred[path[-1]]))
            hexes_on.extend(path[::-1][1:])
        for a, b in zip(hexes_on[:-1], hexes_on[1:]):
            k = (min(a, b), max(a, b))
            pairs.setdefault(k, []).append(line["name"])
        stats[line["name"]] = len(hexes_on)
    a = np.array([k[0] for k in pairs], dtype=np.int64)
    b = np.array([k[1] for k in pairs], dtype=np.int64)
    rows = pd.DataFrame({
        "sheet_a": hexes["sheet"].to_numpy()[a], "q_a": hexes["q"].to_numpy()[a], "r_a": hexes["r"].to_numpy()[a],
        "sheet_b": hexes["sheet"].to_numpy()[b], "q_b": hexes["q"].to_numpy()[b], "r_b": hexes["r"].to_numpy()[b],
        "feature": "rail", "name": [";".join(dict.fromkeys(v)) for v in pairs.values()],
    })
    return rows, stats
