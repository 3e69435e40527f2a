"""A lesson skeleton from a board's state: "save as lesson" of the apps (docs/lessons.md, "In the apps").

:func:`skeleton` writes the mapping of a one-step lesson file: the game and board, the state as its
``start``, and one step citing the rule chosen, asking the question written, with the step's
answer computed on that state (its ``expect`` is what the engine answers there, its ``needs`` the
chart cells the engine names as missing), so the file passes :func:`viewer.lessons.check` as
written. The question (and the title, the same words) is given in English and Spanish
(:func:`texts`); the teacher then writes the explanation.
"""
from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

import yaml

from viewer.errors import jsonable
from viewer.lessons.answers import MISSING, Computed, compute, step_inputs
from viewer.lessons.model import PIECES, Answer, Highlight
from viewer.lessons.player import step_rolls

#: What a skeleton's texts say until the teacher writes them.
TO_WRITE = {"en": "To write: what this step shows, citing the rule.",
            "es": "Por escribir: lo que muestra este paso, citando la regla."}


def start_of(state: dict[str, Any]) -> dict[str, Any]:
    """A player's state (pieces keyed by id) as a lesson's ``start`` (pieces listed)."""
    out: dict[str, Any] = {}
    for kind in PIECES:
        pieces = state.get(kind) or {}
        if pieces:
            out[kind] = [{"id": str(pid), **{k: v for k, v in p.items() if k != "id"}} for pid, p in pieces.items()]
    for key in ("weather", "scenario", "control", "facts"):
        value = state.get(key)
        if value not in (None, {}, []):
            out[key] = copy.deepcopy(value)
    return jsonable(out)


def _highlight(highlight: Highlight | dict[str, Any] | None) -> dict[str, Any]:
    data = highlight.to_json() if isinstance(highlight, Highlight) else dict(highlight or {})
    return {k: v for k, v in data.items() if v}


LANGS = ("en", "es")


def texts(question: str | Mapping[str, str] | None, fallback: str) -> dict[str, str]:
    """``{"en": ..., "es": ...}`` from one text (the same in both) or a mapping by language (a
    language left empty takes the other's words); whitespace runs become one space."""
    given = dict(question) if isinstance(question, Mapping) else {lang: question for lang in LANGS}
    out = {lang: " ".join(str(given.get(lang) or "").split()) for lang in LANGS}
    for lang in LANGS:
        if not out[lang]:
            out[lang] = next((out[o] for o in LANGS if out[o]), "") or fallback
    return out


def skeleton(game: str, board: str | None, state: dict[str, Any], rule: str,
             question: str | Mapping[str, str] | None,
             answer: Answer | None = None, highlight: Highlight | dict[str, Any] | None = None,
             keys: list[str] | None = None, lang: str = "en") -> dict[str, Any]:
    """The mapping of a one-step lesson on ``state`` (see the module docstring). ``question``: one
    text or ``{"en": ..., "es": ...}``; ``keys``: the result fields the step states (default: every
    top-level field of the answer)."""
    asked = texts(question, rule)
    step: dict[str, Any] = {"rule": rule, "title": dict(asked), "question": dict(asked),
                            "explain": dict(TO_WRITE)}
    marks = _highlight(highlight)
    if marks:
        step["highlight"] = marks
    if answer is not None:
        inputs = step_inputs(answer, step_rolls(state))
        plain = Answer(answer.slug, answer.kind, inputs, {}, "after")
        got: Computed = compute(plain, state, board, lang, [])
        fields = keys or list(got.value)
        expect = {}
        for key in fields:
            value = got.field(str(key))
            if value is not MISSING:
                expect[str(key)] = value
        step["answer"] = {answer.kind: answer.slug, "inputs": jsonable(inputs), "expect": jsonable(expect)}
        if got.missing:
            step["needs"] = [dict(zip(("chart", "cell"), m.split(": ", 1))) for m in got.missing]
    out: dict[str, Any] = {"game": game, "title": dict(asked)}
    if board is not None:
        out["board"] = board
    out["rules"] = [rule]
    out["start"] = start_of(state)
    out["steps"] = [step]
    return out


def skeleton_text(data: dict[str, Any]) -> str:
    """The YAML text of a lesson mapping (hex labels stay quoted text)."""
    return yaml.safe_dump(data, sort_keys=False, allow_unicode=True)   # as UserStore.save writes it
