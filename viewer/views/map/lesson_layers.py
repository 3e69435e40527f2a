"""A lesson step's highlight on hex maps drawn by :class:`MapView` (docs/lessons.md, "In the apps").

:class:`MapLessonBoard` keeps one map view per board a game's lessons name, built the first time
a lesson on that board is shown and then only hidden. Each map gets, once, a ``lesson`` hexes
layer (the step's hexes, strong, and its range, light) and a ``lesson-path`` lines layer (the
path, and each hexside as a short stroke across it); a step sets their rows and moves the view
to the marked area.

"Try it yourself" (docs/lessons.md, "In the apps") makes the map the learner's: a unit chooser
and, where the game has weather, a weather chooser (made once, shown only while trying); a tap on
a hex moves the chosen unit there, and the player computes the step's answer on the new state.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import numpy as np
import panel as pn

from viewer import hexgrid
from viewer.board import HexMap
from viewer.state import SessionState
from viewer.views.common.lesson_player import LessonBoard
from viewer.views.common.text import label, label_any
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
        self._marked: list[tuple[str, int, int]] = []
        h = mapview.hexmap.hexes
        self._keys: dict[str, tuple[str, int, int]] = {}
        self._labels: dict[tuple[str, int, int], str] = {}
        for lab, sheet, q, r in zip(h["label"].astype(str), h["sheet"], h["q"], h["r"]):
            self._keys.setdefault(lab, (str(sheet), int(q), int(r)))   # a label on several sheets: its first hex
            self._labels[(str(sheet), int(q), int(r))] = lab

    def key(self, label) -> tuple[str, int, int] | None:
        return self._keys.get(str(label))

    def label_of(self, key) -> str | None:
        """The printed label of hex ``key`` ``(sheet, q, r)``, or None off this map."""
        return None if key is None else self._labels.get((str(key[0]), int(key[1]), int(key[2])))

    def clear(self) -> None:
        """Mark nothing (an unchanged empty layer sends nothing)."""
        self.mapview.overlays.set("lesson", hexes=[])
        self.mapview.overlays.set("lesson-path", pairs=[])

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
        self._marked = [*strong, *[k for pair in pairs for k in pair]] or keys
        return drawn

    def frame(self) -> None:
        """Move the view to the hexes the last :meth:`show` marked, with a margin of a few hexes,
        kept in shape and kept there when data change (:class:`~viewer.views.map.hex_finder.ViewBox`)."""
        keys = self._marked
        if not keys:
            return
        points = np.array([self.mapview.overlays.centre(k) for k in keys])
        pad = 6 * self.mapview.hexmap.sheets[keys[0][0]].size
        x0, x1 = float(points[:, 0].min() - pad), float(points[:, 0].max() + pad)
        y0, y1 = float(points[:, 1].min() - pad), float(points[:, 1].max() + pad)
        fig = self.mapview.figure
        with pn.io.hold():
            fig.x_range.update(start=x0, end=x1)
            fig.y_range.update(start=y0, end=y1)
            self.mapview.go_to.box.fit(x0, x1, y0, y1)
            # the browser widens the box to the frame's shape: numbers for twice its size each way
            wx, wy = (x1 - x0) / 2, (y1 - y0) / 2
            numbers = self.mapview.numbers
            numbers.show(x0 - wx, x1 + wx, y0 - wy, y1 + wy, limit=4 * numbers.limit)


def state_units(state: dict[str, Any], board: str | None) -> dict[str, str]:
    """The units a lesson's state places, ``{id: hex label}`` (the default of :class:`MapLessonBoard`)."""
    return {str(uid): str(u.get("at")) for uid, u in (state.get("units") or {}).items()}


class MapLessonBoard(LessonBoard):
    """The lesson's hex map, one :class:`MapView` per board name (``hexmap_for(name)``).

    ``units(state, board)`` names the units "try it yourself" may move (``{id: hex label}``);
    ``weathers`` the conditions the learner may set everywhere (none: no weather chooser)."""

    editable = True
    help_key = "lessons.try.map"

    def __init__(self, state: SessionState, hexmap_for: Callable[[str | None], HexMap], height: int = 620,
                 units: Callable[[dict[str, Any], str | None], dict[str, str]] = state_units,
                 weathers: tuple[str, ...] = ()):
        self.state, self.hexmap_for, self.height = state, hexmap_for, height
        self.units_of, self.weathers = units, tuple(weathers)
        self.maps: dict[str | None, MapLessons] = {}
        self._frames: dict[str | None, pn.Column] = {}
        self.panel = pn.Column(sizing_mode="stretch_width", css_classes=["lesson-board"])
        self.unit = pn.widgets.Select(options={}, width=260, css_classes=["lesson-try-unit"])
        self.weather = pn.widgets.Select(options=[], width=200, css_classes=["lesson-try-weather"],
                                         visible=bool(self.weathers))
        self.controls = pn.Row(self.unit, self.weather, visible=False, css_classes=["lesson-try-controls"])
        self._trial: dict[str, Any] | None = None
        self._board: str | None = None
        self._changed: Callable[[dict[str, Any]], None] | None = None
        self._shown: MapLessons | None = None
        self._framed: tuple[Any, ...] | None = None
        self.weather.param.watch(self._on_weather, "value")
        self.state.param.watch(self._on_tap, "selected")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    def _on_lang(self, *_):
        lang = self.state.lang
        self.unit.name = label("lessons.try.unit", lang)
        self.weather.name = label("lessons.try.weather", lang)
        keep = self.weather.value
        self.weather.options = {label("lessons.try.weather_lesson", lang): "", **{label_any([f"weather.{w}"], lang, w): w for w in self.weathers}}
        self.weather.value = keep if keep in self.weather.options.values() else ""

    def map_for(self, board: str | None) -> MapLessons:
        """The map of ``board``, built the first time (a new lesson's board, never a step)."""
        if board not in self.maps:
            view = MapView(hexmap=self.hexmap_for(board), state=self.state, height=self.height, side_below=True)
            self.maps[board] = MapLessons(view)
            self._frames[board] = pn.Column(view, sizing_mode="stretch_width")
            self.panel.objects = [*self.panel.objects, self._frames[board]]
        return self.maps[board]

    def show(self, player, view) -> set[str]:
        shown = self.map_for(player.board)
        self._shown = shown
        for name, frame in self._frames.items():
            frame.visible = name == player.board
            if name != player.board:
                self.maps[name].clear()       # a hidden map keeps no marks of an earlier lesson
        highlight = view.highlight
        if self._trial is not None and self.unit.value:
            at = self.units_of(self._trial, self._board).get(self.unit.value)
            if at is not None and shown.key(at) is not None:      # the unit being moved, marked too
                highlight = {**highlight, "hexes": [*[h for h in highlight.get("hexes") or [] if h != at], at]}
        drawn = shown.show(highlight)
        step = (player.board, player.lesson.id, player.index)
        if step != self._framed:      # a new step goes to its area; a redraw keeps the learner's view
            self._framed = step
            shown.frame()
        return drawn

    # ------------------------------------------------------------------ try it yourself
    def start_trial(self, player, view, changed: Callable[[dict[str, Any]], None]) -> None:
        self._trial, self._board, self._changed = copy.deepcopy(view.state), player.board, None
        units = self.units_of(self._trial, self._board)
        asked = str((view.step.answer.inputs.get("unit") if view.step.answer else "") or "")
        self.unit.options = {f"{uid} ({at})": uid for uid, at in units.items()}
        self.unit.value = asked if asked in units else next(iter(units), None)
        self.weather.value = ""
        self.controls.visible = True
        self._changed = changed

    def end_trial(self) -> None:
        self._trial, self._changed = None, None
        self.controls.visible = False

    def _on_weather(self, event):
        if self._trial is None or self._changed is None or not event.new:
            return
        self._trial["weather"] = event.new
        self._changed(copy.deepcopy(self._trial))

    def _on_tap(self, event):
        """A tap on the lesson's map while trying: the chosen unit moves to the tapped hex."""
        if self._trial is None or self._changed is None or self._shown is None or not self.unit.value:
            return
        where = self._shown.label_of(event.new)
        if where is None:
            return
        self.move(self.unit.value, where)

    def move(self, unit: str, where: str) -> None:
        """Put ``unit`` on the hex labelled ``where`` (what a tap does while trying)."""
        if self._trial is None or self._changed is None:
            return
        units = self._trial.setdefault("units", {})
        units[unit] = {**units.get(unit, {"id": unit}), "at": str(where)}
        current = self.units_of(self._trial, self._board)
        with pn.io.hold():
            self.unit.options = {f"{uid} ({at})": uid for uid, at in current.items()}
            self.unit.value = unit
            self._changed(copy.deepcopy(self._trial))
