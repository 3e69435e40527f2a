"""Layers of a political and maritime map: countries, climate zones, sea areas, chokepoints, places.

The toggles also switch the map view's own physical layers (terrain fill, rivers, straits and
alpine and lake hexsides, railways, roads: :meth:`MapView.show_layer`), which start as the view
shows them.

Built on the map view's :class:`~viewer.views.map.overlays.OverlaySet` (one small source per layer,
never the base terrain) plus a few small Bokeh sources for names drawn as text. Every visible
word comes from the label catalogue (``map.*`` keys in ``viewer/i18n/labels/map.yaml``) or from
the map's own bilingual names (``name`` / ``name_es`` of its regions and features), so the
layers follow the session's language. Hovering a place names it in that language.

    >>> view = MapView(hexmap=load_map("europe"), state=state)      # doctest: +SKIP
    >>> layers = MapLayers(view=view)                               # toggles beside the map
"""
from __future__ import annotations

import weakref

import numpy as np
import pandas as pd
import panel as pn
import param
from bokeh.models import BooleanFilter, CDSView, ColumnDataSource, CustomJS

from viewer import hexgrid
from viewer.views.common.colors import (
    CHOKEPOINT_COLOR,
    CLIMATE_COLORS,
    NEUTRAL_COLORS,
    POWER_COLORS,
    SEA_COLORS,
    SHADE,
    mix,
    stable_pick,
)
from viewer.views.common.text import label, markdown
from viewer.views.map.mapview import MapView
from viewer.views.map.place_labels import LEVELS, label_levels, level_bands, name_widths
from viewer.views.map.sheets import ZoomControl

#: The layers, in toggle order: layer name -> catalogue key of its toggle and legend entry.
LAYERS = {
    "terrain": "map.layer.terrain",
    "countries": "map.layer.countries",
    "climate": "map.layer.climate",
    "sea_areas": "map.layer.sea_areas",
    "chokepoints": "map.layer.chokepoints",
    "rivers": "map.layer.rivers",
    "hexsides": "map.layer.hexsides",
    "railways": "map.layer.railways",
    "roads": "map.layer.roads",
    "joins": "map.layer.joins",
    "links": "map.layer.links",
    "cities": "map.layer.cities",
}
#: Catalogue key naming what a layer's hover shows.
HOVER_KEYS = {"countries": "attr.country", "climate": "attr.climate_zone", "sea_areas": "attr.sea_area",
              "chokepoints": "map.chokepoint", "cities": "map.place"}
#: Show each band of place names once the hexes are drawn as wide as its level (pixels) and the
#: places are shown (viewer/views/map/place_labels.py).
CITY_NAMES_JS = """
const span = Math.abs(fig.x_range.end - fig.x_range.start);
let w = 0;
try { w = fig.inner_width; } catch (e) { return; }  // not laid out yet
if (!(span > 0 && w > 0)) return;
const px = w / span * hex;
bands.forEach((b, i) => {
  const on = dots.visible && px >= levels[i];
  if (b.visible !== on) b.visible = on;
});
"""
#: Layers shown when the view opens (the view's own layers start as the view shows them).
DEFAULT_ON = ("countries", "cities")

#: Each map's place-name levels (place_labels.label_levels), computed once, forgotten with the map.
_PLACE_LEVELS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def _text(value) -> str | None:
    if value is None or (isinstance(value, float) and np.isnan(value)) or value is pd.NA:
        return None
    return str(value)


#: A layer's whole name shows on its button, on as many lines as it needs (never cut with "...").
TOGGLE_CSS = """
.bk-btn { white-space: normal; overflow: visible; text-overflow: clip; height: auto; min-height: 31px;
          text-align: left; overflow-wrap: anywhere; line-height: 1.2; }
"""


class MapLayers(pn.viewable.Viewer):
    """Toggles for the political and maritime layers of a map view, in the session's language."""

    view = param.ClassSelector(class_=MapView, doc="The map view whose overlays these layers are.")

    def __init__(self, **params):
        super().__init__(**params)
        self.hexmap = self.view.hexmap
        self.state = self.view.state
        self.overlays = self.view.overlays
        self._regions = self.hexmap.regions
        r = self._regions
        #: (kind, name) -> Spanish name, for the regions that have one.
        self._spanish = ({(str(k), str(n)): str(es) for k, n, es in zip(r["kind"], r["name"], r["name_es"]) if _text(es)}
                         if "name_es" in r.columns else {})
        self.texts: dict[str, list] = {}
        self._codes: dict[str, list[str]] = {}
        # overlays other views added before these layers (e.g. the weather layer) get a toggle too,
        # named by their legend key and starting as they are
        self._foreign = {n: layer.legend_key for n, layer in self.overlays.layers.items()
                         if n not in LAYERS and layer.legend_key}
        self._draw_countries()
        self._draw_climate()
        self._draw_sea_areas()
        self._draw_chokepoints()
        self._draw_cities()
        self.toggles = pn.widgets.CheckButtonGroup(
            options=self._options(), value=self._initial(),
            orientation="vertical", color="primary", variant="outline",
            css_classes=["map-layers"], sizing_mode="stretch_width", stylesheets=[TOGGLE_CSS],
        )
        self._title = markdown("", margin=(0, 10))
        self.legend = pn.pane.HTML("", css_classes=["map-layers-legend"], margin=(0, 10))
        self.toggles.param.watch(self._on_toggle, "value")
        self.state.param.watch(self._on_lang, "lang")
        # a map of several sheets (wif-world) gets a "zoom to map" choice
        self.zoom = ZoomControl(view=self.view) if len(self.hexmap.sheets) > 1 else None
        self._layout = pn.Column(*([self.zoom] if self.zoom else []), self._title, self.toggles, self.legend,
                                 width=300)
        self._on_lang()
        self._apply(self.toggles.value)

    # ------------------------------------------------------------------ names
    def _region_name(self, kind: str, name, lang: str) -> str:
        name = _text(name)
        if name is None:
            return ""
        if lang != "en":
            return self._spanish.get((kind, name)) or name
        return name

    def _add_coded(self, name: str, mask, values, colors: dict[str, str], alpha: float) -> None:
        """Add a ``coded`` overlay for the hexes of ``mask``: one code per distinct value, its colour
        from ``colors`` and its name on hover (renamed with the language: a few names, never one per
        hex). A layer hidden at the start is sent the first time it is shown."""
        h = self.hexmap.hexes[mask]
        kinds = pd.Categorical(list(values))
        self._codes[name] = [str(c) for c in kinds.categories]
        layer = self.overlays.add_coded(
            name, h["sheet"].to_numpy(dtype=object), h["q"].to_numpy(), h["r"].to_numpy(), kinds.codes,
            [colors.get(c, "#cccccc") for c in self._codes[name]], alpha=alpha, legend_key=LAYERS[name],
            names=self._codes[name], deferred=name not in DEFAULT_ON)
        self.view.hex_hover.add(name, layer.renderers, field="code", names=self._code_names(name, self.state.lang),
                                rank=0)

    def _code_names(self, name: str, lang: str) -> list[str]:
        """What the hover box calls each code of coded layer ``name`` in ``lang``."""
        codes = self._codes[name]
        if name == "climate":
            return [label(f"climate.{z}", lang) for z in codes]
        return [self._region_name({"countries": "country", "sea_areas": "sea_area"}[name], c, lang) for c in codes]

    # ------------------------------------------------------------------ layers
    def _country_color(self, row) -> str:
        power = _text(row.get("power"))
        if power in POWER_COLORS:
            return mix(POWER_COLORS[power], SHADE.get(str(row.get("status")), 0.55))
        return stable_pick(str(row["name"]), NEUTRAL_COLORS)

    def _draw_countries(self):
        h = self.hexmap.hexes
        mask = h["country"].notna().to_numpy()
        if not mask.any():
            return
        countries = self._regions[self._regions["kind"] == "country"]
        colors = {row["name"]: self._country_color(row) for row in countries.to_dict("records")}
        self._add_coded("countries", mask, h.loc[mask, "country"], colors, 0.55)
        self._powers = [p for p in POWER_COLORS if p in set(countries.get("power", pd.Series(dtype=object)))]

    def _draw_climate(self):
        h = self.hexmap.hexes
        mask = h["climate_zone"].notna().to_numpy()
        if not mask.any():
            return
        zones = h.loc[mask, "climate_zone"]
        self._zones = list(dict.fromkeys(zones))
        self._add_coded("climate", mask, zones, CLIMATE_COLORS, 0.6)

    def _draw_sea_areas(self):
        h = self.hexmap.hexes
        mask = (h["hex_dot"] & h["sea_area"].notna()).to_numpy()
        if not mask.any():
            return
        seas = h.loc[mask, "sea_area"].to_numpy(dtype=object)
        self._add_coded("sea_areas", mask, seas, {s: stable_pick(s, SEA_COLORS) for s in set(seas)}, 0.7)
        # each area's name at the hex-dot nearest its centre of gravity, on each sheet it spans
        # (the Red Sea lies on two maps, WiF 2.1.2); every sheet at its own scale and place
        sheets = h.loc[mask, "sheet"].to_numpy(dtype=object)
        q, r = h.loc[mask, "q"].to_numpy(), h.loc[mask, "r"].to_numpy()
        xy = np.zeros((len(seas), 2))
        for name, sheet in self.hexmap.sheets.items():
            m = sheets == name
            if m.any():
                dq, dr = self.view.shifts[name]
                xy[m] = np.c_[hexgrid.hex_to_pixel(q[m] + dq, r[m] + dr, sheet.size, sheet.orientation)]
        names, xs, ys = [], [], []
        for sea, sheet in dict.fromkeys(zip(seas, sheets)):
            pts = xy[(seas == sea) & (sheets == sheet)]
            c = pts.mean(axis=0)
            best = pts[int(np.argmin(((pts - c) ** 2).sum(axis=1)))]
            names.append(sea)
            xs.append(float(best[0]))
            ys.append(float(best[1]))
        src = ColumnDataSource({"x": xs, "y": ys, "name": names, "text": names}, name="map-sea-names")
        rend = self.view.figure.text(x="x", y="y", text="text", source=src, text_align="center",
                                     text_baseline="middle", text_font_size="9pt", text_font_style="italic",
                                     text_color="#08306b", name="map-sea-names", level="overlay")
        self.texts["sea_areas"] = [(src, rend, "sea_area")]

    def _draw_chokepoints(self):
        c = self.hexmap.chokepoints
        if not len(c):
            return
        f = self.hexmap.features
        keys, names = [], []
        for row in c.to_dict("records"):
            for place in str(row["controlled_by"]).split(";"):
                hit = f[f["name"] == place.strip()]
                if not len(hit):
                    continue
                key = (str(hit["sheet"].iloc[0]), int(hit["q"].iloc[0]), int(hit["r"].iloc[0]))
                if key not in keys:
                    keys.append(key)
                    names.append(row["name"])
        # the label column holds each hex's row: the hover box names it from a few names
        layer = self.overlays.add("chokepoints", legend_key=LAYERS["chokepoints"], hexes=keys,
                                  color=CHOKEPOINT_COLOR, alpha=0.8, label=[str(i) for i in range(len(names))])
        self._choke_names = names
        self.view.hex_hover.add("chokepoints", layer.renderers, names=list(names), rank=0)

    def _draw_cities(self):
        f = self.hexmap.features
        if not len(f):
            return
        kinds = f.groupby("name", sort=False)["kind"].agg(list)
        first = f.drop_duplicates("name")
        sheet_index = {name: i for i, name in enumerate(self.hexmap.sheets)}
        xs, ys, names, es, marks, sheets, qs, rs = [], [], [], [], [], [], [], []
        for row in first.to_dict("records"):
            x, y = self.overlays.centre((row["sheet"], row["q"], row["r"]))
            dq, dr = self.view.shifts[row["sheet"]]
            xs.append(float(x))
            ys.append(float(y))
            names.append(str(row["name"]))
            es.append(_text(row.get("name_es")) or str(row["name"]))
            marks.append("capital" in kinds[row["name"]])
            sheets.append(sheet_index[row["sheet"]])
            qs.append(int(row["q"]) + dq)
            rs.append(int(row["r"]) + dr)
        self._place_kinds = [kinds[n] for n in names]
        self._place_names = {"en": names, "es": es}
        # the names on the overlay canvas, from a source of their own: renaming them (a language
        # switch) repaints the names, never the hexes, lines and dots under them
        self.places = ColumnDataSource({"x": xs, "y": ys, "text": list(names),
                                        "fsize": ["8pt" if m else "7.5pt" for m in marks],
                                        "weight": ["bold" if m else "normal" for m in marks]}, name="map-places")
        self.place_dots = ColumnDataSource({"x": xs, "y": ys, "sheet": sheets, "q": qs, "r": rs,
                                            "row": np.arange(len(names), dtype=np.int32),
                                            "size": [7 if m else 4 for m in marks]}, name="map-place-dots")
        # under the lines and the units ("glyph"), over every hex fill drawn before them
        dots = self.view.figure.scatter(x="x", y="y", size="size", source=self.place_dots, fill_color="#222222",
                                        line_color="white", name="map-place-dots", level="underlay")
        dots.nonselection_glyph = None
        # each name from the zoom at which it covers no more important one (place_labels): one
        # text glyph per band of zooms, switched on and off by the browser (CITY_NAMES_JS)
        hexw = min(s.size for s in self.hexmap.sheets.values()) * 3 ** 0.5
        levels = _PLACE_LEVELS.get(self.hexmap)
        if levels is None:  # once per map (a shared map serves every session)
            ranks = np.asarray([self._place_rank(kinds[n], n) for n in names])
            order = np.argsort(ranks, kind="stable")
            widths = name_widths([[n, e] for n, e in zip(names, es)], marks)
            levels = np.empty(len(names))
            levels[order] = label_levels(np.asarray(xs)[order] / hexw, np.asarray(ys)[order] / hexw, widths[order])
            _PLACE_LEVELS[self.hexmap] = levels
        self.place_levels = dict(zip(names, levels.tolist()))
        bands = level_bands(levels)
        self.name_bands: list = []
        self._band_px: list[float] = []
        for band, px in enumerate(LEVELS):
            rows = bands == band
            if not rows.any():
                continue
            rend = self.view.figure.text(x="x", y="y", text="text", source=self.places,
                                         view=CDSView(filter=BooleanFilter(rows.tolist())), x_offset=5, y_offset=-2,
                                         text_color="#222222", text_font_size="fsize", text_font_style="weight",
                                         visible=band == 0, name=f"map-place-names-{band}", level="overlay")
            self.name_bands.append(rend)
            self._band_px.append(px)
        text = self.name_bands[0]
        show = CustomJS(args={"fig": self.view.figure, "bands": self.name_bands[1:], "levels": self._band_px[1:],
                              "dots": dots, "hex": float(hexw)}, code=CITY_NAMES_JS)
        for rng in (self.view.figure.x_range, self.view.figure.y_range):
            rng.js_on_change("start", show)
            rng.js_on_change("end", show)
        dots.js_on_change("visible", show)
        self._city_renderers = [dots, text]
        self.view.hex_hover.add("cities", [dots], field="row", names=self._place_hover(self.state.lang), join="; ",
                                rank=0)

    def _place_hover(self, lang: str) -> list[str]:
        """What the hover box says of each place in ``lang``: its name and its kinds."""
        names = self._place_names["es" if lang != "en" else "en"]
        kinds = [", ".join(label(f"feature.{k}", lang) for k in ks) for ks in self._place_kinds]
        return [f"{n} ({k})" if k else n for n, k in zip(names, kinds)]

    def _place_rank(self, kinds: list[str], name: str) -> int:
        """A place's rank for its name (0 first): a major power's capital, another capital, a
        city, a port."""
        if "capital" in kinds:
            return 0 if name in self._major_capitals else 1
        return 2 if "city" in kinds else 3

    @property
    def _major_capitals(self) -> set[str]:
        r = self._regions
        if not {"capital", "status"} <= set(r.columns):
            return set()
        return set(r.loc[(r["kind"] == "country") & (r["status"] == "major"), "capital"].dropna())

    # ------------------------------------------------------------------ behaviour
    def names(self) -> dict[str, str]:
        """Toggle name -> catalogue key: these layers that the map has, then the other overlays."""
        own = self.view.layer_names()
        mine = {name: key for name, key in LAYERS.items()
                if name in self.overlays.layers or name in own or (name == "cities" and hasattr(self, "places"))}
        return {**mine, **self._foreign}

    def _initial(self) -> list[str]:
        own = self.view.layer_names()
        out = [n for n in self.names() if (self.view.layer_visible(n) if n in own else n in DEFAULT_ON)]
        return out + [n for n in self._foreign if self.overlays.layers[n].renderers[0].visible]

    def _options(self) -> dict[str, str]:
        lang = self.state.lang
        return {label(key, lang): name for name, key in self.names().items()}

    def _apply(self, visible) -> None:
        for name in self._foreign:
            self.overlays.toggle(name, name in visible)
        for name in self.view.layer_names():
            if self.view.layer_visible(name) != (name in visible):
                self.view.show_layer(name, name in visible)
        for name in LAYERS:
            on = name in visible
            if on and name in self._codes:
                self.overlays.fill(name)
            if name in self.overlays.layers:
                self.overlays.toggle(name, on)
            for _, rend, _ in self.texts.get(name, []):
                rend.visible = on
            if name == "cities" and hasattr(self, "_city_renderers"):
                for rend in self._city_renderers:
                    rend.visible = on
        for name in self.names():  # the legend names only the layers drawn
            layer = self.overlays.layers.get(name)
            if layer is not None and layer.legend_item is not None:
                layer.legend_item.visible = name in visible

    def _on_toggle(self, event):
        self._apply(event.new)

    def visible(self) -> list[str]:
        """The layers shown now."""
        return list(self.toggles.value)

    def show(self, name: str, on: bool = True) -> None:
        """Show or hide layer ``name`` as its toggle would."""
        value = [v for v in self.toggles.value if v != name] + ([name] if on else [])
        self.toggles.value = [n for n in self.names() if n in value]

    def _on_lang(self, *_):
        lang = self.state.lang
        value = self.toggles.value
        self.toggles.options = self._options()
        self.toggles.value = value
        self._title.object = f"**{label('map.layers', lang)}**"
        self.view.hex_hover.retitle({name: label(key, lang) for name, key in HOVER_KEYS.items()
                                     if name in self.view.hex_hover.entries()})
        self.view.hex_hover.rename({name: self._code_names(name, lang) for name in self._codes})
        if "sea_areas" in self._codes:
            for src, _, kind in self.texts["sea_areas"]:
                src.data.update(text=[self._region_name(kind, n, lang) for n in src.data["name"]])
        if "chokepoints" in self.overlays.layers:
            c = self.hexmap.chokepoints.set_index("name")
            es = c["name_es"] if "name_es" in c.columns else None
            self.view.hex_hover.rename({"chokepoints": [
                (str(es[n]) if lang != "en" and es is not None and _text(es[n]) else n) for n in self._choke_names]})
        if hasattr(self, "places"):
            self.places.data.update(text=list(self._place_names["es" if lang != "en" else "en"]))
            self.view.hex_hover.rename({"cities": self._place_hover(lang)})
        self.legend.object = self._legend_html(lang)

    def _legend_html(self, lang: str) -> str:
        """A printed-style key: one swatch per major power (its minors lighter) and per climate zone."""
        items = []
        for power in getattr(self, "_powers", []):
            items.append((POWER_COLORS[power], label(f"map.power.{power}", lang)))
        if hasattr(self, "_powers"):
            items.append((mix(POWER_COLORS["Germany"], SHADE["minor"]), label("map.power.minor", lang)))
            items.append((NEUTRAL_COLORS[0], label("map.power.neutral", lang)))
        for zone in dict.fromkeys(getattr(self, "_zones", [])):
            items.append((CLIMATE_COLORS.get(zone, "#cccccc"), label(f"climate.{zone}", lang)))
        rows = "".join(
            f'<div><span style="display:inline-block;width:12px;height:12px;background:{c};'
            f'margin-right:6px;border:1px solid #888"></span>{t}</div>' for c, t in items
        )
        return f'<div style="font-size:12px">{rows}</div>'

    def __panel__(self):
        return self._layout
