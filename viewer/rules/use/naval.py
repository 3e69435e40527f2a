"""Naval movement over sea zones, ports, canals, straits and map boxes (USE 4.2.4-4.2.4.4, 1.3.5,
1.4 for sea-zone range).

The search graph has one node per sea zone, map box and port. Edges and their costs (Movement
Table rows of the ``use.movement`` chart):

* the start port (or a port reached through a canal) -> each of its sea zones: ``sea-zone`` (the
  port's own zone is paid, 4.2.4 start 1). A port entered from a zone during the move is an end
  or a canal entrance, not a way into another of its zones (else a strait-hex port such as
  Istanbul would let a ship skip the strait, against the Athens-Sevastopol example of 4.2.4.4);
  the graph keeps the two as nodes ``dock:<hex>`` (leaving) and ``port:<hex>`` (arriving);
* sea zone -> a *friendly* port in it: ``port`` (0);
* sea zone -> adjacent zone: ``sea-zone``; across a strait: ``sea-zone`` + ``strait`` per strait
  hexside (4.2.4.4), closed to a faction when either strait hex holds an enemy city, fortress or
  unit, or both hexes are neutral (4.2.4.1);
* canal end port -> the other end: ``canal`` (4.2.4.2), closed when a canal hex or end touches an
  enemy city, fortress or unit (4.2.4.1);
* map box -> arrow-linked box: ``map-box``; box -> listed zone: ``sea-zone``; zone -> box: the
  setting ``box_cost`` decides (the text shows only box -> box, 3 MP): ``every-box`` charges
  ``map-box`` for every box entered, ``box-to-box`` charges it only from another box and reads
  the chart row ``map-box-from-zone`` for a box entered from a zone. The box a unit starts in is
  not paid (4.2.4 start 3). Axis units enter no box, Western Allied units every box but Central
  Russia, Soviet units only Central Russia (4.2.4.1).

A move must end in a friendly port (no enemy city, fortress or unit there, and room under the
stacking limit) or, by the setting ``end_in_box`` (use-rules section I, item 13), in a map box the
faction may enter. The strait cost is not in the text: until the user supplies it, paths are
chosen with it counted as 0 and fewer strait crossings preferred, and the answer gives the
number of crossings and names the missing cell.
"""
from __future__ import annotations

from collections import deque
from dataclasses import dataclass, field

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from viewer.rules.charts import UnknownCell
from viewer.rules.use.board import SOVIET_BOX, UseBoard
from viewer.rules.use.tables import Costs
from viewer.rules.use.units import Situation, check_faction

BOX_COSTS = ("every-box", "box-to-box")
_TIE = 1e-3


def box_allowed(faction: str, box: str) -> bool:
    """May a naval unit of ``faction`` enter map box ``box`` (4.2.4.1)?"""
    check_faction(faction)
    if faction == "axis":
        return False
    return (box == SOVIET_BOX) == (faction == "soviet")


def strait_closure(board: UseBoard, situation: Situation, strait, faction: str) -> tuple[str, str] | None:
    """Why ``strait`` is closed to ``faction`` (4.2.4.1), None when it is open: ``("enemy-city",
    hex)``, ``("enemy-fortress", hex)``, ``("enemy-unit", hex)`` when either strait hex holds one,
    ``("neutral", "")`` when both hexes are of neutral countries."""
    check_faction(faction)
    enemy = _enemy_in(board, situation, strait.hexes, faction)
    if enemy is not None:
        return enemy
    on_board = [h for h in strait.hexes if h in board.hexes]
    if on_board and all(situation.neutral(board, h) for h in on_board):
        return ("neutral", "")
    return None


def strait_open(board: UseBoard, situation: Situation, strait, faction: str) -> bool:
    """4.2.4.1: closed if either strait hex holds an enemy city, fortress or unit, or both are neutral."""
    return strait_closure(board, situation, strait, faction) is None


def canal_closure(board: UseBoard, situation: Situation, canal, faction: str) -> tuple[str, str] | None:
    """Why ``canal`` is closed to ``faction`` (4.2.4.1: one of its hexes, ends included, touches an
    enemy city, fortress or unit), as :func:`strait_closure` words it; None when it is open."""
    near = set(canal.hexes) | set(canal.ends)
    for h in list(near):
        near |= set(board.neighbors(h))
    return _enemy_in(board, situation, sorted(near), faction)


def _enemy_in(board: UseBoard, situation: Situation, hexes, faction: str) -> tuple[str, str] | None:
    """The first of ``hexes`` holding an enemy city, fortress or unit, with what closes it (4.2.4.1)."""
    for h in hexes:
        if situation.enemy_city(board, h, faction):
            return ("enemy-city", h)
        if (situation.fortress_owner(board, h) or faction) != faction:
            return ("enemy-fortress", h)
        if any(u.faction != faction for u in situation.at(h)):
            return ("enemy-unit", h)
    return None


def canal_open(board: UseBoard, situation: Situation, canal, faction: str) -> bool:
    """4.2.4.1: closed if any of its hexes (ends included) touches an enemy city, fortress or unit."""
    return canal_closure(board, situation, canal, faction) is None


def passages(board: UseBoard, situation: Situation, faction: str) -> list[tuple[str, tuple[str, ...], tuple[str, str] | None]]:
    """Every strait, then every canal, of ``board``: ``(name, hexes, why closed or None)`` for
    ``faction`` (4.2.4.1)."""
    out = [(st.name, tuple(st.hexes), strait_closure(board, situation, st, faction)) for st in board.straits]
    out += [(c.name, (*c.ends, *c.hexes), canal_closure(board, situation, c, faction)) for c in board.canals]
    return out


def friendly_port(board: UseBoard, situation: Situation, hex: str, faction: str) -> bool:
    h = board.hexes.get(hex)
    return bool(h and h.port and situation.city_owner(board, hex) == faction)


@dataclass
class NavalRoute:
    """The cheapest route to one place: nodes like ``port:2519``, ``zone:11``, ``box:south-atlantic``."""

    target: str
    nodes: list[str]
    mp_known: int         # every cost but the straits'
    straits: int
    mp: int | None        # None while the strait cost is unknown and a strait is crossed
    can_end: bool


@dataclass
class NavalReach:
    start: str
    faction: str
    mp: int
    routes: dict[str, NavalRoute] = field(default_factory=dict)
    missing: list[UnknownCell] = field(default_factory=list)
    closed: list[str] = field(default_factory=list)   # straits and canals closed to the faction

    def route(self, place: str) -> NavalRoute:
        for key in (place, f"port:{place}", f"zone:{place}", f"box:{place}"):
            if key in self.routes:
                return self.routes[key]
        raise KeyError(f"{place} is not reachable from {self.start}")


class NavalGraph:
    """The zone / port / box graph of a board for one faction and situation."""

    def __init__(self, board: UseBoard, situation: Situation, faction: str, costs: Costs | None = None,
                 box_cost: str = "every-box"):
        if box_cost not in BOX_COSTS:
            raise ValueError(f"unknown box_cost {box_cost!r}; allowed: {', '.join(BOX_COSTS)}")
        self.board, self.situation, self.faction = board, situation, check_faction(faction)
        self.costs = costs or Costs()
        self.missing: dict[str, UnknownCell] = {}
        self.closed: list[str] = []
        self.edges: dict[tuple[str, str], tuple[int, int, str]] = {}
        self._build(box_cost)

    def _cost(self, item: str) -> int | None:
        try:
            return self.costs.cost(item)
        except UnknownCell as err:
            self.missing.setdefault(err.cell, err)
            return None

    def _add(self, a, b, mp, straits=0, kind=""):
        if mp is None:
            return
        old = self.edges.get((a, b))
        if old is None or (mp, straits) < old[:2]:
            self.edges[(a, b)] = (mp, straits, kind)

    def _build(self, box_cost: str):
        b, s, f = self.board, self.situation, self.faction
        zone, port = self._cost("sea-zone"), self._cost("port")
        for h in b.hexes.values():
            if not h.port:
                continue
            for z in h.sea_zones:
                self._add(f"dock:{h.label}", f"zone:{z}", zone, kind="sea-zone")
                if friendly_port(b, s, h.label, f):
                    self._add(f"zone:{z}", f"port:{h.label}", port, kind="port")
        for pair in b.zone_links:
            z1, z2 = sorted(pair)
            self._add(f"zone:{z1}", f"zone:{z2}", zone, kind="sea-zone")
            self._add(f"zone:{z2}", f"zone:{z1}", zone, kind="sea-zone")
        for st in b.straits:
            if not strait_open(b, s, st, f):
                self.closed.append(st.name)
                continue
            z1, z2 = st.zones
            self._add(f"zone:{z1}", f"zone:{z2}", zone, 1, kind=f"strait:{st.name}")
            self._add(f"zone:{z2}", f"zone:{z1}", zone, 1, kind=f"strait:{st.name}")
        if b.straits:
            self._cost("strait")
        for c in b.canals:
            if not canal_open(b, s, c, f):
                self.closed.append(c.name)
                continue
            cost = self._cost("canal")
            p1, p2 = c.ends
            for a, z in ((p1, p2), (p2, p1)):
                self._add(f"port:{a}", f"dock:{z}", cost, kind=f"canal:{c.name}")
                self._add(f"dock:{a}", f"dock:{z}", cost, kind=f"canal:{c.name}")
        box = self._cost("map-box") if b.box_zones else None
        from_zone = box if box_cost == "every-box" else (self._cost("map-box-from-zone") if b.box_zones else None)
        for pair in b.box_links:
            x, y = sorted(pair)
            if box_allowed(f, y):
                self._add(f"box:{x}", f"box:{y}", box, kind="map-box")
            if box_allowed(f, x):
                self._add(f"box:{y}", f"box:{x}", box, kind="map-box")
        for bx, zones in b.box_zones.items():
            for z in zones:
                self._add(f"box:{bx}", f"zone:{z}", zone, kind="sea-zone")
                if box_allowed(f, bx):
                    self._add(f"zone:{z}", f"box:{bx}", from_zone, kind="map-box")

    def can_end(self, node: str, category: str = "warship") -> bool:
        kind, _, name = node.partition(":")
        kind = "port" if kind == "dock" else kind
        if kind == "box":
            return box_allowed(self.faction, name)
        if kind != "port" or not friendly_port(self.board, self.situation, name, self.faction):
            return False
        here = self.situation.at(name)
        if any(u.faction != self.faction for u in here) or (
                self.situation.markers.get(name, self.faction) != self.faction):
            return False
        return not any(u.stack_category == category for u in here)

    def search(self, start: str, mp: int, category: str = "warship", end_in_box: bool = True,
               mover: str | None = None) -> NavalReach:
        """Cheapest routes from ``start`` (a port hex or ``box:<id>``) within ``mp`` MP."""
        start = start if ":" in start else f"dock:{start}"
        nodes = sorted({n for e in self.edges for n in e} | {start})
        ix = {n: i for i, n in enumerate(nodes)}
        strait_cost = self.costs.movement.cells.get((("strait",), "cost"))
        sc = strait_cost.value if strait_cost else 0
        pairs = list(self.edges)
        w = np.asarray([self.edges[p][0] + self.edges[p][1] * (sc + _TIE) + 1e-9 for p in pairs])
        rows = [ix[a] for a, _ in pairs]
        cols = [ix[b] for _, b in pairs]
        g = csr_matrix((w, (rows, cols)), shape=(len(nodes), len(nodes)))
        dist, pred = dijkstra(g, indices=ix[start], return_predecessors=True)
        reach = NavalReach(start, self.faction, mp, missing=list(self.missing.values()), closed=list(self.closed))
        situation = self.situation.without(mover) if mover else self.situation
        saved, self.situation = self.situation, situation
        try:
            for n, i in ix.items():
                if n == start or not np.isfinite(dist[i]):
                    continue
                path = [n]
                while path[-1] != start:
                    path.append(nodes[pred[ix[path[-1]]]])
                path.reverse()
                known = sum(self.edges[(a, b)][0] for a, b in zip(path, path[1:]))
                straits = sum(self.edges[(a, b)][1] for a, b in zip(path, path[1:]))
                total = known + straits * sc if (strait_cost or not straits) else None
                if (total if total is not None else known) > mp:
                    continue
                end = self.can_end(n, category) and (end_in_box or not n.startswith("box:"))
                key = n.replace("dock:", "port:")
                if key == start.replace("dock:", "port:"):
                    continue  # back to the start port is no move
                route = NavalRoute(key, [p.replace("dock:", "port:") for p in path], known, straits, total, end)
                old = reach.routes.get(key)
                if old is None or (route.mp_known, route.straits) < (old.mp_known, old.straits):
                    reach.routes[key] = route
        finally:
            self.situation = saved
        return reach


def naval_reach(board: UseBoard, situation: Situation, unit_id: str, mp: int | None = None,
                costs: Costs | None = None, box_cost: str = "every-box", end_in_box: bool = True) -> NavalReach:
    """Where naval unit ``unit_id`` can go this activation (4.2.4): 10 MP in full supply, else 5."""
    u = situation.unit(unit_id)
    if u.cls != "naval":
        raise ValueError(f"unit {unit_id} is a {u.cls} unit; naval movement is for naval units (4.2.4)")
    mp = (10 if u.supply == "full" else 5) if mp is None else mp
    start = u.hex if u.hex in board.hexes else f"box:{u.hex}"
    g = NavalGraph(board, situation, u.faction, costs, box_cost)
    return g.search(start, mp, u.stack_category, end_in_box, mover=u.id)


def zones_in_range(board: UseBoard, start: str, n: int) -> set[str]:
    """Sea zones and map boxes within a range of ``n`` (1.4): the start's own zone(s) or box count
    as the first; straits and canals cost nothing. ``start`` is a port hex, a zone or a box id."""
    if n < 1:
        return set()
    adj: dict[str, set] = {}

    def link(a, b):
        adj.setdefault(a, set()).add(b)
        adj.setdefault(b, set()).add(a)
    for p in board.zone_links:
        a, b = sorted(p)
        link(f"zone:{a}", f"zone:{b}")
    for st in board.straits:
        link(f"zone:{st.zones[0]}", f"zone:{st.zones[1]}")
    for c in board.canals:
        for z1 in board.hexes[c.ends[0]].sea_zones:
            for z2 in board.hexes[c.ends[1]].sea_zones:
                link(f"zone:{z1}", f"zone:{z2}")
    for p in board.box_links:
        a, b = sorted(p)
        link(f"box:{a}", f"box:{b}")
    for bx, zones in board.box_zones.items():
        for z in zones:
            link(f"box:{bx}", f"zone:{z}")
    if start in board.hexes:
        first = {f"zone:{z}" for z in board.hexes[start].sea_zones}
    elif start.startswith(("zone:", "box:")):
        first = {start}
    else:
        first = {f"box:{start}"} if start in board.box_zones else {f"zone:{start}"}
    seen = dict.fromkeys(first, 1)
    todo = deque(first)
    while todo:
        x = todo.popleft()
        if seen[x] >= n:
            continue
        for y in adj.get(x, ()):
            if y not in seen:
                seen[y] = seen[x] + 1
                todo.append(y)
    return set(seen)


#: Greyed hexes that do not block naval movement within one sea zone (1.3.2).
GREYED_NAVAL_OPEN = {("0757", "6"), ("0758", "6")}


def naval_hex_open(board: UseBoard, hex: str, zone: str) -> bool:
    """May naval movement within ``zone`` pass ``hex``? Greyed hexes are closed to it (1.3.2),
    except 0757 and 0758 within sea zone 6."""
    h = board.hex(hex)
    return not h.greyed or (hex, str(zone)) in GREYED_NAVAL_OPEN
