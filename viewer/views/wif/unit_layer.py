"""The scenario's units on the map: one counter per unit, coloured by its power, with the counter
abbreviation of its type and, when the scenario gives them, its printed factors (``5-4``), and a
ring showing its supply state (WiF 2.4).

Counters are drawn in data units (squares, four to a hex, side by side in a stack; their rings
likewise), so they grow and shrink with the hexes as the map is zoomed; the type and factors are
text, whose size the browser sets from the counters' size on screen (:data:`TEXT_SIZE_JS`; hidden
when too small to read). A flipped (face-down) unit is drawn as an outline: white, hatched and
edged in its power's colour, with dark text; a face-up unit is filled with its colour.

All units share one ColumnDataSource and one glyph of each kind (ring, counter, type, factors).
A move patches the unit's position in place; only adding or removing a unit replaces the (small)
data. Units are picked through the hex selection (the map's tap tool selects the hex under
them); the hex's hover box lists them (:class:`~viewer.views.map.hex_hover.HexHover`).
"""
from __future__ import annotations

import zlib

import numpy as np
from bokeh.models import ColumnDataSource, CustomJS

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
#: Face down: the counter's fill, its text colour and hatching (in the power's colour).
FLIPPED_FILL = "#ffffff"
FLIPPED_TEXT = "#222222"
FLIPPED_HATCH = "right_diagonal_line"
#: Side of a counter and radius of its supply ring, as fractions of the hex size (its
#: centre-to-corner distance): four counters fit in a hex side by side.
COUNTER_SIDE = 0.62
RING_RADIUS = 0.47
#: Where the units of a stack of n go, as fractions of the hex size: one in the middle, two side
#: by side, three or four in a square, more in a 3 x 3 grid (the tenth on the first, a little off).
_GRID2 = ((-0.34, 0.0), (0.34, 0.0))
_GRID4 = ((-0.34, 0.34), (0.34, 0.34), (-0.34, -0.34), (0.34, -0.34))
_GRID9 = tuple((dx, dy) for dy in (0.5, 0.0, -0.5) for dx in (-0.5, 0.0, 0.5))


def stack_offset(slot: int, count: int) -> tuple[float, float]:
    """Offset of the ``slot``-th of ``count`` units in one hex, in hex sizes."""
    if count == 1:
        return (0.0, 0.0)
    grid = _GRID2 if count == 2 else _GRID4 if count <= 4 else _GRID9
    dx, dy = grid[slot % len(grid)]
    extra = 0.08 * (slot // len(grid))
    return (dx + extra, dy - extra)
#: The type's and factors' distances above and below the counter's centre and the text's
#: height, as fractions of the counter's side; text smaller than MIN_TEXT_PX is hidden.
TYPE_RISE, FACTORS_DROP, TEXT_HEIGHT = 0.17, 0.22, 0.34
MIN_TEXT_PX = 5
#: The counters' text size from their size on screen (pixels per data unit times the side).
TEXT_SIZE_JS = """
const span = Math.abs(fig.x_range.end - fig.x_range.start);
let w = 0;
try { w = fig.inner_width; } catch (e) { return; }  // not laid out yet
if (!(span > 0 && w > 0)) return;
const fs = Math.min(16, Math.floor(w / span * side * height));
const on = fs >= min_px;
for (const t of texts) {
  if (on) t.glyph.text_font_size = {value: fs + 'px'};
  if (t.visible !== on) t.visible = on;
}
"""


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


_EMPTY = {"id": [], "x": [], "y": [], "w": [], "rr": [], "ty": [], "fy": [], "color": [], "fill": [],
          "text": [], "text_color": [], "factors": [], "hatch": [], "ring": [], "line": [], "face_up": [],
          "type": [], "power": [], "hex": [], "supply": [], "sheet": [], "q": [], "r": [], "hover": []}
_FLOATS = ("x", "y", "w", "rr", "ty", "fy")


class UnitLayer:
    """Counters for every unit of a scenario on a :class:`MapView` (units in sea areas are drawn
    at their section's hex when they have one, else not at all)."""

    def __init__(self, view: MapView):
        self.view = view
        self.source = ColumnDataSource({k: list(v) for k, v in _EMPTY.items()}, name="scenario-units")
        sizes = [s.size for s in view.hexmap.sheets.values()]
        self._size = float(min(sizes)) if sizes else 1.0
        self._sheet_size = {name: float(s.size) for name, s in view.hexmap.sheets.items()}
        self._sheet_index = {name: i for i, name in enumerate(view.hexmap.sheets)}
        fig = view.figure
        self.rings = fig.circle(x="x", y="y", radius="rr", source=self.source, fill_alpha=0,
                                line_color="ring", line_width=3, name="scenario-unit-rings")
        self.markers = fig.rect(x="x", y="y", width="w", height="w", source=self.source, fill_color="fill",
                                line_color="line", line_width=2, hatch_pattern="hatch", hatch_color="color",
                                hatch_alpha=0.35, hatch_scale=8, hatch_weight=1.5, name="scenario-unit-markers")
        self.texts = fig.text(x="x", y="ty", text="text", source=self.source, text_align="center",
                              text_baseline="middle", text_font_size="7pt", text_color="text_color",
                              text_font_style="bold", name="scenario-unit-texts")
        self.factor_texts = fig.text(x="x", y="fy", text="factors", source=self.source, text_align="center",
                                     text_baseline="middle", text_font_size="7pt", text_color="text_color",
                                     name="scenario-unit-factors")
        for rend in (self.rings, self.markers, self.texts, self.factor_texts):
            rend.nonselection_glyph = None
            rend.selection_glyph = None
            rend.level = "overlay"   # on the overlay canvas: a moved or resupplied counter repaints no hex
        self.text_size = CustomJS(args={"fig": fig, "texts": [self.texts, self.factor_texts],
                                        "side": COUNTER_SIDE * self._size, "height": TEXT_HEIGHT,
                                        "min_px": MIN_TEXT_PX}, code=TEXT_SIZE_JS)
        for rng in (fig.x_range, fig.y_range):
            rng.js_on_change("start", self.text_size)
            rng.js_on_change("end", self.text_size)
        view.hex_hover.add("units", [self.markers], field="hover", join="\n", rank=3)
        self.ids: list[str] = []
        self._supply: dict[str, bool | None] = {}
        self._lang = view.state.lang

    # ------------------------------------------------------------------ data
    def _columns(self, scenario, selected: str | None, lang: str) -> dict[str, list]:
        cols: dict[str, list] = {k: [] for k in _EMPTY}
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
        hexes = hexmap.hexes
        sheets = hexes["sheet"].to_numpy(dtype=str)[rows]
        size = np.array([self._sheet_size[s] for s in sheets])
        offsets = np.array([stack_offset(int(k), int(c)) for k, c in zip(slot, counts[inverse])]).reshape(-1, 2)
        offsets = offsets * size[:, None]
        x, y = self._centres(rows)
        x, y = x + offsets[:, 0], y + offsets[:, 1]
        side = COUNTER_SIDE * size
        shift = np.array([self.view.shifts[s] for s in sheets], dtype=np.int64).reshape(-1, 2)
        names: dict = {}

        def once(key, make):
            if key not in names:
                names[key] = make()
            return names[key]

        states = [self._supply.get(u.id) for u in units]
        colors = [power_color(u.power) for u in units]
        cols.update(
            id=[u.id for u in units], x=x.tolist(), y=y.tolist(), w=side.tolist(), rr=(RING_RADIUS * size).tolist(),
            ty=(y + TYPE_RISE * side).tolist(), fy=(y - FACTORS_DROP * side).tolist(),
            color=colors,
            fill=[c if u.face_up else FLIPPED_FILL for c, u in zip(colors, units)],
            text=[once(("abbr", u.type), lambda u=u: type_abbr(u.type, lang)) for u in units],
            text_color=["white" if u.face_up else FLIPPED_TEXT for u in units],
            factors=[factors_text(u.factors) for u in units],
            hatch=[" " if u.face_up else FLIPPED_HATCH for u in units],
            ring=[RING_COLORS.get(st, RING_COLORS[None]) for st in states],
            line=[SELECTED_LINE if u.id == selected else ("white" if u.face_up else c) for c, u in zip(colors, units)],
            face_up=[bool(u.face_up) for u in units],
            type=[once(("type", u.type), lambda u=u: type_name(u.type, lang)) for u in units],
            power=[once(("power", u.power), lambda u=u: power_name(u.power, lang)) for u in units],
            hex=hexes["label"].to_numpy(dtype=str)[rows].tolist(),
            supply=[once(("supply", st), lambda st=st: label(_SUPPLY_KEYS[st], lang)) for st in states],
            sheet=[self._sheet_index[s] for s in sheets],
            q=(hexes["q"].to_numpy(np.int64)[rows] + shift[:, 0]).tolist(),
            r=(hexes["r"].to_numpy(np.int64)[rows] + shift[:, 1]).tolist(),
            hover=[unit_words(u, lang, st, traced=bool(self._supply)) for u, st in zip(units, states)],
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
            self.source.data = {k: (np.asarray(v, dtype=float) if k in _FLOATS else v) for k, v in cols.items()}
        self.ids = list(cols["id"])

    def set_supply(self, states: dict[str, bool | None], scenario, selected, lang: str) -> None:
        """Colour every unit's ring by its supply state (True in supply, False out, None unknown)."""
        self._supply = dict(states)
        self.update(scenario, selected, lang)

    def relabel(self, lang: str) -> None:
        """The title of the hover box's units line (the units' own words follow :meth:`update`)."""
        self.view.hex_hover.update("units", title=label("ui.scenario.units", lang))

    def positions(self) -> dict[str, tuple[float, float]]:
        """Where each drawn unit's marker is (unit id -> x, y)."""
        d = self.source.data
        return {i: (float(x), float(y)) for i, x, y in zip(d["id"], d["x"], d["y"])}


_SUPPLY_KEYS = {True: "ui.scenario.in_supply", False: "ui.scenario.out_of_supply", None: "ui.scenario.unknown"}


def factors_text(factors) -> str:
    """A counter's printed factors as on the counter (``5-4``); empty when the scenario gives none."""
    return "-".join(str(int(f)) for f in factors) if factors else ""


def unit_words(unit, lang: str, supply: bool | None = None, traced: bool = False) -> str:
    """One unit in words: its name (or id), type, power, factors when known, face up or flipped,
    and, once traced, its supply state (WiF 2.4)."""
    parts = [f"{type_name(unit.type, lang)} ({type_abbr(unit.type, lang)})", power_name(unit.power, lang)]
    if unit.factors:
        parts.append(label("ui.scenario.factors_are", lang, factors=factors_text(unit.factors)))
    parts.append(label("ui.scenario.face_up" if unit.face_up else "ui.scenario.face_down", lang))
    if traced:
        parts.append(label(_SUPPLY_KEYS[supply], lang))
    return f"{unit.name or unit.id}: " + ", ".join(parts)
