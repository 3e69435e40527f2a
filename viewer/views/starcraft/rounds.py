"""The StarCraft TMG round tracker view (SC 8.1, 8.2, 8.4-8.9): round, phase, First Player,
whose turn, who passed; the legal actions of a chosen unit; pass, next phase, end of round.
The rules live in :mod:`viewer.rules.starcraft.rounds`; this view only calls them."""
from __future__ import annotations

import panel as pn
import param

from viewer.rules.starcraft.rounds import PHASE_NAMES, TrackerError
from viewer.state import SessionState
from viewer.state.starcraft.table import StarcraftState
from viewer.views.common.text import alert, label, label_any, markdown, plain
from viewer.views.starcraft.names import unit_name, unit_options


class RoundTrackerView(pn.viewable.Viewer):
    """Buttons and a status line driving the session's :class:`RoundTracker`."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=StarcraftState, doc="The table whose rounds are tracked.")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        self.status = markdown("", css_classes=["sc-rounds"])
        self.error = alert("", alert_type="warning", visible=False)
        self.refusal: TrackerError | None = None   # the refusal shown, worded again on a language switch
        self.starter = pn.widgets.RadioButtonGroup(options=["A", "B"], value="A")
        self.start = pn.widgets.Button(css_classes=["sc-start-phase"])
        self.unit = pn.widgets.Select(options=unit_options(game_state.table, sorted(game_state.tracker.units), state.lang),
                                      width=160)
        self.action = pn.widgets.Select(options=[], width=160)
        self.activate = pn.widgets.Button(css_classes=["sc-activate"])
        self.pass_button = pn.widgets.Button(css_classes=["sc-pass"])
        self.next = pn.widgets.Button(css_classes=["sc-next-phase"])
        self.vp_a = pn.widgets.IntInput(value=0, start=0, width=90)
        self.vp_b = pn.widgets.IntInput(value=0, start=0, width=90)
        self.roll_off = pn.widgets.RadioButtonGroup(options=["A", "B"], value="A")
        self.end = pn.widgets.Button(css_classes=["sc-end-round"])
        self.start.on_click(lambda _: self._do("start_phase", self.starter.value))
        self.activate.on_click(lambda _: self._do("activate", self.unit.value, self.action.value))
        self.pass_button.on_click(lambda _: self._do("pass_turn", self.game_state.tracker.active))
        self.next.on_click(lambda _: self._do("next_phase"))
        self.end.on_click(lambda _: self._do("end_round", self.vp_a.value, self.vp_b.value, self.roll_off.value))
        self.unit.param.watch(self._actions, "value")
        game_state.param.watch(self.refresh, ["tracker", "table"])
        state.param.watch(self.refresh, "lang")
        self.refresh()

    def _do(self, action, *args):
        try:
            self.game_state.track(action, *args)
            self.refusal = None
        except TrackerError as err:
            self.refusal = err
        self._show_refusal()

    def _show_refusal(self) -> None:
        """The last refusal in the page's language (its key and parameters, SC 8.2-8.9), or none."""
        err, lang = self.refusal, self.state.lang
        if err is None:
            self.error.visible = False
            return
        params = {k: plain(self._term(k, v, lang)) for k, v in err.params.items()}
        self.error.object = label(f"sc.ui.rounds.refused.{err.key}", lang, **params)
        self.error.visible = True

    def _term(self, key: str, value, lang: str) -> str:
        """A refusal's parameter as the page names it: units and actions by their names, a list
        item by item, nothing as "none"."""
        if isinstance(value, (list, tuple)):
            return ", ".join(self._term(key, v, lang) for v in value) or label("sc.ui.none", lang)
        if value is None:
            return label("sc.ui.none", lang)
        if key in ("unit", "units"):
            table = self.game_state.table
            return unit_name(table.unit(value), lang) if value in {u.id for u in table.units} else str(value)
        if key in ("action", "allowed"):
            return label_any([f"sc.ui.action.{value}"], lang, str(value))
        return str(value)

    def _actions(self, *_):
        acts = self.game_state.tracker.legal_actions(self.unit.value) if self.unit.value else ()
        lang = self.state.lang
        self.action.options = {label_any([f"sc.ui.action.{a}"], lang, a): a for a in acts}

    def refresh(self, *_):
        with pn.io.hold():
            lang, tr = self.state.lang, self.game_state.tracker
            self.start.label = label("sc.ui.rounds.start", lang)
            self.activate.label = label("sc.ui.rounds.activate", lang)
            self.pass_button.label = label("sc.ui.rounds.pass", lang)
            self.next.label = label("sc.ui.rounds.next", lang)
            self.end.label = label("sc.ui.rounds.end", lang)
            self.unit.name = label("sc.ui.rounds.unit", lang)
            units = unit_options(self.game_state.table, sorted(tr.units), lang)
            if self.unit.options != units:
                value = self.unit.value
                self.unit.options = units
                self.unit.value = value
            self.action.name = label("sc.ui.rounds.action", lang)
            self.vp_a.name, self.vp_b.name = label("sc.ui.rounds.vp", lang, player="A"), label("sc.ui.rounds.vp", lang, player="B")
            none = label("sc.ui.none", lang)
            self.status.object = label("sc.ui.rounds.status", lang, round=tr.round, phase=tr.phase,
                                       name=label(f"sc.ui.phase.{PHASE_NAMES[tr.phase]}", lang), first=tr.first_player,
                                       active=tr.active or none, passed=", ".join(tr.passed) or none)
            if tr.game_over:
                self.status.object += "\n\n" + label("sc.ui.rounds.over", lang)
            self._actions()
            self._show_refusal()

    def __panel__(self):
        return pn.Column(self.status, self.error, pn.Row(self.starter, self.start), pn.Row(self.unit, self.action),
                         pn.Row(self.activate, self.pass_button, self.next),
                         pn.Row(self.vp_a, self.vp_b, self.roll_off), self.end, width=420)
