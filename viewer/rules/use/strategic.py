"""Strategic movement (USE 4.1) and where an air move may end (4.2.2, 4.2.2.1).

Strategic movement: a supplied air or land unit on a transport line moves any distance from hex
to hex across hexsides that a transport line crosses. It may start in enemy ZOC but may not
enter enemy ZOC, an enemy city or an enemy fortress, a hex closed to land movement, a hex that
would break stacking at the end, and every hex entered must be able to trace a supply route
(7.4: not in the text, so the user's ``supplied_hexes`` decide). The reachable set is the
connected component of the start in the graph of allowed transport-line steps
(``scipy.sparse.csgraph.breadth_first_order``).
"""
from __future__ import annotations

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import breadth_first_order

from viewer.rules.use.board import UseBoard
from viewer.rules.use.units import Situation
from viewer.rules.use.zoc import ezoc, land_closed


def strategic_reach(board: UseBoard, situation: Situation, unit_id: str) -> dict:
    """``{"reach": hexes it may pass, "ends": hexes it may stop in, "refused": reason or None}``."""
    u = situation.unit(unit_id)
    if u.cls == "naval":
        return {"reach": set(), "ends": set(), "refused": "naval"}
    if not situation.supplied(u.hex) or u.supply == "out":
        return {"reach": set(), "ends": set(), "refused": "unsupplied"}
    if not any("transport-line" in board.side(u.hex, n) for n in board.neighbors(u.hex)):
        return {"reach": set(), "ends": set(), "refused": "no-transport-line"}
    zmap = ezoc(board, situation, u.faction)
    lab, idx = board.labels.tolist(), board.index
    n = len(lab)

    def open_hex(h: str) -> bool:
        return not (land_closed(board, h) or h in zmap or situation.enemy_city(board, h, u.faction)
                    or (situation.fortress_owner(board, h) or u.faction) != u.faction
                    or not situation.supplied(h)
                    or any(o.faction != u.faction and o.id != u.id for o in situation.at(h))
                    or (situation.neutral(board, h) and not board.hexes[h].coastal))
    ok = np.asarray([open_hex(h) for h in lab])
    src, dst = board.edges
    use = board.edge_feature("transport-line") & ~board.edge_feature("prohibited-land") & ok[dst]
    use &= (ok[src] | (src == idx[u.hex]))
    g = csr_matrix((np.ones(use.sum()), (src[use], dst[use])), shape=(n, n))
    order = breadth_first_order(g, idx[u.hex], directed=True, return_predecessors=False)
    reach = {lab[i] for i in order} - {u.hex}
    ends = {h for h in reach
            if not any(o.id != u.id and o.stack_category == u.stack_category for o in situation.at(h))}
    return {"reach": reach, "ends": ends | {u.hex}, "refused": None}


def air_end_reasons(board: UseBoard, situation: Situation, unit_id: str, hex: str) -> list[str]:
    """Why air unit ``unit_id`` may not end its move in ``hex`` (empty list: it may), 4.2.2.1.

    Reasons: ``closed`` (prohibited country), ``stacking``, ``no-base`` (not a friendly city, a
    map box or a transport-line hex free of enemy units and markers), ``ezoc`` (enemy ZOC without
    a friendly city, fortress or unit), ``enemy`` (enemy city, fortress, unit or marker),
    ``unsupplied`` (no supply route, as the user set it)."""
    u = situation.unit(unit_id)
    if hex in board.box_zones or hex not in board.hexes:
        return [] if hex in board.box_zones else ["closed"]
    h = board.hexes[hex]
    f = u.faction
    out = []
    if h.prohibited:
        out.append("closed")
    others = [o for o in situation.at(hex) if o.id != u.id]
    if any(o.stack_category == u.stack_category and o.faction == f for o in others):
        out.append("stacking")
    friendly_city = h.city and situation.city_owner(board, hex) == f
    friendly_fort = situation.fortress_owner(board, hex) == f
    enemy_unit = any(o.faction != f for o in others)
    enemy_marker = situation.markers.get(hex, f) != f
    on_line = any("transport-line" in side for pair, side in board.hexsides.items() if hex in pair)
    if not (friendly_city or (on_line and not enemy_unit and not enemy_marker)):
        out.append("no-base")
    if hex in ezoc(board, situation, f) and not (friendly_city or friendly_fort
                                                 or any(o.faction == f for o in others)):
        out.append("ezoc")
    if (situation.enemy_city(board, hex, f) or (situation.fortress_owner(board, hex) or f) != f
            or enemy_unit or enemy_marker):
        out.append("enemy")
    if not situation.supplied(hex):
        out.append("unsupplied")
    return out


def air_ends(board: UseBoard, situation: Situation, unit_id: str) -> set[str]:
    """Every hex where the air unit may legally end a move (4.2.2.1), distance aside: the air
    movement cost per hex is not in the text."""
    return {h for h in board.hexes if not air_end_reasons(board, situation, unit_id, h)}
