"""The WiF combat calculators in the app: the chooser builds cards, relabels, and takes the map's hex."""
from viewer.board import load_map
from viewer.state import SessionState
from viewer.state.weather import WeatherSession
from viewer.views.calculator_list import WIF_COMBAT, CalculatorList


def make():
    hexmap, state, weather = load_map("demo"), SessionState(), WeatherSession()
    return hexmap, state, weather, CalculatorList(state, WIF_COMBAT, hexmap=hexmap, weather=weather)


def test_every_combat_card_builds_and_shows_a_result():
    _, state, _, chooser = make()
    assert list(chooser.select.options.values()) == ["", *WIF_COMBAT]
    assert chooser.cards == {} and chooser._holder.objects == []   # nothing built until chosen
    for slug in WIF_COMBAT:
        chooser.select.value = slug
        card = chooser.cards[slug]
        assert card.error is None and card.result is not None, slug
        assert len(chooser._holder.objects) == 1 and chooser._holder.objects[0] is card.__panel__()
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
