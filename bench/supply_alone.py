"""The csgraph-alone baseline of ``bench/supply.py``: supply verdicts written directly with scipy.

What a programmer would write with ``scipy.sparse.csgraph`` and no engine around it, recomputed
from the scenario each time (nothing kept between scenarios except the map's hex adjacency, built
once like the networkx baseline's graph). For each tracing power that has units on the map:

* hexes its lines may not enter (WiF 2.4.2 limits 1-3): hex-dots; hexes controlled by a power at
  war with it, by a neutral (except Vichy France and Sweden) or by a major power it does not
  cooperate with; the ZOC of its enemies (``viewer.rules.wif.zoc.zoc_by_power``) unless a land
  unit friendly to it is there;
* hexsides it may not cross: alpine, lake unless both hexes are frozen (WiF 8.2.9), all-sea;
* primary sources: the friendly cities of its home countries and of the home countries of the
  major powers it cooperates with (WiF 2.4.2);
* one reversed sparse matrix (entering costs, WiF 8.2.2) and **one multi-source Dijkstra** from the
  primary sources, cut at the largest budget; a unit is in supply when the distance read at its
  hex is within the budget of its hex's weather (WiF 8.2.2).

It does **not** apply secondary sources (HQs, minor and conquered capitals, chains of legs), rail
legs or overseas supply: the engine's verdicts agree with it exactly on "a basic land leg to a
primary source" (:func:`direct_land_leg`), which is what ``bench/supply.py`` compares.
"""
from __future__ import annotations

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra

from viewer.rules.wif.scenario import MAJOR_POWERS
from viewer.rules.wif.supply.context import NEUTRAL_OPEN
from viewer.rules.wif.weather import BLIZZARD, DESERT_TERRAIN, SNOW
from viewer.rules.wif.weather_effects import (
    DOUBLE_COST_MAPS,
    OFF_MAP_COST,
    OPTION_1_DOUBLE_COST_MAPS,
    SUPPLY_RANGE,
)
from viewer.rules.wif.zoc import zoc_by_power


class CsgraphAlone:
    """Verdicts of every unit on the map by the straightforward reading (see the module doc)."""

    name = "csgraph alone"

    def __init__(self, hexmap, src: np.ndarray, dst: np.ndarray, feature: dict):
        """``src``/``dst``/``feature``: the map's adjacency (both directions) and hexside features
        per edge, static per map (the only thing kept)."""
        self.m = hexmap
        self.src, self.dst = np.asarray(src, np.int64), np.asarray(dst, np.int64)
        self.feature = feature

    def __call__(self, s) -> dict[str, bool]:
        m, h = self.m, self.m.hexes
        n = len(h)
        src, dst, f = self.src, self.dst, self.feature
        # per hex: entering cost (WiF 8.2.2), budget by effective weather, frozen, control, country
        double = DOUBLE_COST_MAPS + (OPTION_1_DOUBLE_COST_MAPS if s.option("afa_asa_maps") else ())
        cost = np.where(h["map_class"].isin(double).to_numpy(), 2.0, 1.0)
        cost = np.where(h["off_map"].to_numpy(bool), float(OFF_MAP_COST), cost)
        cost += h["terrain"].isin(DESERT_TERRAIN).to_numpy()
        weather = s.weather_array(m, effective=True)
        kinds, inv = np.unique(weather.astype(str), return_inverse=True)
        budget = np.array([SUPPLY_RANGE[w] for w in kinds], dtype=float)[inv]
        frozen = np.isin(kinds, [SNOW, BLIZZARD])[inv]
        control = s.control_array(m)
        ctrl_ix, ctrl_names = pd.factorize(control, use_na_sentinel=True)    # -1: nobody
        country_ix, country_names = pd.factorize(h["country"], use_na_sentinel=True)
        land = ~h["hex_dot"].to_numpy(bool)
        edge_open = ~f["alpine"] & ~(f["lake"] & ~(frozen[src] & frozen[dst])) & ~(f["all-sea"] & ~f["strait"])
        cities = h["city"].to_numpy(bool).copy()
        fe = m.features[m.features["kind"].isin(["city", "capital"])]
        cities[[m.position((a, int(q), int(r))) for a, q, r in zip(fe["sheet"], fe["q"], fe["r"])]] = True
        zoc = zoc_by_power(m, s, weather=weather, control=control)
        politics = s.politics
        majors = {c: politics.power.get(c, c) for c, st in politics.status.items() if st == "major"}
        # units on the map
        units = [u for u in s.units.values() if u.hex is not None]
        rows = np.array([m.position(tuple(u.hex)) for u in units], dtype=np.int64)
        upow_ix, upow_names = pd.factorize(pd.Series([u.power for u in units], dtype=object))
        is_land = np.array([u.is_land for u in units], dtype=bool)
        # relations, asked of the scenario once per tracing power and class of power: a power named
        # nowhere in the scenario's politics relates to others only through its major and side
        named = {x for pair in s.at_war | s.cooperation for x in pair} | set(s.neutral) | set(s.sides)
        def cls(c):
            return (c if c in named or c in MAJOR_POWERS else None, s.major_of(c), s.side_of(c))
        rep: dict = {}
        ctrl_cls = np.array([rep.setdefault(cls(c), len(rep)) for c in ctrl_names], dtype=np.int64)
        unit_cls = np.array([rep.setdefault(cls(c), len(rep)) for c in upow_names], dtype=np.int64)
        reps = [None] * len(rep)
        for c in list(ctrl_names) + list(upow_names):
            reps[rep[cls(c)]] = reps[rep[cls(c)]] or c
        neutral = [s.is_neutral(c) for c in reps]
        out: dict[str, bool] = {}
        limit = float(budget.max()) + 0.5
        for pi, p in enumerate(upow_names):
            coop = [c == p or s.cooperates(p, c) for c in reps]
            war = [s.at_war_with(p, c) for c in reps]
            side = s.side_of(p)
            friendly = np.array([coop[k] or (side is not None and side == s.side_of(c) and not war[k]
                                             and not neutral[k]) for k, c in enumerate(reps)] + [False])
            shut = np.array([not coop[k] and (war[k] or not neutral[k] or c not in NEUTRAL_OPEN)
                             for k, c in enumerate(reps)] + [False])
            # a controller that is the tracer itself (its class may hold other powers too)
            own = np.append(ctrl_names == p, False)
            c_friendly = friendly[np.append(ctrl_cls, -1)] | own
            c_shut = shut[np.append(ctrl_cls, -1)] & ~own
            enter = land & ~c_shut[ctrl_ix]
            enemy_zoc = np.zeros(n, bool)
            for q, mask in zoc.items():
                if s.at_war_with(q, p):
                    enemy_zoc |= mask
            u_friendly = (friendly[unit_cls] | (upow_names == p))[upow_ix] & is_land
            enemy_zoc[rows[u_friendly]] = False
            enter &= ~enemy_zoc
            # primary sources (WiF 2.4.2)
            homes = {c for c, mp in majors.items() if s.cooperates(p, mp)}
            if politics.status.get(p) in ("minor", "territory"):
                homes.add(p)
            homes -= set(s.conquered)
            home_ix = np.append(np.isin(country_names, list(homes)), False)
            sources = np.flatnonzero(cities & home_ix[country_ix] & c_friendly[ctrl_ix])
            # reversed graph: from a source back towards the tracer, each edge weighs the hex entered
            keep = edge_open & enter[dst]
            matrix = csr_matrix((cost[dst[keep]], (dst[keep], src[keep])), shape=(n, n))
            mine = np.flatnonzero(upow_ix == pi)
            if len(sources):
                dist = dijkstra(matrix, directed=True, indices=sources, limit=limit, min_only=True)
                verdict = dist[rows[mine]] <= budget[rows[mine]]
            else:
                verdict = np.zeros(len(mine), bool)
            out.update(zip((units[i].id for i in mine.tolist()), verdict.tolist()))
        return out


def direct_land_leg(result) -> bool:
    """Whether the engine's chain for a unit is one basic land leg to a primary source."""
    chain = result.chain
    return bool(result.in_supply and len(chain) == 1 and chain[0].to_kind == "primary"
                and not chain[0].sea_areas and chain[0].kind == "basic")
