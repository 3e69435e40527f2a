"""Step through an activation chain: the 2nd Panzer example of USE 4.2.3.3 (10 -> 7 -> 7 -> 3 MP),
each step with its cost, the MP left and a link to its rule. On the map the counters stand where
the steps taken put them, and the hexes the example names (its start, Paris, Calais and each hex
attacked or entered) are marked with their names."""
from __future__ import annotations

from dataclasses import dataclass

import panel as pn
import param

from viewer.calculators.use.parts import parts_text
from viewer.calculators.use.places import place_name
from viewer.ruleref import RuleRef
from viewer.rules.use.activation import PANZER_EXAMPLE
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.common.step_list import StepList
from viewer.views.common.text import label, markdown
from viewer.views.use.board import UseMap
from viewer.views.use.unit_names import unit_name

#: The board of the example and the hexes it names besides the steps' own (USE 4.2.3.1, 4.2.3.3).
BOARD = "fixture:france-1940"
START = "2915"
NAMED = ("3014", "2813")   # Paris (named by the 4.2.3.1 example), Calais (where the 10th Army retreats)


class UseActivation(pn.viewable.Viewer):
    """Buttons to step the example forward and back (each disabled at its end); one line per step taken."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=UseState, doc="The board, its units and the selection.")

    board_map = param.ClassSelector(class_=UseMap, default=None, allow_None=True, doc="""
        The map whose counters the steps move and whose places they mark (None: the list only).""")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        self.n = 0
        self.title = markdown("", css_classes=["use-activation-title"])
        self.next = pn.widgets.Button(css_classes=["use-activation-next"], color="primary")
        self.back = pn.widgets.Button(css_classes=["use-activation-back"])
        self.rows = StepList(numbered=False, item_class="use-activation-step", css_classes=["use-activation-rows"])
        self.next.on_click(lambda _e: self._go(1))
        self.back.on_click(lambda _e: self._go(-1))
        state.param.watch(self._relabel, "lang")
        self._render()
        self.layout = pn.Column(self.title, pn.Row(self.back, self.next), self.rows, sizing_mode="stretch_width",
                                visible=game_state.board_name == BOARD)
        self._show_on_map()

    def _go(self, d: int):
        n = max(0, min(len(PANZER_EXAMPLE), self.n + d))
        if n == self.n:
            return
        self.n = n
        with pn.io.hold():
            self._render()
            self._show_on_map(move=True)

    def _show_on_map(self, move: bool = False) -> None:
        """Counters where the steps taken put them (``move``), the example's places marked."""
        act = self.game_state.play_example(self.n)
        if self.board_map is None or act is None:
            return
        if move:
            self.game_state.units = list(act.situation.units)
        board = self.game_state.board
        hexes = [START, *NAMED, *(s.hex for s in act.log)]
        lang = self.state.lang
        self.board_map.mark({h: place_name(board.hexes[h], lang) for h in dict.fromkeys(hexes) if h in board.hexes})

    def _relabel(self, *_):
        """The steps and the marked places in the new language (the counters stay)."""
        with pn.io.hold():
            self._render()
            self._show_on_map()

    def _render(self, *_):
        lang = self.state.lang
        self.title.object = "#### " + label("use.activation.title", lang)
        self.next.label = label("use.activation.next", lang)
        self.back.label = label("use.activation.back", lang)
        self.back.disabled = self.n == 0
        self.next.disabled = self.n >= len(PANZER_EXAMPLE)
        act = self.game_state.play_example(self.n)
        if act is None:
            self.rows.show([], lang)
            return
        start = act.mp + sum(s.cost for s in act.log)
        lines = [_Line("start", None, label("use.activation.start", lang, unit=unit_name(act.unit_id, lang), hex=START, mp=start))]
        for s in act.log:
            text = label(f"use.activation.{s.action}", lang, hex=s.hex, cost=s.cost, mp=s.mp_after,
                         parts=parts_text(s.parts, lang))
            lines.append(_Line(s.action, RuleRef("use", s.rule), text))
        if act.log and act.must_stop:
            lines.append(_Line("sticky", RuleRef("use", "4.2.3.1"), label("use.activation.sticky", lang, hex=act.hex)))
        self.rows.show(lines, lang)

    def __panel__(self):
        return self.layout


@dataclass(frozen=True)
class _Line:
    """One line of the stepper, already in the page's language."""

    key: str
    rule: RuleRef | None
    words: str

    def text(self, lang: str) -> str:
        return self.words
