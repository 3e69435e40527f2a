"""Step through an activation chain: the 2nd Panzer example of USE 4.2.3.3 (10 -> 7 -> 7 -> 3 MP),
each step with its cost, the MP left and a link to its rule."""
from __future__ import annotations

import panel as pn
import param

from viewer.ruleref import RuleRef
from viewer.rules.use.activation import PANZER_EXAMPLE
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.common.rulelink import RuleLink
from viewer.views.common.text import label, markdown


class UseActivation(pn.viewable.Viewer):
    """Buttons to step the example forward and back; one row per step taken."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=UseState, doc="The board, its units and the selection.")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        self.n = 0
        self.title = markdown("", css_classes=["use-activation-title"])
        self.next = pn.widgets.Button(css_classes=["use-activation-next"], color="primary")
        self.back = pn.widgets.Button(css_classes=["use-activation-back"])
        self.rows = pn.Column(css_classes=["use-activation-rows"], sizing_mode="stretch_width")
        self.next.on_click(lambda _e: self._go(1))
        self.back.on_click(lambda _e: self._go(-1))
        self._links: dict[str, RuleLink] = {}
        state.param.watch(self._render, "lang")
        self._render()
        self.layout = pn.Column(self.title, pn.Row(self.back, self.next), self.rows, sizing_mode="stretch_width",
                                visible=game_state.board_name == "fixture:france-1940")

    def _go(self, d: int):
        self.n = max(0, min(len(PANZER_EXAMPLE), self.n + d))
        self._render()

    def _link(self, rule: str) -> RuleLink:
        if rule not in self._links:
            self._links[rule] = RuleLink(ref=RuleRef("use", rule), state=self.state)
        return self._links[rule]

    def _render(self, *_):
        lang = self.state.lang
        self.title.object = "#### " + label("use.activation.title", lang)
        self.next.label = label("use.activation.next", lang)
        self.back.label = label("use.activation.back", lang)
        act = self.game_state.play_example(self.n)
        if act is None:
            self.rows.objects = []
            return
        start = act.mp + sum(s.cost for s in act.log)
        rows = [markdown(label("use.activation.start", lang, unit=act.unit_id, hex="2915", mp=start))]
        for s in act.log:
            text = label(f"use.activation.{s.action}", lang, hex=s.hex, cost=s.cost, mp=s.mp_after,
                         parts=" + ".join(f"{i} {c}" for i, c, _ in s.parts) or "0")
            rows.append(pn.Row(markdown(text, margin=(0, 5)), self._link(s.rule)))
        if act.log and act.must_stop:
            rows.append(pn.Row(markdown(label("use.activation.sticky", lang, hex=act.hex)),
                               self._link("4.2.3.1")))
        self.rows.objects = rows

    def __panel__(self):
        return self.layout
