"""The ``starcraft.*`` calculators: derived tests of the digest through the calculator contract,
the CLI, and bad input naming the parameter."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction

import pytest

from viewer.calculators import REGISTRY, CalculatorInputError
from viewer.dice import parse
from viewer.rules.starcraft.attack import AttackInput, attack_outcome

SLUGS = ["starcraft.supply-reserve", "starcraft.deploy", "starcraft.ranged-attack", "starcraft.melee",
         "starcraft.template", "starcraft.charge", "starcraft.disengage", "starcraft.control", "starcraft.score"]


def calc(slug, **kw):
    return REGISTRY[slug].from_inputs(**{k: str(v) for k, v in kw.items()}).compute()


def test_every_issue_slug_is_registered():
    assert set(SLUGS) <= set(REGISTRY)


@pytest.mark.parametrize("rnd, reserve", [(1, 10), (2, 15), (3, 20), (4, 25), (5, None)])
def test_supply_reserve_10_15_20_25_unlimited(rnd, reserve):
    """Derived test "Supply"."""
    r = calc("starcraft.supply-reserve", round=rnd, start_supply=10, escalation=5, final_round=5)
    assert r.value["reserve"] == reserve and r.value["unlimited"] == (reserve is None)
    assert r.value["curve"] == [10, 15, 20, 25, "∞"]


def test_deploy_available_5():
    """Derived test "Available"."""
    assert calc("starcraft.deploy", reserve=15, deployed="4, 6", unit_supply=5).value == {"available": 5, "may_deploy": True}
    assert calc("starcraft.deploy", reserve=15, deployed="4,6", unit_supply=6).value["may_deploy"] is False
    assert calc("starcraft.deploy", reserve=15, deployed="4,6", unit_supply=60, unlimited="true").value["may_deploy"]


@pytest.mark.parametrize("own, ok", [(6, True), (5, False)])
def test_disengage_6_vs_5_and_5_vs_5(own, ok):
    """Ex. E4 / derived test "Disengage penalty"."""
    assert calc("starcraft.disengage", own_supply=own, enemy_supplies="3, 2").value["may_shoot_or_charge"] is ok


def test_disengage_failure_costs_the_leader():
    v = calc("starcraft.disengage", leader_clear="false").value
    assert v["fails"] and v["casualties"] == 1


def test_charge_calculator_6_plus_3():
    """Derived test "Charge": Speed 6, path 9" -> needs 3+ on the D6."""
    r = calc("starcraft.charge", speed=6, distance=9)
    assert r.value["needed_roll"] == 3 and r.value["probability_fraction"] == "2/3"
    assert calc("starcraft.charge", speed=6, distance=12.5).value["probability"] == 0


def test_ranged_attack_matches_the_rules_engine():
    r = calc("starcraft.ranged-attack", models=3, roa=2, hit=4, surge_die="d3", surge_matches="true", armor=5,
             damage=1, hit_points=2, target_models=5, visible=4, marker=1)
    ref = attack_outcome(AttackInput(6, 4, 5, 1, parse("d3"), True, None), [2] * 5, 4, 1)
    assert r.distribution == ref.casualties
    assert r.value["marker_distribution"] == {str(k): str(v) for k, v in ref.marker.items()} or \
        r.value["marker_distribution"] == {k: str(v) for k, v in ref.marker.items()}


def test_engaged_target_evades_and_ignores_visibility():
    plain = calc("starcraft.ranged-attack", visible=1, target_models=5)
    engaged = calc("starcraft.ranged-attack", visible=1, target_models=5, target_engaged="true", evade=4)
    assert plain.distribution.max <= 1 < engaged.distribution.max


def test_surge_mismatch_lowers_damage():
    """Ex. E5 through the calculator."""
    hit = calc("starcraft.ranged-attack", surge_die="d6", surge_matches="true", armor=3)
    miss = calc("starcraft.ranged-attack", surge_die="d6", surge_matches="false", armor=3)
    assert hit.value["expected_damage_dice"] > 1.5 * miss.value["expected_damage_dice"]


def test_melee_lines_and_split():
    full = calc("starcraft.melee", front=3, support=1, roa=2)
    assert full.value["attack_dice"] == 8
    part = calc("starcraft.melee", front=3, support=1, roa=2, dice_to_target=3, surge_here="false")
    assert part.value["attack_dice"] == 3
    with pytest.raises(CalculatorInputError) as err:
        calc("starcraft.melee", front=1, support=0, roa=2, dice_to_target=5)
    assert err.value.parameter == "dice_to_target"


def test_template_groups_through_the_calculator():
    """Derived test "Template": 4 primary dice with Surge 4, collateral 2 dice."""
    v = calc("starcraft.template", primary_affected=4, collateral="2", target_models=6).value
    assert v["groups"] == [{"unit": "primary", "dice": 4, "surge": 4, "primary": True},
                           {"unit": "collateral:1", "dice": 2, "surge": 0, "primary": False}]


@pytest.mark.parametrize("a, b, prev, owner", [("7", "7", "none", "none"), ("7", "7", "A", "A"), ("0", "", "none", "A"),
                                               ("0", "0", "B", "B"), ("", "", "B", "B"), ("3", "5", "A", "B")])
def test_control_calculator_rows(a, b, prev, owner):
    """Ex. E6 and derived test "Control" through the calculator."""
    assert calc("starcraft.control", contesting_a=a, contesting_b=b, previous=prev).value["controller"] == owner


def test_control_unit_check_air():
    v = calc("starcraft.control", unit_air="true").value
    assert v["unit_may_contest"] is False and v["unit_reason"] == "air"


def test_score_calculator():
    v = calc("starcraft.score", vp_a="3, 5", vp_b="2, 3", wiped_out="B").value
    assert (v["total_a"], v["total_b"], v["winner"], v["next_first_player"]) == (18, 5, "A", "B")
    assert calc("starcraft.score", vp_a="1", vp_b="1").value["winner"] == "tie"


@pytest.mark.parametrize("slug, raw, parameter", [
    ("starcraft.deploy", {"deployed": "4, x"}, "deployed"),
    ("starcraft.ranged-attack", {"surge_die": "d1"}, "surge_die"),
    ("starcraft.supply-reserve", {"round": "5", "final_round": "4"}, "round"),
    ("starcraft.score", {"vp_a": "1, 2", "vp_b": "1"}, "vp_b"),
    ("starcraft.ranged-attack", {"visible": "9", "target_models": "3"}, "visible"),
])
def test_bad_input_names_the_parameter(slug, raw, parameter):
    with pytest.raises(CalculatorInputError) as err:
        REGISTRY[slug].from_inputs(**raw).compute()
    assert err.value.parameter == parameter


def test_cli_runs_a_starcraft_calculator():
    out = subprocess.run([sys.executable, "-m", "viewer", "calc", "starcraft.charge", "speed=6", "distance=9"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["result"]["probability_fraction"] == str(Fraction(2, 3))
    assert [d["outcome"] for d in data["distribution"]] == list(range(7, 13))
