"""The WiF app's scenario section: editor, units on the map, supply/ZOC/stacking overlays and the
selected unit's supply in words, all bound to one session's state.

A change of the scenario (an edit, undo, a load), of the weather (the session's weather panel,
read only) or of the selected unit recomputes through the rules (WiF 2.2, 2.3, 2.4) and updates
the overlays' small sources in place; the figure is never rebuilt. A recomputation that took
longer than :data:`SLOW` seconds last time runs on the next tick behind a spinner.
"""
from __future__ import annotations

import html
import time

import panel as pn
import param

from viewer.rules.wif.scenario import SIDES
from viewer.state.wif.scenario import ScenarioState
from viewer.state.wif.weather import WeatherSession
from viewer.userdata import UserStore
from viewer.views.common.text import label, label_any
from viewer.views.map.mapview import MapView
from viewer.views.wif.scenario_editor import ScenarioEditor
from viewer.state.wif.results import ScenarioResults
from viewer.views.wif.supply_layers import SupplyLayers, _field
from viewer.views.wif.supply_report import SupplyReport, side_name, supply_words
from viewer.views.wif.unit_layer import UnitLayer, unit_words

#: Seconds above which the next recomputation shows the spinner first.
SLOW = 0.3


class ScenarioPanel(pn.viewable.Viewer):
    """Scenario editing and its overlays for a :class:`MapView` of a WiF map."""

    mapview = param.ClassSelector(class_=MapView, doc="The map the scenario is laid over.")

    weather = param.ClassSelector(class_=WeatherSession, allow_None=True, doc="""
        The session's weather (the weather panel's); its zones replace the scenario's own.""")

    store = param.ClassSelector(class_=UserStore, doc="Where the user's scenarios are saved.")

    def __init__(self, **params):
        if params.get("store") is None:
            params["store"] = UserStore()
        super().__init__(**params)
        self.state = self.mapview.state
        self.scenario = ScenarioState(hexmap=self.mapview.hexmap)
        self.results = ScenarioResults(self.mapview.hexmap)
        self.layers = SupplyLayers(self.mapview)
        self.units = UnitLayer(self.mapview)
        self.editor = ScenarioEditor(scenario=self.scenario, state=self.state, store=self.store)
        self.report = SupplyReport(self.state, [])
        # the loaded scenario's notes in the page's language (made once, its text set in place)
        self.notes = pn.pane.HTML("", visible=False, sizing_mode="stretch_width", margin=(0, 10),
                                  css_classes=["scenario-notes"])
        self.range_data = None
        self.last_seconds = 0.0
        self._pending = False
        self.scenario.param.watch(self._on_scenario, "scenario")
        self.scenario.param.watch(self._on_unit, "selected_unit")
        self.state.param.watch(self._on_click, "selected")
        self.state.param.watch(self._on_lang, "lang")
        self.report.zoc_side.param.watch(lambda _e: self.draw_zoc(), "value")
        if self.weather is not None:
            self.scenario.weather = dict(self.weather.zones)
            self.weather.param.watch(self._on_weather, "zones")
            self.scenario.param.watch(self._on_load, "loads")
        self.mapview.info.add_rows(self.info_rows)
        self._on_lang()

    # ------------------------------------------------------------------ recomputation
    def traced(self):
        """The scenario as traced: the session's weather in place of the scenario's."""
        return self.scenario.current()

    def recompute(self) -> None:
        """Recompute everything and update every overlay (synchronously)."""
        start = time.perf_counter()
        scenario = self.traced()
        res = self.results.compute(scenario)
        lang = self.state.lang
        self.units.set_supply(res.in_supply, scenario, self.scenario.selected_unit, lang)
        self._sync_sides(scenario)
        self.draw_zoc()
        self.layers.draw_stacking(res.stacking, lang)
        self.editor.fault_count = len(res.stacking)
        self.editor._refresh()
        self._draw_selected(scenario)
        self.mapview.info.refresh()  # the units in the selected hex
        self.last_seconds = time.perf_counter() - start

    def _schedule(self) -> None:
        """Recompute now, or behind the spinner on the next tick when the last one was slow."""
        doc = pn.state.curdoc
        if self.last_seconds < SLOW or doc is None or doc.session_context is None:
            self.recompute()
            return
        if self._pending:
            return
        self._pending = True
        self.report.busy(True)

        def run():
            self._pending = False
            try:
                self.recompute()
            finally:
                self.report.busy(False)

        doc.add_next_tick_callback(run)

    def _draw_selected(self, scenario) -> None:
        """The selected unit's chain, range and words; with no unit selected, the range towards
        the supply source (a city) in the selected hex, if any (WiF 2.4.2)."""
        lang = self.state.lang
        unit = self.scenario.unit()
        res = self.results.results
        result = res.supply.get(unit.id) if unit is not None and res is not None else None
        self.range_data = None
        source = None
        if unit is not None and unit.hex is not None and scenario is not None:
            self.range_data = self.results.supply_range(scenario, unit.id)
        elif unit is None and scenario is not None and self.state.selected is not None:
            source = self._city_at(self.state.selected)
            if source is not None:
                try:
                    self.range_data = self.results.supply_range(scenario, source)
                except ValueError:  # nobody controls it: no source
                    source = None
        self.layers.draw_range(self.range_data, lang)
        costs = None
        if self.range_data is not None:
            reached = self.range_data[self.range_data["reachable"]]
            costs = dict(zip(reached["label"].astype(str), reached["cost"]))
        self.layers.draw_chain(_field(result, "chain", []) if result is not None else [], lang, costs)
        words = supply_words(unit, result, self.mapview.hexmap, lang)
        if source is not None:
            frame = self.range_data
            blocked = int((~frame["reachable"] & frame["blocked_reason"].notna()).sum())
            words = label("ui.supply.source_range", lang, source=source, reached=int(frame["reachable"].sum()),
                          blocked=blocked) + "\n\n" + words
        self.report.words.object = words

    def _city_at(self, key) -> str | None:
        """The name of the city or capital in hex ``key`` (a possible supply source), or None."""
        f = self.mapview.hexmap.features
        here = f[(f["sheet"] == key[0]) & (f["q"] == key[1]) & (f["r"] == key[2]) & f["kind"].isin(["city", "capital"])]
        return str(here["name"].iat[0]) if len(here) else None

    def _sync_sides(self, scenario) -> None:
        """Offer the sides whose units exert ZOC; keep the chosen one, else the selected unit's enemy."""
        res = self.results.results
        sides = sorted(res.zoc, key=lambda s: (s not in SIDES, s)) if res is not None else []
        self.report.set_sides(sides)
        if self.report.zoc_side.value not in sides:
            enemy = self._enemy_side(scenario)
            self.report.zoc_side.value = enemy if enemy in sides else (sides[0] if sides else None)

    def _enemy_side(self, scenario) -> str | None:
        """The side facing the selected unit: its enemy's ZOC is what bars its supply (WiF 2.4.2)."""
        unit = self.scenario.unit()
        own = scenario.side_of(unit.power) if unit is not None and scenario is not None else None
        return {SIDES[0]: SIDES[1], SIDES[1]: SIDES[0]}.get(own)

    def draw_zoc(self) -> None:
        """Show the chosen side's ZOC (WiF 2.2)."""
        res = self.results.results
        side = self.report.zoc_side.value
        mask = res.zoc.get(side) if res is not None and side is not None else None
        lang = self.state.lang
        self.layers.draw_zoc(mask, side_name(side, lang) if side else "", lang)

    def info_rows(self, key, lang: str) -> list[tuple[str, str]]:
        """The hex panel's rows of the units in hex ``key``: one per unit, in words (type, power,
        printed factors when the scenario gives them, face up or flipped, supply once traced)."""
        scenario = self.scenario.scenario
        if scenario is None:
            return []
        traced = self.results.results is not None
        supply = self.results.results.in_supply if traced else {}
        return [(label("ui.scenario.unit", lang), unit_words(u, lang, supply.get(u.id), traced=traced))
                for u in scenario.units_at(tuple(key))]

    def notes_html(self, lang: str) -> str:
        """The loaded scenario's name and notes in ``lang`` (English when the file gives no
        Spanish notes); empty when no scenario or no notes. The file's text is escaped."""
        scenario = self.scenario.scenario
        text = scenario.notes_in(lang) if scenario is not None else ""
        if not text.strip():
            return ""
        title = self.scenario.title
        name = label_any([f"ui.scenario.name.{title}"], lang, title) if title else scenario.name
        head = label("ui.scenario.notes", lang, name=name or "—")
        return f"<details open><summary><b>{html.escape(head)}</b></summary><p>{html.escape(text.strip())}</p></details>"

    def _draw_notes(self) -> None:
        text = self.notes_html(self.state.lang)
        self.notes.object = text
        self.notes.visible = bool(text)

    # ------------------------------------------------------------------ events
    def _on_scenario(self, *_):
        self._draw_notes()
        self._schedule()

    def _on_weather(self, event):
        self.scenario.weather = dict(event.new)
        self._schedule()

    def _on_load(self, *_):
        """A loaded scenario (a lesson) brings its weather: the weather panel shows it."""
        own = self.scenario.scenario.weather if self.scenario.scenario is not None else {}
        zones = {z: w for z, w in own.items() if z in self.weather.zones and self.weather.zones[z] != w}
        if zones:
            self.weather.zones = {**self.weather.zones, **zones}

    def _on_unit(self, *_):
        scenario = self.traced()
        self.units.update(scenario, self.scenario.selected_unit, self.state.lang)
        enemy = self._enemy_side(scenario)
        if enemy in self.report._sides and enemy != self.report.zoc_side.value:
            self.report.zoc_side.value = enemy  # redraws the ZOC
        self._draw_selected(scenario)

    def _on_click(self, event):
        before = self.scenario.selected_unit
        self.scenario.click(event.new)
        if self.scenario.selected_unit is None and before is None and self.scenario.scenario is not None:
            self._draw_selected(self.traced())  # a hex with no unit: perhaps a source's range

    def _on_lang(self, *_):
        lang = self.state.lang
        self.units.relabel(lang)
        self.report.relabel()
        self._draw_notes()
        if self.results.results is not None:
            self.recompute()
        else:
            self.report.words.object = supply_words(None, None, self.mapview.hexmap, lang)

    def __panel__(self):
        return pn.Column(self.notes, pn.Row(self.editor, self.report, sizing_mode="stretch_width"),
                         sizing_mode="stretch_width")
