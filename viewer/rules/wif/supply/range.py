"""The supply-range overlay (WiF 2.4.2, 8.2.2): which hexes a leg reaches, and what blocks the rest.

:func:`supply_range` answers for a unit or HQ (the hexes its leg could reach from its hex under the
weather there) or for a source named by city or hex label (the hexes from which a tracer could
reach it, each judged by the weather in the tracer's own hex, as WiF 2.4.2 sets the budget). Rows:
every hex within the budget if nothing blocked the way, with ``cost`` (NaN when not reached),
``reachable`` and ``blocked_reason`` (a code of
:data:`~viewer.rules.wif.supply.context.HEX_BLOCKS` / ``EDGE_BLOCKS``, ``"behind-block"`` for hexes
only a blocked hex or hexside would open, or None).
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer.rules.wif.supply.context import (
    EDGE_BLOCKS,
    HEX_BLOCKS,
    scenario_arrays,
    side_view,
)
from viewer.rules.wif.supply.legs import EPS, rule_cost, search
from viewer.rules.wif.supply.result import BASIC, RAIL

COLUMNS = ("label", "cost", "budget", "reachable", "blocked_reason")


def _open_weights(side, kind: str) -> np.ndarray:
    """Entering costs with no scenario block (hex-dots still closed): what the range would be."""
    g = side.graph
    w = np.where(g.land[g.dst], side.cost[g.dst].astype(float), np.inf)
    if kind == RAIL:
        w = np.where(g.land[g.dst] & g.rail_free, EPS, w)
    return w


def _find_origin(hexmap, scenario, ident: str):
    """(row, power, is_unit) for a unit id, a city/capital name or a hex label."""
    if ident in scenario.units:
        u = scenario.units[ident]
        if u.hex is None:
            raise ValueError(f"unit {ident!r} is at sea or off the map: it has no supply range")
        return hexmap.position(tuple(u.hex)), u.power, True
    f = hexmap.features
    m = f[(f["name"] == ident) & f["kind"].isin(["city", "capital"])]
    if len(m):
        key = (m["sheet"].iat[0], int(m["q"].iat[0]), int(m["r"].iat[0]))
    else:
        try:
            key = hexmap.find(ident)
        except KeyError:
            raise ValueError(f"{ident!r} is neither a unit, a city nor a hex label; units: "
                             f"{', '.join(sorted(scenario.units)) or 'none'}") from None
    row = hexmap.position(key)
    return row, scenario.controller(hexmap, key), False


def supply_range(hexmap, scenario, unit_or_source_id: str, kind: str | None = None) -> pd.DataFrame:
    """The range overlay of a unit/HQ (forward) or of a source (towards it); see the module doc.

    ``kind``: ``"basic"`` (default) or ``"rail"`` (an HQ's leg to a primary source, WiF 2.4.2).
    """
    kind = kind or BASIC
    if kind not in (BASIC, RAIL):
        raise ValueError(f"unknown leg kind {kind!r}; allowed: basic, rail")
    row, power, is_unit = _find_origin(hexmap, scenario, unit_or_source_id)
    if power is None:
        raise ValueError(f"nobody controls {unit_or_source_id!r}: it is no supply source")
    side = side_view(hexmap, scenario, power, scenario_arrays(hexmap, scenario))
    g = side.graph
    limit = float(side.budget.max())
    st = side.memo.get("static")
    if is_unit:
        matrix = side.matrix[kind]
        open_w = st.get(("open-weights", kind), lambda: _open_weights(side, kind)) if st is not None \
            else _open_weights(side, kind)
        open_m = g.csr(open_w)
    else:
        matrix = side.reverse(kind)
        open_w = st.get(("open-weights", kind, "reverse"), lambda: _open_weights(side, kind)[g.rev_order]) \
            if st is not None else _open_weights(side, kind)[g.rev_order]
        open_m = g.csr(open_w, reverse=True, ordered=True)
    d, _ = search(matrix, [row], limit)
    p, _ = search(open_m, [row], limit)
    d, p = rule_cost(d[0]), rule_cost(p[0])
    if is_unit:
        budget = np.full(g.n, int(side.budget[row]))
    else:
        # towards a source: the hex entered last is the source, and the tracer's hex does not count
        budget = side.budget.copy()
    reach = d <= budget
    near = (p <= budget) | reach
    reason = np.full(g.n, None, dtype=object)
    blocked = near & ~reach
    own = side.enter_block
    code = np.where(blocked & (own > 1), own, 0)
    explained = code > 0
    reason[explained] = np.asarray(HEX_BLOCKS, dtype=object)[code[explained]]
    # hexes behind a closed hexside next to a reached hex
    e = np.flatnonzero(side.edge_block)
    a, b = (g.src[e], g.dst[e]) if is_unit else (g.dst[e], g.src[e])
    hit = reach[a] & blocked[b] & (code[b] == 0)
    reason[b[hit]] = np.asarray(EDGE_BLOCKS, dtype=object)[side.edge_block[e[hit]]]
    explained[b[hit]] = True
    reason[blocked & ~explained] = "behind-block"
    rows = np.flatnonzero(near)
    return pd.DataFrame({
        "label": g.labels[rows],
        "cost": np.where(reach[rows], d[rows], np.nan),
        "budget": budget[rows],
        "reachable": reach[rows],
        "blocked_reason": reason[rows],
    })
