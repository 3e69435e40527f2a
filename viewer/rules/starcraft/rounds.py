"""The round tracker (SC 8.1, 8.2, 8.4-8.9): rounds, phases, alternating activations, passing and
the First Player marker.

Reading of SC 8.4.2 / 8.6.2 (the text leaves it open): a player who passes marks his own units
that have not activated, so they count as activated for the phase.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from viewer.errors import Refusal

PLAYERS = ("A", "B")
PHASES = (1, 2, 3, 4)
PHASE_NAMES = {1: "movement", 2: "assault", 3: "combat", 4: "scoring"}
#: Every action of each phase (SC 8.4.1, 8.6.1, 8.8).
PHASE_ACTIONS = {1: ("deploy", "move", "disengage", "hold"),
                 2: ("run", "charge", "ranged-attack", "hold"),
                 3: ("melee-attack",), 4: ()}
#: Every refusal of the tracker, by its key (:class:`TrackerError`).
REFUSALS = ("bad_starter", "scoring_no_activations", "unknown_unit", "no_starter", "not_your_turn",
            "illegal_action", "pass_not_active", "must_fight", "scoring_ends_round", "both_must_pass",
            "end_in_scoring", "tie_needs_roll_off")


class TrackerError(Refusal):
    """An illegal step: ``key`` names the refusal, ``params`` what was tried and what is allowed
    (unit ids, action ids, players A/B); a page words it in its language from the two (label
    ``sc.ui.rounds.refused.<key>``). The message is the English wording, for the command line."""

    def __init__(self, key: str, message: str, **params):
        super().__init__(message)
        self.key, self.params = key, params


def other(player: str) -> str:
    return "B" if player == "A" else "A"


@dataclass
class TrackedUnit:
    """A unit as the tracker sees it."""

    id: str
    owner: str
    location: str = "reserves"          # reserves | table | destroyed
    flying: bool = False
    engaged: bool = False
    supply: int = 0
    marker: str = "none"                # none | movement | assault (SC 8.4.1, 8.6.1)
    shoot_charge_barred: bool = False   # disengaged without tactical mass (SC 8.5.4)


@dataclass
class RoundTracker:
    """State of play: round 1..final, phase 1..4, whose turn, who passed, who holds the marker."""

    units: dict[str, TrackedUnit]
    first_player: str
    final_round: int = 5
    round: int = 1
    phase: int = 1
    active: str | None = None
    passed: list[str] = field(default_factory=list)
    acted: set[str] = field(default_factory=set)
    game_over: bool = False

    # -- queries -----------------------------------------------------------------------------
    def legal_actions(self, unit_id: str, available_supply: float | None = None) -> tuple[str, ...]:
        """The actions ``unit_id`` may take now (empty if it may not activate)."""
        u = self.units[unit_id]
        if u.id in self.acted or u.location == "destroyed" or self.phase == 4:
            return ()
        if self.phase == 1:
            if u.location == "reserves":
                fits = available_supply is None or u.supply <= available_supply
                return ("deploy",) if fits and u.marker == "none" else ()
            if u.marker != "none":
                return ()
            return ("disengage", "hold") if u.engaged else ("move", "hold")
        if u.location != "table":
            return ()
        if self.phase == 2:
            if u.marker != "movement":
                return ()
            acts = ["hold"] if u.engaged else ["run", "hold"]
            if not u.shoot_charge_barred:
                acts.append("ranged-attack")
                if not u.engaged and not u.flying:
                    acts.append("charge")
            return tuple(acts)
        return ("melee-attack",) if (u.engaged and not u.flying) else ()

    def eligible(self, player: str) -> list[str]:
        return [u.id for u in self.units.values() if u.owner == player and self.legal_actions(u.id)]

    def may_pass(self, player: str) -> bool:
        """Always, except in the Combat Phase while the player still has engaged units (SC 8.8)."""
        return not (self.phase == 3 and self.eligible(player))

    @property
    def phase_over(self) -> bool:
        return len(self.passed) == 2

    # -- steps -------------------------------------------------------------------------------
    def start_phase(self, starter: str) -> None:
        """The First Player marker's holder picks who acts first this phase (SC 8.2)."""
        if starter not in PLAYERS:
            raise TrackerError("bad_starter", f"starter must be A or B, not {starter!r}", starter=starter)
        if self.phase == 4:
            raise TrackerError("scoring_no_activations", "the Scoring Phase has no activations (SC 8.9)")
        self.active = starter

    def activate(self, unit_id: str, action: str, available_supply: float | None = None) -> None:
        """The active player's unit takes one action (SC 8.2); the turn passes to the opponent
        unless he has passed."""
        if unit_id not in self.units:
            raise TrackerError("unknown_unit", f"unknown unit {unit_id!r}; units: {sorted(self.units)}",
                               unit=unit_id, units=sorted(self.units))
        u = self.units[unit_id]
        if self.active is None:
            raise TrackerError("no_starter", "choose who starts the phase first")
        if u.owner != self.active:
            raise TrackerError("not_your_turn", f"it is {self.active}'s turn, not {u.owner}'s",
                               unit=unit_id, active=self.active, owner=u.owner)
        legal = self.legal_actions(unit_id, available_supply)
        if action not in legal:
            raise TrackerError("illegal_action", f"{unit_id} may not {action!r} now; allowed: {list(legal)}",
                               unit=unit_id, action=action, allowed=list(legal))
        self.acted.add(unit_id)
        if action == "deploy":
            u.location = "table"
        u.marker = {1: "movement", 2: "assault", 3: "none"}[self.phase]
        if other(u.owner) not in self.passed:
            self.active = other(u.owner)

    def pass_turn(self, player: str) -> None:
        """Pass (SC 8.2.1): no more activations this phase; the first to pass takes the First
        Player marker for the next phase; his unactivated units are marked."""
        if self.active is None:
            raise TrackerError("no_starter", "choose who starts the phase first")
        if player != self.active:
            raise TrackerError("pass_not_active", f"only the active player ({self.active}) may pass",
                               player=player, active=self.active)
        if not self.may_pass(player):
            raise TrackerError("must_fight", f"{player} still has engaged units to activate (SC 8.8)", player=player)
        if not self.passed:
            self.first_player = player
        self.passed.append(player)
        side = {1: "movement", 2: "assault"}.get(self.phase)
        for u in self.units.values():
            if u.owner == player and u.location == "table" and u.id not in self.acted and side:
                u.marker = side
                self.acted.add(u.id)
        self.active = None if self.phase_over else other(player)

    def next_phase(self) -> None:
        """Phases 1-3 end when both players have passed (SC 8.2.1); then the next phase."""
        if self.phase == 4:
            raise TrackerError("scoring_ends_round", "end the round with the players' VP (SC 8.9.6)")
        if not self.phase_over:
            raise TrackerError("both_must_pass", f"both players must pass first; passed: {self.passed}",
                               passed=list(self.passed))
        self.phase += 1
        self.passed, self.acted, self.active = [], set(), None

    def end_round(self, vp_a: int, vp_b: int, roll_off_winner: str | None = None) -> None:
        """SC 8.9.5-8.9.6: cleanup (activation markers go) and initiative to the player with fewer
        VP; a tie needs the roll-off winner. After the final round the game is over (SC 8.9.3)."""
        if self.phase != 4:
            raise TrackerError("end_in_scoring", "the round ends in the Scoring Phase (phase 4)")
        if self.round >= self.final_round:
            self.game_over = True
            return
        if vp_a == vp_b:
            if roll_off_winner not in PLAYERS:
                raise TrackerError("tie_needs_roll_off", "VP are tied: give the roll-off winner (A or B)")
            self.first_player = roll_off_winner
        else:
            self.first_player = "A" if vp_a < vp_b else "B"
        for u in self.units.values():
            u.marker = "none"
            u.shoot_charge_barred = False
        self.round += 1
        self.phase, self.passed, self.acted, self.active = 1, [], set(), None
