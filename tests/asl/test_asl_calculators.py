"""ASL night calculators: the digest's worked examples through the calculators and the CLI."""
import json
import subprocess
import sys
from fractions import Fraction

import pytest

from viewer.calculators import REGISTRY, CalculatorInputError
from viewer.calculators.format import shown, value_name

SLUGS = ["asl.nvr-change", "asl.nvr", "asl.cloak", "asl.hip", "asl.fortification-hip", "asl.rally",
         "asl.recovery", "asl.los", "asl.illumination"]


def calc(slug, **kw):
    return REGISTRY[slug](**kw).compute()


def test_all_registered():
    assert set(SLUGS) <= set(REGISTRY)


def test_ex_vii_1_through_the_card():
    """Ex. VII-1: (6,4) -> +1; after a starshell 0; scattered clouds, full moon, dr 3 -> +2."""
    assert calc("asl.nvr-change", nvr=3, colored=6, white=4, moon="full").value["change"] == 1
    assert calc("asl.nvr-change", nvr=3, colored=6, white=4, moon="full", starshell_fired=True).value["change"] == 0
    r = calc("asl.nvr-change", nvr=3, colored=6, white=4, clouds="scattered", moon="full", dr=3)
    assert r.value["change"] == 2 and r.value["new_nvr"] == 5
    assert sum(r.distribution.values()) == 1
    need = calc("asl.nvr-change", nvr=3, colored=6, white=5, clouds="scattered", moon="half")
    assert need.value["new_nvr"] is None and any(s.key.endswith(".need_dr") for s in need.steps)


def test_nvr_change_odds_exact():
    """No clouds: a coloured 6 (1/6) and white 1-3 lowers (1/12), 4-6 raises (1/12) with no starshell yet."""
    r = calc("asl.nvr-change", nvr=3, colored=0, white=0)
    assert (Fraction(r.value["p_down"]), Fraction(r.value["p_up"])) == (Fraction(1, 12), Fraction(1, 12))
    fired = calc("asl.nvr-change", nvr=3, colored=0, white=0, starshell_fired=True)
    assert Fraction(fired.value["p_up"]) == Fraction(1, 18)
    assert calc("asl.nvr-change", nvr=3, colored=0, white=0, first_turn=True).distribution == {3: 1}


def test_nvr_out_of_snow_bounds_is_an_input_error():
    with pytest.raises(CalculatorInputError) as err:
        calc("asl.nvr-change", nvr=1, snow=True)
    assert err.value.parameter == "nvr" and err.value.allowed == [2, 9]


def test_nvr_table_doubtful_row_is_missing_unless_read():
    """charts-public §3.1: a 5 has no row in the stored table; the card names the missing cell."""
    r = calc("asl.nvr", colored=5, white=1)
    assert r.value["base_nvr"] is None and r.value["doubtful"] and [m.cell for m in r.missing] == ["cloud dr 5"]
    assert r.distribution is None
    read = calc("asl.nvr", colored=5, white=1, last_row="five-or-more")
    assert read.value["cloud_cover"] == "overcast" and read.value["base_nvr"] == 3
    assert sum(read.distribution.values()) == 1
    assert calc("asl.nvr", colored=4, white=1, winter=True).value["cloud_cover"] is None   # 4 + 1 = 5
    ok = calc("asl.nvr", colored=1, white=3, snow=True)
    assert (ok.value["cloud_cover"], ok.value["moon_phase"], ok.value["base_nvr"]) == ("none", "half", 7)


def test_ex_vi_3_hip_card():
    """Ex. VI-3: 6 squads -> 2 HIP, 6 "?"."""
    v = calc("asl.hip", squads=6).value
    assert (v["hip"], v["question_counters"]) == (2, 6)
    v = calc("asl.hip", squads=5, half_squads=2, hs_weight=0.5).value     # 6 squad-equivalents again
    assert (v["squad_equivalents"], v["hip"]) == ("6", 2)


def test_cloak_card_lists_ineligible_and_refuses_bad_kinds():
    r = calc("asl.cloak", forces="Main: 4 squad, 2 hs, 1 vehicle; Reinf: 2 squad, 1 squad onboard")
    assert r.value["counters"] == {"Main": 5, "Reinf": 2} and r.value["total"] == 7
    assert r.value["ineligible"] == {"Main": ["vehicle:1"], "Reinf": ["onboard:squad:1"]}
    left_out = {lang: [s.text(lang) for s in r.steps if s.key.endswith(".ineligible")] for lang in ("en", "es")}
    assert left_out["en"][0].endswith("left out: 1 × vehicle.") and "1 × vehículo." in left_out["es"][0]
    assert "1 × squad set up on the board" in left_out["en"][1] and "1 × pelotón colocado en el tablero" in left_out["es"][1]
    es = shown(r.value["ineligible"], "es", lambda key: value_name("asl.cloak", key, "es") or key)
    assert es == "Main: 1 × vehículo, Reinf: 1 × pelotón colocado en el tablero"
    with pytest.raises(CalculatorInputError) as err:
        calc("asl.cloak", forces="A: 3 tank")
    assert err.value.parameter == "forces" and "squad" in err.value.allowed


def test_ex_vi_4_fortification_card():
    """Ex. VI-4: the trench stays HIP through the fire and the starshell; the TEM reveals it."""
    r = calc("asl.fortification-hip")
    assert r.value["hip"] is True and r.value["revealed_by"] is None
    r = calc("asl.fortification-hip", events=["unit-fires", "illuminated", "breaks-routs-in-enemy-los", "tem-claimed"])
    assert r.value["revealed_by"] == "breaks-routs-in-enemy-los"
    assert calc("asl.fortification-hip", in_enemy_los=False).value["extra_mf"] == "none"
    with pytest.raises(ValueError):     # only the listed events
        calc("asl.fortification-hip", events=["dances"])


def test_fortification_events_read_from_text_name_each_unknown_one():
    """The text form (command line, lessons): names separated by commas, in order; each unknown
    name is named, with a close match when there is one, and the events allowed."""
    cls = REGISTRY["asl.fortification-hip"]
    assert cls.from_inputs(events="tem-claimed, unit-fires").events == ["tem-claimed", "unit-fires"]
    assert cls.from_inputs(events="").events == []
    with pytest.raises(CalculatorInputError) as err:
        cls.from_inputs(events="unit-fires, dances, tem-claimd")
    e = err.value
    assert e.parameter == "events" and "'dances'" in e.message and "did you mean 'tem-claimed'?" in e.message
    assert "'unit-fires'" not in e.message and e.allowed == list(cls.param["events"].objects)


@pytest.mark.parametrize("dr, outcome", [(3, "rallied"), (5, "rallied"), (6, "dm-removed"), (8, "dm-removed"),
                                         (9, "dm-kept"), (11, "dm-kept")])
def test_ex_vii_3_rally_card(dr, outcome):
    """Ex. VII-3 with the building's -1 and the user's other +4."""
    r = calc("asl.rally", dr=dr, broken_morale=8, building=True, other_drm=4)
    assert r.value["outcome"] == outcome
    assert calc("asl.rally", dr=dr, attempted=False).value["outcome"] == "not-attempted"


def test_ex_vii_2_recovery_card():
    """Ex. VII-2: +1 night +2 jungle; success on 1-2 with the user's threshold 5; no threshold -> missing."""
    r = calc("asl.recovery", other_drm=2, threshold=5)
    assert r.value["success_rolls"] == [1, 2] and Fraction(r.value["p_success"]) == Fraction(1, 3)
    assert calc("asl.recovery", dr=3, other_drm=2, threshold=5).value["success"] is False
    missing = calc("asl.recovery", other_drm=2)
    assert [m.cell for m in missing.missing] == ["success threshold"] and missing.distribution is None


def test_los_and_illumination_cards_ex_v_2():
    """Ex. V-2 through the cards: U6 blind behind 2V7; T5 lit only with level 2 and another level."""
    r = calc("asl.illumination", fires="2W7@2")
    assert r.value["radii"] == {"2W7": 2} and r.value["blind"]["2U6@0"] == "2V7"
    assert r.value["hexes"]["2U6"] == "blind" and "2T5" not in r.value["hexes"]
    assert calc("asl.illumination", fires="2W7@0, 2W7@1").value["hexes"]["2T5"] == "blind"
    assert calc("asl.illumination", fires="2W7@2, 2W7@0").value["hexes"]["2T5"] == "lit"
    assert calc("asl.illumination", fires="2P7 wreck").value["radii"] == {"2P7": 2}     # Ex. V-1
    v = calc("asl.los", a="2W7@1", b="2T5")
    assert v.value["status"] == "blocked" and v.value["blocked_by"] == ["2V7"]
    assert calc("asl.los", a="2W7@2", b="2T5").value["status"] == "clear"
    with pytest.raises(CalculatorInputError) as err:
        calc("asl.illumination", fires="2T5@1")
    assert err.value.parameter == "fires"


def test_cli_los_prints_the_verdict():
    out = subprocess.run([sys.executable, "-m", "viewer", "calc", "asl.los", "a=2W7@0", "b=2T5"],
                         capture_output=True, text=True, check=True)
    data = json.loads(out.stdout)
    assert data["result"]["status"] == "blocked" and "2V7" in data["steps"][1]["text"]
    bad = subprocess.run([sys.executable, "-m", "viewer", "calc", "asl.los", "a=2ZZ7"], capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2 and json.loads(bad.stderr)["error"]["parameter"] == "a"


def test_nvr_table_steps_name_the_public_e1_excerpt():
    """ASL E1.11: the NVR Table is the public eASLRB excerpt (charts-public §3.1), not the Spanish
    night summary; the steps that read it say so, in both languages."""
    r = calc("asl.nvr", colored=3, white=1)
    first = r.steps[0]
    assert first.key.endswith(".source") and str(first.rule) == "ASL E1"
    assert "eASLRB excerpt of E1.11" in first.text("en") and "extracto público del eASLRB" in first.text("es")
    table_steps = [s for s in r.steps if s.key.rsplit(".", 1)[1] in ("cloud", "moon", "modifier", "base")]
    assert len(table_steps) == 4 and all("eASLRB E1.11 excerpt" in s.text("en") for s in table_steps)


def test_fortification_events_card_is_a_multiple_choice_by_name(tmp_path, monkeypatch):
    """The card offers the events as a multiple choice named in the page's language; a choice
    recomputes, a language switch keeps it, and a preset (a list) comes back as chosen."""
    import panel as pn

    from viewer.state import SessionState
    from viewer.userdata import UserStore
    from viewer.views.common.calculator_card import CalculatorCard

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    state = SessionState()
    card = CalculatorCard(calculator=REGISTRY["asl.fortification-hip"](), state=state, store=UserStore(tmp_path))
    box = card.widgets["events"]
    assert isinstance(box, pn.widgets.MultiChoice)
    assert box.options["its TEM is claimed"] == "tem-claimed" and len(box.options) == 11
    box.value = ["unit-fires", "tem-claimed"]
    assert card.result.value["revealed_by"] == "tem-claimed"
    state.lang = "es"
    assert box.options["se reclama su TEM"] == "tem-claimed" and box.value == ["unit-fires", "tem-claimed"]
    assert card.result.value["revealed_by"] == "tem-claimed"
    assert card.apply_inputs({"events": ["illuminated", "enemy-enters"]})
    assert box.value == ["illuminated", "enemy-enters"] and card.result.value["revealed_by"] == "enemy-enters"
    assert not card.apply_inputs({"events": ["dances"]})
    assert "dances" in card.error_box.object and "se reclama su TEM" in card.error_box.object


def test_a_board_feed_fills_the_fortification_events_with_a_list(tmp_path, monkeypatch):
    """``CalculatorList.fill`` takes a list of events when every one is allowed, and leaves out a
    list naming any other."""
    from viewer.state import SessionState
    from viewer.views.common.calculator_list import CalculatorList

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    calcs = CalculatorList(SessionState(), ["asl.fortification-hip"])
    calcs.fill("asl.fortification-hip", events=["dances"])
    assert calcs.card("asl.fortification-hip").calculator.events[0] == "enemy-adjacent"
    calcs.fill("asl.fortification-hip", events=["unit-fires", "tem-claimed"])
    card = calcs.card("asl.fortification-hip")
    assert card.widgets["events"].value == ["unit-fires", "tem-claimed"]
    assert card.result.value["revealed_by"] == "tem-claimed"
