"""StarCraft lessons: a gridless table, so pieces stand at points ``[x, y]`` in inches (SC 8.5.3),
and the casualty engine for engaged units (SC 8.7.5) reading the step's models."""
from __future__ import annotations

from typing import Any

from viewer.errors import ViewerError
from viewer.lessons.boards import Engine, LessonBoard, register_board, register_engine
from viewer.ruleref import RuleRef
from viewer.rules.starcraft.engaged import EngagedModel, valid_casualties


class StarcraftLessonBoard(LessonBoard):
    def check_hex(self, board, label):
        return (f"the table has no hexes; mark models instead of {label!r}", "models")

    def check_place(self, kind, board, at):
        if kind != "models":
            return (f"the table holds models, not {kind}", ["models"])
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
