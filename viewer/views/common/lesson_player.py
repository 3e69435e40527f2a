"""The lesson player of every app: the game's lessons by rule, a step at a time (docs/lessons.md).

:class:`LessonPlayer` draws what :class:`viewer.lessons.LessonPlayer` returns and holds nothing
else: the step's title, question and explanation, the answer the engine computes with its rule
links, a mark when the engine disagrees with the lesson, the chart cells the text does not give
and which of our places plays each role. A game's *board* (:class:`LessonBoard`) draws the step's
highlight on that game's board; whatever it cannot draw is named in the player's text.

On a page the address follows the step (``?lesson=<name>&step=<n>``, updated in place), so a
copied link opens the same step. "Try it yourself" hands the step's state to the board's own
controls and computes the step's answer on whatever the learner changes; "Back to the lesson"
shows the step again. "Save as lesson" writes a one-step lesson file of the board's state
(:mod:`viewer.lessons.skeleton`) to download and to the visitor's folder (docs/lessons.md,
"In the apps").

Every widget is created once; a step change or a language switch sets properties in place.
"""
from __future__ import annotations

import html
import io
import re
from dataclasses import dataclass
from typing import Any, Callable

import panel as pn
import param

import viewer.lessons as lessons
from viewer.calculators.format import shown
from viewer.errors import ViewerError
from viewer.i18n import has
from viewer.lessons.answers import MISSING, Mismatch, compare, compute
from viewer.lessons.model import Answer
from viewer.lessons.player import StepView, step_rolls
from viewer.lessons.skeleton import skeleton, skeleton_text
from viewer.ruleref import RuleRef
from viewer.state import SessionState
from viewer.views.common.rulelink import rule_anchor
from viewer.views.common.step_list import StepList, inline_markdown
from viewer.views.common.calculator_card import value_term
from viewer.views.common.text import label, label_any, markdown

#: The highlight kinds a step may name (docs/lessons.md, "Writing a lesson").
HIGHLIGHT_KINDS = ("hexes", "hexsides", "path", "range", "track_boxes", "models")

_CSS = """
:host .lesson-mismatch { color: #b00020; font-weight: bold; }
:host .lesson-agrees { color: #2e7d32; }
:host a.rule-link { margin-right: 6px; color: #1a5fb4; }
"""


class LessonBoard:
    """What a game's board shows of a lesson step. ``panel`` is the board (or None: text only);
    :meth:`show` marks a step's highlight and returns the kinds it drew, so the player names the
    others in words.

    "Try it yourself": an ``editable`` board's :meth:`start_trial` makes the step's state the
    learner's, shows its ``controls`` (made once, None: none) and calls ``changed(state)`` after
    each change; :meth:`end_trial` hides them. ``help_key`` labels what the learner can change
    (or, for a board that is not editable, why not)."""

    panel: Any = None
    controls: Any = None
    editable: bool = False
    help_key: str = "lessons.try.readonly"

    def show(self, player: lessons.LessonPlayer, view: lessons.StepView) -> set[str]:
        """Mark ``view``'s highlight (``player.lesson`` played on ``player.board``)."""
        return set()

    def start_trial(self, player: lessons.LessonPlayer, view: lessons.StepView,
                    changed: Callable[[dict[str, Any]], None]) -> None:
        """Let the learner change ``view.state`` with the board's controls (editable boards)."""

    def end_trial(self) -> None:
        """Give the board back to the lesson."""

    def trial_answer(self, answer: Answer, state: dict[str, Any]) -> Answer:
        """The answer to compute on the learner's ``state``: the step's own by default; a board
        whose controls change the step's inputs, or whose pieces a calculator reads as inputs,
        returns the answer with those inputs (its expected fields stay the step's)."""
        return answer


@dataclass(frozen=True)
class _Shown:
    """One step of an engine's explanation, as :class:`StepList` draws it."""

    key: str
    words: str
    rule: RuleRef | None

    def text(self, lang: str) -> str:
        return self.words


def _ref(text: str | None) -> RuleRef | None:
    if not text:
        return None
    try:
        return RuleRef.parse(str(text))
    except ValueError:
        return None


def _rule_links(rules) -> str:
    out = []
    for r in rules:
        ref = r if isinstance(r, RuleRef) else _ref(r)
        out.append(rule_anchor(ref) if ref else html.escape(str(r)))
    return " ".join(out)


def _highlight_words(kind: str, value: Any) -> str:
    if kind == "range" and isinstance(value, dict):
        return f"{value.get('origin')} · {value.get('radius')} {value.get('unit') or 'hexes'}"
    if kind == "hexsides":
        return ", ".join("–".join(map(str, side)) for side in value)
    if kind == "path":
        return " → ".join(map(str, value))
    return ", ".join(map(str, value))


def field_name(slug: str, key: str, lang: str) -> str:
    """The name of answer field ``key`` of calculator or engine ``slug``: its label
    (``calc.<slug>.result.<key>``); a field reaching into a mapping (``blocked.2936``) is the
    mapping's name and the entry's (``blocked (2936)``); else the key."""
    if has(f"calc.{slug}.result.{key}"):
        return label(f"calc.{slug}.result.{key}", lang)
    head, dot, rest = key.partition(".")
    if dot and has(f"calc.{slug}.result.{head}"):
        return f"{label(f'calc.{slug}.result.{head}', lang)} ({value_term(slug, lang)(rest)})"
    return key


def _mismatch(m: Mismatch, lang: str, slug: str = "") -> str:
    term = value_term(slug, lang)
    got = label("lessons.absent", lang) if m.absent else shown(m.got, lang, term)
    return label("lessons.mismatch", lang, field=field_name(slug, m.field, lang),
                 expected=shown(m.expected, lang, term), got=got)


class LessonPlayer(pn.viewable.Viewer):
    """A game's lessons listed by rule, Back / Next through the chosen one, and each step's texts
    and computed answer; ``board`` marks the step on the game's board."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    game = param.String(default="", doc="The id of the game whose lessons are played.")

    board = param.ClassSelector(class_=LessonBoard, default=None, allow_None=True, doc="""
        Draws each step's highlight on the game's board (None: the highlight is named in words).""")

    lesson = param.String(default="", doc="The id of the lesson being played (game/name).")

    step = param.Integer(default=0, bounds=(0, None), doc="The step shown, counted from 0.")

    address = param.Boolean(default=False, doc="""
        Keep the page's address at the step shown (``?lesson=<name>&step=<n>``, in place).""")

    trying = param.Boolean(default=False, doc="""
        Whether the learner has the board ("try it yourself"); the texts stay the step's.""")

    def __init__(self, **params):
        super().__init__(**params)
        if self.board is None:
            self.board = LessonBoard()
        self._groups = self._grouped()
        ids = [lesson.id for group in self._groups.values() for lesson in group]
        if not ids:
            raise ValueError(f"the game {self.game!r} has no lessons")
        if self.lesson not in ids:
            self.lesson = ids[0]
        self.player = lessons.LessonPlayer(lessons.load(self.lesson))
        self.choose = pn.widgets.Select(groups=self._options(), value=self.lesson, sizing_mode="stretch_width",
                                        css_classes=["lesson-select"])
        self.back = pn.widgets.Button(label="", width=110, css_classes=["lesson-back"])
        self.next = pn.widgets.Button(label="", width=110, color="primary", css_classes=["lesson-next"])
        self.counter = pn.pane.HTML("", css_classes=["lesson-counter"], margin=(12, 10))
        self.title = pn.pane.HTML("", css_classes=["lesson-title"], sizing_mode="stretch_width",
                                  stylesheets=[_CSS])
        self.question = markdown("", css_classes=["lesson-question"], sizing_mode="stretch_width")
        self.explanation = markdown("", css_classes=["lesson-explanation"], sizing_mode="stretch_width")
        self.answer = pn.pane.HTML("", css_classes=["lesson-answer"], sizing_mode="stretch_width",
                                   stylesheets=[_CSS])
        self.steps = StepList(css_classes=["lesson-steps"], item_class="lesson-step")
        self.notes = pn.pane.HTML("", css_classes=["lesson-notes"], sizing_mode="stretch_width",
                                  stylesheets=[_CSS])
        # try it yourself
        self.try_it = pn.widgets.Button(label="", width=180, css_classes=["lesson-try"])
        self.untry = pn.widgets.Button(label="", width=180, color="primary", visible=False,
                                       css_classes=["lesson-untry"])
        self.try_note = pn.pane.HTML("", css_classes=["lesson-try-note"], sizing_mode="stretch_width",
                                     stylesheets=[_CSS])
        self._trial: dict[str, Any] | None = None
        # save as lesson
        self.save_rule = pn.widgets.Select(options=self._rule_options(), width=180, css_classes=["lesson-save-rule"])
        # the text column is narrow: each of these spans it, so no label is cut in either language
        span = {"sizing_mode": "stretch_width", "max_width": TEXT_WIDTH}
        self.save_question = pn.widgets.TextInput(value="", css_classes=["lesson-save-question"], **span)
        self.save_name = pn.widgets.TextInput(value="", css_classes=["lesson-save-name"], **span)
        self.save_button = pn.widgets.Button(label="", css_classes=["lesson-save"], **span)
        self.download = pn.widgets.FileDownload(callback=self._download, filename="lesson.yaml", embed=False,
                                                css_classes=["lesson-download"], **span)
        self.save_status = pn.pane.HTML("", css_classes=["lesson-save-status"], sizing_mode="stretch_width")
        self.save_title = pn.pane.HTML("", css_classes=["lesson-save-title"], margin=(10, 10, 0, 10))
        self.back.on_click(lambda _e: self.go(self.step - 1))
        self.next.on_click(lambda _e: self.go(self.step + 1))
        self.try_it.on_click(lambda _e: self.try_yourself())
        self.untry.on_click(lambda _e: self.back_to_lesson())
        self.save_button.on_click(lambda _e: self.save_lesson())
        self.choose.param.watch(self._on_choose, "value")
        self.state.param.watch(self._on_lang, "lang")
        self.layout = pn.Column(
            self.choose, pn.Row(self.back, self.counter, self.next), self.title, self.question,
            self.explanation, self.answer, self.steps, self.notes,
            pn.Row(self.try_it, self.untry), self.try_note,
            self.save_title, self.save_rule, self.save_question,
            self.save_name, self.save_button, self.download, self.save_status,
            sizing_mode="stretch_width", css_classes=["lesson-player"])
        self._draw()

    # ------------------------------------------------------------------ the list of lessons
    def _grouped(self) -> dict[str, list[lessons.Lesson]]:
        """Each lesson once, under the first of its rules in rule order."""
        placed: set[str] = set()
        out: dict[str, list[lessons.Lesson]] = {}
        for rule, group in lessons.by_rule(self.game).items():
            for lesson in group:
                if lesson.id not in placed:
                    placed.add(lesson.id)
                    out.setdefault(rule, []).append(lesson)
        return out

    def _options(self) -> dict[str, dict[str, str]]:
        lang = self.state.lang
        return {rule: {f"{lesson.title(lang)} ({len(lesson.steps)})": lesson.id for lesson in group}
                for rule, group in self._groups.items()}

    def _rule_options(self) -> list[str]:
        """The rules a saved lesson may cite: the game's rule list, in rulebook order."""
        from viewer.reference.rulelist import rules
        from viewer.ruleref import GAME_PREFIXES

        return [f"{GAME_PREFIXES[self.game]} {n}" for n in rules(self.game)]

    @property
    def lesson_ids(self) -> list[str]:
        return [lesson.id for group in self._groups.values() for lesson in group]

    # ------------------------------------------------------------------ moving
    def open(self, lesson_id: str, step: int = 0) -> None:
        """Show ``lesson_id`` at ``step`` (0-based); a bad id or step raises the model's error."""
        player = lessons.LessonPlayer(lessons.load(lesson_id))
        player.goto(step)
        with pn.io.hold():
            self._end_trial()
            self.player = player
            self.lesson, self.step = lesson_id, step
            if self.choose.value != lesson_id:
                self.choose.value = lesson_id
            self._draw()
            self._to_address()

    def go(self, step: int) -> None:
        """Show step ``step`` of the current lesson, kept within its ends."""
        step = max(0, min(step, self.player.count - 1))
        if step == self.step and not self.trying:
            return
        with pn.io.hold():
            self._end_trial()
            self.player.goto(step)
            self.step = step
            self._draw()
            self._to_address()

    def forward(self) -> None:
        self.go(self.step + 1)

    def backward(self) -> None:
        self.go(self.step - 1)

    def _to_address(self) -> None:
        """The page's address at this step (``?lesson=<name>&step=<n>``), replaced in place."""
        location = pn.state.location if self.address else None
        if location is None:
            return
        location.update_query(lesson=self.lesson.split("/", 1)[1], step=str(self.step + 1))

    @property
    def permalink(self) -> str:
        """The address query of the step shown: ``?lesson=<name>&step=<n>`` (steps from 1)."""
        return f"?lesson={self.lesson.split('/', 1)[1]}&step={self.step + 1}"

    # ------------------------------------------------------------------ try it yourself
    def try_yourself(self) -> None:
        """Give the learner the step's state on the board (an editable board's controls); each
        change they make recomputes the step's answer on it."""
        if not self.board.editable or self.trying:
            return
        with pn.io.hold():
            view = self.player.view(lang=self.state.lang)
            view.state = self.player.read_state()     # the learner changes what the answer reads
            self._trial = view.state
            self.trying = True
            self.board.start_trial(self.player, view, self.set_trial)
            self._draw()

    def set_trial(self, state: dict[str, Any]) -> None:
        """The learner's state (a board calls this after each change): the answer follows it."""
        if not self.trying:
            return
        with pn.io.hold():
            self._trial = state
            self._draw()

    def back_to_lesson(self) -> None:
        """Show the step as the lesson has it again."""
        with pn.io.hold():
            self._end_trial()
            self._draw()

    def _end_trial(self) -> None:
        if self.trying:
            self.board.end_trial()
            self.trying = False
            self._trial = None

    def trial_view(self, lang: str) -> StepView:
        """The step with the learner's state and the answer the engine computes on it (an input
        the change makes wrong raises the engine's :class:`ViewerError`)."""
        base = self.player.view(lang=lang)
        state = self._trial if self._trial is not None else base.state
        answer = base.step.answer
        if answer is not None and self._trial is not None:
            answer = self.board.trial_answer(answer, state)
        computed = compute(answer, state, self.player.board, lang, step_rolls(state)) if answer else None
        mismatches = compare(answer, computed) if answer and computed else []
        return StepView(base.index, base.count, base.step, state, lang, computed, mismatches)

    # ------------------------------------------------------------------ save as lesson
    def board_state(self) -> dict[str, Any]:
        """The state the board shows: the learner's while trying, else the step's."""
        return dict(self._trial) if self._trial is not None else self.player.state()

    def lesson_data(self) -> dict[str, Any]:
        """A one-step lesson of the board's state citing the chosen rule and asking the question
        written (:func:`viewer.lessons.skeleton.skeleton`)."""
        step = self.player.step
        rule = self.save_rule.value or str(step.rule)
        question = self.save_questions()
        keys = list(step.answer.expect) if step.answer else None
        state = self.board_state()
        answer = step.answer
        if answer is not None and self._trial is not None:
            answer = self.board.trial_answer(answer, state)
        return skeleton(self.player.lesson.game, self.player.board, state, rule, question,
                        answer, step.highlight, keys, self.state.lang)

    def save_questions(self) -> dict[str, str]:
        """The saved lesson's question in English and Spanish: the step's own (both languages)
        when none is written; a written one in the page's language, the other language marked
        to translate (label ``lessons.save.translate``)."""
        lang = self.state.lang
        written = " ".join(self.save_question.value.split())
        if not written:
            return {code: self.player.step.question(code) for code in ("en", "es")}
        return {code: written if code == lang else label("lessons.save.translate", code, text=written)
                for code in ("en", "es")}

    def lesson_text(self) -> str:
        return skeleton_text(self.lesson_data())

    def _save_name(self) -> str:
        raw = self.save_name.value.strip() or f"{self.lesson.split('/', 1)[1]}-step-{self.step + 1}"
        return re.sub(r"[^A-Za-z0-9_-]+", "-", raw).strip("-")[:60] or "lesson"

    def _download(self):
        """The lesson file; on a board where the engine cannot answer, the reason is shown and
        the file is empty."""
        self.download.filename = f"{self._save_name()}.yaml"
        try:
            return io.StringIO(self.lesson_text())
        except ViewerError as err:
            self._save_failed(err)
            return io.StringIO("")

    def _save_failed(self, err: ViewerError) -> None:
        self.save_status.object = (f"<p class='lesson-mismatch'>"
                                   f"{html.escape(label('lessons.save.failed', self.state.lang, error=str(err)))}</p>")

    def save_lesson(self) -> str | None:
        """Save the lesson file in the visitor's folder (``lessons/<game>/<name>.yaml``); returns
        its path, or None with the fault shown."""
        from viewer.userdata import UserDataError, UserStore

        lang = self.state.lang
        name = self._save_name()
        try:
            data = self.lesson_data()
            path = UserStore().save("lessons", name, data, group=self.game)
        except (ViewerError, UserDataError) as err:
            self._save_failed(err)
            return None
        self.save_status.object = (f"<p class='lesson-agrees'>"
                                   f"{html.escape(label('lessons.save.saved', lang, name=f'{self.game}/{name}'))}</p>")
        return str(path)

    def _on_choose(self, event):
        if event.new != self.lesson:
            self.open(event.new, 0)

    def _on_lang(self, *_):
        with pn.io.hold():
            value = self.choose.value
            self.choose.groups = self._options()
            self.choose.value = value
            self._draw()

    def from_url(self, asked_lesson: str, asked_step: str, report: Callable[[str], None]) -> None:
        """Open the lesson and step a permalink names (``?lesson=<name>&step=<n>``, steps from 1);
        a bad value is reported with what is allowed and the first step is shown instead."""
        lang = self.state.lang
        if not asked_lesson:
            return
        ids = self.lesson_ids
        short = {i.split("/", 1)[1]: i for i in ids}
        lesson_id = asked_lesson if asked_lesson in ids else short.get(asked_lesson)
        if lesson_id is None:
            report(label("lessons.bad_lesson", lang, value=asked_lesson, allowed=", ".join(short)))
            return
        count = len(lessons.load(lesson_id).steps)
        step = 1
        if asked_step:
            if asked_step.isdigit() and 1 <= int(asked_step) <= count:
                step = int(asked_step)
            else:
                report(label("lessons.bad_step", lang, value=asked_step, lesson=lesson_id.split("/", 1)[1],
                             count=count))
        self.open(lesson_id, step - 1)

    # ------------------------------------------------------------------ drawing
    def _draw(self) -> None:
        lang = self.state.lang
        player, lesson = self.player, self.player.lesson
        view = player.view(lang=lang)
        self.back.label = label("lessons.back", lang)
        self.next.label = label("lessons.next", lang)
        self._draw_try(lang)
        self.back.disabled = player.at_start
        self.next.disabled = player.at_end
        self.counter.object = html.escape(label("lessons.step_of", lang, i=player.index + 1, n=player.count))
        self.title.object = (f"<h4>{html.escape(view.title)}</h4>"
                             f"<div class='lesson-rules'>{_rule_links(view.rules)}</div>")
        self.question.object = f"**{label('lessons.question', lang)}** {view.question}"
        self.explanation.object = view.explanation
        if self.trying:
            try:
                view = self.trial_view(lang)
            except ViewerError as err:
                view = StepView(view.index, view.count, view.step, self._trial or view.state, lang, None, [])
                self.answer.object = (f"<p class='lesson-mismatch'>"
                                      f"{html.escape(label('lessons.try.refused', lang, error=err.message))}</p>")
            else:
                self.answer.object = self._answer_html(view, lang)
        else:
            self.answer.object = self._answer_html(view, lang)
        computed = view.computed
        self.steps.show([_Shown(f"{i}", s.get("text", ""), _ref(s.get("rule")))
                         for i, s in enumerate(computed.steps if computed else [])], lang)
        drawn = self.board.show(player, view) if self.board is not None else set()
        self.notes.object = self._notes_html(lesson, view, drawn, lang)

    def _draw_try(self, lang: str) -> None:
        board = self.board
        self.try_it.label = label("lessons.try.button", lang)
        self.untry.label = label("lessons.try.back", lang)
        self.try_it.disabled = not board.editable
        self.try_it.visible = not self.trying
        self.untry.visible = self.trying
        note = label(board.help_key, lang)
        if self.trying:
            note = f"<b>{html.escape(label('lessons.try.trying', lang))}</b> {html.escape(note)}"
        else:
            note = html.escape(note)
        self.try_note.object = f"<p>{note}</p>"
        self.save_title.object = f"<b>{html.escape(label('lessons.save.title', lang))}</b>"
        self.save_rule.name = label("lessons.save.rule", lang)
        if self.save_rule.value != str(self.player.step.rule) and str(self.player.step.rule) in self.save_rule.options:
            self.save_rule.value = str(self.player.step.rule)
        self.save_question.name = label("lessons.save.question", lang)
        self.save_question.placeholder = self.player.step.question(lang)
        self.save_name.name = label("lessons.save.name", lang)
        self.save_name.placeholder = f"{self.lesson.split('/', 1)[1]}-step-{self.step + 1}"
        self.save_button.label = label("lessons.save.button", lang)
        self.download.label = label("lessons.save.download", lang)

    def _answer_html(self, view: lessons.StepView, lang: str) -> str:
        computed = view.computed
        if computed is None:
            return f"<p class='lesson-no-answer'>{html.escape(label('lessons.no_answer', lang))}</p>"
        rows = []
        fields = list(view.expected) or list(computed.value)
        term = value_term(computed.slug, lang)
        for key in fields:
            got = computed.field(key)
            value = "—" if got is MISSING else shown(got, lang, term)
            rows.append(f"<li>{html.escape(field_name(computed.slug, key, lang))}: {html.escape(value)}</li>")
        if self.trying:
            agree = (f"<p class='lesson-agrees lesson-try-same'>{html.escape(label('lessons.try.same', lang))}</p>"
                     if view.agrees else
                     f"<p class='lesson-mismatch lesson-try-differs'>{html.escape(label('lessons.try.differs', lang))} "
                     + html.escape("; ".join(_mismatch(m, lang, computed.slug) for m in view.mismatches)) + "</p>")
        else:
            agree = (f"<p class='lesson-agrees'>{html.escape(label('lessons.agrees', lang))}</p>" if view.agrees else
                     f"<p class='lesson-mismatch'>⚠ {html.escape(label('lessons.disagrees', lang))} "
                     + html.escape("; ".join(_mismatch(m, lang, computed.slug) for m in view.mismatches)) + "</p>")
        rules = f" {_rule_links(computed.rules)}" if computed.rules else ""
        engine = label_any([f"calc.{computed.slug}.title"], lang, computed.slug)
        return (f"<b>{html.escape(label('lessons.answer', lang))}</b> {html.escape(engine)}"
                f"{rules}<ul>{''.join(rows)}</ul>{agree}")

    def _notes_html(self, lesson: lessons.Lesson, view: lessons.StepView, drawn: set[str], lang: str) -> str:
        parts = []
        needs = [*lesson.needs, *view.step.needs]
        missing = list(view.computed.missing) if view.computed else []
        if needs or missing:
            items = [f"<li><code>{html.escape(n.key)}</code>"
                     + (f" — {inline_markdown(n.note(lang))}" if n.note else "") + "</li>" for n in needs]
            named = {n.key for n in needs}
            items += [f"<li><code>{html.escape(m)}</code></li>" for m in missing if m not in named]
            parts.append(f"<div class='lesson-needs'><b>{html.escape(label('lessons.needs', lang))}</b>"
                         f"<ul>{''.join(items)}</ul></div>")
        if lesson.roles:
            items = [f"<li><b>{html.escape(r.place)}</b>: {inline_markdown(r.role(lang))}</li>" for r in lesson.roles]
            parts.append(f"<div class='lesson-roles'><b>{html.escape(label('lessons.roles', lang))}</b>"
                         f"<ul>{''.join(items)}</ul></div>")
        words = [f"<li>{html.escape(label(f'lessons.mark.{kind}', lang))}: {html.escape(_highlight_words(kind, value))}</li>"
                 for kind, value in view.highlight.items() if value and kind not in drawn]
        if words:
            parts.append(f"<div class='lesson-marks'><b>{html.escape(label('lessons.marks', lang))}</b>"
                         f"<ul>{''.join(words)}</ul></div>")
        return "".join(parts)

    def __panel__(self):
        return self.layout


#: The address keys of a lesson permalink: ``?lesson=<name>&step=<n>`` (steps counted from 1).
URL_KEYS = ("lesson", "step")


def open_from_url(player: LessonPlayer, report: Callable[[str], None]) -> None:
    """Open the lesson and step the page's address names (:meth:`LessonPlayer.from_url`)."""
    from viewer.views.common.url import url_value

    player.from_url(url_value("lesson"), url_value("step"), report)


def open_lessons_from_url(sections, key: str = "ui.lessons") -> None:
    """Show the Lessons section at once when the address names a lesson (a permalink)."""
    from viewer.views.common.url import url_value

    if url_value("lesson") and key in sections.keys:
        sections.switch.value = key

    def leave(event):   # leaving the section ends a trial: the page's other boards are the learner's again
        if event.old == key and key in sections.keys:
            player = getattr(sections.build(key), "player", None)
            if player is not None and player.trying:
                player.back_to_lesson()
    sections.switch.param.watch(leave, "value")


#: The width of a lesson's text beside its board, and the least width of the board beside it.
TEXT_WIDTH = 380
BOARD_MIN_WIDTH = 560


class LessonSection(pn.viewable.Viewer):
    """An app's Lessons section: the player above the game's board (:class:`LessonBoard`)."""

    player = param.ClassSelector(class_=LessonPlayer, doc="The lesson player.")

    def __init__(self, **params):
        super().__init__(**params)
        board = self.player.board
        shown = [board.controls] if board is not None and board.controls is not None else []
        shown += [board.panel] if board is not None and board.panel is not None else []
        if not shown:
            self.layout = pn.Column(self.player, sizing_mode="stretch_width", css_classes=["lesson-section"])
            return
        # the step beside its board, so both are on screen; below it where the page is too narrow
        text = pn.Column(self.player, width=TEXT_WIDTH, css_classes=["lesson-text"])
        on_board = pn.Column(*shown, sizing_mode="stretch_width", min_width=BOARD_MIN_WIDTH,
                             css_classes=["lesson-board-column"])
        self.layout = pn.Row(text, on_board, sizing_mode="stretch_width", css_classes=["lesson-section"])

    @classmethod
    def build(cls, shell, game: str, board: LessonBoard | None = None) -> "LessonSection":
        """The section of ``game`` on ``shell``'s page, at the lesson and step of its address."""
        from viewer.views.common.url import url_value

        asked = url_value("lesson")      # built at the asked lesson: no board drawn for another first
        first = asked if "/" in asked else f"{game}/{asked}"
        player = LessonPlayer(state=shell.state, game=game, board=board, address=True, lesson=first)
        open_from_url(player, shell.report)
        return cls(player=player)

    def __panel__(self):
        return self.layout
