"""WiF 2.6 fractions: round to the nearest whole number, halves up (toward +infinity).

Round only immediately before forming a ratio (odds), looking a number up on a table, comparing it
with a die roll or a fixed value, or spending oil or build points; keep fractions until then.

>>> round_wif(26.25), round_wif(31.5), round_wif(-1.5)
(26, 32, -1)
"""
from __future__ import annotations

import math
from fractions import Fraction

RULE = ("wif", "2.6")


def round_wif(x: float | Fraction | int) -> int:
    """``floor(x + 1/2)``: 2.5 -> 3, -1.5 -> -1, 0.25 -> 0 (WiF 2.6)."""
    return math.floor(Fraction(x) + Fraction(1, 2))


def half(x: float | Fraction | int) -> Fraction:
    """Exactly half of ``x`` (no rounding: 2.6 rounds later)."""
    return Fraction(x) / 2


def fmt(x: float | Fraction | int) -> str:
    """A fraction for people: ``1/4``, ``8.5`` -> ``17/2`` shown as ``8.5`` when finite decimal."""
    f = Fraction(x)
    if f.denominator == 1:
        return str(f.numerator)
    if f.denominator in (2, 4, 5, 8, 10, 20, 25, 50, 100):
        return f"{float(f):g}"
    return f"{f.numerator}/{f.denominator}"
