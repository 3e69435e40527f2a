"""A lesson step's highlight on hex maps drawn by :class:`MapView` (docs/lessons.md, "In the apps").

:class:`MapLessonBoard` keeps one map view per board a game's lessons name, built the first time
a lesson on that board is shown and then only hidden. Each map gets, once, a ``lesson`` hexes
layer (the step's hexes, strong, and its range, light) and a ``lesson-path`` lines layer (the
path, and each hexside as a short stroke across it); a step sets their rows and moves the view
to the marked area.
"""
from __future__ import annotations

from typing import Callable

import numpy as np
import panel as pn

from viewer import hexgrid
from viewer.board import HexMap
from viewer.state import SessionState
from viewer.views.common.lesson_player import LessonBoard
from viewer.views.map.mapview import MapView

HEX_COLOR = "#d81b60"
RANGE_COLOR = "#fbc02d"
PATH_COLOR = "#6a1b9a"
HEXSIDE_COLOR = "#00838f"


class MapLessons:
    """The lesson layers of one map view."""

    def __init__(self, mapview: MapView):
        self.mapview = mapview
        ov = mapview.overlays
        ov.add("lesson", kind="hexes", legend_key="lessons.layer")
        ov.add("lesson-path", kind="lines")
        h = mapview.hexmap.hexes
        self._keys: dict[str, tuple[str, int, int]] = {}
        for lab, sheet, q, r in zip(h["label"].astype(str), h["sheet"], h["q"], h["r"]):
            self._keys.setdefault(lab, (str(sheet), int(q), int(r)))   # a label on several sheets: its first hex

    def key(self, label) -> tuple[str, int, int] | None:
        return self._keys.get(str(label))

    def show(self, highlight: dict) -> set[str]:
        """Mark ``highlight``'s hexes, range, path and hexsides; returns the kinds drawn."""
        hexmap, ov = self.mapview.hexmap, self.mapview.overlays
        drawn: set[str] = set()
        keys, colors, alphas = [], [], []
        rng = highlight.get("range") or {}
        if rng and (rng.get("unit") or "hexes") == "hexes":
            origin = self.key(rng.get("origin"))
            if origin is not None:
                sheet = origin[0]
                for q, r in hexgrid.disk((origin[1], origin[2]), int(rng.get("radius") or 0)):
                    if (sheet, q, r) in hexmap:
                        keys.append((sheet, q, r)), colors.append(RANGE_COLOR), alphas.append(0.35)
                drawn.add("range")
        strong = [k for k in (self.key(h) for h in highlight.get("hexes") or []) if k is not None]
        if strong and len(strong) == len(highlight.get("hexes") or []):
            drawn.add("hexes")
        taken = set(strong)
        keep = [i for i, k in enumerate(keys) if k not in taken]
        keys, colors, alphas = [keys[i] for i in keep], [colors[i] for i in keep], [alphas[i] for i in keep]
        keys += strong
        colors += [HEX_COLOR] * len(strong)
        alphas += [0.6] * len(strong)
        ov.set("lesson", hexes=keys, color=colors, alpha=alphas)
        pairs, line_colors = [], []
        path = [self.key(h) for h in highlight.get("path") or []]
        if path and None not in path:
            pairs += list(zip(path[:-1], path[1:]))
            line_colors += [PATH_COLOR] * (len(path) - 1)
            drawn.add("path")
        sides = [(self.key(a), self.key(b)) for a, b in highlight.get("hexsides") or []]
        if sides and all(a is not None and b is not None for a, b in sides):
            pairs += sides
            line_colors += [HEXSIDE_COLOR] * len(sides)
            drawn.add("hexsides")
        ov.set("lesson-path", pairs=pairs, color=line_colors, alpha=0.9)
        self._frame([*strong, *[k for pair in pairs for k in pair]] or keys)
        return drawn

    def _frame(self, keys) -> None:
        """Move the view to the marked hexes (with a margin of a few hexes)."""
        if not keys:
            return
        points = np.array([self.mapview.overlays.centre(k) for k in keys])
        size = self.mapview.hexmap.sheets[keys[0][0]].size
        pad = 6 * size
        fig = self.mapview.figure
        fig.x_range.update(start=float(points[:, 0].min() - pad), end=float(points[:, 0].max() + pad))
        fig.y_range.update(start=float(points[:, 1].min() - pad), end=float(points[:, 1].max() + pad))


class MapLessonBoard(LessonBoard):
    """The lesson's hex map, one :class:`MapView` per board name (``hexmap_for(name)``)."""

    def __init__(self, state: SessionState, hexmap_for: Callable[[str | None], HexMap], height: int = 520):
        self.state, self.hexmap_for, self.height = state, hexmap_for, height
        self.maps: dict[str | None, MapLessons] = {}
        self._frames: dict[str | None, pn.Column] = {}
        self.panel = pn.Column(sizing_mode="stretch_width", css_classes=["lesson-board"])

    def map_for(self, board: str | None) -> MapLessons:
        """The map of ``board``, built the first time (a new lesson's board, never a step)."""
        if board not in self.maps:
            view = MapView(hexmap=self.hexmap_for(board), state=self.state, height=self.height)
            self.maps[board] = MapLessons(view)
            self._frames[board] = pn.Column(view, sizing_mode="stretch_width")
            self.panel.objects = [*self.panel.objects, self._frames[board]]
        return self.maps[board]

    def show(self, player, view) -> set[str]:
        shown = self.map_for(player.board)
        for name, frame in self._frames.items():
            frame.visible = name == player.board
        return shown.show(view.highlight)
