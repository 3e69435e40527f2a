"""The shared views without a browser: map selection and overlays, calculator card, rule links."""
import numpy as np
import pytest

from viewer.board import load_map
from viewer.calculators import REGISTRY
from viewer.ruleref import RuleRef
from viewer.state import SessionState
from viewer.state.userdata import UserStore
from viewer.views import CalculatorCard, LanguageSwitch, MapView, RuleLink, RulePanel
from viewer.games import GAME_IDS
from viewer.views.common.landing import BUILT, Landing


@pytest.fixture(scope="module")
def demo():
    return load_map("demo")


@pytest.fixture
def view(demo):
    return MapView(hexmap=demo, state=SessionState())


def _base_snapshot(view):
    return {s: {k: np.array(v).copy() for k, v in src.data.items()} for s, src in view.sources.items()}


def test_base_layer_holds_one_row_per_hex_with_integer_coordinates(view, demo):
    total = sum(len(src.data["q"]) for src in view.sources.values())
    assert total == len(demo.hexes)
    for src in view.sources.values():
        assert np.asarray(src.data["q"]).dtype.kind == "i"
        assert "color" not in src.data  # colours come from the terrain code through a mapper


def test_selecting_a_hex_outlines_it_on_its_own_source_and_describes_it(view, demo):
    before = _base_snapshot(view)
    key = ("main", 4, 3)
    view.select(key)
    sel = view.selection_sources["main"].data
    assert (sel["q"], sel["r"]) == ([4 + view.shifts["main"][0]], [3 + view.shifts["main"][1]])
    rows = dict(view.info.rows())
    assert rows["Hex"] == demo.label(key)
    assert rows["Terrain"].lower().startswith(demo.hex(key)["terrain"].split("-")[0])
    after = _base_snapshot(view)
    assert all(np.array_equal(before[s][k], after[s][k]) for s in before for k in before[s])


def test_a_tap_on_a_hex_selects_that_hex(view, demo):
    """A tap anywhere inside a hex (its centre, or near a corner) selects it; off the map, nothing."""
    from bokeh.events import Tap

    from viewer import hexgrid
    row = view.rows["east"][2]
    expected = ("east", int(demo.hexes["q"].iat[row]), int(demo.hexes["r"].iat[row]))
    sheet = demo.sheets["east"]
    dq, dr = view.shifts["east"]
    x, y = hexgrid.hex_to_pixel(expected[1] + dq, expected[2] + dr, sheet.size, sheet.orientation)
    corner_x, corner_y = hexgrid.corners(expected[1] + dq, expected[2] + dr, sheet.size, sheet.orientation)
    view.figure._trigger_event(Tap(view.figure, x=0.8 * float(corner_x.ravel()[0]) + 0.2 * x,
                                   y=0.8 * float(corner_y.ravel()[0]) + 0.2 * y))
    assert view.state.selected == expected
    assert view.hex_at(x, y) == expected
    assert view.hex_at(x + 1e6, y + 1e6) is None
    view.figure._trigger_event(Tap(view.figure, x=x + 1e6, y=y + 1e6))
    assert view.state.selected == expected          # a tap off the map keeps the selection


def test_selecting_an_unknown_hex_is_refused(view):
    with pytest.raises(KeyError, match="not on map"):
        view.select(("main", 99, 99))


def test_language_switch_relabels_legend_hover_and_info(view):
    view.select(("main", 1, 1))
    english = [i.label["value"] for i in view.legend.items]
    view.state.lang = "es"
    spanish = [i.label["value"] for i in view.legend.items]
    assert english != spanish and "Bosque" in spanish
    words = view.hex_hover.words()   # the one hover box's line titles and terrain names
    assert (words["hex"], words["terrain_title"]) == ("Hexágono", "Terreno") and "Bosque" in words["terrain"]
    assert "Hexágono" in dict(view.info.rows())


def test_overlay_layers_add_patch_toggle(view, demo):
    keys = demo.keys()[:3]
    layer = view.overlays.add("zoc", hexes=keys, color="red", alpha=0.4)
    assert sum(len(s.data["q"]) for s in layer.sources.values()) == 3
    view.overlays.patch("zoc", {keys[1]: {"color": "blue"}})
    assert layer.sources[keys[1][0]].data["color"][layer.rows[keys[1]][1]] == "blue"
    assert view.overlays.toggle("zoc") is False and not any(r.visible for r in layer.renderers)
    with pytest.raises(KeyError, match="not in layer"):
        view.overlays.patch("zoc", {demo.keys()[10]: {"color": "blue"}})
    with pytest.raises(ValueError, match="hexes, lines"):
        view.overlays.add("bad", kind="circles")
    lines = view.overlays.add("path", kind="lines", pairs=[(keys[0], keys[1])], legend_key="ui.map")
    assert lines.legend_item.label["value"] == "Map" and lines.legend_item in view.overlay_legend.items
    view.state.lang = "es"
    assert lines.legend_item.label["value"] == "Mapa"
    x0, y0 = view.overlays.centre(keys[0])
    assert lines.sources[""].data["x0"] == [x0] and lines.sources[""].data["y0"] == [y0]


@pytest.fixture
def card(tmp_path):
    return CalculatorCard(calculator=REGISTRY["core.dice"](), state=SessionState(), store=UserStore(tmp_path))


def test_card_recomputes_when_an_input_changes(card):
    assert card.result.value["p_ge_fraction"] == "7/12"
    card.widgets["target"].value = 10
    assert card.result.value["p_ge_fraction"] == "1/6"
    assert card.chart.outcomes == [str(n) for n in range(2, 13)]


def test_card_bad_expression_names_the_parameter_and_keeps_the_last_result(card):
    card.widgets["expression"].value = "2q6"
    assert card.error is not None and card.error.parameter == "expression"
    assert card.error_box.visible and "Dice expression" in card.error_box.object
    assert card.result.value["p_ge_fraction"] == "7/12"
    card.widgets["expression"].value = "d6"
    assert card.error is None and not card.error_box.visible


@pytest.mark.parametrize("lang, missing, refused", [
    ("en", "Type a name for these inputs first.", "The name 'x/../y' cannot be used"),
    ("es", "Escribe antes un nombre para estos datos.", "El nombre 'x/../y' no sirve"),
])
def test_a_preset_without_a_usable_name_says_so_in_the_pages_language(card, lang, missing, refused):
    card.state.lang = lang
    for typed, words in (("", missing), ("   ", missing), ("x/../y", refused)):
        card.presets.name.value = typed
        card.presets.save.clicks += 1
        assert card.error_box.visible and words in card.error_box.object
        assert "bad name" not in card.error_box.object and "''" not in card.error_box.object
    card.presets.name.value = "a<b"   # shown as typed, once made inert: not escaped twice
    card.presets.save.clicks += 1
    assert "'a\\<b'" in card.error_box.object and "\\\\" not in card.error_box.object
    assert card.presets.saved.options == []


def test_card_presets_survive_a_new_card(card, tmp_path):
    card.widgets["expression"].value = "3d6"
    card.presets.name.value = "three dice"
    card.presets.save.clicks += 1
    other = CalculatorCard(calculator=REGISTRY["core.dice"](), state=SessionState(), store=UserStore(tmp_path))
    assert other.presets.saved.options == ["three dice"]
    other.presets.saved.value = "three dice"
    other.presets.load.clicks += 1
    assert other.calculator.expression == "3d6"


def test_card_upload_validates_the_file(card):
    card.presets.upload.widget.filename = "mine.yaml"
    card.presets.upload.widget.value = b"inputs: {expression: 4d10 keep highest 2, target: 15}\n"
    assert card.calculator.expression == "4d10 keep highest 2" and card.calculator.target == 15
    card.presets.upload.widget.value = b"inputs: {target: 10000000}\n"
    assert card.error.parameter == "target" and card.calculator.target == 15
    card.presets.upload.widget.value = b"inputs: [oops\n"
    assert "mine.yaml, line" in card.error_box.object


def test_rule_link_opens_the_panel_and_absent_rules_say_so():
    state = SessionState()
    panel = RulePanel(state=state)
    link = RuleLink(ref=RuleRef("wif", "2.7"), state=state)
    link.button.clicks += 1
    assert state.open_rule == RuleRef("wif", "2.7")
    assert panel.frame.visible and "2.7" in panel.body.object
    state.open(RuleRef("wif", "14.5"))
    assert "does not contain it" in panel.body.object
    state.lang = "es"
    assert "no la contiene" in panel.body.object


def test_language_switch_sets_the_session_language():
    state = SessionState()
    switch = LanguageSwitch(state=state)
    switch.widget.value = "es"
    assert state.lang == "es"
    state.lang = "en"
    assert switch.widget.value == "en"


def test_landing_lists_every_declared_game_and_links_each_by_default():
    landing = Landing(state=SessionState(lang="es"))
    assert set(landing.cards) == set(BUILT) == set(GAME_IDS)
    for game, card in landing.cards.items():
        assert 'href="./%s' % game in card.object
        assert "<svg" in card.object


def test_card_upload_for_another_calculator_is_refused(card):
    card.presets.upload.widget.filename = "other.yaml"
    card.presets.upload.widget.value = b"calculator: wif.naval-search\ninputs: {target: 3}\n"
    assert "wif.naval-search" in card.error_box.object and card.calculator.target == 7
    card.presets.upload.widget.value = b"inputs: [1, 2]\n"
    assert "other.yaml" in card.error_box.object


def test_info_panel_names_country_and_sea_area_in_spanish():
    europe = load_map("europe")
    state = SessionState(lang="es")
    view = MapView(hexmap=europe, state=state)
    view.select(europe.hex_at(13.40, 52.52))  # Berlin
    assert dict(view.info.rows())["País"] == "Alemania"
    sea = europe.hex_at(3.0, 54.0)
    view.select(sea)
    assert dict(view.info.rows())["Zona marítima"] == "Mar del Norte"
    state.lang = "en"
    assert dict(view.info.rows())["Sea area"] == "North Sea"


def test_landing_links_the_games_it_is_told_are_served():
    landing = Landing(state=SessionState(lang="en"), built=["wif", "asl"])
    linked = {g for g, card in landing.cards.items() if f'href="./{g}' in card.object}
    assert linked == {"wif", "asl"}


def test_a_language_switch_relabels_the_card_without_recomputing_or_a_new_chart(card, monkeypatch):
    figure, source = card.chart.figure, card.chart.source
    calls = []
    original = type(card.calculator).compute
    monkeypatch.setattr(type(card.calculator), "compute", lambda self: calls.append(1) or original(self))
    card.state.lang = "es"
    assert calls == []                                   # the result is shown again, not recomputed
    assert card.chart.figure is figure and card.chart.source is source
    assert card.chart.figure.title.text == "Distribución exacta"
    assert card.chart.figure.xaxis[0].axis_label == "Resultado"
    assert set(source.data["side"]) == {"7 o más", "menos de 7"}
    card.widgets["target"].value = 9                     # an input still recomputes
    assert calls == [1] and card.result.value["p_ge_fraction"] == "5/18"


def test_a_coded_layer_changes_colour_by_palette_without_touching_its_rows():
    hexmap = load_map("demo")
    view = MapView(hexmap=hexmap, state=SessionState())
    h = hexmap.hexes.iloc[:6]
    layer = view.overlays.add_coded("zones", h["sheet"], h["q"], h["r"], [0, 0, 1, 1, 2, 2],
                                    ["#111111", "#222222", "#333333"], names=["a", "b", "c"])
    sources = {s: (src, src.data["code"]) for s, src in layer.sources.items()}
    key = (h["sheet"].iat[3], int(h["q"].iat[3]), int(h["r"].iat[3]))
    assert view.overlays.color_of("zones", key) == "#222222"
    view.overlays.set_palette("zones", ["#111111", "#ffffff", "#333333"])
    assert view.overlays.color_of("zones", key) == "#ffffff"
    assert all(layer.sources[s] is src and layer.sources[s].data["code"] is codes
               for s, (src, codes) in sources.items())
    assert layer.mapper.tags == ["a", "b", "c"] and layer.mapper.name == "overlay-zones-palette"
    with pytest.raises(ValueError, match="has 3 codes, not 2"):
        view.overlays.set_palette("zones", ["#000000", "#ffffff"])
    with pytest.raises(ValueError, match="codes must be 0..1"):
        view.overlays.add_coded("bad", h["sheet"], h["q"], h["r"], [0, 1, 2, 0, 0, 0], ["#000000", "#ffffff"])
    with pytest.raises(ValueError, match="is coded; use set_palette"):
        view.overlays.set("zones", hexes=[key])


def test_a_coded_layer_of_several_opacities_sends_them_in_its_palette():
    """Hexes of two opacities (sea fainter than land): no column of opacities, each colour sent
    once per opacity as #rrggbbaa; a new palette keeps every hex's opacity."""
    hexmap = load_map("demo")
    view = MapView(hexmap=hexmap, state=SessionState())
    h = hexmap.hexes.iloc[:4]
    layer = view.overlays.add_coded("tint", h["sheet"], h["q"], h["r"], [0, 1, 0, 1], ["#112233", "red"],
                                    names=["a", "b"], alphas=[0.5, 0.5, 0.2, 0.2])
    assert all(set(src.data) == {"q", "r", "code"} for src in layer.sources.values())
    assert layer.mapper.palette == ["#11223333", "#ff000033", "#11223380", "#ff000080"]
    assert layer.mapper.tags == ["a", "b", "a", "b"]   # a hex's code names it, whatever its opacity
    codes = {k: int(c) for src in layer.sources.values() for k, c in zip(zip(src.data["q"], src.data["r"]), src.data["code"])}
    assert sorted(codes.values()) == [0, 1, 2, 3]
    assert all(r.glyph.fill_alpha == 1.0 for r in layer.renderers)
    key = (h["sheet"].iat[2], int(h["q"].iat[2]), int(h["r"].iat[2]))
    assert view.overlays.color_of("tint", key) == "#112233"
    view.overlays.set_palette("tint", ["#445566", "#ffffff00"])   # a colour of no opacity stays unseen
    assert layer.mapper.palette == ["#44556633", "#ffffff00", "#44556680", "#ffffff00"]
    assert view.overlays.color_of("tint", key) == "#445566"


def test_a_rule_hash_names_its_rule_and_nothing_else():
    from viewer.views.common.rulelink import rule_anchor, rule_hash, rule_of_hash

    for ref in (RuleRef("wif", "2.4.2"), RuleRef("asl", "E1.94"), RuleRef("churchill", "G.5")):
        assert rule_of_hash(rule_hash(ref)) == ref
        assert "." not in rule_hash(ref)  # a valid CSS id: the page's scripts read the hash as one
    assert rule_anchor(RuleRef("wif", "2.7")) == '<a class="rule-link" href="#rule-wif-2_7">WiF 2.7</a>'
    for hostile in ("", "#", "#rule-", "#rule-chess-1_2", "#rule-wif-<script>", "#intro", "#rule-wif"):
        assert rule_of_hash(hostile) is None


def test_a_step_list_escapes_what_a_user_typed():
    from viewer.views.common.step_list import StepList

    class Typed:
        key = "calc.x.step.echo"
        rule = RuleRef("wif", "2.7")

        def text(self, lang):
            return "you typed <script>alert(1)</script> and [x](javascript:alert(1)) **bold**"

    steps = StepList()
    steps.show([Typed()], "en")
    html = steps.pane.object
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "javascript:" not in html.split("</li>")[0].split('href="')[-1]
    assert "<strong>bold</strong>" in html and 'class="step step-echo"' in html
    assert html.startswith("<ol>") and 'href="#rule-wif-2_7"' in html
