"""Operational land movement: where a unit can go, at what cost, where it must stop and what it
may attack (USE 4.2.1, 4.2.3.1-4.2.3.4).

The search
----------
Costs are non-negative and a step's legality depends only on the two hexes, except for one
thing: a unit that enters a hex in enemy ZOC must stop there (end its activation or attack,
4.2.3.1), *unless* that is the very first step of its activation and the setting
``first_step_stops`` is off (the text leaves that case open: use-rules section I, item 8). So the
search runs on two copies of the board: layer F holds the hexes entered by the first step, layer
L every later arrival; an EZOC hex has no outgoing edges in L (and none in F when the first step
also stops). One ``scipy.sparse.csgraph.dijkstra`` over that graph (``limit`` = MP left) gives the
cheapest cost to every hex, the predecessors for the path, and the stop flags. Edge costs are
computed vectorised: one :func:`viewer.rules.use.costs.step_cost` per distinct kind of step
(terrain, river, transport line, enemy city/fortress), mapped back onto every edge with numpy.

Step legality (4.2.3.2, 4.2.3.1, 2.1.1, 1.3.2, 1.3.8): the hex entered is open to land movement,
is not a non-coastal hex of a neutral country, holds no enemy land unit (that is an attack), does
not hold a friendly land unit while in EZOC; the hexside is not closed to land movement; and the
two hexes are not both in the ZOC of the same enemy unit. A hex holding a friendly land unit (and
no EZOC) can be passed through but not ended in (3.3).

The Central Russia box (4.2.3, 1.3.5): a Soviet land unit may move between a USSR hex on the east
map edge and the box, either way. The box is one more node of the graph, joined to every east-edge
hex; the step costs the Movement Table row ``central-russia-box``, which the text does not give
(an unknown cell until the user fills it in; the box is then listed as reachable at an unknown
cost), and never gets the transport-line bonus (4.2.3.4). The box has no ZOC, so a unit may enter
it from an EZOC hex only on its first step, as it may leave EZOC for any hex without EZOC.
"""
from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from viewer.rules.charts import UnknownCell
from viewer.rules.use.board import SOVIET_BOX, UseBoard
from viewer.rules.use.costs import step_cost
from viewer.rules.use.tables import Costs
from viewer.rules.use.units import Situation, Unit, mp_allowance
from viewer.rules.use.zoc import ezoc

_EPS = 1e-9  # csgraph drops explicit zeros: a 0-MP edge is stored as this
#: The Movement Table row of a land step between an east-edge USSR hex and Central Russia (4.2.3).
BOX_ITEM = "central-russia-box"


@dataclass(frozen=True)
class Attack:
    """A legal attack from ``origin`` on the enemy unit in ``target`` (4.2.3.3)."""

    origin: str
    target: str
    defender: str
    cost: int            # MP to reach the origin + the attack's cost
    attack_cost: int
    mobile: bool         # a Mobile Attack is allowed (not on a unit occupying a fortress)
    assault: bool        # an Assault may be designated (no Mobile Attack made this activation)
    parts: tuple = ()


@dataclass
class Reach:
    """The answer of :func:`land_reach` for one unit."""

    unit: str
    mp: int
    cost: dict[str, int] = field(default_factory=dict)         # hex -> cheapest MP
    must_stop: set[str] = field(default_factory=set)           # entered EZOC: end or attack
    pass_only: set[str] = field(default_factory=set)           # friendly land unit: may not end
    attacks: list[Attack] = field(default_factory=list)
    previous: dict[str, str] = field(default_factory=dict)     # hex -> hex it is entered from
    ezoc: dict[str, frozenset] = field(default_factory=dict)
    missing: list[UnknownCell] = field(default_factory=list)
    #: map box -> cheapest MP to enter it (4.2.3: Central Russia, Soviet units), None while the
    #: box step's cost is unknown; the box a unit starts in counts 0
    boxes: dict[str, int | None] = field(default_factory=dict)

    def path(self, hex: str) -> list[str]:
        """The hexes from the start to ``hex`` along the cheapest route."""
        if hex not in self.cost:
            raise KeyError(f"{hex} is not reachable")
        out = [hex]
        while out[-1] in self.previous:
            out.append(self.previous[out[-1]])
        return out[::-1]

    def can_end(self, hex: str) -> bool:
        return hex in self.cost and hex not in self.pass_only


def _edge_costs(board: UseBoard, situation: Situation, faction: str, costs: Costs,
                src: np.ndarray, dst: np.ndarray, missing: dict, wanted: np.ndarray) -> np.ndarray:
    """MP of every ``wanted`` directed edge (np.inf where a cost is unknown or the edge is not
    wanted), one step_cost per distinct kind of step."""
    lab = board.labels.tolist()
    terrain = board.hex_column("terrain")
    ecity = np.zeros(len(lab), bool)
    efort = np.zeros(len(lab), bool)
    for i in np.flatnonzero(board.hex_column("city")):
        ecity[i] = situation.enemy_city(board, lab[i], faction)
    for i in np.flatnonzero(board.hex_column("fortress") != ""):
        efort[i] = (situation.fortress_owner(board, lab[i]) or faction) != faction
    river = board.edge_feature("river")
    transport = board.edge_feature("transport-line")
    out = np.full(len(src), np.inf)
    w = np.flatnonzero(wanted)
    if not len(w):
        return out
    names, tcode = np.unique(terrain, return_inverse=True)
    d = dst[w]
    key = (np.asarray(tcode).ravel()[d] * 16 + ecity[d] * 8 + efort[d] * 4 + river[w] * 2 + transport[w])
    ukeys, inverse = np.unique(key, return_inverse=True)
    uniq = [(names[k // 16], bool(k & 8), bool(k & 4), bool(k & 2), bool(k & 1)) for k in ukeys.tolist()]
    values = np.empty(len(uniq))
    for k, (t, c, f, rv, tr) in enumerate(uniq):
        try:
            values[k] = step_cost(costs, str(t), river=rv, transport=tr, enemy_city=c, enemy_fortress=f).total
        except UnknownCell as err:
            missing.setdefault(err.cell, err)
            values[k] = np.inf
    out[w] = values[np.asarray(inverse).ravel()]
    return out


def land_reach(board: UseBoard, situation: Situation, unit_id: str, *, mp_left: int | None = None,
               costs: Costs | None = None, weather: str = "clear", first_step_stops: bool = True,
               mobile_attacks_made: int = 0, infantry_rule: str = "infantry-only") -> Reach:
    """Every hex ``unit_id`` can reach this activation, its cost, stops and attacks (4.2.3)."""
    costs = costs or Costs()
    unit = situation.unit(unit_id)
    if not unit.land:
        raise ValueError(f"unit {unit_id} is a {unit.cls} unit; land movement is for land units (4.2.3)")
    mp = mp_allowance(unit.type, unit.supply, infantry_rule) if mp_left is None else int(mp_left)
    in_box = unit.hex == SOVIET_BOX
    if not in_box and unit.hex not in board.hexes:
        raise ValueError(f"unit {unit_id} is in {unit.hex!r}, neither a hex of {board.name} nor {SOVIET_BOX}")
    soviet = unit.faction == "soviet"
    box_cost: int | None = None
    zmap = ezoc(board, situation, unit.faction)
    others = situation.without(unit_id)
    lab, idx, n = board.labels.tolist(), board.index, len(board.labels)
    friendly_land = np.zeros(n, bool)
    enemy_land = np.zeros(n, bool)
    for u in others.units:
        if u.land and u.hex in idx:
            (friendly_land if u.faction == unit.faction else enemy_land)[idx[u.hex]] = True
    in_ezoc = np.zeros(n, bool)
    in_ezoc[[idx[h] for h in zmap]] = True
    closed = board.land_closed | situation.neutral_inland(board)   # 2.1.1, the situation's neutrals too
    src, dst = board.edges
    missing: dict = {}
    candidate = (~closed[dst] & ~enemy_land[dst] & ~(friendly_land[dst] & in_ezoc[dst])
                 & ~board.edge_feature("prohibited-land"))
    cost = _edge_costs(board, situation, unit.faction, costs, src, dst, missing, candidate)
    block = np.zeros(len(src), bool)
    for e in np.flatnonzero(in_ezoc[src] & in_ezoc[dst]):   # same-unit EZOC (4.2.3.1)
        block[e] = bool(zmap[lab[src[e]]] & zmap[lab[dst[e]]])
    legal = candidate & ~block & np.isfinite(cost)
    o = -1 if in_box else idx[unit.hex]
    # nodes: F = 0..n-1, L = n..2n-1, origin = 2n, the Central Russia box = 2n+1
    first = legal & (src == o)
    from_f = legal & ~(in_ezoc[src] & first_step_stops) & (src != o)
    from_l = legal & ~in_ezoc[src] & (src != o)
    rows = [np.full(first.sum(), 2 * n), src[from_f], src[from_l] + n]
    cols = [dst[first], dst[from_f] + n, dst[from_l] + n]
    ws = [cost[first], cost[from_f], cost[from_l]]
    box_node = 2 * n + 1
    edge = np.asarray([board.hexes[h].edge_central_russia for h in lab], bool) if soviet else np.zeros(n, bool)
    if soviet and (edge.any() or in_box):
        try:
            box_cost = costs.cost(BOX_ITEM)
        except UnknownCell as err:
            missing.setdefault(err.cell, err)
    if box_cost is not None:
        enterable = np.flatnonzero(edge & ~closed & ~enemy_land & ~(friendly_land & in_ezoc))
        leave_f = np.flatnonzero(edge & ~(in_ezoc & first_step_stops) & (np.arange(n) != o))
        leave_l = np.flatnonzero(edge & ~in_ezoc & (np.arange(n) != o))
        pairs = [(np.full(len(enterable), box_node), enterable + n),      # out of the box, later on
                 (leave_f, np.full(len(leave_f), box_node)), (leave_l + n, np.full(len(leave_l), box_node))]
        if in_box:
            pairs.append((np.full(len(enterable), 2 * n), enterable))   # the first step, out of the box
        elif edge[o]:
            pairs.append((np.asarray([2 * n]), np.asarray([box_node])))  # the first step, into the box
        for a, b in pairs:
            rows.append(a)
            cols.append(b)
            ws.append(np.full(len(a), float(box_cost)))
    w = np.concatenate(ws).astype(float) + _EPS
    graph = csr_matrix((w, (np.concatenate(rows).astype(int), np.concatenate(cols).astype(int))),
                       shape=(2 * n + 2, 2 * n + 2))
    dist, pred = dijkstra(graph, indices=2 * n, limit=mp + 0.5, return_predecessors=True)
    reach = Reach(unit_id, mp, ezoc=zmap, missing=list(missing.values()))
    if in_box:
        reach.boxes[SOVIET_BOX] = 0
    else:
        reach.cost[unit.hex] = 0

    def name(node: int) -> str:
        return unit.hex if node == 2 * n else SOVIET_BOX if node == box_node else lab[node % n]
    if not in_box and np.isfinite(dist[box_node]):
        reach.boxes[SOVIET_BOX] = int(round(dist[box_node]))
        reach.previous[SOVIET_BOX] = name(pred[box_node])
    for j in range(n):
        if j == o:
            continue
        df, dl = dist[j], dist[j + n]
        if not (np.isfinite(df) or np.isfinite(dl)):
            continue
        via_f = np.isfinite(df) and (not np.isfinite(dl) or round(df) <= round(dl))
        node = j if via_f else j + n
        h = lab[j]
        reach.cost[h] = int(round(dist[node]))
        reach.previous[h] = name(pred[node])
        if in_ezoc[j] and (first_step_stops or not via_f):
            reach.must_stop.add(h)
        if friendly_land[j]:
            reach.pass_only.add(h)
    if soviet and box_cost is None and SOVIET_BOX not in reach.boxes and any(
            board.hexes[h].edge_central_russia and h not in reach.must_stop for h in reach.cost):
        reach.boxes[SOVIET_BOX] = None   # reachable, at a cost the text does not give
    reach.attacks = _attacks(board, situation, unit, reach, costs, weather, enemy_land,
                             mobile_attacks_made, missing, closed)
    reach.missing = list(missing.values())
    return reach


def _attacks(board, situation, unit: Unit, reach: Reach, costs, weather, enemy_land,
             mobile_attacks_made, missing, closed) -> list[Attack]:
    """Attacks open from every hex the unit may stand in (4.2.3.3, 4.2.3.1, 4.2.3.5)."""
    out = []
    idx = board.index
    for h, spent in reach.cost.items():
        if h in reach.pass_only:
            continue
        for e in board.neighbors(h):
            if not enemy_land[idx[e]] or "prohibited-land" in board.side(h, e) or closed[idx[e]]:
                continue
            defender = next(u for u in situation.at(e) if u.land and u.faction != unit.faction)
            try:
                sc = step_cost(costs, board.hexes[e].terrain, river="river" in board.side(h, e),
                               enemy_city=situation.enemy_city(board, e, unit.faction),
                               enemy_fortress=(situation.fortress_owner(board, e) or unit.faction) != unit.faction,
                               enemy_unit=True, attacking=True, weather=weather)
            except UnknownCell as err:
                missing.setdefault(err.cell, err)
                continue
            if spent + sc.total <= reach.mp:
                out.append(Attack(h, e, defender.id, spent + sc.total, sc.total,
                                  mobile=not defender.in_fortress, assault=mobile_attacks_made == 0,
                                  parts=sc.parts))
    return sorted(out, key=lambda a: (a.cost, a.origin, a.target))
