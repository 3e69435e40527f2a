"""What one power's supply lines may do in a scenario: the masks of WiF 2.4.2 over the static graph.

A :class:`SideView` is built per tracing power (sources and blocks are relative to the unit that
traces, WiF 2.4.2) from the scenario's control, war, units and weather:

* hexes a line may not enter (``enter_block``, codes in :data:`HEX_BLOCKS`): hex-dots (WiF
  2.1.1), enemy ZOC without a friendly land unit, a hex controlled by a power that does not agree
  (an enemy never agrees; a friendly major only if it cooperates, WiF 18.1), neutral territory
  except Vichy France (17.4) and Sweden (19.7);
* hexsides a line may not cross (``edge_block``, :data:`EDGE_BLOCKS`): alpine, lake unless frozen
  (WiF 8.2.9: both hexes in Snow or Blizzard), all-sea but not strait, and with option 12 a strait
  whose sea area enemy units close;
* sea areas closed to the overseas part (``area_block``, :data:`AREA_BLOCKS`): an enemy carrier,
  surface combat ship or air unit with an air-to-sea factor and nothing of a power at war with it
  to contest it; with SiF option 11 also an area without a friendly convoy, TRS or AMPH; passages
  between sea areas a surface combat ship of the side could not use (chokepoints, WiF 11.4.4);
* ports: frozen ports (WiF 8.2.10) take no overseas line; a line lands only at a friendly port.

Budgets come from the effective weather of each hex (WiF 8.2.1, 8.2.2).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from viewer.rules.wif.supply.graph import MapGraph, map_graph
from viewer.rules.wif.supply.legs import EPS
from viewer.rules.wif.supply.state import FROZEN, Politics, static_state  # noqa: F401 (re-exported)
from viewer.rules.wif.supply.units import unit_table

#: Why a hex cannot be entered (index = code; 0 = open). Label keys: ``supply.block.<name>``.
HEX_BLOCKS = ("", "sea", "enemy-zoc", "enemy-control", "neutral", "other-major")
#: Why a hexside cannot be crossed.
EDGE_BLOCKS = ("", "alpine", "lake", "all-sea", "strait")
#: Why a sea area is closed to overseas supply.
AREA_BLOCKS = ("", "enemy-naval", "no-convoy")
#: Neutral territory a supply line may still enter (WiF 2.4.2: Vichy, 17.4; Sweden, 19.7).
NEUTRAL_OPEN = ("Vichy France", "Sweden")
TRANSPORTS = ("CONVOY", "TRS", "AMPH")


@dataclass(eq=False)
class SideView:
    """Masks and matrices for the supply lines of units of ``power`` (WiF 2.4.2)."""

    power: str
    graph: MapGraph
    enter_block: np.ndarray   # int8 per hex, codes of HEX_BLOCKS
    edge_block: np.ndarray    # int8 per edge, codes of EDGE_BLOCKS
    area_block: np.ndarray    # int8 per sea area, codes of AREA_BLOCKS
    area_comp: np.ndarray     # connected component of each open sea area (-1 closed)
    area_adj: dict            # open area -> open areas reachable in one passage
    closed_passages: list     # (area a, area b, chokepoint name) closed to this side
    cost: np.ndarray          # entering cost per hex (WiF 2.4.2)
    budget: np.ndarray        # leg budget per hex by its effective weather (WiF 8.2.2)
    frozen_port: np.ndarray   # freezable port in Snow or Blizzard (WiF 8.2.10)
    embark_ok: np.ndarray     # a port a line may put to sea from
    landing_ports: np.ndarray  # rows of friendly open ports a line may land at
    matrix: dict              # "basic" / "rail" -> csr_matrix of entering costs
    friendly_ctrl: np.ndarray  # hex controlled by the tracer's side (friendly cities and ports)
    weights: dict | None = None  # "basic" / "rail" -> entering cost per edge of the map (inf: closed)
    memo: dict = field(default_factory=dict)   # derived arrays built once per view (reversed matrices ...)

    def reverse(self, kind: str):
        """The transposed matrix of ``kind``: searches towards a set of hexes (built once)."""
        key = ("reverse", kind)
        if key not in self.memo:
            weights = cast(dict, self.weights)  # side_view always passes them
            w = weights[(kind, "reverse")]
            self.memo[key] = _with_part(self.graph.csr(w, reverse=True, ordered=True), self.memo.get("part"), w, True)
        return self.memo[key]


def _with_part(matrix, part, weight, reverse: bool):
    """``matrix`` carrying, as ``part``, the same weights over the hexes its power may reach
    (:meth:`MapGraph.part`): what :func:`viewer.rules.wif.supply.legs.nearest` searches."""
    if part is not None:
        matrix.part = (part, part.csr(weight, reverse))
    return matrix


class Weights(dict):
    """``"basic"`` / ``"rail"`` -> entering cost per edge of the map (``inf``: closed), in the edge
    order of :class:`MapGraph`; ``(kind, "reverse")`` in the reversed graph's order. Built on first
    use: a rail leg's weights (WiF 2.4.2: nothing along railways and roads) are rarely needed.

    ``base``/``closed``: when the weights of a view with fewer closed hexes are kept (the power's
    weights by control and hexsides alone, the same after any move), each array is a copy of those
    with the edges into the ``closed`` rows (enemy ZOC, WiF 2.4.2) shut: the same values, cheaper."""

    def __init__(self, g: MapGraph, enter_ok: np.ndarray, edges: dict, base=None, closed=None):
        super().__init__()
        self.g, self.enter_ok, self.edges = g, enter_ok, edges
        self.base, self.closed, self._into = base, closed, None

    def __missing__(self, key):
        kind, order = key if isinstance(key, tuple) else (key, "forward")
        if kind not in ("basic", "rail") or order not in ("forward", "reverse"):
            raise KeyError(key)
        if self.base is not None:
            w = self.base[(kind, order)]
            if len(self.closed):          # else the kept array itself (never written to)
                if self._into is None:
                    self._into = _edges_into(self.g, self.closed)
                w = w.copy()
                w[self._into[order]] = np.inf
            self[key] = w
            return w
        g, e = self.g, self.edges[order]
        ok = e["open"] & self.enter_ok[g.rev_rows if order == "reverse" else g.dst]
        w = np.where(ok, e["cost"], np.inf)
        if kind == "rail":
            w = np.where(ok & e["rail_free"], EPS, w)
        self[key] = w
        return w


def _edges_into(g: MapGraph, rows: np.ndarray) -> dict:
    """Positions of the edges entering ``rows``: in the reversed order (one run per row) and forward."""
    start, stop = g.rev_indptr[rows].astype(np.int64), g.rev_indptr[rows + 1].astype(np.int64)
    counts = stop - start
    total = int(counts.sum())
    if total == 0:
        rev = np.zeros(0, dtype=np.int64)
    else:
        rev = np.arange(total) + np.repeat(start - (np.cumsum(counts) - counts), counts)
    return {"reverse": rev, "forward": g.rev_order[rev]}


def scenario_arrays(hexmap, scenario) -> dict:
    """Control, effective weather, budgets, units' rows and each power's ZOC (once per trace).

    The same values as ``scenario.control_array`` and ``scenario.weather_array(effective=True)``
    (WiF 2.5, 8.2.1); what does not depend on the units comes from :func:`static_state`.
    """
    from viewer.rules.wif.supply.zocs import (
        zoc_all_powers,  # ZOC of every power (WiF 2.2)
    )
    from viewer.rules.wif.zoc import zoc_context

    g = map_graph(hexmap)
    st = static_state(hexmap, scenario)
    zctx = st.get("zoc", lambda: zoc_context(hexmap, scenario, st.weather, st.control, (st.ctrl_names, st.ctrl_inv)))
    t = unit_table(hexmap, g, scenario)
    land = t.on_map & t.land
    land_code = t.power[land]
    present, first = np.unique(land_code, return_index=True)
    present = present[np.argsort(first)]           # land powers in order of their first unit
    names = list(t.powers)
    index = np.zeros(len(names), dtype=np.int64)
    index[present] = np.arange(len(present))
    zoc = zoc_all_powers(hexmap, scenario, zctx, t.unit_rows,
                         t.zoc_units(bool((scenario.options or {}).get("divisions"))))
    return {"static": st, "control": st.control, "weather": st.weather, "ctrl_names": st.ctrl_names,
            "ctrl_inv": st.ctrl_inv, "budget": st.budget, "frozen": st.frozen, "country": st.country,
            "zoc": zoc, "unit_rows": t.unit_rows, "at_sea": t.at_sea, "hqs": t.hq_units, "table": t,
            "land_rows": t.row[land],
            "land_powers": [names[p] for p in present.tolist()], "land_power_index": index[land_code]}


def side_view(hexmap, scenario, power: str, arrays: dict | None = None,
              politics: Politics | None = None) -> SideView:
    """The :class:`SideView` of ``power`` in ``scenario`` (WiF 2.4.2)."""
    g = map_graph(hexmap)
    arrays = arrays or scenario_arrays(hexmap, scenario)
    st = arrays.get("static") or static_state(hexmap, scenario)
    pol = politics or st.politics
    budget = arrays["budget"]
    cost, by_edge, edge0, frozen_port, embark_ok = st.get("edges", lambda: _static_edges(g, scenario, arrays))
    enter0, friendly_ctrl, closed = st.get(("side", power), lambda: _static_side(g, hexmap, arrays, power, pol))
    # -- hexes (limits 1-3 of WiF 2.4.2): enemy ZOC unless a friendly land unit is there
    shut = _zoc_shut(g, arrays, power, pol)
    enter = np.where(shut & (enter0 != 1), np.int8(2), enter0)
    closed_zoc = shut & (enter0 == 0)
    # -- sea areas (overseas supply)
    area_block = _area_blocks(g, scenario, power, pol, arrays.get("at_sea"))
    key = ("components", area_block.tobytes(), tuple(sorted((a, b) for a, b, _ in closed)))
    area_comp, area_adj = st.get(key, lambda: _components(g, area_block, closed))
    # -- hexsides (limits 4-6, option 12)
    edge = edge0
    if scenario.option("limited_strait_supply"):
        sa = g.strait_area
        bad = g.feature["strait"] & (sa >= 0) & (area_block[np.maximum(sa, 0)] > 0)
        edge = np.where(bad, np.int8(4), edge0)
    # -- ports (WiF 8.2.10) and landing
    landing = np.flatnonzero(embark_ok & friendly_ctrl & (enter == 0))
    # -- edge weights over the map's fixed structure (inf: closed), built when a matrix needs them
    edges = by_edge
    if edge is not edge0:
        edges = {"forward": {**by_edge["forward"], "open": edge == 0}}
        edges["reverse"] = {**by_edge["reverse"], "open": edges["forward"]["open"][g.rev_order]}
    if edge is edge0:   # the power's weights by control and hexsides are kept; ZOC shuts a few more
        base = st.get(("weights", power), lambda: Weights(g, enter0 == 0, by_edge))
        weights = Weights(g, enter == 0, edges, base, np.flatnonzero(closed_zoc))
    else:
        weights = Weights(g, enter == 0, edges)
    # what the side's searches depend on besides the kept state: the hexes enemy ZOC shuts and
    # the sea areas closed (which also decide the strait hexsides of option 12 and the components)
    reach_key = (power, np.flatnonzero(closed_zoc).tobytes(), area_block.tobytes())
    part = st.get(("part", power), lambda: g.part(enter0 == 0))
    return SideView(power, g, enter, edge, area_block, area_comp, area_adj, closed, cost, budget,
                    frozen_port, embark_ok, landing, Matrices(g, weights, part), friendly_ctrl, weights,
                    {"static": st, "sea_key": key, "reach_key": reach_key, "part": part})


def _zoc_shut(g: MapGraph, arrays: dict, power: str, pol: Politics) -> np.ndarray:
    """Hexes in enemy ZOC with no friendly land unit (WiF 2.4.2), shared by the powers that have the
    same enemies and friends in this trace (kept in ``arrays``)."""
    enemies = tuple(p for p in arrays["zoc"] if pol.war(p, power))
    friends = np.array([pol.friendly(power, p) for p in arrays["land_powers"]], dtype=bool)
    memo = arrays.setdefault("zoc_shut", {})
    key = (enemies, friends.tobytes())
    if key not in memo:
        zoc = np.zeros(g.n, bool)
        for p in enemies:
            zoc |= np.asarray(arrays["zoc"][p], dtype=bool)
        own_land = np.zeros(g.n, bool)
        if len(arrays["land_rows"]):
            own_land[arrays["land_rows"][friends[arrays["land_power_index"]]]] = True
        memo[key] = zoc & ~own_land
    return memo[key]


class Matrices(dict):
    """``"basic"`` / ``"rail"`` -> the sparse matrix of entering costs, built on first use."""

    def __init__(self, g: MapGraph, weights: dict, part=None):
        super().__init__()
        self.g, self.weights, self.part = g, weights, part

    def __missing__(self, kind: str):
        w = self.weights[kind]
        self[kind] = m = _with_part(self.g.csr(w), self.part, w, False)
        return m


def _static_edges(g: MapGraph, scenario, arrays):
    """Costs, hexside blocks and ports that depend on the map, the weather and the options only."""
    cost = g.base_cost(bool(scenario.option("afa_asa_maps")))
    frozen_w = arrays["frozen"]
    f = g.feature
    edge = np.zeros(len(g.src), np.int8)
    edge[f["all-sea"] & ~f["strait"]] = 3
    edge[f["lake"] & ~(frozen_w[g.src] & frozen_w[g.dst])] = 2   # unless frozen (WiF 8.2.9)
    edge[f["alpine"]] = 1
    frozen_port = g.freezable & frozen_w
    fwd = {"open": edge == 0, "cost": cost[g.dst].astype(float), "rail_free": g.rail_free}
    rev = {k: v[g.rev_order] for k, v in fwd.items()}
    return cost, {"forward": fwd, "reverse": rev}, edge, frozen_port, g.port & ~frozen_port


def _static_side(g: MapGraph, hexmap, arrays, power: str, pol: Politics):
    """What ``power``'s lines may enter by control (WiF 2.4.2 limits 2-3), friendly hexes, and the
    passages closed to it (WiF 11.4.4): the same after any move."""
    code_of: list[int] = []
    friend_of: list[bool] = []
    for c in arrays["ctrl_names"].tolist():
        if not c:
            code_of.append(0)
            friend_of.append(False)
        elif c == power or pol.coop(power, c):
            code_of.append(0)
            friend_of.append(True)
        elif pol.war(power, c):
            code_of.append(3)
            friend_of.append(False)
        elif pol.neutral(c):
            code_of.append(0 if c in NEUTRAL_OPEN else 4)
            friend_of.append(False)
        else:
            code_of.append(5)
            friend_of.append(pol.friendly(power, c))
    inv = arrays["ctrl_inv"]
    enter = np.asarray(code_of, dtype=np.int8)[inv]
    enter = np.where(~g.land, np.int8(1), enter).astype(np.int8)
    friendly = np.asarray(friend_of, dtype=bool)[inv]
    return enter, friendly, _closed_passages(g, hexmap, arrays["control"], power, pol)


def _area_blocks(g: MapGraph, scenario, power: str, pol: Politics, by_area: dict | None = None) -> np.ndarray:
    """Sea areas closed to ``power``'s overseas supply (WiF 2.4.2, SiF option 11)."""
    if by_area is None:
        ix = {a: i for i, a in enumerate(g.sea_areas)}
        by_area = {}
        for u in scenario.units.values():
            if u.hex is None and u.sea_area in ix:
                by_area.setdefault(ix[u.sea_area], []).append(u)
    out = np.zeros(len(g.sea_areas), np.int8)
    limited = bool(scenario.option("limited_overseas_supply"))
    # without option 11 only areas holding units can be closed
    for a in (range(len(g.sea_areas)) if limited else sorted(by_area)):
        units = by_area.get(a, [])
        blockers = [u for u in units if pol.war(power, u.power)
                    and (u.is_carrier or u.is_surface_combat or (u.is_air and u.air_to_sea > 0))]
        for b in blockers:
            contested = any((x.is_surface or (x.is_air and x.air_to_sea > 0)) and pol.war(x.power, b.power)
                            for x in units)
            if not contested:
                out[a] = 1
                break
        if out[a] == 0 and limited:
            escorts = [t for t in units if t.type in TRANSPORTS and pol.friendly(power, t.power)
                       and all(pol.war(scenario.major_of(t.power) or t.power, b.power) for b in blockers)]
            if not escorts:
                out[a] = 2
    return out


def _closed_passages(g: MapGraph, hexmap, ctrl, power: str, pol: Politics) -> list:
    """Passages between sea areas a surface combat ship of ``power`` could not use (WiF 11.4.4)."""
    closed = []
    for a, b, name, test, places in g.passages:
        enemy = [ctrl[p] is not None and pol.war(power, ctrl[p]) for p in places]
        if test == "any-adjacent":
            around = set(places)
            for p in places:
                around |= set(g.around.get(p, ()))
            shut = any(ctrl[p] is not None and g.land[p] and pol.war(power, ctrl[p]) for p in around)
        elif test == "friendly":
            shut = not all(pol.friendly(power, ctrl[p]) for p in places)
        elif test == "two-of":
            shut = sum(enemy) >= 2
        else:  # "surface", "controls": an enemy major power controls the place
            shut = any(enemy)
        if shut:
            closed.append((a, b, name))
    return closed


def _components(g: MapGraph, area_block: np.ndarray, closed: list):
    k = len(g.sea_areas)
    shut = {(a, b) for a, b, _ in closed} | {(b, a) for a, b, _ in closed}
    e = g.area_edges
    pairs = [(a, b) for a, b in zip(e["a"].tolist(), e["b"].tolist())
             if area_block[a] == 0 and area_block[b] == 0 and (a, b) not in shut]
    adj: dict[int, list] = {}
    for a, b in pairs:
        adj.setdefault(a, []).append(b)
        adj.setdefault(b, []).append(a)
    if k == 0:
        return np.empty(0, np.int64), adj
    rows = [a for a, _ in pairs] + [b for _, b in pairs]
    cols = [b for _, b in pairs] + [a for a, _ in pairs]
    m = csr_matrix((np.ones(len(rows)), (rows, cols)), shape=(k, k))
    _, labels = connected_components(m, directed=False)
    labels = np.where(area_block == 0, labels, -1).astype(np.int64)
    return labels, adj
