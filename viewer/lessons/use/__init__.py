"""USE lessons: the boards they may name (the fixture boards of the worked examples and, when
built, the real map) and the activation engine (USE 4.2.3: moves and attacks of one unit)."""
from __future__ import annotations

from typing import Any

from viewer.errors import ViewerError
from viewer.lessons.boards import Engine, LessonBoard, close, register_board, register_engine
from viewer.ruleref import RuleRef
from viewer.rules.use import boards as use_boards
from viewer.rules.use.activation import Activation, ActivationError
from viewer.rules.use.board import BoardError
from viewer.rules.use.units import Situation, Unit, UnitError


class UseLessonBoard(LessonBoard):
    def boards(self) -> list[str]:
        return use_boards.names()

    def default_board(self) -> str | None:
        return "fixture:france-1940"

    def _board(self, name: str | None):
        return use_boards.load(name or self.default_board())

    def check_hex(self, board, label):
        b = self._board(board)
        if str(label) in b.hexes:
            return None
        try:
            b.find(str(label))
            return None
        except BoardError:
            return (f"no hex {label!r} on board {b.name!r}{close(label, list(b.hexes))}",
                    sorted(b.hexes)[:40])

    def adjacent(self, board, a, b):
        bd = self._board(board)
        try:
            return bd.find(str(b)) in bd.neighbors(bd.find(str(a)))
        except BoardError:
            return None

    def check_place(self, kind, board, at):
        b = self._board(board)
        if kind == "zones":
            return None if str(at) in b.zones or self.check_hex(board, at) is None else (
                f"no sea zone or hex {at!r} on board {b.name!r}", b.zones)
        if isinstance(at, str) and at in b.box_zones:
            return None     # a map box (USE 1.3.5)
        return super().check_place(kind, board, at)


BOARD = UseLessonBoard()
register_board("use", BOARD)


def _situation(state: dict[str, Any], board) -> Situation:
    units = []
    for p in state["units"].values():
        try:
            units.append(Unit(p["id"], p.get("faction", ""), p.get("cls", "land"), p.get("type", "infantry"),
                              board.find(str(p["at"])) if str(p["at"]) not in board.box_zones else str(p["at"]),
                              country=p.get("country", ""), supply=p.get("supply", "full"),
                              in_fortress=bool(p.get("in_fortress", False)), elite=bool(p.get("elite", False))))
        except (UnitError, BoardError) as err:
            raise ViewerError("units", str(err), "a USE unit: faction, cls, type, at") from None
    return Situation(units, control=dict(state.get("control") or {}))


_ACTIONS = ("move", "attack", "advance", "leave", "occupy", "end")


def _activation(state: dict[str, Any], board_name: str | None, unit: str = "", actions: Any = (),
                weather: str = "clear") -> dict[str, Any]:
    """Play one activation of ``unit`` on the step's starting pieces: ``actions`` is a list of
    ``{move: hex}``, ``{attack: hex, retreat_to: hex | result: held|eliminated}``, ``{advance: true}``,
    ``{leave: true}`` / ``{occupy: true}`` (a fortress, USE 4.2.3.5-4.2.3.6), ``{end: true}``.
    The answer: whether every action is legal, where the first refusal is and why, the unit's hex,
    MP left, whether it must stop (USE 4.2.3.1) and each action's cost."""
    board = BOARD._board(board_name)
    situation = _situation(state, board)
    if unit not in {u.id for u in situation.units}:
        raise ViewerError("unit", f"no unit {unit!r} in the lesson's state", sorted(u.id for u in situation.units))
    act = Activation(board, situation, unit, weather=weather)
    out: dict[str, Any] = {"legal": True, "refused_at": None, "reason": None, "mp_start": act.mp}
    for i, a in enumerate(actions or []):
        if not isinstance(a, dict) or not a or next(iter(a)) not in _ACTIONS:
            raise ViewerError("actions", f"action {i} must be a mapping starting with one of {', '.join(_ACTIONS)}",
                              list(_ACTIONS))
        kind = next(iter(a))
        try:
            if kind == "move":
                act.move(board.find(str(a["move"])))
            elif kind == "attack":
                act.attack(board.find(str(a["attack"])), kind=a.get("kind", "mobile"),
                           result=a.get("result", "retreat"),
                           retreat_to=board.find(str(a["retreat_to"])) if a.get("retreat_to") else None)
            elif kind == "advance":
                act.advance()
            elif kind == "leave":
                act.leave_fortress()
            elif kind == "occupy":
                act.occupy_fortress()
            else:
                act.end()
        except ActivationError as err:
            out.update(legal=False, refused_at=i, reason=err.reason, rule=f"USE {err.rule}")
            break
    out.update(hex=act.hex, mp=act.mp, must_stop=act.must_stop, in_ezoc=act.hex in act.zoc(),
               in_fortress=act.unit.in_fortress, left_fortress=act.left_fortress,
               costs=[s.cost for s in act.log], actions=[s.action for s in act.log])
    return out


def _strategic(state: dict[str, Any], board_name: str | None, unit: str = "") -> dict[str, Any]:
    """Where ``unit`` may go by strategic movement along transport lines (USE 4.1): the hexes it
    may pass (``reach``) and stop in (``ends``), or why it may not move (``refused``)."""
    from viewer.rules.use.strategic import strategic_reach

    board = BOARD._board(board_name)
    situation = _situation(state, board)
    if unit not in {u.id for u in situation.units}:
        raise ViewerError("unit", f"no unit {unit!r} in the lesson's state", sorted(u.id for u in situation.units))
    r = strategic_reach(board, situation, unit)
    return {"refused": r["refused"], "reach": sorted(r["reach"]), "ends": sorted(r["ends"])}


def _geography(state: dict[str, Any], board_name: str | None, hex: str = "", other: str = "",
               zone: str = "") -> dict[str, Any]:
    """What the map says of a hex (USE 1.3): land, coastal, island, its sea zones, whether land
    movement may enter it; with ``zone``, whether a naval unit in that zone may enter it; with
    ``other``, whether the hexside between the two is a land border."""
    from viewer.rules.use import basics
    from viewer.rules.use.naval import naval_hex_open
    from viewer.rules.use.zoc import land_closed

    board = BOARD._board(board_name)
    try:
        label = board.find(str(hex))
    except BoardError as err:
        raise ViewerError("hex", str(err), sorted(board.hexes)[:40]) from None
    h = board.hexes[label]
    out: dict[str, Any] = {"hex": label, "land": h.land, "coastal": h.coastal, "island": basics.is_island(board, label),
                           "sea_zones": sorted(h.sea_zones), "land_closed": bool(land_closed(board, label))}
    if zone:
        out["naval_open"] = bool(naval_hex_open(board, label, str(zone)))
    if other:
        out["land_border"] = bool(basics.is_land_border(board, label, board.find(str(other))))
    return out


def _sorties(state: dict[str, Any], board_name: str | None, sorties: int = 0, add: int = 0) -> dict[str, Any]:
    """A unit's Sorties after ``add`` more, kept within 0..6, and whether it may still activate (USE 1.5)."""
    from viewer.rules.use import basics

    after = basics.add_sorties(int(sorties), int(add))
    return {"sorties": after, "can_activate": basics.can_activate(after)}


def _calendar(state: dict[str, Any], board_name: str | None, turn: str = "", later: int = 0) -> dict[str, Any]:
    """The turn ``later`` turns after ``turn`` (USE 1.6), e.g. ``jun-41`` + 6 -> ``dec-41``."""
    from viewer.rules.use import basics

    try:
        return {"turn": basics.turns_later(str(turn), int(later))}
    except ValueError as err:
        raise ViewerError("turn", str(err), "a turn like jun-41") from None


register_engine(Engine("use.geography", ("hex", "other", "zone"), (RuleRef("use", "1.3"),), _geography,
                       "what the map says of a hex and a hexside (USE 1.3)"))
register_engine(Engine("use.sorties", ("sorties", "add"), (RuleRef("use", "1.5"),), _sorties,
                       "Sorties after a combat result (USE 1.5)"))
register_engine(Engine("use.calendar", ("turn", "later"), (RuleRef("use", "1.6"),), _calendar,
                       "the turn some turns later (USE 1.6)"))
register_engine(Engine("use.strategic", ("unit",), (RuleRef("use", "4.1"),), _strategic,
                       "where a unit may go by strategic movement (USE 4.1)"))
register_engine(Engine("use.activation", ("unit", "actions", "weather"),
                       (RuleRef("use", "4.2.1"), RuleRef("use", "4.2.3.1"), RuleRef("use", "4.2.3.3")),
                       _activation, "one unit's activation: moves, attacks, advance (USE 4.2.3)"))
