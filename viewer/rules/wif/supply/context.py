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

from dataclasses import dataclass

import numpy as np
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import connected_components

from viewer.rules.wif.supply.graph import MapGraph, map_graph
from viewer.rules.wif.supply.legs import EPS
from viewer.rules.wif.weather import BLIZZARD, DESERT_SHIFT, SNOW
from viewer.rules.wif.weather_effects import SUPPLY_RANGE

#: Why a hex cannot be entered (index = code; 0 = open). Label keys: ``supply.block.<name>``.
HEX_BLOCKS = ("", "sea", "enemy-zoc", "enemy-control", "neutral", "other-major")
#: Why a hexside cannot be crossed.
EDGE_BLOCKS = ("", "alpine", "lake", "all-sea", "strait")
#: Why a sea area is closed to overseas supply.
AREA_BLOCKS = ("", "enemy-naval", "no-convoy")
#: Neutral territory a supply line may still enter (WiF 2.4.2: Vichy, 17.4; Sweden, 19.7).
NEUTRAL_OPEN = ("Vichy France", "Sweden")
TRANSPORTS = ("CONVOY", "TRS", "AMPH")
FROZEN = (SNOW, BLIZZARD)


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
    weights: dict = None      # "basic" / "rail" -> entering cost per edge of the map (inf: closed)
    _reverse: dict = None

    def reverse(self, kind: str):
        """The transposed matrix of ``kind``: searches towards a set of hexes (built once)."""
        if self._reverse is None:
            self._reverse = {}
        if kind not in self._reverse:
            self._reverse[kind] = self.graph.csr(self.weights[kind], reverse=True)
        return self._reverse[kind]


class Politics:
    """Relations of one scenario, memoised per pair of powers (the scenario methods walk sets)."""

    def __init__(self, scenario):
        self.s = scenario
        self._war, self._coop, self._friend, self._neutral = {}, {}, {}, {}

    def war(self, a, b) -> bool:
        k = (a, b)
        if k not in self._war:
            self._war[k] = bool(self.s.at_war_with(a, b))
        return self._war[k]

    def coop(self, a, b) -> bool:
        k = (a, b)
        if k not in self._coop:
            if a is None or b is None:
                out = False
            elif not self.s.cooperation:
                # with no cooperation pairs, Scenario.cooperates reduces to "the same major power"
                out = a == b or (self.s.major_of(a) or a) == (self.s.major_of(b) or b)
            else:
                out = self.s.cooperates(a, b)
            self._coop[k] = bool(out)
        return self._coop[k]

    def neutral(self, p) -> bool:
        if p not in self._neutral:
            self._neutral[p] = bool(self.s.is_neutral(p))
        return self._neutral[p]

    def friendly(self, a, b) -> bool:
        """``b`` is on ``a``'s side: the same power, cooperating, or the same side and not neutral."""
        k = (a, b)
        if k not in self._friend:
            if a is None or b is None:
                out = False
            elif a == b or self.coop(a, b):
                out = True
            else:
                sa, sb = self.s.side_of(a), self.s.side_of(b)
                out = sa is not None and sa == sb and not self.war(a, b) and not self.neutral(b)
            self._friend[k] = out
        return self._friend[k]


def scenario_arrays(hexmap, scenario) -> dict:
    """Control, effective weather, budgets, units' rows and each power's ZOC (once per trace).

    The same values as ``scenario.control_array`` and ``scenario.weather_array(effective=True)``
    (WiF 2.5, 8.2.1), computed from the map's cached country and zone codes.
    """
    from viewer.rules.wif.zoc import zoc_by_power  # C1's ZOC (WiF 2.2)

    g = map_graph(hexmap)
    ctrl, names, inv = _control(g, scenario)
    zones = [scenario.zone_weather(z) for z in g.zone_names.tolist()] + ["fine"]
    desert = [DESERT_SHIFT.get(w, w) for w in zones]
    zi = g.zone_inv
    weather = np.where(g.desert, np.array(desert, dtype=object)[zi], np.array(zones, dtype=object)[zi])
    budget = np.array([SUPPLY_RANGE[w] for w in zones], dtype=np.int64)
    budget_d = np.array([SUPPLY_RANGE[w] for w in desert], dtype=np.int64)
    frozen = np.isin(np.array(zones, dtype=object), FROZEN)
    frozen_d = np.isin(np.array(desert, dtype=object), FROZEN)
    rows = {}
    for u in scenario.units.values():
        if u.hex is not None:
            key = tuple(u.hex)
            r = g.row_of.get(key)
            rows[u.id] = hexmap.position(key) if r is None else r
    ix = {a: i for i, a in enumerate(g.sea_areas)}
    at_sea: dict[int, list] = {}
    for u in scenario.units.values():
        if u.hex is None and u.sea_area in ix:
            at_sea.setdefault(ix[u.sea_area], []).append(u)
    land = [u for u in scenario.units.values() if u.id in rows and u.is_land]
    return {"control": ctrl, "weather": weather, "ctrl_names": names, "ctrl_inv": inv,
            "budget": np.where(g.desert, budget_d[zi], budget[zi]),
            "frozen": np.where(g.desert, frozen_d[zi], frozen[zi]),
            "country": hexmap.hexes["country"].fillna("").to_numpy(dtype=str),
            "zoc": zoc_by_power(hexmap, scenario, weather=weather, control=ctrl),
            "unit_rows": rows, "at_sea": at_sea,
            "land_rows": np.array([rows[u.id] for u in land], dtype=np.int64),
            "land_powers": np.array([u.power for u in land], dtype=object)}


def _control(g: MapGraph, scenario):
    """Who controls each hex (WiF 2.5) and the distinct controllers with each hex's index."""
    by_country = [scenario.country_controller(c) for c in g.country_names.tolist()] + [None]
    overrides = [(g.row_of.get(tuple(k)), p) for k, p in scenario.control.items()]
    overrides = [(r, p) for r, p in overrides if r is not None]
    names = sorted({c or "" for c in by_country} | {p or "" for _, p in overrides})
    code = {c: i for i, c in enumerate(names)}
    ctrl = np.array(by_country, dtype=object)[g.country_inv]
    inv = np.array([code[c or ""] for c in by_country], dtype=np.int64)[g.country_inv]
    for r, p in overrides:
        ctrl[r] = p
        inv[r] = code[p or ""]
    return ctrl, np.array(names, dtype=str), inv


def side_view(hexmap, scenario, power: str, arrays: dict | None = None,
              politics: Politics | None = None) -> SideView:
    """The :class:`SideView` of ``power`` in ``scenario`` (WiF 2.4.2)."""
    g = map_graph(hexmap)
    arrays = arrays or scenario_arrays(hexmap, scenario)
    pol = politics or Politics(scenario)
    ctrl = arrays["control"]
    opt1 = bool(scenario.option("afa_asa_maps"))
    cost = g.base_cost(opt1)
    budget, frozen_w = arrays["budget"], arrays["frozen"]
    # -- hexes (limits 1-3 of WiF 2.4.2)
    names, inv = arrays["ctrl_names"], arrays["ctrl_inv"]
    code_of, friend_of = [], []
    for c in names.tolist():
        if not c:
            code_of.append(0), friend_of.append(False)
        elif c == power or pol.coop(power, c):
            code_of.append(0), friend_of.append(True)
        elif pol.war(power, c):
            code_of.append(3), friend_of.append(False)
        elif pol.neutral(c):
            code_of.append(0 if c in NEUTRAL_OPEN else 4), friend_of.append(False)
        else:
            code_of.append(5), friend_of.append(pol.friendly(power, c))
    enter = np.asarray(code_of, dtype=np.int8)[inv]
    friendly_ctrl = np.asarray(friend_of, dtype=bool)[inv]
    zoc = np.zeros(g.n, bool)
    for p, m in arrays["zoc"].items():
        if pol.war(p, power):
            zoc |= np.asarray(m, dtype=bool)
    own_land = np.zeros(g.n, bool)
    lp = arrays["land_powers"]
    if len(lp):
        kinds, k_inv = np.unique(lp.astype(str), return_inverse=True)
        friends = np.array([pol.friendly(power, p) for p in kinds.tolist()], dtype=bool)[k_inv]
        own_land[arrays["land_rows"][friends]] = True
    enter = np.where(zoc & ~own_land, 2, enter)
    enter = np.where(~g.land, 1, enter).astype(np.int8)
    # -- sea areas (overseas supply)
    area_block = _area_blocks(g, scenario, power, pol, arrays.get("at_sea"))
    closed = _closed_passages(g, hexmap, ctrl, power, pol)
    seen = arrays.setdefault("components", {})   # powers of one side mostly share them
    key = (area_block.tobytes(), tuple(sorted((a, b) for a, b, _ in closed)))
    if key not in seen:
        seen[key] = _components(g, area_block, closed)
    area_comp, area_adj = seen[key]
    # -- hexsides (limits 4-6, option 12)
    f = g.feature
    edge = np.zeros(len(g.src), np.int8)
    edge[f["all-sea"] & ~f["strait"]] = 3
    lake_open = f["lake"] & ~(frozen_w[g.src] & frozen_w[g.dst])
    edge[lake_open] = 2
    edge[f["alpine"]] = 1
    if scenario.option("limited_strait_supply"):
        sa = g.strait_area
        bad = f["strait"] & (sa >= 0) & (area_block[np.maximum(sa, 0)] > 0)
        edge[bad] = 4
    # -- ports (WiF 8.2.10) and landing
    frozen_port = g.freezable & frozen_w
    embark_ok = g.port & ~frozen_port
    landing = np.flatnonzero(g.port & ~frozen_port & friendly_ctrl & (enter == 0))
    # -- edge weights over the map's fixed structure (inf: closed); matrices are built from them
    ok = (edge == 0) & (enter[g.dst] == 0)
    w_basic = np.where(ok, cost[g.dst].astype(float), np.inf)
    w_rail = np.where(ok & g.rail_free, EPS, w_basic)
    weights = {"basic": w_basic, "rail": w_rail}
    matrix = {k: g.csr(w) for k, w in weights.items()}
    return SideView(power, g, enter, edge, area_block, area_comp, area_adj, closed, cost, budget,
                    frozen_port, embark_ok, landing, matrix, friendly_ctrl, weights)


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
