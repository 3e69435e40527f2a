"""The world view (viewer/board/layout.py, viewer/views/map/sheets.py, mapview.py): several sheets at their own scales, the joins
drawn, zoom to one map, the map choice (WiF 1.2, 2.1.1).

Synthetic maps with random terrain (viewer.board.synthetic) stand for the world's sheets: one in
plain map units whose two sheets overlap where their files put them, one geographic with a sheet per
CRS (100 km in EPSG:3035 and 230 km in an Asian equal-area projection).
"""
from __future__ import annotations

import itertools

import numpy as np
import pandas as pd
import pytest
import shapely

from viewer import hexgrid
from viewer.board import HexMap, Sheet, load_map
from viewer.board.synthetic import rectangle_hexes
from viewer.state import SessionState
from viewer.views.map.mapview import MapView, sheet_shifts
from viewer.board.layout import sheets_overlap
from viewer.views.wif.maps import DEFAULT_MAP, MAPS, choose_map, map_choice_message, report_map_choice


def _join_edges(west: Sheet, west_hexes, east: Sheet, east_hexes, n: int) -> pd.DataFrame:
    """Sheet-join rows from the west sheet's last column to the east sheet's first, row by row."""
    wc, wr = west.offset_coords(west_hexes["q"].to_numpy(), west_hexes["r"].to_numpy())
    ec, er = east.offset_coords(east_hexes["q"].to_numpy(), east_hexes["r"].to_numpy())
    rows = []
    for row in range(n):
        a = np.flatnonzero((wc == wc.max()) & (wr == row))[0]
        b = np.flatnonzero((ec == 0) & (er == row))[0]
        rows.append({"sheet_a": west.name, "q_a": int(west_hexes["q"].iat[a]), "r_a": int(west_hexes["r"].iat[a]),
                         "sheet_b": east.name, "q_b": int(east_hexes["q"].iat[b]), "r_b": int(east_hexes["r"].iat[b]),
                         "kind": "sheet-join", "note": "test join"})
    return pd.DataFrame(rows)


@pytest.fixture(scope="module")
def plain_world() -> HexMap:
    """Two sheets in plain units at the same origin (they overlap as placed): 1.0 and 2.3 a hex."""
    west, east = Sheet("west", size=1.0), Sheet("east", size=2.3)
    wh, eh = rectangle_hexes(west, 14, 12, seed=1), rectangle_hexes(east, 6, 5, seed=2)
    edges = _join_edges(west, wh, east, eh, 5)
    return HexMap("plain-world", "demo", [west, east], pd.concat([wh, eh], ignore_index=True), extra_edges=edges)


@pytest.fixture(scope="module")
def geo_world() -> HexMap:
    """A 100 km sheet in EPSG:3035 over central Europe and a 230 km sheet east of it in its own
    Lambert azimuthal equal-area projection (each sheet its own CRS, as on wif-world)."""
    from pyproj import Transformer

    eu_x, eu_y = Transformer.from_crs("EPSG:4326", "EPSG:3035", always_xy=True).transform(10.0, 45.0)
    asia_crs = "+proj=laea +lat_0=40 +lon_0=75 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs"
    europe = Sheet.geographic("europe", "EPSG:3035", 100_000, x0=eu_x, y0=eu_y)
    asia = Sheet.geographic("asia", asia_crs, 230_000, x0=-1_000_000, y0=1_000_000)
    eh, ah = rectangle_hexes(europe, 20, 14, seed=3), rectangle_hexes(asia, 12, 9, seed=4)
    edges = _join_edges(europe, eh, asia, ah, 6)
    return HexMap("geo-world", "demo", [europe, asia], pd.concat([eh, ah], ignore_index=True), extra_edges=edges)


def _drawn_polygons(view: MapView, sheet: str):
    """The hexes of a sheet as BokehJS would draw them: the base source's q, r and the glyph size."""
    src = view.sources[sheet]
    glyph = next(r.glyph for r in view.figure.renderers if r.name == f"base-{sheet}")
    return hexgrid.hex_polygons(np.asarray(src.data["q"]), np.asarray(src.data["r"]), glyph.size, glyph.orientation)


@pytest.mark.parametrize("fixture", ["plain_world", "geo_world"])
def test_sheets_are_drawn_side_by_side_at_their_own_sizes_without_overlap(fixture, request):
    hexmap = request.getfixturevalue(fixture)
    view = MapView(hexmap=hexmap, state=SessionState())
    sizes = {}
    for name, sheet in hexmap.sheets.items():
        glyph = next(r.glyph for r in view.figure.renderers if r.name == f"base-{name}")
        sizes[name] = glyph.size
        assert glyph.size == pytest.approx(sheet.size)  # each sheet's hexes at its own scale
    assert len(set(sizes.values())) == 2
    west, east = (shapely.union_all(_drawn_polygons(view, s)) for s in hexmap.sheets)
    assert west.intersection(east).area == pytest.approx(0.0, abs=1e-9 * west.area)
    assert east.bounds[0] > west.bounds[2]  # the finer (western) sheet on the left, as in geography
    assert sheets_overlap(hexmap, sheet_shifts(hexmap)) == []


def test_plain_world_needed_a_new_layout(plain_world):
    own = {s.name: (0, 0) for s in plain_world.sheets.values()}
    assert sheets_overlap(plain_world, own) == [("west", "east")]


def test_the_demo_map_keeps_the_placement_of_its_file():
    demo = load_map("demo")
    shifts = sheet_shifts(demo)
    for name, s in demo.sheets.items():
        assert shifts[name] == tuple(int(v) for v in hexgrid.pixel_to_hex(s.x0, s.y0, s.size, s.orientation))


@pytest.mark.parametrize("fixture", ["plain_world", "geo_world"])
def test_one_join_line_per_sheet_join_edge_from_centre_to_centre(fixture, request):
    hexmap = request.getfixturevalue(fixture)
    view = MapView(hexmap=hexmap, state=SessionState())
    joins = hexmap.extra_edges[hexmap.extra_edges["kind"] == "sheet-join"]
    data = view.links.sources["joins"].data
    assert len(data["x0"]) == len(joins) > 0
    centres = {}
    for name, src in view.sources.items():
        s = hexmap.sheets[name]
        x, y = hexgrid.hex_to_pixel(np.asarray(src.data["q"]), np.asarray(src.data["r"]), s.size, s.orientation)
        rows = view.rows[name]
        for i, row in enumerate(rows):
            centres[(name, int(hexmap.hexes["q"].iat[row]), int(hexmap.hexes["r"].iat[row]))] = (x[i], y[i])
    for i, e in enumerate(joins.itertuples()):
        assert (data["x0"][i], data["y0"][i]) == pytest.approx(centres[(e.sheet_a, e.q_a, e.r_a)])
        assert (data["x1"][i], data["y1"][i]) == pytest.approx(centres[(e.sheet_b, e.q_b, e.r_b)])
    # the joined sheet is placed level with its partner: the lines run across, not up or down
    east = list(hexmap.sheets.values())[1]
    assert abs(np.mean(np.asarray(data["y1"]) - np.asarray(data["y0"]))) < 1.5 * east.size
    assert "joins" in view.layer_names()
    # the join is a line of the hovered hex's one box (a segment starting or ending in the hex)
    entry = view.hex_hover.entries()["links-joins"]
    assert entry["kind"] == "ends" and entry["renderers"] == [view.links.renderers["joins"]]
    assert [t for t in view.figure.tools if type(t).__name__ == "HoverTool"] == [view.hover]
    view.show_layer("joins", False)
    assert not view.layer_visible("joins")


def test_zoom_to_one_map_sets_the_ranges_to_that_sheet(geo_world):
    view = MapView(hexmap=geo_world, state=SessionState())
    x, y = {}, {}
    for name, src in view.sources.items():
        s = geo_world.sheets[name]
        x[name], y[name] = hexgrid.hex_to_pixel(np.asarray(src.data["q"]), np.asarray(src.data["r"]), s.size,
                                                s.orientation)
    x0, x1, y0, y1 = view.zoom_to("asia")
    assert (view.figure.x_range.start, view.figure.x_range.end) == (x0, x1)
    assert (view.figure.y_range.start, view.figure.y_range.end) == (y0, y1)
    assert x0 <= x["asia"].min() and x["asia"].max() <= x1 and y0 <= y["asia"].min() and y["asia"].max() <= y1
    assert not ((x["europe"] > x0) & (x["europe"] < x1)).any()  # no european hex in the asian view
    wx0, wx1, _, _ = view.zoom_to(None)
    assert wx0 <= x["europe"].min() and x["asia"].max() <= wx1
    with pytest.raises(ValueError, match="allowed: europe, asia"):
        view.zoom_to("pacific")


def test_the_zoom_control_lists_the_sheets_in_the_language(geo_world):
    from viewer.views.map.sheets import ZoomControl

    state = SessionState()
    view = MapView(hexmap=geo_world, state=state)
    zoom = ZoomControl(view=view)
    assert list(zoom.select.options.values()) == ["", "europe", "asia"]
    assert "Europe (100 km a hex)" in zoom.select.options
    zoom.select.value = "asia"
    assert view.figure.x_range.start == view.bounds("asia")[0]
    state.lang = "es"
    assert "Asia (230 km por hexágono)" in zoom.select.options and zoom.select.value == "asia"


def test_map_choice_accepts_the_bundled_maps_and_refuses_others():
    assert choose_map(None) == (DEFAULT_MAP, None)
    assert choose_map(b"wif-world") == ("wif-world", None)
    assert choose_map("europe") == ("europe", None)
    assert choose_map("mars") == (DEFAULT_MAP, "mars")
    assert choose_map("wif-world", available=["europe"]) == (DEFAULT_MAP, "wif-world")
    assert set(MAPS) == {"europe", "wif-world"}


def test_the_map_choice_message_follows_the_language():
    from viewer.views.common.shell import AppShell

    shell = AppShell("game.wif.name", url_sync=False)
    report_map_choice(shell, "mars")
    assert shell.banner.visible
    en = shell.banner.object
    assert "mars" in en and "europe, wif-world" in en and en == map_choice_message("mars", "en")
    shell.state.lang = "es"
    es = shell.banner.object
    assert es != en and "mars" in es and "europe, wif-world" in es and "desconocido" in es


# ---------------------------------------------------------------------------- on the wif-world map
@pytest.fixture(scope="module")
def world() -> HexMap:
    return load_map("wif-world")


def _leg_hexes(world: HexMap):
    """A clear European hex ``e`` joined to a clear Asian hex ``a`` (WiF 2.1.1 case 2), a clear
    European neighbour ``x`` of ``e`` with no join, and a clear Asian neighbour ``b`` of ``a`` joined
    to no European hex: a leg x -> e -> a -> b enters 1, 1, 2, 2 (WiF 8.2.2)."""
    h = world.hexes.set_index(["sheet", "q", "r"])
    j = world.extra_edges[world.extra_edges["kind"] == "sheet-join"]
    joined = set(zip(j["sheet_a"], j["q_a"], j["r_a"])) | set(zip(j["sheet_b"], j["q_b"], j["r_b"]))

    def clear(key):
        row = h.loc[key]
        return row["terrain"] == "clear" and not row["hex_dot"] and not row["off_map"]

    for e_key, a_key in zip(zip(j["sheet_a"], j["q_a"], j["r_a"]), zip(j["sheet_b"], j["q_b"], j["r_b"])):
        if e_key[0] != "europe" or a_key[0] != "asia" or not (clear(e_key) and clear(a_key)):
            continue
        xs = [k for k in world.neighbors(e_key) if k[0] == "europe" and k not in joined and clear(k)]
        bs = [k for k in world.neighbors(a_key) if k[0] == "asia" and k not in joined and clear(k)]
        if xs and bs:
            return xs[0], e_key, a_key, bs[0]
    raise AssertionError("no clear Europe-Asia join with clear hexes on both sides")


@pytest.mark.parametrize("weather, budget", [("fine", 4), ("snow", 3)])
def test_a_supply_leg_from_europe_into_asia_pays_1_then_2_per_hex(world, weather, budget):
    """WiF 8.2.2: each European hex entered costs 1, each Asian hex 2; the budget is 4 in Fine and
    3 in Snow (so in Snow a leg reaches only one Asian hex)."""
    from viewer.rules.wif.scenario_io import load_scenario
    from viewer.rules.wif.supply import supply_range

    x, e, a, b = _leg_hexes(world)
    label = {k: f"{k[0]}:{world.label(k)}" for k in (x, e, a, b)}
    zones = {z: weather for z in world.vocabulary.climate_zones}
    for start, costs in ((x, {e: 1, a: 3}), (e, {a: 2, b: 4})):
        scenario = load_scenario({"map": "wif-world", "weather": zones, "units": [
            {"id": "u", "type": "INF", "power": "USSR", "hex": label[start]}]}, world)
        r = supply_range(world, scenario, "u").set_index("label")
        assert (r["budget"] == budget).all()
        for key, cost in costs.items():
            lab = world.label(key)
            if cost <= budget:
                assert r.at[lab, "cost"] == cost and bool(r.at[lab, "reachable"])
            else:
                assert lab not in r.index or not bool(r.at[lab, "reachable"])


def test_the_world_view_lays_out_every_sheet_without_overlap(world):
    shifts = sheet_shifts(world)
    assert sheets_overlap(world, shifts) == []
    view = MapView(hexmap=world, state=SessionState())
    assert len(view.links.sources["joins"].data["x0"]) == int((world.extra_edges["kind"] == "sheet-join").sum())
    others = world.extra_edges["kind"] != "sheet-join"
    assert len(view.links.sources["links"].data["x0"]) == int(others.sum())
    for sheet in world.sheets:  # zoom to each map: its hexes fill the ranges
        x0, x1, y0, y1 = view.zoom_to(sheet)
        assert x1 > x0 and y1 > y0


def test_the_weather_panel_sets_each_of_the_six_zones_on_the_world_map(world):
    from viewer.views.wif.weather import WEATHER_COLORS, WeatherPanel

    view = MapView(hexmap=world, state=SessionState())
    panel = WeatherPanel(mapview=view)
    assert panel.zones == list(world.vocabulary.climate_zones)
    for zone in panel.zones:
        panel.set_zone(zone, "storm")
        for z, keys in panel.keys_by_zone.items():
            wanted = WEATHER_COLORS["storm" if z == zone else "fine"]
            assert {view.overlays.color_of("weather", k) for k in keys} == {wanted}, (zone, z)
        panel.set_zone(zone, "fine")


# ---------------------------------------------------------------------------- the world lessons
WORLD_LESSONS = ("world-riyadh", "world-dakar", "world-khartoum")


def test_the_world_lessons_are_listed_for_the_world_map_only(world):
    from viewer.state.wif.scenario import ScenarioState
    from viewer.userdata import UserStore
    from viewer.views.wif.scenario_files import Messages, ScenarioFiles

    state = SessionState()
    for hexmap, shown in ((world, True), (load_map("europe"), False)):
        scenario = ScenarioState(hexmap=hexmap)
        files = ScenarioFiles(scenario, state, UserStore(), Messages(state))
        assert all((name in files.lessons) == shown for name in WORLD_LESSONS)
        assert ("kiev" in files.lessons) != shown
    for name in WORLD_LESSONS:  # each loads through the lesson list on the world map
        scenario = ScenarioState(hexmap=world)
        loaded = scenario.load_lesson(name)
        assert loaded.map == "wif-world" and loaded.units


def _neighbors_on(world, key, sheet):
    """The land hexes (not hex-dots) of ``sheet`` adjacent to ``key``."""
    return sorted(world.label(k) for k in world.neighbors(key) if k[0] == sheet and not world.hex(k)["hex_dot"])


@pytest.mark.parametrize("lesson, off_map, touching, inside, outside", [
    ("world-riyadh", "X3314", ["6768", "6868"], "it-6768", "it-6668"),   # Ex. 2.1.1-1
    ("world-dakar", "X2513", ["0168", "0268", "0368"], "fr-0268", "fr-0267"),  # Ex. 2.1.1-2
])
def test_riyadh_and_dakar_touch_their_map_hexes_and_only_a_touching_unit_reaches_them(
        world, lesson, off_map, touching, inside, outside):
    """WiF 2.1.1 case 4 on our drawing, and 8.2.2: entering an off-map hex costs 4, so only a unit in a
    touching hex reaches it, and only in Fine."""
    from viewer.rules.wif.scenario_io import load_scenario
    from viewer.rules.wif.supply import supply_range
    from viewer.state.wif.scenario import bundled_scenarios

    key = world.find(off_map)
    assert key[0] == "offmap" and world.hex(key)["off_map"]
    assert _neighbors_on(world, key, "europe") == touching
    scenario = load_scenario(bundled_scenarios()[lesson], world)
    r = supply_range(world, scenario, inside).set_index("label")
    assert r.at[off_map, "cost"] == 4 and bool(r.at[off_map, "reachable"])
    far = supply_range(world, scenario, outside).set_index("label")
    assert off_map not in far.index or not bool(far.at[off_map, "reachable"])
    # in a Storm (Rain in a desert hex, WiF 8.2.1) the budget is 2: not even a touching unit reaches it
    zone = world.hex(scenario.units[inside].hex)["climate_zone"]
    stormy = load_scenario(dict(_lesson_dict(lesson), weather={zone: "storm"}), world)
    r = supply_range(world, stormy, inside).set_index("label")
    assert off_map not in r.index or not bool(r.at[off_map, "reachable"])


def _lesson_dict(name: str) -> dict:
    import yaml

    from viewer.state.wif.scenario import bundled_scenarios

    return yaml.safe_load(bundled_scenarios()[name].read_text(encoding="utf-8"))


def test_the_khartoum_flight_runs_small_dot_large_dot_off_map_hex(world):
    """Ex. 2.1.1-4 on our drawing: Aden -> small Red Sea hex-dot -> large hex-dot -> off-map hex,
    each step an adjacency of the map (the small dot on the Asian sheet joined to the large one)."""
    from viewer.rules.wif.scenario_io import load_scenario

    scenario = load_scenario(_lesson_dict("world-khartoum"), world)
    base = scenario.units["cw-bomber"].hex
    path = [base, world.find("A1038"), world.find("6867"), world.find("X3314")]
    kinds = []
    for a, b in itertools.pairwise(path):
        kind = dict(world.neighbor_edges(a)).get(b)
        assert kind is not None, f"{world.label(a)} and {world.label(b)} are not adjacent"
        kinds.append(kind)
    small, large, target = (world.hex(k) for k in path[1:])
    assert small["hex_dot"] and not small["large_hex_dot"] and small["sea_area"] == "Red Sea"
    assert large["hex_dot"] and large["large_hex_dot"] and large["sea_area"] == "Red Sea"
    assert target["off_map"] and scenario.units["it-addis"].hex == path[-1]
    assert kinds[1:] == ["sheet-join", "large-hex-dot"]
    # no shortcut: the small hex-dot does not touch the off-map hex (only large ones do, WiF 2.1.1)
    assert path[-1] not in world.neighbors(path[1])


def test_the_supply_range_overlay_crosses_the_join_onto_the_asian_sheet(world):
    """The scenario panel's range overlay (helper E's supply layers) on the world map: a Soviet corps
    by the Europe-Asia join; its range hexes on the Asian sheet are drawn on that sheet's source, at
    that sheet's hex size and place, with the costs of WiF 8.2.2."""
    from viewer.rules.wif.supply import supply_range
    from viewer.state.wif.weather import WeatherSession
    from viewer.views.wif.scenario_panel import ScenarioPanel

    _x, e, a, b = _leg_hexes(world)
    view = MapView(hexmap=world, state=SessionState())
    panel = ScenarioPanel(mapview=view, weather=WeatherSession())
    panel.scenario.load({"map": "wif-world", "units": [
        {"id": "su", "type": "INF", "power": "USSR", "hex": f"europe:{world.label(e)}"}]}, "test")
    view.select(e)
    assert panel.scenario.selected_unit == "su"
    frame = supply_range(world, panel.traced(), "su")
    reached = {world.find(h) for h in frame.loc[frame.reachable, "label"]}
    assert a in reached and b in reached
    shown = set(panel.layers.range.keys())
    assert shown == reached and any(k[0] == "asia" for k in shown)
    layer = panel.layers.range.layer
    src = layer.sources["asia"]
    i = layer.rows[a][1]
    dq, dr = view.shifts["asia"]
    assert (src.data["q"][i], src.data["r"][i]) == (a[1] + dq, a[2] + dr)
    glyph = next(r.glyph for r in layer.renderers if r.data_source is src)
    assert glyph.size == pytest.approx(world.sheets["asia"].size)


def test_the_zoc_overlay_crosses_the_join(world):
    """WiF 2.2 across a map join (2.1.1 case 2): a corps on the Europe sheet's edge projects its ZOC
    into the joined Asian hexes, and the overlay draws them on the Asian sheet."""
    from viewer.state.wif.weather import WeatherSession
    from viewer.views.wif.scenario_panel import ScenarioPanel

    x, e, a, b = _leg_hexes(world)
    view = MapView(hexmap=world, state=SessionState())
    panel = ScenarioPanel(mapview=view, weather=WeatherSession())
    panel.scenario.load({"map": "wif-world", "at_war": [["Germany", "USSR"]], "units": [
        {"id": "ger", "type": "INF", "power": "Germany", "hex": f"europe:{world.label(e)}"}]}, "test")
    panel.report.zoc_side.value = "axis"
    shown = set(panel.layers.zoc.keys())
    assert a in shown and e in shown and x in shown
    assert b not in shown  # two hexes away


def test_every_major_power_of_the_world_map_has_a_colour_and_a_name():
    from viewer.board import load_map
    from viewer.views.common.colors import POWER_COLORS
    from viewer.views.common.text import label

    regions = load_map("wif-world").regions
    powers = set(regions.loc[regions["kind"] == "country", "power"].dropna())
    assert powers <= set(POWER_COLORS), powers - set(POWER_COLORS)
    for power in powers:
        assert label(f"map.power.{power}", "es") != f"map.power.{power}"
