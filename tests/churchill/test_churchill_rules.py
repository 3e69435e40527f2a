"""Churchill rules: the digest's worked examples (T1-T11), its derived tests and property tests."""
from __future__ import annotations

import itertools
import math
from fractions import Fraction

import pytest
from hypothesis import given
from hypothesis import strategies as st

from viewer.rules.churchill import agenda as ag
from viewer.rules.churchill import decision as dec
from viewer.rules.churchill import polmil as pm
from viewer.rules.churchill import war
from viewer.rules.churchill.table import (
    CHAIR,
    NATIONS,
    Position,
    card_value,
    clockwise_from,
    left_of,
    resolve,
    score_boxes,
    starting_left_of,
    steps_toward,
)


# -- worked examples ---------------------------------------------------------------------------------
def test_T01_score_21_is_x10_box_2_and_x1_box_1():  # Ex. T01, Churchill 3.2.1
    assert score_boxes(21) == (2, 1)
    assert score_boxes(7) == (0, 7)


def test_T02_agenda_roosevelt_4_stalin_1_goes_to_us_box_3():  # Ex. T02, Churchill 4.21, 5.14
    a = ag.agenda({"UK": 0, "US": 4, "USSR": 1})
    assert a.winner == "US" and a.lowest_other == 1 and a.placement == Position("US", 3)
    assert a.order == ("UK", "USSR", "US")  # Churchill, Stalin, then Roosevelt: 1 + 2x3 = 7 issues


def test_T03_production_theft():  # Ex. T03, Churchill 4.23.3, 6.32
    p = dec.production(production_issues=[("US", "USSR"), ("US", "USSR"), ("UK", "US")])
    assert p.total == {"US": 5, "UK": 3, "USSR": 5}


def test_T04_polmil_issue_to_uk_box_3_production_to_box_4():  # Ex. T04, Churchill 5.22 example 1
    assert resolve(Position(), "UK", card_value(3, "UK", "advance")).end == Position("UK", 3)
    assert resolve(Position(), "UK", card_value(3, "UK", "advance", bonus=1)).end == Position("UK", 4)


def test_T05_uk_production_from_soviet_box_2_to_british_box_2():  # Ex. T05, Churchill 5.22 example 2
    assert resolve(Position("USSR", 2), "UK", card_value(3, "UK", "advance", bonus=1)).end == Position("UK", 2)


def test_T06_capture_debate_leaves_issue_at_us_box_6():  # Ex. T06, Churchill 5.23
    debate = card_value(2, "USSR", "debate")
    assert debate == 3  # Nyet
    out = resolve(Position("US", 5), "US", 4, "USSR", debate)
    assert out.would_capture and out.difference == 1 and out.end == Position("US", 6) and out.captured_by is None


def test_T07_leader_7_from_centre_captures():  # Ex. T07, Churchill 5.26
    v = card_value(7, "US", "advance", kind="leader")
    out = resolve(Position(), "US", v)  # no active Leader is left to debate
    assert out.captured_by == "US" and out.end == Position("US", CHAIR)
    assert card_value(7, "USSR", "debate", kind="leader") == 7  # Stalin's Leader gets no Nyet


def test_T08_own_production_issue_no_transfer():  # Ex. T08, Churchill 6.32
    p = dec.production(production_issues=[("US", "US")])
    assert p.total == dec.BASE_PRODUCTION
    assert ag.issues_won([Position("US", 7)])["US"] == 1  # still an issue won


def test_T09_normandy_directed_offensive():  # Ex. T09, Churchill 6.7
    d = dec.directed_offensive("normandy", 4)
    assert (d.naval, d.offensive, d.theater_naval_after, d.unmet) == (1, 1, 5, 0)


def test_T10_roosevelt_keeps_pacific_three_markers():  # Ex. T10, Churchill 6.91, 6.92
    lead = dec.theater_leadership({"europe": "UK", "pacific": "US"}, {"pacific": "US"}, {"pacific": "US"})
    assert lead.markers["US"] == {"europe": 0, "pacific": 3} and lead.holders["pacific"] == "US"
    assert lead.markers["UK"] == {"europe": 1, "pacific": 0}


def test_T11_difference_22_second_always_wins():  # Ex. T11, Churchill 4.42 note
    v = war.victory({"UK": 40, "US": 18, "USSR": 30}, True, True)
    assert v.condition == 2 and v.odds["USSR"] == 1


# -- derived tests -----------------------------------------------------------------------------------
@pytest.mark.parametrize("diff, p_first", [(15, 1), (16, 1), (17, Fraction(5, 6)), (21, Fraction(1, 6)), (22, 0)])
def test_condition_2_odds(diff, p_first):  # Churchill 4.41, 4.42 (derived)
    v = war.victory({"UK": diff + 5, "US": 5, "USSR": 10}, True, True)
    assert v.condition == (1 if diff <= 15 else 2)
    assert v.odds["UK"] == p_first and v.odds["USSR"] == 1 - p_first


def test_condition_2_tournament_second_wins():  # Churchill 4.42 tournament (derived)
    v = war.victory({"UK": 21, "US": 5, "USSR": 10}, True, True, tournament=True)
    assert v.odds["USSR"] == 1


def test_condition_3_dice_changes():  # Churchill 4.43 (derived)
    assert war.condition3_change("first", 5) == -5
    assert war.condition3_change("second", 5) == -3
    assert war.condition3_change("last", 5) == 5


def test_condition_3_tournament_leader_loses_5():  # Churchill 4.43
    assert war.victory({"UK": 20, "US": 17, "USSR": 0}, False, True, tournament=True).odds["US"] == 1
    assert war.victory({"UK": 20, "US": 14, "USSR": 0}, False, True, tournament=True).odds["UK"] == 1


def test_condition_3_against_brute_force():  # Churchill 4.43, 4.44
    vp = {"UK": 12, "US": 10, "USSR": 7}
    wins = dict.fromkeys(NATIONS, 0)
    for r in itertools.product(range(1, 7), repeat=3):
        rolls = dict(zip(("UK", "US", "USSR"), r))
        mod = {"UK": 12 - rolls["UK"], "US": 10 - math.ceil(rolls["US"] / 2), "USSR": 7 + rolls["USSR"]}
        best = max(mod.values())
        tied = [n for n in mod if mod[n] == best]
        wins[tied[0] if len(tied) == 1 else "UK"] += 1  # 4.44 with no A-bomb and no lone tank: Churchill
    v = war.victory(vp, True, False)
    assert v.condition == 3 and v.odds == {n: Fraction(wins[n], 216) for n in NATIONS}


def test_final_tie_break_order():  # Churchill 4.44
    assert war.final_tie_break(["US", "USSR"], True, True)[0] == "US"
    assert war.final_tie_break(["US", "USSR"], False, True)[0] == "USSR"
    assert war.final_tie_break(["US", "USSR"], False, False)[0] == "UK"  # even though not tied


def test_front_strength_6_is_60_percent():  # Churchill 4.33, 2.0 (derived)
    assert war.front_advance(6).p_advance == Fraction(3, 5)
    assert war.front_advance(9).p_advance == Fraction(9, 10)
    f = war.front_advance(10)
    assert f.p_advance == 1 and f.two_box_rule  # a 0 reads 10: only strength 10 always advances


def test_front_reserves_cancel_then_stop():  # Churchill 4.33
    assert war.front_advance(6, offensive=2, army_reserves=2).offensive_left == 0
    f = war.front_advance(6, offensive=1, army_reserves=2)
    assert f.stopped and f.p_advance == 0


def test_523_debater_ahead_moves_toward_centre():  # Churchill 5.23 (derived)
    out = resolve(Position("US", 5), "US", 2, "UK", 4)
    assert out.difference == -2 and out.end == Position("US", 3)


def test_523_tie_stays_put():  # Churchill 5.23 (derived)
    out = resolve(Position("US", 5), "US", 3, "UK", 3)
    assert out.difference == 0 and out.end == Position("US", 5) and out.captured_by is None


def test_abomb_unmodified_half():  # Churchill 6.10 (derived)
    assert war.abomb_p(0) == Fraction(1, 2)
    assert war.abomb_p(3) == 1 and war.abomb_p(-3) == 0


# -- seating, ties, agenda ------------------------------------------------------------------------------
def test_seating_is_clockwise_churchill_stalin_roosevelt():  # Churchill 5.12, 4.21
    assert left_of("UK") == "USSR" and left_of("USSR") == "US" and left_of("US") == "UK"
    assert clockwise_from("UK") == ("UK", "USSR", "US")
    assert starting_left_of("US") == ("UK", "USSR", "US")


def test_tie_break_offers_stalin_first():  # Churchill 4.51
    t = ag.break_tie(["UK", "US"], committed=["USSR", "UK"], choice="UK")
    assert t.leader == "USSR" and t.winner == "UK"  # Stalin was offered first and chose
    t = ag.break_tie(["UK", "US"], committed=["UK"])
    assert t.leader == "UK" and t.winner == "UK"


def test_tie_break_us_rule():  # Churchill 4.53
    assert ag.break_tie(["UK", "US"]).winner == "US"
    assert ag.break_tie(["UK", "USSR"], choice="USSR").winner == "USSR"
    with pytest.raises(ValueError, match="choice"):
        ag.break_tie(["UK", "USSR"])


def test_uk_plus_one_only_in_agenda():  # Churchill 3.32, 5.13
    assert card_value(3, "UK", "agenda") == 4
    assert card_value(3, "UK", "advance") == 3 and card_value(3, "UK", "debate") == 3
    assert card_value(3, "USSR", "agenda") == 3 and card_value(3, "USSR", "advance") == 3


def test_agenda_difference_zero_goes_to_centre():  # Churchill 5.14
    a = ag.agenda({"UK": 2, "US": 3, "USSR": 3})  # three-way tie at 3 (UK 2 + 1): the US wins it, 3 - 3 = 0
    assert a.winner == "US" and a.difference == 0 and a.placement.centre
    assert ag.agenda({"UK": 2, "US": 4, "USSR": 4}).placement == Position("US", 1)  # lowest of the others: UK 3


def test_conference_winner_counts_track_and_chair():  # Churchill 5.27
    won = ag.issues_won([Position(), Position("UK", 3), Position("UK", 7), Position("US", 1)])
    assert won == {"UK": 2, "USSR": 0, "US": 1}
    assert ag.conference_winner(won).winner == "UK"


def test_production_extras():  # Churchill 6.32
    p = dec.production(strategic_materials="centre", arctic_naval=3, murmansk=True)
    assert p.total == {"UK": 5, "USSR": 6, "US": 7}
    assert dec.production(strategic_materials="UK").total["UK"] == 5


def test_directed_offensive_land_and_partial():  # Churchill 6.7
    assert dec.directed_offensive("land", 0).offensive == 2
    d = dec.directed_offensive("amphibious", 0, production=1)
    assert (d.naval, d.offensive, d.unmet) == (1, 0, 1)


# -- Pol-Mil -------------------------------------------------------------------------------------------
def test_polmil_distribution_against_enumeration():  # Churchill 5.12
    tally: dict[str, int] = {}
    for red, blue in itertools.product(range(1, 7), repeat=2):
        loc = pm.location(red, blue)
        tally[loc] = tally.get(loc, 0) + 1
    assert pm.counts() == tally and sum(tally.values()) == 36 and len(tally) == 22
    assert sorted(tally.values()).count(1) == 8 and sorted(tally.values()).count(2) == 14
    assert pm.probabilities()["france"] == Fraction(1, 18) and pm.probabilities()["norway"] == Fraction(1, 36)
    assert pm.grid_probability().sum() == pytest.approx(sum(tally[loc] ** 2 for loc in tally) / 36)


def test_polmil_placement_rules():  # Churchill 5.12 rules 1-5
    empty = pm.LocationState()
    assert pm.place(empty, "UK", "network").action == "placed_network"
    other = pm.LocationState("US", 2)
    assert pm.place(other, "UK", "network").after == pm.LocationState("US", 1)  # rule 1
    assert pm.place(pm.LocationState("UK", 2), "UK", "network").action == "discarded_at_limit"  # rule 2
    assert pm.place(empty, "UK", "alignment").action == "alignment_lost"  # rule 3
    r4 = pm.place(pm.LocationState("UK", 1, "US"), "UK", "alignment")
    assert r4.action == "removed_alignment" and r4.after.alignment_owner is None  # rule 4
    seq = pm.place_repeated(pm.LocationState("US", 1), "UK", "network", 3)  # rule 5
    assert [s.action for s in seq] == ["removed_network", "placed_network", "placed_network"]
    assert seq[-1].after == pm.LocationState("UK", 2)


# -- properties of issue movement -------------------------------------------------------------------------
positions = st.one_of(st.just(Position()), st.builds(Position, st.sampled_from(NATIONS), st.integers(1, 6)))


@given(positions, st.sampled_from(NATIONS), st.integers(0, 15))
def test_move_never_beyond_chair(pos, mover, n):  # Churchill 5.22, 5.23
    end = steps_toward(pos, mover, n).position
    assert end.box <= CHAIR
    assert not end.captured or end.track == mover  # only the mover's chair can be reached


@given(positions, st.sampled_from(NATIONS), st.integers(0, 15), st.sampled_from((None, *NATIONS)), st.integers(0, 12))
def test_capture_only_at_chair(pos, mover, v, debater, w):  # Churchill 5.23, 5.24
    if debater == mover:
        debater = None
    out = resolve(pos, mover, v, debater, w)
    assert (out.captured_by is not None) == (out.end.box == CHAIR)
    assert out.end.box <= CHAIR


@given(st.sampled_from(NATIONS), st.integers(1, 6), st.integers(0, 12))
def test_centre_approach_independent_of_side(mover, box, n):  # Churchill 5.22
    others = [o for o in NATIONS if o != mover]
    a = steps_toward(Position(others[0], box), mover, n).position
    b = steps_toward(Position(others[1], box), mover, n).position
    if n >= box:
        assert a == b  # once through the centre, which side it came from does not matter
    else:
        assert a == Position(others[0], box - n) and b == Position(others[1], box - n)


@given(positions, st.sampled_from(NATIONS), st.integers(0, 6), st.integers(0, 6))
def test_moves_add_up(pos, mover, a, b):  # Churchill 5.22: two moves toward one chair = one move of a + b
    two = steps_toward(steps_toward(pos, mover, a).position, mover, b).position
    assert two == steps_toward(pos, mover, a + b).position


@given(st.integers(0, 40), st.integers(0, 40), st.integers(0, 40), st.booleans(), st.booleans(), st.booleans())
def test_victory_odds_sum_to_one(uk, us, ussr, g, j, tour):  # Churchill 4.4
    v = war.victory({"UK": uk, "US": us, "USSR": ussr}, g, j, tour)
    assert sum(v.odds.values()) + v.unresolved == 1
