"""StarCraft TMG Part 8 rules: supply, control, scoring, charge, template, engaged casualties,
the round tracker. Worked examples of the digest (starcraft-tmg.md) are cited as "Ex. E1" ... and
its derived tests by name; their numbers are hypothetical test inputs, not game data."""
from __future__ import annotations

import math
from fractions import Fraction

import pytest

from viewer.rules.starcraft import supply as S
from viewer.rules.starcraft.charge import ChargeError, charge_odds, charge_succeeds
from viewer.rules.starcraft.control import (
    AFFINITY,
    ControlError,
    affinity,
    may_contest,
    resolve_control,
)
from viewer.rules.starcraft.engaged import (
    EngagedModel,
    melee_lines,
    removal_order,
    valid_casualties,
)
from viewer.rules.starcraft.rounds import RoundTracker, TrackedUnit, TrackerError
from viewer.rules.starcraft.scoring import (
    WIPE_OUT_BONUS,
    final_score,
    first_player_after_round,
    wiped_out,
)
from viewer.rules.starcraft.template import template_groups


# -- supply (SC 8.3.1, 8.3.2, 8.5.4) --------------------------------------------------------------
def test_reserve_curve_derived_10_15_20_25_unlimited():
    """Derived test "Supply": start 10, escalation 5, final round 5."""
    assert S.reserve_curve(10, 5, 5) == [10, 15, 20, 25, math.inf]


@pytest.mark.parametrize("final", [1, 2, 3, 4, 5])
def test_reserve_final_round_is_unlimited_and_earlier_rounds_linear(final):
    curve = S.reserve_curve(7, 3, final)
    assert curve[-1] == math.inf and len(curve) == final
    assert all(curve[r] == 7 + 3 * r for r in range(final - 1))


def test_reserve_rejects_rounds_outside_the_game():
    with pytest.raises(S.SupplyError, match="round must be 1..4"):
        S.supply_reserve(5, 10, 5, final_round=4)
    with pytest.raises(S.SupplyError, match="final_round"):
        S.supply_reserve(1, 10, 5, final_round=6)


def test_available_5_and_deploy_5_but_not_6():
    """Derived test "Available": reserve 15, deployed 4 + 6 -> 5; supply 5 fits, 6 does not."""
    avail = S.available_supply(15, [4, 6])
    assert avail == 5
    assert S.may_deploy(5, avail) and not S.may_deploy(6, avail)


def test_casualties_free_supply():
    """Derived test "Cap": a deployed unit drops 6 -> 3, available rises by 3."""
    assert S.available_supply(15, [4, 3]) - S.available_supply(15, [4, 6]) == 3


def test_final_round_deploys_anything():
    assert S.may_deploy(500, S.available_supply(math.inf, [40, 60]))


def test_disengage_6_vs_5_may_shoot_5_vs_5_may_not():
    """Ex. E4 and derived test "Disengage penalty": strictly greater supply is needed."""
    assert S.disengage_penalty(6, [3, 2]).may_shoot_or_charge
    assert not S.disengage_penalty(5, [3, 2]).may_shoot_or_charge
    assert S.disengage_penalty(5, [3, 2]).enemy_supply == 5


# -- control: both tables of SC 8.9.1 (Ex. E6) ----------------------------------------------------
@pytest.mark.parametrize("prev, a, b, owner, row", [
    (None, [4, 3], [5], "A", "higher"),          # A > B: A gains control (sum of supply)
    ("B", [7], [7], "B", "contested"),           # tie: stays with the owner
    (None, [7], [7], None, "contested"),         # tie: neutral stays neutral
    (None, [0], None, "A", "alone"),             # only one player, even with supply 0
    ("B", [0], [], "A", "alone"),
    ("A", None, None, "A", "nobody"),            # nobody: no change (persistent)
    (None, None, None, None, "nobody"),
    ("A", [2], [3], "B", "higher"),              # claimed only with a higher total
    (None, [0], [0], None, "contested"),         # derived: 0 vs 0 is a tie
])
def test_control_table_rows(prev, a, b, owner, row):
    """Ex. E6, the control table of SC 8.9.1, row by row."""
    res = resolve_control(prev, a, b)
    assert (res.controller, res.row) == (owner, row)


def test_persistent_control_never_reverts_to_neutral():
    """Ex. E6, persistent control rows: owner leaves, ties, and never neutral again."""
    owner = None
    for a, b in [([3], None), (None, None), ([2], [2]), (None, [1]), ([1], [1]), (None, None)]:
        owner = resolve_control(owner, a, b).controller
        assert owner is not None or a is None and b is None
    assert owner == "B"


def test_supply_zero_cannot_win_a_contest():
    """Ex. E6, who-can-contest table: a supply-0 unit controls alone but loses to any enemy."""
    assert resolve_control(None, [0], [1]).controller == "B"


@pytest.mark.parametrize("kw, reason", [
    ({"on_table": False}, "reserves"), ({"flying": True}, "air"), ({"burrowed": True}, "burrowed"),
    ({"in_coherency": False}, "coherency"), ({"model_in_reach": False}, "no_model"), ({}, "ok"),
])
def test_who_can_contest_rows(kw, reason):
    """Ex. E6, the who-can-contest table of SC 8.9.1, row by row."""
    args = {"on_table": True, "flying": False, "burrowed": False, "in_coherency": True, "model_in_reach": True} | kw
    check = may_contest(**args)
    assert check.reason == reason and check.allowed == (reason == "ok")


def test_air_never_contests_and_marker_keeps_owner():
    """Derived test: a marker owned by A with only B's Air unit nearby stays A's."""
    air = may_contest(True, True, False, True, True)
    assert not air.allowed
    assert resolve_control("A", None, [3] if air.allowed else None).controller == "A"


def test_affinity_rows():
    assert [affinity(n) for n in (1, 2, 3, 4, 5)] == ["red", "blue", "red", "blue", "neutral"] == list(AFFINITY.values())
    with pytest.raises(ControlError, match="1..5"):
        affinity(6)


# -- scoring (SC 8.9.3, 8.9.6, 8.10) --------------------------------------------------------------
def test_initiative_goes_to_fewer_vp():
    """Derived test "Initiative": VP A 8, B 5 -> B."""
    assert first_player_after_round(8, 5) == "B"
    assert first_player_after_round(3, 3) is None


def test_wipe_out_ends_the_game_and_gives_10():
    """Derived test "Game end"."""
    assert wiped_out(0, 0) and not wiped_out(0, 1) and not wiped_out(1, 0)
    s = final_score([2, 2], [3, 0], wiped="B")
    assert (s.total_a, s.total_b, s.winner) == (4 + WIPE_OUT_BONUS, 3, "A")


def test_reserves_count_as_destroyed_and_ties_draw():
    """Derived test "Final scoring": reserve units' VP go to the opponent; a tie has no winner."""
    s = final_score([1, 1, 1, 1, 1], [2, 1, 1, 1, 1], reserve_vp_a=1)
    assert (s.total_a, s.total_b, s.winner) == (6, 6, None)
    assert s.cumulative_a == (1, 2, 3, 4, 5)


# -- charge (SC 8.7.7) --------------------------------------------------------------------------
def test_charge_6_plus_3_is_9():
    """Derived test "Charge": Speed 6 + roll 3 = 9" reaches 9 but not 9.5."""
    assert charge_succeeds(6, 3, 9.0) and not charge_succeeds(6, 3, 9.5)
    odds = charge_odds(6, 9.0)
    assert odds.needed_roll == 3 and odds.probability == Fraction(2, 3)
    assert (odds.reach.min, odds.reach.max, odds.reach.mean()) == (7, 12, Fraction(19, 2))


@pytest.mark.parametrize("speed, dist", [(4, 0.0), (4, 4.9), (4, 5.0), (4, 7.2), (5, 11.0), (5, 11.01), (0, 3.5)])
def test_charge_probability_matches_counting_faces(speed, dist):
    expected = Fraction(sum(1 for r in range(1, 7) if charge_succeeds(speed, r, dist)), 6)
    assert charge_odds(speed, dist).probability == expected


def test_charge_bad_input():
    with pytest.raises(ChargeError, match="distance"):
        charge_odds(6, -1)


# -- template (SC 8.7.6) ------------------------------------------------------------------------
def test_template_primary_4_collateral_2():
    """Derived test "Template": primary 4 dice (+ modifiers) with Surge 4, collateral 2 dice, no Surge."""
    g = template_groups("P", 4, roa_modifier=1, collateral=[("C", 2)])
    assert [(x.unit, x.dice, x.surge, x.primary) for x in g] == [("P", 5, 4, True), ("C", 2, 0, False)]


# -- engaged casualties (SC 8.7.5) --------------------------------------------------------------
def test_engaged_priority_example_A_B_hydralisk():
    """Ex. E3: B (priority 2) is the only model in range of the Hydralisk and may not go first;
    once only models that each hold an engagement remain, the defender chooses A or B."""
    models = [
        EngagedModel("A", frozenset({"zerglings"}), base_contact=True),
        EngagedModel("B", frozenset({"hydralisk"}), base_contact=False),
        EngagedModel("C", frozenset({"zerglings"}), base_contact=True),
        EngagedModel("D"),  # priority 1: out of range of every enemy
    ]
    assert valid_casualties(models) == ["D"]
    after_d = models[:3]
    assert "B" not in valid_casualties(after_d)
    assert set(valid_casualties(after_d)) == {"A", "C"}
    last_two = [models[0], models[1]]
    assert set(valid_casualties(last_two)) == {"A", "B"}
    assert removal_order(models, 2) == ["D", "A"]


def test_engagement_kept_while_any_other_casualty_exists():
    """SC 8.7.5: a priority-2 model that alone holds an engagement is skipped even for priority 3."""
    models = [EngagedModel("x", frozenset({"e1"}), False), EngagedModel("y", frozenset({"e2"}), True),
              EngagedModel("z", frozenset({"e2"}), True)]
    assert valid_casualties(models) == ["y", "z"]


def test_melee_lines():
    lines = melee_lines({"a": True, "b": False, "c": False}, {"b": ["a"], "c": ["b"]})
    assert lines.front == {"a"} and lines.support == {"b"} and lines.attackers == 2


# -- the round tracker (SC 8.2, 8.4-8.9) --------------------------------------------------------
def _tracker(first="A"):
    units = {
        "a1": TrackedUnit("a1", "A", "reserves", supply=3), "a2": TrackedUnit("a2", "A", "table", supply=2),
        "b1": TrackedUnit("b1", "B", "table", supply=4), "b2": TrackedUnit("b2", "B", "reserves", supply=9),
    }
    return RoundTracker(units, first_player=first)


def test_roll_off_winner_may_give_the_marker_to_either_player():
    """Ex. E1: the winner of the roll-off hands the First Player marker to either player."""
    for holder in ("A", "B"):
        assert _tracker(holder).first_player == holder


def test_first_to_pass_in_movement_starts_assault():
    """Ex. E2: the first player to pass in Phase 1 takes the First Player marker for Phase 2."""
    tr = _tracker("A")
    tr.start_phase("A")
    tr.activate("a1", "deploy", available_supply=5)
    with pytest.raises(TrackerError, match="allowed"):
        tr.activate("b2", "deploy", available_supply=5)   # supply 9 does not fit
    tr.pass_turn("B")                                      # B passes first
    assert tr.first_player == "B" and tr.active == "A"
    assert tr.units["b1"].marker == "movement"             # B's unactivated unit is marked
    tr.activate("a2", "move")
    assert tr.active == "A"                                # B has passed: A keeps going
    tr.pass_turn("A")
    tr.next_phase()
    assert tr.phase == 2 and tr.first_player == "B"
    assert set(tr.legal_actions("a2")) == {"run", "hold", "charge", "ranged-attack"}
    assert tr.legal_actions("b2") == ()                    # reserves cannot act in Phase 2


def test_tracker_actions_by_phase_and_state():
    tr = _tracker()
    tr.units["a2"].engaged = True
    assert tr.legal_actions("a2") == ("disengage", "hold")
    tr.phase = 2
    tr.units["a2"].marker = "movement"
    assert tr.legal_actions("a2") == ("hold", "ranged-attack")
    tr.units["a2"].shoot_charge_barred = True
    assert tr.legal_actions("a2") == ("hold",)
    tr.phase = 3
    assert tr.legal_actions("a2") == ("melee-attack",)
    tr.units["a2"].flying = True
    assert tr.legal_actions("a2") == ()


def test_combat_phase_pass_only_without_engaged_units():
    """SC 8.8: a player may pass only when no engaged unit is left to activate."""
    tr = _tracker()
    tr.phase = 3
    tr.units["a2"].engaged = tr.units["b1"].engaged = True
    tr.start_phase("A")
    with pytest.raises(TrackerError, match="engaged"):
        tr.pass_turn("A")
    tr.activate("a2", "melee-attack")
    tr.activate("b1", "melee-attack")
    tr.pass_turn("A")
    tr.pass_turn("B")
    assert tr.phase_over


def test_end_round_initiative_and_game_over():
    tr = _tracker()
    tr.phase = 4
    tr.end_round(8, 5)
    assert (tr.round, tr.phase, tr.first_player) == (2, 1, "B")
    tr.phase = 4
    with pytest.raises(TrackerError, match="roll-off"):
        tr.end_round(3, 3)
    tr.end_round(3, 3, roll_off_winner="A")
    assert tr.first_player == "A"
    tr.round, tr.phase = 5, 4
    tr.end_round(1, 2)
    assert tr.game_over


def test_only_the_active_player_acts():
    tr = _tracker()
    tr.start_phase("A")
    with pytest.raises(TrackerError, match="turn"):
        tr.activate("b1", "move")
    with pytest.raises(TrackerError, match="active"):
        tr.pass_turn("B")
