"""The bundled `wif-world` map: the Asian and Pacific maps, the American mini-map, off-map
areas, map joins and the six climate zones (WiF 1.2, 2.1.1-2.1.4, 8.1, 8.2.2).

Our drawing is real geography (maps/build/wif_world.py; maps/README.md says which of our hexes
plays each role of the rules' examples): the off-map hex Addis Ababa plays Riyadh's part in
Ex. 2.1.1-1 and Khartoum's in Ex. 2.1.1-4 (our europe sheet holds Riyadh and Khartoum on-map),
Dakar is Dakar (Ex. 2.1.1-2), and the Salisbury-Durban railway is our Perm-E0148.
"""
import math

import numpy as np
import pandas as pd
import pytest
import shapely
from pyproj import Transformer

from viewer.board import EDGE_KINDS, HexMap, MapError, Sheet, load_map, save_map
from viewer.board.wif.vocabulary import VOCABULARY as WIF

SPACING = {"europe": 100_000, "asia": 230_000, "pacific": 230_000, "america": 650_000, "offmap": 650_000}
CLASS = {"europe": "european", "asia": "asian", "pacific": "pacific", "america": "american"}


@pytest.fixture(scope="module")
def world():
    return load_map("wif-world")


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def _place(m: HexMap, name: str):
    f = m.features[m.features["name"] == name].iloc[0]
    return (f["sheet"], int(f["q"]), int(f["r"]))


def _great_circle_km(lon1, lat1, lon2, lat2):
    p1, p2, dl = np.radians(lat1), np.radians(lat2), np.radians(np.subtract(lon2, lon1))
    c = np.sin(p1) * np.sin(p2) + np.cos(p1) * np.cos(p2) * np.cos(dl)
    return 6371.0 * np.arccos(np.clip(c, -1, 1))


# ----------------------------------------------------------------------------- the model: one CRS per sheet


def test_sheets_keep_their_own_crs_and_scale(world):
    assert set(world.sheets) == set(SPACING)
    for name, sheet in world.sheets.items():
        assert sheet.spacing_m == SPACING[name], name
    assert len(set(world.crss.values())) == 5
    assert world.crs is None and world.is_geographic  # no shared CRS, yet geographic
    assert world.crss["europe"] == "EPSG:3035"


def test_a_mixed_map_needs_a_crs_on_every_sheet_or_none():
    hexes = pd.DataFrame(dict(sheet=["a", "b"], q=[0, 0], r=[0, 0], terrain=["clear", "clear"]))
    sheets = [Sheet.geographic("a", "EPSG:3035", 1e5), Sheet("b")]
    with pytest.raises(MapError, match="sheet\\(s\\) without one: b"):
        HexMap("x", "demo", sheets, hexes)
    two = [Sheet.geographic("a", "EPSG:3035", 1e5), Sheet.geographic("b", "EPSG:8857", 6.5e5)]
    m = HexMap("x", "demo", two, hexes)
    assert m.crs is None and m.crss == {"a": "EPSG:3035", "b": "EPSG:8857"}


def test_hex_at_asks_the_finest_sheet_first(world):
    cases = {"europe": (13.40, 52.52), "asia": (139.69, 35.69), "pacific": (-157.86, 21.31),
             "america": (-74.01, 40.71), "offmap": (36.82, -1.29)}
    for sheet, (lon, lat) in cases.items():
        assert world.hex_at(lon, lat)[0] == sheet, sheet
    # a point both on the europe sheet and inside the 650 km off-map hex of Dakar answers europe
    lon, lat = -16.7, 14.7
    om = world.sheets["offmap"]
    x, y = Transformer.from_crs("EPSG:4326", om.crs, always_xy=True).transform(lon, lat)
    q, r = om.hex_at_xy(x, y)
    assert ("offmap", int(q), int(r)) == _place(world, "Dakar")
    assert world.hex_at(lon, lat)[0] == "europe"
    assert world.hex_at(0.0, -89.0) is None  # Antarctica is on no sheet


def test_multi_crs_round_trip_writes_lon_lat_geometry(tmp_path):
    import pyogrio

    a = Sheet.geographic("a", "EPSG:3035", 100_000.0, x0=4_000_000.0, y0=3_000_000.0)
    b = Sheet.geographic("b", "+proj=laea +lat_0=15 +lon_0=92.5 +datum=WGS84 +units=m +no_defs", 230_000.0)
    hexes = pd.DataFrame(dict(sheet=["a", "a", "b"], q=[0, 1, 0], r=[0, 0, 0], terrain="clear"))
    edges = pd.DataFrame(dict(sheet_a=["a"], q_a=[1], r_a=[0], sheet_b=["b"], q_b=[0], r_b=[0], kind=["sheet-join"]))
    m = HexMap("two", "wif", [a, b], hexes, extra_edges=edges)
    path = save_map(m, tmp_path / "two.gpkg")
    assert pyogrio.read_info(path, layer="hexes")["crs"] == "EPSG:4326"
    back = load_map(path)
    assert back.equals(m)
    geo = pyogrio.read_dataframe(path, layer="hexes")
    centre = shapely.centroid(geo.geometry.values[2])
    assert centre.x == pytest.approx(92.5, abs=0.01) and centre.y == pytest.approx(15.0, abs=0.01)
    lon, lat = back.lonlat()
    assert lon[2] == pytest.approx(92.5) and lat[2] == pytest.approx(15.0)


# ----------------------------------------------------------------------------- europe unchanged


def test_europe_alone_is_unchanged(europe):
    assert len(europe) == 4760 and europe.crs == "EPSG:3035"


def test_the_europe_sheet_is_included_as_it_is(world, europe):
    w = world.hexes[world.hexes["sheet"] == "europe"].reset_index(drop=True)
    e = europe.hexes
    assert len(w) == len(e)
    cols = ["q", "r", "label", "terrain", "climate_zone", "country", "map_class", "sea_area", "hex_dot", "coastal",
            "port", "city", "off_map"]
    pd.testing.assert_frame_equal(w[cols], e[cols], check_dtype=False)
    hs = world.hexsides
    on_europe = hs[(hs["sheet_a"] == "europe") | (hs["sheet_b"] == "europe")].reset_index(drop=True)
    pd.testing.assert_frame_equal(on_europe[list(europe.hexsides.columns)], europe.hexsides, check_dtype=False)
    # only large hex-dot flags were added, each on a hex-dot that an off-map link needs (WiF 2.1.1)
    assert (w["large_hex_dot"] & ~w["hex_dot"]).sum() == 0
    assert 1 <= w["large_hex_dot"].sum() <= 5


# ----------------------------------------------------------------------------- joins and edges


def test_every_edge_kind_is_present_and_adjacent_both_ways(world):
    e = world.extra_edges
    assert set(EDGE_KINDS) == set(e["kind"])
    for kind, rows in e.groupby("kind"):
        for rec in rows.itertuples():
            a, b = (rec.sheet_a, rec.q_a, rec.r_a), (rec.sheet_b, rec.q_b, rec.r_b)
            assert (b, kind) in world.neighbor_edges(a) or b in world.neighbors(a), (kind, a, b)
            assert a in world.neighbors(b), (kind, a, b)


@pytest.mark.parametrize("a,b", [("europe", "asia"), ("asia", "pacific")])
def test_sheet_joins_link_facing_edge_hexes(world, a, b):
    """WiF 2.1.1 case 2 on real geography: the hexes on either side of the join line touch."""
    e = world.extra_edges
    j = e[(e["kind"] == "sheet-join") & (e["sheet_a"] == a) & (e["sheet_b"] == b)]
    j = j[~j["note"].str.startswith("Red Sea")]  # the rule's own link, tested below
    assert len(j) >= 60
    lon, lat = world.lonlat()
    pa = [world.position((s, q, r)) for s, q, r in zip(j["sheet_a"], j["q_a"], j["r_a"])]
    pb = [world.position((s, q, r)) for s, q, r in zip(j["sheet_b"], j["q_b"], j["r_b"])]
    km = _great_circle_km(lon[pa], lat[pa], lon[pb], lat[pb])
    # neighbouring centres: at most about one coarse hex plus one fine half-hex apart
    assert km.max() < 1.2 * (SPACING[a] + SPACING[b]) / 1000, km.max()
    # every joined hex lies on its sheet's edge (it misses a grid neighbour)
    for s, qs, rs in ((a, j["q_a"], j["r_a"]), (b, j["q_b"], j["r_b"])):
        for q, r in list(zip(qs, rs))[:: max(1, len(j) // 40)]:
            same_sheet = [k for k, kind in world.neighbor_edges((s, q, r)) if kind == "hexside"]
            assert len(same_sheet) < 6, (s, q, r)


def test_the_asia_pacific_join_runs_along_the_155th_meridian(world):
    """Nearly every hex along the meridian 155°E has a partner across the join (the rest are
    ragged corners left by two grids in different projections)."""
    lon, lat = world.lonlat()
    h = world.hexes.assign(lon=lon % 360, lat=lat)
    e = world.extra_edges
    j = e[e["kind"] == "sheet-join"]
    joined = set(zip(j["sheet_a"], j["q_a"], j["r_a"])) | set(zip(j["sheet_b"], j["q_b"], j["r_b"]))
    for sheet, strip in (("asia", h["lon"] >= 153.5), ("pacific", h["lon"] <= 156.5)):
        near = h[(h["sheet"] == sheet) & strip & h["lat"].between(-47, 71)]
        share = np.mean([(sheet, q, r) in joined for q, r in zip(near["q"], near["r"])])
        assert len(near) > 20 and share >= 0.9, (sheet, share)


def test_a_hex_across_the_europe_asia_join_is_a_neighbour_of_its_partner(world):
    # Tashkent's region: the europe sheet's east edge meets the Asian sheet
    e = world.extra_edges
    j = e[(e["kind"] == "sheet-join") & (e["sheet_a"] == "europe") & (e["sheet_b"] == "asia")].iloc[0]
    a, b = ("europe", int(j["q_a"]), int(j["r_a"])), ("asia", int(j["q_b"]), int(j["r_b"]))
    assert (b, "sheet-join") in world.neighbor_edges(a)
    assert (a, "sheet-join") in world.neighbor_edges(b)


# ----------------------------------------------------------------------------- off-map areas (WiF 2.1.1-2.1.4)


def test_mini_map_and_off_map_sheets_are_all_off_map(world):
    h = world.hexes
    for sheet in ("america", "offmap"):
        assert h.loc[h["sheet"] == sheet, "off_map"].all(), sheet
    am = h[h["sheet"] == "america"]
    assert (am["large_hex_dot"] == am["hex_dot"]).all()  # WiF 2.1.4: every hex-dot is large
    assert not h.loc[h["sheet"].isin(["europe", "asia", "pacific"]), "off_map"].any()


def test_only_large_hex_dots_touch_off_map_hexes(world):
    """WiF 2.1.1: a hex-dot adjacent to an off-map hex is a large hex-dot."""
    h = world.hexes
    off = h.index[h["off_map"]]
    checked = 0
    for pos in off:
        key = world._key_at(int(pos))
        for n in world.neighbors(key):
            attrs = world.hex(n)
            if attrs["hex_dot"]:
                assert attrs["large_hex_dot"], (key, n)
                checked += 1
    assert checked > 50


def test_riyadh_role_two_hexes_at_the_lower_right_of_the_european_map(world):
    """Ex. 2.1.1-1 on our drawing: the off-map hex beside the sheet's bottom-right corner touches
    exactly the two easternmost land hexes of the bottom row (our Addis Ababa; see the module doc)."""
    addis = _place(world, "Addis Ababa")
    touching = [k for k, kind in world.neighbor_edges(addis) if kind == "off-map"]
    h = world.hexes
    eu = h[(h["sheet"] == "europe")]
    bottom = eu["r"].max()
    land = eu[(eu["r"] == bottom) & ~eu["hex_dot"]].sort_values("q")
    expected = [("europe", int(q), int(r)) for q, r in zip(land["q"].tail(2), land["r"].tail(2))]
    assert sorted(touching) == sorted(expected)
    assert world.hex(addis)["off_map"]


def test_dakar_touches_three_map_hexes(world):
    """Ex. 2.1.1-2 on our drawing: Dakar (off-map) touches three map-edge hexes of the europe sheet."""
    dakar = _place(world, "Dakar")
    assert dakar[0] == "offmap" and world.hex(dakar)["off_map"]
    touching = [k for k, kind in world.neighbor_edges(dakar) if kind == "off-map"]
    assert len(touching) == 3
    assert all(k[0] == "europe" and not world.hex(k)["hex_dot"] for k in touching)
    assert all(len([n for n, kind in world.neighbor_edges(k) if kind == "hexside"]) < 6 for k in touching)


def test_khartoum_flight_small_dot_large_dot_off_map(world):
    """Ex. 2.1.1-4 on our drawing: base -> small Red Sea hex-dot -> adjacent large hex-dot -> the
    off-map hex (1, 6 and 6 MP in the rule's example; the MP costs are WiF 14.1, not on the board)."""
    target = _place(world, "Addis Ababa")
    large = [k for k, kind in world.neighbor_edges(target) if kind == "large-hex-dot"]
    assert len(large) == 1
    (big,) = large
    assert world.hex(big)["large_hex_dot"] and world.hex(big)["sea_area"] == "Red Sea"
    small = [k for k in world.neighbors(big)
             if world.hex(k)["hex_dot"] and not world.hex(k)["large_hex_dot"] and world.hex(k)["sea_area"] == "Red Sea"]
    assert small
    for s in small:
        assert target not in world.neighbors(s)  # a small hex-dot never touches an off-map hex
    base = [k for k in world.neighbors(small[0]) if not world.hex(k)["hex_dot"]]
    assert base  # a land hex (an air base) next to the small hex-dot


def test_the_new_sheets_have_1939_railways(world):
    """Rail hexsides (WiF 11.10) on the Asian and Pacific sheets, hex to hex over land."""
    hs = world.hexsides[world.hexsides["feature"] == "rail"]
    for sheet, line in (("asia", "Trans-Siberian"), ("asia", "Karachi–Delhi–Calcutta"), ("pacific", "Pacific coast line")):
        rows = hs[(hs["sheet_a"] == sheet) & hs["name"].str.contains(line, regex=False)]
        assert len(rows) >= 5, line
        for rec in rows.itertuples():
            assert not world.hex((rec.sheet_a, rec.q_a, rec.r_a))["hex_dot"]
            assert not world.hex((rec.sheet_b, rec.q_b, rec.r_b))["hex_dot"]
    # Vladivostok is reached by rail from Irkutsk
    irk, vla = world.hex_at(104.3, 52.3), world.hex_at(131.9, 43.1)
    rail = {(a, b) for a, b in zip(zip(hs["sheet_a"], hs["q_a"], hs["r_a"]), zip(hs["sheet_b"], hs["q_b"], hs["r_b"]))}
    rail |= {(b, a) for a, b in rail}
    seen, todo = {irk}, [irk]
    while todo:
        k = todo.pop()
        for n in world.neighbors(k):
            if (k, n) in rail and n not in seen:
                seen.add(n)
                todo.append(n)
    assert vla in seen


def test_grey_and_rail_locs_join_land_blue_locs_join_hex_dots(world):
    e = world.extra_edges
    for rec in e[e["kind"].isin(["grey-loc", "rail-loc", "blue-loc"])].itertuples():
        a, b = world.hex((rec.sheet_a, rec.q_a, rec.r_a)), world.hex((rec.sheet_b, rec.q_b, rec.r_b))
        if rec.kind == "blue-loc":
            assert a["hex_dot"] and b["hex_dot"] and a["sea_area"] != b["sea_area"]
        else:
            assert not a["hex_dot"] and not b["hex_dot"]
            assert a["off_map"] or b["off_map"]  # WiF 2.1.1 cases 3 and 4a


def test_perm_exception_railway_makes_no_adjacency(world):
    """WiF 2.1.1 case 3 exception (Perm-E0148); ours: the railway from Salisbury to Durban."""
    sal, dur = _place(world, "Salisbury"), _place(world, "Durban")
    assert world.hex(sal)["off_map"] and world.hex(dur)["off_map"]
    assert dur not in world.neighbors(sal) and sal not in world.neighbors(dur)
    ra = world.region_adjacency
    rail = ra[(ra["kind"] == "off_map_area") & ra["via"].str.contains("railway", na=False)]
    assert {tuple(sorted(p)) for p in zip(rail["a"], rail["b"])} == {("Rhodesia", "South Africa")}
    # whereas the railway Durban-Cape Town does (case 3)
    assert (_place(world, "Cape Town"), "rail-loc") in world.neighbor_edges(dur)


def test_mozambique_channel_and_azanian_sea_are_linked(world):
    """WiF 2.1.2: the two Asian sea areas are connected as if by a blue line of communication."""
    e = world.extra_edges
    found = False
    for rec in e[e["kind"] == "blue-loc"].itertuples():
        areas = {world.hex((rec.sheet_a, rec.q_a, rec.r_a))["sea_area"], world.hex((rec.sheet_b, rec.q_b, rec.r_b))["sea_area"]}
        if areas == {"Mozambique Channel", "Azanian Sea"}:
            found = rec.sheet_a == rec.sheet_b == "asia"
    assert found
    ra = world.region_adjacency
    pairs = {frozenset(p) for p in zip(ra["a"], ra["b"])}
    assert frozenset({"Mozambique Channel", "Azanian Sea"}) in pairs


def test_red_sea_is_the_only_sea_area_on_two_maps(world):
    """WiF 2.1.2: one Asian hex-dot belongs to the Red Sea and touches the large hex-dot at its end."""
    h = world.hexes
    dots = h[h["hex_dot"] & h["sheet"].isin(["europe", "asia", "pacific"])]
    sheets_per_area = dots.groupby("sea_area")["sheet"].nunique()
    assert list(sheets_per_area[sheets_per_area > 1].index) == ["Red Sea"]
    asian = dots[(dots["sea_area"] == "Red Sea") & (dots["sheet"] == "asia")]
    assert len(asian) == 1
    key = ("asia", int(asian["q"].iat[0]), int(asian["r"].iat[0]))
    big = [k for k in world.neighbors(key) if k[0] == "europe"]
    assert any(world.hex(k)["large_hex_dot"] and world.hex(k)["sea_area"] == "Red Sea" for k in big)


def test_sea_areas_reach_the_mini_map(world):
    """WiF 2.1.2: sea areas of the European and Pacific maps adjacent to mini-map areas."""
    ra = world.region_adjacency
    h = world.hexes
    mini = set(h.loc[(h["sheet"] == "america") & h["hex_dot"], "sea_area"])
    eu_pa = set(h.loc[h["sheet"].isin(["europe", "pacific"]) & h["hex_dot"], "sea_area"])
    links = {(a, b) for a, b in zip(ra["a"], ra["b"])} | {(b, a) for a, b in zip(ra["a"], ra["b"])}
    assert any(a in mini and b in eu_pa for a, b in links)
    assert ("North Atlantic", "Canadian Coast") in links
    assert {"Puerto Cortés", "Vera Cruz", "Panamá", "Puntarenas"} <= set(world.features["name"])
    ports = world.features[world.features["kind"].str.endswith("port")].set_index("name")["sea_area"]
    assert ports["Vera Cruz"] == ports["Puerto Cortés"] == "Caribbean Sea"  # WiF 2.1.4
    assert ports["Panamá"] == ports["Puntarenas"] == "Gulf of Panama"


# ----------------------------------------------------------------------------- climate zones (WiF 8.1)


def test_every_hex_is_in_exactly_one_of_the_six_zones(world):
    z = world.hexes["climate_zone"]
    assert z.notna().all()
    assert set(z) == set(WIF.climate_zones)
    r = world.regions
    assert set(r.loc[r["kind"] == "climate_zone", "name"]) == set(WIF.climate_zones)


def test_every_sea_area_is_in_the_zone_of_its_sea_box(world):
    r = world.regions
    seas = r[r["kind"] == "sea_area"].set_index("name")["climate_zone"]
    assert seas.notna().all() and seas.index.is_unique
    h = world.hexes[world.hexes["hex_dot"]]
    assert (h["climate_zone"].to_numpy() == h["sea_area"].map(seas).to_numpy()).all()
    assert seas["Baltic Sea"] == "north-temperate"  # WiF 8.1 names it


def test_off_map_asian_hexes_take_the_zone_of_their_adjacent_sea_area(world):
    h = world.hexes
    asian_off = h[h["off_map"] & (h["map_class"] == "asian")]
    assert len(asian_off) >= 3
    zones = set()
    for rec in asian_off.itertuples():
        key = (rec.sheet, rec.q, rec.r)
        seas = {world.hex(k)["climate_zone"] for k, kind in world.neighbor_edges(key) if kind == "large-hex-dot"}
        assert seas == {rec.climate_zone}, key
        zones.add(rec.climate_zone)
    assert len(zones) >= 2


def test_the_monsoon_zones_lie_on_the_asian_map(world):
    h = world.hexes
    asia = h[h["sheet"] == "asia"]
    assert {"north-monsoon", "south-monsoon", "north-temperate", "arctic", "south-temperate", "mediterranean"} <= set(asia["climate_zone"])
    zone = lambda lon, lat: world.hex(world.hex_at(lon, lat))["climate_zone"]
    assert zone(72.88, 19.08) == "north-monsoon"    # Bombay
    assert zone(106.85, -6.21) == "south-monsoon"   # Batavia
    assert zone(151.21, -33.87) == "south-temperate"  # Sydney
    assert zone(116.40, 39.90) == "north-temperate"  # Peking
    assert zone(100.0, 72.0) == "arctic"             # Taymyr


# ----------------------------------------------------------------------------- map classes and supply costs


def test_map_classes_follow_the_sheet(world):
    h = world.hexes
    for sheet, cls in CLASS.items():
        assert (h.loc[h["sheet"] == sheet, "map_class"] == cls).all(), sheet
    assert set(h.loc[h["sheet"] == "offmap", "map_class"]) == {"european", "asian"}


def test_supply_graph_reads_the_costs_by_map_class(world):
    """WiF 8.2.2: 1 per European hex, 2 per Asian or Pacific hex, 4 per off-map hex (+1 desert, 2.4.2)."""
    from viewer.rules.wif.supply import map_graph

    cost = map_graph(world).base_cost()
    h = world.hexes
    desert = h["terrain"].isin(["desert", "desert-mountain"]).to_numpy()
    expect = np.select([h["off_map"].to_numpy(), h["map_class"].isin(["asian", "pacific"]).to_numpy()], [4, 2], 1)
    assert (cost == expect + desert).all()
    for sheet, base in (("europe", 1), ("asia", 2), ("pacific", 2), ("america", 4), ("offmap", 4)):
        m = (h["sheet"] == sheet).to_numpy() & ~desert
        assert set(cost[m]) == {base}, sheet


def test_load_time_and_size(world):
    import time

    t = time.perf_counter()
    m = load_map("wif-world")
    took = time.perf_counter() - t
    assert 9000 < len(m) < 13000
    assert took < 5.0  # measured 0.25-0.45 s here; a generous bound for a busy machine
    assert math.isfinite(took)


# ----------------------------------------------------------------------------- what each edge kind may join


def _tiny(kind, a, b, large=False):
    """Hexes: (0,0) land, (2,0) hex-dot, (4,0) off-map land, (6,0) land; one extra edge a-b."""
    hexes = pd.DataFrame(dict(sheet="main", q=[0, 2, 4, 6], r=0, terrain=["clear", "sea", "clear", "clear"],
                              hex_dot=[False, True, False, False], large_hex_dot=[False, large, False, False],
                              off_map=[False, False, True, False]))
    edges = pd.DataFrame(dict(sheet_a=["main"], q_a=[a], r_a=[0], sheet_b=["main"], q_b=[b], r_b=[0], kind=[kind]))
    return HexMap("tiny", "wif", [Sheet("main")], hexes, extra_edges=edges)


@pytest.mark.parametrize("kind,a,b,large,fault", [
    ("blue-loc", 0, 2, False, "joins two hex-dots"),
    ("grey-loc", 0, 6, False, "needs an off-map hex"),
    ("rail-loc", 2, 4, True, "land hexes, not hex-dots"),
    ("large-hex-dot", 2, 4, False, "joins a large hex-dot and an off-map hex"),
    ("large-hex-dot", 0, 4, False, "joins a large hex-dot and an off-map hex"),
    ("off-map", 0, 6, False, "neither end is an off-map hex"),
    ("sheet-join", 0, 6, False, "two different sheets"),
])
def test_edge_kinds_are_checked_on_load(kind, a, b, large, fault):
    with pytest.raises(MapError, match=fault) as err:
        _tiny(kind, a, b, large)
    assert "extra_edges" in str(err.value) and "row 1" in str(err.value)


def test_well_formed_edges_load():
    assert _tiny("large-hex-dot", 2, 4, large=True).neighbors(("main", 2, 0)) == [("main", 4, 0)]
    assert ("main", 6, 0) in _tiny("grey-loc", 4, 6).neighbors(("main", 4, 0))
