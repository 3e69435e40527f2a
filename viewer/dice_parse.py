"""The dice expression language of :mod:`viewer.dice`: parsing, limits and errors.

This module only reads text; :func:`viewer.dice.distribution_of` turns a parsed expression into
its distribution, so the parser imports nothing of the project.

Grammar (case-insensitive, spaces optional between parts)::

    expression := [sign] term (sign term)* [clamp LO..HI]
    term       := [N]dS [keep]  |  integer
    keep       := "keep highest K" | "keep lowest K" | "keep K" | "khK" | "klK" | "kK"

``d10 clamp 1..10``, ``2d6-1``, ``3d6kh2``, ``4d10 keep lowest 1``, ``2d6+1d4+1``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from viewer.errors import ViewerError

#: Limits that keep a web request from hanging the server.
MAX_DICE = 100            # dice in one expression, all terms together
MIN_SIDES, MAX_SIDES = 2, 1000
MAX_MODIFIER = 10_000     # |integer term| and |clamp bound|
MAX_TERMS = 20
MAX_LENGTH = 200          # characters
MAX_KEEP_WORK = 20_000_000
MAX_SPAN = 10_000         # distinct totals an expression may produce (before clamping)

ALLOWED_FORMS = (
    "NdS (e.g. 2d6; N may be omitted: d10)",
    "NdS+M or NdS-M (e.g. d10+2, 2d6-1)",
    "NdS keep highest K / NdS keep lowest K (e.g. 4d10 keep highest 2)",
    "NdSkhK / NdSklK (e.g. 3d6kh2)",
    "sums of these (e.g. 2d6+1d4+1)",
    "... clamp LO..HI (e.g. d10 clamp 1..10)",
)
LIMITS = (f"N is 1..{MAX_DICE} dice in all, S is {MIN_SIDES}..{MAX_SIDES} sides, "
          f"|M| <= {MAX_MODIFIER}, K is 1..N, at most {MAX_SPAN + 1:,} possible totals")


class DiceExpressionError(ViewerError):
    """A dice expression that cannot be read or is too large; says what and shows the forms."""

    def __init__(self, problem: str, expression: str | None = None):
        self.problem = problem
        self.expression = expression
        super().__init__("expression", problem, ALLOWED_FORMS,
                         text=f"{problem}. Allowed forms: {'; '.join(ALLOWED_FORMS)} ({LIMITS}).")


@dataclass(frozen=True)
class DiceTerm:
    """``count`` dice of ``sides`` faces, keeping ``keep`` highest/lowest (None: all), signed."""

    count: int
    sides: int
    keep: int | None = None
    highest: bool = True
    sign: int = 1

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.keep is not None:
            text += f"{'kh' if self.highest else 'kl'}{self.keep}"
        return text


@dataclass(frozen=True)
class DiceExpression:
    """A parsed expression: signed dice terms, an integer modifier, an optional clamp."""

    terms: tuple[DiceTerm, ...]
    modifier: int = 0
    clamp: tuple[int, int] | None = None
    source: str = ""

    @property
    def sides_used(self) -> tuple[int, ...]:
        return tuple(sorted({t.sides for t in self.terms}))

    @property
    def dice_count(self) -> int:
        return sum(t.count for t in self.terms)

    def __str__(self) -> str:
        parts = []
        for i, term in enumerate(self.terms):
            parts.append(("-" if term.sign < 0 else ("+" if i else "")) + str(term))
        if self.modifier or not parts:
            parts.append(f"{self.modifier:+d}" if parts else str(self.modifier))
        text = "".join(parts)
        if self.clamp:
            text += f" clamp {self.clamp[0]}..{self.clamp[1]}"
        return text


_WS = re.compile(r"\s*")


def _skip(text: str, pos: int) -> int:
    """The position after the blanks at ``pos``."""
    m = _WS.match(text, pos)
    return m.end() if m else pos
_SIGN = re.compile(r"([+-])")
_DICE = re.compile(r"(\d*)\s*d\s*(\d+)", re.I)
_KEEP = re.compile(
    r"\s*(?:keep\s+(?:(highest|lowest|high|low)\s+)?(\d+)|(kh|kl|k)\s*(\d+))(?![a-z])", re.I)
_INT = re.compile(r"(\d+)(?!\d)")
_CLAMP = re.compile(r"clamp\s+(-?\d+)\s*\.\.\s*(-?\d+)\s*$", re.I)


def _fail(problem: str, text: str, pos: int | None = None) -> DiceExpressionError:
    if pos is not None:
        shown = text[pos:pos + 12] or "end of text"
        problem = f"{problem} at position {pos + 1} ({shown!r}) of {text!r}"
    return DiceExpressionError(problem, text)


def parse_expression(text: str) -> DiceExpression:
    """Read a dice expression into a :class:`DiceExpression` (see the module's grammar)."""
    if not isinstance(text, str):
        raise DiceExpressionError(f"expected a dice expression as text, not {type(text).__name__}")
    if len(text) > MAX_LENGTH:
        raise DiceExpressionError(f"expression longer than {MAX_LENGTH} characters")
    if not text.strip():
        raise DiceExpressionError("empty dice expression")
    pos = _skip(text, 0)
    terms: list[DiceTerm] = []
    modifier = 0
    clamp = None
    first = True
    while True:
        sign = 1
        m = _SIGN.match(text, pos)
        if m:
            sign = -1 if m.group(1) == "-" else 1
            pos = _skip(text, m.end())
        elif not first:
            m = _CLAMP.match(text, pos)
            if m:
                lo, hi = int(m.group(1)), int(m.group(2))
                for bound in (lo, hi):
                    if abs(bound) > MAX_MODIFIER:
                        raise _fail(f"clamp bound {bound} is beyond ±{MAX_MODIFIER}", text)
                if lo > hi:
                    raise _fail(f"clamp bounds reversed ({lo} > {hi})", text)
                clamp = (lo, hi)
                break
            if pos >= len(text):
                break
            raise _fail("expected '+', '-', 'keep' or 'clamp LO..HI'", text, pos)
        if len(terms) >= MAX_TERMS:
            raise _fail(f"more than {MAX_TERMS} terms", text)
        m = _DICE.match(text, pos)
        if m:
            count = int(m.group(1)) if m.group(1) else 1
            sides = int(m.group(2))
            if not MIN_SIDES <= sides <= MAX_SIDES:
                raise _fail(f"a die needs {MIN_SIDES} to {MAX_SIDES} sides, not {sides}", text)
            if count < 1:
                raise _fail(f"roll at least 1 die, not {count}", text)
            pos = m.end()
            keep_n, highest = None, True
            k = _KEEP.match(text, pos)
            if k:
                word, n1, short, n2 = k.groups()
                keep_n = int(n1 if n1 is not None else n2)
                highest = not ((word or "").lower().startswith("low") or (short or "").lower() == "kl")
                if not 1 <= keep_n <= count:
                    raise _fail(f"keep 1 to {count} of {count}d{sides}, not {keep_n}", text)
                pos = k.end()
            terms.append(DiceTerm(count, sides, keep_n, highest, sign))
            if sum(t.count for t in terms) > MAX_DICE:
                raise _fail(f"more than {MAX_DICE} dice in all", text)
        else:
            m = _INT.match(text, pos)
            if not m:
                raise _fail("expected dice like 2d6 or a whole number", text, pos)
            if re.match(r"\s*d", text[m.end():], re.I):
                raise _fail("expected the number of sides after 'd'", text, m.end())
            value = int(m.group(1))
            if value > MAX_MODIFIER:
                raise _fail(f"number {value} is beyond ±{MAX_MODIFIER}", text)
            modifier += sign * value
            pos = m.end()
        pos = _skip(text, pos)
        first = False
    if abs(modifier) > MAX_MODIFIER:
        raise _fail(f"modifier {modifier} is beyond ±{MAX_MODIFIER}", text)
    span = sum(((t.keep or t.count) * (t.sides - 1)) for t in terms)
    if span > MAX_SPAN:
        raise _fail(f"the expression has {span + 1:,} possible totals, more than the limit of "
                    f"{MAX_SPAN + 1:,}; use fewer dice or sides", text)
    expr = DiceExpression(tuple(terms), modifier, clamp, text.strip())
    for term in terms:  # check the cost of keep terms before any work is done
        if term.keep is not None and term.keep < term.count:
            work = term.sides * (term.count + 1) * (term.count + 2) // 2 * (term.keep * term.sides + 1)
            if work > MAX_KEEP_WORK:
                raise _fail(f"keeping {term.keep} of {term.count}d{term.sides} is too large to compute "
                            f"exactly (work {work:,} > limit {MAX_KEEP_WORK:,})", text)
    return expr
