"""The Lessons section of /churchill: the lesson player above a conference table of its own, the
step's issues placed and its track boxes ringed (docs/lessons.md, "In the apps")."""
from __future__ import annotations

from bokeh.models import ColumnDataSource

from viewer.rules.churchill import board as table
from viewer.rules.churchill.table import CHAIR, NATIONS
from viewer.state.churchill.conference import ISSUES, ChurchillState
from viewer.views.churchill.board import ChurchillBoard
from viewer.views.common.lesson_player import LessonBoard, LessonSection

GAME = "churchill"
RING = "#d81b60"


def box_of(place: str) -> tuple[str | None, int] | None:
    """``"US 3"`` -> ``("US", 3)``, ``"UK chair"`` -> ``("UK", CHAIR)``, ``"centre"`` -> ``(None, 0)``."""
    if place == "centre":
        return None, 0
    nation, _, box = str(place).partition(" ")
    if nation not in NATIONS:
        return None
    if box == "chair":
        return nation, CHAIR
    return (nation, int(box)) if box.isdigit() else None


class ChurchillLessonBoard(LessonBoard):
    """A conference table of the lesson's own (not the page's saved game); a ring marks each box."""

    help_key = "lessons.try.readonly.churchill"

    def __init__(self, state):
        self.game_state = ChurchillState()
        self.board = ChurchillBoard(game_state=self.game_state, state=state)
        self.rings = ColumnDataSource({"x": [], "y": []}, name="lesson-track-boxes")
        self.board.figure.scatter(x="x", y="y", source=self.rings, size=34, marker="circle", fill_alpha=0,
                                  line_color=RING, line_width=4)
        self.panel = self.board

    def show(self, player, view) -> set[str]:
        boxes = [b for b in (box_of(p) for p in view.highlight.get("track_boxes") or []) if b is not None]
        points = [table.box_xy(track, box) for track, box in boxes]
        self.rings.data = {"x": [p[0] for p in points], "y": [p[1] for p in points]}
        for issue, piece in view.state.get("issues", {}).items():
            where = box_of(str(piece.get("at", "")))
            if issue in ISSUES and where is not None:
                self.game_state.place(issue, *where)
        wanted = view.highlight.get("track_boxes") or []
        return {"track_boxes"} if wanted and len(boxes) == len(wanted) else set()


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, ChurchillLessonBoard(shell.state))
