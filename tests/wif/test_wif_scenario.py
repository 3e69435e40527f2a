"""The WiF scenario model: file round trips, validation errors, control (WiF 2.5), war and
neutrality (WiF 9), cooperation, weather, and the copy-returning edits."""
from __future__ import annotations

import dataclasses

import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario import Scenario, ScenarioError, Unit
from viewer.rules.wif.scenario_io import load_scenario, save_scenario, scenario_to_dict
from wif_synthetic import C, key, make_map


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def _label_of(m, country, **flags):
    h = m.hexes
    mask = (h["country"] == country) & ~h["hex_dot"]
    for col, value in flags.items():
        mask &= h[col] == value
    return str(h.loc[mask, "label"].iloc[0])


def _city(m, name):
    f = m.features
    row = f[f["name"] == name].iloc[0]
    return m.label((row["sheet"], int(row["q"]), int(row["r"])))


FULL = {
    "name": "Everything",
    "notes": "A scenario using every field.",
    "rule_refs": ["WiF 2.2", "WiF 2.3.1"],
    "weather": {"north-temperate": "snow", "mediterranean": "rain"},
    "options": {"divisions": True, "convoy_pairs": True},
    "sides": {"Germany": "axis"},
    "aligned": {"Slovakia": "Germany"},
    "conquered": {"Poland": "Germany"},
    "at_war": [["Germany", "Commonwealth"], ["Germany", "France"]],
    "neutral": ["Spain"],
    "cooperation": [["Germany", "Italy"]],
}


def _full(m):
    data = {"map": "europe", **FULL}
    inland = _label_of(m, "Germany", port=False, coastal=False)
    data["control"] = {_label_of(m, "France"): "Germany"}
    data["held_by_enemy_this_turn"] = [_city(m, "Warsaw")]
    data["units"] = [
        {"id": "gd", "name": "GD", "type": "ARM", "power": "Germany", "hex": inland, "face_up": False},
        {"id": "hq", "name": "Manstein", "type": "HQ-I", "power": "Germany", "hex": _label_of(m, "Germany")},
        {"id": "can", "type": "INF", "power": "Commonwealth", "home": "United Kingdom", "hex": _city(m, "London"),
         "white_flag": True},
        {"id": "cv", "type": "CV", "power": "Commonwealth", "sea_area": "North Sea", "section": 3},
        {"id": "cp", "type": "CONVOY", "power": "Commonwealth", "sea_area": "North Atlantic", "points": 4},
        {"id": "nav", "type": "NAV", "power": "Germany", "sea_area": "Baltic Sea", "section": 0, "air_to_sea": 3},
        {"id": "fp", "type": "NAV", "power": "Germany", "hex": _city(m, "Kiel"), "floatplane": True},
        {"id": "para", "type": "PARA", "power": "Germany", "hex": _label_of(m, "France"), "paradropping": True},
    ]
    return data


# ------------------------------------------------------------------ round trips
def test_round_trip_through_a_file(europe, tmp_path):
    first = load_scenario(_full(europe), europe)
    path = save_scenario(first, tmp_path / "s.yaml")
    again = load_scenario(path, europe)
    assert again == first
    assert load_scenario(path.read_text(encoding="utf-8")) == first          # text, map loaded by name
    assert load_scenario(scenario_to_dict(again), europe) == first
    assert "q:" not in path.read_text() and _city(europe, "London") in path.read_text()


def test_round_trip_keeps_every_field(europe):
    s = load_scenario(_full(europe), europe)
    assert s.units["gd"].face_up is False and s.units["gd"].name == "GD"
    assert s.units["cv"].sea_area == "North Sea" and s.units["cv"].section == 3 and s.units["cv"].hex is None
    assert s.units["cp"].convoy_points == 4 and s.units["nav"].air_to_sea == 3
    assert s.conquered == {"Poland"} and s.aligned["Poland"] == "Germany"
    assert s.neutral == {"Spain"} and frozenset(("Germany", "Italy")) in s.cooperation
    assert s.held_by_enemy_this_turn == {europe.find(_city(europe, "Warsaw"))}
    d = scenario_to_dict(s)
    assert d["conquered"] == {"Poland": "Germany"} and "Poland" not in d.get("aligned", {})


def test_unit_properties():
    cv = Unit("cv", "CV", "Japan", sea_area="x")
    bb = Unit("bb", "BB", "Japan", sea_area="x")
    hq = Unit("hq", "HQ-A", "Germany", hex=("m", 0, 0))
    assert cv.is_naval and cv.is_carrier and not cv.is_surface_combat and cv.is_surface and cv.at_sea
    assert bb.is_surface_combat and not Unit("s", "SUB", "Germany", sea_area="x").is_surface
    assert hq.is_hq and hq.is_land and not hq.is_air and Unit("f", "FTR", "Italy").is_air


# ------------------------------------------------------------------ validation
@pytest.mark.parametrize("change, parameter", [
    (lambda d: d["units"][0].update(hex="9999"), "units[0].hex"),
    (lambda d: d["units"][3].update(sea_area="Sea of Tranquillity"), "units[3].sea_area"),
    (lambda d: d["units"][3].update(section=7), "units[3].section"),
    (lambda d: d["units"][0].update(power="Atlantis"), "units[0].power"),
    (lambda d: d["units"][0].update(type="TANK"), "units[0].type"),
    (lambda d: d["units"][0].update(face_up="yes"), "units[0].face_up"),
    (lambda d: d["units"][0].update(colour="red"), "units[0].colour"),
    (lambda d: d["units"][0].update(sea_area="North Sea"), "units[0]"),
    (lambda d: d["units"][3].update(hex=d["units"][0]["hex"], sea_area=None, section=None), "units[3].hex"),  # no port
    (lambda d: d["units"][1].update(id="gd"), "units[1].id"),
    (lambda d: d["units"][4].update(points=0), "units[4].points"),
    (lambda d: d["units"][0].update(home="Narnia"), "units[0].home"),
    (lambda d: d.update(weather={"tropics": "fine"}), "weather.tropics"),
    (lambda d: d.update(weather={"arctic": "sunny"}), "weather.arctic"),
    (lambda d: d.update(options={"fog_of_war": True}), "options.fog_of_war"),
    (lambda d: d.update(at_war=[["Germany"]]), "at_war[0]"),
    (lambda d: d.update(at_war=[["Germany", "Mordor"]]), "at_war[0][1]"),
    (lambda d: d.update(neutral=["Commonwealth"]), "neutral"),
    (lambda d: d.update(conquered={"Poland": "Slovakia"}), "conquered.Poland"),
    (lambda d: d.update(control={"0000": "Germany"}), "control.0000"),
    (lambda d: d.update(sides={"Germany": "evil"}), "sides.Germany"),
    (lambda d: d.update(turn=3), "turn"),
    (lambda d: d.update(map="demo"), "map"),
])
def test_errors_name_the_field_and_what_is_allowed(europe, change, parameter):
    data = _full(europe)
    change(data)
    with pytest.raises(ScenarioError) as err:
        load_scenario(data, europe)
    assert err.value.parameter == parameter
    assert err.value.allowed
    shape = err.value.to_json()
    assert set(shape["error"]) == {"parameter", "message", "allowed"} and shape["error"]["parameter"] == parameter


def test_land_units_may_not_stand_in_a_hex_dot(europe):
    dot = str(europe.hexes.loc[europe.hexes["hex_dot"], "label"].iloc[0])
    with pytest.raises(ScenarioError, match="hex-dot"):
        load_scenario({"map": "europe", "units": [{"id": "a", "type": "INF", "power": "Germany", "hex": dot}]}, europe)


def test_bad_yaml_and_missing_file(tmp_path):
    with pytest.raises(ScenarioError) as err:
        load_scenario("map: [unclosed\n")
    assert err.value.parameter == "file"
    with pytest.raises(ScenarioError) as err:
        load_scenario(tmp_path / "nothing.yaml")
    assert err.value.parameter == "file"
    with pytest.raises(ScenarioError) as err:
        load_scenario({"map": "atlantis"})
    assert err.value.parameter == "map" and "europe" in err.value.allowed


# ------------------------------------------------------------------ control (WiF 2.5)
def test_default_control_resolves_the_map_countries(europe):
    s = load_scenario({"map": "europe"}, europe)
    c = lambda country: s.controller(europe, europe.find(_label_of(europe, country)))  # noqa: E731
    assert c("Germany") == "Germany"
    assert c("United Kingdom") == "Commonwealth"            # a major's home country
    assert c("Poland") == "Poland"                           # the minor controls its own hexes
    assert c("Libya") == "Italy"                             # a territory: its controlling power
    assert c("Rio de Oro") == "Spain"                        # a minor's territory
    assert c("Switzerland") == "Switzerland"
    dot = europe.find(str(europe.hexes.loc[europe.hexes["hex_dot"], "label"].iloc[0]))
    assert s.controller(europe, dot) is None
    control = s.control_array(europe)
    assert control[europe.position(europe.find(_label_of(europe, "Egypt")))] == "Commonwealth"


def test_conquest_and_overrides(europe):
    warsaw = europe.find(_city(europe, "Warsaw"))
    s = load_scenario({"map": "europe", "conquered": {"Poland": "Germany"}}, europe)
    assert s.controller(europe, warsaw) == "Germany"
    s2 = s.with_control(warsaw, "USSR")
    assert s2.controller(europe, warsaw) == "USSR" and s.controller(europe, warsaw) == "Germany"
    assert s2.with_control(warsaw, None).controller(europe, warsaw) == "Germany"
    assert s2.control_array(europe)[europe.position(warsaw)] == "USSR"


# ------------------------------------------------------------------ war, neutrality, cooperation
def test_war_through_alignment_and_sides(europe):
    s = load_scenario({"map": "europe", "at_war": [["Germany", "Poland"], ["Germany", "Commonwealth"]]}, europe)
    assert s.at_war_with("Germany", "Poland") and s.at_war_with("Poland", "Germany")
    assert s.at_war_with("Slovakia", "Poland")                # a minor shares its major's wars (WiF 9.2)
    assert s.at_war_with("Germany", "Poland") and not s.at_war_with("Germany", "France")
    assert s.enemies_of("Germany") >= {"Poland", "Commonwealth"} and "Italy" not in s.enemies_of("Germany")
    sides = load_scenario({"map": "europe", "at_war": [["axis", "allies"]]}, europe)
    assert sides.at_war_with("Italy", "USSR") and sides.at_war_with("Poland", "Slovakia")
    assert not sides.at_war_with("Spain", "Germany")


def test_neutrality_follows_wif_9_1(europe):
    s = load_scenario({"map": "europe", "at_war": [["Germany", "Poland"], ["Germany", "Commonwealth"],
                                                   ["USSR", "Finland"]]}, europe)
    assert not s.is_neutral("Germany") and not s.is_neutral("Commonwealth")
    assert s.is_neutral("Italy")                 # at war with no major power
    assert s.is_neutral("USSR")                  # at war only with a minor: still neutral (WiF 9.1)
    assert s.is_neutral("Spain") and not s.is_neutral("Finland") and not s.is_neutral("Poland")


def test_cooperation(europe):
    s = load_scenario({"map": "europe", "at_war": [["Germany", "Poland"], ["Germany", "Commonwealth"],
                                                   ["Germany", "France"]],
                       "cooperation": [["Commonwealth", "France"], ["Germany", "Italy"]]}, europe)
    assert s.cooperates("Poland", "Commonwealth")          # Ex. 2.4.2-1
    assert s.cooperates("Poland", "France")                 # through its major
    assert not s.cooperates("Germany", "Italy")             # Italy is a neutral major (WiF 9.1)
    assert not s.cooperates("Germany", "France")


# ------------------------------------------------------------------ weather
def test_weather_at_and_desert_shift():
    m = make_map(hexes={"0101": {"terrain": "desert"}})
    s = load_scenario({"map": m.name, "weather": {"north-temperate": "storm"}}, m)
    assert s.weather_at(m, key("0101")) == "storm"
    assert s.effective_weather_at(m, key("0101")) == "rain"         # WiF 8.2.1
    assert s.effective_weather_at(m, key(C)) == "storm"
    w = s.weather_array(m)
    assert w[m.position(key("0101"))] == "rain" and w[m.position(key(C))] == "storm"
    assert load_scenario({"map": m.name}, m).weather_at(m, key(C)) == "fine"


# ------------------------------------------------------------------ edits return copies
def test_edits_return_new_scenarios_and_leave_the_old_one():
    m = make_map()
    s = load_scenario({"map": m.name, "units": [{"id": "a", "type": "INF", "power": "Germany", "hex": C}]}, m)
    moved = s.moved("a", key("0101"))
    assert s.units["a"].hex == key(C) and moved.units["a"].hex == key("0101")
    assert [u.id for u in moved.units_at(key("0101"))] == ["a"] and not moved.units_at(key(C))
    at_sea = s.moved("a", None, sea_area="Test Sea", section=1)
    assert at_sea.units["a"].at_sea and at_sea.units["a"].section == 1
    assert s.flipped("a").units["a"].face_up is False and s.units["a"].face_up
    assert "a" not in s.without_unit("a").units and "a" in s.units
    war = s.with_war("Germany", "France")
    assert war.at_war_with("Germany", "France") and not s.at_war_with("Germany", "France")
    assert not war.with_war("Germany", "France", False).at_war_with("Germany", "France")
    assert s.with_weather("arctic", "blizzard").weather == {"arctic": "blizzard"} and s.weather == {}
    assert s.with_option("divisions", True).option("divisions") and not s.option("divisions")
    with pytest.raises(ScenarioError) as err:
        s.moved("zz", key(C))
    assert err.value.parameter == "unit" and err.value.allowed == ["a"]
    with pytest.raises(ScenarioError):
        s.with_option("nope", True)
    assert dataclasses.replace(s, name="x").hexmap is m
    assert load_scenario(scenario_to_dict(moved), m) == moved


def test_a_scenario_without_its_map_still_answers_politics():
    s = Scenario(map="europe", at_war={frozenset(("Germany", "France"))})
    assert s.at_war_with("Germany", "France") and s.side_of("Italy") == "axis" and s.politics is None
