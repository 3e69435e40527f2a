"""Zones of control of every power at once (WiF 2.2), for the supply engine's recomputations.

The same answers as :func:`viewer.rules.wif.zoc.zoc_by_power` (tested against it), from the unit
table's arrays (:mod:`.units`) in one vectorised pass: a (powers x hexes) mask filled by index, the
edges leaving the hexes of units that exert ZOC into adjacent hexes found for all powers together,
and whether a power may exert ZOC into a hex by its controller (WiF 2.2, 9.1) read from a table kept
per political state. Option 4 (``zoc_hq_or_two_corps``) is applied per power as in ``zoc_by_power``.
"""
from __future__ import annotations

import numpy as np

from viewer.rules.wif.zoc import ADJACENT, _Context, _context, _support, _target_reason


def zoc_all_powers(hexmap, scenario, context: _Context, positions: dict, units: tuple) -> dict[str, np.ndarray]:
    """For each power with units exerting ZOC, the hexes in its ZOC (WiF 2.2). ``context``: a
    :func:`~viewer.rules.wif.zoc.zoc_context` of a scenario with the same politics; ``positions``:
    unit id -> hex row; ``units``: ``(powers, power code, row, reach)`` of the units that exert ZOC."""
    ctx = _context(hexmap, scenario, base=context, pos=positions)
    return _zoc_vectorised(scenario, ctx, len(hexmap.hexes), *units)


def _zoc_vectorised(scenario, ctx: _Context, n: int, powers, code, rows, reach) -> dict:
    """All powers at once: one (powers x hexes) mask, filled by index."""
    keep = ~ctx.off_map[rows]
    code, rows, reach = code[keep], rows[keep], reach[keep]
    if len(code) == 0:
        return {}
    present, first = np.unique(code, return_index=True)
    order = present[np.argsort(first)]                    # powers in order of their first unit
    mask = np.zeros((len(powers), n), dtype=bool)
    mask[code, rows] = True
    # the open edges leaving the hexes of units that exert ZOC into adjacent hexes, per power
    adjacent = reach == ADJACENT
    pr = np.unique(code[adjacent] * n + rows[adjacent])
    p_of, r_of = pr // n, pr % n
    start, stop = ctx.out_start[r_of], ctx.out_start[r_of + 1]
    counts = stop - start
    if counts.sum():
        offsets = np.repeat(start - (np.cumsum(counts) - counts), counts)
        edges = ctx.out_order[np.arange(counts.sum()) + offsets]
        p_e = np.repeat(p_of, counts)
        ok = ctx.edge_open[edges]
        edges, p_e = edges[ok], p_e[ok]
        dst = ctx.adj.dst[edges]
        ok = _permitted_table(scenario, powers, ctx, p_e, dst)
        if ctx.option4 is not None:
            for p in np.unique(p_e).tolist():
                at = p_e == p
                sup = _support(scenario, ctx, n, scenario.side_of(powers[p]))[ctx.adj.src[edges[at]]]
                ok[at] &= ~ctx.option4[dst[at]] | sup
        mask[p_e[ok], dst[ok]] = True
    return {powers[p]: mask[p] for p in order.tolist()}


def _permitted_table(scenario, powers, ctx: _Context, p_e: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Whether each (power code, hex row) pair is permitted (WiF 2.2, 9.1), memoised per (power, controller)."""
    k = len(ctx.controllers)
    pair = p_e * k + ctx.control_index[dst]
    memo = ctx.permitted
    key = ("table", tuple(powers))
    if key not in memo:   # per political state: the answers and which of them are known yet
        memo[key] = (np.zeros(len(powers) * k, dtype=bool), np.zeros(len(powers) * k, dtype=bool))
    table, known = memo[key]
    need = pair[~known[pair]]
    for x in np.unique(need).tolist():
        power, i = powers[x // k], x % k
        if (power, i) not in memo:
            memo[(power, i)] = _target_reason(scenario, power, ctx.controllers[i]) is None
        table[x], known[x] = memo[(power, i)], True
    return table[pair]
