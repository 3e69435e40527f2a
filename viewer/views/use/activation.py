"""Step through an activation chain: the 2nd Panzer example of USE 4.2.3.3 (10 -> 7 -> 7 -> 3 MP),
each step with its cost, the MP left and a link to its rule."""
from __future__ import annotations

from dataclasses import dataclass

import panel as pn
import param

from viewer.ruleref import RuleRef
from viewer.rules.use.activation import PANZER_EXAMPLE
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.common.step_list import StepList
from viewer.views.common.text import label, markdown


class UseActivation(pn.viewable.Viewer):
    """Buttons to step the example forward and back (each disabled at its end); one line per step taken."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=UseState, doc="The board, its units and the selection.")

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
        state.param.watch(self._render, "lang")
        self._render()
        self.layout = pn.Column(self.title, pn.Row(self.back, self.next), self.rows, sizing_mode="stretch_width",
                                visible=game_state.board_name == "fixture:france-1940")

    def _go(self, d: int):
        self.n = max(0, min(len(PANZER_EXAMPLE), self.n + d))
        self._render()

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
        lines = [_Line("start", None, label("use.activation.start", lang, unit=act.unit_id, hex="2915", mp=start))]
        for s in act.log:
            text = label(f"use.activation.{s.action}", lang, hex=s.hex, cost=s.cost, mp=s.mp_after,
                         parts=" + ".join(f"{i} {c}" for i, c, _ in s.parts) or "0")
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
