"""The lesson model: a worked example of a rulebook as steps on a board (docs/lessons.md).

A lesson is a small YAML file, read with the bounded loader of viewer/safeload.py and turned
into frozen values here. This module checks the *shape* of a lesson (keys, types, both
languages, rule citations that parse); what a lesson names on its game's board, in the rule
list and in the calculators is checked by :mod:`viewer.lessons.check`.

Every piece of the starting state (a unit, a fire, an issue, a model) is a mapping with an
``id`` and an ``at``: a hex label, a track box (``"US 3"``, ``"centre"``) or a point ``[x, y]``
on a table, as the game's board knows places (:mod:`viewer.lessons.boards`).
"""
from __future__ import annotations

import copy
from dataclasses import dataclass
from typing import Any

from viewer.errors import ViewerError
from viewer.i18n import LANGUAGES
from viewer.ruleref import RuleRef
from viewer.safeload import load_mapping

#: The largest lesson file read, in bytes (a lesson is a few steps, not a scenario).
MAX_LESSON_BYTES = 64 * 1024
#: The piece kinds of a starting state, and the other keys it may hold.
PIECES = ("units", "fires", "issues", "models")
STATE_KEYS = (*PIECES, "weather", "scenario", "control", "facts")
CHANGE_KINDS = ("move", "remove", "roll", "weather", "fires", "facts")
HIGHLIGHT_KEYS = ("hexes", "hexsides", "path", "range", "track_boxes", "models")
LESSON_KEYS = ("game", "title", "summary", "board", "examples", "rules", "roles", "needs", "start", "steps")
STEP_KEYS = ("rule", "also", "title", "question", "explain", "highlight", "change", "answer", "needs")
ANSWER_KEYS = ("calculator", "engine", "inputs", "expect", "reads")
#: Which state an engine answer reads: after the step's changes, before them, or the lesson's start.
ANSWER_STATES = ("after", "before", "start")


class LessonError(ViewerError):
    """A lesson that cannot be read or does not hold: ``parameter`` names the file and the field
    (``wif/kiev.yaml: steps[2].answer.inputs``)."""

    def __init__(self, where: str, message: str, allowed: Any = None):
        super().__init__(where, message, allowed)


@dataclass(frozen=True)
class Text:
    """A text in every language of the catalogue (English and Spanish)."""

    en: str
    es: str

    def __call__(self, lang: str = "en") -> str:
        return self.es if lang == "es" else self.en


@dataclass(frozen=True)
class Role:
    """Which of our places plays a role of the printed example (its hexes are not ours)."""

    place: str
    role: Text


@dataclass(frozen=True)
class Need:
    """A chart cell the rulebook's text does not give: the calculator names it missing."""

    chart: str
    cell: str
    note: Text | None = None

    @property
    def key(self) -> str:
        return f"{self.chart}: {self.cell}"


@dataclass(frozen=True)
class Range:
    """A range drawn from ``origin``: ``radius`` hexes (or sea zones, or inches on a table)."""

    origin: str
    radius: float
    unit: str = "hexes"


@dataclass(frozen=True)
class Highlight:
    """What a step marks on the board."""

    hexes: tuple[str, ...] = ()
    hexsides: tuple[tuple[str, str], ...] = ()
    path: tuple[str, ...] = ()
    range: Range | None = None
    track_boxes: tuple[str, ...] = ()
    models: tuple[str, ...] = ()

    def to_json(self) -> dict[str, Any]:
        return {"hexes": list(self.hexes), "hexsides": [list(s) for s in self.hexsides], "path": list(self.path),
                "range": None if self.range is None else {"origin": self.range.origin, "radius": self.range.radius,
                                                          "unit": self.range.unit},
                "track_boxes": list(self.track_boxes), "models": list(self.models)}


@dataclass(frozen=True)
class Change:
    """One change a step makes to the state: ``kind`` is one of :data:`CHANGE_KINDS`.

    ``move``: ``{piece, to}``; ``remove``: ``{piece}`` (eliminated, taken off); ``roll``: ``{dice, value, input?}`` (``input`` names the answer's
    input the roll feeds); ``weather``: a condition or zone -> condition; ``fires``: ``{add,
    remove}``; ``facts``: names -> values the game's engines read.
    """

    kind: str
    data: Any


@dataclass(frozen=True)
class Answer:
    """The question's answer as the engine computes it: a calculator (``calculator`` slug) or a
    lesson engine reading the step's state (``engine`` slug), its inputs and the expected fields."""

    slug: str
    kind: str                      # "calculator" | "engine"
    inputs: dict[str, Any]
    expect: dict[str, Any]
    reads: str = "after"           # the state an engine reads (ANSWER_STATES)


@dataclass(frozen=True)
class Step:
    rule: RuleRef
    also: tuple[RuleRef, ...]
    title: Text
    question: Text
    explain: Text
    highlight: Highlight
    changes: tuple[Change, ...]
    answer: Answer | None
    needs: tuple[Need, ...] = ()

    @property
    def rules(self) -> tuple[RuleRef, ...]:
        return (self.rule, *self.also)


@dataclass(frozen=True)
class Lesson:
    """One lesson: ``id`` is ``game/name`` (the file ``viewer/lessons/<game>/<name>.yaml``)."""

    id: str
    game: str
    title: Text
    summary: Text
    board: str | None
    examples: tuple[str, ...]
    rules: tuple[RuleRef, ...]
    roles: tuple[Role, ...]
    needs: tuple[Need, ...]
    start: dict[str, Any]
    steps: tuple[Step, ...]
    origin: str = ""

    @property
    def name(self) -> str:
        return self.id.split("/", 1)[1]

    def all_rules(self) -> tuple[RuleRef, ...]:
        """Every rule the lesson cites, in order, once each."""
        seen: dict[RuleRef, None] = {}
        for r in (*self.rules, *(r for s in self.steps for r in s.rules)):
            seen.setdefault(r, None)
        return tuple(seen)

    def initial_state(self) -> dict[str, Any]:
        """A fresh copy of the starting state: pieces keyed by id, in file order."""
        out: dict[str, Any] = {kind: {p["id"]: copy.deepcopy(p) for p in self.start.get(kind, [])} for kind in PIECES}
        for key in STATE_KEYS:
            if key not in PIECES:
                out[key] = copy.deepcopy(self.start.get(key))
        out["facts"] = dict(out["facts"] or {})
        out["control"] = dict(out["control"] or {})
        out["rolls"] = []
        return out


# -- parsing ------------------------------------------------------------------------------------
def _kind(value: Any) -> str:
    return {list: "a list", dict: "a mapping", str: "a text", int: "a number", float: "a number",
            bool: "true/false"}.get(type(value), type(value).__name__)


class _Reader:
    """Reads one lesson's mapping, naming ``origin: field`` in every fault."""

    def __init__(self, origin: str):
        self.origin = origin

    def fail(self, where: str, message: str, allowed: Any = None):
        raise LessonError(f"{self.origin}: {where}" if where else self.origin, message, allowed)

    def mapping(self, value: Any, where: str, keys: tuple[str, ...], required: tuple[str, ...] = ()) -> dict:
        if not isinstance(value, dict):
            self.fail(where, f"expected a mapping, found {_kind(value)}", list(keys))
        for k in value:
            if k not in keys:
                self.fail(f"{where}.{k}" if where else str(k), f"unknown key {k!r}", list(keys))
        for k in required:
            if k not in value:
                self.fail(where, f"the key {k!r} is required", list(keys))
        return value

    def text(self, value: Any, where: str) -> Text:
        if not isinstance(value, dict):
            self.fail(where, f"expected a text in each language ({', '.join(LANGUAGES)}), found {_kind(value)}",
                      list(LANGUAGES))
        self.mapping(value, where, tuple(LANGUAGES), tuple(LANGUAGES))
        for lang in LANGUAGES:
            if not isinstance(value[lang], str) or not value[lang].strip():
                self.fail(f"{where}.{lang}", "expected a non-empty text", "a text")
        return Text(value["en"].strip(), value["es"].strip())

    def rule(self, value: Any, where: str, game: str) -> RuleRef:
        if not isinstance(value, str):
            self.fail(where, f"expected a rule citation such as 'WiF 2.4.2', found {_kind(value)}", "a citation")
        try:
            ref = RuleRef.parse(value)
        except ValueError as exc:
            self.fail(where, str(exc), "a citation such as 'WiF 2.4.2'")
        if ref.game != game:
            self.fail(where, f"{value!r} cites game {ref.game!r}, not the lesson's game {game!r}", [game])
        return ref

    def strings(self, value: Any, where: str) -> tuple[str, ...]:
        if value is None:
            return ()
        if isinstance(value, (str, int)):
            value = [value]
        if not isinstance(value, list) or not all(isinstance(v, (str, int)) and not isinstance(v, bool) for v in value):
            self.fail(where, f"expected a list of names, found {_kind(value)}", "a list of texts")
        return tuple(str(v) for v in value)

    def needs(self, value: Any, where: str) -> tuple[Need, ...]:
        if value is None:
            return ()
        if not isinstance(value, list):
            self.fail(where, f"expected a list of chart cells, found {_kind(value)}", "[{chart, cell}]")
        out = []
        for i, n in enumerate(value):
            w = f"{where}[{i}]"
            self.mapping(n, w, ("chart", "cell", "note"), ("chart", "cell"))
            note = self.text(n["note"], f"{w}.note") if "note" in n else None
            out.append(Need(str(n["chart"]), str(n["cell"]), note))
        return tuple(out)

    def highlight(self, value: Any, where: str) -> Highlight:
        if value is None:
            return Highlight()
        self.mapping(value, where, HIGHLIGHT_KEYS)
        sides = []
        for i, s in enumerate(value.get("hexsides") or []):
            pair = self.strings(s, f"{where}.hexsides[{i}]")
            if len(pair) != 2:
                self.fail(f"{where}.hexsides[{i}]", f"a hexside is two adjacent hexes, not {len(pair)}", "[hex, hex]")
            sides.append((pair[0], pair[1]))
        rng = None
        if value.get("range") is not None:
            r = self.mapping(value["range"], f"{where}.range", ("origin", "radius", "unit"), ("origin", "radius"))
            if not isinstance(r["radius"], (int, float)) or isinstance(r["radius"], bool) or r["radius"] < 0:
                self.fail(f"{where}.range.radius", "expected a number of 0 or more", ">= 0")
            unit = r.get("unit", "hexes")
            if unit not in ("hexes", "zones", "inches"):
                self.fail(f"{where}.range.unit", f"unknown unit {unit!r}", ["hexes", "zones", "inches"])
            rng = Range(str(r["origin"]), r["radius"], unit)
        return Highlight(hexes=self.strings(value.get("hexes"), f"{where}.hexes"), hexsides=tuple(sides),
                         path=self.strings(value.get("path"), f"{where}.path"), range=rng,
                         track_boxes=self.strings(value.get("track_boxes"), f"{where}.track_boxes"),
                         models=self.strings(value.get("models"), f"{where}.models"))

    def changes(self, value: Any, where: str) -> tuple[Change, ...]:
        if value is None:
            return ()
        items = value if isinstance(value, list) else [value]
        out = []
        for i, c in enumerate(items):
            w = f"{where}[{i}]" if isinstance(value, list) else where
            if not isinstance(c, dict) or len(c) != 1:
                self.fail(w, "a change is a mapping with one kind", list(CHANGE_KINDS))
            kind, data = next(iter(c.items()))
            if kind not in CHANGE_KINDS:
                self.fail(f"{w}.{kind}", f"unknown change {kind!r}", list(CHANGE_KINDS))
            if kind == "move":
                self.mapping(data, f"{w}.move", ("piece", "to"), ("piece", "to"))
            elif kind == "remove":
                self.mapping(data, f"{w}.remove", ("piece",), ("piece",))
            elif kind == "roll":
                self.mapping(data, f"{w}.roll", ("dice", "value", "input"), ("value",))
                v = data["value"]
                ok = (isinstance(v, int) and not isinstance(v, bool)) or (
                    isinstance(v, list) and v and all(isinstance(x, int) and not isinstance(x, bool) for x in v))
                if not ok:
                    self.fail(f"{w}.roll.value", f"expected a die value or a list of them, found {_kind(v)}",
                              "a whole number or a list of them")
            elif kind == "weather":
                if not isinstance(data, (str, dict)):
                    self.fail(f"{w}.weather", f"expected a condition or zone: condition, found {_kind(data)}",
                              "a text or a mapping")
            elif kind == "fires":
                self.mapping(data, f"{w}.fires", ("add", "remove"))
            elif kind == "facts":
                self.mapping(data, f"{w}.facts", tuple(data) if isinstance(data, dict) else ())
            out.append(Change(kind, copy.deepcopy(data)))
        return tuple(out)

    def answer(self, value: Any, where: str) -> Answer | None:
        if value is None:
            return None
        self.mapping(value, where, ANSWER_KEYS, ("expect",))
        kinds = [k for k in ("calculator", "engine") if k in value]
        if len(kinds) != 1:
            self.fail(where, "an answer names exactly one calculator or one engine", ["calculator", "engine"])
        slug = value[kinds[0]]
        if not isinstance(slug, str):
            self.fail(f"{where}.{kinds[0]}", f"expected a slug, found {_kind(slug)}", "a slug such as 'core.dice'")
        inputs = value.get("inputs") or {}
        if not isinstance(inputs, dict):
            self.fail(f"{where}.inputs", f"expected a mapping of input names to values, found {_kind(inputs)}",
                      "name: value")
        expect = value["expect"]
        if not isinstance(expect, dict) or not expect:
            self.fail(f"{where}.expect", "expected a mapping of result fields to the answer's values",
                      "field: value")
        on = value.get("reads", "after")
        if on not in ANSWER_STATES:
            self.fail(f"{where}.reads", f"unknown state {on!r}", list(ANSWER_STATES))
        return Answer(slug, kinds[0], dict(inputs), dict(expect), on)

    def start(self, value: Any, where: str) -> dict[str, Any]:
        if value is None:
            return {}
        self.mapping(value, where, STATE_KEYS)
        out: dict[str, Any] = {}
        for kind in PIECES:
            items = value.get(kind)
            if items is None:
                continue
            if not isinstance(items, list):
                self.fail(f"{where}.{kind}", f"expected a list, found {_kind(items)}", "a list of {id, at}")
            seen: set[str] = set()
            pieces = []
            for i, p in enumerate(items):
                w = f"{where}.{kind}[{i}]"
                if not isinstance(p, dict):
                    self.fail(w, f"expected a mapping with id and at, found {_kind(p)}", "{id, at, ...}")
                for k in ("id", "at"):
                    if k not in p:
                        self.fail(w, f"the key {k!r} is required", ["id", "at"])
                pid = str(p["id"])
                if pid in seen:
                    self.fail(f"{w}.id", f"the id {pid!r} is used twice", "a unique id")
                seen.add(pid)
                pieces.append({**p, "id": pid})
            out[kind] = pieces
        for key in ("weather", "scenario", "control", "facts"):
            if key in value:
                out[key] = copy.deepcopy(value[key])
        if "control" in out and not isinstance(out["control"], dict):
            self.fail(f"{where}.control", f"expected a mapping of place: side, found {_kind(out['control'])}",
                      "place: side")
        if "facts" in out and not isinstance(out["facts"], dict):
            self.fail(f"{where}.facts", f"expected a mapping, found {_kind(out['facts'])}", "name: value")
        return out


def parse_lesson(data: Any, lesson_id: str, origin: str | None = None) -> Lesson:
    """A :class:`Lesson` from the mapping of its file; a shape fault raises :class:`LessonError`."""
    from viewer.games import GAME_IDS

    origin = origin or f"{lesson_id}.yaml"
    r = _Reader(origin)
    r.mapping(data, "", LESSON_KEYS, ("game", "title", "steps"))
    game = data["game"]
    if game not in GAME_IDS:
        r.fail("game", f"unknown game {game!r}", list(GAME_IDS))
    if "/" in lesson_id and lesson_id.split("/", 1)[0] != game:
        r.fail("game", f"the lesson is in the folder of {lesson_id.split('/', 1)[0]!r} but names game {game!r}",
               [lesson_id.split("/", 1)[0]])
    if "/" not in lesson_id:
        lesson_id = f"{game}/{lesson_id}"
    steps_raw = data["steps"]
    if not isinstance(steps_raw, list) or not steps_raw:
        r.fail("steps", "a lesson has at least one step", "a list of steps")
    steps = []
    for i, s in enumerate(steps_raw):
        w = f"steps[{i}]"
        r.mapping(s, w, STEP_KEYS, ("rule", "title", "explain"))
        also = tuple(r.rule(x, f"{w}.also[{j}]", game) for j, x in enumerate(r.strings(s.get("also"), f"{w}.also")))
        title = r.text(s["title"], f"{w}.title")
        steps.append(Step(rule=r.rule(s["rule"], f"{w}.rule", game), also=also, title=title,
                          question=r.text(s["question"], f"{w}.question") if "question" in s else title,
                          explain=r.text(s["explain"], f"{w}.explain"),
                          highlight=r.highlight(s.get("highlight"), f"{w}.highlight"),
                          changes=r.changes(s.get("change"), f"{w}.change"),
                          answer=r.answer(s.get("answer"), f"{w}.answer"),
                          needs=r.needs(s.get("needs"), f"{w}.needs")))
    roles = []
    for i, x in enumerate(data.get("roles") or []):
        w = f"roles[{i}]"
        r.mapping(x, w, ("place", "en", "es"), ("place", "en", "es"))
        roles.append(Role(str(x["place"]), r.text({"en": x["en"], "es": x["es"]}, w)))
    board = data.get("board")
    if board is not None and not isinstance(board, str):
        r.fail("board", f"expected a board name, found {_kind(board)}", "a board name")
    summary = r.text(data["summary"], "summary") if "summary" in data else r.text(data["title"], "title")
    return Lesson(id=lesson_id, game=game, title=r.text(data["title"], "title"), summary=summary, board=board,
                  examples=r.strings(data.get("examples"), "examples"),
                  rules=tuple(r.rule(x, f"rules[{j}]", game) for j, x in enumerate(r.strings(data.get("rules"), "rules"))),
                  roles=tuple(roles), needs=r.needs(data.get("needs"), "needs"),
                  start=r.start(data.get("start"), "start"), steps=tuple(steps), origin=origin)


def read_lesson(text: str | bytes, lesson_id: str, origin: str | None = None) -> Lesson:
    """Parse a lesson file's text (bounded YAML, docs/security.md) into a :class:`Lesson`."""
    origin = origin or f"{lesson_id}.yaml"
    size = len(text.encode("utf-8")) if isinstance(text, str) else len(text)
    if size > MAX_LESSON_BYTES:
        raise LessonError(origin, f"the file is {size // 1024} KB large; a lesson may be at most "
                                  f"{MAX_LESSON_BYTES // 1024} KB", f"at most {MAX_LESSON_BYTES // 1024} KB")
    return parse_lesson(load_mapping(text, origin), lesson_id, origin)
