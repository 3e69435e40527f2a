"""Shared pieces of the StarCraft TMG calculators: list parsing and the pool summary."""
from __future__ import annotations

from typing import Any, ClassVar

from viewer.calculators.base import Calculator, CalculatorInputError
from viewer.ruleref import RuleRef


def sc(number: str) -> RuleRef:
    return RuleRef("starcraft", number)


def int_list(name: str, text: str, *, allow_empty: bool = True) -> list[int]:
    """``"4, 6"`` -> [4, 6]; empty -> []; anything else names the parameter and the bad item
    (with the ``kind`` of fault, so a card words it in its own language)."""
    parts = [p.strip() for p in str(text).replace(";", ",").split(",") if p.strip()]
    if not parts and not allow_empty:
        raise CalculatorInputError(name, "give at least one whole number", None, kind="empty", value="")
    values = []
    for part in parts:
        try:
            value = int(part)
        except ValueError:
            raise CalculatorInputError(name, f"expected whole numbers separated by commas, not {part!r}", None,
                                       kind="whole_number", value=part) from None
        if value < 0:
            raise CalculatorInputError(name, f"{value}: values must not be negative", [0, None],
                                       kind="range", value=value)
        values.append(value)
    return values


class StarcraftCalculator(Calculator):
    """Base of the ``starcraft.*`` calculators."""

    __abstract = True
    game: ClassVar[str] = "starcraft"

    def fail(self, name: str, err: Exception, allowed: Any = None) -> CalculatorInputError:
        return CalculatorInputError(name, str(err), allowed)
