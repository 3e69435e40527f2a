"""Churchill calculators: worked examples through the calculator contract, the CLI and bad input."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from viewer.calculators import REGISTRY, CalculatorInputError
from viewer.cli import main as cli_main

SLUGS = ("churchill.issue-move", "churchill.agenda", "churchill.conference-winner", "churchill.production",
         "churchill.directed-offensive", "churchill.theater-leadership", "churchill.pol-mil",
         "churchill.front-advance", "churchill.a-bomb", "churchill.victory")


def calc(slug, **raw):
    return REGISTRY[slug].from_inputs(**{k: str(v) for k, v in raw.items()}).compute()


def test_all_registered():
    assert set(SLUGS) <= set(REGISTRY)


def test_T06_issue_move_capture_debate():  # Ex. T06, Churchill 5.23
    r = calc("churchill.issue-move", track="US", box=5, mover="US", card=4, debater="USSR", debate_card=2)
    assert r.value["end"] == "US 6" and r.value["debate_value"] == 3 and r.value["captured_by"] is None
    assert any(s.key.endswith("step.nyet") for s in r.steps)
    assert all(s.rule is not None for s in r.steps)


def test_T05_issue_move_across_centre():  # Ex. T05, Churchill 5.22
    r = calc("churchill.issue-move", track="USSR", box=2, mover="UK", card=3, bonus=1)
    assert r.value["end"] == "UK 2"


def test_T07_issue_move_leader_capture():  # Ex. T07, Churchill 5.26
    r = calc("churchill.issue-move", mover="US", card=7, card_kind="leader")
    assert r.value["captured_by"] == "US" and r.value["end"] == "US chair"


def test_leader_advance_needs_leader_debate():  # Churchill 5.24
    with pytest.raises(CalculatorInputError) as err:
        calc("churchill.issue-move", mover="US", card=7, card_kind="leader", debater="UK", debate_card=3)
    assert err.value.parameter == "debate_kind" and err.value.allowed == ["leader"]


def test_issue_move_bad_box_is_named():
    with pytest.raises(CalculatorInputError) as err:
        calc("churchill.issue-move", track="UK", box=0)
    assert err.value.parameter == "box"
    with pytest.raises(CalculatorInputError) as err:
        calc("churchill.issue-move", mover="UK", debater="UK")
    assert err.value.parameter == "debater"


def test_conditional_issue_stops_in_centre():  # Churchill 5.22
    r = calc("churchill.issue-move", track="US", box=2, mover="UK", card=4, conditional="true", stop_in_centre="true")
    assert r.value["end"] == "centre" and r.value["stopped_in_centre"]
    r = calc("churchill.issue-move", track="US", box=2, mover="UK", card=4, conditional="true")
    assert r.value["end"] == "UK 2"


def test_T02_agenda():  # Ex. T02, Churchill 4.21
    r = calc("churchill.agenda", uk_card=0, us_card=4, ussr_card=1)
    assert r.value["winner"] == "US" and r.value["placement"] == "US 3"
    assert r.value["pair_order"] == ["UK", "USSR", "US"]


def test_agenda_tie_with_leader_and_us_rule():  # Churchill 4.51, 4.53
    r = calc("churchill.agenda", uk_card=3, us_card=2, ussr_card=4, tie_leader="UK")
    assert r.value["uk_value"] == 4 and r.value["winner"] == "UK"
    r = calc("churchill.agenda", uk_card=3, us_card=2, ussr_card=4, tie_choice="USSR")
    assert r.value["winner"] == "USSR"  # the US, not involved, chooses
    with pytest.raises(CalculatorInputError) as err:
        calc("churchill.agenda", uk_card=3, us_card=2, ussr_card=4, tie_leader="UK", uk_leader_active="false")
    assert err.value.parameter == "tie_leader"


def test_conference_winner_tie():  # Churchill 4.52
    r = calc("churchill.conference-winner", uk_won=3, us_won=3, ussr_won=1)
    assert r.value["winner"] == "US" and r.value["decision_order"] == ["UK", "USSR", "US"]


def test_T03_production():  # Ex. T03, Churchill 4.23.3
    r = calc("churchill.production", us_production_1_won_by="USSR", us_production_2_won_by="USSR",
             uk_production_won_by="US")
    assert (r.value["us"], r.value["uk"], r.value["ussr"]) == (5, 3, 5)


def test_T09_directed_offensive():  # Ex. T09, Churchill 6.7
    r = calc("churchill.directed-offensive", entry="normandy", theater_naval=4)
    assert (r.value["naval"], r.value["offensive"], r.value["theater_naval_after"]) == (1, 1, 5)


def test_T10_theater_leadership():  # Ex. T10, Churchill 6.92
    r = calc("churchill.theater-leadership", pacific_issue_won_by="US")
    assert r.value["us_pacific"] == 3 and r.value["pacific_holder"] == "US"


def test_polmil_distribution_matches_enumeration():  # Churchill 5.12
    r = calc("churchill.pol-mil", red=1, blue=1)
    assert r.value["location"] == "france" and r.value["p_location"] == "1/18"
    d = r.distribution
    assert sum(d[k] for k in d) == 1 and len(d) == 22
    assert {r.outcome_labels[k]: d[k] for k in d}["norway"] == Fraction(1, 36)


def test_front_advance_60_percent():  # Churchill 4.33 (derived)
    r = calc("churchill.front-advance", strength=6)
    assert r.value["p_fraction"] == "3/5" and r.distribution.p_eq(1) == Fraction(3, 5)


def test_abomb_modifier_and_soviet():  # Churchill 6.10, 4.23.6
    r = calc("churchill.a-bomb", modifier=1, winner="USSR", ussr_box=2)
    assert r.value["p_advance"] == "66.7%" and r.value["ussr_box_after"] == 3


def test_victory_odds():  # Churchill 4.42
    r = calc("churchill.victory", uk_vp=37, us_vp=20, ussr_vp=30)  # difference 17
    assert r.value["p_uk"] == "5/6" and r.value["p_ussr"] == "1/6"


@pytest.mark.parametrize("slug", SLUGS)
def test_cli_runs_every_slug(slug, capsys):
    assert cli_main(["calc", slug]) in (0, None)
    out = json.loads(capsys.readouterr().out)
    assert out["calculator"] == slug and out["steps"]
