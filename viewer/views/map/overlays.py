"""Overlay layers on the map: small ColumnDataSources patched in place, never the base layer.

Three kinds of layer: ``hexes`` (hexes with a colour, an alpha and a label), ``lines`` (segments
between hex centres) and ``coded`` hexes (an integer code per hex and a palette: changing the
colours of every hex sends the palette, a few entries, never a colour per hex). The game views
add theirs through :class:`OverlaySet` (docs/adding-an-overlay.md).
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from bokeh.models import ColumnDataSource, CustomJSHover, GlyphRenderer, Legend, LegendItem, LinearColorMapper

from viewer import hexgrid
from viewer.board import HexMap


def coord_column(values) -> np.ndarray:
    """A q or r column as the browser receives it: int16 (half the bytes of int32; a map's
    coordinates, sheet shifts included, fit it), int32 for a map beyond that range."""
    values = np.asarray(values)
    small = not len(values) or (values.min() >= np.iinfo(np.int16).min and values.max() <= np.iinfo(np.int16).max)
    return values.astype(np.int16 if small else np.int32)

LAYER_KINDS = ("hexes", "lines", "coded")
_CODE_NAME_JS = "return mapper.tags[value] ?? '';"


@dataclass
class Layer:
    """One overlay: per sheet a source and a renderer (``lines`` layers use the key ``""``)."""

    name: str
    kind: str
    sources: dict[str, ColumnDataSource]
    renderers: list[GlyphRenderer]
    legend_key: str | None
    rows: dict[tuple, tuple[str, int]] = field(default_factory=dict)
    legend_item: LegendItem | None = None
    #: A ``coded`` layer's palette: code -> colour.
    mapper: LinearColorMapper | None = None
    #: A deferred ``coded`` layer's columns per sheet, until :meth:`OverlaySet.fill` sends them.
    pending: dict[str, dict] = field(default_factory=dict)
    #: A ``coded`` layer with hexes of several opacities: its colours (code -> colour) and the
    #: opacities, the mapper holding each colour once per opacity (code + len(colours) * level).
    colors: list[str] = field(default_factory=list)
    levels: tuple[float, ...] = ()


def with_alpha(color: str, alpha: float) -> str:
    """``#rrggbb`` (or a CSS colour name) as ``#rrggbbaa`` at opacity ``alpha``; a colour with an
    opacity of its own (``#ffffff00``, none at all) keeps it, times ``alpha``."""
    from bokeh.colors.util import NamedColor

    if not color.startswith("#"):
        named = NamedColor.find(color)
        if named is None:
            raise ValueError(f"not a colour: {color!r}; give #rrggbb or a CSS colour name")
        color = named.to_hex()
    own = int(color[7:9], 16) / 255 if len(color) == 9 else 1.0
    return f"{color[:7]}{round(own * alpha * 255):02x}"


class OverlaySet:
    """The named overlay layers of one map view.

    ``shifts`` gives, per sheet, the whole-hex shift that places it in the view's plane.
    """

    def __init__(self, figure, hexmap: HexMap, shifts: dict[str, tuple[int, int]],
                 legend: Legend | None = None, labeler=str):
        self._figure = figure
        self._map = hexmap
        self.shifts = shifts
        self.legend = legend
        self._labeler = labeler
        self.layers: dict[str, Layer] = {}

    # ------------------------------------------------------------ data shaping
    def _check(self, key) -> tuple[str, int, int]:
        sheet, q, r = key
        if (sheet, int(q), int(r)) not in self._map:
            raise KeyError(f"hex {tuple(key)} is not on map {self._map.name!r}")
        return sheet, int(q), int(r)

    def centre(self, key) -> tuple[float, float]:
        """Where the view draws the centre of hex ``key``."""
        sheet, q, r = self._check(key)
        s = self._map.sheets[sheet]
        dq, dr = self.shifts[sheet]
        return hexgrid.hex_to_pixel(q + dq, r + dr, s.size, s.orientation)

    def _hex_columns(self, keys, color, alpha, label) -> dict[str, dict[str, list]]:
        n = len(keys)
        color, alpha, label = _broadcast(color, n), _broadcast(alpha, n), _broadcast(label, n)
        out = {s: {"q": [], "r": [], "color": [], "alpha": [], "label": []} for s in self._map.sheets}
        for key, c, a, lab in zip(keys, color, alpha, label):
            sheet, q, r = self._check(key)
            dq, dr = self.shifts[sheet]
            cols = out[sheet]
            cols["q"].append(q + dq)
            cols["r"].append(r + dr)
            cols["color"].append(c)
            cols["alpha"].append(a)
            cols["label"].append(lab)
        # numpy columns: Bokeh does not walk arrays when it looks for model references, so a
        # document with thousands of overlay hexes stays cheap to update (object dtype keeps
        # patch() free to put in longer strings)
        return {s: {k: np.asarray(v, dtype=np.int64 if k in ("q", "r") else object) for k, v in cols.items()}
                for s, cols in out.items()}

    def _line_columns(self, pairs, color, alpha, label) -> dict[str, list]:
        n = len(pairs)
        starts = [self.centre(a) for a, _ in pairs]
        ends = [self.centre(b) for _, b in pairs]
        return {
            "x0": [p[0] for p in starts], "y0": [p[1] for p in starts],
            "x1": [p[0] for p in ends], "y1": [p[1] for p in ends],
            "color": _broadcast(color, n), "alpha": _broadcast(alpha, n), "label": _broadcast(label, n),
        }

    # ------------------------------------------------------------ the API
    def add(self, name: str, kind: str = "hexes", legend_key: str | None = None, **data) -> Layer:
        """Add a named layer (``kind`` "hexes" or "lines"); ``data`` as for :meth:`set`."""
        if kind not in LAYER_KINDS[:2]:
            raise ValueError(f"unknown layer kind {kind!r}; allowed: hexes, lines (coded: add_coded())")
        if name in self.layers:
            raise ValueError(f"layer {name!r} exists already")
        sources, renderers = {}, []
        if kind == "hexes":
            for sheet in self._map.sheets.values():
                src = ColumnDataSource({"q": [], "r": [], "color": [], "alpha": [], "label": []},
                                       name=f"overlay-{name}-{sheet.name}")
                rend = self._figure.hex_tile(
                    q="q", r="r", size=sheet.size, source=src, orientation=sheet.orientation,
                    fill_color="color", fill_alpha="alpha", line_color="color", line_alpha="alpha",
                    level="underlay",  # over the base ("image"), under rivers, railways and units ("glyph")
                )
                sources[sheet.name] = src
                renderers.append(rend)
        else:
            src = ColumnDataSource(self._line_columns([], None, None, None), name=f"overlay-{name}")
            rend = self._figure.segment(
                x0="x0", y0="y0", x1="x1", y1="y1", source=src, line_color="color",
                line_alpha="alpha", line_width=3,
            )
            sources[""] = src
            renderers.append(rend)
        for rend in renderers:
            rend.nonselection_glyph = None
        layer = Layer(name, kind, sources, renderers, legend_key)
        if legend_key and self.legend is not None:
            layer.legend_item = LegendItem(label=self._labeler(legend_key), renderers=renderers[:1])
            self.legend.items = [*self.legend.items, layer.legend_item]
        self.layers[name] = layer
        if data:
            self.set(name, **data)
        return layer

    def add_coded(self, name: str, sheets, q, r, codes, palette: list[str], alpha: float = 0.5,
                  legend_key: str | None = None, names: list[str] | None = None,
                  deferred: bool = False, alphas=None) -> Layer:
        """Add a layer of hexes coloured by code: hex ``i`` is ``(sheets[i], q[i], r[i])`` (map keys,
        as the map's own tables hold them) and gets ``palette[codes[i]]``. Colours change with
        :meth:`set_palette`. ``names``: what each code stands for, kept with the palette (the
        model named ``overlay-<name>-palette``) so the page can tell a hex's code by name
        (:meth:`code_names` shows them on hover). ``deferred``: the sources start empty and are
        filled by :meth:`fill`, for a layer hidden until the visitor shows it. ``alphas``: each
        hex's own opacity instead of ``alpha`` (a layer tinting land and sea alike), carried by
        the palette (each colour once per opacity, as ``#rrggbbaa``), so no column of opacities
        goes to the browser."""
        if name in self.layers:
            raise ValueError(f"layer {name!r} exists already")
        sheets, q, r = np.asarray(sheets, dtype=object), np.asarray(q, dtype=np.int64), np.asarray(r, dtype=np.int64)
        codes = np.asarray(codes, dtype=np.int16)
        if not (len(sheets) == len(q) == len(r) == len(codes)):
            raise ValueError("sheets, q, r and codes must have one value per hex")
        if len(codes) and (codes.min() < 0 or codes.max() >= len(palette)):
            raise ValueError(f"codes must be 0..{len(palette) - 1}, one per palette colour")
        levels: tuple[float, ...] = ()
        if alphas is not None:
            alphas = np.asarray(alphas, dtype=np.float32)
            if len(alphas) != len(codes):
                raise ValueError("alphas must have one value per hex")
            found = np.unique(alphas)
            if len(found) * len(palette) > np.iinfo(np.int16).max:
                raise ValueError("too many opacities for this palette")
            levels = tuple(float(a) for a in found)
            codes = (codes + len(palette) * np.searchsorted(found, alphas)).astype(np.int16)
        mapper = LinearColorMapper(name=f"overlay-{name}-palette")
        sources, renderers = {}, []
        layer = Layer(name, "coded", sources, renderers, legend_key, mapper=mapper, levels=levels)
        self._set_colors(layer, list(palette), list(names or []))
        opacity = 1.0 if levels else alpha
        for sheet in self._map.sheets.values():
            mine = sheets == sheet.name
            dq, dr = self.shifts[sheet.name]
            columns = {"q": coord_column(q[mine] + dq), "r": coord_column(r[mine] + dr),
                       "code": codes[mine]}
            layer.pending[sheet.name] = columns
            empty = {k: v[:0] for k, v in columns.items()}
            src = ColumnDataSource(empty if deferred else columns, name=f"overlay-{name}-{sheet.name}")
            fill = {"field": "code", "transform": mapper}
            rend = self._figure.hex_tile(q="q", r="r", size=sheet.size, source=src, orientation=sheet.orientation,
                                         fill_color=fill, fill_alpha=opacity, line_color=fill, line_alpha=opacity,
                                         level="underlay")
            rend.nonselection_glyph = None
            sources[sheet.name] = src
            renderers.append(rend)
        if not deferred:
            layer.pending = {}
        if legend_key and self.legend is not None:
            layer.legend_item = LegendItem(label=self._labeler(legend_key), renderers=renderers[:1])
            self.legend.items = [*self.legend.items, layer.legend_item]
        self.layers[name] = layer
        return layer

    @staticmethod
    def _set_colors(layer: Layer, palette: list[str], names: list[str] | None = None) -> None:
        """Give ``layer``'s mapper ``palette`` (and the code ``names``), once per opacity level."""
        layer.colors = palette
        levels = layer.levels or (None,)
        full = [c if a is None else with_alpha(c, a) for a in levels for c in palette]
        props: dict = {"palette": full, "low": -0.5, "high": len(full) - 0.5}
        if names is not None:
            props["tags"] = names * len(levels) if names else []
        assert layer.mapper is not None
        layer.mapper.update(**props)

    def fill(self, name: str) -> None:
        """Send a deferred ``coded`` layer's hexes (once; nothing when they are sent already)."""
        layer = self.layers[name]
        for sheet, columns in layer.pending.items():
            layer.sources[sheet].data = columns
        layer.pending = {}

    def swatch(self, name: str, color: str, alpha: float = 0.5, marker: str = "hex",
               hatch: str | None = None) -> GlyphRenderer | None:
        """Give layer ``name``'s key entry a swatch of its own: ``marker`` filled with ``color``.
        The key draws an entry from its renderer's first row, so a layer with no hexes yet (or
        with many colours) showed an empty or arbitrary swatch. The swatch's renderer holds one
        point that is no place of the map, so it is never seen on the board. None when the layer
        has no key entry."""
        layer = self.layers[name]
        if layer.legend_item is None:
            return None
        extra = {"hatch_pattern": hatch, "hatch_color": color, "hatch_alpha": 0.8} if hatch else {}
        rend = self._figure.scatter(x=[float("nan")], y=[float("nan")], marker=marker, size=14,
                                    fill_color=color, fill_alpha=alpha, line_color=color,
                                    name=f"overlay-{name}-swatch", **extra)
        layer.legend_item.renderers = [rend]
        return rend

    def code_names(self, name: str) -> CustomJSHover:
        """A hover formatter showing, for ``@code{custom}``, the name of a ``coded`` layer's code
        (the palette model's tags: renaming the codes sends a few names, never one per hex)."""
        return CustomJSHover(args={"mapper": self.layers[name].mapper}, code=_CODE_NAME_JS)

    def _coded_rows(self, layer: Layer) -> dict[tuple, tuple[str, int]]:
        if not layer.rows:
            for sheet, src in layer.sources.items():
                dq, dr = self.shifts[sheet]
                data = layer.pending.get(sheet, src.data)
                for i, (qq, rr) in enumerate(zip(np.asarray(data["q"]).tolist(), np.asarray(data["r"]).tolist())):
                    layer.rows[(sheet, qq - dq, rr - dr)] = (sheet, i)
        return layer.rows

    def set_palette(self, name: str, palette: list[str]) -> None:
        """New colours for a ``coded`` layer's codes (the same number of codes)."""
        layer = self.layers[name]
        if layer.mapper is None:
            raise ValueError(f"layer {name!r} is not coded; use set() or patch()")
        if len(palette) != len(layer.colors):
            raise ValueError(f"layer {name!r} has {len(layer.colors)} codes, not {len(palette)}")
        self._set_colors(layer, list(palette))

    def color_of(self, name: str, key) -> str:
        """The colour the layer gives hex ``key`` now."""
        layer = self.layers[name]
        if layer.mapper is not None:
            sheet, row = self._coded_rows(layer)[self._check(key)]
            codes = layer.pending.get(sheet, layer.sources[sheet].data)["code"]
            return layer.colors[int(codes[row]) % len(layer.colors)]
        sheet, row = layer.rows[self._check(key)]
        return layer.sources[sheet].data["color"][row]

    def set(self, name: str, color="#ff7f0e", alpha=0.5, label="", **data) -> None:
        """Replace a layer's rows: ``hexes=[(sheet, q, r), …]`` or ``pairs=[(a, b), …]``.

        ``color``, ``alpha`` and ``label`` are one value for all rows or one per row.
        """
        layer = self.layers[name]
        if layer.kind == "coded":
            raise ValueError(f"layer {name!r} is coded; use set_palette()")
        if layer.kind == "hexes":
            keys = [self._check(k) for k in data.get("hexes", [])]
            columns = self._hex_columns(keys, color, alpha, label)
            for sheet, src in layer.sources.items():
                if not _same(src.data, columns[sheet]):  # an unchanged layer sends nothing
                    src.data = columns[sheet]
            counters: dict[str, int] = {}
            layer.rows = {}
            for key in keys:
                i = counters.get(key[0], 0)
                layer.rows[key] = (key[0], i)
                counters[key[0]] = i + 1
        else:
            pairs = list(data.get("pairs", []))
            columns = self._line_columns(pairs, color, alpha, label)
            if not _same(layer.sources[""].data, columns):
                layer.sources[""].data = columns

    def patch(self, name: str, changes: dict[tuple, dict[str, object]]) -> None:
        """Patch some hexes of a ``hexes`` layer in place: ``{(sheet, q, r): {"color": …}}``."""
        layer = self.layers[name]
        if layer.kind != "hexes":
            raise ValueError(f"layer {name!r} holds {layer.kind} rows; use set() or set_palette()")
        per_sheet: dict[str, dict[str, list]] = {}
        for key, values in changes.items():
            key = self._check(key)
            if key not in layer.rows:
                raise KeyError(f"hex {key} is not in layer {name!r}; use set() to add hexes")
            sheet, row = layer.rows[key]
            for column, value in values.items():
                if column not in ("color", "alpha", "label"):
                    raise KeyError(f"cannot patch column {column!r}; allowed: color, alpha, label")
                per_sheet.setdefault(sheet, {}).setdefault(column, []).append((row, value))
        for sheet, patches in per_sheet.items():
            layer.sources[sheet].patch(patches)

    def relabel(self) -> None:
        """Put every legend entry in the current language (called when it changes)."""
        for layer in self.layers.values():
            if layer.legend_item is not None:
                layer.legend_item.label = {"value": self._labeler(layer.legend_key)}

    def toggle(self, name: str, visible: bool | None = None) -> bool:
        """Show or hide a layer (flip it when ``visible`` is None); returns the new state."""
        layer = self.layers[name]
        new = (not layer.renderers[0].visible) if visible is None else bool(visible)
        for renderer in layer.renderers:
            renderer.visible = new
        return new


def _same(old: dict, new: dict) -> bool:
    """Whether a source's data already holds exactly ``new`` (the same columns and values)."""
    if old.keys() != new.keys():
        return False
    for k, v in new.items():
        a, b = np.asarray(old[k]), np.asarray(v)
        if a.shape != b.shape or not (a == b).all():
            return False
    return True


def _broadcast(value, n: int) -> list:
    if isinstance(value, (list, tuple, np.ndarray)):
        if len(value) != n:
            raise ValueError(f"expected {n} values, got {len(value)}")
        return list(value)
    return [value] * n
