"""The Lessons section of /wif: the lesson player beside the lesson's own map (europe or
wif-world), its hexes, range and path marked (docs/lessons.md, "In the apps")."""
from __future__ import annotations


from viewer.board import shared_map
from viewer.views.common.lesson_player import LessonSection
from viewer.views.map.lesson_layers import MapLessonBoard

GAME = "wif"


def lesson_board(state) -> MapLessonBoard:
    """The maps WiF lessons are played on, by board name (the europe map by default)."""
    return MapLessonBoard(state, lambda name: shared_map(name or "europe"))


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, lesson_board(shell.state))
