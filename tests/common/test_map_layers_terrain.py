"""The terrain, hexside and railway layers of the map view, without a browser.

Checked on the demo map (every terrain class and hexside feature, a railway across two sheets)
and on small synthetic maps; WiF 2.1.1 (hexside features), 11.10 (rail-connected hexes).
"""
import numpy as np
import pandas as pd
import pytest

from viewer import hexgrid
from viewer.board import HexMap, load_map
from viewer.board.synthetic import rectangle_map
from viewer.state import SessionState
from viewer.views.common.colors import PLAIN_LAND_COLOR, terrain_color
from viewer.views.map.hexside_layers import LAYER_FEATURES
from viewer.views.map.map_layers import MapLayers
from viewer.views.map.mapview import MapView


@pytest.fixture(scope="module")
def demo():
    return load_map("demo")


@pytest.fixture
def layers(demo):
    return MapLayers(view=MapView(hexmap=demo, state=SessionState()))


def _rows(hexmap, feature):
    hs = hexmap.hexsides
    return hs[hs["feature"] == feature]


def _key(row, end):
    return (row[f"sheet{end}"], int(row[f"q{end}"]), int(row[f"r{end}"]))


def test_the_views_own_layers_are_toggles_beside_the_political_ones(layers):
    names = list(layers.names())
    assert names[:2] == ["terrain", "countries"]
    assert {"rivers", "hexsides", "railways", "roads"} <= set(names)
    # terrain, rivers and the other hexsides open shown; railways and roads open hidden (legibility
    # of the whole map, hexside_layers.DEFAULT_ON) and unsent
    assert {"terrain", "rivers", "hexsides"} <= set(layers.visible())
    assert "roads" not in layers.visible() and "railways" not in layers.visible()
    assert len(layers.view.hexsides.sources["railways"].data["x0"]) == 0


def _hover_labels(view, layer: str) -> list[str]:
    """What the hover box calls each row of hexside layer ``layer``: its code's name."""
    names = view.hex_hover.entries()[f"hexside-{layer}"]["names"]
    return [names[c] for c in view.hexsides.sources[layer].data["label"]]


def _hover_own_names(view, layer: str) -> list[str]:
    """Each row's own name (a river's) as the hover box gives it."""
    names = view.hex_hover.entries()[f"hexside-{layer}"]["sub_names"]
    return [names[c] for c in view.hexsides.sources[layer].data["name"]]


@pytest.mark.parametrize("layer", ["rivers", "hexsides", "railways", "roads"])
def test_toggling_a_hexside_layer_flips_its_renderers(layers, layer):
    view = layers.view
    features = view.hexsides.features(layer)
    assert features == [f for f in LAYER_FEATURES[layer] if f in set(view.hexmap.hexsides["feature"])]
    renderers = view.hexsides.renderers[layer]
    items = [view.hexsides.legend_items[f] for f in features]
    for on in (True, False, True):
        layers.show(layer, on)
        assert all(r.visible is on for r in renderers)
        assert all(i.visible is on for i in items)  # the legend names only what is drawn
        assert view.layer_visible(layer) is on
    # shown once, the layer's source holds one segment per row of each of its features (a hexside
    # feature's rows within one sheet: a join between sheets has no shared hexside in the view)
    data = view.hexsides.sources[layer].data
    for f in features:
        rows = _rows(view.hexmap, f)
        if layer in ("rivers", "hexsides"):
            rows = rows[rows["sheet_a"] == rows["sheet_b"]]
        drawn = view.hexsides.features_of[layer] == f
        assert drawn.sum() == len(rows) > 0
        assert set(np.asarray(_hover_labels(view, layer))[drawn]) == {view.hexsides.legend_items[f].label["value"]}
    assert len(data["x0"]) == len(view.hexsides.features_of[layer])


@pytest.mark.parametrize("layer, feature", [("roads", "road"), ("railways", "rail")])
def test_a_hidden_layer_is_sent_the_first_time_it_is_shown(layers, layer, feature):
    src = layers.view.hexsides.sources[layer]
    assert len(src.data["x0"]) == 0
    layers.show(layer)
    assert len(src.data["x0"]) == len(_rows(layers.view.hexmap, feature))


def test_terrain_toggle_swaps_the_palette_not_the_hexes(layers):
    view = layers.view
    before = {s: dict(src.data) for s, src in view.sources.items()}
    terrains = view.terrains
    assert view.terrain_mapper.palette == [terrain_color(t) for t in terrains]
    layers.show("terrain", False)
    assert view.terrain is False
    plain = dict(zip(terrains, view.terrain_mapper.palette))
    assert plain["forest"] == plain["mountain"] == plain["desert"] == PLAIN_LAND_COLOR
    assert plain["sea"] == terrain_color("sea") and plain["lake"] == terrain_color("lake")
    shown = [i.label["value"] for i in view.legend_items if i.visible]
    assert shown == ["Lake", "Sea (hex-dot)"]
    layers.show("terrain")
    assert view.terrain_mapper.palette == [terrain_color(t) for t in terrains]
    assert all(i.visible for i in view.legend_items)
    for s, src in view.sources.items():  # the base hexes were never resent
        assert src.data["t"] is before[s]["t"]


def test_legend_and_toggles_follow_the_language(layers):
    view = layers.view
    hexside_items = view.hexsides.legend_items
    assert hexside_items["river"].label["value"] == "River"
    assert hexside_items["rail"].label["value"] == "Railway"
    assert all(i in view.legend.items for i in hexside_items.values())
    assert "Railways" in layers.toggles.options and "Terrain" in layers.toggles.options
    view.state.lang = "es"
    try:
        assert hexside_items["river"].label["value"] == "Río"
        assert hexside_items["strait"].label["value"] == "Estrecho"
        assert hexside_items["alpine"].label["value"] == "Lado alpino"
        assert hexside_items["rail"].label["value"] == "Ferrocarril"
        terrain = {i.label["value"] for i in view.legend_items}
        assert {"Montaña", "Pantano", "Desierto montañoso"} <= terrain
        assert {"Ferrocarriles", "Ríos", "Terreno"} <= set(layers.toggles.options)
        assert {"terrain", "rivers"} <= set(layers.visible())  # a relabel keeps what is shown
    finally:
        view.state.lang = "en"
    assert hexside_items["river"].label["value"] == "River"


def test_rail_segments_join_the_centres_of_the_rail_rows_hexes(layers):
    view = layers.view
    layers.show("railways")
    rows = _rows(view.hexmap, "rail")
    data = view.hexsides.sources["railways"].data
    assert len(data["x0"]) == len(rows)
    assert len(set(rows["sheet_a"]) | set(rows["sheet_b"])) == 2  # one line crosses into the east sheet
    for i, row in enumerate(rows.to_dict("records")):
        a, b = view.overlays.centre(_key(row, "_a")), view.overlays.centre(_key(row, "_b"))
        assert (data["x0"][i], data["y0"][i]) == pytest.approx(a, abs=1e-4)
        assert (data["x1"][i], data["y1"][i]) == pytest.approx(b, abs=1e-4)
    # the dark line and its white ties draw the same source
    dark, ties = view.hexsides.renderers["railways"]
    assert dark.data_source is ties.data_source and ties.glyph.line_color == "#ffffff"


def test_hexside_segments_run_along_the_shared_hexside(layers):
    view = layers.view
    for layer in ("rivers", "hexsides"):
        rows = view.hexsides.rows(layer)
        data = view.hexsides.sources[layer].data
        assert len(data["x0"]) == len(rows) and {"river", "alpine", "lake", "strait"} & set(rows["feature"])
        for i, row in enumerate(rows.to_dict("records")):
            shared = []
            for end in ("_a", "_b"):
                sheet = view.hexmap.sheets[row[f"sheet{end}"]]
                dq, dr = view.shifts[sheet.name]
                xs, ys = hexgrid.corners(row[f"q{end}"] + dq, row[f"r{end}"] + dr, sheet.size, sheet.orientation)
                shared.append(np.c_[xs[0], ys[0]])
            for x, y in ((data["x0"][i], data["y0"][i]), (data["x1"][i], data["y1"][i])):
                # each end is a corner of both hexes
                # (float32 on the page: a millionth of the size is far below a pixel)
                assert all(np.hypot(c[:, 0] - x, c[:, 1] - y).min() < 1e-4 for c in shared), row


def test_hover_names_the_feature_from_its_label_column(layers):
    view = layers.view
    layers.show("railways")
    # one hover box, the hex's: each hexside layer is one of its lines, read from the label column
    entries = view.hex_hover.entries()
    for layer, rends in view.hexsides.renderers.items():
        entry = entries[f"hexside-{layer}"]
        assert entry["kind"] == "sides" and entry["field"] == "label" and entry["renderers"] == rends[:1]
    drawn = {r for rends in view.hexsides.renderers.values() for r in rends}
    assert not [t for t in view.figure.tools if type(t).__name__ == "HoverTool" and drawn & set(t.renderers)]
    assert set(_hover_labels(view, "railways")) == {"Railway"}
    assert set(_hover_labels(view, "hexsides")) == {"Strait", "Alpine hexside", "Lake hexside", "All-sea hexside"}
    alpine = view.hexsides.features_of["hexsides"] == "alpine"
    assert set(np.asarray(_hover_labels(view, "hexsides"))[alpine]) == {"Alpine hexside"}
    codes = {layer: np.asarray(src.data["label"]).copy() for layer, src in view.hexsides.sources.items()}
    view.state.lang = "es"
    try:
        assert set(_hover_labels(view, "railways")) == {"Ferrocarril"}
        assert set(_hover_labels(view, "rivers")) == {"Río"}
        assert set(np.asarray(_hover_labels(view, "hexsides"))[alpine]) == {"Lado alpino"}
        # the sources hold codes: a language switch renames a few words and resends no column
        assert all(np.array_equal(view.hexsides.sources[k].data["label"], v) for k, v in codes.items())
        assert view.hex_hover.words()["names"]["hexside-railways"] == ["Ferrocarril"]
    finally:
        view.state.lang = "en"


def test_a_named_river_is_named_on_hover_in_the_sessions_language():
    m = rectangle_map(6, 5, seed=3)
    sides = pd.DataFrame({
        "sheet_a": ["main"] * 3, "q_a": [1, 1, 2], "r_a": [1, 2, 2],
        "sheet_b": ["main"] * 3, "q_b": [2, 2, 3], "r_b": [1, 1, 1],
        "feature": ["river", "river", "rail"],
        "name": ["Rhine", "Rhine;Meuse", None], "name_es": ["Rin", None, None],
    })
    named = HexMap("named", "demo", list(m.sheets.values()), m.hexes.drop(columns="label"), hexsides=sides)
    view = MapView(hexmap=named, state=SessionState())
    view.show_layer("rivers")
    assert _hover_own_names(view, "rivers") == ["Rhine", "Rhine, Meuse"]  # a hexside two rivers share names both
    assert view.hex_hover.entries()["hexside-rivers"]["name_field"] == "name"  # "River (Rhine)" on hover
    view.state.lang = "es"
    assert _hover_own_names(view, "rivers") == ["Rin", "Rhine, Meuse"]  # no Spanish name given


def test_a_map_without_hexsides_has_only_the_terrain_toggle():
    view = MapView(hexmap=rectangle_map(5, 4), state=SessionState())
    assert view.layer_names() == ["terrain"]
    assert not view.hexsides.renderers and not [n for n in view.hex_hover.entries() if n.startswith("hexside-")]
    layers = MapLayers(view=view)
    assert "rivers" not in layers.names() and layers.visible() == ["terrain"]
    with pytest.raises(ValueError, match="has no layer 'railways'; allowed: terrain"):
        view.show_layer("railways")


def test_the_info_panel_names_the_hexs_hexside_features(layers, demo):
    view = layers.view
    view.select(("main", 10, 5))
    rows = dict(view.info.rows())
    across = demo.label(("main", 9, 6))
    assert rows["Strait"] == rows["Railway"] == f"→ {across}"
    view.state.lang = "es"
    try:
        assert dict(view.info.rows())["Estrecho"] == f"→ {across}"
    finally:
        view.state.lang = "en"


def test_the_legend_names_only_the_layers_drawn(layers):
    view = layers.view
    assert "Climate zones" not in view.legend_labels()  # hidden when the view opens
    assert {"Countries", "River", "Strait", "Forest"} <= set(view.legend_labels())
    assert "Railway" not in view.legend_labels()
    layers.show("climate")
    layers.show("railways")
    layers.show("rivers", False)
    names = view.legend_labels()
    assert "Climate zones" in names and "Railway" in names and "River" not in names


def test_a_layer_first_shown_after_a_language_switch_comes_in_that_language(demo):
    view = MapView(hexmap=demo, state=SessionState(lang="es"))
    view.state.lang = "en"
    view.state.lang = "es"
    view.show_layer("railways")
    assert set(_hover_labels(view, "railways")) == {"Ferrocarril"}
