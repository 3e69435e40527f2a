"""Calculators: one :class:`Calculator` per mechanic, registered under its slug.

Importing this package registers every built-in calculator in :data:`REGISTRY`::

    >>> from viewer.calculators import REGISTRY
    >>> REGISTRY["core.dice"].from_inputs(expression="2d6", target="7").compute().value["p_ge_fraction"]
    '7/12'
"""
from __future__ import annotations

import difflib
import re

from viewer.calculators.base import (
    Calculator,
    CalculatorInputError,
    MissingValue,
    Result,
    Step,
)

__all__ = ["REGISTRY", "Calculator", "CalculatorInputError", "MissingValue", "Result", "Step",
           "get", "register"]

#: Every registered calculator class, keyed by slug (``"core.dice"``).
REGISTRY: dict[str, type[Calculator]] = {}

_SLUG = re.compile(r"^[a-z][a-z0-9]*\.[a-z0-9]+(-[a-z0-9]+)*$")


def register(cls: type[Calculator]) -> type[Calculator]:
    """Class decorator: add ``cls`` to :data:`REGISTRY` under ``cls.slug``."""
    from viewer import GAMES

    if not (isinstance(cls, type) and issubclass(cls, Calculator)):
        raise TypeError(f"{cls!r} is not a Calculator subclass")
    slug = cls.slug
    if not _SLUG.match(slug or ""):
        raise ValueError(f"{cls.__name__}: malformed slug {slug!r} (expected like 'core.dice')")
    if cls.game not in ("core", *GAMES) or slug.split(".")[0] != cls.game:
        raise ValueError(f"{cls.__name__}: slug {slug!r} must start with its game {cls.game!r}")
    if slug in REGISTRY and REGISTRY[slug] is not cls:
        raise ValueError(f"calculator slug {slug!r} is already registered by {REGISTRY[slug].__name__}")
    REGISTRY[slug] = cls
    return cls


def get(slug: str) -> type[Calculator]:
    """The calculator class for ``slug``; unknown -> CalculatorInputError naming the slugs."""
    try:
        return REGISTRY[slug]
    except KeyError:
        close = difflib.get_close_matches(slug, list(REGISTRY), n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise CalculatorInputError("calculator", f"unknown calculator {slug!r}{hint}",
                                   sorted(REGISTRY)) from None


# Built-in calculators register themselves on import: every module of the shared ``common``
# package and of each game's package (``calculators/<game>/``), so a game's calculators need
# no line here (docs/adding-a-calculator.md).
def _import_builtins() -> None:
    import importlib
    import pkgutil

    for info in sorted(pkgutil.walk_packages(__path__, f"{__name__}."), key=lambda m: m.name):
        if not info.ispkg and not info.name.rsplit(".", 1)[-1].startswith("_"):
            importlib.import_module(info.name)


_import_builtins()
