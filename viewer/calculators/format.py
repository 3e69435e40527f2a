"""How every calculator writes a chance and a list in its results and steps, so that every card
reads the same way (docs/adding-a-calculator.md)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction

from viewer.i18n import DEFAULT_LANGUAGE, has, t

_FRACTION = re.compile(r"^\d+/\d+$")


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


def shown(value: object, lang: str = DEFAULT_LANGUAGE, term: Callable[[str], str] | None = None) -> str:
    """A result value as a reader sees it, never as Python writes it: yes/no for a truth value, a
    dash for nothing, a chance as its fraction and percentage, a number without trailing zeros,
    lists and tables as comma-separated items, and a key through ``term`` (its translated name)."""
    name = term or (lambda key: key)
    if value is None:
        return "—"
    if isinstance(value, bool):
        return t("ui.yes" if value else "ui.no", lang) if has("ui.yes") else str(value)
    if isinstance(value, Fraction):
        return exact(value) if value.denominator != 1 else str(value.numerator)
    if isinstance(value, float):
        return f"{value:.4f}".rstrip("0").rstrip(".") if value != int(value) else f"{value:g}"
    if isinstance(value, str):
        return exact(Fraction(value)) if _FRACTION.match(value) and Fraction(value) <= 1 else name(value)
    if isinstance(value, dict):
        return listing((f"{shown(k, lang, term)}: {shown(v, lang, term)}" for k, v in value.items()), empty="—")
    if isinstance(value, (list, tuple, set, frozenset)):
        return listing((shown(v, lang, term) for v in value), empty="—")
    return str(value)
