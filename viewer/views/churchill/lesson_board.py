"""The Lessons section of /churchill: the lesson player above a conference table of its own, the
step's issues placed and its track boxes ringed (docs/lessons.md, "In the apps").

"Try it yourself" changes the values the step's calculator takes (:class:`TrialValues`): a card's
value, the nation that moves or debates, the track and box an issue starts in. An answer that
ends an issue in a box (``end`` of a move, Churchill 5.22; ``placement`` of the agenda, 4.21) places the step's moved
issue there on the table."""
from __future__ import annotations

from bokeh.models import ColumnDataSource

from viewer.rules.churchill import board as table
from viewer.rules.churchill.table import CHAIR, NATIONS
from viewer.state.churchill.conference import ISSUES, ChurchillState
from viewer.views.churchill.board import ChurchillBoard
from viewer.views.common.lesson_player import LessonSection
from viewer.views.common.lesson_trial import TrialBoard

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


class ChurchillLessonBoard(TrialBoard):
    """A conference table of the lesson's own (not the page's saved game); a ring marks each box."""

    help_key = "lessons.try.churchill"

    def __init__(self, state):
        super().__init__(state)
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
        places = {issue: str(piece.get("at", "")) for issue, piece in view.state.get("issues", {}).items()}
        moved = self._moved(view)
        end = None
        if self.trying and view.computed is not None:      # a move (Churchill 5.22) or the agenda (4.21)
            end = view.computed.value.get("end") or view.computed.value.get("placement")
        if moved in places and isinstance(end, str) and box_of(end) is not None:
            places[moved] = end            # the learner's values end the moved issue elsewhere
        for issue, at in places.items():
            where = box_of(at)
            if issue in ISSUES and where is not None:
                self.game_state.place(issue, *where)
        wanted = view.highlight.get("track_boxes") or []
        return {"track_boxes"} if wanted and len(boxes) == len(wanted) else set()

    @staticmethod
    def _moved(view) -> str | None:
        """The issue the step's change moves (None: it moves none)."""
        for change in view.step.changes:
            if change.kind == "move":
                return str(change.data.get("piece"))
        return None


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, ChurchillLessonBoard(shell.state))
