"""How every calculator writes a chance and a list in its results and steps, so that every card
reads the same way (docs/adding-a-calculator.md)."""
from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from fractions import Fraction

from viewer.i18n import DEFAULT_LANGUAGE, has, t

_FRACTION = re.compile(r"^\d+/\d+$")

#: Label families a value key may be named by when nothing more specific names it
#: (``weather.rain``, ``bimonth.jul-aug``, ``option.impulse_advance`` …).
NAME_FAMILIES = ("option", "weather", "terrain", "climate", "bimonth", "unit")


def key_name(key: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """``key`` by its name in a shared label family (:data:`NAME_FAMILIES`), else as it is."""
    for family in NAME_FAMILIES:
        if has(f"{family}.{key}"):
            return t(f"{family}.{key}", lang)
    return key


def value_name(slug: str, key: str, lang: str = DEFAULT_LANGUAGE) -> str | None:
    """The name of a key a result or step of calculator (or lesson engine) ``slug`` holds: its own
    label (``calc.<slug>.value.<key>``), a shared one (``value.<key>``, :data:`NAME_FAMILIES`);
    a ``kind:name`` (or ``kind-name``) key by ``calc.<slug>.value.<kind>:`` (or ``value.<kind>:``) with the name; a listing (``a, b``) or a
    route (``a → b``) item by item. None when no label names it."""
    for k in (f"calc.{slug}.value.{key}", f"value.{key}", *(f"{f}.{key}" for f in NAME_FAMILIES)):
        if has(k):
            return t(k, lang)
    for sep in (" → ", ", "):
        if sep in key:
            items = key.split(sep)
            names = [value_name(slug, item, lang) for item in items]
            if any(n is not None for n in names):
                return sep.join(n if n is not None else item for n, item in zip(names, items))
            return None
    for sep in (":", "-"):   # ``zone:16`` -> "sea zone 16", ``dec-41`` -> "Dec 41"
        head, found, rest = key.partition(sep)
        for k in (f"calc.{slug}.value.{head}{sep}", f"value.{head}{sep}"):
            if found and has(k):
                return t(k, lang, name=value_name(slug, rest, lang) or rest)
    return None


def chart_name(chart_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A chart by its name (``ui.tables.chart.<id>``, else the calculator's title), else its id."""
    for key in (f"ui.tables.chart.{chart_id}", f"calc.{chart_id}.title"):
        if has(key):
            return t(key, lang)
    return chart_id


def cell_name(cell_id: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A chart cell's id (its row values and column joined by ``/``: ``jul-aug/8/arctic``) as
    words: each part by its name, joined by `` · `` (``Jul/Aug · 8 · Arctic``)."""
    return " · ".join(key_name(part, lang) for part in cell_id.split("/"))


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
    lists and tables as comma-separated items, a key through ``term`` (its translated name), and a
    value with a ``text(lang)`` of its own by it."""
    name = term or (lambda key: key)
    if value is None:
        return "—"
    words = getattr(value, "text", None)
    if callable(words):   # a value worded in every language (a place's name)
        return str(words(lang))
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
