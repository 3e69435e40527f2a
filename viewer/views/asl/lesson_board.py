"""The Lessons section of /asl: the lesson player above the teaching board, a step's hexes
filled, its range ringed and its fires drawn (docs/lessons.md, "In the apps")."""
from __future__ import annotations

import panel as pn

from viewer import hexgrid
from viewer.rules.asl.board import BoardError, load_board
from viewer.views.asl.board import BoardFigure
from viewer.views.common.lesson_player import LessonBoard, LessonSection

GAME = "asl"
HEX_FILL = "#d81b60"


class AslLessonBoard(LessonBoard):
    """The teaching board (the lessons' board), drawn once; a step sets its overlay sources."""

    help_key = "lessons.try.readonly.asl"

    def __init__(self, board: str = "teaching"):
        self.figure = BoardFigure(load_board(board), on_tap=lambda _hex: None)
        # names of their own: the Map section's board has sources named like the figure's
        self.figure.light.name, self.figure.ring.name = "lesson-asl-light", "lesson-asl-ring"
        self.panel = pn.pane.Bokeh(self.figure.figure, sizing_mode="stretch_width", css_classes=["lesson-board"])

    def _key(self, hex_id):
        try:
            key = self.figure.board.key(str(hex_id))
        except BoardError:
            return None
        return key if key in self.figure.board.hexes else None

    def show(self, player, view) -> set[str]:
        h = view.highlight
        drawn: set[str] = set()
        keys = [k for k in (self._key(x) for x in h.get("hexes") or []) if k is not None]
        if keys and len(keys) == len(h.get("hexes") or []):
            drawn.add("hexes")
        self.figure.light.data = {"q": [k[0] for k in keys], "r": [k[1] for k in keys], "fill": [HEX_FILL] * len(keys)}
        rng = h.get("range") or {}
        origin = self._key(rng.get("origin")) if rng else None
        if origin is not None:
            ring = [x for x in hexgrid.ring(origin, int(rng.get("radius") or 0)) if x in self.figure.board.hexes]
            self.figure.ring.data = {"q": [x[0] for x in ring], "r": [x[1] for x in ring]}
            drawn.add("range")
        else:
            self.figure.ring.data = {"q": [], "r": []}
        fires = []
        for fire in view.state.get("fires", {}).values():
            at = str(fire.get("at", ""))
            loc, _, kind = at.partition(" ")
            fires.append(f"{loc if '@' in loc else loc + '@0'} {kind or 'blaze'}")
        try:
            self.figure.show_fires(fires)
        except (KeyError, ValueError):
            self.figure.show_fires([])
        return drawn


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, AslLessonBoard())
