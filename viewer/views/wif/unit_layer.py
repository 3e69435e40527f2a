"""The scenario's units on the map: one small marker per unit, coloured by its power, with the
counter abbreviation of its type, and a ring showing its supply state (WiF 2.4).

All units share one ColumnDataSource and one glyph of each kind (marker, text, ring). A move
patches the unit's position in place; only adding or removing a unit replaces the (small) data.
Units are picked through the hex selection (the map's tap tool selects the hex under them).
"""
from __future__ import annotations

import zlib

import numpy as np
from bokeh.models import ColumnDataSource, HoverTool

from viewer import hexgrid
from viewer.i18n import has
from viewer.rules.wif.scenario import UNIT_TYPES
from viewer.views.common.text import label
from viewer.views.map.mapview import MapView

#: Major power -> marker colour (the printed counters' convention of one colour per power).
UNIT_COLORS = {
    "Germany": "#5a5a5a",
    "Italy": "#4f9a4a",
    "France": "#3f6fc4",
    "Commonwealth": "#c9a15e",
    "USSR": "#b8352e",
    "USA": "#2e7d32",
    "Japan": "#e6b800",
    "China": "#8d6e63",
}
OTHER_COLORS = ("#7b5ea7", "#d17a22", "#3a8f8f", "#a33b6b", "#6b8e23", "#8a6d3b")
#: Supply state -> ring colour (None: not computed or unknown).
RING_COLORS = {True: "#1a9641", False: "#d7191c", None: "#9e9e9e"}
SELECTED_LINE = "#d7263d"
#: Offset of the n-th unit in a stack, as a fraction of the hex size.
STACK_STEP = 0.28
_STACK_OFFSETS = ((0, 0), (1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1), (1, -1), (-1, 1))


def power_color(power: str) -> str:
    if power in UNIT_COLORS:
        return UNIT_COLORS[power]
    return OTHER_COLORS[zlib.crc32(str(power).encode("utf-8")) % len(OTHER_COLORS)]


def type_abbr(unit_type: str, lang: str) -> str:
    """The counter abbreviation of a unit type in ``lang`` (ARM is BLIN in Spanish, HQ-A CG-A);
    types the catalogue has no abbreviation for keep their own (BB, FTR …)."""
    base, suffix = unit_type.split("-", 1)[0], unit_type[len(unit_type.split("-", 1)[0]):]
    entry = UNIT_TYPES.get(unit_type)
    key = f"{entry.label}.abbr" if entry is not None and entry.label else f"unit.{unit_type.lower()}.abbr"
    if has(key) and label(key, "en") == base:
        return label(key, lang) + suffix
    return unit_type


def type_name(unit_type: str, lang: str) -> str:
    """The name of a unit type in ``lang`` (its abbreviation when the catalogue has no name)."""
    entry = UNIT_TYPES.get(unit_type)
    return label(entry.label, lang) if entry is not None and entry.label and has(entry.label) else unit_type


def power_name(power: str, lang: str) -> str:
    key = f"map.power.{power}"
    return label(key, lang) if has(key) else power


_EMPTY = {"id": [], "x": [], "y": [], "color": [], "text": [], "ring": [], "line": [], "alpha": [],
          "type": [], "power": [], "hex": [], "supply": []}


class UnitLayer:
    """Markers for every unit of a scenario on a :class:`MapView` (units in sea areas are drawn
    at their section's hex when they have one, else not at all)."""

    def __init__(self, view: MapView):
        self.view = view
        self.source = ColumnDataSource({k: list(v) for k, v in _EMPTY.items()}, name="scenario-units")
        sizes = [s.size for s in view.hexmap.sheets.values()]
        self._size = float(min(sizes)) if sizes else 1.0
        fig = view.figure
        self.rings = fig.scatter(x="x", y="y", source=self.source, marker="circle", size=22, fill_alpha=0,
                                 line_color="ring", line_width=3, name="scenario-unit-rings")
        self.markers = fig.scatter(x="x", y="y", source=self.source, marker="square", size=15,
                                   fill_color="color", fill_alpha="alpha", line_color="line", line_width=2,
                                   name="scenario-unit-markers")
        self.texts = fig.text(x="x", y="y", text="text", source=self.source, text_align="center",
                              text_baseline="middle", text_font_size="7pt", text_color="white",
                              text_font_style="bold", name="scenario-unit-texts")
        for rend in (self.rings, self.markers, self.texts):
            rend.nonselection_glyph = None
            rend.selection_glyph = None
        self.hover = HoverTool(renderers=[self.markers], tooltips=[("", "@id")])
        fig.add_tools(self.hover)
        self.ids: list[str] = []
        self._supply: dict[str, bool | None] = {}
        self._lang = view.state.lang

    # ------------------------------------------------------------------ data
    def _columns(self, scenario, selected: str | None, lang: str) -> dict[str, list]:
        cols = {k: [] for k in _EMPTY}
        if scenario is None:
            return cols
        hexmap = self.view.hexmap
        units = [u for u in scenario.units.values() if u.hex is not None and tuple(u.hex) in hexmap]
        if not units:
            return cols
        rows = np.fromiter((hexmap.position(tuple(u.hex)) for u in units), dtype=np.int64, count=len(units))
        _, first, inverse = np.unique(rows, return_index=True, return_inverse=True)
        order = np.argsort(inverse, kind="stable")
        slot = np.empty(len(units), dtype=np.int64)
        counts = np.bincount(inverse)
        slot[order] = np.arange(len(units)) - np.repeat(np.cumsum(counts) - counts, counts)
        offsets = np.asarray(_STACK_OFFSETS, dtype=float)[slot % len(_STACK_OFFSETS)] * STACK_STEP * self._size
        x, y = self._centres(rows)
        names: dict = {}

        def once(key, make):
            if key not in names:
                names[key] = make()
            return names[key]

        states = [self._supply.get(u.id) for u in units]
        labels = hexmap.hexes["label"].to_numpy(dtype=str)[rows]
        cols.update(
            id=[u.id for u in units], x=(x + offsets[:, 0]).tolist(), y=(y + offsets[:, 1]).tolist(),
            color=[power_color(u.power) for u in units],
            text=[once(("abbr", u.type), lambda u=u: type_abbr(u.type, lang)) for u in units],
            ring=[RING_COLORS.get(st, RING_COLORS[None]) for st in states],
            line=[SELECTED_LINE if u.id == selected else "white" for u in units],
            alpha=[1.0 if u.face_up else 0.55 for u in units],
            type=[once(("type", u.type), lambda u=u: type_name(u.type, lang)) for u in units],
            power=[once(("power", u.power), lambda u=u: power_name(u.power, lang)) for u in units],
            hex=labels.tolist(),
            supply=[once(("supply", st), lambda st=st: label(_SUPPLY_KEYS[st], lang)) for st in states],
        )
        return cols

    def _centres(self, rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Where the view draws the centres of the hexes at ``rows`` of the hexes table."""
        h = self.view.hexmap.hexes
        sheets = h["sheet"].to_numpy(dtype=str)[rows]
        q, r = h["q"].to_numpy(np.int64)[rows], h["r"].to_numpy(np.int64)[rows]
        x, y = np.zeros(len(rows)), np.zeros(len(rows))
        for name, sheet in self.view.hexmap.sheets.items():
            m = sheets == name
            if m.any():
                dq, dr = self.view.shifts[name]
                x[m], y[m] = hexgrid.hex_to_pixel(q[m] + dq, r[m] + dr, sheet.size, sheet.orientation)
        return x, y

    def update(self, scenario, selected: str | None, lang: str) -> None:
        """Draw ``scenario``'s units: patch in place when the same units are on the map."""
        self._lang = lang
        cols = self._columns(scenario, selected, lang)
        if cols["id"] == self.ids and self.ids:
            old = self.source.data
            patches = {}
            for name, values in cols.items():
                if name == "id":
                    continue
                changed = [(i, v) for i, (v, o) in enumerate(zip(values, old[name])) if v != o]
                if changed:
                    patches[name] = changed
            if patches:
                self.source.patch(patches)
        else:
            self.source.data = {k: (np.asarray(v, dtype=float) if k in ("x", "y", "alpha") else v)
                                for k, v in cols.items()}
        self.ids = list(cols["id"])

    def set_supply(self, states: dict[str, bool | None], scenario, selected, lang: str) -> None:
        """Colour every unit's ring by its supply state (True in supply, False out, None unknown)."""
        self._supply = dict(states)
        self.update(scenario, selected, lang)

    def relabel(self, lang: str) -> None:
        self.hover.tooltips = [(label("ui.scenario.unit", lang), "@id"), (label("ui.scenario.type", lang), "@type"),
                               (label("ui.scenario.power", lang), "@power"), (label("ui.hex", lang), "@hex"),
                               (label("ui.scenario.supply", lang), "@supply")]

    def positions(self) -> dict[str, tuple[float, float]]:
        """Where each drawn unit's marker is (unit id -> x, y)."""
        d = self.source.data
        return {i: (float(x), float(y)) for i, x, y in zip(d["id"], d["x"], d["y"])}


_SUPPLY_KEYS = {True: "ui.scenario.in_supply", False: "ui.scenario.out_of_supply", None: "ui.scenario.unknown"}
