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


def displacement_targets(board: UseBoard, situation: Situation, unit_id: str, costs=None) -> dict:
    """Where a displaced air or naval unit may go (4.2.3.7): ``{"targets": [...], "eliminated":
    bool, "missing": [cells]}``. It moves by its own movement rules, never by naval transport,
    whatever its Sorties; with nowhere legal it is eliminated. Naval units: the ports and boxes
    of their naval reach where a move may end. Air units: every legal end hex (4.2.2.1) within
    their MP; the air cost per hex is not in the text, so until it is supplied the targets are
    every legal end hex and the missing cell is named."""
    from viewer.rules.charts import UnknownCell
    from viewer.rules.use.naval import naval_reach
    from viewer.rules.use.strategic import air_ends
    from viewer.rules.use.tables import Costs
    u = situation.unit(unit_id)
    costs = costs or Costs()
    if u.cls == "naval":
        reach = naval_reach(board, situation, unit_id, costs=costs)
        targets = sorted(k for k, r in reach.routes.items() if r.can_end and k != f"port:{u.hex}")
        return {"targets": targets, "eliminated": not targets, "missing": [m.cell for m in reach.missing]}
    if u.cls != "air":
        raise ValueError(f"only air and naval units are displaced (4.2.3.7); {unit_id} is a {u.cls} unit")
    ends = air_ends(board, situation, unit_id)
    ends.discard(u.hex)
    missing = []
    try:
        step = costs.cost("air-hex")
        mp = 10 if u.supply == "full" else 5
        ends = {h for h in ends if board.distance(u.hex, h) * step <= mp}
    except UnknownCell as err:
        missing.append(err.cell)
    return {"targets": sorted(ends), "eliminated": not ends, "missing": missing}
