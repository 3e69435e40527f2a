"""A lesson played in a notebook: the app's lesson player and the game's board, with a language
switch, as one output cell (docs/lessons.md, "In a notebook").

:func:`viewer.lessons.play` imports this module when it is first called, so ``viewer.lessons``
itself never loads Panel. The player and the board are the apps' own
(:class:`viewer.views.common.lesson_player.LessonPlayer` and each game's
``viewer/views/<game>/lesson_board.py``), built on a page of this module's instead of an app
shell: a :class:`SessionState` for the language and a banner for what the player reports.
"""
from __future__ import annotations

import importlib

import panel as pn
import param

import viewer.lessons as lessons
from viewer.i18n import LANGUAGES
from viewer.lessons.model import LessonError
from viewer.state import SessionState
from viewer.views.common.language import LanguageSwitch
from viewer.views.common.lesson_player import LessonPlayer, LessonSection
from viewer.views.common.shell import extension
from viewer.views.common.text import alert, plain

#: The width of the output: a notebook cell gives ``stretch_width`` no width of its own to fill
#: before the page is laid out, so the player and its board get a fixed one.
WIDTH = 900


def resolve(lesson_id: str) -> str:
    """The shipped lesson ``lesson_id`` names: its full id (``"wif/supply-syria"``), or the game
    and the last words of one lesson's name (``"wif/syria"``) when only one lesson ends so.
    Anything else raises a :class:`LessonError` naming the lessons there are."""
    known = lessons.names()
    text = str(lesson_id).strip()
    if text in known:
        return text
    game, _, name = text.partition("/")
    ends = [i for i in known if name and i.startswith(f"{game}/") and
            (i.split("/", 1)[1] == name or i.split("/", 1)[1].endswith(f"-{name}"))]
    if len(ends) == 1:
        return ends[0]
    if len(ends) > 1:
        raise LessonError("lesson", f"{text!r} names several lessons; give the whole id", ends)
    return lessons.load(text).id   # raises: no such lesson, the nearest id and every id named


class _Page:
    """What a game's ``lesson_section`` reads of an app shell: the session and a banner."""

    def __init__(self, state: SessionState):
        self.state = state
        self.banner = alert("", alert_type="warning", visible=False, css_classes=["url-error"])

    def report(self, message: str) -> None:
        self.banner.object = plain(message)
        self.banner.visible = True


class NotebookLesson(pn.viewable.Viewer):
    """One lesson in a notebook output: the language switch, the app's lesson player (any of the
    game's lessons can be chosen from it) and the game's board below."""

    lesson = param.String(doc="The id of the lesson first shown (game/name).")

    state = param.ClassSelector(class_=SessionState, doc="The output's session: its language.")

    def __init__(self, **params):
        super().__init__(**params)
        if self.state is None:
            self.state = SessionState()
        game = self.lesson.split("/", 1)[0]
        self._page = _Page(self.state)
        boards = importlib.import_module(f"viewer.views.{game}.lesson_board")
        self.section: LessonSection = boards.lesson_section(self._page)
        self.language = LanguageSwitch(state=self.state)
        self.layout = pn.Column(self.language, self._page.banner, self.section, width=WIDTH,
                                css_classes=["lesson-notebook"])

    @property
    def player(self) -> LessonPlayer:
        """The lesson player (:class:`LessonPlayer`): ``forward()``, ``backward()``, ``open(id, step)``."""
        player = self.section.player
        assert player is not None   # LessonSection.build always sets it
        return player

    @property
    def board(self):
        """The game's lesson board (:class:`viewer.views.common.lesson_player.LessonBoard`)."""
        return self.player.board

    def __panel__(self):
        return self.layout


def play(lesson_id: str, step: int = 1, lang: str = "en") -> NotebookLesson:
    """The player of lesson ``lesson_id`` at ``step`` (counted from 1, as in a permalink), in
    ``lang``; shown as a cell's output. BokehJS and Panel's scripts are loaded inline the first
    time (:func:`viewer.views.common.shell.extension`), so nothing comes from a CDN."""
    if lang not in LANGUAGES:
        raise LessonError("lang", f"unknown language {lang!r}", list(LANGUAGES))
    full = resolve(lesson_id)
    count = len(lessons.load(full).steps)
    if isinstance(step, bool) or not isinstance(step, int) or not 1 <= step <= count:
        raise LessonError("step", f"{full} has no step {step!r}", f"a whole number from 1 to {count}")
    if not pn.extension._loaded:
        extension()
    shown = NotebookLesson(lesson=full, state=SessionState(lang=lang))
    shown.player.open(full, step - 1)
    return shown
