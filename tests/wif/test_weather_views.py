"""The WiF weather panel and chart editor, driven from Python (no browser)."""
from __future__ import annotations

import pytest
import yaml

from viewer.board import load_map
from viewer.state import SessionState
from viewer.state.userdata import UserStore
from viewer.state.wif.weather import WeatherSession, load_user_chart, user_chart_names
from viewer.views import MapView
from viewer.views.common.chart_editor import ChartEditor
from viewer.views.wif.chart_targets import WeatherTarget
from viewer.views.wif.weather import WEATHER_COLORS, WeatherPanel


def weather_editor(weather: WeatherSession, store: UserStore) -> ChartEditor:
    return ChartEditor(target=WeatherTarget(weather, store), store=store)


@pytest.fixture
def panel(tmp_path):
    state = SessionState()
    view = MapView(hexmap=load_map("demo"), state=state)
    return WeatherPanel(mapview=view, state=state, store=UserStore(tmp_path))


def _colors(panel, zone):
    return {panel.mapview.overlays.color_of("weather", key) for key in panel.keys_by_zone[zone]}


def test_the_layer_covers_the_maps_zones_and_starts_fine(panel):
    hexes = panel.mapview.hexmap.hexes
    assert panel.zones == [z for z in ("north-temperate", "mediterranean")]
    assert sum(len(v) for v in panel.keys_by_zone.values()) == int(hexes["climate_zone"].notna().sum())
    assert _colors(panel, "north-temperate") == {WEATHER_COLORS["fine"]}


def test_setting_a_zone_patches_only_that_zone_never_the_base_map(panel):
    view = panel.mapview
    base = {name: (src, dict(src.data)) for name, src in view.sources.items()}
    layer_sources = dict(view.overlays.layers["weather"].sources)
    panel.set_zone("north-temperate", "blizzard")
    assert panel.weather.zones["north-temperate"] == "blizzard"
    assert _colors(panel, "north-temperate") == {WEATHER_COLORS["blizzard"]}
    assert _colors(panel, "mediterranean") == {WEATHER_COLORS["fine"]}
    assert view.overlays.layers["weather"].sources == layer_sources  # same sources, patched
    for name, (src, data) in base.items():
        assert view.sources[name] is src and all((src.data[k] == v).all() if hasattr(v, "all") else
                                                  src.data[k] == v for k, v in data.items())


def test_the_clicked_hexs_effects_follow_the_weather(panel):
    key = panel.keys_by_zone["north-temperate"][0]  # clear terrain
    panel.mapview.select(key)
    names = lambda: {s.key.rsplit(".", 1)[1] for s in panel.effects_rows()}  # noqa: E731
    assert {"air_missions_all", "movement_normal", "invasion_allowed"} <= names()
    panel.set_zone("north-temperate", "blizzard")
    assert {"air_rebase_only", "movement_doubled", "invasion_banned", "bombard_banned"} <= names()
    assert "Blizzard" in panel.effects_title.object
    items = panel.effects.items  # every effect is an item of the one pane and links its rule
    assert [k for k, _ in items] == [s.key for s in panel.effects_rows()]
    assert all('class="rule-link" href="#rule-wif-' in html for _, html in items)
    cited = [html.split('href="#rule-wif-', 1)[1].split('"', 1)[0] for _, html in items]
    assert all(n.startswith("8_2") or n == "2_4_2" for n in cited)
    assert all(f"weather-effect-{k.rsplit('.', 1)[1]}" in html for k, html in items)


def test_a_desert_hex_shows_its_shifted_weather(panel):
    hexes = panel.mapview.hexmap.hexes
    row = hexes[(hexes["terrain"] == "desert")].iloc[0]
    panel.set_zone(row["climate_zone"], "storm")
    panel.mapview.select((row["sheet"], int(row["q"]), int(row["r"])))
    assert "suffers **Rain**" in panel.effects_title.object


def test_the_worked_example_roll_in_the_panel(panel):
    panel.weather.bimonth = "jul-aug"
    panel.asterisks.value = 2
    panel.raw.value = 8
    panel.apply.clicks += 1
    assert panel.weather.zones["north-temperate"] == "fine" and panel.weather.last_asterisks == 1
    assert panel.asterisks.value == 1
    assert "Impulse advance" in panel.missing.object and "modified roll 10" in panel.missing.object
    assert "| 1 | Jul/Aug | 8 | +2 | 10 |" in panel.history.object


def test_an_unknown_row_greys_the_layer_and_says_so(panel):
    key = panel.keys_by_zone["mediterranean"][0]
    panel.mapview.select(key)
    panel.weather.bimonth = "jan-feb"
    panel.weather.roll(3)
    assert _colors(panel, "mediterranean") == {WEATHER_COLORS[None]}
    assert "unknown" in panel.effects_title.object and panel.effects_rows() == []
    panel.roll_button.clicks += 1  # asterisks unknown now: a message, not a traceback
    assert panel.error.visible and "asterisks" in panel.error.object


def test_spanish_labels(panel):
    panel.state.lang = "es"
    assert panel.roll_button.label == "Tirar d10"
    assert "Ventisca" in panel.zone_selects["north-temperate"].options


def test_chart_editor_rejects_a_malformed_cell_naming_it(tmp_path):
    editor = weather_editor(WeatherSession(), store=UserStore(tmp_path))
    editor.text.value = "cells:\n- {bimonth: jan-feb, roll: 4, arctic: sunny}\n"
    assert not editor.apply_text()
    assert "jan-feb/4/arctic" in editor.error.object and "allowed: fine, rain, snow, storm, blizzard" in editor.error.object
    editor.text.value = "cells:\n- {bimonth: jul-aug, roll: 10, north-monsoon: fine}\n"
    assert not editor.apply_text() and "disagrees" in editor.error.object  # the rulebook's cell wins


def test_chart_editor_saves_and_a_restart_finds_the_chart(tmp_path):
    weather = WeatherSession()
    editor = weather_editor(weather, store=UserStore(tmp_path))
    editor.cell_axes[0].value, editor.cell_axes[1].value = "mar-apr", 7   # turn, modified roll
    editor.cell_column.value, editor.cell_value.value = "arctic", "snow"
    assert editor.set_cell()
    assert weather.chart.get(("mar-apr", 7), "arctic") == "snow"
    assert editor.save_as("my copy")
    # a new process: a new store on the same folder, a new session
    store = UserStore(tmp_path)
    assert user_chart_names(store) == ["my copy"]
    assert load_user_chart(store, "my copy").get(("mar-apr", 7), "arctic") == "snow"
    fresh = weather_editor(WeatherSession(), store=store)
    assert fresh.saved.options == ["my copy"] and fresh.load_saved("my copy")
    assert fresh.target.weather.chart.get(("mar-apr", 7), "arctic") == "snow"
    data = yaml.safe_load(fresh.download.callback().read())
    assert data["chart"] == "wif.weather" and data["cells"][0]["arctic"] == "snow"


def test_chart_editor_reads_csv_and_switches_format(tmp_path):
    editor = weather_editor(WeatherSession(), store=UserStore(tmp_path))
    editor.format.value = "csv"
    editor.text.value = "bimonth,roll,mediterranean\nsep-oct,2,rain\n"
    assert editor.apply_text()
    editor.format.value = "yaml"
    assert "mediterranean: rain" in editor.text.value


def test_the_roll_card_follows_the_session(panel):
    from viewer.rules.wif.weather_chart import parse_weather_chart

    chooser = panel.weather_calculators()
    roll_card = panel.cards["wif.weather-roll"]
    assert list(panel.cards) == ["wif.weather-roll"]  # the others are built when chosen
    assert chooser.shown is roll_card
    chooser.select.value = "wif.odds-shift"
    assert chooser.shown is panel.cards["wif.odds-shift"]
    assert chooser.shown.__panel__().title == "Weather odds shift"
    panel.weather.use_chart(parse_weather_chart("cells:\n- {bimonth: sep-oct, roll: 9, arctic: snow}\n",
                                                origin="mine"))
    panel.weather.bimonth = "sep-oct"
    panel.weather.last_asterisks = 1
    roll_card.widgets["raw_roll"].value = 8
    assert roll_card.result.value["modified_roll"] == 9 and roll_card.result.value["arctic"] == "snow"


# -- the same editor on the WiF combat tables: result codes the user declares -------------
def test_table_editor_declares_codes_sets_code_cells_and_the_card_reads_them(tmp_path, monkeypatch):
    """Codes T1/T2 are a made-up TEST FIXTURE, not the game's."""
    from viewer.calculators import REGISTRY
    from viewer.userdata import ENV_VAR
    from viewer.rules.wif import tables
    from viewer.views.common.tables import TableEditors

    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    editors = TableEditors(store=UserStore(tmp_path), tables=tables)
    editors.select.value = "wif.land-combat"
    editor = editors.editors["wif.land-combat"]
    assert [w.name for w in editor.cell_axes] == ["Table", "Odds column", "Modified roll"]
    # a code nobody declared is refused, naming the cell and how to declare one
    editor.cell_axes[0].value, editor.cell_axes[1].value, editor.cell_axes[2].value = "assault", "2:1", "12"
    editor.cell_value.value = "T1"
    assert not editor.set_cell() and "assault/2:1/12/result" in editor.error.object
    assert "no code is declared yet" in editor.error.object
    editor.code_name.value, editor.code_meaning.value = "T1", "fixture one"
    assert editor.declare_code() and "T1: fixture one" in editor.text.value
    editor.code_name.value, editor.code_meaning.value = "T2", "fixture two"
    assert editor.declare_code()
    for roll in range(2, 21):
        editor.cell_axes[2].value, editor.cell_value.value = str(roll), "t1" if roll <= 11 else "T2"
        assert editor.set_cell(), editor.error.object
    assert editor.user.get(("assault", "2:1", 2), "result") == "T1"   # typed 't1' kept as declared
    assert editor.save_as("")
    assert editor.saved.options == ["wif.land-combat"]
    r = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine").compute()
    assert not r.missing and {r.outcome_labels[o]: str(p) for o, p in r.distribution.items()} == \
        {"T1": "11/20", "T2": "9/20"}
    # CSV keeps the codes as '# code' lines
    editor.format.value = "csv"
    assert editor.text.value.startswith("# code result T1: fixture one\n")
    editor.state.lang = "es"
    assert editor.code_declare.label == "Declarar código" and editors.select.name == "Tabla que rellenar"
    # a new session on the same folder opens the saved copy, codes and all
    again = TableEditors(store=UserStore(tmp_path), tables=tables).editor("wif.land-combat")
    assert len(again.user.cells) == 19 and again.user.schema.declared_codes() == {
        "result": {"T1": "fixture one", "T2": "fixture two"}}


def test_table_editor_rejects_a_contradiction_of_a_revealed_cell(tmp_path):
    from viewer.rules.wif import tables
    from viewer.views.common.tables import TableEditors

    editor = TableEditors(store=UserStore(tmp_path), tables=tables).editor("wif.its-war")
    editor.text.value = "cells:\n- {entry: 38, tension: 18, number: 4}\n"
    assert not editor.apply_text() and "disagrees" in editor.error.object


def test_a_roll_on_missing_cells_says_so_in_words_and_the_controls_agree(tmp_path):
    """On the Europe map a roll whose chart row the user has not filled in: the zones turn
    unknown on the map and in their selects, the page names the missing cells of this map's zones
    only (no internal cell ids), and the next roll asks for the asterisks instead of refusing with
    a parameter name (WiF 8.1)."""
    state = SessionState()
    view = MapView(hexmap=load_map("europe"), state=state)
    panel = WeatherPanel(mapview=view, state=state, store=UserStore(tmp_path))
    weather = panel.weather
    row = next(m for m in range(1, 14) if not weather.chart.known(("jul-aug", m), "asterisks"))
    panel.raw.value = row - (weather.last_asterisks or 0)
    panel.apply.clicks += 1
    unknown = [z for z in panel.zones if weather.zones[z] is None]
    assert unknown and all(panel.zone_selects[z].value == "unknown" for z in unknown)
    text = panel.missing.object
    assert "Weather Chart" in text and "/" not in text.split("needs", 1)[1].split(".")[0]
    assert "Arctic" not in text or "arctic" in panel.zones                 # only this map's zones
    assert weather.last_asterisks is None and panel.asterisks.value is None
    panel.roll_button.clicks += 1
    assert panel.error.visible and "Asterisks carried" in panel.error.object
    assert "last_asterisks" not in panel.error.object
    panel.asterisks.value = 1
    panel.roll_button.clicks += 1
    assert not panel.error.visible
    state.lang = "es"
    assert "Tu tabla" in panel.missing.object or not panel.missing.object
    assert panel.zone_selects[panel.zones[0]].options                         # relabelled in place


def test_a_d10_face_out_of_range_is_refused_and_the_roll_uses_the_last_one(panel):
    assert panel.raw.start is None and panel.raw.end is None
    panel.raw.value = 4
    panel.raw.value = 11
    box = panel.numbers.box
    assert box.visible and box.object == "**d10 roll**: 11 refused (allowed 0 to 10); 4 is still used"
    panel.apply.clicks += 1
    assert panel.weather.history[-1].raw == 4
    panel.state.lang = "es"
    assert "11 rechazado (se admite de 0 a 10); se sigue usando 4" in box.object
    panel.raw.value = 10
    assert not box.visible


def test_asterisks_out_of_range_are_refused_and_unknown_is_accepted(panel):
    panel.asterisks.value = 2
    assert panel.weather.last_asterisks == 2
    panel.asterisks.value = 5
    assert panel.weather.last_asterisks == 2
    assert panel.numbers.box.visible and "5 refused (allowed 0 to 3); 2 is still used" in panel.numbers.box.object
    panel.weather.last_asterisks = None        # a roll whose asterisks are not known empties the field
    assert panel.asterisks.value is None and not panel.numbers.box.visible


def test_the_weather_key_has_a_swatch_in_the_largest_zones_weather(panel):
    item = panel.mapview.overlays.layers["weather"].legend_item
    main = max(panel.zones, key=lambda z: len(panel.keys_by_zone[z]))
    assert item.renderers == [panel._swatch]
    assert panel._swatch.glyph.fill_color == WEATHER_COLORS[panel.weather.zones.get(main)]
    if panel.weather.zones.get(main) == "fine":   # no tint: an outlined hex, never an empty key
        assert panel._swatch.glyph.line_color == "#777777"
    panel.set_zone(main, "snow")
    assert panel._swatch.glyph.fill_color == panel._swatch.glyph.line_color == WEATHER_COLORS["snow"]


def test_sea_hexes_take_their_zones_weather_more_faintly_than_land(panel):
    """Sea areas have weather too (WiF 8.1), so the layer tints them with their zone's colour,
    but at a lower opacity than land: under one tint the coast would vanish."""
    import numpy as np

    from viewer.views.wif.weather import LAYER_ALPHA, SEA_ALPHA, weather_alphas, weather_hexes

    hexmap = panel.mapview.hexmap
    terrain = hexmap.hexes.set_index(["sheet", "q", "r"])["terrain"]
    sheets, q, r, _ = weather_hexes(hexmap)
    alphas = weather_alphas(hexmap)
    water = np.array([terrain[k] in ("sea", "lake") for k in zip(sheets, q, r)])
    assert water.any() and (~water).any(), "the demo map's zones hold land and sea"
    assert np.allclose(alphas[water], SEA_ALPHA) and np.allclose(alphas[~water], LAYER_ALPHA)
    assert SEA_ALPHA < LAYER_ALPHA
    layer = panel.mapview.overlays.layers["weather"]
    # the palette carries the opacity: each colour as #rrggbbaa, once per opacity, no alpha column
    assert all(set(src.data) == {"q", "r", "code"} for src in layer.sources.values())
    n = len(layer.colors)
    sent = np.concatenate([np.asarray(src.data["code"]) for src in layer.sources.values()])
    panel.set_zone("north-temperate", "rain")   # a colour of its own opacity: Fine is none at all
    shown = [int(layer.mapper.palette[c][7:], 16) / 255 for c in sent if layer.colors[c % n] == WEATHER_COLORS["rain"]]
    assert shown and np.allclose(sorted(shown), sorted(alphas[sent % n == panel.zones.index("north-temperate")]),
                                 atol=0.003)
    assert all(layer.mapper.palette[c][:7] == layer.colors[c % n][:7] for c in sent)
    assert _colors(panel, "north-temperate") == {WEATHER_COLORS["rain"]}
