"""Exact dice probability: outcome distributions as :class:`fractions.Fraction`.

A :class:`Distribution` is an immutable mapping ``outcome (int) -> Fraction``. Internally it keeps
integer weights over a contiguous run of outcomes and their common total, so sums of dice are
numpy convolutions of integer arrays (``int64`` while the counts fit, Python ints beyond).

A WiF d10's "0" face reads 10 (WiF 2.7), so every die here has faces ``1..sides``.

>>> d = dice(2, 6)
>>> d.p_eq(7)
Fraction(1, 6)
>>> parse("4d10 keep highest 2").max
20
"""
from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import Any

import numpy as np

from viewer.dice_parse import (  # noqa: F401  (re-exported)
    ALLOWED_FORMS,
    MAX_DICE,
    MAX_KEEP_WORK,
    MAX_MODIFIER,
    MAX_SIDES,
    MIN_SIDES,
    DiceExpression,
    DiceExpressionError,
    DiceTerm,
    parse_expression,
)

__all__ = [
    "ALLOWED_FORMS", "DiceExpression", "DiceExpressionError", "DiceTerm", "Distribution",
    "constant", "dice", "die", "distribution_of", "keep", "parse", "parse_expression",
]

_INT64_SAFE = 2**62


def _as_weights(values: list[int] | np.ndarray, total: int) -> np.ndarray:
    """An integer array for ``values``: int64 when ``total`` fits, else Python ints (object)."""
    dtype = np.int64 if total < _INT64_SAFE else object
    arr = np.array([int(v) for v in values], dtype=dtype) if dtype is object else np.asarray(values, dtype=dtype)
    return arr


def _big_convolve(a: np.ndarray, b: np.ndarray) -> list[int]:
    """Exact convolution of non-negative Python-int arrays by Kronecker substitution.

    Both arrays are packed into one integer each (fixed-width fields wide enough for any
    output coefficient), multiplied with Python's big-int product, and unpacked: several times
    faster than ``np.convolve`` on object arrays.
    """
    a_list, b_list = [int(x) for x in a], [int(x) for x in b]
    bits = max(a_list).bit_length() + max(b_list).bit_length() + min(len(a_list), len(b_list)).bit_length()
    nb = bits // 8 + 1
    pack = lambda xs: int.from_bytes(b"".join(x.to_bytes(nb, "little") for x in xs), "little")  # noqa: E731
    n_out = len(a_list) + len(b_list) - 1
    raw = (pack(a_list) * pack(b_list)).to_bytes(nb * (n_out + 1), "little")
    return [int.from_bytes(raw[i * nb:(i + 1) * nb], "little") for i in range(n_out)]


class Distribution(Mapping):
    """An exact probability distribution over integer outcomes.

    Construct from probabilities that sum to 1 (``Distribution({1: Fraction(1, 2), 2: Fraction(1, 2)})``)
    or from integer weights (:meth:`from_weights`). Outcomes of probability zero are not keys, but
    :meth:`p_eq` answers 0 for them.
    """

    __slots__ = ("_lo", "_w", "_total")
    _lo: int       # the smallest result
    _w: np.ndarray  # integer weights of results _lo, _lo + 1, ... (dtype int64, or object when large)
    _total: int    # the sum of the weights

    def __init__(self, probabilities: Mapping[int, Fraction | int]):
        probs = {int(k): Fraction(v) for k, v in probabilities.items()}
        if any(p < 0 for p in probs.values()):
            raise ValueError("probabilities must not be negative")
        if sum(probs.values()) != 1:
            raise ValueError(f"probabilities must sum to 1, not {sum(probs.values())}")
        denom = math.lcm(*(p.denominator for p in probs.values()))
        self._set(self._dense({k: p.numerator * (denom // p.denominator) for k, p in probs.items()}), denom)

    # -- construction ---------------------------------------------------------------------------
    @staticmethod
    def _dense(weights: Mapping[int, int]) -> tuple[int, list[int]]:
        keys = [k for k, v in weights.items() if v]
        if not keys:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        lo, hi = min(keys), max(keys)
        dense = [0] * (hi - lo + 1)
        for k, v in weights.items():
            if v:
                dense[k - lo] += int(v)
        return lo, dense

    def _set(self, dense: tuple[int, list[int] | np.ndarray], total: int) -> None:
        lo, w = dense
        w = _as_weights(w, total)
        nz = np.flatnonzero(w != 0)
        if nz.size == 0:
            raise ValueError("a distribution needs at least one outcome of positive weight")
        w = w[nz[0]: nz[-1] + 1].copy()
        # reduce by the common factor so equal distributions have equal internals
        g = math.gcd(int(total), *(int(x) for x in w[w != 0])) if w.dtype == object else \
            math.gcd(int(total), int(np.gcd.reduce(w)))
        if g > 1:
            w = w // g
            total //= g
        w = _as_weights(w, total) if w.dtype == object and total < _INT64_SAFE else w
        w.flags.writeable = False
        object.__setattr__(self, "_lo", int(lo) + int(nz[0]))
        object.__setattr__(self, "_w", w)
        object.__setattr__(self, "_total", int(total))

    @classmethod
    def _make(cls, lo: int, weights: list[int] | np.ndarray, total: int) -> "Distribution":
        self = cls.__new__(cls)
        self._set((lo, weights), total)
        return self

    @classmethod
    def from_weights(cls, weights: Mapping[int, int]) -> "Distribution":
        """A distribution proportional to non-negative integer ``weights``."""
        if any(int(v) != v or v < 0 for v in weights.values()):
            raise ValueError("weights must be non-negative integers")
        lo, dense = cls._dense(weights)
        return cls._make(lo, dense, sum(dense))

    def __setattr__(self, name, value):
        raise AttributeError("Distribution is immutable")

    def __reduce__(self):
        return (Distribution._make, (self._lo, [int(x) for x in self._w], self._total))

    # -- mapping --------------------------------------------------------------------------------
    def __getitem__(self, outcome: int) -> Fraction:
        i = int(outcome) - self._lo
        if 0 <= i < len(self._w) and self._w[i]:
            return Fraction(int(self._w[i]), self._total)
        raise KeyError(outcome)

    def __iter__(self) -> Iterator[int]:
        return (self._lo + int(i) for i in np.flatnonzero(self._w != 0))

    def __len__(self) -> int:
        return int(np.count_nonzero(self._w != 0))

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Distribution):
            return (self._lo == other._lo and self._total == other._total
                    and len(self._w) == len(other._w)
                    and all(int(a) == int(b) for a, b in zip(self._w, other._w)))
        return Mapping.__eq__(self, other)

    def __hash__(self) -> int:
        return hash((self._lo, self._total, tuple(int(x) for x in self._w)))

    def __repr__(self) -> str:
        items = ", ".join(f"{k}: {v}" for k, v in list(self.items())[:8])
        more = ", …" if len(self) > 8 else ""
        return f"Distribution({{{items}{more}}})"

    # -- queries --------------------------------------------------------------------------------
    @property
    def min(self) -> int:
        return self._lo

    @property
    def max(self) -> int:
        return self._lo + len(self._w) - 1

    def _cum(self, upto_index: int) -> int:
        """Total weight of dense indices ``0..upto_index`` (clipped)."""
        if upto_index < 0:
            return 0
        return int(sum(int(x) for x in self._w[: upto_index + 1])) if self._w.dtype == object \
            else int(self._w[: upto_index + 1].sum())

    def p_eq(self, t: int) -> Fraction:
        """P(result == t)."""
        return self.get(int(t), Fraction(0))

    def p_le(self, t: int) -> Fraction:
        """P(result <= t)."""
        return Fraction(self._cum(int(t) - self._lo), self._total)

    def p_lt(self, t: int) -> Fraction:
        return self.p_le(int(t) - 1)

    def p_ge(self, t: int) -> Fraction:
        """P(result >= t)."""
        return 1 - self.p_le(int(t) - 1)

    def p_gt(self, t: int) -> Fraction:
        return 1 - self.p_le(t)

    def mean(self) -> Fraction:
        """The exact expected value."""
        s = sum(int(w) * (self._lo + i) for i, w in enumerate(self._w) if w)
        return Fraction(s, self._total)

    def variance(self) -> Fraction:
        m = self.mean()
        return sum(((k - m) ** 2 * p for k, p in self.items()), Fraction(0))

    def pmf(self) -> dict[int, float]:
        """Probabilities as floats, ``{outcome: probability}`` in outcome order."""
        return {k: float(v) for k, v in self.items()}

    def to_arrays(self) -> tuple[np.ndarray, np.ndarray]:
        """``(outcomes, probabilities)`` as numpy arrays (int64, float64), positive outcomes only."""
        outcomes = np.fromiter(iter(self), dtype=np.int64)
        probs = np.array([float(self[k]) for k in outcomes], dtype=float)
        return outcomes, probs

    def to_json(self) -> list[dict[str, Any]]:
        """``[{"outcome": int, "probability": float, "fraction": "a/b"}, …]`` sorted by outcome."""
        return [{"outcome": k, "probability": float(p), "fraction": str(p)} for k, p in self.items()]

    # -- transforms -----------------------------------------------------------------------------
    def map(self, f: Callable[[int], int] | Mapping[int, int]) -> "Distribution":
        """The distribution of ``f(outcome)``; ``f`` may be a function or a table (mapping).

        A table must cover every possible outcome; a missing one raises ``KeyError`` naming it.
        """
        weights: dict[int, int] = {}
        for i in np.flatnonzero(self._w != 0):
            k = self._lo + int(i)
            if isinstance(f, Mapping):
                if k not in f:
                    raise KeyError(f"the table has no entry for outcome {k}")
                v = f[k]
            else:
                v = f(k)
            if int(v) != v:
                raise ValueError(f"mapped outcome {v!r} (from {k}) is not an integer")
            weights[int(v)] = weights.get(int(v), 0) + int(self._w[i])
        lo, dense = self._dense(weights)
        return Distribution._make(lo, dense, self._total)

    def clamp(self, lo: int | None = None, hi: int | None = None) -> "Distribution":
        """Results below ``lo`` count as ``lo``; results above ``hi`` count as ``hi``."""
        if lo is not None and hi is not None and lo > hi:
            raise ValueError(f"clamp bounds reversed: {lo} > {hi}")
        def clamped(k: int) -> int:
            k = k if lo is None else max(lo, k)
            return k if hi is None else min(hi, k)

        return self.map(clamped)

    def shift(self, n: int) -> "Distribution":
        return Distribution._make(self._lo + int(n), self._w, self._total)

    def __add__(self, other: "Distribution | int") -> "Distribution":
        if isinstance(other, Distribution):
            total = self._total * other._total
            weights: np.ndarray
            if total >= _INT64_SAFE:
                weights = np.asarray(_big_convolve(self._w, other._w), dtype=object)
            else:
                weights = np.convolve(self._w, other._w)
            return Distribution._make(self._lo + other._lo, weights, total)
        if isinstance(other, (int, np.integer)) and not isinstance(other, bool):
            return self.shift(int(other))
        return NotImplemented

    __radd__ = __add__

    def __neg__(self) -> "Distribution":
        return Distribution._make(-self.max, self._w[::-1], self._total)

    def __sub__(self, other: "Distribution | int") -> "Distribution":
        if isinstance(other, Distribution):
            return self + (-other)
        if isinstance(other, (int, np.integer)) and not isinstance(other, bool):
            return self.shift(-int(other))
        return NotImplemented

    def __rsub__(self, other: int) -> "Distribution":
        return (-self) + other


# -- constructors -------------------------------------------------------------------------------
def _check(n: int, sides: int) -> None:
    if not isinstance(sides, (int, np.integer)) or not MIN_SIDES <= sides <= MAX_SIDES:
        raise DiceExpressionError(f"a die needs {MIN_SIDES} to {MAX_SIDES} sides, not {sides}")
    if not isinstance(n, (int, np.integer)) or not 1 <= n <= MAX_DICE:
        raise DiceExpressionError(f"roll 1 to {MAX_DICE} dice, not {n}")


def constant(value: int) -> Distribution:
    """The certain outcome ``value``."""
    return Distribution._make(int(value), [1], 1)


def die(sides: int) -> Distribution:
    """One die with faces ``1..sides`` (a d10's 0 reads 10, WiF 2.7)."""
    _check(1, sides)
    return Distribution._make(1, [1] * int(sides), int(sides))


def dice(n: int, sides: int) -> Distribution:
    """The sum of ``n`` dice of ``sides`` faces.

    Each added die is a box filter over the running weights (a prefix-sum difference), so the
    cost is linear in the number of outcomes per die rather than a full convolution.
    """
    _check(n, sides)
    n, sides = int(n), int(sides)
    total = sides**n
    w = _as_weights([1] * sides, total)
    for _ in range(n - 1):
        c = np.concatenate([_as_weights([0], total), np.cumsum(w)])
        j = np.arange(len(w) + sides - 1)
        w = c[np.minimum(j + 1, len(w))] - c[np.maximum(j - sides + 1, 0)]
    return Distribution._make(n, w, total)


def keep(n: int, sides: int, k: int, highest: bool = True) -> Distribution:
    """The sum of the ``k`` highest (or lowest) of ``n`` dice of ``sides`` faces, exactly.

    Dynamic programme over faces from the best down: ``state[m][s]`` counts the ways to give
    ``m`` dice faces above the current one with kept sum ``s``; ``c`` dice showing face ``v`` come
    in ``C(n - m, c)`` ways and add ``v`` for each of them still within the ``k`` kept.
    The work grows as ``sides * n**2 * k * sides``; too large a request raises
    :class:`DiceExpressionError` instead of hanging.
    """
    _check(n, sides)
    n, sides, k = int(n), int(sides), int(k)
    if not 1 <= k <= n:
        raise DiceExpressionError(f"keep 1 to {n} of {n}d{sides}, not {k}")
    work = sides * (n + 1) * (n + 2) // 2 * (k * sides + 1)
    if work > MAX_KEEP_WORK:
        raise DiceExpressionError(
            f"keeping {k} of {n}d{sides} is too large to compute exactly "
            f"(work {work:,} > limit {MAX_KEEP_WORK:,}); use fewer dice or sides")
    if k == n:
        return dice(n, sides)
    total = sides**n
    length = k * sides + 1
    zero = _as_weights([0] * length, total)
    state = [zero.copy() for _ in range(n + 1)]
    state[0][0] = 1
    for v in range(sides, 0, -1):
        new = [zero.copy() for _ in range(n + 1)]
        for m in range(n + 1):
            row = state[m]
            if not row.any():
                continue
            room = k - min(m, k)
            for c in range(n - m + 1):
                add = min(c, room) * v
                ways = math.comb(n - m, c)
                if add:
                    new[m + c][add:] += ways * row[:-add]
                else:
                    new[m + c] += ways * row
        state = new
    dist = Distribution._make(0, state[n], total)
    if not highest:
        dist = dist.map(lambda s: k * (sides + 1) - s)
    return dist


def parse(expression: str) -> Distribution:
    """The distribution of a dice expression such as ``"2d6-1"`` or ``"4d10 keep highest 2"``.

    Malformed or too large expressions raise :class:`DiceExpressionError`, whose message says
    what was wrong and lists the allowed forms.
    """
    return distribution_of(parse_expression(expression))


def _term_distribution(term: DiceTerm) -> Distribution:
    d = dice(term.count, term.sides) if term.keep is None else keep(term.count, term.sides, term.keep, term.highest)
    return -d if term.sign < 0 else d


def distribution_of(expression: DiceExpression) -> Distribution:
    """The exact distribution of a parsed expression; plain terms of one die and sign roll together."""
    merged: dict[tuple[int, int], int] = {}
    others: list[DiceTerm] = []
    for term in expression.terms:
        if term.keep is None or term.keep == term.count:
            key = (term.sides, term.sign)
            merged[key] = merged.get(key, 0) + term.count
        else:
            others.append(term)
    parts = [DiceTerm(count, sides, sign=sign) for (sides, sign), count in merged.items()] + others
    total = constant(expression.modifier)
    for term in parts:
        total = total + _term_distribution(term)
    if expression.clamp:
        total = total.clamp(*expression.clamp)
    return total
