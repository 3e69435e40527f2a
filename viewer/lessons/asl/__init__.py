"""ASL night lessons: the geomorphic boards they may name (viewer/rules/asl/board.py), hex ids
such as ``2W7`` and fire locations such as ``2W7@2`` or ``2P7 wreck`` (ASL E1.94)."""
from __future__ import annotations

import re

from viewer.lessons.boards import LessonBoard, register_board
from viewer.rules.asl.board import BoardError, bundled_boards, load_board

_FIRE = re.compile(r"^\s*(\S+?)(?:@\d+)?(?:\s+wreck)?\s*$")


class AslLessonBoard(LessonBoard):
    def boards(self) -> list[str]:
        return sorted(bundled_boards())

    def default_board(self) -> str | None:
        return "teaching"

    def check_hex(self, board, label):
        b = load_board(board or "teaching")
        try:
            key = b.key(str(label))
        except BoardError as err:
            return (err.message, f"a hex of board {b.number}, like {b.number}W7")
        return None if key in b.hexes else (f"hex {label!r} is not on board {b.name!r}", f"a hex of board {b.number}")

    def adjacent(self, board, a, b):
        from viewer import hexgrid

        bd = load_board(board or "teaching")
        try:
            ka, kb = bd.key(str(a)), bd.key(str(b))
        except BoardError:
            return None
        return int(hexgrid.distance(ka, kb)) == 1

    def check_place(self, kind, board, at):
        if kind == "fires" and isinstance(at, str):
            m = _FIRE.match(at)
            return self.check_hex(board, m.group(1)) if m else (f"cannot read the fire {at!r}",
                                                                 "a location like 2W7@2 or 2P7 wreck")
        return super().check_place(kind, board, at)


register_board("asl", AslLessonBoard())
