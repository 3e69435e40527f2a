"""The board settings the Churchill rules leave open: Front box counts, the A-bomb track; VP and commands.

Until the user sets them the Fronts and the A-bomb track are the placeholder layout (the board says so).
"""
from __future__ import annotations

from dataclasses import replace

import panel as pn
import param

from viewer.rules.churchill.board import BoardSettings
from viewer.rules.churchill.table import NATIONS
from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.views.common.bounded import BoundedInputs
from viewer.views.common.layout import COLLAPSIBLE_CSS
from viewer.views.common.text import label


class BoardSettingsPanel(pn.viewable.Viewer):
    """Front box counts, A-bomb track length, scores and theater commands, written to the session."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=ChurchillState, doc="The board whose fronts, tracks and scores are set.")

    def __init__(self, **params):
        super().__init__(**params)
        game_state, state = self.game_state, self.state
        s = game_state.settings
        self.front = pn.widgets.Select(options=[f.id for f in s.fronts], value=s.fronts[0].id, width=220)
        self.boxes = pn.widgets.IntInput(value=s.fronts[0].boxes, start=1, end=20, width=120)
        self.abomb = pn.widgets.IntInput(value=s.abomb_boxes, start=1, end=20, width=140)
        self.apply = pn.widgets.Button(color="light", css_classes=["churchill-settings-apply"])
        self.reset = pn.widgets.Button(color="light")
        self.scores = {n: pn.widgets.IntInput(value=int(game_state.scores.get(n, 0)), start=0, end=999, width=110) for n in NATIONS}
        self.lead = {th: pn.widgets.Select(options=["UK", "US"], value=game_state.leadership[th], width=130)
                     for th in ("europe", "pacific")}
        self.front.param.watch(self._show_front, "value")
        self.apply.on_click(self._apply)
        self.reset.on_click(lambda _e: setattr(game_state, "settings", BoardSettings()))
        #: Box counts and scores are checked here (a browser bound would clamp a typed value unseen).
        self.numbers = BoundedInputs(state, "churchill-settings-refused")
        self.numbers.add("boxes", self.boxes, (1, 20), lambda lang: label("churchill.settings.boxes", lang))
        self.numbers.add("abomb", self.abomb, (1, 20), lambda lang: label("churchill.settings.abomb", lang))
        for n, w in self.scores.items():
            self.numbers.add(f"vp-{n}", w, (0, 999), lambda lang, n=n: label(
                "churchill.settings.vp", lang, nation=label(f"churchill.option.{n}", lang)),
                lambda v, n=n: setattr(game_state, "scores", {**game_state.scores, n: int(v)}))
        for th, w in self.lead.items():
            w.param.watch(lambda e, th=th: setattr(game_state, "leadership", {**game_state.leadership, th: e.new}), "value")
        self.layout = pn.Card(pn.Row(self.front, self.boxes, self.abomb, self.apply, self.reset),
                              pn.Row(*self.scores.values(), *self.lead.values()), self.numbers.box, collapsed=True,
                              sizing_mode="stretch_width", css_classes=["churchill-settings"],
                              stylesheets=[COLLAPSIBLE_CSS])
        state.param.watch(self._relabel, "lang")
        self._relabel()

    def _show_front(self, *_):
        self.boxes.value = next(f.boxes for f in self.game_state.settings.fronts if f.id == self.front.value)

    def _apply(self, *_):
        s = self.game_state.settings.with_front_boxes(self.front.value, int(self.numbers.value("boxes")))
        self.game_state.settings = replace(s, abomb_boxes=int(self.numbers.value("abomb")), placeholder=False)

    def _relabel(self, *_):
        lang = self.state.lang
        self.layout.title = label("churchill.settings.title", lang)
        self.front.name = label("churchill.settings.front", lang)
        self.front.options = {label(f"churchill.front.{f.id}", lang): f.id for f in self.game_state.settings.fronts}
        self.boxes.name = label("churchill.settings.boxes", lang)
        self.abomb.name = label("churchill.settings.abomb", lang)
        self.apply.name = label("churchill.settings.apply", lang)
        self.reset.name = label("churchill.settings.reset", lang)
        for n, w in self.scores.items():
            w.name = label("churchill.settings.vp", lang, nation=label(f"churchill.option.{n}", lang))
        for th, w in self.lead.items():
            w.name = label(f"churchill.theater.{th}", lang)
            w.options = {label(f"churchill.option.{n}", lang): n for n in ("UK", "US")}

    def __panel__(self):
        return self.layout
