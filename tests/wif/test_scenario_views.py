"""The WiF scenario state and its views without a browser: edits and undo, the overlays' sources
(units and rings, supply chain and range, ZOC per side, stacking), patching in place, the
weather panel's zones, the language switch and a bad file (WiF 2.2, 2.3, 2.4)."""
import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.stacking import stacking_faults
from viewer.rules.wif.supply import supply_range, trace_all
from viewer.rules.wif.zoc import zoc_by_side
from viewer.state import SessionState
from viewer.state.wif.scenario import ScenarioState, bundled_scenarios
from viewer.state.wif.weather import WeatherSession
from viewer.userdata import UserStore

# Germany at war with Poland: g1 in East Prussia traces a 3-hex basic line to Königsberg; g2
# deep in Poland is cut off by Polish ZOC and control; p1 holds Warsaw.
SITUATION = {
    "map": "europe", "name": "Poland test", "at_war": [["Germany", "Poland"]],
    "units": [
        {"id": "g1", "type": "INF", "power": "Germany", "hex": "3821"},
        {"id": "g2", "type": "ARM", "power": "Germany", "hex": "4027"},
        {"id": "p1", "type": "INF", "power": "Poland", "hex": "3826"},
    ],
}


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


@pytest.fixture
def state(europe):
    s = ScenarioState(hexmap=europe)
    s.load(SITUATION, "test")
    return s


@pytest.fixture
def panel(europe):
    from viewer.views import MapView
    from viewer.views.wif.scenario_panel import ScenarioPanel

    session = SessionState()
    view = MapView(hexmap=europe, state=session)
    p = ScenarioPanel(mapview=view, weather=WeatherSession())
    p.scenario.load(SITUATION, "test")
    return p


# ---------------------------------------------------------------------------- state
def test_click_selects_and_move_mode_moves_then_undo_restores(state, europe):
    g1 = europe.find("3821")
    state.click(g1)
    assert state.selected_unit == "g1"
    state.mode = "move"
    target = europe.find("3822")
    state.click(target)
    assert state.scenario.units["g1"].hex == target
    assert state.mode == "select"
    assert state.undo()
    assert state.scenario.units["g1"].hex == g1
    assert not state.undo()        # the first load has nothing before it


def test_place_flip_remove_and_control(state, europe):
    key = europe.find("3527")
    uid = state.place("MTN", "Germany", key)
    assert state.scenario.units[uid].hex == key and state.selected_unit == uid
    state.flip()
    assert state.scenario.units[uid].face_up is False
    state.remove()
    assert uid not in state.scenario.units and state.selected_unit is None
    state.set_control(key, "Poland")
    assert state.scenario.controller(europe, key) == "Poland"
    state.set_control(key, None)
    assert state.scenario.controller(europe, key) == "Germany"


def test_a_bad_edit_names_the_field_and_changes_nothing(state, europe):
    before, depth = state.scenario, len(state.history)
    with pytest.raises(ScenarioError) as err:
        state.place("TANK", "Germany", europe.find("3527"))
    assert "type" in err.value.parameter and "INF" in err.value.allowed
    with pytest.raises(ScenarioError):
        state.load("map: europe\nunits:\n- {id: x, type: INF, power: Germany, hex: '9999'}\n")
    assert state.scenario is before and len(state.history) == depth


def test_at_war_pairs_and_user_store_round_trip(state, tmp_path):
    state.set_at_war([("Germany", "Poland"), ("Germany", "France")])
    assert state.scenario.at_war_with("France", "Germany")
    store = UserStore(tmp_path)
    state.save(store, "two wars")
    assert state.saved_names(store) == ["two wars"]
    other = ScenarioState(hexmap=state.hexmap)
    other.load_saved(store, "two wars")
    assert other.scenario.at_war == state.scenario.at_war
    assert other.scenario.units == state.scenario.units


def test_sessions_do_not_share_state(europe):
    a, b = ScenarioState(hexmap=europe), ScenarioState(hexmap=europe)
    a.load(SITUATION)
    a.load(SITUATION)
    assert b.scenario is None and b.history == [] and len(a.history) == 1


@pytest.mark.skipif(not bundled_scenarios(), reason="the worked scenarios (maps/scenarios/*.yaml) are not shipped yet")
def test_the_worked_scenarios_are_found_through_the_package(europe):
    from viewer.board import load_map
    from viewer.views.wif.scenario_files import lesson_map

    lessons = bundled_scenarios()
    for name, path in lessons.items():  # each on the map it names (the world lessons on wif-world)
        state = ScenarioState(hexmap=europe if lesson_map(path) == "europe" else load_map(lesson_map(path)))
        state.load_lesson(name)
        assert state.title == name and state.scenario.units


# ---------------------------------------------------------------------------- views
def _units(panel):
    return dict(zip(panel.units.source.data["id"], panel.units.source.data["ring"]))


def test_units_are_drawn_with_their_supply_ring(panel, europe):
    from viewer.views.wif.unit_layer import RING_COLORS

    expected = trace_all(europe, load_scenario(SITUATION, europe))
    rings = _units(panel)
    assert set(rings) == {"g1", "g2", "p1"}
    for uid, result in expected.items():
        assert rings[uid] == RING_COLORS[result.in_supply]
    assert rings["g2"] == RING_COLORS[False] and rings["g1"] == RING_COLORS[True]


def test_selecting_a_unit_draws_its_chain_step_by_step_and_its_range(panel, europe):
    panel.mapview.select(europe.find("3821"))
    assert panel.scenario.selected_unit == "g1"
    result = panel.results.results.supply["g1"]
    steps = sum(len(leg.hexes) - 1 for leg in result.chain)
    assert steps >= 2
    chain = panel.layers.chain.data
    assert len(chain["x0"]) == steps
    assert set(chain["kind"]) <= {"basic", "rail", "sea"}
    # one running cost label per hex entered, ending with the leg's cost of its budget
    leg = result.chain[0]
    assert panel.layers.costs.data["text"][len(leg.hexes) - 2] == f"{leg.cost}/{leg.budget}"
    frame = supply_range(europe, panel.traced(), "g1")
    assert sorted(panel.layers.range.keys()) == sorted(europe.find(h) for h in frame.loc[frame.reachable, "label"])
    blocked = frame[~frame.reachable & frame.blocked_reason.notna()]
    assert sorted(panel.layers.blocked.keys()) == sorted(europe.find(h) for h in blocked["label"])
    assert "g1" in panel.report.words.object and "Königsberg" in panel.report.words.object


def test_out_of_supply_unit_says_why(panel, europe):
    panel.mapview.select(europe.find("4027"))
    words = panel.report.words.object
    assert "g2" in words and "out of supply" in words
    assert len(panel.layers.chain.data["x0"]) == 0


def test_zoc_layer_shows_the_chosen_side(panel, europe):
    masks = zoc_by_side(europe, panel.traced())
    for side in ("axis", "allies"):
        panel.report.zoc_side.value = side
        shown = sorted(panel.layers.zoc.keys())
        assert shown and shown == sorted(_key(europe, i) for i in np.flatnonzero(masks[side]))


def _key(europe, i):
    h = europe.hexes
    return (h["sheet"].iat[i], int(h["q"].iat[i]), int(h["r"].iat[i]))


def test_a_move_patches_the_sources_and_undo_restores_them(panel, europe):
    panel.mapview.select(europe.find("3821"))
    x_before = panel.units.positions()["g1"]
    replaced = panel.units.source.data
    panel.scenario.mode = "move"
    panel.mapview.select(europe.find("3822"))
    assert panel.scenario.scenario.units["g1"].hex == europe.find("3822")
    assert panel.units.source.data is replaced          # same columns, patched in place
    assert panel.units.positions()["g1"] != x_before
    panel.scenario.undo()
    assert panel.units.positions()["g1"] == x_before


def test_overstacked_hex_is_marked_with_its_reason(panel, europe):
    key = europe.find("3527")
    for _ in range(3):
        panel.scenario.place("INF", "Germany", key)
    faults = stacking_faults(europe, panel.traced())
    assert [f.key for f in faults] == [key]
    assert panel.layers.stacking.keys() == [key]
    assert "3527" in panel.layers.stacking.labels()[key]


def test_weather_changes_the_range(panel, europe):
    panel.mapview.select(europe.find("3821"))
    fine = len(panel.layers.range.keys())
    zone = europe.hex(europe.find("3821"))["climate_zone"]
    panel.weather.set_zone(zone, "rain")
    rain = len(panel.layers.range.keys())
    assert rain < fine
    assert panel.traced().weather[zone] == "rain"


def test_every_supply_key_entry_has_a_swatch_before_any_hex_is_shown(panel):
    """The ZOC, stacking, range, blocked and chain entries of the key are drawn from swatches of
    their own (OverlaySet.swatch), in their layer's colour, while their layers are still empty."""
    from viewer.views.wif.supply_layers import BLOCKED_COLOR, STACKING_COLOR, ZOC_COLOR

    panel.mapview.select(None)
    items = {layer: panel.mapview.overlays.layers[layer].legend_item
             for layer in ("zoc", "stacking", "supply_range", "supply_blocked", "supply_chain")}
    colors = {}
    for layer, item in items.items():
        (rend,) = item.renderers
        assert rend.data_source.to_df().shape[0] == 1 and rend.name == f"overlay-{layer}-swatch"
        colors[layer] = rend.glyph.fill_color
    assert (colors["zoc"], colors["stacking"], colors["supply_blocked"]) == (ZOC_COLOR, STACKING_COLOR, BLOCKED_COLOR)


def test_language_switch_relabels(panel, europe):
    legend = {item.label["value"] for item in panel.mapview.overlay_legend.items}
    assert "Zones of control of a side (WiF 2.2)" in legend
    panel.mapview.select(europe.find("4027"))
    panel.state.lang = "es"
    legend = {item.label["value"] for item in panel.mapview.overlay_legend.items}
    assert "Zonas de control de un bando (WiF 2.2)" in legend
    assert "BLIN" in panel.units.source.data["text"]           # ARM is BLIN in Spanish
    assert "desabastecida" in panel.report.words.object
    assert "bloqueada en" in panel.report.words.object         # the engine's reason, in Spanish
    assert panel.editor.undo.label == "Deshacer"


def test_editor_reports_a_bad_file_and_keeps_the_scenario(panel):
    before = panel.scenario.scenario
    panel.editor.file.widget.filename = "bad.yaml"
    panel.editor.file.widget.value = b"map: europe\nunits:\n- {id: x, type: INF, power: Atlantis, hex: '3821'}\n"
    assert panel.editor.message.visible
    assert "units[0].power" in panel.editor.message.object and "Atlantis" in panel.editor.message.object
    assert panel.scenario.scenario is before
    assert "g1" in panel.editor.files.yaml_file().getvalue()


@pytest.mark.skipif("kiev" not in bundled_scenarios(), reason="the Kiev worked scenario is not shipped yet")
def test_a_lesson_brings_its_weather_to_the_weather_panel_and_saves_the_panels(panel):
    panel.scenario.load_lesson("kiev")
    own = panel.scenario.scenario.weather
    assert own and all(panel.weather.zones[z] == w for z, w in own.items())
    zone = next(iter(own))
    other = "snow" if own[zone] != "snow" else "rain"
    panel.weather.set_zone(zone, other)
    assert panel.traced().weather[zone] == other
    assert f"{zone}: {other}" in panel.scenario.to_yaml()     # what is saved is what is shown


def test_editor_buttons_place_move_undo_and_war(panel, europe):
    editor = panel.editor
    panel.mapview.select(None)
    editor.place.clicks += 1
    assert editor.message.visible and "Select a hex" in editor.message.object
    key = europe.find("3527")
    panel.mapview.select(key)
    editor.unit_type.value, editor.power.value = "MTN", "Germany"
    editor.place.clicks += 1
    uid = panel.scenario.selected_unit
    assert panel.scenario.scenario.units[uid].type == "MTN"
    assert uid in panel.units.source.data["id"] and uid in editor.units_here.options.values()
    editor.move.clicks += 1
    assert panel.scenario.mode == "move"
    panel.mapview.select(europe.find("3526"))
    assert panel.scenario.scenario.units[uid].hex == europe.find("3526")
    editor.undo.clicks += 1
    assert panel.scenario.scenario.units[uid].hex == key
    editor.at_war.value = [*editor.at_war.value, "France|Germany"]
    assert panel.scenario.scenario.at_war_with("Germany", "France")
    editor.undo.clicks += 1
    assert not panel.scenario.scenario.at_war_with("Germany", "France")
    assert "France|Germany" not in editor.at_war.value


def test_a_slow_recomputation_runs_on_the_next_tick_behind_the_spinner(panel, europe, monkeypatch):
    import panel as pn
    from bokeh.document import Document

    class Doc(Document):  # a served document: the recomputation is queued for the next tick
        session_context = object()
        queued: list = []

        def add_next_tick_callback(self, fn):
            self.queued.append(fn)

    doc = Doc()
    monkeypatch.setattr(type(pn.state), "curdoc", property(lambda self: doc))
    panel.mapview.select(europe.find("3821"))
    before = panel.units.positions()["g1"]
    panel.last_seconds = 1.0                      # the last one was slow
    panel.scenario.mode = "move"
    panel.mapview.select(europe.find("3822"))
    assert panel.report.spinner.visible and panel.report.spinner.value
    assert len(doc.queued) == 1
    assert panel.units.positions()["g1"] == before  # not drawn yet
    doc.queued.pop()()
    assert not panel.report.spinner.visible
    assert panel.units.positions()["g1"] != before


def test_a_city_with_no_unit_shows_its_range_as_a_source(panel, europe):
    f = europe.features
    city = f[(f["name"] == "Königsberg") & (f["kind"] == "city")].iloc[0]
    key = (city["sheet"], int(city["q"]), int(city["r"]))
    assert not panel.scenario.scenario.units_at(key)
    panel.mapview.select(key)
    assert panel.scenario.selected_unit is None
    frame = supply_range(europe, panel.traced(), "Königsberg")
    assert sorted(panel.layers.range.keys()) == sorted(europe.find(h) for h in frame.loc[frame.reachable, "label"])
    assert "Königsberg" in panel.report.words.object and "supply source" in panel.report.words.object
    panel.mapview.select(europe.find("3821"))          # a unit again: its own range
    assert panel.scenario.selected_unit == "g1"
    assert "supply source" not in panel.report.words.object


@pytest.mark.skipif("poland-1939" not in bundled_scenarios(), reason="the Poland worked scenario is not shipped")
def test_a_loaded_lesson_is_named_by_its_title_and_starts_with_nothing_to_undo(panel):
    panel.scenario.set_at_war([["Germany", "USSR"]])          # an edit before the lesson
    panel.scenario.load_lesson("poland-1939")
    assert "Poland, September 1939" in panel.editor.status.object
    assert "poland-1939" not in panel.editor.status.object
    assert "Undo steps: 0" in panel.editor.status.object and not panel.scenario.undo()
    panel.state.lang = "es"
    assert "Polonia, septiembre de 1939" in panel.editor.status.object
