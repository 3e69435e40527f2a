"""Computing a step's answer with the engine and comparing it with what the lesson states.

A calculator answer runs ``viewer.calculators`` with the step's inputs written as text (the
same path as the command line, ``python -m viewer calc SLUG key=value``); an engine answer runs
a lesson engine (:mod:`viewer.lessons.boards`) on the step's state. ``expect`` keys are result
fields; a key may reach into a mapping field with a dot (``hexes.2U6``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from viewer.errors import ViewerError, jsonable
from viewer.lessons.boards import close, engines
from viewer.lessons.model import Answer

class _Missing:
    """The type of :data:`MISSING`."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


#: What :meth:`Computed.field` and :func:`pick` return for a field the result does not have
#: (public: a page or notebook tells "no such field" from a field whose value is None).
MISSING: Any = _Missing()


@dataclass
class Computed:
    """What the engine answered: the result fields, its explanation, the chart cells it lacks."""

    slug: str
    inputs: dict[str, Any]
    value: dict[str, Any]
    steps: list[dict[str, Any]] = field(default_factory=list)
    missing: list[str] = field(default_factory=list)
    rules: list[str] = field(default_factory=list)

    def field(self, key: str) -> Any:
        """A result field, or :data:`MISSING`; ``a.b`` reaches into the mapping ``a``."""
        return pick(self.value, key)

    def to_json(self) -> dict[str, Any]:
        return {"slug": self.slug, "inputs": self.inputs, "value": self.value, "steps": self.steps,
                "missing": self.missing, "rules": self.rules}


def pick(value: Any, key: str) -> Any:
    if isinstance(value, dict):
        if key in value:
            return value[key]
        for i, ch in enumerate(key):
            if ch == "." and key[:i] in value:
                got = pick(value[key[:i]], key[i + 1:])
                if got is not MISSING:
                    return got
    return MISSING


def same(expected: Any, got: Any) -> bool:
    """Equal as plain JSON, numbers within a billionth (``3`` equals ``3.0``)."""
    if isinstance(expected, bool) or isinstance(got, bool):
        return expected is got or (isinstance(expected, bool) and isinstance(got, bool) and expected == got)
    if isinstance(expected, (int, float)) and isinstance(got, (int, float)):
        return math.isclose(expected, got, rel_tol=0, abs_tol=1e-9)
    if isinstance(expected, list) and isinstance(got, list):
        return len(expected) == len(got) and all(same(a, b) for a, b in zip(expected, got))
    if isinstance(expected, dict) and isinstance(got, dict):
        return set(map(str, expected)) == set(map(str, got)) and all(
            same(v, got[str(k)] if str(k) in got else got.get(k)) for k, v in expected.items())
    return expected == got


def as_text(value: Any) -> str:
    """A YAML value as the text a calculator reads (``true``, ``3``, ``a, b``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (list, tuple)):
        return ", ".join(as_text(v) for v in value)
    return str(value)


def step_inputs(answer: Answer, rolls: list[tuple[str, Any]]) -> dict[str, Any]:
    """The answer's inputs with the step's named rolls filled in (``roll: {input: dr, value: 3}``)."""
    out = dict(answer.inputs)
    for name, value in rolls:
        out.setdefault(name, value)
    return out


def compute(answer: Answer, state: dict[str, Any], board: str | None, lang: str = "en",
            rolls: list[tuple[str, Any]] | None = None) -> Computed:
    """Run the answer's calculator or engine; a bad slug or input raises a ViewerError naming it."""
    inputs = step_inputs(answer, rolls or [])
    if answer.kind == "calculator":
        from viewer import calculators

        cls = calculators.get(answer.slug)
        calc = cls.from_inputs(**{k: as_text(v) for k, v in inputs.items()})
        result = calc.compute()
        return Computed(answer.slug, jsonable(calc.inputs()), jsonable(result.value),
                        [s.to_json(lang) for s in result.steps],
                        [f"{m.chart}: {m.cell}" for m in result.missing],
                        [str(r) for r in cls.rules])
    found = engines()
    if answer.slug not in found:
        raise ViewerError("engine", f"unknown lesson engine {answer.slug!r}{close(answer.slug, list(found))}",
                          sorted(found))
    engine = found[answer.slug]
    for k in inputs:
        if k not in engine.inputs:
            raise ViewerError(k, f"unknown input {k!r} for the engine {engine.slug}{close(k, engine.inputs)}",
                              list(engine.inputs))
    value = engine.run(state, board, **inputs)
    return Computed(answer.slug, jsonable(inputs), jsonable(value), [], list(value.get("missing", [])),
                    [str(r) for r in engine.rules])


@dataclass(frozen=True)
class Mismatch:
    """One expected field the engine answered differently (or not at all)."""

    field: str
    expected: Any
    got: Any                 # ``None`` with ``absent`` when the result has no such field
    absent: bool = False


def compare(answer: Answer, computed: Computed) -> list[Mismatch]:
    out = []
    for key, expected in answer.expect.items():
        got = computed.field(str(key))
        if got is MISSING:
            out.append(Mismatch(str(key), expected, None, absent=True))
        elif not same(jsonable(expected), got):
            out.append(Mismatch(str(key), expected, got))
    return out
