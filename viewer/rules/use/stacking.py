"""Stacking (USE 3.3): at most one bomber, one convoy, one fighter, one land unit and one warship
in a hex, never enemy units together; passing through is allowed for a land unit where there is
no enemy ZOC and for an air unit always; map boxes have no limit."""
from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from viewer.rules.use.units import Unit

CATEGORIES = ("bomber", "convoy", "fighter", "land", "warship")
LIMIT = 1


@dataclass(frozen=True)
class StackVerdict:
    ok: bool
    over: tuple[str, ...] = ()       # categories above the limit
    enemies: bool = False            # units of two factions together


def check_stack(units: list[Unit], in_box: bool = False) -> StackVerdict:
    """Is this group of units a legal stack at the end of a move (3.3)?"""
    if in_box:
        return StackVerdict(True)
    counts = Counter(u.stack_category for u in units)
    over = tuple(c for c in CATEGORIES if counts[c] > LIMIT)
    enemies = len({u.faction for u in units}) > 1
    return StackVerdict(not over and not enemies, over, enemies)


def may_pass(mover: Unit, hex_units: list[Unit], in_ezoc: bool) -> bool:
    """May ``mover`` move through (not end in) a hex holding ``hex_units`` (3.3, 4.2.3.2)?"""
    others = [u for u in hex_units if u.id != mover.id]
    if mover.cls == "air":
        return True   # air units pass through friendly and enemy counters alike
    if mover.land:
        if any(u.land and u.faction != mover.faction for u in others):
            return False
        if any(u.land for u in others) and in_ezoc:
            return False
        return True   # enemy air/naval units alone are displaced (4.2.3.7)
    return not any(u.faction != mover.faction for u in others)
