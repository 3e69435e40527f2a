"""The /wif board as a player reads it, without a browser: the hex panel's weather and units, the
one hover box per hex, the place names drawn by zoom (Kiev among them) and the counters (drawn
in data units, printed factors from the scenario, flipped units apart) (WiF 2.4, 8.1, 8.2.1)."""
import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import load_scenario, scenario_to_dict
from viewer.state import SessionState
from viewer.views.map.place_labels import LEVELS, label_levels, level_bands

SITUATION = {
    "map": "europe", "name": "Counters", "at_war": [["Germany", "Poland"]],
    "units": [
        {"id": "g1", "type": "INF", "power": "Germany", "hex": "3821", "factors": [5, 4]},
        {"id": "g2", "type": "ARM", "power": "Germany", "hex": "3821", "factors": [6, 5], "face_up": False},
        {"id": "p1", "type": "INF", "power": "Poland", "hex": "3826"},
    ],
}


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


@pytest.fixture
def board(europe):
    """The /wif map section as the app builds it: view, weather, scenario, then the layers."""
    from viewer.views import MapView
    from viewer.views.map.map_layers import MapLayers
    from viewer.views.wif.scenario_panel import ScenarioPanel
    from viewer.views.wif.weather import WeatherPanel

    view = MapView(hexmap=europe, state=SessionState())
    weather = WeatherPanel(mapview=view, state=view.state)
    scenario = ScenarioPanel(mapview=view, weather=weather.weather)
    layers = MapLayers(view=view)
    scenario.scenario.load(SITUATION, "test")
    return view, weather, scenario, layers


# ---------------------------------------------------------------------------- the hex panel
def test_the_hex_panel_shows_the_weather_and_the_units_in_both_languages(board, europe):
    view, weather, scenario, _ = board
    key = europe.find("3821")
    zone = europe.hex(key)["climate_zone"]
    view.select(key)
    rows = view.info.rows()
    assert ("Weather", "Fine") in rows
    units = [v for k, v in rows if k == "Unit"]
    assert units[0].startswith("g1: Infantry (INF), Germany, factors 5-4, face up")
    assert units[1].startswith("g2: Armour (ARM), Germany, factors 6-5, flipped (face down)")
    assert "In supply" in units[0]  # the rules traced it (WiF 2.4)
    table = view.info.table
    weather.set_zone(zone, "rain")  # a change of weather rewrites the panel's text in place
    assert ("Weather", "Rain") in view.info.rows() and "Rain" in table.object
    assert view.info.table is table
    view.state.lang = "es"
    rows = dict(view.info.rows())
    assert rows["Tiempo"] == "Lluvia"
    assert "volteada (boca abajo)" in view.info.table.object and "factores 6-5" in view.info.table.object
    assert "Unidad" in view.info.table.object


def test_a_desert_hex_says_what_it_suffers_and_a_hex_without_units_lists_none(board, europe):
    view, weather, _, _ = board
    hexes = europe.hexes
    row = hexes[(hexes["terrain"] == "desert") & (hexes["climate_zone"] == "mediterranean")].iloc[0]
    key = (row["sheet"], int(row["q"]), int(row["r"]))
    weather.set_zone("mediterranean", "rain")
    view.select(key)
    rows = dict(view.info.rows())
    # WiF 8.2.1: rain in the zone is fine weather in a desert hex
    assert rows["Weather"] == "Rain (the hex suffers Fine)"
    assert "Unit" not in rows


def test_a_click_makes_no_new_panel_model(board, europe):
    view, _, _, _ = board
    view.select(europe.find("3821"))
    before = [id(o) for o in view.info._layout.objects]
    view.select(europe.find("3826"))
    assert [id(o) for o in view.info._layout.objects] == before
    assert "p1: Infantry (INF)" in view.info.table.object and "factors" not in view.info.table.object


# ---------------------------------------------------------------------------- the hover box
def test_one_hover_box_answers_for_the_hex(board):
    view, _, _, _ = board
    hovers = [t for t in view.figure.tools if type(t).__name__ == "HoverTool"]
    assert hovers == [view.hover]  # the map's layers, the overlays and the units: all in one box
    entries = view.hex_hover.entries()
    assert {"countries", "climate", "sea_areas", "cities", "weather", "zoc", "stacking", "units",
            "hexside-rivers"} <= set(entries)
    ranks = [e["rank"] for e in view.hex_hover.formatter.args["entries"]]
    assert ranks == sorted(ranks)  # the regions first, the units last
    view.state.lang = "es"
    assert entries["countries"]["title"] == "País" and entries["weather"]["title"] == "Tiempo"
    assert entries["units"]["title"] == "Unidades"
    words = view.hex_hover.words()
    assert (words["hex"], words["terrain_title"]) == ("Hexágono", "Terreno")
    assert "Buen tiempo" in entries["weather"]["names"] and "Buen tiempo" in words["names"]["weather"]
    assert words["titles"]["units"] == "Unidades"


# ---------------------------------------------------------------------------- place names
def test_kiev_is_among_the_place_labels_and_drawn_at_full_view(board):
    view, _, _, layers = board
    names = layers.places.data["text"]
    assert "Kiev" in names
    i = names.index("Kiev")
    band = next(b for b, r in enumerate(layers.name_bands) if r.view.filter.booleans[i])
    # at the whole map's zoom (hexes about 7 px wide at 930 px) Kiev's band is drawn
    assert layers._band_px[band] <= 7.0
    assert layers.place_levels["Kiev"] < 7.0


def test_names_that_would_cover_each_other_wait_for_a_closer_zoom():
    # two names 2 hexes apart across, 60 px wide: they part at 30 px a hex; the third, 50 hexes
    # from the first, at 1.2 px (the second is not drawn yet at that zoom)
    levels = label_levels([0.0, 2.0, 50.0], [0.0, 0.0, 0.0], [60.0, 60.0, 60.0])
    assert levels[0] == 0 and levels[1] == pytest.approx(30.0) and levels[2] == pytest.approx(60 / 50)
    # one hex up is enough at 11 px
    assert label_levels([0.0, 0.5], [0.0, 1.0], [60.0, 60.0])[1] == pytest.approx(11.0)
    assert list(level_bands([0.0, 30.0, 1e9])) == [0, LEVELS.index(40.0), len(LEVELS) - 1]


# ---------------------------------------------------------------------------- counters
def test_counters_are_drawn_in_data_units_with_factors_and_flipped_units_apart(board, europe):
    from viewer.views.wif.unit_layer import COUNTER_SIDE, FLIPPED_FILL, UNIT_COLORS

    _, _, scenario, _ = board
    d = scenario.units.source.data
    i, j = list(d["id"]).index("g1"), list(d["id"]).index("g2")
    size = europe.sheets["europe"].size
    assert d["w"][i] == pytest.approx(COUNTER_SIDE * size)  # a data width: it zooms with the hexes
    assert scenario.units.markers.glyph.width == "w" and scenario.units.rings.glyph.radius == "rr"
    assert d["text"][i] == "INF" and d["factors"][i] == "5-4" and d["factors"][j] == "6-5"
    assert d["factors"][list(d["id"]).index("p1")] == ""  # none given, none shown
    assert d["fill"][i] == UNIT_COLORS["Germany"] and d["hatch"][i] == " "
    assert d["fill"][j] == FLIPPED_FILL and d["hatch"][j] != " " and d["text_color"][j] != d["text_color"][i]
    # the two units of one hex side by side, not on top of each other
    assert abs(d["x"][i] - d["x"][j]) >= COUNTER_SIDE * size * 0.99
    # the browser sizes the text from the zoom
    assert scenario.units.text_size in scenario.units.view.figure.x_range.js_property_callbacks["change:start"]


def test_flipping_patches_the_counter_in_place(board):
    _, _, scenario, _ = board
    source = scenario.units.source.data
    scenario.scenario.scenario = scenario.scenario.scenario.flipped("g1")
    d = scenario.units.source.data
    assert d is source  # patched
    i = list(d["id"]).index("g1")
    assert d["hatch"][i] != " " and "flipped" in d["hover"][i]


def test_factors_are_read_checked_and_written_back(europe):
    s = load_scenario(SITUATION, europe)
    assert s.units["g1"].factors == (5, 4) and s.units["p1"].factors == ()
    out = scenario_to_dict(s, europe)
    assert out["units"][0]["factors"] == [5, 4] and "factors" not in out["units"][2]
    assert load_scenario(out, europe) == s
    bad = {**SITUATION, "units": [{**SITUATION["units"][0], "factors": [5, "x"]}]}
    with pytest.raises(ScenarioError) as err:
        load_scenario(bad, europe)
    assert err.value.parameter == "units[0].factors[1]"
    with pytest.raises(ScenarioError, match="1 to 6"):
        load_scenario({**SITUATION, "units": [{**SITUATION["units"][0], "factors": []}]}, europe)
    assert np.all(np.asarray(s.units["g1"].factors) >= 0)
