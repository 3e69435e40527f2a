"""Path lengths around obstacles (SC 8.5.3, 8.7.7): shortest route for a base of radius r.

Obstacles (impassable terrain, other bases) are grown by the base radius and drawn with mitred
corners; the shortest path runs along a visibility graph of their corners (scipy's Dijkstra).
The charge target is a set of candidate end spots on the circle within 1" of the target model.
"""
from __future__ import annotations

import math

import numpy as np
import shapely
from scipy.sparse import csr_matrix
from scipy.sparse.csgraph import dijkstra
from shapely.geometry import LineString, Point

from viewer.rules.starcraft.geometry import COMBAT_RANGE
from viewer.rules.starcraft.table import Table, Unit

_EPS = 1e-6


def _obstacles(table: Table, mover: Unit, radius: float, exclude_units: set[str]):
    parts = []
    if not mover.flying:
        parts += [t.polygon.buffer(radius, join_style="mitre") for t in table.terrain if t.impassable]
        for v in table.units:
            if v.id in exclude_units or v.id == mover.id or not v.on_table or v.flying:
                continue
            parts += [Point(m.x, m.y).buffer(m.radius + radius, quad_segs=2).buffer(0.001, join_style="mitre")
                      for m in v.models]
    return shapely.union_all(parts) if parts else None


def shortest_path(start: tuple[float, float], goals: list[tuple[float, float]], obstacles) -> tuple[float, list]:
    """Length and points of the shortest route from ``start`` to the nearest of ``goals``."""
    if not goals:
        return math.inf, []
    pts = [start, *goals]
    if obstacles is not None and not obstacles.is_empty:
        geoms = getattr(obstacles, "geoms", [obstacles])
        for g in geoms:
            pts += list(g.buffer(_EPS * 10, join_style="mitre").exterior.coords)[:-1]
    xy = np.array(pts)
    n = len(xy)
    i, j = np.triu_indices(n, 1)
    lines = shapely.linestrings(np.stack([xy[i], xy[j]], axis=1))
    if obstacles is not None and not obstacles.is_empty:
        inner = obstacles.buffer(-_EPS * 100)
        clear = ~shapely.intersects(lines, inner)
    else:
        clear = np.ones(len(i), bool)
    w = np.hypot(*(xy[i] - xy[j]).T)
    graph = csr_matrix((np.r_[w[clear], w[clear]], (np.r_[i[clear], j[clear]], np.r_[j[clear], i[clear]])), shape=(n, n))
    dist, pred = dijkstra(graph, indices=0, return_predecessors=True)
    best = 1 + int(np.argmin(dist[1:1 + len(goals)]))
    if not math.isfinite(dist[best]):
        return math.inf, []
    route, k = [], best
    while k >= 0:
        route.append(tuple(xy[k]))
        k = pred[k]
    return float(dist[best]), route[::-1]


def charge_path(table: Table, mover_id: str, target_unit_id: str, directions: int = 48) -> tuple[float, list]:
    """Path length of the charging unit's first model to the nearest spot whose base edge is
    within 1" of the nearest target model, on the table, off obstacles and not within 1" of an
    undeclared enemy unit (SC 8.7.7). Candidate spots: ``directions`` points around each target
    model; inf if none is reachable."""
    mover, target = table.unit(mover_id), table.unit(target_unit_id)
    leader = mover.models[0]
    r = leader.radius
    obstacles = _obstacles(table, mover, r, {target_unit_id})
    others = [Point(m.x, m.y).buffer(m.radius + COMBAT_RANGE + r - _EPS) for v in table.units
              if v.owner != mover.owner and v.id != target_unit_id and v.on_table and not v.flying for m in v.models]
    forbidden = shapely.union_all(others) if others else None
    ang = np.linspace(0, 2 * np.pi, directions, endpoint=False)
    goals = []
    for m in target.models:
        ring = m.radius + r + COMBAT_RANGE * 0.999
        for a in ang:
            g = (m.x + ring * math.cos(a), m.y + ring * math.sin(a))
            p = Point(g)
            if not (r <= g[0] <= table.width - r and r <= g[1] <= table.height - r):
                continue
            if any(math.hypot(g[0] - t.x, g[1] - t.y) < t.radius + r - _EPS for t in target.models):
                continue
            if obstacles is not None and obstacles.contains(p):
                continue
            if forbidden is not None and forbidden.contains(p):
                continue
            goals.append(g)
    return shortest_path((leader.x, leader.y), goals, obstacles)


def straight_length(route: list) -> float:
    return LineString(route).length if len(route) > 1 else 0.0
