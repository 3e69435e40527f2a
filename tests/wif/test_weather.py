"""WiF weather rules (viewer.rules.wif): worked examples of WiF 8 and 8.2.x, and the 8.3 matrix.

The matrix below is transcribed from the digest's consolidated table (wif-B-phases-weather.md,
8.3), which derives only from the Spanish rulebook's 8.2; every condition x terrain pair is
checked against it after the desert shift of WiF 8.2.1.
"""
from __future__ import annotations

import itertools
from fractions import Fraction

import pytest

from viewer.board.wif.vocabulary import VOCABULARY as WIF
from viewer.rules.charts import UnknownCell
from viewer.rules.wif import weather as W
from viewer.rules.wif import weather_effects as E
from viewer.rules.wif.odds import OddsLadder, odds_reduction, shift_odds, special_benefit_applies
from viewer.rules.wif.weather_chart import lookup, shipped_chart
from viewer.rules.wif.weather_roll import (
    WeatherState, modified_roll, modified_roll_distribution, roll_weather, weather_probabilities,
)

# effect -> value per effective weather (Fine, Rain, Snow, Storm, Blizzard), digest 8.3.
MATRIX = {
    "supply_range": (4, 2, 3, 2, 2),
    "terrain_cost_multiplier": (1, 2, 1, 2, 2),
    "invasion_allowed": (True, True, False, False, False),
    "odds_shift": (0, -1, -2, -2, -3),
    "odds_shift_special": (0, -1, 0, -2, -1),
    "shore_bombardment": ("normal", "asterisk+1", "asterisk+1", "prohibited", "prohibited"),
    "air_missions": ("all", "all", "all", "rebase-only", "rebase-only"),
    "air_factors": (Fraction(1), Fraction(1, 2), Fraction(1, 2), None, None),
    "naval_air_combat": (True, True, True, False, False),
    "search_number_eligible": (True, True, True, False, False),
    "search_roll_modifier": (0, 1, 1, 1, 1),
    "lake_frozen_as_printed": (False, False, True, True, False),
    "swamp_as_forest": (False, False, True, False, True),
    "port_closed_units": (False, False, True, False, True),
    "port_closed_resources": (False, False, True, False, True),
    "swedish_ore_restricted": (False, False, False, True, True),
}


@pytest.fixture
def complete_chart():
    """A chart with every cell filled: the shipped cells plus an obviously artificial pattern
    (condition by roll modulo 5) marked as synthetic test data. NOT the game's values."""
    chart = shipped_chart()
    for row in chart.schema.row_keys():
        for i, column in enumerate(chart.schema.column_names):
            if chart.known(row, column):
                continue
            value = {"asterisks": row[1] % 4, "impulse_advance": 1}.get(column, W.CONDITIONS[(row[1] + i) % 5])
            chart.set(row, column, value, "synthetic test pattern, not the game's chart")
    assert chart.complete
    return chart


def matrix(effect: str, weather: str):
    return MATRIX[effect][W.CONDITIONS.index(weather)]


# ----------------------------------------------------------------------- basics
def test_zones_and_conditions_match_the_board_and_labels():
    from viewer.i18n import has

    assert W.ZONES == WIF.climate_zones  # the six zones of WiF 8.1
    assert all(has(f"weather.{c}") for c in W.CONDITIONS)
    assert all(has(f"bimonth.{b}") for b in W.BIMONTHS)


def test_turns_run_by_bimonths():
    assert W.Turn(1939, "nov-dec").next() == W.Turn(1940, "jan-feb")
    assert W.Turn(1940, "May/Jun").bimonth == "may-jun"
    with pytest.raises(W.WeatherError, match="allowed: jan-feb"):
        W.Turn(1940, "summer")


def test_unknown_weather_names_the_allowed_values():
    with pytest.raises(W.WeatherError) as info:
        W.effective_weather("sunny")
    assert info.value.allowed == list(W.CONDITIONS)


def test_settings_are_named_and_checked():
    assert W.WeatherSettings().to_dict() == {"lake_freeze": "as-printed", "port_supply_weather": "last-impulse",
                                             "air_halving": "both", "rebase_only_by": "zone"}
    with pytest.raises(W.WeatherError, match="lake_freeze"):
        W.WeatherSettings(lake_freeze="never")


# ----------------------------------------------------------------------- WiF 8 worked example
def test_example_8_jul_aug_roll_8_after_two_asterisks():
    """WiF 8 example: Jul/Aug, raw 8 after May/Jun's two-asterisk result -> modified 10 ->
    North Monsoon Storm, Fine in every other zone, one asterisk carried."""
    chart = shipped_chart()
    assert lookup(chart, "may-jun", 1).asterisks == 2  # "the roll ... was 1, which has two asterisks"
    res = roll_weather(chart, "jul-aug", 8, 2)
    assert res.modified == 10
    assert res.chart.weather == {z: ("storm" if z == "north-monsoon" else "fine") for z in W.ZONES}
    assert res.chart.asterisks == 1
    assert res.chart.impulse_advance is None
    assert res.missing == ["jul-aug/10/impulse_advance"]  # the circled number is not given


def test_example_8_through_the_weather_state():
    chart = shipped_chart()
    state = WeatherState(last_asterisks=2)
    rec = state.roll(chart, "jul-aug", 8)
    assert rec.modified == 10 and state.zones["north-monsoon"] == "storm"
    assert state.last_asterisks == 1 and len(state.history) == 1
    assert WeatherState.from_dict(state.to_dict()).to_dict() == state.to_dict()
    state.roll(chart, "jul-aug", 3)  # modified 4: unknown row -> every zone unknown
    assert set(state.zones.values()) == {None} and state.last_asterisks is None
    with pytest.raises(W.WeatherError, match="asterisks are unknown"):
        state.roll(chart, "jul-aug", 5)
    state.set_zone("arctic", "Blizzard")
    assert state.zones["arctic"] == "blizzard"


def test_modified_roll_reads_a_zero_as_ten_and_adds_asterisks():
    assert modified_roll(0, 3) == 13 and modified_roll(1, 0) == 1
    with pytest.raises(W.WeatherError):
        modified_roll(11, 0)
    with pytest.raises(W.WeatherError):
        modified_roll(5, 4)
    dist = modified_roll_distribution(2)
    assert dist.min == 3 and dist.max == 12 and all(p == Fraction(1, 10) for p in dist.values())


def test_probabilities_are_exact_and_say_what_is_unknown():
    probs = weather_probabilities(shipped_chart(), "jul-aug", 2)
    assert probs["zones"]["north-monsoon"] == {"storm": Fraction(1, 10), "unknown": Fraction(9, 10)}
    assert probs["asterisks"] == {1: Fraction(1, 10), "unknown": Fraction(9, 10)}
    assert sum(probs["impulse_advance"].values()) == 1


def test_probabilities_with_a_complete_chart(complete_chart):
    probs = weather_probabilities(complete_chart, "jan-feb", 0)
    for zone, dist in probs["zones"].items():
        assert "unknown" not in dist and sum(dist.values()) == 1


# ----------------------------------------------------------------------- 8.2.1
@pytest.mark.parametrize("zone, desert", [("fine", "fine"), ("rain", "fine"), ("snow", "fine"),
                                          ("storm", "rain"), ("blizzard", "snow")])
def test_desert_shift(zone, desert):
    assert W.effective_weather(zone, "desert") == desert
    assert W.effective_weather(zone, "desert-mountain") == desert
    assert W.effective_weather(zone, "clear") == zone


# ----------------------------------------------------------------------- 8.2.2
def test_supply_examples_of_8_2_2():
    # "in Snow you could trace supply to only one hex on the Pacific map"
    pacific = E.supply_hex_cost("pacific")
    assert E.supply_path_ok("snow", [pacific]) and not E.supply_path_ok("snow", [pacific, pacific])
    # "you cannot even trace to an adjacent off-map hex unless the weather is Fine"
    off = E.supply_hex_cost("european", off_map=True)
    assert [E.supply_path_ok(w, [off]) for w in W.CONDITIONS] == [True, False, False, False, False]


def test_supply_costs_by_map_class_option_and_desert():
    assert E.supply_hex_cost("european") == 1 and E.supply_hex_cost("asian") == 2
    assert E.supply_hex_cost("african") == 1 and E.supply_hex_cost("african", afa_asa_option_1=True) == 2
    # WiF 2.4.2: a desert counts as 2 on the European maps, 3 on the Pacific, 5 off-map
    assert E.supply_hex_cost("european", terrain="desert") == 2
    assert E.supply_hex_cost("pacific", terrain="desert-mountain") == 3
    assert E.supply_hex_cost("european", off_map=True, terrain="desert") == 5
    with pytest.raises(W.WeatherError, match="map_class"):
        E.supply_hex_cost("demo")


# ----------------------------------------------------------------------- 8.2.3 / 8.2.4 / 11.5.5
def test_air_factors_are_halved_after_aa():
    assert E.air_factor(7, "rain", aa_loss=1) == 3.0
    assert E.air_factor(7, "fine") == 7.0
    assert E.air_factor(7, "storm") is None
    assert E.air_factor_multiplier("fine", in_sea_area=True) == 1
    assert E.air_factor_multiplier("fine", True, W.WeatherSettings(air_halving="hex-only")) == Fraction(1, 2)


def test_search_numbers_and_rolls():
    assert E.search_number_bonus("fine", nav=True) == 1
    assert E.search_number_bonus("storm", nav=True) == 0
    assert E.search_number_bonus("snow") == 0
    assert [E.search_number_bonus("rain", carrier_plane=True, sif_option_27=True, carrier_range=r)
            for r in (2, 5, 8)] == [0, 1, 2]
    # 11.5.5: -1 per 10 (or fraction) enemy CP, not in Storm/Blizzard nor for interceptions
    assert E.search_roll_modifier("fine", 11) == -2
    assert E.search_roll_modifier("rain", 10) == 0
    assert E.search_roll_modifier("storm", 25) == 1
    assert E.search_roll_modifier("fine", 25, kind="interception") == 0
    # "section 3 ... +1 for a NAV -> 4" (11.5.5); success when roll <= number
    assert E.search_succeeds(4, 3 + E.search_number_bonus("fine", nav=True))


# ----------------------------------------------------------------------- 8.2.7 worked examples
@pytest.mark.parametrize("odds, weather, expected", [
    ("12:1", "rain", "11:1"), ("3:2", "rain", "1:1"),          # WiF 8.2.7, Rain
    ("11:1", "storm", "9:1"), ("3:1", "storm", "3:2"),         # WiF 8.2.7, Storm or Snow
    ("11-1", "snow", "9:1"), ("3:1", "snow", "3:2"),
])
def test_odds_examples_of_8_2_7(odds, weather, expected):
    assert shift_odds(odds, weather)[0] == expected


def test_special_unit_benefit_in_snow_and_blizzard_only():
    assert shift_odds("3:1", "snow", Fraction(1, 2)) == ("3:1", 0, True)   # Snow: no effect
    assert shift_odds("12:1", "blizzard", 0.75) == ("11:1", 1, True)      # Blizzard: only -1
    assert shift_odds("12:1", "blizzard", 0.49)[0] == "9:1"              # less than half: -3
    for weather in ("rain", "storm"):                                      # no benefit
        assert not special_benefit_applies(weather, 1)
        assert odds_reduction(weather, True) == odds_reduction(weather, False)


def test_odds_beyond_the_text_are_unknown_not_invented():
    assert shift_odds("12:1", "blizzard")[0] == "9:1"  # inside the text's run
    for odds, weather in [("4:1", "rain"), ("1:1", "rain"), ("10:1", "blizzard"), ("13:1", "fine")]:
        if weather == "fine":
            assert shift_odds(odds, weather)[0] == odds  # no shift needs no column list
            continue
        with pytest.raises(UnknownCell) as info:
            shift_odds(odds, weather)
        assert info.value.chart == "wif.land-combat-columns"


def test_a_users_column_list_fills_the_gaps_and_must_agree_with_the_text():
    cols = "1:2, 1:1, 3:2, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1, 8:1, 9:1, 10:1, 11:1, 12:1"
    ladder = OddsLadder.from_columns(cols)
    assert shift_odds("5:1", "blizzard", ladder=ladder)[0] == "2:1"
    assert shift_odds("1:1", "rain", ladder=ladder)[0] == "1:2"
    with pytest.raises(W.WeatherError, match="disagrees"):
        OddsLadder.from_columns("1:1, 2:1, 3:2, 3:1, 9:1, 10:1, 11:1, 12:1")


def test_shore_bombardment_example_of_8_2_7():
    assert E.shore_bombardment_modifier("0*", "rain") == 1   # "'0*' is treated as '1'"
    assert E.shore_bombardment_modifier("0*", "snow") == 1
    assert E.shore_bombardment_modifier("0*", "fine") == 0
    assert E.shore_bombardment_modifier("2", "rain") == 2
    assert E.shore_bombardment_modifier("0*", "storm") is None


# ----------------------------------------------------------------------- 8.2.8 - 8.2.10
def test_impulse_marker_advance():
    assert E.advance_impulse_marker(3, 2, impulses_ended=False) == 5
    assert E.advance_impulse_marker(3, 2, impulses_ended=True) == 3


def test_lake_freeze_setting_names_the_discrepancy():
    corrected = W.WeatherSettings(lake_freeze="snow-blizzard")
    assert [E.lake_frozen(w) for w in W.CONDITIONS] == [False, False, True, True, False]
    assert [E.lake_frozen(w, corrected) for w in W.CONDITIONS] == [False, False, True, False, True]
    assert E.effective_terrain("lake", "snow") == "clear"
    assert E.effective_hexside("lake", "snow", "blizzard") == "river"
    assert E.effective_hexside("lake", "snow", "rain") == "lake"
    assert E.units_destroyed_on_thaw(True, False)


def test_frozen_ports_and_the_supply_setting():
    assert E.port_closed_to_overseas_supply("fine", last_impulse_weather="snow")          # 8.2.10
    assert not E.port_closed_to_overseas_supply(
        "fine", "snow", settings=W.WeatherSettings(port_supply_weather="current"))        # 2.4.2
    assert not E.port_closed_to_units("snow", freezable=False)
    assert E.swedish_ore_via_baltic_allowed("storm", narvik_allied=False)
    assert not E.swedish_ore_via_baltic_allowed("blizzard", narvik_allied=True)


# ----------------------------------------------------------------------- the 8.3 matrix
def _by_name(effects):
    return {e.name: e for e in effects}


@pytest.mark.parametrize("zone_weather, terrain", list(itertools.product(W.CONDITIONS, WIF.terrain)))
def test_every_condition_and_terrain_against_the_8_3_matrix(zone_weather, terrain):
    w = W.effective_weather(zone_weather, terrain)
    assert w == (W.DESERT_SHIFT[zone_weather] if terrain in ("desert", "desert-mountain") else zone_weather)
    fx = _by_name(E.hex_effects(zone_weather, terrain, zone="arctic", map_class="european",
                                port_freezable=True))
    assert fx["supply_range"].value == matrix("supply_range", w)
    assert E.terrain_cost_multiplier(w) == matrix("terrain_cost_multiplier", w)
    assert ("movement_doubled" in fx) == (matrix("terrain_cost_multiplier", w) == 2)
    assert E.invasion_allowed(w) == matrix("invasion_allowed", w)
    assert ("invasion_allowed" in fx) == matrix("invasion_allowed", w)
    assert fx["odds_shift"].params == {"shift": matrix("odds_shift", w), "special": matrix("odds_shift_special", w)}
    bombard = {"bombard_normal": "normal", "bombard_asterisk": "asterisk+1", "bombard_banned": "prohibited"}
    assert [v for k, v in bombard.items() if k in fx] == [matrix("shore_bombardment", w)]
    assert E.air_factor_multiplier(w) == matrix("air_factors", w)
    assert E.naval_air_combat_allowed(w) == matrix("naval_air_combat", w)
    assert (E.search_number_bonus(w, nav=True) == 1) == matrix("search_number_eligible", w)
    assert fx["search_roll_modifier"].value == matrix("search_roll_modifier", w)
    assert E.lake_frozen(w) == matrix("lake_frozen_as_printed", w)
    assert E.swamp_as_forest(w) == matrix("swamp_as_forest", w)
    assert E.port_closed_to_units(w) == matrix("port_closed_units", w)
    assert E.port_closed_to_resources(w) == matrix("port_closed_resources", w)
    # the air mission ban reads the ZONE's weather (default setting), even in a desert
    assert (fx.get("air_rebase_only") is not None) == (matrix("air_missions", zone_weather) == "rebase-only")
    # the ore rule reads the Arctic zone's weather of the last impulse
    assert ("swedish_ore_restricted" in fx) == matrix("swedish_ore_restricted", zone_weather)
    if terrain == "lake":
        assert ("lake_frozen" in fx) == matrix("lake_frozen_as_printed", w)
    if terrain == "swamp":
        assert ("swamp_as_forest" in fx) == matrix("swamp_as_forest", w)
    assert all(e.rule.game == "wif" for e in fx.values())


def test_every_effect_cites_an_8_2_rule_or_its_context():
    allowed = {"8.2.1", "8.2.2", "8.2.3", "8.2.4", "8.2.5", "8.2.6", "8.2.7", "8.2.9", "8.2.10", "2.4.2"}
    for w, t in itertools.product(W.CONDITIONS, WIF.terrain):
        for e in E.hex_effects(w, t, zone="arctic", map_class="pacific", port_freezable=True,
                               other_side_weather="snow"):
            assert e.rule.number in allowed, e
