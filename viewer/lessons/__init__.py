"""Lessons: each worked example of a rulebook as steps on the game's board (docs/lessons.md).

The shared model, validator and player live here; each game's lessons are YAML files in
``viewer/lessons/<game>/``, whose ``__init__.py`` registers the game's board and engines::

    >>> from viewer.lessons import load, LessonPlayer
    >>> player = LessonPlayer(load("use/panzer-ezoc"))
    >>> player.view().agrees
    True

In a notebook, ``play("wif/supply-syria")`` shows the apps' lesson player and the game's board
(:mod:`viewer.lessons.notebook`, imported only then: this package never loads Panel).
"""
from __future__ import annotations

from functools import lru_cache
from importlib import resources
from pathlib import Path

from viewer.errors import ViewerError
from viewer.lessons.answers import MISSING
from viewer.lessons.check import Problem, check
from viewer.lessons.model import Lesson, LessonError, Step, Text, read_lesson
from viewer.lessons.player import LessonPlayer, StepView

__all__ = ["MISSING", "Lesson", "LessonError", "LessonPlayer", "Problem", "Step", "StepView", "Text", "all_lessons",
           "by_rule", "check", "check_file", "load", "names", "play", "read_file"]

def _folder(game: str):
    return resources.files(__name__).joinpath(game)


def names(game: str | None = None) -> list[str]:
    """The shipped lessons' ids (``game/name``), of one game or of all, sorted."""
    from viewer.games import GAME_IDS

    games = [game] if game else list(GAME_IDS)
    out = []
    for g in games:
        if g not in GAME_IDS:
            raise LessonError("game", f"unknown game {g!r}", list(GAME_IDS))
        folder = _folder(g)
        if folder.is_dir():
            out += sorted(f"{g}/{p.name[:-5]}" for p in folder.iterdir() if p.name.endswith(".yaml"))
    return out


@lru_cache(maxsize=None)
def load(lesson_id: str) -> Lesson:
    """A shipped lesson by id, ``"wif/kiev-supply"``; an unknown id names the lessons there are."""
    known = names()
    if lesson_id not in known:
        from viewer.lessons.boards import close

        raise LessonError("lesson", f"no lesson {lesson_id!r}{close(lesson_id, known)}", known)
    game, name = lesson_id.split("/", 1)
    path = _folder(game).joinpath(f"{name}.yaml")
    return read_lesson(path.read_bytes(), lesson_id, f"viewer/lessons/{lesson_id}.yaml")


def all_lessons(game: str | None = None) -> list[Lesson]:
    """Every shipped lesson (of one game), in id order."""
    return [load(n) for n in names(game)]


def by_rule(game: str) -> dict[str, list[Lesson]]:
    """The game's lessons listed under each rule they cite (``"WiF 2.4.2" -> [...]``), rules sorted."""
    out: dict[str, list[Lesson]] = {}
    for lesson in all_lessons(game):
        for ref in lesson.all_rules():
            out.setdefault(str(ref), []).append(lesson)
    return dict(sorted(out.items(), key=lambda kv: _rule_key(kv[0])))


def _rule_key(text: str):
    number = text.split(" ", 1)[1]
    return [(0, int(p), "") if p.isdigit() else (1, 0, p) for p in number.replace("-", ".").split(".")]


def play(lesson_id: str, step: int = 1, lang: str = "en"):
    """The lesson player of ``lesson_id`` (``"wif/supply-syria"``, or ``"wif/syria"`` when one
    lesson's name ends so) at ``step`` (from 1) in ``lang``, for a notebook cell's output
    (:func:`viewer.lessons.notebook.play`); a bad id, step or language raises a
    :class:`LessonError` naming what is allowed."""
    from viewer.lessons.notebook import play as show

    return show(lesson_id, step=step, lang=lang)


def read_file(path: str | Path) -> Lesson:
    """A lesson file from a trusted path (the command line, tests): its id is ``<folder>/<stem>``
    when it sits in a game's folder, else ``<game>/<stem>`` from its ``game:`` key."""
    from viewer.games import GAME_IDS
    from viewer.safeload import paths_trusted

    if not paths_trusted():
        raise LessonError("path", "lesson files are read from paths only by the command line and tests",
                          "the text of a lesson")
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as exc:
        raise LessonError(str(path), f"cannot read the file: {exc.strerror or exc}", "a lesson YAML file") from None
    lesson_id = f"{p.parent.name}/{p.stem}" if p.parent.name in GAME_IDS else p.stem
    return read_lesson(raw, lesson_id, str(path))


def check_file(path: str | Path) -> list[Problem]:
    """:func:`check` of a lesson file; a file that does not parse is one problem."""
    try:
        lesson = read_file(path)
    except ViewerError as err:   # a LessonError, or a LoadError of the bounded YAML reader
        return [Problem(err.parameter or str(path), err.message, err.allowed)]
    return check(lesson)
