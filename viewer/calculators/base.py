"""The calculator contract: inputs (parameters) -> :class:`Result` (value, steps, distribution).

A calculator is a :class:`param.Parameterized` whose parameters are its inputs, each with a
``doc`` and bounds where they apply. The same class drives the Panel card, the command line
(``python -m viewer calc SLUG key=value``) and the tests. This module imports ``param`` only.
"""
from __future__ import annotations

import difflib
import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, ClassVar

import param

from viewer.dice import Distribution
from viewer.errors import ViewerError, jsonable
from viewer.i18n import DEFAULT_LANGUAGE, t
from viewer.ruleref import RuleRef

_TRUE = {"true", "yes", "1", "on", "y", "t", "si", "sí"}
_FALSE = {"false", "no", "0", "off", "n", "f"}


class CalculatorInputError(ViewerError):
    """Bad input, naming the ``parameter``, what was wrong and the ``allowed`` values (or None).

    ``kind`` says which check refused a number, so a page can word the refusal in its own
    language: ``"range"`` (outside the bounds, ``allowed`` holds them), ``"whole_number"`` or
    ``"number"`` (text that is not one), ``"dice"`` (text that is no dice expression); ``value``
    is what was refused. ``said`` is the message as a step of the calculator's own labels, which
    a page words in its language (``message`` stays the English for the command line)."""

    def __init__(self, parameter: str, message: str, allowed: Any = None, *,
                 kind: str | None = None, value: Any = None, said: "Step | None" = None):
        super().__init__(parameter, message, allowed, text=f"{parameter}: {message}")
        self.kind, self.value, self.said = kind, value, said


@dataclass(frozen=True)
class Step:
    """One line of a calculator's explanation: a label ``key``, its ``params``, the rule cited."""

    key: str
    params: dict[str, Any] = field(default_factory=dict)
    rule: RuleRef | None = None

    @property
    def slug(self) -> str:
        """The calculator (or lesson engine) whose labels the step's key belongs to."""
        return self.key.split(".step.", 1)[0].removeprefix("calc.")

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        """The step in ``lang``; a text parameter that is a key of the calculator's values is
        written by its name (``calc.<slug>.value.<key>``, as the result table writes it), and a
        ``cell`` parameter (a chart cell's id) by its parts' names, and a value with a
        ``text(lang)`` of its own by it."""
        from viewer.calculators.format import cell_name, value_name

        slug = self.slug

        def named(k: str, v: Any) -> Any:
            if callable(getattr(v, "text", None)):   # a value worded in every language (a place's name)
                return v.text(lang)
            if not isinstance(v, str):
                return v
            if k == "cell":   # a chart cell's id (``jul-aug/8/arctic``)
                return cell_name(v, lang)
            name = value_name(slug, v, lang)
            return v if name is None else name
        return t(self.key, lang, **{k: named(k, v) for k, v in self.params.items()})

    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        return {"text": self.text(lang), "rule": str(self.rule) if self.rule else None}


@dataclass(frozen=True)
class MissingValue:
    """A chart cell the calculator needs but nobody has filled in yet."""

    chart: str
    cell: str
    rule: RuleRef | None = None

    def to_json(self) -> dict[str, Any]:
        return {"chart": self.chart, "cell": self.cell, "rule": str(self.rule) if self.rule else None}


@dataclass
class Result:
    """What :meth:`Calculator.compute` returns.

    ``value`` keys have labels ``calc.<slug>.result.<name>``; ``steps`` explain the working;
    ``distribution`` is the exact outcome distribution where dice are involved; ``missing``
    lists the chart cells that are unknown (the value then holds what could be computed).
    ``outcome_labels`` names the distribution's outcomes when they stand for categories (the
    result codes of a combat table, numbered in the table's order) instead of numbers.
    ``breakdown`` is the exact chance of each named outcome in each of several rows, as catalogue
    keys (``{"climate.arctic": {"weather.fine": 1/10, ...}}``, WiF 8): where a result has one, a
    card draws it instead of ``distribution``.
    """

    value: dict[str, Any]
    steps: list[Step] = field(default_factory=list)
    distribution: Distribution | None = None
    missing: list[MissingValue] = field(default_factory=list)
    outcome_labels: dict[int, str] = field(default_factory=dict)
    breakdown: dict[str, dict[str, Fraction]] = field(default_factory=dict)


class Calculator(param.Parameterized):
    """Base of every calculator: subclass, declare parameters, set the ClassVars, ``compute()``.

    Parameters are the inputs. ``slug`` is ``"<game>.<mechanic>"`` (``core.dice``), ``game`` is
    ``"core"`` or a game id, ``rules`` the rules implemented. Labels: ``calc.<slug>.title``,
    ``.summary``, ``.param.<name>``, ``.result.<name>``, ``.step.<name>``.
    """

    __abstract = True

    slug: ClassVar[str] = ""
    game: ClassVar[str] = "core"
    rules: ClassVar[tuple[RuleRef, ...]] = ()
    #: Names of the ``Result.value`` keys and of the steps, each with a label (checked by tests).
    result_names: ClassVar[tuple[str, ...]] = ()
    step_names: ClassVar[tuple[str, ...]] = ()
    #: Result keys a card leaves out: the same value is in another row, exactly (a chance as a
    #: float beside its fraction); code reading ``Result.value`` still has them.
    card_hides: ClassVar[tuple[str, ...]] = ()
    #: Result keys that are chances held as floats: a card shows them as a percentage, the one
    #: format of every chance shown (``viewer.calculators.format.percent``).
    chances: ClassVar[tuple[str, ...]] = ()
    #: Text inputs that are lists in order, comma separated, where an item may repeat; a card
    #: offers their :meth:`choices` to add one item at a time (label ``calc.<slug>.add.<name>``).
    sequences: ClassVar[tuple[str, ...]] = ()

    # -- the work ---------------------------------------------------------------------------
    def compute(self) -> Result:
        """Inputs -> result. Raises :class:`CalculatorInputError` for semantic input errors."""
        raise NotImplementedError(f"{type(self).__name__} does not implement compute()")

    def step(self, name: str, rule: RuleRef | None = None, **params: Any) -> Step:
        """A :class:`Step` with the label key ``calc.<slug>.step.<name>``."""
        return Step(self.label_key("step", name), params, rule)

    # -- inputs -----------------------------------------------------------------------------
    @classmethod
    def input_names(cls) -> list[str]:
        """The calculator's input parameters, in declaration order (``name`` excluded)."""
        return [p for p in cls.param if p != "name"]

    def inputs(self) -> dict[str, Any]:
        """The current input values, JSON-able."""
        return {p: jsonable(getattr(self, p)) for p in self.input_names()}

    @classmethod
    def from_inputs(cls, **raw: str) -> "Calculator":
        """An instance from text values (command line, URL); bad input -> CalculatorInputError."""
        names = cls.input_names()
        values = {}
        for key, text in raw.items():
            if key not in names:
                close = difflib.get_close_matches(key, names, n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise CalculatorInputError(key, f"unknown parameter {key!r} for {cls.slug}{hint}", names)
            values[key] = cls.convert(key, text)
        return cls(**values)

    @classmethod
    def convert(cls, name: str, text: Any) -> Any:
        """Turn ``text`` into a valid value of parameter ``name`` (or raise CalculatorInputError)."""
        p = cls.param[name]
        if isinstance(p, param.ListSelector) and isinstance(text, (list, tuple)):
            value = cls._names(name, [str(v).strip() for v in text])
        elif not isinstance(text, str):
            value = text
        elif isinstance(p, param.Boolean):
            low = text.strip().lower()
            if low not in _TRUE | _FALSE:
                raise CalculatorInputError(name, f"expected true or false, not {text!r}", [True, False])
            value = low in _TRUE
        elif isinstance(p, param.ListSelector):
            value = cls._names(name, [part.strip() for part in text.split(",") if part.strip()])
        elif isinstance(p, param.Selector) and not isinstance(p, param.Boolean):
            objects = list(p.objects.values()) if isinstance(p.objects, dict) else list(p.objects)
            matches = [o for o in objects if str(o) == text.strip()]
            if not matches:
                close = difflib.get_close_matches(text.strip(), [str(o) for o in objects], n=1)
                hint = f"; did you mean {close[0]!r}?" if close else ""
                raise CalculatorInputError(
                    name, f"{text!r} is not one of the allowed values{hint}", [jsonable(o) for o in objects])
            value = matches[0]
        elif isinstance(p, param.Integer):
            try:
                value = int(text.strip())
            except ValueError:
                raise CalculatorInputError(name, f"expected a whole number, not {text!r}",
                                           jsonable(p.bounds), kind="whole_number", value=text) from None
        elif isinstance(p, param.Number):
            try:
                value = float(text.strip())
            except ValueError:
                value = math.nan
            if not math.isfinite(value):
                raise CalculatorInputError(name, f"expected a number, not {text!r}", jsonable(p.bounds),
                                           kind="number", value=text)
        elif isinstance(p, param.String):
            value = text
        else:
            raise CalculatorInputError(name, f"cannot read a {type(p).__name__} parameter from text")
        cls.check(name, value)
        return value

    @classmethod
    def choices(cls, name: str) -> list[str] | None:
        """The names text input ``name`` may take now, when they are a list that can grow (the
        rows of a chart the player's copy may add to), else None. A card offers them as a
        choice; the text form is checked when the calculator computes."""
        return None

    def places(self, name: str, lang: str = DEFAULT_LANGUAGE) -> dict[str, str] | None:
        """The places of this calculator's board that text input ``name`` is picked from, each
        by its name in ``lang`` (name -> value), else None. A card offers them as a choice and
        lists them again when another input (the board) changes; a value given as text (the
        command line, a preset) is checked when the calculator computes."""
        return None

    @classmethod
    def _names(cls, name: str, parts: list[str]) -> list:
        """The options of list parameter ``name`` that ``parts`` name, in their order; every
        unknown part is named, with the allowed options."""
        p = cls.param[name]
        objects = list(p.objects.values()) if isinstance(p.objects, dict) else list(p.objects)
        by_text = {str(o): o for o in objects}
        unknown = [part for part in parts if part not in by_text]
        if unknown:
            hints = []
            for part in unknown:
                close = difflib.get_close_matches(part, list(by_text), n=1)
                hints.append(f"{part!r}" + (f" (did you mean {close[0]!r}?)" if close else ""))
            raise CalculatorInputError(
                name, f"not among the allowed values: {', '.join(hints)}", [jsonable(o) for o in objects])
        return [by_text[part] for part in parts]

    @classmethod
    def check(cls, name: str, value: Any) -> None:
        """Raise CalculatorInputError if ``value`` is outside parameter ``name``'s bounds."""
        p = cls.param[name]
        bounds = getattr(p, "bounds", None)
        if bounds and isinstance(value, (int, float)) and not isinstance(value, bool):
            lo, hi = bounds
            inc_lo, inc_hi = getattr(p, "inclusive_bounds", (True, True))
            below = lo is not None and (value < lo or (value == lo and not inc_lo))
            above = hi is not None and (value > hi or (value == hi and not inc_hi))
            if below or above:
                raise CalculatorInputError(
                    name, f"{value} is outside the allowed range {lo}..{hi}", jsonable(bounds),
                    kind="range", value=value)

    # -- output -----------------------------------------------------------------------------
    def to_json(self, lang: str = DEFAULT_LANGUAGE) -> dict[str, Any]:
        """``{"calculator", "inputs", "result", "steps", "distribution"}`` (+ ``"missing"`` if any)."""
        result = self.compute()
        out = {
            "calculator": self.slug,
            "inputs": self.inputs(),
            "result": jsonable(result.value),
            "steps": [s.to_json(lang) for s in result.steps],
            "distribution": result.distribution.to_json() if result.distribution is not None else None,
        }
        if out["distribution"] and result.outcome_labels:
            for entry in out["distribution"]:
                entry["label"] = result.outcome_labels.get(entry["outcome"])
        if result.missing:
            out["missing"] = [m.to_json() for m in result.missing]
        return out

    # -- labels -----------------------------------------------------------------------------
    @classmethod
    def label_key(cls, kind: str, name: str | None = None) -> str:
        """``calc.<slug>.title`` / ``.summary`` or ``calc.<slug>.<kind>.<name>``."""
        return f"calc.{cls.slug}.{kind}" + (f".{name}" if name else "")

    @classmethod
    def title(cls, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(cls.label_key("title"), lang)

    @classmethod
    def summary(cls, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(cls.label_key("summary"), lang)

    @classmethod
    def param_label(cls, name: str, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(cls.label_key("param", name), lang)

    @classmethod
    def result_label(cls, name: str, lang: str = DEFAULT_LANGUAGE) -> str:
        return t(cls.label_key("result", name), lang)
