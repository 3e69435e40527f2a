"""Session state of a WiF scenario being edited: the scenario, its undo history, the selected
unit and the editor's mode (WiF 2.2–2.5 describe what the scenario holds; the rules live in
:mod:`viewer.rules.wif.scenario`).

Parameters only, plus the edits a player makes by clicking (place, move, flip, remove, change a
hex's control, set who is at war, undo) and the ways a scenario comes and goes: the worked
scenarios shipped in ``maps/scenarios/`` (found through the package, as the bundled maps are), a
YAML file or text, and the user's data folder (kind ``scenarios``). Every edit produces a new
:class:`~viewer.rules.wif.scenario.Scenario` validated against the map, so a bad edit raises a
:class:`~viewer.rules.wif.scenario.ScenarioError` and leaves the current scenario untouched.
"""
from __future__ import annotations

import dataclasses
from pathlib import Path

import param

from viewer.board import HexMap
from viewer.rules.wif.scenario import Scenario, ScenarioError, Unit
from viewer.rules.wif.scenario_io import bundled_scenarios, load_scenario, scenario_to_dict
from viewer.userdata import UserDataError, UserStore, owner

#: The game whose saved scenarios these are (viewer.userdata.owner).
SAVE_GAME = "wif"

#: How many edits undo can take back.
UNDO_DEPTH = 100
MODES = ("select", "move")




def scenario_yaml(scenario: Scenario, hexmap: HexMap | None = None) -> str:
    """The scenario as the YAML text ``load_scenario`` reads back."""
    import yaml

    return yaml.safe_dump(scenario_to_dict(scenario, hexmap), sort_keys=False, allow_unicode=True)


class ScenarioState(param.Parameterized):
    """One session's scenario (a browser tab or a notebook); never shared between sessions."""

    hexmap = param.ClassSelector(class_=HexMap, doc="The map the scenario is laid over.")

    scenario = param.Parameter(default=None, doc="""
        The current Scenario (None before one is loaded). Replaced, never mutated, by every edit.""")

    history = param.List(default=[], doc="Earlier scenarios, oldest first; undo pops the last one.")

    selected_unit = param.String(default=None, allow_None=True, doc="Id of the selected unit, or None.")

    mode = param.Selector(default="select", objects=list(MODES), doc="""
        What the next hex click does: ``select`` picks the units there, ``move`` moves the
        selected unit to the clicked hex (then the mode returns to ``select``).""")

    title = param.String(default="", doc="Name of the loaded scenario (lesson, file or saved name).")

    loads = param.Integer(default=0, doc="How many scenarios were loaded (a counter views watch).")

    weather = param.Dict(default=None, allow_None=True, doc="""
        The session's weather per climate zone (the weather panel's), or None. It replaces the
        scenario's own weather where given, when tracing and when saving (WiF 2.4.2, 8.2.2).""")

    def __init__(self, **params):
        super().__init__(**params)
        self._cycle: tuple | None = None

    # ------------------------------------------------------------------ loading
    def load(self, source, name: str = "", fresh: bool = False) -> Scenario:
        """Load a scenario from a path, YAML text or a mapping, validated against the map.

        A ScenarioError names the faulty field; the current scenario stays as it was. Undo takes
        the load back, unless ``fresh``: the scenario then starts its own undo history.
        """
        new = source if isinstance(source, Scenario) else load_scenario(source, self.hexmap, origin=name or "scenario")
        history = [] if fresh else (list(self.history) + [self.scenario] if self.scenario else list(self.history))
        self.param.update(history=history[-UNDO_DEPTH:], scenario=new, selected_unit=None, mode="select", title=name)
        self.loads += 1
        return new

    def load_lesson(self, name: str) -> Scenario:
        """Load one of the bundled worked scenarios by its file stem, with nothing to undo (a
        lesson starts from its own position)."""
        lessons = bundled_scenarios()
        if name not in lessons:
            raise ScenarioError("lesson", f"no worked scenario named {name!r}", sorted(lessons))
        return self.load(lessons[name], name=name, fresh=True)

    def load_saved(self, store: UserStore, name: str) -> Scenario:
        """Load a scenario the user saved in their data folder."""
        return self.load(store.load("scenarios", name), name=name)

    def save(self, store: UserStore, name: str) -> Path:
        """Keep the current scenario in the user's data folder under ``name``; a name another game
        keeps its own saves under (``use-…``: viewer.userdata.owner) is refused."""
        if self.scenario is None:
            raise UserDataError("no scenario to save: load or build one first")
        other = owner("scenarios", None, name)
        if other not in (None, SAVE_GAME):
            raise UserDataError(f"bad name {name!r}: names starting with {other!r} are that game's; "
                                "choose a name that does not start with a game's id")
        path = store.save("scenarios", name, scenario_to_dict(self.current(), self.hexmap))
        self.title = name
        return path

    @staticmethod
    def saved_names(store: UserStore) -> list[str]:
        """The user's saved WiF scenarios (not another game's saves of the kind ``scenarios``)."""
        try:
            return store.names("scenarios", game=SAVE_GAME)
        except UserDataError:
            return []

    def to_yaml(self) -> str:
        return "" if self.scenario is None else scenario_yaml(self.current(), self.hexmap)

    def current(self) -> Scenario | None:
        """The scenario with the session's weather in place of its own (None before a load)."""
        if self.scenario is None or not self.weather:
            return self.scenario
        zones = {z: w for z, w in self.weather.items() if w is not None}
        return dataclasses.replace(self.scenario, weather={**self.scenario.weather, **zones})

    # ------------------------------------------------------------------ edits
    def _push(self, new: Scenario) -> None:
        history = list(self.history)
        if self.scenario is not None:
            history = (history + [self.scenario])[-UNDO_DEPTH:]
        self.param.update(history=history, scenario=new)

    def _checked(self, new: Scenario) -> Scenario:
        """``new`` validated against the map by the scenario loader (same errors as a file)."""
        return load_scenario(scenario_to_dict(new, self.hexmap), self.hexmap)

    def _require(self) -> Scenario:
        if self.scenario is None:
            raise ScenarioError("scenario", "no scenario loaded", "load a worked scenario or a file first")
        return self.scenario

    def _unit(self, unit_id: str | None) -> Unit:
        scenario = self._require()
        unit_id = self.selected_unit if unit_id is None else unit_id
        if unit_id not in scenario.units:
            raise ScenarioError("unit", f"no unit {unit_id!r} in the scenario", sorted(scenario.units))
        return scenario.units[unit_id]

    def new_id(self, power: str, type_: str) -> str:
        """An unused unit id such as ``Germany-INF-3``."""
        units = self.scenario.units if self.scenario is not None else {}
        n = 1
        while f"{power}-{type_}-{n}" in units:
            n += 1
        return f"{power}-{type_}-{n}"

    def place(self, type_: str, power: str, key, **fields) -> str:
        """Place a new unit of ``type_`` and ``power`` on hex ``key``; returns its id."""
        scenario = self._require()
        unit_id = fields.pop("id", None) or self.new_id(power, type_)
        unit = Unit(id=unit_id, type=type_, power=power, hex=tuple(key), **fields)
        new = self._checked(scenario.with_unit(unit))
        self._push(new)
        self.selected_unit = unit_id
        return unit_id

    def move(self, key, unit_id: str | None = None) -> None:
        """Move a unit (the selected one by default) to hex ``key``."""
        unit = self._unit(unit_id)
        new = self._checked(self._require().moved(unit.id, tuple(key)))
        self._push(new)
        self.param.update(selected_unit=unit.id, mode="select")

    def flip(self, unit_id: str | None = None) -> None:
        """Turn a unit face down, or face up again."""
        unit = self._unit(unit_id)
        self._push(self._require().flipped(unit.id))

    def remove(self, unit_id: str | None = None) -> None:
        """Take a unit off the map."""
        unit = self._unit(unit_id)
        self._push(self._require().without_unit(unit.id))
        if self.selected_unit == unit.id:
            self.selected_unit = None

    def set_control(self, key, power: str | None) -> None:
        """Give hex ``key`` to ``power`` (None: back to the map's own owner) (WiF 2.5)."""
        self._push(self._checked(self._require().with_control(tuple(key), power)))

    def set_at_war(self, pairs) -> None:
        """Set which pairs of powers (or sides) are at war, each pair two names (WiF 9.2)."""
        scenario = self._require()
        at_war = {frozenset(p) for p in pairs}
        bad = [sorted(p) for p in at_war if len(p) != 2]
        if bad:
            raise ScenarioError("at_war", f"a pair needs two different powers, got {bad[0]}", "two power names")
        self._push(self._checked(dataclasses.replace(scenario, at_war=at_war)))

    def undo(self) -> bool:
        """Take back the last edit or load; False when there is nothing to undo."""
        if not self.history:
            return False
        history = list(self.history)
        previous = history.pop()
        selected = self.selected_unit if self.selected_unit in previous.units else None
        self.param.update(history=history, scenario=previous, selected_unit=selected, mode="select")
        return True

    # ------------------------------------------------------------------ clicks
    def click(self, key) -> None:
        """What a hex click does: move the selected unit there (move mode), or select the units
        there, cycling through a stack on repeated clicks (no unit there: no unit selected)."""
        if key is None or self.scenario is None:
            return
        key = tuple(key)
        if self.mode == "move" and self.selected_unit in self.scenario.units:
            self.move(key)
            return
        here = [u.id for u in self.scenario.units_at(key)]
        if not here:
            self.selected_unit = None
            self._cycle = None
            return
        if self._cycle and self._cycle[0] == key and self.selected_unit in here:
            self.selected_unit = here[(here.index(self.selected_unit) + 1) % len(here)]
        else:
            self.selected_unit = here[0]
        self._cycle = (key, self.selected_unit)

    def unit(self) -> Unit | None:
        """The selected unit, or None."""
        if self.scenario is None or self.selected_unit is None:
            return None
        return self.scenario.units.get(self.selected_unit)


__all__ = ["MODES", "ScenarioState", "bundled_scenarios", "scenario_yaml"]
