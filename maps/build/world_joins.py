"""Joins between the sheets of ``wif-world`` (WiF 2.1.1 adjacency case 2, map joins).

The printed Eastern Europe and Asian maps meet along a line where same-numbered edge hexes are
adjacent (WiF 2.1.1). Our sheets are real geography at different scales and in different
projections, so a join is defined geometrically: an *edge hex* of a sheet is one that misses at
least one of its six grid neighbours, and two edge hexes of the two sheets are joined when their
centres lie at most ``(s_a + s_b) / 2 + max(s_a, s_b) / 4`` apart on the globe (``s``: each
sheet's centre spacing): the hexes that touch across the join line, allowing for the ragged
line that two grids of different sizes and projections leave between them (each sheet keeps the
hexes whose centre lies in its domain and on no finer sheet).
"""
from __future__ import annotations

import numpy as np
import pandas as pd


class SheetIndex:
    """Row lookup of one sheet's built hexes by ``(q, r)`` and by geographic point."""

    def __init__(self, sheet, hexes: pd.DataFrame):
        from pyproj import Transformer

        self.sheet, self.hexes = sheet, hexes
        q, r = hexes["q"].to_numpy(), hexes["r"].to_numpy()
        self.span = 1 << 20
        self.index = pd.Index(q * self.span + r)
        self.to_map = Transformer.from_crs("EPSG:4326", sheet.crs, always_xy=True)
        self.to_lonlat = Transformer.from_crs(sheet.crs, "EPSG:4326", always_xy=True)

    def rows(self, q, r) -> np.ndarray:
        """Row of each (q, r), -1 where the sheet has no such hex."""
        return self.index.get_indexer(np.asarray(q) * self.span + np.asarray(r))

    def rows_at(self, lon, lat) -> np.ndarray:
        """Row of the hex holding each lon/lat point, -1 where none."""
        x, y = self.to_map.transform(np.asarray(lon, float), np.asarray(lat, float))
        ok = np.isfinite(x) & np.isfinite(y)
        q, r = self.sheet.hex_at_xy(np.where(ok, x, 0.0), np.where(ok, y, 0.0))
        out = self.rows(np.asarray(q, np.int64), np.asarray(r, np.int64))
        return np.where(ok, out, -1)

    def covers(self, lon, lat) -> np.ndarray:
        return self.rows_at(lon, lat) >= 0


def _unit_vectors(lon, lat) -> np.ndarray:
    lo, la = np.radians(lon), np.radians(lat)
    return np.c_[np.cos(la) * np.cos(lo), np.cos(la) * np.sin(lo), np.sin(la)]


def join_pairs(a: SheetIndex, b: SheetIndex, max_km: float | None = None) -> list[tuple[int, int]]:
    """(row in a, row in b) of the edge hexes joined across the join of sheets a and b, sorted."""
    from scipy.spatial import cKDTree
    from theatre import edge_rows as sheet_edge

    sa, sb = a.sheet.spacing_m / 1000.0, b.sheet.spacing_m / 1000.0
    limit = max_km if max_km is not None else (sa + sb) / 2 + max(sa, sb) / 4
    ea, eb = sheet_edge(a.hexes), sheet_edge(b.hexes)
    va = _unit_vectors(a.hexes["lon"].to_numpy()[ea], a.hexes["lat"].to_numpy()[ea])
    vb = _unit_vectors(b.hexes["lon"].to_numpy()[eb], b.hexes["lat"].to_numpy()[eb])
    chord = 2 * np.sin(limit / 6371.0 / 2)
    hits = cKDTree(vb).query_ball_point(va, chord)
    return sorted((int(ea[i]), int(eb[j])) for i, js in enumerate(hits) for j in js)


def edge_rows(a: SheetIndex, b: SheetIndex, kind: str, note: str, pairs) -> pd.DataFrame:
    """``extra_edges`` rows for ``pairs`` (rows in a, rows in b)."""
    ia = np.array([p[0] for p in pairs], dtype=np.int64)
    ib = np.array([p[1] for p in pairs], dtype=np.int64)
    ha, hb = a.hexes, b.hexes
    return pd.DataFrame({
        "sheet_a": a.sheet.name, "q_a": ha["q"].to_numpy()[ia], "r_a": ha["r"].to_numpy()[ia],
        "sheet_b": b.sheet.name, "q_b": hb["q"].to_numpy()[ib], "r_b": hb["r"].to_numpy()[ib],
        "kind": kind, "note": note,
    })
