"""A hex overlay fed by row positions of the map's hexes table, updated in place.

Built on :class:`~viewer.views.map.overlays.OverlaySet` (its layer, legend entry and toggle), with
vectorised columns: when the same hexes are shown again only the changed colours, alphas and
labels are patched; when the set of hexes changes the layer's small source gets new data. The
figure and the base layer are never rebuilt (docs/architecture.md "Rendering").
"""
from __future__ import annotations

import weakref

import numpy as np

from viewer.board import HexMap
from viewer.views.map.mapview import MapView

#: Each map's hex keys as three read-only columns, built once per map and shared by sessions.
_KEYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def hex_keys(hexmap: HexMap) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The sheet, q and r of each row of ``hexmap.hexes`` (read-only arrays)."""
    if hexmap not in _KEYS:
        h = hexmap.hexes
        columns = (h["sheet"].to_numpy(dtype=str), h["q"].to_numpy(np.int64, copy=True),
                   h["r"].to_numpy(np.int64, copy=True))
        for column in columns:
            column.setflags(write=False)
        _KEYS[hexmap] = columns
    return _KEYS[hexmap]


class HexLayer:
    """One named ``hexes`` overlay of a map view, shown from hexes-table row positions."""

    def __init__(self, view: MapView, name: str, legend_key: str | None = None):
        self.view = view
        self.name = name
        self.layer = view.overlays.add(name, kind="hexes", legend_key=legend_key)
        self._sheet, self._q, self._r = hex_keys(view.hexmap)
        self.positions: dict[str, np.ndarray] = {s: np.zeros(0, dtype=np.int64) for s in self.layer.sources}
        self.patches = 0
        self.replacements = 0

    @property
    def renderers(self):
        return self.layer.renderers

    def show(self, positions, color, alpha, labels) -> None:
        """Show the hexes at ``positions`` (rows of ``hexmap.hexes``) with per-row or single
        ``color``, ``alpha`` and ``labels``."""
        positions = np.asarray(positions, dtype=np.int64).ravel()
        n = len(positions)
        color = _column(color, n, str)
        alpha = _column(alpha, n, float)
        labels = _column(labels, n, str)
        sheets = self._sheet[positions]
        rows: dict = {}
        for sheet, src in self.layer.sources.items():
            m = sheets == sheet
            pos = positions[m]
            cols = {"color": color[m].astype(object), "alpha": alpha[m], "label": labels[m].astype(object)}
            old = self.positions.get(sheet)
            if old is not None and len(old) == len(pos) and np.array_equal(old, pos):
                patch = {}
                for name, values in cols.items():
                    current = np.asarray(src.data[name])
                    changed = np.flatnonzero(current != values) if len(current) == len(values) else np.arange(len(values))
                    if len(changed):
                        patch[name] = [(int(i), values[i].item() if hasattr(values[i], "item") else values[i])
                                       for i in changed]
                if patch:
                    src.patch(patch)
                    self.patches += 1
            else:
                dq, dr = self.view.shifts[sheet]
                src.data = {"q": self._q[pos] + dq, "r": self._r[pos] + dr, **cols}
                self.positions[sheet] = pos
                self.replacements += 1
            for i, p in enumerate(pos):
                rows[(sheet, int(self._q[p]), int(self._r[p]))] = (sheet, i)
        self.layer.rows = rows

    def clear(self) -> None:
        self.show(np.zeros(0, dtype=np.int64), "#000000", 0.0, "")

    def keys(self) -> list[tuple]:
        """The hexes shown, as ``(sheet, q, r)`` keys."""
        return list(self.layer.rows)

    def labels(self) -> dict[tuple, str]:
        out = {}
        for key, (sheet, i) in self.layer.rows.items():
            out[key] = str(self.layer.sources[sheet].data["label"][i])
        return out


def _column(value, n: int, kind) -> np.ndarray:
    if isinstance(value, (list, tuple, np.ndarray)):
        arr = np.asarray(value, dtype=object if kind is str else kind)
        if len(arr) != n:
            raise ValueError(f"expected {n} values, got {len(arr)}")
        return arr.astype(str) if kind is str else arr
    return np.full(n, value, dtype=object if kind is str else kind).astype(str if kind is str else kind)
