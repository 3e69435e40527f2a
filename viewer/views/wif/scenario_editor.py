"""The WiF scenario editor: lessons, files, saved scenarios and the edits a player makes.

Bound to a :class:`~viewer.state.wif.scenario.ScenarioState`: load a worked scenario (a lesson) or a
YAML file, download or save the current one, place a unit on the selected hex, move the selected
unit to the next hex clicked, flip or remove it, change the selected hex's control (WiF 2.5),
set who is at war (WiF 9.2) and undo. A bad file or edit shows what is wrong and changes nothing.
"""
from __future__ import annotations

from itertools import combinations

import panel as pn
import param

from viewer.i18n import has
from viewer.rules.wif.scenario import MAJOR_POWERS, SIDES, UNIT_TYPES, map_politics
from viewer.state import SessionState
from viewer.state.wif.scenario import ScenarioState
from viewer.userdata import UserStore
from viewer.views.common.text import label, label_any, markdown
from viewer.views.wif.scenario_files import Messages, ScenarioFiles
from viewer.views.wif.unit_layer import power_name

_PAIR = "|"


def pair_value(pair) -> str:
    return _PAIR.join(sorted(pair))


class ScenarioEditor(pn.viewable.Viewer):
    """Controls that edit a session's scenario (see the module docstring)."""

    scenario = param.ClassSelector(class_=ScenarioState, doc="The session's scenario being edited.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language and selected hex.")

    store = param.ClassSelector(class_=UserStore, doc="Where the user's scenarios are saved.")

    def __init__(self, **params):
        if params.get("store") is None:
            params["store"] = UserStore()
        super().__init__(**params)
        self.messages = Messages(self.state)
        self.message = self.messages.pane
        self.files = ScenarioFiles(self.scenario, self.state, self.store, self.messages)
        self.file = self.files.file
        politics = map_politics(self.scenario.hexmap)
        self.powers = list(MAJOR_POWERS) + sorted(set(politics.minors) - set(MAJOR_POWERS))
        self._build()
        self.scenario.param.watch(self._refresh, ["scenario", "selected_unit", "mode", "history"])
        self.state.param.watch(self._refresh, "selected")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    # ------------------------------------------------------------------ widgets
    def _build(self):
        self.units_here = pn.widgets.Select(width=260, css_classes=["scenario-units-here"])
        self.units_here.param.watch(self._pick_unit, "value")
        self.unit_type = pn.widgets.Select(value="INF", width=180, css_classes=["scenario-unit-type"])
        self.power = pn.widgets.Select(value="Germany", width=180, css_classes=["scenario-power"])
        self.place = pn.widgets.Button(width=220, css_classes=["scenario-place"])
        self.place.on_click(self._place)
        self.move = pn.widgets.Button(width=240, css_classes=["scenario-move"])
        self.move.on_click(self._move)
        self.flip = pn.widgets.Button(width=90, css_classes=["scenario-flip"])
        self.flip.on_click(lambda _e: self._unit_edit(self.scenario.flip))
        self.remove = pn.widgets.Button(width=90, css_classes=["scenario-remove"])
        self.remove.on_click(lambda _e: self._unit_edit(self.scenario.remove))
        self.undo = pn.widgets.Button(width=90, css_classes=["scenario-undo"])
        self.undo.on_click(lambda _e: self.messages.do(self.scenario.undo))
        self.control = pn.widgets.Select(width=220, css_classes=["scenario-control"])
        self.set_control = pn.widgets.Button(width=130, css_classes=["scenario-set-control"])
        self.set_control.on_click(self._set_control)
        self.at_war = pn.widgets.MultiChoice(width=440, css_classes=["scenario-at-war"])
        self.at_war.param.watch(self._war_changed, "value")
        self.help = markdown("", margin=(0, 10), css_classes=["scenario-help"])
        self.status = markdown("", margin=(0, 10), css_classes=["scenario-status"])
        self.layout = pn.Card(
            self.help, self.files, self.status, self.message,
            pn.Row(self.units_here, self.move), pn.Row(self.flip, self.remove, self.undo),
            pn.Row(self.unit_type, self.power, self.place), pn.Row(self.control, self.set_control), self.at_war,
            title="", collapsible=True, sizing_mode="stretch_width", css_classes=["scenario-editor"])

    # ------------------------------------------------------------------ actions
    def _selected_hex(self):
        key = self.state.selected
        if key is None:
            self.messages.fail("ui.scenario.select_hex_first")
        return key

    def _place(self, _event):
        key = self._selected_hex()
        if key is not None:
            self.messages.do(self.scenario.place, self.unit_type.value, self.power.value, key)

    def _unit_edit(self, fn):
        if self.scenario.unit() is None:
            self.messages.fail("ui.scenario.select_unit_first")
        else:
            self.messages.do(fn)

    def _move(self, _event):
        unit = self.scenario.unit()
        if unit is None:
            self.messages.fail("ui.scenario.select_unit_first")
            return
        self.scenario.mode = "move"
        self.messages.show(label("ui.scenario.move_hint", self.state.lang, unit=unit.id), "info")

    def _set_control(self, _event):
        key = self._selected_hex()
        if key is not None:
            self.messages.do(self.scenario.set_control, key, self.control.value or None)

    def _pick_unit(self, event):
        if event.new and event.new != self.scenario.selected_unit:
            self.scenario.selected_unit = event.new

    def _war_changed(self, event):
        current = self.scenario.scenario
        if current is None or self._syncing:
            return
        if sorted(event.new) != sorted(pair_value(p) for p in current.at_war):
            self.messages.do(self.scenario.set_at_war, [v.split(_PAIR) for v in event.new])

    _syncing = False

    # ------------------------------------------------------------------ display
    def _war_options(self, current) -> dict[str, str]:
        lang = self.state.lang
        names = list(MAJOR_POWERS)
        if current is not None:
            names += sorted({u.power for u in current.units.values()} - set(names))
        pairs = {pair_value(p) for p in combinations(names, 2)} | {pair_value(SIDES)}
        if current is not None:
            pairs |= {pair_value(p) for p in current.at_war}
        return {" – ".join(self._name(x, lang) for x in v.split(_PAIR)): v for v in sorted(pairs)}

    def _name(self, power: str, lang: str) -> str:
        if power in SIDES:
            key = f"scenario.side.{power}"
            return label(key, lang) if has(key) else power
        return power_name(power, lang)

    def _refresh(self, *_):
        lang = self.state.lang
        current = self.scenario.scenario
        if current is None:
            self.status.object = label("ui.scenario.no_scenario", lang)
            self.units_here.options = {}
        else:
            faults = getattr(self, "fault_count", 0)
            title = self.scenario.title   # a worked scenario by its own title, in the page's language
            name = label_any([f"ui.scenario.name.{title}"], lang, title) if title else current.name or "—"
            self.status.object = label("ui.scenario.status", lang, name=name,
                                       units=len(current.units), faults=faults, undo=len(self.scenario.history))
            key = self.state.selected
            here = current.units_at(key) if key is not None else []
            options = {f"{u.id} ({self._name(u.power, lang)})": u.id for u in here}
            self.units_here.options = options
            if self.scenario.selected_unit in options.values():
                self.units_here.value = self.scenario.selected_unit
            self._syncing = True
            try:
                self.at_war.options = self._war_options(current)
                self.at_war.value = [pair_value(p) for p in current.at_war]
                # the browser holds the chosen pairs by their names: new names (a language switch)
                # must be sent even when the pairs are unchanged, or the browser drops them
                self.at_war.param.trigger("value")
            finally:
                self._syncing = False
            if key is not None and key in self.scenario.hexmap:
                self.control.value = current.control.get(tuple(key), "")
        self.undo.disabled = not self.scenario.history
        if self.scenario.mode == "select" and self.message.alert_type == "info":
            self.message.visible = False

    def _on_lang(self, *_):
        lang = self.state.lang
        self.layout.title = label("ui.scenario.title", lang)
        self.help.object = label("ui.scenario.help", lang)
        self.files.relabel(lang)
        self.units_here.name = label("ui.scenario.units_here", lang)
        value = self.unit_type.value
        self.unit_type.options = {_type_name(t, lang): t for t in UNIT_TYPES}
        self.unit_type.value = value
        self.unit_type.name = label("ui.scenario.type", lang)
        value = self.power.value
        self.power.options = {self._name(p, lang): p for p in self.powers}
        self.power.value = value
        self.power.name = label("ui.scenario.power", lang)
        self.place.label = label("ui.scenario.place", lang)
        self.move.label = label("ui.scenario.move", lang)
        self.flip.label = label("ui.scenario.flip", lang)
        self.remove.label = label("ui.scenario.remove", lang)
        self.undo.label = label("ui.scenario.undo", lang)
        value = self.control.value
        self.control.options = {label("ui.scenario.map_owner", lang): "",
                                **{self._name(p, lang): p for p in self.powers}}
        self.control.value = value or ""
        self.control.name = label("ui.scenario.control", lang)
        self.set_control.label = label("ui.scenario.set_control", lang)
        self.at_war.name = label("ui.scenario.at_war", lang)
        self._refresh()

    def __panel__(self):
        return self.layout


def _type_name(unit_type: str, lang: str) -> str:
    key = UNIT_TYPES[unit_type].label
    if not (key and has(key)):
        return unit_type
    abbr = label(f"{key}.abbr", lang) if has(f"{key}.abbr") else unit_type
    return f"{abbr} · {label(key, lang)}"
