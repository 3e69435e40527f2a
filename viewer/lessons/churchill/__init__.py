"""Churchill lessons: the conference table's places (the centre, boxes 1-6 of each national
track and each Leader's chair, Churchill 3.2.1, 5.23) and the score-track engine (3.2.1)."""
from __future__ import annotations

from typing import Any

from viewer.errors import ViewerError
from viewer.lessons.boards import Engine, LessonBoard, close, register_board, register_engine
from viewer.ruleref import RuleRef
from viewer.rules.churchill.table import ISSUES, NATIONS, TRACK_BOXES, score_boxes

#: Every place on the conference table, written as the issue-move calculator writes them.
PLACES = ("centre", *(f"{n} {b}" for n in NATIONS for b in range(1, TRACK_BOXES + 1)),
          *(f"{n} chair" for n in NATIONS))


class ChurchillLessonBoard(LessonBoard):
    def check_track_box(self, box):
        return None if box in PLACES else (f"no place {box!r} on the conference table", list(PLACES))

    def check_piece(self, kind, piece):
        """An issue is one of the table's markers (Churchill 3.4), so the board can place it."""
        if kind == "issues" and piece not in ISSUES:
            return (f"no issue marker {piece!r} on the table{close(piece, list(ISSUES))}", list(ISSUES))
        return None

    def check_place(self, kind, board, at):
        if kind == "issues":
            return self.check_track_box(str(at))
        return (f"the conference table holds issues only, not {kind}", ["issues"])

    def check_hex(self, board, label):
        return (f"the conference table has no hexes; {label!r} cannot be marked", "track_boxes")


register_board("churchill", ChurchillLessonBoard())


def _score(state: dict[str, Any], board: str | None, score: int = 0) -> dict[str, Any]:
    """Where the two chips of a score sit on the x10 and x1 tracks (Churchill 3.2.1)."""
    try:
        tens, ones = score_boxes(int(score))
    except (TypeError, ValueError) as err:
        raise ViewerError("score", str(err), "a score from 0 up") from None
    return {"x10_box": tens, "x1_box": ones}


register_engine(Engine("churchill.score-track", ("score",), (RuleRef("churchill", "3.2.1"),), _score,
                       "the two chips marking a score (Churchill 3.2.1)"))
