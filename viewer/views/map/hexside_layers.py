"""Hexside features and railways on the map view: rivers, straits, alpine and lake hexsides, rails.

A hexside feature (WiF 2.1.1: river, alpine, lake, all-sea, strait) is drawn ON the hexside, as
the segment between the two corners the hexes share. A railway is a connection between two hexes
(WiF 11.10: each hex entered must be rail-connected to the hex left; rail supply, WiF 2.4.2), so a
``rail`` row of the map's hexsides table is drawn from one hex centre to the other: consecutive
rows make the line a player follows from city to city. Roads (WiF 11.11.2) are drawn the same way.

Each layer has one small source and one renderer (railways two: the dark line and white ties), so
a toggle only flips ``visible``; a layer hidden when the view opens is filled the first time it
is shown, and the page's first document carries only what is drawn (docs/NOTES.md).

    >>> layers = HexsideLayers(view.figure, hexmap, shifts)         # doctest: +SKIP
    >>> layers.show("railways", False)                              # doctest: +SKIP
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from bokeh.models import ColumnDataSource, GlyphRenderer, LegendItem

from viewer import hexgrid
from viewer.board import HexMap
from viewer.i18n import LANGUAGES
from viewer.views.common.colors import HEXSIDE_COLORS, HEXSIDE_STYLES, RAIL_TIES
from viewer.views.common.text import label

#: Toggle layer -> the hexside features it draws along the shared hexside (WiF 2.1.1).
#: (drawn in this order: a strait lies over the all-sea hexside it crosses)
HEXSIDE_LAYERS = {"rivers": ("river",), "hexsides": ("all-sea", "lake", "alpine", "strait")}
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
    """The hexside and railway layers of one map view, drawn once and toggled by ``visible``.

    One source and one renderer per layer (a railway's white ties a second renderer on the same
    source): a layer of several features (straits, alpine, lake and all-sea hexsides) colours and
    sizes each row by its feature. ``features_of[layer]`` names the feature of each row.
    """

    def __init__(self, figure, hexmap: HexMap, shifts, lang: str = "en", visible=DEFAULT_ON):
        self.hexmap = hexmap
        hs = hexmap.hexsides
        self._rows: dict[str, pd.DataFrame] = {}
        self._columns: dict[str, dict[str, np.ndarray]] = {}
        self.features_of: dict[str, np.ndarray] = {}
        self.sources: dict[str, ColumnDataSource] = {}
        self.renderers: dict[str, list[GlyphRenderer]] = {}
        self.legend_items: dict[str, LegendItem] = {}
        self._filled: set[str] = set()
        #: Per layer, the feature of each ``label`` code and the names (by language) of each ``name`` code.
        self._codes: dict[str, tuple[list[str], list[dict[str, str]]]] = {}
        self._visible = set(visible)
        self.has_names = "name" in hs.columns
        for layer, features in LAYER_FEATURES.items():
            rows = pd.concat([hs[(hs["feature"] == f).to_numpy()] for f in features])
            if layer in HEXSIDE_LAYERS:  # a join between two sheets has no shared hexside in the view
                rows = rows[(rows["sheet_a"] == rows["sheet_b"]).to_numpy()]
            if len(rows):
                self._rows[layer] = rows
                self.features_of[layer] = rows["feature"].to_numpy(dtype=str)
                self._columns[layer] = segments(hexmap, shifts, rows, along_hexside=layer in HEXSIDE_LAYERS)
                self._draw(figure, layer)
        # named in the hovered hex's one box (viewer.views.map.hex_hover), not a box of their own
        self.relabel(lang)
        for layer in self.layers():
            self.show(layer, layer in self._visible)

    def _draw(self, figure, layer: str) -> None:
        features = self.features_of[layer]
        cols = self._columns[layer]
        feature_codes, kinds_seen = pd.factorize(features)
        cols["label"] = feature_codes.astype(np.int32)
        names: list[dict[str, str]] = [{"en": ""}]
        if self.has_names:  # a name column only on maps that name their features
            rows = self._rows[layer]
            by_lang = {lang: _names(rows, lang) for lang in LANGUAGES}
            pairs = pd.Series(list(zip(*by_lang.values())))
            name_codes, uniques = pd.factorize(pairs)
            names = [dict(zip(by_lang, u)) for u in uniques]
            cols["name"] = name_codes.astype(np.int32)
        self._codes[layer] = ([str(f) for f in kinds_seen], names)
        kinds = list(dict.fromkeys(features))
        style = dict(HEXSIDE_STYLES.get(kinds[0], {}))
        if len(kinds) > 1:  # colour and width per row; one dash for the renderer
            cols["color"] = np.array([HEXSIDE_COLORS.get(f, "#000000") for f in features])
            cols["width"] = np.array([HEXSIDE_STYLES.get(f, {}).get("line_width", 3) for f in features],
                                     dtype=np.float32)
            style = {"line_color": "color", "line_width": "width"}
        else:
            style["line_color"] = HEXSIDE_COLORS.get(kinds[0], "#000000")
        src = ColumnDataSource({k: v[:0] for k, v in cols.items()}, name=f"hexside-{layer}")
        renderers = [figure.segment(x0="x0", y0="y0", x1="x1", y1="y1", source=src, line_cap="round",
                                    name=f"hexside-{layer}", level=LINE_LEVEL, **style)]
        if "rail" in kinds:
            renderers.append(figure.segment(x0="x0", y0="y0", x1="x1", y1="y1", source=src, level=LINE_LEVEL,
                                            name=f"hexside-{layer}-ties", **RAIL_TIES))
        for r in renderers:  # nothing selects or mutes a line: no glyph models for that
            r.nonselection_glyph = None
            r.muted_glyph = None
        self.sources[layer] = src
        self.renderers[layer] = renderers
        for f in kinds:
            index = int(np.flatnonzero(features == f)[0]) if len(kinds) > 1 else None
            self.legend_items[f] = LegendItem(label=f, renderers=renderers, index=index)

    # ------------------------------------------------------------------ the API
    def layers(self) -> list[str]:
        """The layers this map has (a layer whose features the map lacks has no toggle)."""
        return list(self.sources)

    def features(self, layer: str) -> list[str]:
        """The features of ``layer`` that the map has."""
        if layer not in LAYER_FEATURES:
            raise ValueError(f"unknown hexside layer {layer!r}; allowed: {', '.join(LAYER_FEATURES)}")
        present = set(self.features_of.get(layer, ()))
        return [f for f in LAYER_FEATURES[layer] if f in present]

    def rows(self, layer: str) -> pd.DataFrame:
        """The hexsides-table rows ``layer`` draws, in the order of its source."""
        return self._rows[layer]

    def visible(self, layer: str) -> bool:
        return layer in self._visible and layer in self.sources

    def show(self, layer: str, on: bool = True) -> None:
        """Show or hide ``layer``: its renderers and legend entries (filled the first time shown)."""
        if layer not in self.sources:
            self.features(layer)  # names the allowed layers when ``layer`` is unknown
            return
        if on and layer not in self._filled:
            self.sources[layer].data = dict(self._columns[layer])
            self._filled.add(layer)
        for rend in self.renderers[layer]:
            rend.visible = on
        for f in self.features(layer):
            self.legend_items[f].visible = on
        (self._visible.add if on else self._visible.discard)(layer)

    def relabel(self, lang: str) -> None:
        """The legend's names in ``lang`` (the hover box's are :meth:`hover_names`)."""
        for f, item in self.legend_items.items():
            item.label = {"value": label(f"hexside.{f}", lang)}

    def hover_names(self, layer: str, lang: str) -> tuple[list[str], list[str]]:
        """What the hover box calls layer ``layer``'s rows in ``lang``: the name of each code of
        the source's ``label`` column (the feature) and of its ``name`` column (a river's own
        name). The source holds codes only, so a language switch sends these few names and
        repaints no line."""
        features, names = self._codes[layer]
        return [label(f"hexside.{f}", lang) for f in features], [n.get(lang, n["en"]) for n in names]
