"""Move an issue on the Churchill table with a card (and a debate): where it lands and why.

The move is made by the session (:meth:`ChurchillState.move`, rules in viewer.rules.churchill);
the explanation is the ``churchill.issue-move`` calculator's steps for the same inputs.
"""
from __future__ import annotations

import panel as pn
import param

from viewer.calculators import REGISTRY
from viewer.rules.churchill.stepper import conference_steps
from viewer.rules.churchill.table import CARD_KINDS, NATIONS
from viewer.state import SessionState
from viewer.state.churchill.conference import CONDITIONAL, ISSUES, ChurchillState
from viewer.views.common.bounded import BoundedInputs
from viewer.views.common.text import alert, label, markdown, plain

NOBODY = "none"


class IssueMover(pn.viewable.Viewer):
    """Pick an issue, a card and maybe a debate; Move puts the issue where the rules say."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=ChurchillState, doc="The conference table whose issues are moved.")

    def __init__(self, **params):
        super().__init__(**params)
        game_state, state = self.game_state, self.state
        self.issue = pn.widgets.Select(options=list(ISSUES), value=game_state.selected_issue, css_classes=["churchill-issue"])
        self.mover = pn.widgets.Select(options=list(NATIONS), value="UK", css_classes=["churchill-mover"], width=150)
        self.card = pn.widgets.IntInput(value=3, start=0, end=12, css_classes=["churchill-card"], width=150)
        self.kind = pn.widgets.Select(options=list(CARD_KINDS), value="advisor", width=150)
        self.bonus = pn.widgets.IntInput(value=0, start=-6, end=6, width=90)
        self.debater = pn.widgets.Select(options=[NOBODY, *NATIONS], value=NOBODY, css_classes=["churchill-debater"], width=150)
        self.debate_card = pn.widgets.IntInput(value=2, start=0, end=12, css_classes=["churchill-debate-card"], width=210)
        self.debate_kind = pn.widgets.Select(options=list(CARD_KINDS), value="advisor", width=150)
        self.stop = pn.widgets.Checkbox(value=False)
        self.button = pn.widgets.Button(color="primary", css_classes=["churchill-move"])
        self.clear = pn.widgets.Button(color="light", css_classes=["churchill-clear"])
        self.result = markdown("", css_classes=["churchill-move-result"])
        self.error = alert("", alert_type="danger", visible=False, css_classes=["churchill-move-error"])
        #: Card values and the bonus: checked against the issue-move calculator's bounds, not clamped.
        self.numbers = BoundedInputs(state, "churchill-move-refused")
        move = REGISTRY["churchill.issue-move"]
        for key, widget in (("card", self.card), ("bonus", self.bonus), ("debate_card", self.debate_card)):
            self.numbers.add(key, widget, move.param[key].bounds, lambda lang, key=key: label(f"churchill.move.{key}", lang))
        self.issue.param.watch(lambda e: setattr(game_state, "selected_issue", e.new), "value")
        game_state.param.watch(lambda e: setattr(self.issue, "value", e.new), "selected_issue")
        game_state.param.watch(self._show_position, "issues")
        game_state.param.watch(self._follow_step, ["step", "agenda_winner", "conference_winner"])
        self.button.on_click(self._move)
        self.clear.on_click(lambda _e: game_state.remove(self.issue.value))
        state.param.watch(self._relabel, "lang")
        self._relabel()
        self.layout = pn.Column(
            pn.FlexBox(self.issue, self.mover, self.card, self.kind, self.bonus, flex_wrap="wrap"),
            pn.FlexBox(self.debater, self.debate_card, self.debate_kind, self.stop, flex_wrap="wrap",
                       align_items="center"),
            self.numbers.box, pn.Row(self.button, self.clear), self.error, self.result, css_classes=["churchill-mover-panel"])

    def _follow_step(self, *_):
        """At a meeting step of the stepper (Churchill 5.22) the nation whose turn it is advances:
        the form presets it, so Move makes that step's move."""
        g = self.game_state
        steps = conference_steps(g.agenda_winner, g.conference_winner)
        step = steps[min(g.step, len(steps) - 1)]
        if step.key == "advance" and step.actor in NATIONS and self.mover.value != step.actor:
            self.mover.value = step.actor

    def _inputs(self) -> dict:
        pos = self.game_state.position(self.issue.value)
        track, box = ("centre", 0) if pos is None or pos.centre else (pos.track, pos.box)
        return {"track": track, "box": box, "mover": self.mover.value, "card": self.numbers.value("card"),
                "card_kind": self.kind.value, "bonus": self.numbers.value("bonus"), "debater": self.debater.value,
                "debate_card": self.numbers.value("debate_card"), "debate_kind": self.debate_kind.value,
                "conditional": self.issue.value in CONDITIONAL, "stop_in_centre": self.stop.value}

    def _move(self, *_):
        from viewer.calculators import CalculatorInputError

        lang = self.state.lang
        try:
            if self.game_state.position(self.issue.value) is not None and self.game_state.position(self.issue.value).captured:
                raise CalculatorInputError("track", label("churchill.move.captured", lang))
            calc = REGISTRY["churchill.issue-move"](**self._inputs())
            result = calc.compute()
        except CalculatorInputError as err:
            self.error.object = f"**{plain(err.parameter)}**: {plain(err.message)}"
            self.error.visible = True
            return
        self.error.visible = False
        debater = None if self.debater.value == NOBODY else self.debater.value
        n = self.numbers
        self.game_state.move(self.issue.value, self.mover.value, n.value("card"), self.kind.value, n.value("bonus"),
                          debater, n.value("debate_card"), self.debate_kind.value, 0, self.stop.value)
        steps = "\n".join(f"{i}. {s.text(lang)} ({s.rule})" for i, s in enumerate(result.steps, 1))
        self.result.object = f"### {self._where(lang)}\n\n{steps}"

    def _where(self, lang: str) -> str:
        pos = self.game_state.position(self.issue.value)
        name = label(f"churchill.issue.{self.issue.value}", lang)
        if pos is None:
            return label("churchill.move.stored", lang, issue=name)
        if pos.centre:
            return label("churchill.move.at_centre", lang, issue=name)
        if pos.captured:
            return label("churchill.move.at_chair", lang, issue=name, nation=pos.track)
        return label("churchill.move.at_box", lang, issue=name, nation=pos.track, box=pos.box)

    def _show_position(self, *_):
        if not self.result.object:
            self.result.object = f"### {self._where(self.state.lang)}"
        else:
            _, _, rest = self.result.object.partition("\n\n")
            self.result.object = f"### {self._where(self.state.lang)}" + (f"\n\n{rest}" if rest else "")

    def _relabel(self, *_):
        lang = self.state.lang
        self.issue.options = {label(f"churchill.issue.{i}", lang): i for i in ISSUES}
        self.issue.name = label("churchill.move.issue", lang)
        self.mover.name = label("churchill.move.mover", lang)
        self.card.name = label("churchill.move.card", lang)
        self.kind.name = label("churchill.move.kind", lang)
        self.kind.options = {label(f"churchill.kind.{k}", lang): k for k in CARD_KINDS}
        self.debate_kind.options = dict(self.kind.options)
        self.bonus.name = label("churchill.move.bonus", lang)
        self.debater.name = label("churchill.move.debater", lang)
        nations = {label(f"churchill.option.{n}", lang): n for n in NATIONS}   # UK: RU in Spanish
        value = self.mover.value
        self.mover.options = nations
        self.mover.value = value
        self.debater.options = {label("churchill.move.nobody", lang): NOBODY, **nations}
        self.debate_card.name = label("churchill.move.debate_card", lang)
        self.debate_kind.name = label("churchill.move.debate_kind", lang)
        self.stop.name = label("churchill.move.stop", lang)
        self.button.name = label("churchill.move.go", lang)
        self.clear.name = label("churchill.move.clear", lang)

    def __panel__(self):
        return self.layout
