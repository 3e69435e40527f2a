"""USE calculators: the worked examples through each calculator, bad input, and the
combat distribution against brute force with a user-supplied table."""
import json
import subprocess
import sys
from fractions import Fraction
from itertools import product

import pytest

from viewer.calculators import REGISTRY
from viewer.calculators.base import CalculatorInputError
from viewer.rules.use import tables
from viewer.userdata import UserStore

SLUGS = ("use.move-cost", "use.attack-cost", "use.naval-move", "use.range", "use.stacking",
         "use.national-will", "use.combat")


def calc(slug, **kw):
    return REGISTRY[slug](**kw).compute()


def test_all_slugs_registered():
    assert set(SLUGS) <= set(REGISTRY)


def test_t23_shock_army_attack_is_too_dear():
    """Ex. T23 (4.2.1): clear hex, river, Clear weather: 3 MP > 2 MP left."""
    r = calc("use.attack-cost", river=True, mp_left=2)
    assert r.value["cost"] == 3 and r.value["legal"] is False


def test_t24_river_city_rough():
    """Ex. T24 (4.2.1): river into an enemy city that is rough: 3 MP, not 5."""
    assert calc("use.move-cost", terrain="rough", river=True, enemy_city=True).value["cost"] == 3


def test_t28_t29_panzer_attack_costs():
    """Ex. T28-T29 (4.2.3.3): 3 MP on 2914 with 10 left, then 4 MP on Calais with 7 left -> 3."""
    a = calc("use.attack-cost", river=True, mp_left=10)
    assert a.value["cost"] == 3 and a.value["mp_after"] == 7
    b = calc("use.attack-cost", river=True, enemy_city=True, mp_left=7)
    assert b.value["cost"] == 4 and b.value["mp_after"] == 3


def test_t32_no_assault_after_mobile_and_fortress_target():
    """Ex. T32 (4.2.3.1, 4.2.3.3) and 4.2.3.5: no Assault after a Mobile Attack; a fortress
    occupant can only be assaulted."""
    r = calc("use.attack-cost", mobile_attacks_made=1)
    assert r.value["assault_allowed"] is False and r.value["mobile_allowed"] is True
    r = calc("use.attack-cost", defender_in_fortress=True)
    assert r.value["mobile_allowed"] is False and r.value["assault_allowed"] is True


def test_transport_line_bonus_and_its_exceptions():
    """4.2.3.4: a transport line makes rough + river cost 1; not into an enemy city."""
    assert calc("use.move-cost", terrain="rough", river=True, transport_line=True).value["cost"] == 1
    assert calc("use.move-cost", terrain="rough", transport_line=True, enemy_city=True).value["cost"] == 2


@pytest.mark.parametrize("start,dest,mp,straits", [
    ("Rotterdam", "Brest", 3, 0),         # Ex. T35
    ("Rotterdam", "Amsterdam", 1, 0),     # Ex. T36
    ("Port Said", "Suez", 2, 0),          # Ex. T37
    ("northeast-america", "north-atlantic", 3, 0),   # Ex. T38
    ("northeast-america", "south-atlantic", 3, 0),   # Ex. T38
    ("Istanbul", "Samsun", 1, 0),         # Ex. T39
])
def test_t35_to_t39_naval(start, dest, mp, straits):
    """Ex. T35-T39 (4.2.4, 4.2.4.4) through use.naval-move."""
    r = calc("use.naval-move", start=start, destination=dest)
    assert r.value["mp"] == mp and r.value["straits"] == straits and r.value["legal"] is True


def test_t39_strait_counts_and_missing_cost():
    """Ex. T39 (4.2.4.4): Istanbul -> Athens 1 strait, Athens -> Sevastopol 2; cost missing."""
    r = calc("use.naval-move", start="Istanbul", destination="Athens")
    assert r.value["straits"] == 1 and r.value["mp"] is None and r.value["legal"] is None
    assert any(m.cell == "strait/cost" for m in r.missing)
    assert calc("use.naval-move", start="Athens", destination="Sevastopol").value["straits"] == 2


def test_enemy_closes_canal_and_strait():
    """4.2.4.1: an enemy unit beside the canal closes it; one on a strait hex closes the strait."""
    r = calc("use.naval-move", start="Port Said", destination="Suez", enemy_hexes="5359")
    assert "Suez Canal" in r.value["closed"] and r.value["legal"] is False
    r = calc("use.naval-move", start="Istanbul", destination="Athens", enemy_hexes="4141")
    assert "Dardanelles" in r.value["closed"] and r.value["legal"] is False


def test_axis_enters_no_box():
    r = calc("use.naval-move", start="northeast-america", destination="south-atlantic", faction="axis")
    assert r.value["legal"] is False


def test_t11_t12_range():
    """Ex. T11, T12 (1.4)."""
    r = calc("use.range", origin="3055", target="3060", range=5)
    assert r.value["in_range"] is True and r.value["distance"] == 5
    assert calc("use.range", origin="3055", target="3060", range=4).value["in_range"] is False
    z = calc("use.range", kind="sea-zones", origin="Malta", range=1)
    assert z.value["zones"] == "zone:22"


def test_t15_national_will():
    """Ex. T15 (2.1.2.1): 15 -> 14 -> 10."""
    r = calc("use.national-will", will=15, events="land-unit-eliminated, capital-lost")
    assert r.value["track"] == "15 → 14 → 10"
    r = calc("use.national-will", will=3, events="-5", enemy_cities=1)
    assert r.value["will"] == 0 and r.value["status"] == "conquered"
    r = calc("use.national-will", will=15, events="land-unit-eliminated, land-unit-eliminated, +2")
    assert r.value["track"] == "15 → 14 → 13 → 15"      # an event counts each time it happens


def test_national_will_names_an_unknown_event_and_the_table_rows(tmp_path, monkeypatch):
    """A word that is neither a row of the National Will Effects table nor a number is refused by
    name (not reported as a missing value); a row the player's copy adds is accepted."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    with pytest.raises(CalculatorInputError) as err:
        calc("use.national-will", events="land-unit-eliminated, factory-bombed, -x2")
    e = err.value
    assert e.parameter == "events" and "'factory-bombed'" in e.message and "'-x2'" in e.message
    assert "land-unit-eliminated" not in e.message and e.allowed == ["land-unit-eliminated", "capital-lost"]
    chart = tables.shipped("use.national-will")
    chart.set(("factory-bombed",), "change", -1, "test: my copy")
    tables.save_user_chart(chart, UserStore(tmp_path))
    r = calc("use.national-will", will=15, events="factory-bombed, capital-lost")
    assert r.value["track"] == "15 → 14 → 10" and not r.missing


def test_move_and_attack_cost_name_an_unknown_row_apart_from_a_missing_value(tmp_path, monkeypatch):
    """Terrain and weather name rows of the user's charts: an unknown word is refused by name with
    the rows allowed; a listed row nobody filled in stays a missing value (never invented)."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    with pytest.raises(CalculatorInputError) as err:
        calc("use.move-cost", terrain="mountain")
    assert err.value.parameter == "terrain" and "'mountain'" in err.value.message
    assert err.value.allowed == ["clear", "rough"]           # not river, port ...: not terrain
    with pytest.raises(CalculatorInputError) as err:
        calc("use.attack-cost", weather="snow")
    assert err.value.parameter == "weather" and "'snow'" in err.value.message and err.value.allowed == ["clear"]
    r = calc("use.move-cost", terrain="rough", enemy_fortress=True)
    assert [m.cell for m in r.missing] == ["enemy-fortress/cost"] and r.value["cost"] is None
    movement = tables.shipped("use.movement")
    movement.set(("mountain",), "cost", 3, "test: my copy")
    movement.set(("mountain",), "kind", "base", "test: my copy")
    tables.save_user_chart(movement, UserStore(tmp_path))
    attack = tables.shipped("use.attack-cost")
    attack.set(("snow",), "cost", 2, "test: my copy")
    tables.save_user_chart(attack, UserStore(tmp_path))
    assert calc("use.move-cost", terrain="mountain", river=True).value["cost"] == 4
    assert calc("use.attack-cost", terrain="mountain", weather="snow").value["cost"] == 5
    assert tables.terrain_names(tables.chart("use.movement")) == ["clear", "rough", "mountain"]


def test_t21_stacking():
    """Ex. T21 and 3.3."""
    assert calc("use.stacking", convoys=2, warships=1, land=2, map_box=True).value["legal"] is True
    r = calc("use.stacking", convoys=2, warships=1, land=2)
    assert r.value["legal"] is False and r.value["over"] == "convoy, land"
    assert calc("use.stacking", enemies_together=True).value["legal"] is False


def test_combat_with_a_user_table_matches_brute_force(tmp_path, monkeypatch):
    """5.0: with a complete user table, each code's chance equals the brute-force count."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    chart = tables.shipped("use.crt")
    chart.declare_codes({"result": {"AR": "attacker result", "DR": "defender retreats"}})
    for a, d in product(range(1, 17), repeat=2):
        chart.set((a, d), "result", "DR" if a > d else "AR", "test")
    tables.save_user_chart(chart, UserStore(tmp_path))
    r = calc("use.combat", attacker_drm=2, defender_drm=-1)
    assert not r.missing
    brute = Fraction(sum(1 for x, y in product(range(1, 7), repeat=2) if x + 2 > max(1, y - 1)), 36)
    assert f"DR {float(brute):.1%}" in r.value["outcomes"]
    assert sum(r.distribution.values()) == 1


def test_combat_without_table_names_cells():
    r = calc("use.combat", attacker_drm=15)
    assert len(r.missing) == 36 and r.missing[0].cell.startswith("11/")  # 6+... capped at +10: 11..16


def test_cli_bad_input_exits_2():
    out = subprocess.run([sys.executable, "-m", "viewer", "calc", "use.naval-move", "start=Atlantis"],
                         capture_output=True, text=True)
    assert out.returncode == 2
    err = json.loads(out.stderr)["error"]
    assert err["parameter"] == "start" and "Rotterdam" in err["allowed"]


def test_bad_hex_number_is_named():
    with pytest.raises(CalculatorInputError) as e:
        calc("use.range", origin="30555")
    assert e.value.parameter == "origin"


def test_a_hex_with_an_enemy_land_unit_is_attack_only():  # USE 3.3, 4.2.3.3
    from viewer.calculators import REGISTRY

    r = REGISTRY["use.move-cost"].from_inputs(terrain="clear", transport_line="true", enemy_unit="true",
                                             mp_left="1").compute()
    assert r.value["attack_only"] is True and r.value["legal"] is False
    assert r.value["mp_after"] == 1 and r.value["transport_bonus"] is False
    assert any(s.key.endswith(".attack_only") and str(s.rule) == "USE 4.2.3.3" for s in r.steps)
    free = REGISTRY["use.move-cost"].from_inputs(terrain="clear", mp_left="1").compute()
    assert free.value["attack_only"] is False and free.value["legal"] is True


def test_attack_only_agrees_with_land_reach():  # USE 3.3, 4.2.3.3
    """The 2nd Panzer next to the 10th Army (4.2.3.3 example): land_reach never enters 2914 and
    lists it as an attack; use.move-cost on the same step answers attack only, and the entering
    cost it names plus the weather's attack cost is land_reach's attack cost (1 + 1 river + 1)."""
    from viewer.calculators import REGISTRY
    from viewer.rules.use import fixtures
    from viewer.rules.use.movement import land_reach
    from viewer.rules.use.units import Situation
    from viewer.state.use.board import DEFAULT_UNITS

    b = fixtures.board("france-1940")
    reach = land_reach(b, Situation(list(DEFAULT_UNITS["fixture:france-1940"])), "2nd Panzer")
    attack = next(a for a in reach.attacks if a.origin == "2915" and a.target == "2914")
    assert "2914" not in reach.cost
    step = REGISTRY["use.move-cost"].from_inputs(terrain=b.hexes["2914"].terrain, river="true",
                                                 enemy_unit="true", mp_left="10").compute()
    assert step.value["attack_only"] is True and step.value["legal"] is False and step.value["mp_after"] == 10
    cost = REGISTRY["use.attack-cost"].from_inputs(terrain="clear", river="true", mp_left="10").compute()
    assert cost.value["cost"] == attack.attack_cost == step.value["cost"] + 1


def test_combat_cap_and_floor_name_the_player_aid_not_5_0():
    """The +-10 cap and the floor of 1 are the player aid's Combat Resolution Sequence (steps 4, 5;
    charts-public.md 2.1), not the USE 5.0 text: those steps cite no rule and name the aid."""
    r = calc("use.combat", attacker_drm=15, defender_drm=-12, defender_halves=True)
    by = {s.key.rsplit(".", 1)[1]: s for s in r.steps}
    caps = [s for s in r.steps if s.key.endswith(".cap")]
    assert len(caps) == 2
    for s in (*caps, by["values"], by["halve"], by["sequence"]):
        assert s.rule is None and "player aid" in s.text("en") and "ayuda de juego" in s.text("es")
    assert "not the 5.0 text" in caps[0].text("en") and "+10" in caps[0].text("en")
    assert "never below 1" in by["values"].text("en") and r.value["defender_values"].startswith("1:")


def test_terrain_and_weather_cards_pick_the_chart_rows_by_name(tmp_path, monkeypatch):
    """On a card, terrain and weather are picked from the rows of the player's charts, named in
    the page's language; a row the player's copy adds is offered once the chart is saved, and a
    preset naming a row no chart has shows the input's message, with the rows allowed."""
    import panel as pn

    from viewer.state import SessionState
    from viewer.views.common.calculator_card import CalculatorCard

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    state, store = SessionState(), UserStore(tmp_path)
    card = CalculatorCard(calculator=REGISTRY["use.attack-cost"](), state=state, store=store)
    terrain, weather = card.widgets["terrain"], card.widgets["weather"]
    assert isinstance(terrain, pn.widgets.Select) and isinstance(weather, pn.widgets.Select)
    assert terrain.options == {"clear": "clear", "rough": "rough"} and weather.options == {"clear": "clear"}
    state.lang = "es"
    assert terrain.options == {"despejado": "clear", "accidentado": "rough"}
    assert weather.options == {"despejado": "clear"}
    terrain.value = "rough"
    assert card.result.value["cost"] == 3 and card.error is None
    assert card.apply_inputs({"weather": "snow"}) and weather.value == "snow"    # kept on show
    assert card.error is not None and card.error.parameter == "weather" and "snow" in card.error_box.object
    assert "despejado" in card.error_box.object
    attack = tables.shipped("use.attack-cost")
    attack.set(("snow",), "cost", 2, "test: my copy")
    tables.save_user_chart(attack, store)
    state.charts_saved += 1
    assert list(weather.options.values()) == ["clear", "snow"] and weather.value == "snow"
    assert card.error is None and card.result.value["cost"] == 4


def test_national_will_card_adds_events_by_name_one_at_a_time(tmp_path, monkeypatch):
    """The events stay a text in order (an event may repeat, a number stands for an event the
    table lacks); beside it a choice names the table's events and adds the one picked."""
    import panel as pn

    from viewer.state import SessionState
    from viewer.views.common.calculator_card import CalculatorCard

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    state = SessionState()
    card = CalculatorCard(calculator=REGISTRY["use.national-will"](events="", will=15), state=state,
                          store=UserStore(tmp_path))
    text, adder = card.widgets["events"], card.adders["events"]
    assert isinstance(text, pn.widgets.TextInput) and adder.label == "Add an event"
    assert adder.options == {"—": "", "a land unit eliminated": "land-unit-eliminated",
                             "the capital lost": "capital-lost"}
    adder.value = "land-unit-eliminated"
    adder.value = "land-unit-eliminated"
    assert text.value == "land-unit-eliminated, land-unit-eliminated" and adder.value == ""
    assert card.result.value["track"] == "15 → 14 → 13"
    state.lang = "es"
    assert adder.label == "Añadir un suceso" and adder.options["capital perdida"] == "capital-lost"
    text.value = "-2, capital-lost, disaster"
    assert card.error is not None and "'disaster'" in card.error.message
    adder.value = "capital-lost"
    assert text.value == "-2, capital-lost, disaster, capital-lost"
