"""The selected unit's supply in words (WiF 2.4), the overlays' key with a rule link for each, the
side whose enemy ZOC is shown, and a spinner while a slow recomputation runs.

The words come from the supply engine's result: in supply via each leg (kind, hexes, cost of
budget, the overseas part, the source reached), or out of supply with the engine's reason in
the session's language; never computed here.
"""
from __future__ import annotations

import panel as pn

from viewer.views.common.rulelink import RuleLink
from viewer.views.common.text import label, markdown
from viewer.views.wif.supply_layers import (
    BLOCKED_COLOR,
    LAYER_RULES,
    LEG_STYLES,
    RANGE_PALETTE,
    STACKING_COLOR,
    ZOC_COLOR,
    _field,
    reason_text,
)
from viewer.views.wif.unit_layer import RING_COLORS, power_name


def side_name(side: str, lang: str) -> str:
    """``axis``/``allies`` in ``lang``, else the (minor) power's name."""
    from viewer.i18n import has

    key = f"scenario.side.{side}"
    return label(key, lang) if has(key) else power_name(side, lang)

_SWATCH = ('<span style="display:inline-block;width:22px;height:10px;margin-right:6px;vertical-align:middle;'
           'background:{color};{extra}"></span>')
_LINE = ('<span style="display:inline-block;width:22px;height:0;margin-right:6px;vertical-align:middle;'
         'border-top:3px {style} {color}"></span>')


def supply_words(unit, result, hexmap, lang: str) -> str:
    """Markdown saying whether ``unit`` is in supply and through what, or why not."""
    if unit is None:
        return label("ui.supply.no_unit", lang)
    if result is None:
        return label("ui.supply.not_traced", lang, unit=unit.id)
    if _field(result, "at_sea"):
        return label("ui.supply.at_sea", lang, unit=unit.id)
    lines = []
    if _field(result, "in_supply"):
        lines.append(label("ui.supply.in", lang, unit=unit.id))
        for n, leg in enumerate(_field(result, "chain", []) or [], start=1):
            hexes = list(_field(leg, "hexes", []) or [])
            text = label("ui.supply.leg", lang, n=n, kind=label(f"ui.supply.leg.{_field(leg, 'kind', 'basic')}", lang),
                         start=hexes[0] if hexes else "?", to=_field(leg, "to", "?"),
                         cost=_field(leg, "cost", "?"), budget=_field(leg, "budget", "?"))
            areas = _field(leg, "sea_areas", []) or []
            if areas:
                text += "; " + label("ui.supply.leg.sea", lang, areas=", ".join(areas),
                                     port=_field(leg, "landing_port", None) or "?")
            lines.append(f"   {text}")
    else:
        lines.append(label("ui.supply.out", lang, unit=unit.id, reason=reason_text(_field(result, "reason"), lang)))
        hq = _field(result, "emergency_hq")
        if hq:
            lines.append(label("ui.supply.emergency", lang, hq=hq))
    return "\n\n".join(lines)


class SupplyReport(pn.viewable.Viewer):
    """The words, the overlays' key and the ZOC side chooser of a scenario panel."""

    def __init__(self, state, sides: list[str]):
        super().__init__()
        self.state = state
        self.title = markdown("", margin=(0, 10))
        self.words = markdown("", css_classes=["supply-words"], margin=(0, 10), sizing_mode="stretch_width")
        self.zoc_side = pn.widgets.Select(width=220, css_classes=["scenario-zoc-side"])
        self._sides = list(sides)
        self.spinner = pn.indicators.LoadingSpinner(value=False, visible=False, size=24, css_classes=["supply-busy"])
        self.busy_text = markdown("", visible=False, margin=(0, 6))
        self.key_title = markdown("", margin=(0, 10))
        self._keys = {name: pn.pane.HTML("", margin=(0, 4)) for name in LAYER_RULES}
        self.rows = [pn.Row(self._keys[name], RuleLink(ref=ref, state=state), css_classes=[f"overlay-key-{name}"])
                      for name, ref in LAYER_RULES.items()]
        self.layout = pn.Card(
            pn.Row(self.title, self.spinner, self.busy_text), self.words, self.zoc_side, self.key_title, *self.rows,
            title="", collapsible=True, sizing_mode="stretch_width", css_classes=["supply-report"])
        self.relabel()

    def set_sides(self, sides: list[str]) -> None:
        """The sides the ZOC chooser offers (those with units exerting ZOC)."""
        if sides != self._sides:
            self._sides = list(sides)
            self._relabel_sides()

    def _relabel_sides(self):
        lang = self.state.lang
        value = self.zoc_side.value
        self.zoc_side.options = {side_name(s, lang): s for s in self._sides}
        if value in self._sides:
            self.zoc_side.value = value

    def busy(self, on: bool) -> None:
        self.spinner.value = on
        self.spinner.visible = on
        self.busy_text.visible = on

    def relabel(self) -> None:
        lang = self.state.lang
        self.layout.title = label("ui.scenario.overlays", lang)
        self.title.object = f"**{label('ui.supply.title', lang)}**"
        self.busy_text.object = label("ui.scenario.busy", lang)
        self.zoc_side.name = label("ui.scenario.zoc_side", lang)
        self.key_title.object = f"**{label('ui.scenario.overlays', lang)}**"
        self._relabel_sides()
        swatches = {
            "supply_chain": "".join(_LINE.format(style=s, color=c) for c, s in LEG_STYLES.values()),
            "supply_range": "".join(_SWATCH.format(color=c, extra="") for c in RANGE_PALETTE[::2]),
            "supply_blocked": _SWATCH.format(color=BLOCKED_COLOR, extra="opacity:0.4"),
            "zoc": _SWATCH.format(color=ZOC_COLOR, extra="opacity:0.5"),
            "stacking": _SWATCH.format(color=STACKING_COLOR, extra="opacity:0.6"),
        }
        for name, pane in self._keys.items():
            pane.object = f"{swatches[name]}{label(f'map.layer.{name}', lang)}"
        rings = " ".join(f'<span style="color:{RING_COLORS[s]}">&#9711;</span> {label(k, lang)}' for s, k in
                         ((True, "ui.scenario.in_supply"), (False, "ui.scenario.out_of_supply"),
                          (None, "ui.scenario.unknown")))
        self._keys["supply_chain"].object += f"<br>{label('map.layer.units', lang)}: {rings}"

    def __panel__(self):
        return self.layout
