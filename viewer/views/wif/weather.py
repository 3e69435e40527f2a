"""The WiF weather panel: the climate-zone layer coloured by each zone's weather, the controls to
set or roll it, the roll history, and what the weather does to the clicked hex.

The layer is one overlay of the map view (``view.overlays``, name ``weather``); a change of the
weather *patches* the colours of that zone's hexes, never the base map. The hex's effects come
from the ``wif.weather-effects`` calculator, each with a rule link.
"""
from __future__ import annotations

import weakref
from types import MappingProxyType

import numpy as np
import pandas as pd
import panel as pn
import param

from viewer.board import HexMap
from viewer.calculators import REGISTRY
from viewer.games import section
from viewer.rules.wif.weather import CONDITIONS, SETTING_CHOICES, ZONES, effective_weather
from viewer.rules.wif.weather_effects import MAP_CLASSES
from viewer.state import SessionState
from viewer.state.wif.weather import WeatherSession
from viewer.userdata import UserStore
from viewer.views.common.bounded import BoundedInputs
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.common.colors import WATER_TERRAIN
from viewer.views.common.chart_editor import ChartEditor
from viewer.views.common.step_list import StepList
from viewer.views.common.text import alert, label, markdown, plain
from viewer.views.map.mapview import MapView

#: The setting selects: wide enough for the longest choice in either language ("Nieve o Tormenta
#: (como está impreso)"), their titles wrapping rather than running into the next select.
SETTING_WIDTH = 320
WRAPPED_TITLE = "label { white-space: normal; }"
from viewer.views.wif.chart_targets import WeatherTarget

LAYER = "weather"
#: Fine leaves the map untinted (a yellow read as desert); Rain is green, not the sea's blue.
WEATHER_COLORS = {
    "fine": "#ffffff00",
    "rain": "#2e9e5b",
    "snow": "#c9d6ff",
    "storm": "#5b3f8c",
    "blizzard": "#1b9aaa",
    None: "#9e9e9e",
}
LAYER_ALPHA = 0.5
#: Sea hexes take their zone's weather too (WiF 8.1), more faintly: under one tint at one
#: opacity the coast vanished and land and sea read as one colour.
SEA_ALPHA = 0.22
#: The key's outline for Fine (no tint on the map, so the swatch is an empty hex).
FINE_OUTLINE = "#777777"
#: The zone select's entry for a zone whose weather the last roll could not read (chart cell missing).
UNKNOWN = "unknown"
_SWATCH = ('<span style="display:inline-block;width:14px;height:14px;margin:0 4px 0 10px;'
           'vertical-align:middle;border:1px solid #555;background:{color};opacity:0.8"></span>{name}')


def weather_color(condition: str | None) -> str:
    return WEATHER_COLORS.get(condition, WEATHER_COLORS[None])


def zone_keys(hexmap: HexMap):
    """The map's climate zones in ZONES order, each zoned hex's code in that list, and each
    zone's hex keys (read-only tuples), computed once per map like :func:`weather_hexes`."""
    if hexmap in _ZONE_KEYS:
        return _ZONE_KEYS[hexmap]
    sheets, q, r, zone_of = weather_hexes(hexmap)
    zones = tuple(z for z in ZONES if (zone_of == ZONES.index(z)).any())
    code = {ZONES.index(z): i for i, z in enumerate(zones)}
    codes = np.array([code[c] for c in zone_of.tolist()], dtype=np.int16) if len(zone_of) else zone_of
    codes.setflags(write=False)
    keys = {z: tuple(zip(sheets[codes == i].tolist(), q[codes == i].tolist(), r[codes == i].tolist()))
            for i, z in enumerate(zones)}
    _ZONE_KEYS[hexmap] = out = (zones, codes, MappingProxyType(keys))
    return out


def weather_hexes(hexmap: HexMap):
    """The map's hexes that have a climate zone (WiF 8.1): sheets, q, r and each one's zone index
    in ZONES. Computed once per map (a shared map serves every session)."""
    if hexmap in _ZONED:
        return _ZONED[hexmap]
    zoned = _zoned(hexmap.hexes)
    index = {z: i for i, z in enumerate(ZONES)}
    out = (zoned["sheet"].to_numpy(dtype=object), zoned["q"].to_numpy(dtype=np.int64),
           zoned["r"].to_numpy(dtype=np.int64),
           np.array([index[z] for z in zoned["climate_zone"].tolist()], dtype=np.int16))
    _ZONED[hexmap] = out
    return out


def _zoned(hexes: pd.DataFrame) -> pd.DataFrame:
    """The rows of ``hexes`` in a climate zone (WiF 8.1)."""
    zone_col = hexes["climate_zone"] if "climate_zone" in hexes else pd.Series([], dtype=object)
    return hexes[(zone_col.notna() & zone_col.isin(ZONES)).to_numpy()]


def weather_alphas(hexmap: HexMap) -> np.ndarray:
    """The weather layer's opacity of each zoned hex (:func:`weather_hexes` order): sea and lake
    hexes fainter than land, so the coast shows through the tint."""
    if hexmap in _ALPHAS:
        return _ALPHAS[hexmap]
    zoned = _zoned(hexmap.hexes)
    water = zoned["terrain"].isin(WATER_TERRAIN).to_numpy() if "terrain" in zoned else np.zeros(len(zoned), bool)
    out = np.where(water, SEA_ALPHA, LAYER_ALPHA).astype(np.float32)
    out.setflags(write=False)
    _ALPHAS[hexmap] = out
    return out


#: Zoned hexes per map object, forgotten with the map.
_ZONED: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ZONE_KEYS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_ALPHAS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class WeatherPanel(pn.viewable.Viewer):
    """Weather controls, history and hex effects for a :class:`MapView` of a WiF map."""

    mapview = param.ClassSelector(class_=MapView, doc="The map whose climate zones are coloured.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language, selected hex, rule panel.")

    weather = param.ClassSelector(class_=WeatherSession, doc="The session's weather (one per session).")

    store = param.ClassSelector(class_=UserStore, doc="Where the user's charts are kept.")

    def __init__(self, **params):
        params.setdefault("state", params["mapview"].state if params.get("mapview") else SessionState())
        if params.get("weather") is None:
            params["weather"] = WeatherSession()
        if params.get("store") is None:
            params["store"] = UserStore()
        super().__init__(**params)
        sheets, q, r, _ = weather_hexes(self.mapview.hexmap)
        zones, codes, self.keys_by_zone = zone_keys(self.mapview.hexmap)
        self.zones = list(zones)
        self._shown: dict[str, str | None] = {z: self.weather.zones.get(z) for z in self.zones}
        layer = self.mapview.overlays.add_coded(LAYER, sheets, q, r, codes, self._palette(),
                                                legend_key="ui.weather.layer", names=self.zones,
                                                alphas=weather_alphas(self.mapview.hexmap))
        self.mapview.hex_hover.add(LAYER, layer.renderers, field="code", names=self._hover_names(self.state.lang),
                                   rank=1)
        #: The key's swatch: the weather colour of the zone with the most hexes of this map.
        self._main_zone = max(self.zones, key=lambda z: len(self.keys_by_zone[z])) if self.zones else None
        self._swatch = self.mapview.overlays.swatch(LAYER, self._swatch_color(), alpha=LAYER_ALPHA)
        if self._swatch is not None:
            self._swatch.glyph.line_color = self._swatch_line()
        self.mapview.info.add_rows(self.info_rows)
        self._build_widgets()
        self.editor = ChartEditor(target=WeatherTarget(self.weather, self.store), state=self.state, store=self.store)
        self.weather.param.watch(self._on_zones, "zones")
        self.weather.param.watch(self._on_roll, ["history", "last_asterisks", "last_missing"])
        self.weather.param.watch(self._on_selected, "settings")
        self.state.param.watch(self._on_selected, "selected")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    # ------------------------------------------------------------------ widgets
    def _build_widgets(self):
        self.zone_selects = {}
        for z in self.zones:
            sel = pn.widgets.Select(value=self.weather.zones.get(z) or UNKNOWN, width=170,
                                    css_classes=["weather-zone", f"weather-zone-{z}"])
            sel.param.watch(self._zone_handler(z), "value")
            self.zone_selects[z] = sel
        self.bimonth = pn.widgets.Select(value=self.weather.bimonth, width=130, css_classes=["weather-bimonth"])
        self.bimonth.param.watch(lambda e: setattr(self.weather, "bimonth", e.new), "value")
        self.raw = pn.widgets.IntInput(value=1, start=0, end=10, width=110, css_classes=["weather-raw"])
        self.asterisks = pn.widgets.IntInput(value=self.weather.last_asterisks, start=0, end=3, width=150,
                                             css_classes=["weather-asterisks"])
        #: The d10 face and the carried asterisks: refused with a message when out of range, not clamped.
        self.numbers = BoundedInputs(self.state, "weather-refused")
        self.numbers.add("raw", self.raw, (0, 10), lambda lang: label("ui.weather.raw", lang))
        self.numbers.add("asterisks", self.asterisks, WeatherSession.param.last_asterisks.bounds,
                         lambda lang: label("ui.weather.asterisks", lang), on_accept=self._asterisks_typed,
                         may_be_empty=True)
        self.apply = pn.widgets.Button(width=150, css_classes=["weather-apply"])
        self.apply.on_click(lambda _e: self._roll(self.numbers.value("raw")))
        self.roll_button = pn.widgets.Button(color="primary", width=110, css_classes=["weather-roll"])
        self.roll_button.on_click(lambda _e: self._roll(None))
        self.setting_selects = {}
        for name, choices in SETTING_CHOICES.items():
            sel = pn.widgets.Select(value=getattr(self.weather.settings, name), width=SETTING_WIDTH,
                                    css_classes=["weather-setting", f"weather-setting-{name}"],
                                    stylesheets=[WRAPPED_TITLE])
            sel.param.watch(self._setting_handler(name), "value")
            self.setting_selects[name] = sel
        self.legend = pn.pane.HTML("", css_classes=["weather-legend"], margin=(0, 10))
        self.error = alert("", alert_type="warning", visible=False, css_classes=["weather-error"])
        self.missing = markdown("", css_classes=["weather-missing"], margin=(0, 10))
        self.history_title = markdown("", margin=(0, 10))
        self.history = markdown("", css_classes=["weather-history"], margin=(0, 10))
        self.effects_title = markdown("", css_classes=["weather-effects-title"], margin=(0, 10))
        self.effects = StepList(numbered=False, item_class="weather-effect", css_classes=["weather-effects"])
        self._controls = pn.Card(
            self.legend, pn.Row(*self.zone_selects.values()),
            pn.Row(self.bimonth, self.asterisks, self.raw, self.apply, self.roll_button),
            self.numbers.box, self.error, self.missing, self.history_title, self.history,
            pn.FlexBox(*self.setting_selects.values(), flex_wrap="wrap", sizing_mode="stretch_width"),
            title="", collapsible=False, sizing_mode="stretch_width", css_classes=["weather-controls"])
        self._hex = pn.Card(self.effects_title, self.effects, title="", collapsible=False,
                            sizing_mode="stretch_width", css_classes=["weather-hex"])

    # ------------------------------------------------------------------ behaviour
    def _zone_handler(self, zone: str):
        def handler(event):
            new = None if event.new == UNKNOWN else event.new
            if self.weather.zones.get(zone) != new:
                with pn.io.hold():   # the map, the effects and the scenario in one message
                    self.weather.set_zone(zone, new)
        return handler

    def _setting_handler(self, name: str):
        def handler(event):
            if event.new is not None and getattr(self.weather.settings, name) != event.new:
                self.weather.settings = self.weather.settings.with_(**{name: event.new})
        return handler

    def _asterisks_typed(self, value):
        if value != self.weather.last_asterisks:
            self.weather.last_asterisks = value

    def _roll(self, raw):
        self.error.visible = False
        if self.weather.last_asterisks is None:     # WiF 8.1: the roll adds the last result's asterisks
            self.error.object = label("ui.weather.asterisks_unknown", self.state.lang)
            self.error.visible = True
            return
        try:
            self.weather.roll(raw)
        except ValueError as err:
            self.error.object = plain(err)
            self.error.visible = True

    def weather_calculators(self, state: SessionState | None = None) -> CalculatorList:
        """The three weather calculators as one chooser (a card is built the first time it is
        chosen, keeping the page light); the roll card follows this session's turn, carried
        asterisks and chart (the shipped cells plus the user's). The cards use ``state`` (the
        calculators section's) if given, else this panel's."""
        chooser = CalculatorList(state or self.state, section("wif", "weather"), prompt=None,
                                 css_class="weather-calculator-select")
        roll = chooser.card(chooser.slugs[0])
        self.cards = chooser.cards

        def follow(*_):
            roll.calculator.user_chart = self.weather.chart
            wanted = {"bimonth": self.weather.bimonth, "last_asterisks": self.weather.last_asterisks}
            changed = [k for k, v in wanted.items() if v is not None and roll.widgets[k].value != v]
            for k in changed:  # each change recomputes the card once
                roll.widgets[k].value = wanted[k]
            if not changed:
                roll.recompute()

        self.weather.param.watch(follow, ["chart", "bimonth", "last_asterisks"])
        follow()
        chooser.layout.css_classes = [*chooser.layout.css_classes, "weather-calculators"]
        return chooser

    def set_zone(self, zone: str, weather: str) -> None:
        """Set a zone's weather as the zone's control would."""
        self.zone_selects[zone].value = weather

    def _hover_names(self, lang: str) -> list[str]:
        """What the hover box says of each zone's hexes: the zone's weather now."""
        return [label(f"weather.{self._shown[z]}", lang) if self._shown.get(z) else label("ui.weather.unknown_short", lang)
                for z in self.zones]

    def info_rows(self, key, lang: str) -> list[tuple[str, str]]:
        """The hex panel's weather row: the weather of the hex's climate zone and, when its
        terrain shifts it, what the hex suffers (WiF 8.2.1)."""
        attrs = self.mapview.hexmap.hex(key)
        zone = attrs.get("climate_zone")
        if zone not in ZONES:
            return []
        weather = self.weather.zones.get(zone)
        if weather is None:
            return [(label("ui.weather.now", lang), label("ui.weather.unknown_short", lang))]
        effective = effective_weather(weather, attrs.get("terrain"))
        text = label(f"weather.{weather}", lang)
        if effective != weather:
            text = label("ui.weather.in_hex", lang, weather=text, effective=label(f"weather.{effective}", lang))
        return [(label("ui.weather.now", lang), text)]

    def _swatch_color(self) -> str:
        return weather_color(self._shown.get(self._main_zone) if self._main_zone else None)

    def _swatch_line(self) -> str:
        """The swatch's outline: its colour, or grey for Fine, which tints nothing."""
        color = self._swatch_color()
        return FINE_OUTLINE if color == WEATHER_COLORS["fine"] else color

    def _palette(self) -> list[str]:
        """The layer's colour of each zone: its weather's."""
        return [weather_color(self._shown[z]) for z in self.zones]

    def _on_zones(self, *_):
        changed = False
        for z in self.zones:
            new = self.weather.zones.get(z)
            if new != self._shown.get(z):
                self._shown[z] = new
                changed = True
            if self.zone_selects[z].value != (new or UNKNOWN):
                self.zone_selects[z].value = new or UNKNOWN
        if changed:
            self._patch_layer(self._palette())
            if self._swatch is not None:
                color = self._swatch_color()
                self._swatch.glyph.update(fill_color=color, line_color=self._swatch_line())
            self.mapview.hex_hover.update(LAYER, names=self._hover_names(self.state.lang))
        self.mapview.info.refresh()
        self._on_selected()

    def _patch_layer(self, palette: list[str]) -> None:
        """Give the layer the zones' new colours: a palette of one colour per zone, whatever the
        number of hexes; in a served page on the next tick, in its own message (a roll on the world
        map recolours four sheets while the scenario panel recomputes; tests/ui/test_world.py)."""
        doc = pn.state.curdoc
        if doc is None or doc.session_context is None:
            self.mapview.overlays.set_palette(LAYER, palette)
            return
        doc.add_next_tick_callback(lambda: self.mapview.overlays.set_palette(LAYER, palette))

    def _on_roll(self, *_):
        lang = self.state.lang
        if self.asterisks.value != self.weather.last_asterisks:
            self.asterisks.value = self.weather.last_asterisks     # None: unknown, the field empty
        self.missing.object = self._missing_text(lang)
        rows = []
        for i, rec in enumerate(self.weather.history, 1):
            zones = ", ".join(f"{label(f'climate.{z}', lang)}: "
                              f"{label('weather.' + w, lang) if w else label('ui.weather.unknown_short', lang)}"
                              for z, w in rec.weather.items() if z in self.zones)
            out = "?" if rec.asterisks is None else rec.asterisks
            rows.append(f"| {i} | {label(f'bimonth.{rec.bimonth}', lang)} | {rec.raw} | +{rec.last_asterisks} | "
                        f"{rec.modified} | {zones} | {out} |")
        head = label("ui.weather.history_head", lang)
        self.history.object = (head + "\n" + "\n".join(reversed(rows))) if rows else label("ui.weather.no_rolls", lang)

    def _missing_text(self, lang: str) -> str:
        """One sentence naming the chart cells the last roll needed and the chart lacks: only the
        zones of this map, and the result's asterisks and impulse advance (WiF 8.1)."""
        columns = [c.rsplit("/", 1)[-1] for c in self.weather.last_missing]
        names = [label(f"climate.{c}", lang) for c in columns if c in self.zones]
        names += [label(f"calc.wif.weather-roll.result.{c}", lang) for c in columns if c not in ZONES]
        if not names or not self.weather.history:
            return ""
        last = self.weather.history[-1]
        return "> " + label("ui.weather.missing", lang, turn=label(f"bimonth.{last.bimonth}", lang),
                            roll=last.modified, cells=", ".join(names))

    def effects_rows(self) -> list:
        """The selected hex's weather effects as calculator steps (empty when no hex is selected)."""
        key = self.state.selected
        hexmap = self.mapview.hexmap
        if key is None or key not in hexmap:
            return []
        attrs = hexmap.hex(key)
        zone, terrain = attrs.get("climate_zone"), attrs.get("terrain")
        weather = self.weather.zones.get(zone) if zone in ZONES else None
        calc_cls = REGISTRY["wif.weather-effects"]
        if weather is None or terrain not in calc_cls.param["terrain"].objects:
            return []
        feats = hexmap.features
        here = feats[(feats["sheet"] == key[0]) & (feats["q"] == key[1]) & (feats["r"] == key[2])]
        freezable = bool(here["freezable"].fillna(False).astype(bool).any()) if "freezable" in here else False
        map_class = attrs.get("map_class")
        calc = calc_cls(zone_weather=weather, terrain=terrain, zone=zone,
                        map_class=map_class if map_class in MAP_CLASSES else "other",
                        off_map=bool(attrs.get("off_map")), port_freezable=freezable,
                        **self.weather.settings.to_dict())
        return calc.compute().steps

    def _on_selected(self, *_):
        lang = self.state.lang
        key = self.state.selected
        hexmap = self.mapview.hexmap
        if key is None or key not in hexmap:
            self.effects_title.object = label("ui.weather.select_hex", lang)
            self.effects.show([], lang)
            return
        attrs = hexmap.hex(key)
        zone = attrs.get("climate_zone")
        weather = self.weather.zones.get(zone) if zone in ZONES else None
        steps = self.effects_rows()
        if zone not in ZONES:
            self.effects_title.object = label("ui.weather.no_zone", lang, hex=attrs["label"])
        elif weather is None:
            self.effects_title.object = label("ui.weather.unknown_zone", lang, hex=attrs["label"],
                                              zone=label(f"climate.{zone}", lang))
        else:
            self.effects_title.object = label(
                "ui.weather.hex_title", lang, hex=attrs["label"], zone=label(f"climate.{zone}", lang),
                weather=label(f"weather.{weather}", lang),
                effective=label(f"weather.{effective_weather(weather, attrs.get('terrain'))}", lang))
        self.effects.show(steps, lang)

    def _on_lang(self, *_):
        lang = self.state.lang
        options = {label(f"weather.{c}", lang): c for c in CONDITIONS}
        options[label("ui.weather.unknown_short", lang)] = UNKNOWN
        for z, sel in self.zone_selects.items():
            value = sel.value
            sel.options = options
            sel.value = value
            sel.name = label(f"climate.{z}", lang)
        calc_cls = REGISTRY["wif.weather-effects"]
        for name, sel in self.setting_selects.items():
            value = sel.value
            sel.options = {label(f"ui.weather.setting.{v}", lang): v for v in SETTING_CHOICES[name]}
            sel.value = value
            sel.name = calc_cls.param_label(name, lang)
        value = self.bimonth.value
        self.bimonth.options = {label(f"bimonth.{b}", lang): b for b in self.weather.param["bimonth"].objects}
        self.bimonth.value = value
        self.bimonth.name = label("ui.weather.turn", lang)
        self.raw.name = label("ui.weather.raw", lang)
        self.asterisks.name = label("ui.weather.asterisks", lang)
        self.apply.label = label("ui.weather.apply", lang)
        self.roll_button.label = label("ui.weather.roll", lang)
        self._controls.title = label("ui.weather.title", lang)
        self._hex.title = label("ui.weather.hex_effects", lang)
        self.history_title.object = f"**{label('ui.weather.history', lang)}**"
        self.mapview.hex_hover.update(LAYER, title=label("ui.weather.now", lang), names=self._hover_names(lang))
        self.legend.object = "".join(
            _SWATCH.format(color=weather_color(c), name=label(f"weather.{c}", lang)) for c in CONDITIONS
        ) + _SWATCH.format(color=weather_color(None), name=label("weather.unknown", lang))
        self._on_roll()
        self._on_selected()

    def __panel__(self):
        return pn.Column(self._controls, self._hex, self.editor, sizing_mode="stretch_width")
