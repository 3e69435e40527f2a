"""The Lessons section of /wif: the lesson player beside the lesson's own map (europe or
wif-world), its hexes, range and path marked (docs/lessons.md, "In the apps"). "Try it yourself"
moves the scenario's land units and sets the weather; the supply and ZOC answers follow."""
from __future__ import annotations


from viewer.board import shared_map
from viewer.errors import ViewerError
from viewer.lessons.wif import scenario_units
from viewer.rules.wif.weather import CONDITIONS
from viewer.views.common.lesson_player import LessonSection
from viewer.views.map.lesson_layers import MapLessonBoard

GAME = "wif"


def _units(state, board) -> dict[str, str]:
    """The scenario's land units on a hex (none when the step has no scenario)."""
    if not state.get("scenario"):
        return {}
    try:
        return scenario_units(state, board)
    except ViewerError:
        return {}


def lesson_board(state) -> MapLessonBoard:
    """The maps WiF lessons are played on, by board name (the europe map by default)."""
    return MapLessonBoard(state, lambda name: shared_map(name or "europe"), units=_units, weathers=CONDITIONS)


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, lesson_board(shell.state))
