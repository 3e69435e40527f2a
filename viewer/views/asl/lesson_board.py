"""The Lessons section of /asl: the lesson player above the teaching board, a step's hexes
filled, its range ringed and its fires drawn (docs/lessons.md, "In the apps").

"Try it yourself": a tap on a hex lights a fire there at the level chosen, or puts out the fire
burning there; the illumination answer (ASL E1.94, E1.941) reads the learner's fires, so its
circles and lit and blind hexes follow, drawn on the board. Any value the step's calculator
takes (the NVR, the dice, the moon) may be changed too (:class:`TrialValues`)."""
from __future__ import annotations

import html

import panel as pn

from viewer import hexgrid
from viewer.rules.asl.board import BoardError, load_board
from viewer.lessons.model import Answer
from viewer.views.asl.board import LIGHT_FILL, BoardFigure
from viewer.views.common.lesson_player import LessonSection
from viewer.views.common.lesson_trial import TrialBoard
from viewer.views.common.text import label

GAME = "asl"
HEX_FILL = "#d81b60"
#: The levels a tap may set a fire at (the engine refuses a level the hex lacks), and a wreck.
FIRE_LEVELS = ("0", "1", "2", "3", "wreck")
#: The calculator that reads the step's fires as its ``fires`` input (ASL E1.94).
READS_FIRES = "asl.illumination"


def fire_at(hex_id: str, level: str) -> str:
    """A fire's location as a lesson writes it: ``2W7@2``, ``2P7 wreck``."""
    return f"{hex_id} wreck" if level == "wreck" else f"{hex_id}@{level}"


class AslLessonBoard(TrialBoard):
    """The teaching board (the lessons' board), drawn once; a step sets its overlay sources."""

    help_key = "lessons.try.asl"

    def __init__(self, board: str = "teaching", state=None):
        from viewer.state import SessionState

        session = state if state is not None else SessionState()
        self.level = pn.widgets.Select(options={}, value="0", width=180, css_classes=["lesson-try-fire-level"])
        self.next_tap = pn.pane.HTML("", css_classes=["lesson-try-fire-next"])
        super().__init__(session, extra=[self.level, self.next_tap])
        self.figure = BoardFigure(load_board(board), on_tap=self.tap)
        # names of their own: the Map section's board has sources named like the figure's
        self.figure.light.name, self.figure.ring.name = "lesson-asl-light", "lesson-asl-ring"
        self.panel = pn.pane.Bokeh(self.figure.figure, sizing_mode="stretch_width", css_classes=["lesson-board"])
        session.param.watch(self._on_lang, "lang")
        self.level.param.watch(self._say_next_tap, "value")
        self._on_lang()

    def _on_lang(self, *_):
        lang = self.session.lang
        self.figure.relabel(lang)   # the hover box's titles and terrain names
        self.level.name = label("lessons.try.asl.level", lang)
        keep = self.level.value
        self.level.options = {(label("lessons.try.asl.wreck", lang) if lv == "wreck" else lv): lv
                              for lv in FIRE_LEVELS}
        self.level.value = keep if keep in FIRE_LEVELS else "0"
        self._say_next_tap()

    def _say_next_tap(self, *_) -> None:
        """What the next tap does, at the level chosen: said once the server holds that level."""
        lang, level = self.session.lang, str(self.level.value or "0")
        what = (label("lessons.try.asl.wreck", lang) if level == "wreck"
                else label("lessons.try.asl.at_level", lang, level=level))
        self.next_tap.object = f"<p>{html.escape(label('lessons.try.asl.next', lang, what=what))}</p>"

    # ------------------------------------------------------------------ try it yourself
    def tap(self, hex_id: str) -> None:
        """A tap while trying: put out the fire at ``hex_id`` and the level chosen, or light one."""
        if not self.trying or self.trial is None:
            return
        at = fire_at(str(hex_id), str(self.level.value or "0"))
        fires = self.trial.setdefault("fires", {})
        burning = [fid for fid, f in fires.items() if str(f.get("at", "")).strip() == at]
        if burning:
            for fid in burning:
                del fires[fid]
        else:
            fid, n = f"fire-{at}", 1
            while fid in fires:
                n += 1
                fid = f"fire-{at}-{n}"
            fires[fid] = {"id": fid, "at": at}
        self.emit()

    def state_inputs(self, answer: Answer, state) -> dict:
        """The illumination answer reads the learner's fires (ASL E1.94)."""
        if answer.slug != READS_FIRES:
            return {}
        return {"fires": ", ".join(str(f.get("at", "")).strip() for f in (state.get("fires") or {}).values())}

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
        fills = [HEX_FILL] * len(keys)
        computed = view.computed
        if self.trying and computed is not None and computed.slug == READS_FIRES:
            # the learner's fires: every hex the engine finds lit or blind, coloured as the Map's
            for hex_id, status in (computed.value.get("hexes") or {}).items():
                key = self._key(hex_id)
                if key is not None and key not in keys and status in LIGHT_FILL:
                    keys.append(key)
                    fills.append(LIGHT_FILL[status])
        self.figure.light.data = {"q": [k[0] for k in keys], "r": [k[1] for k in keys], "fill": fills}
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
    return LessonSection.build(shell, GAME, AslLessonBoard(state=shell.state))
