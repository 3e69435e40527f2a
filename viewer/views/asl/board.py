"""The ASL teaching board drawn with Bokeh: terrain, building levels, walls and hedges, and the
overlays of the night rules (illumination, LOS thread, NVR ring, fires, selection).

The base layer is one flat-top ``hex_tile`` glyph, drawn once; every overlay has its own small
source, updated in place (docs/architecture.md "Rendering"). Nothing here computes a rule: the overlays
show what the asl.illumination and asl.los calculators return.
"""
from __future__ import annotations

import math

from bokeh.events import DoubleTap, Tap
from bokeh.models import ColumnDataSource, CustomJSHover, HoverTool, TapTool
from bokeh.plotting import figure

from viewer import hexgrid
from viewer.rules.asl.board import Board
from viewer.views.common.swatch_key import key_html, swatch
from viewer.views.common.text import label

TERRAIN_FILL = {"open": "#ece3b8", "woods": "#5f8f46", "building": "#b9805a", "orchard": "#a9c97f",
                "wreck": "#9a9a9a"}
GROUND_FILL = {1: "#d9c58a", 2: "#c3a564", 3: "#a98a4c"}
LIGHT_FILL = {"lit": "#ffd23f", "blind": "#2e2e7a"}
FIRE_MARKER = {"blaze": "circle", "flame": "triangle", "wreck": "square"}
SQ3 = math.sqrt(3.0)


def lattice_to_xy(x: float, y: float) -> tuple[float, float]:
    """viewer.hexgrid's exact lattice -> the flat-top drawing coordinates (size 1)."""
    return x / 2.0, -SQ3 * y / 2.0


class BoardFigure:
    """The board figure and its overlay sources; ``on_tap(hex_id)`` is called on a click."""

    def __init__(self, board: Board, on_tap):
        self.board, self.on_tap = board, on_tap
        f = board.frame().sort_values(["col", "row"]).reset_index(drop=True)
        self.frame = f
        x, y = hexgrid.hex_to_pixel(f["q"].to_numpy(), f["r"].to_numpy(), orientation="flattop")
        self.xy = {hid: (float(a), float(b)) for hid, a, b in zip(f["id"], x, y)}
        fill = [GROUND_FILL.get(g, TERRAIN_FILL[t]) if t == "open" else TERRAIN_FILL[t]
                for t, g in zip(f["terrain"], f["ground"])]
        self.base = ColumnDataSource({"q": f["q"].to_numpy(), "r": f["r"].to_numpy(), "fill": fill,
                                      "hex": f["id"].to_numpy(dtype=str), "terrain": f["terrain"].to_numpy(dtype=str),
                                      "ground": f["ground"].to_numpy(), "levels": f["levels"].to_numpy()},
                                     name="asl-base")
        fig = figure(name="aslboard", match_aspect=True, tools="tap,pan,wheel_zoom,reset", active_scroll=None,
                     height=430, sizing_mode="stretch_width", toolbar_location="right")
        fig.axis.visible = False
        fig.grid.visible = False
        base = fig.hex_tile(q="q", r="r", size=1, orientation="flattop", source=self.base, fill_color="fill",
                            line_color="#8a7f63", line_width=0.6)
        base.nonselection_glyph = None
        base.selection_glyph = None
        fig.select_one(TapTool).renderers = [base]   # a click selects a hex, never a label or a mark
        self.light = ColumnDataSource({"q": [], "r": [], "fill": []}, name="asl-light")
        fig.hex_tile(q="q", r="r", size=1, orientation="flattop", source=self.light, fill_color="fill",
                     fill_alpha=0.55, line_alpha=0)
        self.ring = ColumnDataSource({"q": [], "r": []}, name="asl-nvr-ring")
        fig.hex_tile(q="q", r="r", size=1, orientation="flattop", source=self.ring, fill_alpha=0,
                     line_color="#7b1fa2", line_width=2, line_dash="dashed")
        self._hexsides(fig)
        marks = f[(f["terrain"] == "building") | (f["ground"] > 0)]
        self.marks = ColumnDataSource({"x": [self.xy[h][0] for h in marks["id"]],
                                       "y": [self.xy[h][1] - 0.45 for h in marks["id"]],
                                       "text": [_mark(t, lv, g) for t, lv, g in
                                                zip(marks["terrain"], marks["levels"], marks["ground"])]})
        fig.text(x="x", y="y", text="text", source=self.marks, text_font_size="8pt", text_align="center",
                 text_baseline="middle", text_color="#222222")
        ids = ColumnDataSource({"x": x, "y": y + 0.55, "text": [h[1:] for h in f["id"]]})
        fig.text(x="x", y="y", text="text", source=ids, text_font_size="7pt", text_align="center",
                 text_baseline="middle", text_color="#444444")
        self.fire = ColumnDataSource({"x": [], "y": [], "marker": [], "text": []}, name="asl-fires")
        fig.scatter(x="x", y="y", marker="marker", source=self.fire, size=13, fill_color="#e4572e",
                    line_color="#7a1d00")
        fig.text(x="x", y="y", text="text", source=self.fire, text_font_size="7pt", text_align="center",
                 text_baseline="middle", text_color="white")
        self.thread = ColumnDataSource({"x0": [], "y0": [], "x1": [], "y1": [], "color": []}, name="asl-los")
        fig.segment(x0="x0", y0="y0", x1="x1", y1="y1", line_color="color", line_width=3, source=self.thread)
        fig.scatter(x="x0", y="y0", source=self.thread, size=8, fill_color="color", line_color="white")
        fig.scatter(x="x1", y="y1", source=self.thread, size=8, fill_color="color", line_color="white")
        self.selection = ColumnDataSource({"q": [], "r": []}, name="asl-selection")
        fig.hex_tile(q="q", r="r", size=1, orientation="flattop", source=self.selection, fill_alpha=0,
                     line_color="#d81b60", line_width=3)
        # the hover names the terrain code from a small per-language table: a switch renames it
        # there and leaves the hexes' source, so their canvas is not repainted
        self.terrain_names = CustomJSHover(args={"names": {}}, code="return names[value] || value;")
        self.hover = HoverTool(renderers=[base], tooltips=[("", "@hex"), ("", "@terrain{names}"), ("", "@ground"),
                                                           ("", "@levels")], formatters={"@terrain": self.terrain_names})
        fig.add_tools(self.hover)
        # tap events, not the selection: a tap on the hex tapped before changes no selection and
        # would reach the server only if its reset had come back first. Bokeh calls a second tap
        # within 300 ms a DoubleTap instead of a Tap: each is one tap here
        fig.on_event(Tap, self._tapped)
        fig.on_event(DoubleTap, self._tapped)
        self.figure = fig

    def _hexsides(self, fig) -> None:
        xs0, ys0, xs1, ys1, colors = [], [], [], [], []
        for side, feature in self.board.hexsides.items():
            (c1, c2) = hexgrid.shared_hexside(*sorted(side))
            (a, b), (c, d) = lattice_to_xy(*c1), lattice_to_xy(*c2)
            xs0.append(a), ys0.append(b), xs1.append(c), ys1.append(d)
            colors.append("#5d4037" if feature == "wall" else "#2e7d32")
        src = ColumnDataSource({"x0": xs0, "y0": ys0, "x1": xs1, "y1": ys1, "color": colors}, name="asl-hexsides")
        fig.segment(x0="x0", y0="y0", x1="x1", y1="y1", line_color="color", line_width=5, source=src)

    def relabel(self, lang: str) -> None:
        self.hover.tooltips = [(label("ui.asl.hex", lang), "@hex"), (label("ui.asl.terrain", lang), "@terrain{names}"),
                               (label("ui.asl.ground", lang), "@ground"), (label("ui.asl.levels", lang), "@levels")]
        self.terrain_names.args = {"names": {t: label(f"ui.asl.terrain.{t}", lang) for t in TERRAIN_FILL}}

    def legend_html(self, lang: str) -> str:
        """What each colour and mark of the board means (terrain, hills, light, hexsides, fires,
        the NVR ring and the LOS thread), as one line of swatches."""
        items = [swatch(TERRAIN_FILL[t], label(f"ui.asl.terrain.{t}", lang)) for t in TERRAIN_FILL]
        items += [swatch(GROUND_FILL[g], f'{label("ui.asl.terrain.hill", lang)} H{g}') for g in sorted(GROUND_FILL)]
        items += [swatch(LIGHT_FILL["lit"], label("ui.asl.legend.lit", lang)),
                  swatch(LIGHT_FILL["blind"], label("ui.asl.legend.blind", lang)),
                  swatch("#5d4037", label("ui.asl.terrain.wall", lang), "line"),
                  swatch("#2e7d32", label("ui.asl.terrain.hedge", lang), "line"),
                  swatch("#e4572e", label("ui.asl.legend.fire", lang)),
                  swatch("#7b1fa2", label("ui.asl.legend.ring", lang), "ring"),
                  swatch("#1565c0", label("ui.asl.legend.clear", lang), "line"),
                  swatch("#ef6c00", label("ui.asl.legend.hindered", lang), "line"),
                  swatch("#c62828", label("ui.asl.legend.blocked", lang), "line")]
        return key_html(label("ui.asl.legend", lang), items, label("ui.asl.legend.codes", lang))


    def _tapped(self, event) -> None:
        key = hexgrid.pixel_to_hex(event.x, event.y, orientation="flattop")
        key = (int(key[0]), int(key[1]))
        if key in self.board.hexes:
            self.on_tap(self.board.hex_id(key))

    # ------------------------------------------------------------------ overlays
    def show_selection(self, hex_id: str) -> None:
        if not hex_id:
            _set(self.selection, {"q": [], "r": []})
            return
        q, r = self.board.key(hex_id)
        _set(self.selection, {"q": [q], "r": [r]})

    def show_light(self, states: dict[str, str]) -> None:
        keys = [self.board.key(h) for h in states]
        _set(self.light, {"q": [k[0] for k in keys], "r": [k[1] for k in keys],
                          "fill": [LIGHT_FILL[s] for s in states.values()]})

    def show_fires(self, fires: list[str]) -> None:
        x, y, marker, text = [], [], [], []
        for f in fires:
            loc, kind = f.split()
            hid, level = loc.split("@")
            cx, cy = self.xy[hid]
            x.append(cx + 0.35), y.append(cy - 0.05 + 0.25 * int(level))
            marker.append(FIRE_MARKER[kind]), text.append(level)
        _set(self.fire, {"x": x, "y": y, "marker": marker, "text": text})

    def show_thread(self, a: str, b: str, status: str | None) -> None:
        if not (a and b):
            _set(self.thread, {"x0": [], "y0": [], "x1": [], "y1": [], "color": []})
            return
        (x0, y0), (x1, y1) = self.xy[a.split("@")[0]], self.xy[b.split("@")[0]]
        color = {"clear": "#1565c0", "hindered": "#ef6c00", "blocked": "#c62828"}.get(status or "", "#444444")
        _set(self.thread, {"x0": [x0], "y0": [y0], "x1": [x1], "y1": [y1], "color": [color]})

    def show_ring(self, hex_id: str, radius: int, on: bool) -> None:
        if not (on and hex_id):
            _set(self.ring, {"q": [], "r": []})
            return
        ring = [h for h in hexgrid.ring(self.board.key(hex_id), radius) if h in self.board.hexes]
        _set(self.ring, {"q": [h[0] for h in ring], "r": [h[1] for h in ring]})

    def screen_point(self, hex_id: str) -> tuple[float, float]:
        """Drawing coordinates of a hex centre (tests click there)."""
        return self.xy[hex_id]


def _set(source: ColumnDataSource, data: dict) -> None:
    """Give ``source`` these columns, sending nothing when it already holds them (a relabel
    redraws the overlays with the same data: sent again, they would repaint the hexes' canvas)."""
    if {k: list(v) for k, v in source.data.items()} != {k: list(v) for k, v in data.items()}:
        source.data = data


def _mark(terrain: str, levels: int, ground: int) -> str:
    """A short code under a hex: building levels (B0…B3) and hill level (H1…H3); codes, not words."""
    parts = []
    if terrain == "building":
        parts.append(f"B{levels}")
    if ground:
        parts.append(f"H{ground}")
    return " ".join(parts)

