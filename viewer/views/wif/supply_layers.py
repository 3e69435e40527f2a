"""The supply, ZOC and stacking overlays of a WiF scenario on a map view.

* ``supply_chain`` (WiF 2.4.2): the selected unit's chain, one segment per hex step, basic legs
  solid, rail legs dashed, the overseas part dotted, each hex labelled with the leg's running
  cost against its budget (``cost/budget``);
* ``supply_range`` (WiF 2.4.2, 8.2.2): the hexes the selected unit's (or source's) leg reaches
  in the current weather, shaded by what they cost; ``supply_blocked``: the hexes it may not
  enter, hatched, the reason on hover;
* ``zoc`` (WiF 2.2): the hexes in the ZOC of one side's units (Axis, Allies or an unaligned minor);
* ``stacking`` (WiF 2.3): over-stacked hexes, the reason on hover.

Each is an overlay of the view's :class:`~viewer.views.map.overlays.OverlaySet` (legend entry,
toggle) whose small source is updated in place; nothing here computes a rule.
"""
from __future__ import annotations

import weakref

import numpy as np
import pandas as pd
from bokeh.models import ColumnDataSource

from viewer.board import HexMap

from viewer.ruleref import RuleRef
from viewer.views.common.text import label
from viewer.views.map.hex_layer import HexLayer
from viewer.views.map.mapview import MapView

#: Overlay name -> the rule it shows (legend entries cite it, the panel links it).
LAYER_RULES = {
    "supply_chain": RuleRef("wif", "2.4.2"),
    "supply_range": RuleRef("wif", "8.2.2"),
    "supply_blocked": RuleRef("wif", "2.4.2"),
    "zoc": RuleRef("wif", "2.2"),
    "stacking": RuleRef("wif", "2.3.1"),
}
LEG_STYLES = {"basic": ("#1a5fb4", "solid"), "rail": ("#222222", "dashed"), "sea": ("#0b7285", "dotted")}
ZOC_COLOR = "#8e44ad"
STACKING_COLOR = "#e6550d"
BLOCKED_COLOR = "#b2182b"
#: Range shades from cheap to dear (light to dark green).
RANGE_PALETTE = ("#c7e9c0", "#a1d99b", "#74c476", "#41ab5d", "#238b45", "#006d2c", "#00441b")


#: Each map's hex labels as an index (label -> row), built once per map and shared by sessions.
_LABEL_INDEX: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def label_index(hexmap: HexMap) -> pd.Index:
    """``hexmap``'s hex labels as a pandas Index, to find many labels' rows at once."""
    if hexmap not in _LABEL_INDEX:
        _LABEL_INDEX[hexmap] = pd.Index(hexmap.hexes["label"].to_numpy(dtype=str))
    return _LABEL_INDEX[hexmap]


def range_color(cost: float, budget: float) -> str:
    """The shade of a hex reached at ``cost`` of a leg's ``budget``."""
    if budget <= 0:
        return RANGE_PALETTE[0]
    i = int(np.clip(np.floor(cost / budget * (len(RANGE_PALETTE) - 1)), 0, len(RANGE_PALETTE) - 1))
    return RANGE_PALETTE[i]


def _field(obj, name, default=None):
    return obj.get(name, default) if isinstance(obj, dict) else getattr(obj, name, default)


class SupplyLayers:
    """The overlays of one map view; :meth:`draw_*` take the rules' results and update sources."""

    def __init__(self, view: MapView):
        self.view = view
        self.hexmap = view.hexmap
        self.zoc = HexLayer(view, "zoc", legend_key="map.layer.zoc")
        self.stacking = HexLayer(view, "stacking", legend_key="map.layer.stacking")
        self.range = HexLayer(view, "supply_range", legend_key="map.layer.supply_range")
        self.blocked = HexLayer(view, "supply_blocked", legend_key="map.layer.supply_blocked")
        for rend in self.blocked.renderers:
            rend.glyph.hatch_pattern = "diagonal_cross"
            rend.glyph.hatch_color = BLOCKED_COLOR
            rend.glyph.hatch_alpha = 0.8
        # each key entry drawn in its layer's colour, whether or not the layer shows hexes yet
        view.overlays.swatch("zoc", ZOC_COLOR, 0.35)
        view.overlays.swatch("stacking", STACKING_COLOR, 0.55)
        view.overlays.swatch("supply_range", RANGE_PALETTE[3], 0.5)
        view.overlays.swatch("supply_blocked", BLOCKED_COLOR, 0.25, hatch="diagonal_cross")
        self._chain_layer = view.overlays.add("supply_chain", kind="lines", legend_key="map.layer.supply_chain")
        view.overlays.swatch("supply_chain", LEG_STYLES["basic"][0], 0.9, marker="dash")
        self.chain = self._chain_layer.sources[""]
        self.chain.data = _chain_columns([])
        seg = self._chain_layer.renderers[0]
        seg.glyph.line_dash = {"field": "dash"}
        seg.glyph.line_width = 4
        self.costs = ColumnDataSource({"x": [], "y": [], "text": []}, name="overlay-supply_costs")
        text = view.figure.text(x="x", y="y", text="text", source=self.costs, text_font_size="8pt",
                                text_color="#08306b", text_font_style="bold", x_offset=6, y_offset=-6,
                                name="overlay-supply_costs")
        text.nonselection_glyph = None
        self._chain_layer.renderers.append(text)  # the chain's toggle hides its cost labels too
        for rend in self._chain_layer.renderers:   # with the counters, on the overlay canvas (UnitLayer)
            rend.level = "overlay"
        self._label_index = label_index(self.hexmap)
        for layer in (self.zoc, self.stacking, self.range, self.blocked):  # their labels in the hex's hover box
            view.hex_hover.add(layer.name, layer.renderers)

    # ------------------------------------------------------------------ ZOC and stacking
    def draw_zoc(self, mask: np.ndarray | None, side_label: str, lang: str) -> None:
        """Shade the hexes of ``mask`` (aligned with the map's hexes): in the ZOC of one side's
        units (WiF 2.2); None clears the layer."""
        rows = np.flatnonzero(np.asarray(mask, dtype=bool)) if mask is not None else np.zeros(0, dtype=np.int64)
        labels = self.hexmap.hexes["label"].to_numpy(dtype=str)[rows]
        text = [label("ui.zoc.hover", lang, hex=h, side=side_label) for h in labels]
        self.zoc.show(rows, ZOC_COLOR, 0.35, text)

    def draw_stacking(self, faults, lang: str) -> None:
        """Mark over-stacked hexes with the reason (WiF 2.3)."""
        by_row: dict[int, list[str]] = {}
        for fault in faults:
            key = _field(fault, "key")
            if key is None or tuple(key) not in self.hexmap:
                continue
            by_row.setdefault(self.hexmap.position(tuple(key)), []).append(fault_text(fault, lang))
        rows = sorted(by_row)
        self.stacking.show(rows, STACKING_COLOR, 0.55,
                           [f"{self.hexmap.hexes['label'].iat[r]}: " + "; ".join(by_row[r]) for r in rows])

    # ------------------------------------------------------------------ supply
    def draw_chain(self, legs, lang: str, first_costs: dict | None = None) -> None:
        """Draw a chain of legs, one segment per hex step, with running ``cost/budget`` labels.

        The running cost of a hex comes from the leg when the engine gives it; for the first
        leg, else from ``first_costs`` (label -> cost of the unit's own range: the leg is a
        shortest path from the unit, so each hex's range cost is the leg's cost so far);
        otherwise only the leg's last hex is labelled, with the leg's cost.
        """
        pairs, kinds, labels, points = [], [], [], []
        for n, leg in enumerate(legs or []):
            hexes = list(_field(leg, "hexes", []))
            keys = [self.hexmap.find(h) for h in hexes]
            kind = _field(leg, "kind", "basic")
            budget = _field(leg, "budget", 0)
            running = step_costs(leg, len(keys))
            if running is None and n == 0 and first_costs and all(h in first_costs for h in hexes[1:]):
                running = [0] + [int(first_costs[h]) for h in hexes[1:]]
            for i, (a, b) in enumerate(zip(keys, keys[1:]), start=1):
                sea = b not in set(self.hexmap.neighbors(a))
                pairs.append((a, b))
                kinds.append("sea" if sea else kind)
                labels.append(label(f"ui.supply.leg.{kind}", lang))
                if running is not None:
                    points.append((b, label("ui.supply.step", lang, cost=running[i], budget=budget)))
            if running is None and keys:
                points.append((keys[-1], label("ui.supply.step", lang, cost=_field(leg, "cost", 0), budget=budget)))
        self.chain.data = _chain_columns([(self.view.overlays.centre(a), self.view.overlays.centre(b), k, lab)
                                          for (a, b), k, lab in zip(pairs, kinds, labels)])
        xy = [self.view.overlays.centre(k) for k, _ in points]
        self.costs.data = {"x": [p[0] for p in xy], "y": [p[1] for p in xy], "text": [t for _, t in points]}

    def rows_of(self, labels) -> np.ndarray:
        """Hexes-table rows of map labels (vectorised)."""
        rows = self._label_index.get_indexer(np.asarray(labels, dtype=str))
        if (rows < 0).any():
            raise KeyError(f"unknown hex labels on map {self.hexmap.name!r}: {list(np.asarray(labels)[rows < 0][:5])}")
        return rows

    def draw_range(self, frame, lang: str) -> None:
        """Shade the hexes a leg reaches by cost and hatch the blocked ones, the reason on hover.

        ``frame`` is the supply engine's range table (``label``, ``cost``, ``budget``,
        ``reachable``, ``blocked_reason``), or None to clear both layers.
        """
        if frame is None or not len(frame):
            self.range.clear()
            self.blocked.clear()
            return
        reach = frame["reachable"].to_numpy(dtype=bool)
        labels = frame["label"].to_numpy(dtype=str)
        cost = frame["cost"].to_numpy(dtype=float)
        budget = frame["budget"].to_numpy(dtype=float)
        colors = [range_color(c, b) for c, b in zip(cost[reach], budget[reach])]
        text = [label("ui.supply.cost", lang, hex=h, cost=int(c), budget=int(b))
                for h, c, b in zip(labels[reach], cost[reach], budget[reach])]
        self.range.show(self.rows_of(labels[reach]), colors, 0.55, text)
        codes = frame["blocked_reason"].to_numpy(dtype=object)
        blocked = ~reach & pd.notna(codes)
        text = [f"{h}: {block_text(c, lang)}" for h, c in zip(labels[blocked], codes[blocked])]
        self.blocked.show(self.rows_of(labels[blocked]), BLOCKED_COLOR, 0.25, text)

    def clear_supply(self) -> None:
        self.draw_chain([], "en")
        self.draw_range(None, "en")


def step_costs(leg, n: int) -> list | None:
    """The running cost at each hex of a leg (index 0 the tracer's hex), when the engine gives it."""
    for name in ("running", "step_costs"):
        values = _field(leg, name)
        if values is not None and len(values) == n:
            return list(values)
    return None


def reason_text(reason, lang: str) -> str:
    """Why a unit is out of supply, in ``lang``: the engine's catalogue key when the catalogue
    has it, else words built from its code and parameters, else its own (English) text."""
    from viewer.i18n import has

    if reason is None:
        return ""
    if isinstance(reason, str):
        return reason
    key, code = _field(reason, "key"), _field(reason, "code")
    params = dict(_field(reason, "params", {}) or {})
    if key and has(key):
        try:
            return label(key, lang, **params)
        except (KeyError, IndexError, ValueError):
            pass
    if code and has(f"ui.supply.why.{code}"):
        try:
            return "; ".join(_why_parts(code, params, lang))
        except (KeyError, IndexError, ValueError):
            pass
    return str(_field(reason, "text", key or ""))


def _why_parts(code: str, params: dict, lang: str) -> list[str]:
    parts = [label(f"ui.supply.why.{code}", lang, **params)]
    if "nearest" in params:
        if params.get("nearest_cost") is not None:
            parts.append(label("ui.supply.why.nearest", lang, nearest=params["nearest"], cost=params["nearest_cost"]))
        else:
            parts.append(label("ui.supply.why.no_path", lang, nearest=params["nearest"]))
    if params.get("reached"):
        parts.append(label("ui.supply.why.reached", lang, sources=", ".join(map(str, params["reached"]))))
    if params.get("blocked"):
        hexes = ", ".join(f"{b['hex']} ({block_text(b['why'], lang)})" for b in params["blocked"][:8])
        parts.append(label("ui.supply.why.blocked_at", lang, hexes=hexes))
    return parts


def block_text(code: str, lang: str) -> str:
    """What a blocked hex's code means, in ``lang`` (the supply rules' catalogue keys)."""
    from viewer.i18n import has

    for key in (f"supply.block.{code}", f"ui.supply.block.{code}"):
        if has(key):
            try:
                return label(key, lang)
            except (KeyError, IndexError, ValueError):
                continue
    return str(code)


def fault_text(fault, lang: str) -> str:
    """A stacking fault in ``lang``: its catalogue reason with parameters (WiF 2.3)."""
    from viewer.i18n import has

    key, params = _field(fault, "reason"), dict(_field(fault, "params", {}) or {})
    params.setdefault("count", _field(fault, "count"))
    params.setdefault("limit", _field(fault, "limit"))
    if key and has(key):
        try:
            return label(key, lang, **params)
        except (KeyError, IndexError, ValueError):
            pass
    return f"{_field(fault, 'kind', '')} {params['count']}/{params['limit']}"


def _chain_columns(segments) -> dict:
    return {
        "x0": [float(a[0]) for a, _, _, _ in segments], "y0": [float(a[1]) for a, _, _, _ in segments],
        "x1": [float(b[0]) for _, b, _, _ in segments], "y1": [float(b[1]) for _, b, _, _ in segments],
        "color": [LEG_STYLES[k][0] for _, _, k, _ in segments], "alpha": [0.9] * len(segments),
        "label": [lab for _, _, _, lab in segments], "dash": [LEG_STYLES[k][1] for _, _, k, _ in segments],
        "kind": [k for _, _, k, _ in segments],
    }
