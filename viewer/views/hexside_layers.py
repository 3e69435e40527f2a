"""Hexside features and railways on the map view: rivers, straits, alpine and lake hexsides, rails.

A hexside feature (WiF 2.1.1: river, alpine, lake, all-sea, strait) is drawn ON the hexside, as
the segment between the two corners the hexes share. A railway is a connection between two hexes
(WiF 11.10: each hex entered must be rail-connected to the hex left; rail supply, WiF 2.4.2), so a
``rail`` row of the map's hexsides table is drawn from one hex centre to the other: consecutive
rows make the line a player follows from city to city. Roads (WiF 11.11.2) are drawn the same way.

Each feature has one small source and one renderer (a railway two: its dark line and white ties),
so a toggle only flips ``visible``; a layer hidden when the view opens is filled the first time it
is shown, and the page's first document carries only what is drawn (docs/NOTES.md).

    >>> layers = HexsideLayers(view.figure, hexmap, shifts)         # doctest: +SKIP
    >>> layers.show("railways", False)                              # doctest: +SKIP
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from bokeh.models import ColumnDataSource, GlyphRenderer, HoverTool, LegendItem

from .. import hexgrid
from ..board import HexMap
from .colors import HEXSIDE_COLORS, HEXSIDE_STYLES, RAIL_TIES
from .text import label

#: Toggle layer -> the hexside features it draws along the shared hexside (WiF 2.1.1).
HEXSIDE_LAYERS = {"rivers": ("river",), "hexsides": ("strait", "alpine", "lake", "all-sea")}
#: Toggle layer -> the features drawn from hex centre to hex centre (WiF 11.10, 11.11.2).
LINK_LAYERS = {"railways": ("rail",), "roads": ("road",)}
#: Every layer of this module, in toggle order.
LAYER_FEATURES = {**HEXSIDE_LAYERS, **LINK_LAYERS}
#: Layers shown when a view opens (terrain is the base map's own toggle, see MapView.terrain).
#: Rivers and the few strait, alpine and lake hexsides stay legible over the whole map; the 1939
#: railway network is dense in western and central Europe, where at full view it covers the
#: capitals' names and the rivers, so railways (and roads) open hidden and cost the first page
#: nothing until a player shows them.
DEFAULT_ON = ("rivers", "hexsides")
#: Bokeh render level of the lines: above every hex fill (the base at "image", hex overlays at
#: "underlay"), with the places, units and selection drawn after them. Levels above "glyph" are not
#: clipped to the plot's frame, so the lines stay at "glyph".
LINE_LEVEL = "glyph"


def _centres(hexmap: HexMap, shifts, sheets, q, r) -> tuple[np.ndarray, np.ndarray]:
    """Where the view draws the centres of hexes ``(sheets[i], q[i], r[i])`` (vectorised per sheet)."""
    x = np.zeros(len(q))
    y = np.zeros(len(q))
    for name, sheet in hexmap.sheets.items():
        m = sheets == name
        if m.any():
            dq, dr = shifts[name]
            x[m], y[m] = hexgrid.hex_to_pixel(q[m] + dq, r[m] + dr, sheet.size, sheet.orientation)
    return x, y


def segments(hexmap: HexMap, shifts, rows: pd.DataFrame, along_hexside: bool) -> dict[str, np.ndarray]:
    """Segment ends ``x0, y0, x1, y1`` of hexsides-table ``rows``.

    ``along_hexside``: the shared hexside itself (its two corners: the midpoint of the centres
    plus or minus half a side, which is half the hex size, across the line of centres); else the
    line from hex a's centre to hex b's. Rows joining two sheets have no shared hexside in the
    view and are left out of the hexside drawing.
    """
    if along_hexside:
        rows = rows[(rows["sheet_a"] == rows["sheet_b"]).to_numpy()]
    sa, sb = rows["sheet_a"].to_numpy(dtype=object), rows["sheet_b"].to_numpy(dtype=object)
    ax, ay = _centres(hexmap, shifts, sa, rows["q_a"].to_numpy(np.int64), rows["r_a"].to_numpy(np.int64))
    bx, by = _centres(hexmap, shifts, sb, rows["q_b"].to_numpy(np.int64), rows["r_b"].to_numpy(np.int64))
    if not along_hexside:
        return _float32({"x0": ax, "y0": ay, "x1": bx, "y1": by})
    size = np.array([hexmap.sheets[s].size for s in sa], dtype=float)
    mx, my = (ax + bx) / 2, (ay + by) / 2
    ux, uy = ay - by, bx - ax
    norm = np.hypot(ux, uy)
    norm[norm == 0] = 1.0
    half = size / 2 / norm
    return _float32({"x0": mx + ux * half, "y0": my + uy * half, "x1": mx - ux * half, "y1": my - uy * half})


def _float32(cols: dict[str, np.ndarray]) -> dict[str, np.ndarray]:
    """Columns as float32: half the bytes on the page, and far finer than a screen pixel
    (about half a metre at 4,000 km from the origin of a projected map)."""
    return {k: v.astype(np.float32) for k, v in cols.items()}


def _names(rows: pd.DataFrame, lang: str) -> np.ndarray:
    """A feature's own name per row (a river's), in ``lang`` when the map gives ``name_<lang>``."""
    out = np.full(len(rows), "", dtype=object)
    for column in ("name", f"name_{lang}") if lang != "en" else ("name",):
        if column in rows.columns:
            values = rows[column].to_numpy(dtype=object)
            given = np.array([isinstance(v, str) and v != "" for v in values], dtype=bool)
            out[given] = values[given]
    # a hexside two rivers share holds both names joined by ";" (maps/build/europe_hexsides.py)
    return np.char.replace(out.astype(str), ";", ", ")


class HexsideLayers:
    """The hexside and railway layers of one map view, drawn once and toggled by ``visible``."""

    def __init__(self, figure, hexmap: HexMap, shifts, lang: str = "en", visible=DEFAULT_ON):
        self.hexmap = hexmap
        hs = hexmap.hexsides
        self._rows: dict[str, pd.DataFrame] = {}
        self._columns: dict[str, dict[str, np.ndarray]] = {}
        self.sources: dict[str, ColumnDataSource] = {}
        self.renderers: dict[str, list[GlyphRenderer]] = {}
        self.legend_items: dict[str, LegendItem] = {}
        self._filled: set[str] = set()
        self._visible = set(visible)
        self.has_names = "name" in hs.columns
        for layer, features in LAYER_FEATURES.items():
            for feature in features:
                rows = hs[(hs["feature"] == feature).to_numpy()]
                cols = segments(hexmap, shifts, rows, along_hexside=layer in HEXSIDE_LAYERS)
                if not len(cols["x0"]):
                    continue
                self._rows[feature] = rows
                self._columns[feature] = cols
                self._draw(figure, layer, feature)
        # to the left of the pointer: the hex's own tooltips (hex, terrain, country …) open to its right
        self.hover = HoverTool(renderers=[r[0] for r in self.renderers.values()], tooltips=[], attachment="left")
        if self.renderers:
            figure.add_tools(self.hover)
        self.relabel(lang)
        for layer in self.layers():
            self.show(layer, layer in self._visible)

    def _draw(self, figure, layer: str, feature: str) -> None:
        n = len(self._columns[feature]["x0"])
        self._columns[feature]["label"] = np.full(n, feature)
        if self.has_names:  # a name column only on maps that name their features
            self._columns[feature]["name"] = np.full(n, "")
        empty = {k: v[:0] for k, v in self._columns[feature].items()}
        src = ColumnDataSource(empty, name=f"hexside-{feature}")
        style = HEXSIDE_STYLES.get(feature, {})
        rend = figure.segment(x0="x0", y0="y0", x1="x1", y1="y1", source=src,
                              line_color=HEXSIDE_COLORS.get(feature, "#000000"), line_cap="round",
                              name=f"hexside-{feature}", level=LINE_LEVEL, **style)
        renderers = [rend]
        if feature == "rail":
            ties = figure.segment(x0="x0", y0="y0", x1="x1", y1="y1", source=src, name="hexside-rail-ties",
                                  level=LINE_LEVEL, **RAIL_TIES)
            renderers.append(ties)
        for r in renderers:
            r.nonselection_glyph = None
        self.sources[feature] = src
        self.renderers[feature] = renderers
        self.legend_items[feature] = LegendItem(label=feature, renderers=renderers)

    # ------------------------------------------------------------------ the API
    def layers(self) -> list[str]:
        """The layers this map has (a layer whose features the map lacks has no toggle)."""
        return [layer for layer, features in LAYER_FEATURES.items() if any(f in self.sources for f in features)]

    def features(self, layer: str) -> list[str]:
        """The features of ``layer`` that the map has."""
        if layer not in LAYER_FEATURES:
            raise ValueError(f"unknown hexside layer {layer!r}; allowed: {', '.join(LAYER_FEATURES)}")
        return [f for f in LAYER_FEATURES[layer] if f in self.sources]

    def visible(self, layer: str) -> bool:
        return layer in self._visible and bool(self.features(layer))

    def show(self, layer: str, on: bool = True) -> None:
        """Show or hide ``layer``: its renderers and legend entries (filled the first time shown)."""
        for feature in self.features(layer):
            if on and feature not in self._filled:
                self.sources[feature].data = dict(self._columns[feature])
                self._filled.add(feature)
            for rend in self.renderers[feature]:
                rend.visible = on
            self.legend_items[feature].visible = on
        (self._visible.add if on else self._visible.discard)(layer)

    def relabel(self, lang: str) -> None:
        """Hover and legend names in ``lang``: each feature's label, a river's own name."""
        for feature, item in self.legend_items.items():
            text = label(f"hexside.{feature}", lang)
            item.label = {"value": text}
            cols = self._columns[feature]
            cols["label"] = np.full(len(cols["x0"]), text)
            new = {"label": cols["label"]}
            if self.has_names:
                cols["name"] = new["name"] = _names(self._rows[feature], lang)
            if feature in self._filled:
                self.sources[feature].data = dict(self.sources[feature].data, **new)
        tips = [(label("map.hexside_feature", lang), "@label")]
        if self.has_names:
            tips.append((label("map.hexside_name", lang), "@name"))
        self.hover.tooltips = tips
