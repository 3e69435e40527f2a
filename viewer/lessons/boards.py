"""What a game's lessons may name on its board, and the engines that answer from a step's state.

Each game's lesson package (``viewer/lessons/<game>/__init__.py``) registers one
:class:`LessonBoard` (its boards, hexes, hexsides, track boxes, table points) and any
:class:`Engine`: a question the rules answer from the step's pieces and board when no
calculator takes them as inputs (a supply trace over a scenario, a unit's move through enemy
zones of control). Shared code finds them through :func:`board_for` and :data:`ENGINES`; it
never names a game (docs/architecture.md).
"""
from __future__ import annotations

import difflib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from viewer.ruleref import RuleRef


def close(name: str, allowed: Iterable[Any]) -> str:
    """``"; did you mean 'x'?"`` for the nearest allowed name, or ``""``."""
    hit = difflib.get_close_matches(str(name), sorted(map(str, allowed)), n=1)
    return f"; did you mean {hit[0]!r}?" if hit else ""


class LessonBoard:
    """A game's board for lessons. Every ``check_*`` returns None when the name is good, else
    ``(message, allowed)``. The defaults refuse: a game without hexes has no hex to name."""

    #: The board names a lesson of this game may give (``board:``); () means the key is unused.
    def boards(self) -> list[str]:
        return []

    def default_board(self) -> str | None:
        return None

    def check_hex(self, board: str | None, label: str) -> tuple[str, Any] | None:
        return (f"this game's board has no hexes; {label!r} cannot be marked", None)

    def check_hexside(self, board: str | None, a: str, b: str) -> tuple[str, Any] | None:
        bad = self.check_hex(board, a) or self.check_hex(board, b)
        if bad:
            return bad
        adjacent = self.adjacent(board, a, b)
        if adjacent is False:
            return (f"{a} and {b} are not adjacent, so they share no hexside", "two adjacent hexes")
        return None

    def adjacent(self, board: str | None, a: str, b: str) -> bool | None:
        """Whether two hexes touch (None: this board cannot tell)."""
        return None

    def check_place(self, kind: str, board: str | None, at: Any) -> tuple[str, Any] | None:
        """Where a piece of ``kind`` (units, fires, issues, models) stands: a hex by default."""
        if not isinstance(at, (str, int)) or isinstance(at, bool):
            return (f"expected a hex label, found {type(at).__name__}", "a hex label")
        return self.check_hex(board, str(at))

    def check_piece(self, kind: str, piece: str) -> tuple[str, Any] | None:
        """Whether a piece of ``kind`` may have the id ``piece`` (None: it may; by default any id)."""
        return None

    def check_track_box(self, box: str) -> tuple[str, Any] | None:
        return (f"this game's board has no tracks; {box!r} cannot be marked", None)

    def check_weather(self, weather: Any) -> tuple[str, Any] | None:
        return ("this game's lessons have no weather", None)


_BOARDS: dict[str, LessonBoard] = {}


def register_board(game: str, board: LessonBoard) -> LessonBoard:
    _BOARDS[game] = board
    return board


_IMPORTED: list[bool] = []


def import_games() -> None:
    """Import each game's lesson package once (``viewer/lessons/<game>/``): each registers its
    board and engines here."""
    if _IMPORTED:
        return
    _IMPORTED.append(True)
    import importlib
    from importlib import resources

    from viewer.games import GAME_IDS

    package = __name__.rsplit(".", 1)[0]
    for game in GAME_IDS:
        if resources.files(package).joinpath(game, "__init__.py").is_file():
            importlib.import_module(f"{package}.{game}")


def board_for(game: str) -> LessonBoard:
    """The registered board of ``game`` (the plain refusing board if its package registered none)."""
    import_games()
    return _BOARDS.get(game, LessonBoard())


@dataclass(frozen=True)
class Engine:
    """A question answered from a step's state: ``run(state, board, **inputs) -> result fields``.

    ``inputs`` are the names a lesson's answer may give; ``rules`` the rules it implements.
    A bad input raises a :class:`viewer.errors.ViewerError` naming it."""

    slug: str
    inputs: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    run: Callable[..., dict[str, Any]]
    doc: str = ""


ENGINES: dict[str, Engine] = {}


def register_engine(engine: Engine) -> Engine:
    if engine.slug in ENGINES and ENGINES[engine.slug] is not engine:
        raise ValueError(f"lesson engine {engine.slug!r} is already registered")
    ENGINES[engine.slug] = engine
    return engine


def engines() -> dict[str, Engine]:
    import_games()
    return ENGINES
