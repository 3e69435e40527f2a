"""StarCraft lessons: a gridless table, so pieces stand at points ``[x, y]`` in inches (SC 8.5.3),
and the casualty engine for engaged units (SC 8.7.5) reading the step's models."""
from __future__ import annotations

from typing import Any

from viewer.errors import ViewerError
from viewer.lessons.boards import Engine, LessonBoard, register_board, register_engine
from viewer.ruleref import RuleRef
from viewer.rules.starcraft.engaged import EngagedModel, valid_casualties
from viewer.rules.starcraft.rounds import RoundTracker, TrackedUnit, TrackerError

LOCATIONS = ("reserves", "table", "destroyed")


class StarcraftLessonBoard(LessonBoard):
    def check_hex(self, board, label):
        return (f"the table has no hexes; mark models instead of {label!r}", "models")

    def check_place(self, kind, board, at):
        if kind == "units":     # a whole unit stands in a player's reserves, on the table or destroyed
            return None if at in LOCATIONS else (f"a unit is in one of {', '.join(LOCATIONS)}, not {at!r}",
                                                 list(LOCATIONS))
        if kind != "models":
            return (f"the table holds models and units, not {kind}", ["models", "units"])
        ok = isinstance(at, list) and len(at) == 2 and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) and v >= 0 for v in at)
        return None if ok else (f"a model stands at a point [x, y] in inches, not {at!r}", "[x, y], both >= 0")


register_board("starcraft", StarcraftLessonBoard())


def _casualties(state: dict[str, Any], board: str | None, unit: str = "") -> dict[str, Any]:
    """Which models of ``unit`` may be removed first (SC 8.7.5): each model's ``in_range_of``
    (enemy units within 1") and ``base_contact`` come from the step's models."""
    models = [m for m in state["models"].values() if m.get("unit") == unit]
    if not models:
        units = sorted({str(m.get("unit")) for m in state["models"].values()})
        raise ViewerError("unit", f"no model of unit {unit!r} in the lesson's state", units)
    engaged = [EngagedModel(m["id"], frozenset(m.get("in_range_of") or ()), bool(m.get("base_contact", False)))
               for m in models]
    return {"valid": sorted(valid_casualties(engaged)),
            "priority": {e.id: e.priority for e in engaged}}


register_engine(Engine("starcraft.casualties", ("unit",), (RuleRef("starcraft", "8.7.5"),), _casualties,
                       "which models of an engaged unit may be removed first (SC 8.7.5)"))


_EVENTS = ("start", "activate", "pass", "next_phase")


def _phase(state: dict[str, Any], board: str | None, first_player: str = "A", events: Any = ()) -> dict[str, Any]:
    """Play the step's units through the round tracker (SC 8.2, 8.4): ``events`` is a list of
    ``{start: A}``, ``{activate: unit, action: deploy, supply: 5}``, ``{pass: B}``, ``{next_phase: true}``.
    The answer: whether every event is allowed, the first refusal, the phase, who is active and
    who holds the First Player marker, and each unit's activation marker."""
    units = {p["id"]: TrackedUnit(p["id"], str(p.get("owner", "A")), str(p["at"]), supply=int(p.get("supply", 0)),
                                  engaged=bool(p.get("engaged", False)), flying=bool(p.get("flying", False)))
             for p in state["units"].values()}
    tr = RoundTracker(units, first_player=first_player)
    out: dict[str, Any] = {"legal": True, "refused_at": None, "refusal": None}
    for i, e in enumerate(events or []):
        if not isinstance(e, dict) or not e or next(iter(e)) not in _EVENTS:
            raise ViewerError("events", f"event {i} must be a mapping starting with one of {', '.join(_EVENTS)}",
                              list(_EVENTS))
        kind = next(iter(e))
        try:
            if kind == "start":
                tr.start_phase(str(e["start"]))
            elif kind == "activate":
                tr.activate(str(e["activate"]), str(e.get("action", "")), e.get("supply"))
            elif kind == "pass":
                tr.pass_turn(str(e["pass"]))
            else:
                tr.next_phase()
        except TrackerError as err:
            out.update(legal=False, refused_at=i, refusal=str(err))
            break
    out.update(phase=tr.phase, active=tr.active, first_player=tr.first_player,
               markers={u.id: u.marker for u in tr.units.values()})
    return out


register_engine(Engine("starcraft.phase", ("first_player", "events"),
                       (RuleRef("starcraft", "8.2.1"), RuleRef("starcraft", "8.4.2")), _phase,
                       "activations and passes through a phase with the round tracker (SC 8.2, 8.4)"))
