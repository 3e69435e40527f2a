"""One unit's activation step by step: moves, attacks, advance, Assault, fortress (USE 4.2.3.1,
4.2.3.3, 4.2.3.5, 4.2.3.6).

An :class:`Activation` keeps the MP left and a log of every step with its cost and rule, so the
2nd Panzer example of 4.2.3.3 reads 10 -> 7 (attack 2914) -> 7 (advance, 0 MP) -> 3 (attack
Calais). Combat results are inputs (the result tables, 5.x, are not in the text): after an
attack the caller says where the defender went (``retreat_to``), or that it stayed or died.

"Start of the activation" means no step taken yet. After any step, a unit standing in enemy ZOC
must end its activation or attack (4.2.3.1, "EZOC is sticky"): moves are refused until it leaves
by an attack result that clears the ZOC.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import cast

from viewer.errors import ViewerError
from viewer.rules.use.board import UseBoard
from viewer.rules.use.costs import step_cost
from viewer.rules.use.tables import Costs
from viewer.rules.use.units import Situation, mp_allowance
from viewer.rules.use.zoc import ezoc, land_closed


class ActivationError(ViewerError):
    """A step the rules forbid: ``reason`` (a label key suffix), the ``rule`` and a message."""

    def __init__(self, reason: str, rule: str, message: str):
        self.reason, self.rule = reason, rule
        super().__init__(reason, message, text=f"{message} (USE {rule})")


@dataclass(frozen=True)
class LogStep:
    action: str          # move, mobile-attack, assault, advance, occupy, leave-fortress, end
    hex: str
    cost: int
    mp_after: int
    rule: str
    parts: tuple = ()
    displaced: tuple = ()     # enemy air/naval units sent away by entering the hex (4.2.3.7)


@dataclass
class Activation:
    board: UseBoard
    situation: Situation
    unit_id: str
    costs: Costs = field(default_factory=Costs)
    weather: str = "clear"
    first_step_stops: bool = True
    italy_axis: bool = True
    mp: int | None = None
    log: list[LogStep] = field(default_factory=list)
    mobile_attacks: int = 0
    ended: bool = False
    left_fortress: bool = False
    occupied_fortress: bool = False
    _vacated: str | None = None

    def __post_init__(self):
        u = self.unit
        if not u.land:
            raise ValueError(f"unit {self.unit_id} is not a land unit (4.2.3)")
        if self.mp is None:
            self.mp = mp_allowance(u.type, u.supply)

    # -- state ------------------------------------------------------------------------------
    @property
    def unit(self):
        return self.situation.unit(self.unit_id)

    @property
    def hex(self) -> str:
        return self.unit.hex

    @property
    def at_start(self) -> bool:
        return not self.log

    def zoc(self) -> dict:
        return ezoc(self.board, self.situation, self.unit.faction)

    @property
    def must_stop(self) -> bool:
        """In enemy ZOC after the start: end or attack only (4.2.3.1)."""
        return not self.at_start and self.hex in self.zoc() and not (
            len(self.log) == 1 and self.log[0].action == "move" and not self.first_step_stops)

    def _check_open(self):
        if self.ended:
            raise ActivationError("ended", "4.2.3.1", f"the activation of {self.unit_id} is over")

    def _record(self, action, hex, cost, rule, parts=(), displaced=()):
        self.mp -= cost
        self.log.append(LogStep(action, hex, cost, self.mp, rule, tuple(parts), tuple(displaced)))

    def _enter(self, to: str) -> tuple:
        """The unit stands in ``to``: city control and enemy fortresses change (2.3.1, 4.2.3.6);
        enemy air and naval units there are displaced (4.2.3.7). Returns the displaced ids."""
        from viewer.rules.use.fortress import displaced, enemy_enters
        u = self.unit
        gone = tuple(displaced(self.situation, to, u.faction))
        s = enemy_enters(self.board, self.situation, to, u.faction, self.italy_axis)
        for uid in gone:  # their owner moves them away; here they leave the hex
            s = s.without(uid)
        self.situation = s
        return gone

    # -- steps ------------------------------------------------------------------------------
    def move(self, to: str) -> LogStep:
        """Enter the adjacent hex ``to`` (4.2.1, 4.2.3.1, 4.2.3.2, 4.2.3.4)."""
        self._check_open()
        b, s, u, here = self.board, self.situation, self.unit, self.hex
        if to not in b.neighbors(here):
            raise ActivationError("not-adjacent", "4.2.3", f"{to} is not next to {here}")
        if self.must_stop:
            raise ActivationError("sticky", "4.2.3.1", f"{here} is in enemy ZOC: end the activation or attack")
        h = b.hexes[to]
        if land_closed(b, to) or "prohibited-land" in b.side(here, to):
            raise ActivationError("closed", "4.2.3.2", f"{to} is closed to land movement")
        if s.neutral(b, to) and not h.coastal:
            raise ActivationError("neutral", "2.1.1", f"{to} is a non-coastal hex of a neutral country")
        occupants = [o for o in s.at(to) if o.land and o.id != u.id]
        if any(o.faction != u.faction for o in occupants):
            raise ActivationError("enemy", "3.3", f"{to} holds an enemy land unit: attack it instead")
        z = self.zoc()
        if occupants and to in z:
            raise ActivationError("friendly-ezoc", "4.2.3.2",
                                  f"{to} holds a friendly land unit and is in enemy ZOC")
        both = z.get(here, frozenset()) & z.get(to, frozenset())
        if both:
            raise ActivationError("same-unit", "4.2.3.1",
                                  f"{here} and {to} are both in the ZOC of {', '.join(sorted(both))}")
        sc = step_cost(self.costs, h.terrain, river="river" in b.side(here, to),
                       transport="transport-line" in b.side(here, to),
                       enemy_city=s.enemy_city(b, to, u.faction),
                       enemy_fortress=(s.fortress_owner(b, to) or u.faction) != u.faction)
        if sc.total > cast(int, self.mp):  # __post_init__ has filled mp in
            raise ActivationError("no-mp", "4.2.1", f"entering {to} costs {sc.total} MP; {self.mp} left")
        self.situation = s.replace_unit(replace(u, hex=to, in_fortress=False))
        self._vacated = None
        gone = self._enter(to)
        self._record("move", to, sc.total, "4.2.3.4" if sc.transport else "4.2.1", sc.parts, gone)
        return self.log[-1]

    def attack(self, target: str, kind: str = "mobile", result: str = "retreat",
               retreat_to: str | None = None) -> LogStep:
        """Attack the enemy land unit in ``target``: ``kind`` mobile (5.3.2) or assault (5.3.3).
        ``result``: ``retreat`` (to ``retreat_to``), ``eliminated`` or ``held`` (user-supplied)."""
        self._check_open()
        b, s, u, here = self.board, self.situation, self.unit, self.hex
        if kind not in ("mobile", "assault"):
            raise ValueError(f"attack kind must be mobile or assault, not {kind!r}")
        if target not in b.neighbors(here):
            raise ActivationError("not-adjacent", "4.2.3.3", f"{target} is not next to {here}")
        defenders = [o for o in s.at(target) if o.land and o.faction != u.faction]
        if not defenders:
            raise ActivationError("no-defender", "4.2.3.3", f"{target} holds no enemy land unit")
        d = defenders[0]
        if kind == "mobile" and d.in_fortress:
            raise ActivationError("fortress-target", "4.2.3.5",
                                  f"{d.id} occupies a fortress: only an Assault may target it")
        if kind == "assault" and self.mobile_attacks:
            raise ActivationError("assault-after-mobile", "4.2.3.1",
                                  "no Assault after a Mobile Attack in the same activation")
        sc = step_cost(self.costs, b.hexes[target].terrain, river="river" in b.side(here, target),
                       enemy_city=s.enemy_city(b, target, u.faction),
                       enemy_fortress=(s.fortress_owner(b, target) or u.faction) != u.faction,
                       enemy_unit=True, attacking=True, weather=self.weather)
        if sc.total > cast(int, self.mp):  # __post_init__ has filled mp in
            raise ActivationError("no-mp", "4.2.1", f"attacking {target} costs {sc.total} MP; {self.mp} left")
        if u.in_fortress:  # it must first leave the fortress, 0 MP (4.2.3.5)
            self.leave_fortress()
            u = self.unit
        if kind == "assault":
            self._record("assault", target, sc.total, "4.2.3.3", sc.parts)
            self.ended = True
            return self.log[-1]
        self.mobile_attacks += 1
        if result == "retreat":
            if not retreat_to:
                raise ValueError("a retreat result needs retreat_to (the defender's owner chooses it)")
            self.situation = self.situation.replace_unit(replace(d, hex=retreat_to, in_fortress=False))
            self._vacated = target
        elif result == "eliminated":
            self.situation = self.situation.without(d.id)
            self._vacated = target
        elif result != "held":
            raise ValueError(f"result must be retreat, eliminated or held, not {result!r}")
        self._record("mobile-attack", target, sc.total, "4.2.3.3", sc.parts)
        return self.log[-1]

    def advance(self) -> LogStep:
        """Advance after combat into the hex the defender left: 0 MP (4.2.3.3 example)."""
        self._check_open()
        if not self._vacated:
            raise ActivationError("no-advance", "4.2.3.3", "no hex was vacated by the last attack")
        to, self._vacated = self._vacated, None
        self.situation = self.situation.replace_unit(replace(self.unit, hex=to, in_fortress=False))
        gone = self._enter(to)
        self._record("advance", to, 0, "4.2.3.3", (), gone)
        return self.log[-1]

    def leave_fortress(self) -> LogStep:
        """Step out from under the fortress marker: 0 MP (4.2.3.5)."""
        self._check_open()
        u = self.unit
        if not u.in_fortress:
            raise ActivationError("not-in-fortress", "4.2.3.5", f"{u.id} does not occupy a fortress")
        self.situation = self.situation.replace_unit(replace(u, in_fortress=False))
        self.left_fortress = True
        self._record("leave-fortress", u.hex, 0, "4.2.3.5")
        return self.log[-1]

    def occupy_fortress(self) -> LogStep:
        """Occupy the fortress of the hex and end the activation (4.2.3.5, 4.2.3.6)."""
        self._check_open()
        b, u = self.board, self.unit
        h = b.hexes[u.hex]
        if not h.fortress or self.situation.fortress_state.get(u.hex) == "removed":
            raise ActivationError("no-fortress", "4.2.3.5", f"{u.hex} has no fortress")
        if h.fortress != u.country:
            raise ActivationError("nationality", "4.2.3.6",
                                  f"only a {h.fortress} unit may occupy this fortress, not a {u.country or '?'} one")
        if self.left_fortress:
            raise ActivationError("reoccupy", "4.2.3.6",
                                  "a unit that left a fortress may not occupy one in the same activation")
        self.situation = self.situation.replace_unit(replace(u, in_fortress=True))
        self._record("occupy", u.hex, 0, "4.2.3.5")
        self.ended = True
        return self.log[-1]

    def end(self) -> LogStep:
        self._check_open()
        self._record("end", self.hex, 0, "4.2.3.1")
        self.ended = True
        return self.log[-1]


#: The 2nd Panzer's activation of the 4.2.3.3 example on the France 1940 fixture: each step as
#: (method, keyword arguments). Combat results are the example's (DR: the 10th retreats to Calais).
PANZER_EXAMPLE: tuple[tuple[str, dict[str, str]], ...] = (
    ("attack", {"target": "2914", "retreat_to": "2813"}),
    ("advance", {}),
    ("attack", {"target": "2813", "result": "held"}))


def play(board: UseBoard, situation: Situation, unit_id: str, steps, **kw) -> Activation:
    """Run ``steps`` ((method, kwargs) pairs) of one activation and return it with its log."""
    act = Activation(board, situation, unit_id, **kw)
    for method, args in steps:
        getattr(act, method)(**args)
    return act
