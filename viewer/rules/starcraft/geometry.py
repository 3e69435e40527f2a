"""Measuring on the gridless table (SC 8.5.3, 8.7.3, 8.7.7, 8.9.1), with shapely and numpy.

Every distance is base edge to base edge (SC 8.7.3): for round bases, the centre distance minus
both radii, never below zero. Engagement is Combat Range, 1" (ground models only: flying models
are never engaged, SC 8.5.3). A model contests a marker when its base edge is within 3" of the
marker, with line of sight and at the same elevation (SC 8.9.1).
"""
from __future__ import annotations

from collections.abc import Iterable

import numpy as np
import shapely
from shapely.geometry import LineString, Point

from viewer.rules.starcraft.control import (
    CONTEST_RADIUS,
    ContestCheck,
    ControlResult,
    may_contest,
    resolve_control,
)
from viewer.rules.starcraft.table import Marker, Model, Table, Terrain, Unit

COMBAT_RANGE = 1.0
#: Bases closer than this count as touching (base contact).
CONTACT_EPS = 1e-6


def _xyr(models: Iterable[Model]) -> np.ndarray:
    return np.array([(m.x, m.y, m.radius) for m in models], dtype=float).reshape(-1, 3)


def base_distances(a: Iterable[Model], b: Iterable[Model]) -> np.ndarray:
    """Edge-to-edge distances between every model of ``a`` (rows) and of ``b`` (columns)."""
    pa, pb = _xyr(a), _xyr(b)
    centre = np.hypot(pa[:, None, 0] - pb[None, :, 0], pa[:, None, 1] - pb[None, :, 1])
    return np.maximum(0.0, centre - pa[:, None, 2] - pb[None, :, 2])


def base_distance(a: Model, b: Model) -> float:
    return float(base_distances([a], [b])[0, 0])


def engaged(u: Unit, v: Unit) -> bool:
    """Two enemy ground units with some pair of models within 1" (SC 8.5.3, 8.8)."""
    if u.owner == v.owner or u.flying or v.flying or not (u.on_table and v.on_table):
        return False
    if not u.models or not v.models:
        return False
    return bool((base_distances(u.models, v.models) <= COMBAT_RANGE + CONTACT_EPS).any())


def engagements(table: Table) -> set[frozenset[str]]:
    """Every engaged pair of units, as frozensets of the two unit ids."""
    units = table.units
    return {frozenset((u.id, v.id)) for i, u in enumerate(units) for v in units[i + 1:] if engaged(u, v)}


def engaged_with(table: Table, unit_id: str) -> set[str]:
    return {next(iter(p - {unit_id})) for p in engagements(table) if unit_id in p}


# -- elevation and line of sight ------------------------------------------------------------------
def model_elevation(model: Model, unit: Unit, terrain: Iterable[Terrain]) -> str | None:
    """SC 8.5.3: flying models have none; a model is on a piece's level only if its whole base is
    on it (a ramp: anywhere on it); otherwise ground level. An explicit elevation wins."""
    if unit.flying:
        return None
    if model.elevation:
        return model.elevation
    base = model.base
    best = "ground"
    for t in terrain:
        if t.ramp and t.polygon.intersects(base) and not t.polygon.touches(base):
            best = "intermediate" if best == "ground" else best
        elif t.standable and t.polygon.contains(base):
            best = t.level if t.level == "high" or best == "ground" else best
    return best


def point_elevation(x: float, y: float, terrain: Iterable[Terrain]) -> str:
    """The level a marker stands at: the highest standable piece under it, else ground."""
    p = Point(x, y)
    levels = [t.level for t in terrain if (t.standable or t.ramp) and t.polygon.covers(p)]
    return "high" if "high" in levels else ("intermediate" if levels else "ground")


def line_of_sight(x0: float, y0: float, x1: float, y1: float, table: Table) -> tuple[bool, str | None]:
    """Our own labelled LoS model (SC 7.1.1 is not in the text; see :class:`LosSettings`):
    (clear, id of the first blocking piece)."""
    seg = LineString([(x0, y0), (x1, y1)])
    ends = (Point(x0, y0), Point(x1, y1))
    for t in table.terrain:
        blocks = t.grass and table.los.grass_blocks or (not t.grass and min(t.size, 3) in table.los.blocking_sizes)
        if not blocks or any(t.polygon.covers(e) for e in ends):
            continue
        if seg.crosses(t.polygon) or seg.within(t.polygon):
            return False, t.id
    return True, None


# -- objectives ----------------------------------------------------------------------------------
def model_reaches_marker(model: Model, unit: Unit, marker: Marker, table: Table) -> bool:
    """Within 3" of the marker from the base edge, with LoS, at the marker's elevation (SC 8.9.1)."""
    gap = np.hypot(model.x - marker.x, model.y - marker.y) - model.radius - marker.radius
    if gap > CONTEST_RADIUS + CONTACT_EPS:
        return False
    if model_elevation(model, unit, table.terrain) != point_elevation(marker.x, marker.y, table.terrain):
        return False
    return line_of_sight(model.x, model.y, marker.x, marker.y, table)[0]


def contest_check(unit: Unit, marker: Marker, table: Table) -> ContestCheck:
    """Both tables of SC 8.9.1 for one unit and one marker."""
    reach = unit.on_table and not unit.flying and any(model_reaches_marker(m, unit, marker, table) for m in unit.models)
    return may_contest(unit.on_table, unit.flying, unit.burrowed, unit.in_coherency, reach)


def marker_control(marker: Marker, table: Table) -> tuple[ControlResult, dict[str, ContestCheck]]:
    """The control verdict for ``marker`` and each unit's contest check (SC 8.9.1)."""
    checks = {u.id: contest_check(u, marker, table) for u in table.units}
    sup = {p: [u.supply for u in table.units if u.owner == p and checks[u.id].allowed] for p in ("A", "B")}
    return resolve_control(marker.controller, sup["A"], sup["B"]), checks


# -- zones for drawing --------------------------------------------------------------------------
def engagement_zone(model: Model):
    """The area whose bases' edges lie within 1" of this base: the base grown by 1" (SC 8.5.3)."""
    return Point(model.x, model.y).buffer(model.radius + COMBAT_RANGE, quad_segs=16)


def contest_zone(marker: Marker):
    """Where a base edge must reach to contest: 3" around the marker's edge (SC 8.9.1)."""
    return Point(marker.x, marker.y).buffer(marker.radius + CONTEST_RADIUS, quad_segs=16)


def range_zone(model: Model, weapon_range: float):
    """A target base touching this area is within ``weapon_range`` base to base (SC 8.7.3)."""
    return Point(model.x, model.y).buffer(model.radius + weapon_range, quad_segs=16)


def move_zone(model: Model, unit: Unit, table: Table, speed: float | None = None):
    """Where the model's centre may end a straight move of ``speed`` (SC 8.5.3): the disk of
    radius Speed, inside the table, off impassable terrain (ground units) and not within 1" of an
    enemy ground unit (or of an enemy flying unit, for flying units). Paths that bend around
    obstacles are longer: this is the straight-line reach."""
    speed = unit.speed if speed is None else speed
    r = model.radius
    zone = Point(model.x, model.y).buffer(speed, quad_segs=32)
    zone = zone.intersection(shapely.box(r, r, table.width - r, table.height - r))
    blocked = []
    if not unit.flying:
        blocked += [t.polygon.buffer(r) for t in table.terrain if t.impassable]
    for v in table.units:
        if v.owner != unit.owner and v.on_table and v.flying == unit.flying:
            blocked += [Point(m.x, m.y).buffer(m.radius + COMBAT_RANGE + r, quad_segs=16) for m in v.models]
    if blocked:
        zone = zone.difference(shapely.union_all(blocked))
    return zone


# -- what an attack sees -----------------------------------------------------------------------
def attack_geometry(table: Table, attacker_id: str, target_id: str, weapon_range: float) -> dict:
    """SC 8.7.3 from the table: the target's models visible to the attacker (our LoS model,
    centre to centre), the attacking models with a visible target model within ``weapon_range``
    base to base, the target's size and whether it is engaged (visibility then ignored, SC 8.7.5)."""
    att, tgt = table.unit(attacker_id), table.unit(target_id)
    d = base_distances(att.models, tgt.models)
    sees = np.array([[line_of_sight(a.x, a.y, t.x, t.y, table)[0] for t in tgt.models] for a in att.models],
                    dtype=bool).reshape(d.shape)
    in_range = (d <= weapon_range + CONTACT_EPS) & sees
    engaged_target = bool(engaged_with(table, target_id))
    return {"models": int(in_range.any(axis=1).sum()), "visible": int(sees.any(axis=0).sum()),
            "target_models": len(tgt.models), "target_engaged": engaged_target}
