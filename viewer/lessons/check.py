"""The lesson validator: everything a lesson names must exist, and every answer it states must
be what the engine computes (docs/lessons.md, "The validator").

:func:`check` returns a list of :class:`Problem`, each naming the file and field, the fault and
what is allowed there; an empty list means the lesson holds. It checks:

- the board is one of the game's boards (:mod:`viewer.lessons.boards`);
- each hex, hexside, path, range origin, track box and piece place is on that board, each step
  of a path is adjacent to the last where the board can tell, each moved or marked piece exists;
- each rule cited is in the game's rule list (viewer/reference/data/rules-<game>.yaml);
- each answer's calculator or engine exists and takes the inputs given; its result has every
  expected field with the expected value; the chart cells it lacks are the ones the lesson names
  in ``needs`` (the lesson says which cells the rulebook's text does not give).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from viewer.errors import ViewerError, jsonable
from viewer.lessons.answers import compare, compute
from viewer.lessons.boards import LessonBoard, board_for, close
from viewer.lessons.model import PIECES, Lesson, LessonError
from viewer.lessons.player import answer_state, states, step_rolls
from viewer.reference.rulelist import UnknownRuleError, lookup, rules
from viewer.ruleref import RuleRef


@dataclass(frozen=True)
class Problem:
    where: str
    message: str
    allowed: Any = None

    def __str__(self) -> str:
        tail = ""
        if isinstance(self.allowed, (list, tuple)) and self.allowed:
            shown = ", ".join(map(str, self.allowed[:12])) + (" …" if len(self.allowed) > 12 else "")
            tail = f" (allowed: {shown})"
        elif isinstance(self.allowed, str):
            tail = f" (allowed: {self.allowed})"
        return f"{self.where}: {self.message}{tail}"

    def to_json(self) -> dict[str, Any]:
        return {"where": self.where, "message": self.message, "allowed": jsonable(self.allowed)}


def _rule(problems: list[Problem], where: str, ref: RuleRef) -> None:
    try:
        lookup(ref)
    except UnknownRuleError:
        numbers = sorted(rules(ref.game))
        problems.append(Problem(where, f"{ref}: the rulebook's rule list has no rule {ref.number!r}"
                                       f"{close(ref.number, numbers)}", numbers))


def _place(problems: list[Problem], where: str, bad: tuple[str, Any] | None) -> None:
    if bad is not None:
        problems.append(Problem(where, bad[0], bad[1]))


def check(lesson: Lesson) -> list[Problem]:
    """Every fault of ``lesson`` (see the module docstring); [] when it holds."""
    o = lesson.origin
    problems: list[Problem] = []
    board: LessonBoard = board_for(lesson.game)
    allowed_boards = board.boards()
    name = lesson.board
    if allowed_boards and name is None:
        name = board.default_board()
    if name is not None and name not in allowed_boards:
        problems.append(Problem(f"{o}: board", f"unknown board {name!r} for {lesson.game}"
                                               f"{close(name, allowed_boards)}", allowed_boards))
        return problems
    for i, ref in enumerate(lesson.rules):
        _rule(problems, f"{o}: rules[{i}]", ref)
    # the starting pieces
    for kind in PIECES:
        for i, p in enumerate(lesson.start.get(kind, [])):
            _place(problems, f"{o}: start.{kind}[{i}].id", board.check_piece(kind, str(p["id"])))
            _place(problems, f"{o}: start.{kind}[{i}].at", board.check_place(kind, name, p["at"]))
    if lesson.start.get("weather") is not None:
        _place(problems, f"{o}: start.weather", board.check_weather(lesson.start["weather"]))
    models = {p["id"] for p in lesson.start.get("models", [])}
    pieces = {p["id"]: kind for kind in PIECES for p in lesson.start.get(kind, [])}
    for i, role in enumerate(lesson.roles):
        # a role is played by a piece, a hex or a track box of ours
        if role.place not in pieces and board.check_track_box(role.place) is not None:
            _place(problems, f"{o}: roles[{i}].place", board.check_hex(name, role.place))
    for i, step in enumerate(lesson.steps):
        w = f"{o}: steps[{i}]"
        for j, ref in enumerate(step.rules):
            _rule(problems, f"{w}.rule" if j == 0 else f"{w}.also[{j - 1}]", ref)
        h = step.highlight
        for j, hx in enumerate(h.hexes):
            _place(problems, f"{w}.highlight.hexes[{j}]", board.check_hex(name, hx))
        for j, (a, b) in enumerate(h.hexsides):
            _place(problems, f"{w}.highlight.hexsides[{j}]", board.check_hexside(name, a, b))
        for j, hx in enumerate(h.path):
            _place(problems, f"{w}.highlight.path[{j}]", board.check_hex(name, hx))
            if j and board.check_hex(name, hx) is None and board.check_hex(name, h.path[j - 1]) is None \
                    and board.adjacent(name, h.path[j - 1], hx) is False:
                problems.append(Problem(f"{w}.highlight.path[{j}]",
                                        f"{hx} is not adjacent to the path's previous hex {h.path[j - 1]}",
                                        "a hex next to the previous one"))
        if h.range is not None:
            kind = "models" if h.range.unit == "inches" else "units"
            origin = h.range.origin
            if kind == "models" and origin in models:
                pass
            elif h.range.unit == "zones":
                _place(problems, f"{w}.highlight.range.origin", board.check_place("zones", name, origin))
            else:
                _place(problems, f"{w}.highlight.range.origin", board.check_hex(name, origin))
        for j, box in enumerate(h.track_boxes):
            _place(problems, f"{w}.highlight.track_boxes[{j}]", board.check_track_box(box))
        for j, m in enumerate(h.models):
            if m not in models:
                problems.append(Problem(f"{w}.highlight.models[{j}]", f"no model {m!r} in the starting state"
                                                                      f"{close(m, models)}", sorted(models)))
        for j, change in enumerate(step.changes):
            cw = f"{w}.change[{j}]" if len(step.changes) > 1 else f"{w}.change"
            if change.kind == "move":
                piece = str(change.data["piece"])
                if piece not in pieces:
                    problems.append(Problem(f"{cw}.move.piece", f"no piece {piece!r} in the starting state"
                                                                f"{close(piece, pieces)}", sorted(pieces)))
                else:
                    _place(problems, f"{cw}.move.to", board.check_place(pieces[piece], name, change.data["to"]))
            elif change.kind == "remove" and str(change.data["piece"]) not in pieces:
                problems.append(Problem(f"{cw}.remove.piece", f"no piece {change.data['piece']!r} in the starting "
                                                              f"state{close(str(change.data['piece']), pieces)}",
                                        sorted(pieces)))
            elif change.kind == "weather":
                _place(problems, f"{cw}.weather", board.check_weather(change.data))
            elif change.kind == "fires":
                for k, f in enumerate(change.data.get("add") or []):
                    if isinstance(f, dict) and "at" in f:
                        _place(problems, f"{cw}.fires.add[{k}].at", board.check_place("fires", name, f["at"]))
                        pieces.setdefault(str(f.get("id")), "fires")
            elif change.kind == "roll" and step.answer is not None:
                inp = change.data.get("input")
                if inp is not None and inp in step.answer.inputs and step.answer.inputs[inp] != change.data["value"]:
                    problems.append(Problem(f"{cw}.roll.input",
                                            f"the roll feeds {inp!r} = {change.data['value']} but the answer's "
                                            f"inputs give {step.answer.inputs[inp]!r}", [change.data["value"]]))
    if problems:
        return problems
    try:
        all_states = states(lesson)
    except LessonError as err:
        return [Problem(err.parameter or o, err.message, err.allowed)]
    for i, step in enumerate(lesson.steps):
        if step.answer is None:
            if step.needs:
                problems.append(Problem(f"{o}: steps[{i}].needs", "a step without an answer names no missing cell",
                                        "an answer, or no needs"))
            continue
        w = f"{o}: steps[{i}].answer"
        ans = step.answer
        try:
            state = answer_state(lesson, all_states, i)
            got = compute(ans, state, name, "en", step_rolls(state))
        except ViewerError as err:
            what = "calculator" if err.parameter == "calculator" else (
                "engine" if err.parameter == "engine" else f"inputs.{err.parameter}")
            problems.append(Problem(f"{w}.{what}", err.message, err.allowed))
            continue
        for mm in compare(ans, got):
            if mm.absent:
                problems.append(Problem(f"{w}.expect.{mm.field}",
                                        f"{ans.slug} has no result field {mm.field!r}{close(mm.field, list(got.value))}",
                                        sorted(got.value)))
            else:
                problems.append(Problem(f"{w}.expect.{mm.field}",
                                        f"the lesson says {jsonable(mm.expected)!r} but {ans.slug} computes "
                                        f"{mm.got!r}", [mm.got]))
        said = {n.key for n in (*step.needs, *lesson.needs)}
        lacking = set(got.missing)
        if lacking - said:
            problems.append(Problem(f"{o}: steps[{i}].needs",
                                    f"{ans.slug} lacks chart cells the lesson does not name: "
                                    f"{', '.join(sorted(lacking - said))}", sorted(lacking)))
        extra = {n.key for n in step.needs} - lacking
        if extra:
            problems.append(Problem(f"{o}: steps[{i}].needs",
                                    f"the lesson names cells {ans.slug} does not lack: {', '.join(sorted(extra))}",
                                    sorted(lacking)))
    return problems
