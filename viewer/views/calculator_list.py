"""A chooser of calculator cards: one Select of titles (in the session's language) and the chosen card.

Nothing is built until a calculator is chosen (the page stays light); cards are then kept, so each
keeps its inputs. Linked to a map, selecting a
hex fills the cards' weather (and the ground strike's terrain) from the hex and the session's
weather; selecting a sea hex fills the naval cards' weather.
"""
from __future__ import annotations

import math

import panel as pn

from ..games import section
from ..calculators import REGISTRY
from ..state import SessionState
from .calculator_card import CalculatorCard
from .text import label

#: The WiF combat, bombing, war-entry and initiative calculators (issue 8), in the order shown.
WIF_COMBAT = section("wif", "combat")
#: Cards whose weather is the sea area's, and cards whose weather is the target hex's.
SEA_WEATHER = ("wif.naval-search", "wif.asw", "wif.aa-fire")
HEX_WEATHER = ("wif.ground-strike", "wif.strategic-bombing", "wif.carpet-bombing", "wif.land-odds")


class CalculatorList(pn.viewable.Viewer):
    """Choose one of ``slugs`` and show its :class:`CalculatorCard`."""

    def __init__(self, state: SessionState, slugs, hexmap=None, weather=None, store=None, **params):
        super().__init__(**params)
        self.state, self.slugs, self.hexmap, self.weather, self.store = state, list(slugs), hexmap, weather, store
        self.cards: dict[str, CalculatorCard] = {}
        self.context: dict[str, dict] = {}
        self.select = pn.widgets.Select(options=self._options(), value="",
                                        css_classes=["calculator-list-select"], width=320)
        self._holder = pn.Column(sizing_mode="stretch_width")
        self.select.param.watch(self._show, "value")
        state.param.watch(self._relabel, "lang")
        if hexmap is not None:
            state.param.watch(self._on_selected, "selected")
        self._relabel()
        self._show()
        self.layout = pn.Column(self.select, self._holder, sizing_mode="stretch_width",
                                css_classes=["calculator-list"])

    def _options(self) -> dict[str, str]:
        lang = self.state.lang
        return {label("ui.calculator_list.pick", lang): "", **{REGISTRY[s].title(lang): s for s in self.slugs}}

    def _relabel(self, *_):
        value = self.select.value
        self.select.options = self._options()
        self.select.value = value
        self.select.name = label("ui.calculator_list.choose", self.state.lang)

    def card(self, slug: str) -> CalculatorCard:
        """The card of ``slug`` (built on first use with any inputs the map has filled in)."""
        if slug not in self.cards:
            calc = REGISTRY[slug](**self.context.get(slug, {}))
            self.cards[slug] = CalculatorCard(calculator=calc, state=self.state, store=self.store)
        return self.cards[slug]

    def _show(self, *_):
        slug = self.select.value
        self._holder.objects = [self.card(slug)] if slug else []

    # ------------------------------------------------------------------ map link
    def fill(self, slug: str, **values) -> None:
        """Set inputs of ``slug``'s card (now, or when it is first built)."""
        cls = REGISTRY[slug]
        values = {k: v for k, v in values.items()
                  if k in cls.param and (not hasattr(cls.param[k], "objects") or v in cls.param[k].objects)}
        self.context.setdefault(slug, {}).update(values)
        if slug in self.cards:
            self.cards[slug].apply_inputs(values)

    def _on_selected(self, *_):
        key = self.state.selected
        if key is None or self.weather is None or key not in self.hexmap:
            return
        from ..rules.wif.weather import ZONES, effective_weather
        attrs = self.hexmap.hex(key)
        zone, terrain = attrs.get("climate_zone"), attrs.get("terrain")
        zone_weather = self.weather.zones.get(zone) if zone in ZONES else None
        if zone_weather is None:
            return
        sea = attrs.get("sea_area")
        if isinstance(sea, str) or (sea is not None and not (isinstance(sea, float) and math.isnan(sea))):
            for slug in SEA_WEATHER:
                if slug in self.slugs:
                    self.fill(slug, weather=zone_weather)
        if terrain and terrain not in ("sea", "all-sea", "lake"):
            hex_weather = effective_weather(zone_weather, terrain)
            for slug in HEX_WEATHER:
                if slug in self.slugs:
                    self.fill(slug, weather=hex_weather)
            if "wif.ground-strike" in self.slugs:
                self.fill("wif.ground-strike", terrain=terrain)

    def __panel__(self):
        return self.layout
