"""Fortresses (USE 4.2.3.5-4.2.3.6), city control (2.3.1) and displacement of air and naval units
(4.2.3.7)."""
from __future__ import annotations

from dataclasses import replace

from viewer.rules.use.board import UseBoard
from viewer.rules.use.units import Situation


def enemy_enters(board: UseBoard, situation: Situation, hex: str, faction: str,
                 italy_axis: bool = True) -> Situation:
    """A land unit of ``faction`` enters ``hex``: city control passes to it (2.3.1); an enemy
    fortress is removed, except Tobruk, which flips to its British side the first time an Allied
    unit enters while Italy is an Axis country (4.2.3.6)."""
    h = board.hex(hex)
    control = dict(situation.control)
    forts = dict(situation.fortress_state)
    owner = situation.city_owner(board, hex)
    if h.city and owner != faction:
        control[hex] = faction
    fort_owner = situation.fortress_owner(board, hex)
    if fort_owner is not None and fort_owner != faction:
        tobruk = h.name.lower() == "tobruk"
        if tobruk and italy_axis and faction != "axis" and forts.get(hex) != "british":
            forts[hex] = "british"
        else:
            forts[hex] = "removed"
    return replace(situation, control=control, fortress_state=forts)


def displaced(situation: Situation, hex: str, faction: str) -> list[str]:
    """The enemy air and naval units a land unit of ``faction`` displaces by entering ``hex``
    (4.2.3.7)."""
    return [u.id for u in situation.at(hex) if u.cls in ("air", "naval") and u.faction != faction]


def displacement_sorties(sorties: int) -> int:
    """A displaced unit counts as having moved: +1 Sortie if it has fewer than 6 (4.2.3.7)."""
    return sorties + 1 if sorties < 6 else sorties
