"""StarCraft TMG session state: the table, the selected model and target, and the derived data
the table view draws (SC 8.5.3, 8.7.3, 8.7.7, 8.9.1). Rules are computed here through
:mod:`viewer.rules.starcraft`, never in the views."""
from __future__ import annotations

import math

import param

from viewer.rules.starcraft import geometry as G
from viewer.rules.starcraft.control import may_contest
from viewer.rules.starcraft.paths import charge_path
from viewer.rules.starcraft.rounds import RoundTracker, TrackedUnit
from viewer.rules.starcraft.table import Table, TableError, demo_table_path, load_table
from viewer.userdata import UserStore

#: The visitor's settings file that keeps the models' places on the table across a reload.
SETTINGS = "starcraft-table"

#: A unit's states the player sets on the page: in Coherency (SC 4.4, a rule not in the text, so
#: a flag rather than a distance) and Burrowed; either out of order keeps it off the markers
#: (SC 8.9.1).
UNIT_STATES = ("in_coherency", "burrowed")


def _rings(geom) -> list[list[list[float]]]:
    """Exterior rings of a (multi)polygon as [xs, ys] pairs for Bokeh patches."""
    if geom is None or geom.is_empty:
        return []
    polys = getattr(geom, "geoms", [geom])
    out = []
    for p in polys:
        if p.geom_type == "Polygon" and not p.is_empty:
            xs, ys = p.exterior.coords.xy
            out.append([list(xs), list(ys)])
    return out


class StarcraftState(param.Parameterized):
    """The table and what is selected on it."""

    table = param.ClassSelector(class_=Table, doc="The table: terrain, units, markers (inches).")
    selected = param.String(default="", doc="Id of the selected model ('' for none).")
    target = param.String(default="", doc="Id of the target unit for the attack and charge cards.")
    weapon_range = param.Number(default=12.0, bounds=(0, 100), doc="Weapon range in inches for the range zone.")
    tracker = param.ClassSelector(class_=RoundTracker, doc="Rounds, phases, activations (SC 8.1, 8.2).")
    too_far = param.List(default=[], doc="""
        Models the last drag took farther than their unit's Speed in a straight line (SC 8.5.3):
        (model id, inches moved, Speed). A warning only: the table stays the player's.""")

    def __init__(self, **params):
        if "table" not in params:
            params["table"] = load_table(demo_table_path())
        if "tracker" not in params:
            t = params["table"]
            units = {u.id: TrackedUnit(u.id, u.owner, "table" if u.on_table else "reserves", u.flying, supply=u.supply)
                     for u in t.units}
            params["tracker"] = RoundTracker(units, first_player="A")
        super().__init__(**params)
        self.param.watch(self._sync_engaged, "table")
        self._sync_engaged()

    def _sync_engaged(self, *_):
        """The tracker's engaged flags follow the table (SC 8.8: engaged units must fight)."""
        pairs = G.engagements(self.table)
        for uid, tu in self.tracker.units.items():
            tu.engaged = any(uid in p for p in pairs)

    def track(self, action, *args) -> None:
        """Run a tracker step (``activate``, ``pass_turn``, ``start_phase``, ``next_phase``,
        ``end_round``) and tell watchers; a TrackerError propagates to the caller."""
        getattr(self.tracker, action)(*args)
        self.param.trigger("tracker")

    # -- changes -----------------------------------------------------------------------------
    def move(self, model_id: str, x: float, y: float) -> None:
        self.param.update(too_far=[], table=self.table.move_model(model_id, x, y))

    def drag(self, moves: dict[str, tuple[float, float]]) -> None:
        """Put models where a drag left them, noting each one moved farther than its unit's Speed
        (SC 8.5.3: a model moves up to its Speed in inches)."""
        table, far = self.table, []
        for mid, (x, y) in moves.items():
            m, unit = self.model(mid), self.table.unit_of(mid)
            moved = math.hypot(x - m.x, y - m.y)
            if moved > unit.speed + G.CONTACT_EPS:
                far.append((mid, round(moved, 1), unit.speed))
            table = table.move_model(mid, x, y)
        self.param.update(too_far=far, table=table)

    def set_unit_state(self, unit_id: str, **states: bool) -> None:
        """Set a unit's ``in_coherency`` or ``burrowed`` (:data:`UNIT_STATES`), the states the
        player keeps on the table and the objectives read (SC 4.4, 8.9.1)."""
        unknown = set(states) - set(UNIT_STATES)
        if unknown:
            raise TableError(f"unknown unit state {sorted(unknown)}; states: {list(UNIT_STATES)}")
        unit = self.table.unit(unit_id)
        changes = {k: bool(v) for k, v in states.items() if getattr(unit, k) != bool(v)}
        if changes:
            self.table = self.table.with_unit(unit_id, **changes)

    # -- the visitor's table -----------------------------------------------------------------
    def save(self, store: UserStore) -> None:
        """Keep every model's place and every unit's states in the visitor's folder (settings
        ``starcraft-table``)."""
        places = {m.id: [m.x, m.y] for u in self.table.units for m in u.models}
        states = {u.id: {k: getattr(u, k) for k in UNIT_STATES} for u in self.table.units}
        store.save("settings", SETTINGS, {"models": places, "units": states})

    def restore(self, store: UserStore) -> str:
        """Put the models back where they were saved; "" when back or none saved. A file that
        cannot be used is set aside (never overwritten in silence) and the problem returned."""
        def apply(data: dict) -> None:
            table = self.table
            for mid, (x, y) in data["models"].items():
                table = table.move_model(mid, float(x), float(y))
            units = data.get("units", {})
            if not isinstance(units, dict) or not all(isinstance(v, dict) for v in units.values()):
                raise ValueError(f"'units' must map each unit to its states {list(UNIT_STATES)}")
            for uid, states in units.items():
                bad = {k: v for k, v in states.items() if k not in UNIT_STATES or not isinstance(v, bool)}
                if bad:
                    raise ValueError(f"unit {uid!r}: unusable states {bad}; states: {list(UNIT_STATES)}, true or false")
                table = table.with_unit(uid, **states)
            self.table = table

        return store.restore("settings", SETTINGS, apply,
                             (TableError, ValueError, KeyError, TypeError, AttributeError))

    def settle_markers(self) -> None:
        """End a Scoring Phase: each marker's controller becomes the verdict (persistent, SC 8.9.1)."""
        t = self.table
        for m in t.markers:
            res, _ = G.marker_control(m, t)
            t = t.with_marker(m.number, controller=res.controller)
        self.table = t

    # -- derived data for the view -----------------------------------------------------------
    def unit_of_selected(self):
        return self.table.unit_of(self.selected) if self.selected else None

    def model(self, model_id: str):
        return next(m for m in self.table.unit_of(model_id).models if m.id == model_id)

    def control(self) -> list[dict]:
        """One row per marker: number, affinity, who contests with what supply, the verdict."""
        rows = []
        for m in self.table.markers:
            res, checks = G.marker_control(m, self.table)
            rows.append({"number": m.number, "controller": res.controller, "row": res.row,
                         "supply_a": res.supply_a, "supply_b": res.supply_b, "x": m.x, "y": m.y,
                         "contesting": sorted(u for u, c in checks.items() if c.allowed)})
        return rows

    def engaged_pairs(self) -> list[tuple[str, str]]:
        return sorted(tuple(sorted(p)) for p in G.engagements(self.table))

    def zones(self) -> dict[str, list]:
        """Patches of the selected model's engagement, move and range zones."""
        if not self.selected:
            return {"engagement": [], "move": [], "range": []}
        unit, model = self.table.unit_of(self.selected), self.model(self.selected)
        return {"engagement": [] if unit.flying else _rings(G.engagement_zone(model)),
                "move": _rings(G.move_zone(model, unit, self.table)),
                "range": _rings(G.range_zone(model, self.weapon_range))}

    def enemy_units(self) -> list[str]:
        unit = self.unit_of_selected()
        return [u.id for u in self.table.units if unit is None or u.owner != unit.owner]

    def selected_may_not_contest(self) -> str | None:
        """Why the selected model's unit may contest no marker wherever it stands (SC 8.9.1: an Air
        unit, a Burrowed one, one out of Coherency, one in Reserves), or None."""
        unit = self.unit_of_selected()
        if unit is None:
            return None
        check = may_contest(unit.on_table, unit.flying, unit.burrowed, unit.in_coherency, True)
        return None if check.allowed else check.reason

    def attack_inputs(self) -> dict | None:
        unit = self.unit_of_selected()
        if unit is None or not self.target:
            return None
        return G.attack_geometry(self.table, unit.id, self.target, self.weapon_range)

    def charge_inputs(self) -> dict | None:
        unit = self.unit_of_selected()
        if unit is None or not self.target or unit.flying or self.table.unit(self.target).flying:
            return None
        length, _ = charge_path(self.table, unit.id, self.target)
        if not math.isfinite(length):
            return None
        return {"speed": int(unit.speed), "distance": round(length, 2)}


def terrain_patches(table: Table) -> dict[str, list]:
    """Terrain footprints for drawing: xs, ys, id, size, kind."""
    xs, ys, ids, sizes, kinds = [], [], [], [], []
    for t in table.terrain:
        x, y = t.polygon.exterior.coords.xy
        xs.append(list(x))
        ys.append(list(y))
        ids.append(t.id)
        sizes.append(t.size)
        kinds.append("grass" if t.grass else "ramp" if t.ramp else "impassable" if t.impassable else
                     "standable" if t.standable else "open")
    return {"xs": xs, "ys": ys, "id": ids, "size": sizes, "kind": kinds}


__all__ = ["StarcraftState", "UNIT_STATES", "terrain_patches"]


def profile_inputs(profiles: dict, attacker: str, weapon: str, target: str) -> dict:
    """Calculator inputs from the user's own profiles (SC 8.7.3, 8.7.4): the weapon's RoA, Hit,
    Damage and Surge die, whether its Surge type matches the target, the target's Armor, Evade
    and hit points. Values come only from the user's file."""
    from viewer.rules.starcraft.profiles import surge_matches

    w, t = profiles[attacker].weapon(weapon), profiles[target]
    out = {"roa": w.roa, "hit": w.hit, "damage": w.damage, "surge_die": w.surge_die or "none",
           "surge_matches": surge_matches(w, t), "armor": t.armor, "hit_points": t.hit_points}
    if t.evade is not None:
        out["evade"] = t.evade
    return out
