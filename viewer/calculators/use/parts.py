"""The Movement Table rows one USE step pays, as a reader sees them (USE 4.2.1, 4.2.3.3).

Costs without a "+" do not add up: only the highest of them counts, so a step into an enemy city
in clear terrain shows "enemy city 2", not "clear 1 + enemy city 2". "+" costs (a river, attacking)
are all shown. Each row is named in the reader's language; a row of the player's own board that
has no label (a terrain name of their copy) is shown as typed.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable

from viewer.calculators.base import Step
from viewer.i18n import DEFAULT_LANGUAGE, has, t

Part = tuple[str, int, str]   # (Movement Table row, MP, "base" or "plus")


def counted(parts: Iterable[Part]) -> tuple[Part, ...]:
    """The parts that make the total: the highest base cost (the first of equal ones) and every "+"."""
    parts = tuple(parts)
    base = [p for p in parts if p[2] == "base"]
    top = max(base, key=lambda p: p[1]) if base else None
    return tuple(p for p in parts if p is top or p[2] != "base")


def part_name(item: str, lang: str = DEFAULT_LANGUAGE) -> str:
    """A Movement Table row (``clear``, ``enemy-city``, ``attack:clear`` ...) in ``lang``."""
    if item.startswith("attack:"):
        weather = item.partition(":")[2]
        key = f"use.weather.{weather}"
        return t("use.part.attack", lang, weather=t(key, lang) if has(key) else weather)
    key = f"use.part.{item}"
    return t(key, lang) if has(key) else item


def parts_text(parts: Iterable[Part], lang: str = DEFAULT_LANGUAGE) -> str:
    """"enemy city 2 + river +1 + attack in clear weather +1": the counted parts, adding to the total."""
    return " + ".join(f"{part_name(i, lang)} {'+' if k == 'plus' else ''}{c}" for i, c, k in counted(parts)) or "0"


@dataclass(frozen=True)
class PartStep(Step):
    """A step whose ``item`` param is a Movement Table row, named in the reader's language."""

    def text(self, lang: str = DEFAULT_LANGUAGE) -> str:
        params: dict[str, Any] = dict(self.params)
        if "item" in params:
            params["item"] = part_name(str(params["item"]), lang)
        return t(self.key, lang, **params)
