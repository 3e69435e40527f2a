"""The sheets of a map of several sheets in one figure: their joins and links, and a zoom to one sheet.

Where each sheet goes is :func:`viewer.board.layout.sheet_layout`. **Joins and links** (:class:`SheetLinks`). The extra edges of a map (WiF 2.1.1 cases 2-4, 2.1.2,
2.1.3) are drawn as lines between the joined hexes' centres: the map joins in one layer, the lines
of communication and off-map links (grey, railway and blue lines, off-map and large hex-dot
links) in another, each row coloured by its kind.
"""

import numpy as np
import pandas as pd
import panel as pn
import param
from bokeh.models import ColumnDataSource, LegendItem

from viewer.board import HexMap
from viewer.board.layout import edge_segments
from viewer.views.common.text import label, label_any

#: Extra-edge kinds drawn in each layer (viewer.board.terrain.EDGE_KINDS).
LINK_LAYERS = {"joins": ("sheet-join",), "links": ("grey-loc", "rail-loc", "blue-loc", "off-map", "large-hex-dot")}
#: Line colour per edge kind: grey and blue lines as printed (WiF 2.1.3), railways dark.
LINK_COLORS = {"sheet-join": "#d7263d", "grey-loc": "#7f7f7f", "rail-loc": "#222222", "blue-loc": "#1f78b4",
               "off-map": "#a6a6a6", "large-hex-dot": "#6baed6"}
LINK_STYLE = {"joins": {"line_width": 1.5, "line_dash": "dashed", "line_alpha": 0.8},
              "links": {"line_width": 2.5, "line_dash": "solid", "line_alpha": 0.9}}


def sheet_label(sheet: str, lang: str) -> str:
    """A sheet's display name: its catalogue label (``map.sheet.<name>``) or the name itself."""
    return label_any([f"map.sheet.{sheet}"], lang, sheet)


# ---------------------------------------------------------------------------- joins and links
class SheetLinks:
    """The map's joins and lines of communication drawn between hex centres, toggled by ``visible``."""

    def __init__(self, figure, hexmap: HexMap, shifts, lang: str = "en"):
        e = hexmap.extra_edges
        self.sources: dict[str, ColumnDataSource] = {}
        self.renderers: dict = {}
        self.legend_items: dict[str, LegendItem] = {}
        self.kinds: dict[str, np.ndarray] = {}
        for layer, kinds in LINK_LAYERS.items():
            rows = e[e["kind"].isin(list(kinds)).to_numpy()]
            if not len(rows):
                continue
            cols = edge_segments(hexmap, shifts, rows)
            kind = rows["kind"].to_numpy(dtype=str)
            cols["color"] = np.array([LINK_COLORS.get(k, "#000000") for k in kind])
            codes, seen = pd.factorize(kind)
            cols["label"] = codes.astype(np.int32)   # the hover box names each code (hover_names)
            src = ColumnDataSource(cols, name=f"links-{layer}")
            rend = figure.segment(x0="x0", y0="y0", x1="x1", y1="y1", source=src, line_color="color",
                                  name=f"links-{layer}", level="glyph", **LINK_STYLE[layer])
            rend.nonselection_glyph = None
            rend.muted_glyph = None
            self.sources[layer], self.renderers[layer], self.kinds[layer] = src, rend, np.asarray(seen, dtype=str)
            self.legend_items[layer] = LegendItem(label=layer, renderers=[rend])
        # named in the hex's one hover box (MapView registers each layer there)
        self.relabel(lang)

    def layers(self) -> list[str]:
        return list(self.sources)

    def visible(self, layer: str) -> bool:
        return layer in self.renderers and bool(self.renderers[layer].visible)

    def show(self, layer: str, on: bool = True) -> None:
        if layer not in self.renderers:
            raise ValueError(f"no link layer {layer!r}; this map has: {', '.join(self.layers()) or 'none'}")
        self.renderers[layer].visible = bool(on)
        self.legend_items[layer].visible = bool(on)

    def relabel(self, lang: str) -> None:
        """The legend's names in ``lang`` (the hover box's are :meth:`hover_names`)."""
        for layer, item in self.legend_items.items():
            item.label = {"value": label(f"map.layer.{layer}", lang)}

    def hover_names(self, layer: str, lang: str) -> list[str]:
        """The name in ``lang`` of each code of layer ``layer``'s ``label`` column (a join, a
        line of communication): a few words, so a language switch repaints no line."""
        return [label(f"map.edge.{k}", lang) for k in self.kinds[layer]]


# ---------------------------------------------------------------------------- controls
class ZoomControl(pn.viewable.Viewer):
    """"Zoom to map": a choice of the whole world or one sheet, setting the view's x/y ranges."""

    view = param.Parameter(doc="The MapView whose ranges it sets (its zoom_to method).")

    def __init__(self, **params):
        super().__init__(**params)
        self.select = pn.widgets.Select(value="", width=200, css_classes=["map-zoom"])
        self.select.param.watch(lambda e: self.view.zoom_to(e.new or None), "value")
        self.view.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    def _on_lang(self, *_):
        lang = self.view.state.lang
        value = self.select.value
        self.select.options = {label("map.zoom.all", lang): "",
                               **{sheet_label(s, lang): s for s in self.view.hexmap.sheets}}
        self.select.value = value
        self.select.name = label("map.zoom", lang)

    def __panel__(self):
        return self.select
