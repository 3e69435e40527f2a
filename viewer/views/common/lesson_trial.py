""""Try it yourself" on boards whose answers a calculator or engine computes from values
(docs/lessons.md, "In the apps").

A step's answer reads its inputs (a die, the nation that advances, a track box, a range) and, for
some engines, the pieces of the step's state. :class:`TrialValues` lets the learner change any
input the step's calculator or engine takes: a chooser of the input and one value widget (a list
of the allowed values when the parameter has them, else a text box), made once and updated in
place. :class:`TrialBoard` is a :class:`LessonBoard` that keeps the learner's copy of the step's
state, shows the controls while trying and gives the player the answer to compute
(:meth:`TrialBoard.trial_answer`): the step's inputs, what the board reads from the learner's
pieces (:meth:`TrialBoard.state_inputs`) and the values the learner set.
"""
from __future__ import annotations

import copy
from typing import Any, Callable

import panel as pn
import param
import yaml

from viewer.lessons.answers import as_text
from viewer.lessons.model import Answer
from viewer.lessons.player import step_rolls
from viewer.state import SessionState
from viewer.views.common.lesson_player import LessonBoard
from viewer.views.common.text import label, label_any

#: The value the choosers show for "no input chosen".
NONE = ""


def _calculator(slug: str):
    from viewer import calculators

    try:
        return calculators.get(slug)
    except Exception:      # an unknown slug: the player shows the engine's own error
        return None


class TrialValues:
    """The learner's values for the step's inputs: ``name`` chooses an input, ``choice`` (a list
    of allowed values) or ``text`` (anything else) sets it; ``overrides`` holds what was set."""

    def __init__(self, state: SessionState):
        self.state = state
        self.name = pn.widgets.Select(options={}, width=240, css_classes=["lesson-try-input"])
        self.choice = pn.widgets.Select(options=[], width=180, visible=False, css_classes=["lesson-try-choice"])
        self.text = pn.widgets.TextInput(value="", width=180, visible=False, css_classes=["lesson-try-value"])
        self.panel = pn.Row(self.name, self.choice, self.text, css_classes=["lesson-try-values"])
        self.overrides: dict[str, Any] = {}
        self._answer: Answer | None = None
        self._current: dict[str, Any] = {}
        self._changed: Callable[[], None] | None = None
        self._busy = False
        self.name.param.watch(self._on_name, "value")
        self.choice.param.watch(self._on_value, "value")
        self.text.param.watch(self._on_value, "value")
        state.param.watch(self._on_lang, "lang")
        self._on_lang()

    # ------------------------------------------------------------------ what the step takes
    def names(self, answer: Answer) -> list[str]:
        """The inputs the learner may change: the step's own first, then the rest its calculator
        or engine takes."""
        from viewer.lessons.boards import engines

        if answer.kind == "calculator":
            cls = _calculator(answer.slug)
            others = list(cls.input_names()) if cls is not None else []
        else:
            engine = engines().get(answer.slug)
            others = list(engine.inputs) if engine is not None else []
        return list(dict.fromkeys([*map(str, answer.inputs), *others]))

    def allowed(self, name: str) -> list[str] | None:
        """The allowed values of ``name`` as text (a calculator's choice or true/false), else None."""
        if self._answer is None or self._answer.kind != "calculator":
            return None
        cls = _calculator(self._answer.slug)
        if cls is None or name not in cls.param:
            return None
        p = cls.param[name]
        if isinstance(p, param.Boolean):
            return ["true", "false"]
        if isinstance(p, param.Selector) and not isinstance(p, param.ListSelector):
            objects = list(p.objects.values()) if isinstance(p.objects, dict) else list(p.objects)
            return [as_text(o) for o in objects] or None
        if isinstance(p, param.String) and name not in cls.sequences:
            board = self.value_of("board") if "board" in cls.param else None
            try:
                calc = cls(**({"board": board} if board else {}))
            except ValueError:   # a board the calculator does not know: its own
                calc = cls()
            places = calc.places(name)   # the places of the step's board, else the rows of a chart
            return list(places.values()) if places is not None else cls.choices(name)
        return None

    def _default(self, name: str) -> Any:
        if self._answer is not None and self._answer.kind == "calculator":
            cls = _calculator(self._answer.slug)
            if cls is not None and name in cls.param:
                return cls.param[name].default
        return None

    # ------------------------------------------------------------------ a trial
    def start(self, answer: Answer | None, state: dict[str, Any], changed: Callable[[], None]) -> None:
        """The step's values; ``changed()`` is called after each value the learner sets."""
        self._answer, self.overrides, self._changed = answer, {}, None
        self._current = {**dict(step_rolls(state)), **(dict(answer.inputs) if answer else {})}
        self._busy = True
        try:
            self._on_lang()
            self.name.value = NONE
            self._show(NONE)
        finally:
            self._busy = False
        self._changed = changed

    def end(self) -> None:
        self._answer, self._changed, self.overrides = None, None, {}

    def value_of(self, name: str) -> Any:
        if name in self.overrides:
            return self.overrides[name]
        return self._current[name] if name in self._current else self._default(name)

    def set(self, name: str, text: str) -> None:
        """Set input ``name`` from ``text`` (what the value widgets do)."""
        if self._answer is None:
            return
        value: Any = text
        if self._answer.kind != "calculator":      # an engine takes YAML values: numbers, lists
            try:
                value = yaml.safe_load(text) if text.strip() else ""
            except yaml.YAMLError:
                value = text
        self.overrides[name] = value
        if self._changed is not None:
            self._changed()

    # ------------------------------------------------------------------ the widgets
    def _show(self, name: str) -> None:
        allowed = self.allowed(name) if name else None
        current = "" if not name or self.value_of(name) is None else as_text(self.value_of(name))
        if allowed is not None:
            self.choice.options = allowed if current in allowed else [current, *allowed]
            self.choice.value = current
        else:
            self.text.value = current
        self.choice.visible = bool(name) and allowed is not None
        self.text.visible = bool(name) and allowed is None

    def _on_name(self, event) -> None:
        self._busy = True
        try:
            self._show(event.new or NONE)
        finally:
            self._busy = False

    def _on_value(self, event) -> None:
        if self._busy or not self.name.value or self._answer is None:
            return
        self.set(self.name.value, str(event.new))

    def _on_lang(self, *_) -> None:
        lang = self.state.lang
        self.name.name = label("lessons.try.value.input", lang)
        self.choice.name = self.text.name = label("lessons.try.value.value", lang)
        slug = self._answer.slug if self._answer else ""
        names = self.names(self._answer) if self._answer else []
        keep = self.name.value
        busy, self._busy = self._busy, True
        try:
            self.name.options = {label("lessons.try.value.none", lang): NONE,
                                 **{label_any([f"calc.{slug}.param.{n}"], lang, n): n for n in names}}
            self.name.value = keep if keep in self.name.options.values() else NONE
        finally:
            self._busy = busy


def answer_with(answer: Answer, inputs: dict[str, Any]) -> Answer:
    """``answer`` with ``inputs`` set over its own (its expected fields unchanged)."""
    return Answer(answer.slug, answer.kind, {**answer.inputs, **inputs}, dict(answer.expect), answer.reads)


class TrialBoard(LessonBoard):
    """A board the learner edits in "try it yourself": a copy of the step's state, the board's own
    controls (``extra``, beside the value controls) and :class:`TrialValues`. A subclass edits the
    copy (then :meth:`emit`) and names what its answers read from it (:meth:`state_inputs`)."""

    editable = True

    def __init__(self, state: SessionState, extra: list[Any] | None = None):
        self.session = state
        self.values = TrialValues(state)
        self.controls = pn.Row(*(extra or []), self.values.panel, visible=False,
                               css_classes=["lesson-try-controls"])
        self.trial: dict[str, Any] | None = None
        self._changed: Callable[[dict[str, Any]], None] | None = None
        self._view: Any = None

    @property
    def trying(self) -> bool:
        return self.trial is not None and self._changed is not None

    def start_trial(self, player, view, changed: Callable[[dict[str, Any]], None]) -> None:
        self.trial, self._changed, self._view = copy.deepcopy(view.state), None, view
        self.values.start(view.step.answer, self.trial, self.emit)
        self.begin(player, view)
        self.controls.visible = True
        self._changed = changed

    def begin(self, player, view) -> None:
        """Set the board's own controls for a trial of ``view`` (before any change is reported)."""

    def end_trial(self) -> None:
        self.trial, self._changed, self._view = None, None, None
        self.values.end()
        self.controls.visible = False

    def emit(self) -> None:
        """Report the learner's state: the player computes the step's answer on it."""
        if self.trying and self.trial is not None and self._changed is not None:
            with pn.io.hold():
                self._changed(copy.deepcopy(self.trial))

    def state_inputs(self, answer: Answer, state: dict[str, Any]) -> dict[str, Any]:
        """The inputs of ``answer`` the board reads from the learner's pieces (none by default)."""
        return {}

    def trial_answer(self, answer: Answer, state: dict[str, Any]) -> Answer:
        return answer_with(answer, {**self.state_inputs(answer, state), **self.values.overrides})
