"""The map viewer: a hex map drawn with one Bokeh ``hex_tile`` glyph per sheet.

The base layer carries integer ``q``, ``r`` and a terrain code per hex and is never redrawn;
the selection and every overlay live on their own small sources (docs/architecture.md "Rendering").
The terrain layer switches the palette of the base's colour mapper (terrain classes or one plain
land colour), so turning it off or on sends a few colours, never the hexes. Hexside features and
railways are their own small layers (:mod:`viewer.views.map.hexside_layers`).

A map of several sheets (the ``wif-world`` map: Europe at 100 km a hex, Asia and the Pacific at
230 km, the American mini-map at 650 km, WiF 1.2) draws each sheet with its own hex size, placed
by :func:`viewer.board.layout.sheet_layout` (side by side like the printed maps when the sheets do
not share one plane), with the joins and lines of communication drawn between hex centres
(:class:`viewer.views.map.sheets.SheetLinks`); :meth:`MapView.zoom_to` shows one sheet.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import panel as pn
import param
from bokeh.models import (
    ColumnDataSource,
    CustomJS,
    Legend,
    LegendItem,
    LinearColorMapper,
    WheelZoomTool,
)
from bokeh.events import Tap
from bokeh.plotting import figure

from viewer import hexgrid
from viewer.board import HexMap
from viewer.board.layout import sheet_layout, view_bounds
from viewer.state import SessionState
from viewer.views.common.colors import SELECTION_COLOR, WATER_TERRAIN, plain_color, terrain_color
from viewer.views.common.text import label
from viewer.views.map.hex_hover import HexHover, label_column
from viewer.views.map.hexinfo import HexInfo
from viewer.views.map.hexside_layers import HexsideLayers
from viewer.views.map.hex_finder import GoToHex, HexNumbers
from viewer.views.map.overlays import OverlaySet, coord_column
from viewer.views.map.sheets import SheetLinks

#: Columns of the two map keys under the board: terrain and hexsides (short names), then the
#: overlays (long names, each with its rule); both fit under a board 680 px wide.
LEGEND_COLUMNS = 4
#: Each key as wide as the board, in columns of equal width whose long names wrap: a new
#: language's names leave the key's size as it was, so BokehJS need not lay the figure out and
#: repaint the whole board for them (docs/NOTES.md, "A language switch that repaints the map once").
FIXED_LEGEND = (":host { width: calc(100% - 20px); }"
                " .bk-grid { width: 100%; grid-template-columns: repeat(var(--ncols), minmax(0, 1fr)); }"
                " .bk-item { min-width: 0; } .bk-label { white-space: normal; width: auto; min-width: 0; }")
OVERLAY_LEGEND_COLUMNS = 2

#: Widen the x or y span so that one data unit is as long across as up (square hexes).
ASPECT_JS = """
if (fig._aspect_busy) return;
let w = 0, h = 0;
try { w = fig.inner_width; h = fig.inner_height; } catch (e) { return; }  // not laid out yet
const xr = fig.x_range, yr = fig.y_range;
const xs = xr.end - xr.start, ys = yr.end - yr.start;
if (!(w > 0 && h > 0 && xs > 0 && ys > 0)) return;
const want = w / h, have = xs / ys;
if (Math.abs(have / want - 1) < 0.01) return;
fig._aspect_busy = true;
try {
  if (have < want) {
    const c = (xr.start + xr.end) / 2, half = ys * want / 2;
    xr.setv({start: c - half, end: c + half});
  } else {
    const c = (yr.start + yr.end) / 2, half = xs / want / 2;
    yr.setv({start: c - half, end: c + half});
  }
} finally {
  fig._aspect_busy = false;
}
"""

#: Width of the column beside the board (the hex panel and what ``beside`` adds).
SIDE_WIDTH = 310


def sheet_shifts(hexmap: HexMap) -> dict[str, tuple[int, int]]:
    """Whole-hex shift ``(dq, dr)`` of each sheet in the view (:func:`viewer.board.layout.sheet_layout`)."""
    return sheet_layout(hexmap)


class MapView(pn.viewable.Viewer):
    """A hex map with hover, tap-to-select, an info panel, a terrain legend and overlays.

    >>> view = MapView(hexmap=load_map("demo"), state=SessionState())  # doctest: +SKIP
    >>> view.select(("main", 3, 2)); view.overlays.add("zoc", hexes=[...])  # doctest: +SKIP
    """

    hexmap = param.ClassSelector(class_=HexMap, doc="The map to draw.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language and selected hex.")

    height = param.Integer(default=760, bounds=(200, 4000),
                           doc="Height of the map in pixels, its two keys below the hexes included.")

    beside = param.List(default=[], doc="What the column beside the board shows under the hex panel "
                                        "(on /wif, the layer switches).")

    side_below = param.Boolean(default=False, doc="""
        Put the hex finder and the hex panel under the board instead of beside it (for a board
        that shares the width with text, as a lesson's does).""")

    terrain = param.Boolean(default=True, doc="Fill land hexes by terrain class (else one plain land colour).")

    def __init__(self, **params):
        if params.get("state") is None:
            params["state"] = SessionState()
        super().__init__(**params)
        hexes = self.hexmap.hexes
        self.terrains = sorted(hexes["terrain"].unique().tolist())
        self.shifts = sheet_shifts(self.hexmap)
        self.figure = self._make_figure()
        self.sources: dict[str, ColumnDataSource] = {}
        self.rows: dict[str, np.ndarray] = {}
        self.selection_sources: dict[str, ColumnDataSource] = {}
        self._draw_base()
        self._draw_hexsides()
        self.overlays = OverlaySet(self.figure, self.hexmap, self.shifts, legend=self.overlay_legend,
                                   labeler=lambda key: label(key, self.state.lang))
        self._draw_selection()
        self.info = HexInfo(hexmap=self.hexmap, state=self.state)
        self.numbers = HexNumbers(self)
        self.go_to = GoToHex(self, numbers=self.numbers)
        self._pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", height=self.height)
        self.state.param.watch(self._on_lang, "lang")
        self.state.param.watch(self._on_selected, "selected")
        self.param.watch(self._on_terrain, "terrain")
        self._on_terrain()
        self._on_lang()
        self._on_selected()

    # ------------------------------------------------------------------ drawing
    def _make_figure(self):
        p = figure(
            match_aspect=True, sizing_mode="stretch_width", height=self.height,
            tools="pan,box_zoom,reset,save", toolbar_location="above", name="hexmap",
        )
        wheel = WheelZoomTool()
        p.add_tools(wheel)
        p.toolbar.active_scroll = wheel
        # keep hexes regular whatever sets the ranges ("Zoom to map", a box zoom): the browser
        # widens the narrower span to the frame's shape; the last range value a zoom sets is the
        # y range's end, so the fix sees the whole new view
        p.y_range.js_on_change("end", CustomJS(args={"fig": p}, code=ASPECT_JS))
        p.axis.visible = False
        p.grid.visible = False
        p.outline_line_color = None
        p.background_fill_color = "#f7f7f2"
        return p

    def _draw_base(self):
        hexes = self.hexmap.hexes
        terrain = pd.Categorical(hexes["terrain"], categories=self.terrains).codes.astype(np.int8)
        sheet_codes = pd.Categorical(hexes["sheet"], categories=list(self.hexmap.sheets)).codes
        q_all = hexes["q"].to_numpy(np.int32)
        r_all = hexes["r"].to_numpy(np.int32)
        labels = hexes["label"].to_numpy(dtype=str)  # a "U" array serialises without per-item work
        self.terrain_mapper = mapper = LinearColorMapper(
            palette=self._palette(), low=-0.5, high=len(self.terrains) - 0.5,
        )
        renderers, widths = [], []
        for i, sheet in enumerate(self.hexmap.sheets.values()):
            rows = np.flatnonzero(sheet_codes == i)
            dq, dr = self.shifts[sheet.name]
            sheet_labels, width = label_column(labels[rows])
            widths.append(width)
            src = ColumnDataSource({
                "q": coord_column(q_all[rows] + dq), "r": coord_column(r_all[rows] + dr), "t": terrain[rows],
                "label": sheet_labels,
            }, name=f"base-{sheet.name}")
            rend = self.figure.hex_tile(
                q="q", r="r", size=sheet.size, orientation=sheet.orientation, source=src,
                fill_color={"field": "t", "transform": mapper}, line_color="white", line_width=0.5,
                name=f"base-{sheet.name}", level="image",  # under the hex overlays ("underlay") and lines
            )
            rend.nonselection_glyph = None
            rend.selection_glyph = None
            self.sources[sheet.name] = src
            self.rows[sheet.name] = rows
            renderers.append(rend)
        # one hover box for the hex: label, terrain and what the visible layers say of it
        self.hex_hover = HexHover(self.figure, renderers, self.hexmap.sheets.values(),
                                  [self.sources[s] for s in self.hexmap.sheets], widths)
        self.hover = self.hex_hover.tool
        # a click is a plot event, not a selection: selecting a base hex would repaint every hex
        # in the browser, while the ring drawn on the overlay canvas repaints alone
        self.figure.on_event(Tap, self._on_tap)
        _, first_rows = np.unique(terrain, return_index=True)
        self.legend_items = []
        for first in first_rows:
            sheet_index = int(sheet_codes[first])
            sheet = list(self.hexmap.sheets)[sheet_index]
            index = int(np.searchsorted(self.rows[sheet], first))
            self.legend_items.append(LegendItem(label=self.terrains[terrain[first]],
                                                 renderers=[renderers[sheet_index]], index=index))
        # the key goes below the board, in columns, so the hexes get the figure's whole width
        # the keys on the overlay canvas: renaming them (a language switch) repaints them, not the hexes
        self.legend = Legend(items=self.legend_items, location="top_left", click_policy="none", level="overlay",
                              label_text_font_size="9pt", background_fill_alpha=0.8,
                              stylesheets=[FIXED_LEGEND], ncols=LEGEND_COLUMNS, orientation="horizontal")
        self.overlay_legend = Legend(items=[], location="top_left", click_policy="none", level="overlay",
                                      label_text_font_size="9pt", background_fill_alpha=0.8,
                                      stylesheets=[FIXED_LEGEND], ncols=OVERLAY_LEGEND_COLUMNS, orientation="horizontal")
        self.figure.add_layout(self.legend, "below")
        self.figure.add_layout(self.overlay_legend, "below")

    def _draw_hexsides(self):
        self.hexsides = HexsideLayers(self.figure, self.hexmap, self.shifts, lang=self.state.lang)
        for layer, rends in self.hexsides.renderers.items():  # "River (Vistula)" in the hex's hover box
            features, names = self.hexsides.hover_names(layer, self.state.lang)
            self.hex_hover.add(f"hexside-{layer}", rends[:1], sides=True, rank=1, names=features,
                               name_field="name" if self.hexsides.has_names else "", sub_names=names)
        self.links = SheetLinks(self.figure, self.hexmap, self.shifts, lang=self.state.lang)
        for layer, rend in self.links.renderers.items():  # "Map join: ..." for the hexes it joins
            self.hex_hover.add(f"links-{layer}", [rend], ends=True, rank=1,
                               names=self.links.hover_names(layer, self.state.lang))
        self.legend.items = (self.legend_items + list(self.hexsides.legend_items.values())
                              + list(self.links.legend_items.values()))

    def _draw_selection(self):
        for sheet in self.hexmap.sheets.values():
            src = ColumnDataSource({"q": [], "r": []}, name=f"selection-{sheet.name}")
            rend = self.figure.hex_tile(
                q="q", r="r", size=sheet.size, orientation=sheet.orientation, source=src,
                fill_alpha=0, line_color=SELECTION_COLOR, line_width=4, name=f"selection-{sheet.name}",
                level="overlay",   # on the overlay canvas: a new selection repaints the ring alone
            )
            rend.nonselection_glyph = None
            self.selection_sources[sheet.name] = src

    def _palette(self) -> list[str]:
        color = terrain_color if self.terrain else plain_color
        return [color(t) for t in self.terrains]

    # ------------------------------------------------------------------ behaviour
    def _on_terrain(self, *_):
        self.terrain_mapper.palette = self._palette()
        for item, name in zip(self.legend_items, self.terrains):
            item.visible = self.terrain or name in WATER_TERRAIN

    def legend_labels(self) -> list[str]:
        """The names the legend shows now (terrain classes, hexside features, overlays)."""
        items = [*self.legend.items, *self.overlay_legend.items]
        return [item.label["value"] for item in items if item.visible is not False]

    def layer_names(self) -> list[str]:
        """The view's own layers: ``terrain``, the hexside and railway layers and the joins and
        links (WiF 2.1.1) this map has."""
        return ["terrain", *self.hexsides.layers(), *self.links.layers()]

    def layer_visible(self, name: str) -> bool:
        """Whether layer ``name`` (one of :meth:`layer_names`) is shown."""
        if name in self.links.layers():
            return self.links.visible(name)
        return self.terrain if name == "terrain" else self.hexsides.visible(name)

    def show_layer(self, name: str, on: bool = True) -> None:
        """Show or hide one of the view's own layers (:meth:`layer_names`) without redrawing the map."""
        if name == "terrain":
            self.terrain = bool(on)
        elif name in self.hexsides.layers():
            self.hexsides.show(name, on)
        elif name in self.links.layers():
            self.links.show(name, on)
        else:
            raise ValueError(f"map {self.hexmap.name!r} has no layer {name!r}; "
                             f"allowed: {', '.join(self.layer_names())}")

    def bounds(self, sheet: str | None = None) -> tuple[float, float, float, float]:
        """``(x0, x1, y0, y1)`` of one sheet as drawn, or of the whole map (``sheet=None``)."""
        if sheet is not None and sheet not in self.hexmap.sheets:
            raise ValueError(f"map {self.hexmap.name!r} has no sheet {sheet!r}; "
                             f"allowed: {', '.join(self.hexmap.sheets)}")
        return view_bounds(self.hexmap, self.shifts, sheet)

    def zoom_to(self, sheet: str | None = None) -> tuple[float, float, float, float]:
        """Set the view's x and y ranges to one sheet (or the whole map); returns the ranges.
        The browser then widens one of them to the board's shape (:data:`ASPECT_JS`) and keeps
        the view there when data change later (``go_to.box``, :class:`~viewer.views.map.hex_finder.ViewBox`)."""
        x0, x1, y0, y1 = self.bounds(sheet)
        with pn.io.hold():
            self.figure.x_range.update(start=x0, end=x1)
            self.figure.y_range.update(start=y0, end=y1)
            self.go_to.box.fit(x0, x1, y0, y1)
        return x0, x1, y0, y1

    def hex_at(self, x: float, y: float) -> tuple[str, int, int] | None:
        """The hex ``(sheet, q, r)`` drawn under plot point ``(x, y)``, None off the map."""
        for sheet in self.hexmap.sheets.values():
            dq, dr = self.shifts[sheet.name]
            q, r = hexgrid.pixel_to_hex(x, y, sheet.size, sheet.orientation)
            key = (sheet.name, int(q) - dq, int(r) - dr)
            if key in self.hexmap:
                return key
        return None

    def _on_tap(self, event) -> None:
        key = self.hex_at(event.x, event.y)
        if key is not None:
            with pn.io.hold():   # every view's answer to the click in one message
                self.state.selected = key

    def select(self, key) -> None:
        """Select hex ``(sheet, q, r)`` as a click would (None clears the selection)."""
        if key is not None and tuple(key) not in self.hexmap:
            raise KeyError(f"hex {tuple(key)} is not on map {self.hexmap.name!r}")
        with pn.io.hold():
            self.state.selected = None if key is None else (key[0], int(key[1]), int(key[2]))

    def _on_selected(self, *_):
        key = self.state.selected
        for sheet, src in self.selection_sources.items():
            if key is not None and key[0] == sheet and key in self.hexmap:
                dq, dr = self.shifts[sheet]
                src.data = {"q": [key[1] + dq], "r": [key[2] + dr]}
            elif len(src.data["q"]):
                src.data = {"q": [], "r": []}

    def _on_lang(self, *_):
        lang = self.state.lang
        self.hex_hover.relabel(label("ui.hex", lang), label("ui.terrain", lang),
                               [label(f"terrain.{t}", lang) for t in self.terrains])
        for item, name in zip(self.legend_items, self.terrains):
            item.label = {"value": label(f"terrain.{name}", lang)}
        self.hexsides.relabel(lang)
        named = {f"hexside-{layer}": self.hexsides.hover_names(layer, lang) for layer in self.hexsides.renderers}
        self.hex_hover.rename({k: v[0] for k, v in named.items()}, {k: v[1] for k, v in named.items()})
        self.links.relabel(lang)
        if self.links.renderers:
            self.hex_hover.retitle({f"links-{layer}": label("map.edge", lang) for layer in self.links.renderers})
            self.hex_hover.rename({f"links-{layer}": self.links.hover_names(layer, lang) for layer in self.links.renderers})
        if hasattr(self, "overlays"):
            self.overlays.relabel()

    def __panel__(self):
        if self.side_below:
            below = pn.FlexBox(pn.Column(self.go_to, width=SIDE_WIDTH), pn.Column(self.info, *self.beside, width=SIDE_WIDTH),
                               flex_wrap="wrap", sizing_mode="stretch_width")
            return pn.Column(self._pane, below, sizing_mode="stretch_width")
        side = pn.Column(self.go_to, self.info, *self.beside, width=SIDE_WIDTH)
        return pn.Row(self._pane, side, sizing_mode="stretch_width")
