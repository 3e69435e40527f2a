"""Zones of control (USE 1.7, 1.7.1, 4.2.3.1).

A land unit exerts a zone of control into the six hexes around it, except: a unit occupying a
fortress exerts none; none enters a hex or crosses a hexside closed to land movement (greyed
hexes 1.3.2, prohibited countries 1.3.8, sea hexes, prohibited hexsides); a No-EZOC marker cancels
enemy ZOC in its hex (15.17). ZOC does reach into fortress hexes. Only land units exert ZOC.
"""
from __future__ import annotations

from collections import defaultdict

from viewer.rules.use.board import UseBoard
from viewer.rules.use.units import Situation, check_faction


def land_closed(board: UseBoard, hex: str) -> bool:
    """A hex closed to land movement (1.3.2, 1.3.8, sea hexes)."""
    h = board.hexes.get(hex)
    return h is None or not h.land or h.greyed or h.prohibited


def zoc_hexes(board: UseBoard, hex: str) -> list[str]:
    """The hexes a land unit (not in a fortress) in ``hex`` exerts ZOC into (1.7)."""
    return [n for n in board.neighbors(hex)
            if not land_closed(board, n) and "prohibited-land" not in board.side(hex, n)]


def ezoc(board: UseBoard, situation: Situation, faction: str) -> dict[str, frozenset]:
    """For ``faction``: every hex in enemy ZOC -> the ids of the enemy units exerting it (1.7.1)."""
    check_faction(faction)
    found: dict[str, set] = defaultdict(set)
    for u in situation.units:
        if u.faction == faction or not u.land or u.in_fortress or u.hex not in board.hexes:
            continue
        for n in zoc_hexes(board, u.hex):
            if n not in situation.no_ezoc:
                found[n].add(u.id)
    return {h: frozenset(s) for h, s in found.items()}


def same_unit_block(ezoc_map: dict[str, frozenset], a: str, b: str) -> frozenset:
    """The enemy units whose EZOC covers both ``a`` and ``b`` (a direct move between them is
    illegal when this is not empty, 4.2.3.1)."""
    return ezoc_map.get(a, frozenset()) & ezoc_map.get(b, frozenset())
