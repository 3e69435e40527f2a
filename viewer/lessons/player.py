"""Playing a lesson: step forward and back, each step's state, highlights, text and answer.

:class:`LessonPlayer` is what a page or a notebook drives (docs/lessons.md, "Player API"): it
holds the step index and nothing drawn; :meth:`LessonPlayer.view` gives everything a step shows.
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from viewer.lessons.answers import Computed, Mismatch, compare, compute
from viewer.lessons.model import PIECES, Change, Lesson, LessonError, Step


def apply_change(state: dict[str, Any], change: Change, where: str = "change") -> None:
    """Apply one change to ``state`` in place; an unknown piece raises :class:`LessonError`."""
    data = change.data
    if change.kind == "move":
        piece = str(data["piece"])
        for kind in PIECES:
            if piece in state[kind]:
                state[kind][piece]["at"] = copy.deepcopy(data["to"])
                break
        else:
            known = [p for kind in PIECES for p in state[kind]]
            raise LessonError(f"{where}.move.piece", f"no piece {piece!r} in the lesson's state", known)
    elif change.kind == "remove":
        piece = str(data["piece"])
        for kind in PIECES:
            if piece in state[kind]:
                del state[kind][piece]
                break
        else:
            known = [p for kind in PIECES for p in state[kind]]
            raise LessonError(f"{where}.remove.piece", f"no piece {piece!r} in the lesson's state", known)
    elif change.kind == "roll":
        state["rolls"].append({"dice": data.get("dice"), "value": data["value"], "input": data.get("input")})
    elif change.kind == "weather":
        if isinstance(data, dict) and isinstance(state.get("weather"), dict):
            state["weather"] = {**state["weather"], **data}
        else:
            state["weather"] = copy.deepcopy(data)
    elif change.kind == "fires":
        for f in data.get("remove") or []:
            fid = str(f["id"] if isinstance(f, dict) else f)
            if fid not in state["fires"]:
                raise LessonError(f"{where}.fires.remove", f"no fire {fid!r} burns", list(state["fires"]))
            del state["fires"][fid]
        for f in data.get("add") or []:
            if not isinstance(f, dict) or "id" not in f or "at" not in f:
                raise LessonError(f"{where}.fires.add", "a fire is a mapping with id and at", "{id, at}")
            state["fires"][str(f["id"])] = dict(f)
    elif change.kind == "facts":
        state["facts"].update(copy.deepcopy(data))


def states(lesson: Lesson) -> list[dict[str, Any]]:
    """The state after each step: ``states(lesson)[i]`` is what step ``i`` shows."""
    state = lesson.initial_state()
    out = []
    for i, step in enumerate(lesson.steps):
        state["rolls"] = []
        for j, change in enumerate(step.changes):
            apply_change(state, change, f"{lesson.origin}: steps[{i}].change[{j}]")
        out.append(copy.deepcopy(state))
    return out


def answer_state(lesson: Lesson, all_states: list[dict[str, Any]], index: int) -> dict[str, Any]:
    """The state step ``index``'s answer reads (its ``reads``), with the step's rolls."""
    step = lesson.steps[index]
    on = step.answer.reads if step.answer else "after"
    if on == "after":
        return all_states[index]
    base = copy.deepcopy(lesson.initial_state() if on == "start" or index == 0 else all_states[index - 1])
    base["rolls"] = all_states[index]["rolls"]
    return base


def step_rolls(state: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(r["input"], r["value"]) for r in state.get("rolls", []) if r.get("input")]


@dataclass
class StepView:
    """Everything one step shows: where it is, its rules and texts, the board and the answer."""

    index: int
    count: int
    step: Step
    state: dict[str, Any]
    lang: str
    computed: Computed | None
    mismatches: list[Mismatch]

    @property
    def title(self) -> str:
        return self.step.title(self.lang)

    @property
    def question(self) -> str:
        return self.step.question(self.lang)

    @property
    def explanation(self) -> str:
        return self.step.explain(self.lang)

    @property
    def rules(self) -> list[str]:
        return [str(r) for r in self.step.rules]

    @property
    def highlight(self) -> dict[str, Any]:
        return self.step.highlight.to_json()

    @property
    def expected(self) -> dict[str, Any]:
        return dict(self.step.answer.expect) if self.step.answer else {}

    @property
    def agrees(self) -> bool:
        """Whether the engine's answer is the one the lesson states."""
        return not self.mismatches

    def to_json(self) -> dict[str, Any]:
        from viewer.errors import jsonable

        return jsonable({"index": self.index, "count": self.count, "title": self.title, "question": self.question,
                         "explanation": self.explanation, "rules": self.rules, "highlight": self.highlight,
                         "state": self.state, "expected": self.expected,
                         "answer": self.computed.to_json() if self.computed else None,
                         "needs": [n.key for n in self.step.needs], "agrees": self.agrees})


class LessonPlayer:
    """A lesson and the step being shown (0-based). ``forward``/``back`` stop at the ends."""

    def __init__(self, lesson: Lesson, index: int = 0):
        from viewer.lessons.boards import board_for

        self.lesson = lesson
        #: the board the lesson is played on (its ``board``, else the game's default board)
        self.board = lesson.board or board_for(lesson.game).default_board()
        self._states = states(lesson)
        self.index = 0
        self.goto(index)

    @property
    def count(self) -> int:
        return len(self.lesson.steps)

    @property
    def step(self) -> Step:
        return self.lesson.steps[self.index]

    @property
    def at_start(self) -> bool:
        return self.index == 0

    @property
    def at_end(self) -> bool:
        return self.index == self.count - 1

    def goto(self, index: int) -> "LessonPlayer":
        if not isinstance(index, int) or isinstance(index, bool) or not 0 <= index < self.count:
            raise LessonError("step", f"step {index!r} is not in lesson {self.lesson.id} "
                                      f"({self.count} steps)", [0, self.count - 1])
        self.index = index
        return self

    def forward(self) -> "LessonPlayer":
        self.index = min(self.index + 1, self.count - 1)
        return self

    def back(self) -> "LessonPlayer":
        self.index = max(self.index - 1, 0)
        return self

    def state(self, index: int | None = None) -> dict[str, Any]:
        """A copy of the state step ``index`` shows (the current step by default)."""
        return copy.deepcopy(self._states[self.index if index is None else index])

    def read_state(self, index: int | None = None) -> dict[str, Any]:
        """A copy of the state step ``index``'s answer reads (its ``reads``: after the step's
        changes, before them, or the lesson's start), with the step's rolls."""
        i = self.index if index is None else index
        return copy.deepcopy(answer_state(self.lesson, self._states, i))

    def answer(self, index: int | None = None, lang: str = "en") -> Computed | None:
        i = self.index if index is None else index
        step = self.lesson.steps[i]
        if step.answer is None:
            return None
        state = answer_state(self.lesson, self._states, i)
        return compute(step.answer, state, self.board, lang, step_rolls(state))

    def view(self, index: int | None = None, lang: str = "en") -> StepView:
        i = self.index if index is None else index
        step = self.lesson.steps[i]
        computed = self.answer(i, lang)
        mismatches = compare(step.answer, computed) if step.answer and computed else []
        return StepView(i, self.count, step, self.state(i), lang, computed, mismatches)
