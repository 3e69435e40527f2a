"""Joins between the sheets of ``wif-world`` (WiF 2.1.1 adjacency case 2, map joins).

The printed Eastern Europe and Asian maps meet along a line where same-numbered edge hexes are
adjacent (WiF 2.1.1). Our sheets are real geography at different scales and in different
projections, so a join is defined geometrically: an edge hex ``a`` of sheet A (a hex missing one
of its six grid neighbours) *faces* hex ``b`` of sheet B when the centre of one of ``a``'s missing
neighbours, taken to lon/lat and into B's projection, falls inside ``b``. The join is every pair
that faces the other way round too, in either direction (``a`` faces ``b`` or ``b`` faces ``a``):
the hexes on both sides of the join line that touch across it.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer import hexgrid


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


def _facing(a: SheetIndex, b: SheetIndex) -> set[tuple[int, int]]:
    """(row in a, row in b) for every edge hex of a whose missing neighbour's centre lies in b."""
    q, r = a.hexes["q"].to_numpy(), a.hexes["r"].to_numpy()
    out = set()
    for dq, dr in hexgrid.DIRECTIONS:
        nq, nr = q + dq, r + dr
        miss = np.flatnonzero(a.rows(nq, nr) < 0)
        if not len(miss):
            continue
        x, y = a.sheet.centers(nq[miss], nr[miss])
        lon, lat = a.to_lonlat.transform(x, y)
        hit = b.rows_at(lon, lat)
        ok = hit >= 0
        out.update(zip(miss[ok].tolist(), hit[ok].tolist()))
    return out


def join_pairs(a: SheetIndex, b: SheetIndex) -> list[tuple[int, int]]:
    """The facing pairs (row in a, row in b) across the join of sheets a and b, sorted."""
    pairs = _facing(a, b) | {(i, j) for j, i in _facing(b, a)}
    return sorted(pairs)


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
