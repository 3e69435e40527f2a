"""A guided walk through one Churchill conference (the sequence of play of 4.1), step by step.

Each step says the phase, what may be done and whose turn it is; the board rings the chair of the
player to act. Steps come from :func:`viewer.rules.churchill.stepper.conference_steps`.
"""
from __future__ import annotations

import panel as pn
import param

from viewer.ruleref import RuleRef
from viewer.rules.churchill.agenda import issues_won
from viewer.rules.churchill.stepper import conference_steps, debate_order
from viewer.rules.churchill.table import NATIONS
from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.views.common.rulelink import rule_anchor
from viewer.views.common.text import label, markdown


class ConferenceStepper(pn.viewable.Viewer):
    """Back / Next through the conference; the agenda and conference winners set the turn order."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=ChurchillState, doc="The conference being stepped through.")

    def __init__(self, **params):
        super().__init__(**params)
        game_state, state = self.game_state, self.state
        self.back = pn.widgets.Button(css_classes=["churchill-step-back"], width=110)
        self.next = pn.widgets.Button(color="primary", css_classes=["churchill-step-next"], width=110)
        self.agenda = pn.widgets.Select(options=list(NATIONS), value=game_state.agenda_winner, width=160)
        self.winner = pn.widgets.Select(options=list(NATIONS), value=game_state.conference_winner, width=160)
        self.text = markdown("", css_classes=["churchill-step"])
        self.link = pn.pane.HTML("", css_classes=["churchill-step-rule"], margin=(0, 10))
        self.back.on_click(lambda _e: self._go(-1))
        self.next.on_click(lambda _e: self._go(1))
        self.agenda.param.watch(lambda e: setattr(game_state, "agenda_winner", e.new), "value")
        self.winner.param.watch(lambda e: setattr(game_state, "conference_winner", e.new), "value")
        game_state.param.watch(self._show, ["step", "agenda_winner", "conference_winner", "issues"])
        state.param.watch(self._show, "lang")
        self._show()
        self.layout = pn.Column(pn.Row(self.back, self.next, self.agenda, self.winner), self.text, self.link,
                                css_classes=["churchill-stepper"])

    def steps(self):
        return conference_steps(self.game_state.agenda_winner, self.game_state.conference_winner)

    def _go(self, delta: int) -> None:
        self.game_state.step = max(0, min(self.game_state.step + delta, len(self.steps()) - 1))

    def _show(self, *_):
        lang = self.state.lang
        steps = self.steps()
        i = min(self.game_state.step, len(steps) - 1)
        s = steps[i]
        head = label("churchill.step.header", lang, n=i + 1, total=len(steps), phase=label(f"churchill.phase.{s.phase}", lang))
        actor = _nation(s.actor, lang) if s.actor else ""
        what = label(f"churchill.step.{s.key}", lang, actor=actor, card=s.card)
        turn = label("churchill.step.turn", lang, actor=actor) if s.actor else label("churchill.step.everyone", lang)
        extra = ""
        if s.key == "advance":
            first, second = debate_order(s.actor)
            extra = "\n\n" + label("churchill.step.debaters", lang, first=_nation(first, lang),
                                     second=_nation(second, lang))
        if s.key in ("end_meeting", "conference_winner"):
            won = issues_won(self.game_state.positions())
            top = [n for n in NATIONS if won[n] == max(won.values())]
            leader = " = ".join(_nation(n, lang) for n in top)
            extra += "\n\n" + label("churchill.step.board_count", lang, uk=won["UK"], us=won["US"], ussr=won["USSR"],
                                      leader=leader)
        self.text.object = f"**{head}**\n\n{turn}\n\n{what}{extra}"
        self.link.object = rule_anchor(RuleRef("churchill", s.rule))
        self.back.name = label("churchill.step.back", lang)
        self.next.name = label("churchill.step.next", lang)
        self.agenda.name = label("churchill.stepper.agenda_winner", lang)
        self.winner.name = label("churchill.stepper.conference_winner", lang)
        for select in (self.agenda, self.winner):
            value = select.value
            select.options = {_nation(n, lang): n for n in NATIONS}
            select.value = value

    def __panel__(self):
        return self.layout


def _nation(nation: str, lang: str) -> str:
    """A nation's name as the board abbreviates it, in ``lang`` (UK: RU in Spanish)."""
    return label(f"churchill.option.{nation}", lang)
