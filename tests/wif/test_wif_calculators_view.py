"""The WiF combat calculators in the app: the chooser builds cards, relabels, and takes the map's hex."""
from viewer.board import load_map
from viewer.state import SessionState
from viewer.state.wif.weather import WeatherSession
from viewer.games import section
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.wif.hex_weather import link_to_map

WIF_COMBAT = section("wif", "combat")


def make():
    hexmap, state, weather = load_map("demo"), SessionState(), WeatherSession()
    calculators = CalculatorList(state, WIF_COMBAT)
    link_to_map(calculators, hexmap, weather, state)
    return hexmap, state, weather, calculators


def test_every_combat_card_builds_and_shows_a_result():
    _, state, _, chooser = make()
    assert list(chooser.select.options.values()) == ["", *WIF_COMBAT]
    assert chooser.cards == {} and chooser.shown is None   # nothing built until chosen
    for slug in WIF_COMBAT:
        chooser.select.value = slug
        card = chooser.cards[slug]
        assert card.error is None and card.result is not None, slug
        assert chooser.shown is card
    state.lang = "es"
    assert chooser.select.name == "Calculadora" and "Búsqueda naval" in chooser.select.options


def test_selecting_a_hex_fills_weather_and_terrain():
    hexmap, state, weather, chooser = make()
    h = hexmap.hexes
    jungle = h[h["terrain"] == "jungle"].iloc[0]
    weather.set_zone(jungle["climate_zone"], "rain")
    chooser.select.value = "wif.ground-strike"
    chooser.cards["wif.ground-strike"].apply_inputs({"terrain": "clear", "weather": "fine"})
    state.selected = (jungle["sheet"], int(jungle["q"]), int(jungle["r"]))
    calc = chooser.cards["wif.ground-strike"].calculator
    assert (calc.terrain, calc.weather) == ("jungle", "rain")
    sea = h[h["sea_area"].notna()].iloc[0]
    weather.set_zone(sea["climate_zone"], "storm")
    state.selected = (sea["sheet"], int(sea["q"]), int(sea["r"]))
    chooser.select.value = "wif.naval-search"
    assert chooser.cards["wif.naval-search"].calculator.weather == "storm"
    assert chooser.context["wif.asw"]["weather"] == "storm"   # applied when that card is first built
    chooser.select.value = "wif.asw"
    assert chooser.cards["wif.asw"].calculator.weather == "storm"


def test_land_odds_card_draws_the_users_result_codes_as_named_bars(tmp_path, monkeypatch):
    """With a user's land combat table (a made-up TEST FIXTURE: codes T1/T2), the card's chart has one
    bar per result code; without it, no chart and the missing cells are listed."""
    from viewer.calculators import REGISTRY
    from viewer.rules.charts import chart_from_dict
    from viewer.rules.wif import tables
    from viewer.userdata import ENV_VAR, UserStore
    from viewer.views import CalculatorCard

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    card = CalculatorCard(calculator=REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine"),
                          store=UserStore(tmp_path))
    assert card.chart.outcomes == [] and "Land Combat Results Table" in card.result_box.object
    doc = {"chart": "wif.land-combat", "codes": {"result": {"T1": "fixture one", "T2": "fixture two"}},
           "cells": [{"table": "assault", "column": "2:1", "roll": r, "result": "T1" if r <= 11 else "T2",
                      "source": "test fixture"} for r in range(2, 21)]}
    tables.save_user_chart(chart_from_dict(doc, tables.shipped("wif.land-combat").schema, origin="f"),
                           UserStore(tmp_path))
    card.recompute()
    assert card.chart.outcomes == ["T1", "T2"] and abs(sum(card.chart.probabilities) - 1) < 1e-12
    # 2D10 totals 2..11: 1+2+...+9+10 = 55 of 100
    assert abs(card.chart.probabilities[0] - 0.55) < 1e-12
