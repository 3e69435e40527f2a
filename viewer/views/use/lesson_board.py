"""The Lessons section of /use: the lesson player beside the lesson's board (a fixture board of
the worked examples, or the USE map), its hexes, range and path marked (docs/lessons.md,
"In the apps"). "Try it yourself" moves the lesson's units; the activation answers follow."""
from __future__ import annotations


from viewer.board import shared_map
from viewer.rules.use import boards
from viewer.rules.use.hexmap import to_hexmap
from viewer.views.common.lesson_player import LessonSection
from viewer.views.map.lesson_layers import MapLessonBoard

GAME = "use"


def _hexmap(name: str | None):
    board = boards.load(name or "fixture:france-1940")
    return shared_map("use") if not board.fixture else to_hexmap(board)


def lesson_board(state) -> MapLessonBoard:
    return MapLessonBoard(state, _hexmap)


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, lesson_board(shell.state))
