"""How every calculator writes a chance and a list in its results and steps, so that every card
reads the same way (docs/adding-a-calculator.md)."""
from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction


def percent(p: Fraction | float) -> str:
    """A chance as a percentage to one decimal, without a trailing ``.0``: ``50%``, ``58.3%``."""
    text = f"{float(p) * 100:.1f}"
    return (text[:-2] if text.endswith(".0") else text) + "%"


def exact(p: Fraction) -> str:
    """A chance as its exact fraction and its percentage: ``1/8 (12.5%)``."""
    return f"{p} ({percent(p)})"


def listing(items: Iterable[object], empty: str = "-") -> str:
    """Items separated by commas; ``empty`` when there are none."""
    return ", ".join(map(str, items)) or empty
