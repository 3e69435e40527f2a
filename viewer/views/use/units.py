"""Put units on the /use board: name, faction, class and type at the selected hex; change the
selected unit's supply state (USE 4.2: the supply rules, 7.x, are not in the text, so the player
sets it) or remove it. Changes are saved per user (viewer.state.use.board)."""
from __future__ import annotations

import panel as pn
import param

from viewer.board import HexMap
from viewer.rules.use.units import CLASSES, FACTIONS, SUPPLY, TYPES, UnitError
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.common.text import label, markdown, plain


class UseUnits(pn.viewable.Viewer):
    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=UseState, doc="The board whose units are edited.")

    hexmap = param.ClassSelector(class_=HexMap, doc="The map the units stand on.")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        self.name_input = pn.widgets.TextInput(width=160, css_classes=["use-unit-name"])
        self.faction = pn.widgets.Select(options=list(FACTIONS), width=150)
        self.cls = pn.widgets.Select(options=list(CLASSES), width=100)
        self.type = pn.widgets.Select(options=list(TYPES["land"]), width=120)
        self.add = pn.widgets.Button(color="primary", css_classes=["use-add-unit"])
        self.supply = pn.widgets.Select(options=list(SUPPLY), width=520)
        self.remove = pn.widgets.Button(css_classes=["use-remove-unit"], align="end")
        self.message = markdown("", css_classes=["use-unit-message"])
        self.cls.param.watch(lambda e: self._types(), "value")
        self.add.on_click(self._add)
        self.remove.on_click(self._remove)
        self.supply.param.watch(self._supply, "value")
        game_state.param.watch(self._on_unit, "unit")
        state.param.watch(self._relabel, "lang")
        self._relabel()

    def _relabel(self, *_):
        lang = self.state.lang
        self.name_input.name = label("use.units.name", lang)
        self.faction.name = label("use.units.faction", lang)
        self.faction.options = {label(f"use.faction.{f}", lang): f for f in FACTIONS}
        self.cls.name = label("use.units.class", lang)
        chosen = self.cls.value
        self.cls.options = {label(f"use.class.{c}", lang): c for c in CLASSES}
        self.cls.value = chosen
        self.type.name = label("use.units.type", lang)
        self._types()
        self.add.label = label("use.units.add", lang)
        self.supply.name = label("use.units.supply", lang)
        self.supply.options = {label(f"use.supply.{s}", lang): s for s in SUPPLY}
        self.remove.label = label("use.units.remove", lang)

    def _types(self) -> None:
        """The unit types of the chosen class, by their names (the choice kept when it still fits)."""
        lang, chosen = self.state.lang, self.type.value
        self.type.options = {label(f"use.type.{t}", lang): t for t in TYPES[self.cls.value]}
        if chosen in TYPES[self.cls.value]:
            self.type.value = chosen

    def _selected_hex(self) -> str | None:
        key = self.state.selected
        return self.hexmap.label(key) if key is not None and key in self.hexmap else None

    def _add(self, *_):
        hex = self._selected_hex()
        if hex is None:
            self.message.object = label("use.units.pick_hex", self.state.lang)
            return
        try:
            self.game_state.add_unit(self.name_input.value, self.faction.value, self.cls.value, self.type.value, hex)
        except UnitError as err:
            self.message.object = plain(err)
            return
        self.message.object = label("use.units.added", self.state.lang, unit=plain(self.name_input.value), hex=plain(hex))

    def _remove(self, *_):
        if self.game_state.unit:
            self.game_state.remove_unit(self.game_state.unit)

    def _supply(self, event):
        if self.game_state.unit and event.new:
            current = next((u.supply for u in self.game_state.units if u.id == self.game_state.unit), None)
            if current != event.new:
                self.game_state.set_supply(self.game_state.unit, event.new)

    def _on_unit(self, *_):
        u = next((u for u in self.game_state.units if u.id == self.game_state.unit), None)
        if u is not None:
            self.supply.value = u.supply

    def __panel__(self):
        return pn.Column(pn.Row(self.name_input, self.faction, self.cls, self.type, self.add),
                         pn.Row(self.supply, self.remove), self.message, sizing_mode="stretch_width")
