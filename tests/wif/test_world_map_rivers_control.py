"""The `wif-world` map's rivers beyond Europe, Spanish river names, Japanese-held China in 1939 and
the blue line of communication beside Iceland (WiF 2.1.1, 2.1.3, 2.5).

Our drawing is real geography (maps/README.md, *wif-world*): the river courses are typed through
the towns on their banks (`maps/build/asia_rivers.yaml`, `pacific_rivers.yaml`) and the held area
follows the front of 1 September 1939 (`held_1939` in `maps/build/asia_1939.yaml`).
"""
from __future__ import annotations

import numpy as np
import pytest

from viewer.board import HexMap, load_map

ASIA_RIVERS = {"Amur": "Amur", "Sungari": "Sungari", "Yellow River": "Río Amarillo", "Yangtze": "Yangtsé",
               "West River": "Río de las Perlas", "Red River": "Río Rojo", "Mekong": "Mekong",
               "Salween": "Salween", "Irrawaddy": "Irawadi", "Brahmaputra": "Brahmaputra", "Ganges": "Ganges",
               "Indus": "Indo", "Amu Darya": "Amu Daria", "Syr Darya": "Sir Daria", "Ob": "Obi",
               "Yenisei": "Yeniséi", "Lena": "Lena", "Murray": "Murray"}
PACIFIC_RIVERS = {"Yukon": "Yukón", "Fraser": "Fraser", "Columbia": "Columbia"}


@pytest.fixture(scope="module")
def world():
    return load_map("wif-world")


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def _place(m: HexMap, name: str):
    f = m.features[m.features["name"] == name].iloc[0]
    return (f["sheet"], int(f["q"]), int(f["r"]))


def _rows_named(hexsides, name: str):
    names = hexsides["name"].fillna("").str.split(";")
    return hexsides[(hexsides["feature"] == "river") & names.apply(lambda n: name in n)]


def _corners(m: HexMap, key) -> set:
    sheet = m.sheets[key[0]]
    poly = sheet.polygons(np.array([key[1]]), np.array([key[2]]))[0]
    return {(round(x / 1000.0), round(y / 1000.0)) for x, y in list(poly.exterior.coords)[:-1]}


def _chains(m: HexMap, rows) -> int:
    """How many connected chains the hexsides form (two hexsides touch when they share a vertex)."""
    sides = []
    for r in rows.itertuples():
        a, b = (r.sheet_a, r.q_a, r.r_a), (r.sheet_b, r.q_b, r.r_b)
        sides.append(frozenset(_corners(m, a) & _corners(m, b)))
    parent = list(range(len(sides)))

    def root(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    for i in range(len(sides)):
        for j in range(i):
            if sides[i] & sides[j]:
                parent[root(i)] = root(j)
    return len({root(i) for i in range(len(sides))})


# ----------------------------------------------------------------------------- rivers (WiF 2.1.1)


@pytest.mark.parametrize("sheet, rivers", [("asia", ASIA_RIVERS), ("pacific", PACIFIC_RIVERS)])
def test_the_asian_and_pacific_sheets_have_their_rivers(world, sheet, rivers):
    """WiF 2.1.1: rivers follow hexsides; each river here is traced on its sheet, in few chains
    (one per piece of its course on the sheet), never between two hex-dots, named in English and
    Spanish."""
    hs = world.hexsides
    on_sheet = hs[(hs["sheet_a"] == sheet) & (hs["sheet_b"] == sheet)]
    for name, spanish in rivers.items():
        rows = _rows_named(on_sheet, name)
        assert len(rows) >= 2, name
        assert _chains(world, rows) <= 2, name
        for r in rows.itertuples():
            a, b = world.hex((r.sheet_a, r.q_a, r.r_a)), world.hex((r.sheet_b, r.q_b, r.r_b))
            assert not (a["hex_dot"] or b["hex_dot"]), (name, r)
            names = dict(zip(r.name.split(";"), r.name_es.split(";")))
            assert names[name] == spanish


@pytest.mark.parametrize("river, places", [
    ("Yangtze", ["Chungking", "Hankow", "Nanking"]),
    ("Yellow River", ["Lanchow"]),
    ("Amur", ["Khabarovsk"]),
    ("Ganges", ["Calcutta"]),
    ("Irrawaddy", ["Mandalay"]),
    ("Mekong", ["Saigon"]),
    ("Sungari", ["Harbin"]),
    ("Yenisei", ["Krasnoyarsk"]),
    ("Columbia", ["Portland"]),
    ("Fraser", ["Vancouver"]),
])
def test_rivers_run_beside_the_towns_on_their_banks(world, river, places):
    """Real geography at 230 km a hex: the river runs along a side of (or next to) each town's hex."""
    rows = _rows_named(world.hexsides, river)
    touched = {(r.sheet_a, r.q_a, r.r_a) for r in rows.itertuples()} | {(r.sheet_b, r.q_b, r.r_b) for r in rows.itertuples()}
    for place in places:
        key = _place(world, place)
        near = {key} | set(world.neighbors(key))
        assert near & touched, (river, place)


def test_the_europe_sheet_keeps_its_rivers_and_names_them_in_spanish(world, europe):
    """The europe sheet of wif-world is europe.gpkg's; both carry the Spanish names of the rivers."""
    for m in (world, europe):
        hs = m.hexsides
        hs = hs[(hs["sheet_a"] == "europe") & (hs["feature"] == "river")]
        assert len(hs) == 355
        assert hs["name_es"].notna().all()
        danube = _rows_named(hs, "Danube")
        assert len(danube) > 10
        assert all(dict(zip(n.split(";"), e.split(";")))["Danube"] == "Danubio"
                   for n, e in zip(danube["name"], danube["name_es"]))


def test_river_names_show_in_spanish_on_hover(world):
    """The map view's hover reads ``name_<lang>`` (viewer/views/map/hexside_layers.py)."""
    from viewer.views.map.hexside_layers import _names

    rows = _rows_named(world.hexsides, "Yangtze")
    assert set(_names(rows, "es")) >= {"Yangtsé"} and set(_names(rows, "en")) >= {"Yangtze"}


# ----------------------------------------------------------------------------- control (WiF 2.5)


HELD = ["Peking", "Tientsin", "Tsingtao", "Shanghai", "Nanking", "Hankow", "Canton"]
FREE = ["Chungking", "Chengtu", "Sian", "Yenan", "Lanchow", "Changsha", "Kunming"]


def test_japanese_held_china_is_japanese_controlled_in_1939_and_still_china(world):
    """WiF 2.5: all of mainland China, the Japanese-occupied part too, is Chinese home country, and at
    the start a power controls its home country except the hexes on the enemy side of a start line.
    Our map: ``country`` stays China, ``control_1939`` says Japan on the held hexes."""
    for name in HELD:
        h = world.hex(_place(world, name))
        assert h["country"] == "China" and h["control_1939"] == "Japan", name
    for name in FREE:
        h = world.hex(_place(world, name))
        assert h["country"] == "China" and not isinstance(h["control_1939"], str), name
    hx = world.hexes
    held = hx[hx["control_1939"].notna()]
    assert set(held["control_1939"]) == {"Japan"}
    assert set(held["country"]) == {"China"} and not held["hex_dot"].any()
    # no control is set outside China (Manchukuo and Korea are Japan's by their own country)
    assert (hx["country"] == "China").sum() > len(held) > 20


def test_a_control_1939_that_names_no_power_is_refused(world):
    from viewer.board import MapError

    hexes = world.hexes.copy()
    i = int(np.flatnonzero(hexes["control_1939"].notna())[0])
    hexes.loc[hexes.index[i], "control_1939"] = "Japn"
    with pytest.raises(MapError, match=r"control_1939 'Japn' is not the power of any country.*Japan"):
        HexMap("bad", "wif", list(world.sheets.values()), hexes, regions=world.regions,
               features=world.features, hexsides=world.hexsides, extra_edges=world.extra_edges,
               region_adjacency=world.region_adjacency, chokepoints=world.chokepoints)


# ----------------------------------------------------------------------------- blue LOCs (WiF 2.1.3)


def _iceland_box(world):
    hx = world.hexes
    lon, lat = world.lonlat()
    ice = ((hx["country"] == "Iceland") & (hx["sheet"] == "europe")).to_numpy()
    assert ice.any()
    return lon[ice].min(), lon[ice].max(), lat[ice].min(), lat[ice].max()


def _locs(world, note_word: str):
    e = world.extra_edges
    return e[(e["kind"] == "blue-loc") & e["note"].str.contains(note_word, na=False)]


def test_the_denmark_strait_dot_east_of_iceland_is_on_the_norwegian_sea_faeroes_gap_loc(world):
    """WiF Ex. 2.1.3: the Denmark Strait hex-dot east of Iceland is adjacent to the blue LOC that
    connects the Norwegian Sea and the Faeroes Gap; an air unit goes along it between its dots."""
    locs = _locs(world, "Faeroes Gap")
    dots = {(r.sheet_a, r.q_a, r.r_a) for r in locs.itertuples()} | {(r.sheet_b, r.q_b, r.r_b) for r in locs.itertuples()}
    by_area = {world.hex(k)["sea_area"]: k for k in dots}
    assert set(by_area) == {"Norwegian Sea", "Faeroes Gap", "Denmark Strait"}
    # On our drawing the Denmark Strait wraps Iceland's west and north (the Faeroes Gap and the
    # Norwegian Sea lie east of it), so the rule's dot "to the right of Iceland" is the Denmark
    # Strait hex-dot nearest to Iceland's east coast, off its north-east corner.
    west, east, south, north = _iceland_box(world)
    hx = world.hexes
    lon, lat = world.lonlat()
    ice = ((hx["country"] == "Iceland") & (hx["sheet"] == "europe")).to_numpy()
    coast = int(np.flatnonzero(ice)[np.argmax(lon[ice])])
    strait = np.flatnonzero((hx["sea_area"] == "Denmark Strait").to_numpy() & hx["hex_dot"].to_numpy())
    nearest = strait[np.argmin(np.hypot((lon[strait] - lon[coast]) * np.cos(np.radians(lat[coast])),
                                        lat[strait] - lat[coast]))]
    i = world.position(by_area["Denmark Strait"])
    assert i == nearest
    assert lon[i] > (west + east) / 2 and lat[i] > lat[coast]
    # the LOC joins its three dots two by two: each reaches the other two
    pairs = {frozenset({(r.sheet_a, r.q_a, r.r_a), (r.sheet_b, r.q_b, r.r_b)}) for r in locs.itertuples()}
    assert len(dots) == 3 and len(pairs) == 3
    for k in dots:
        assert dots - {k} <= set(world.neighbors(k))
    ra = world.region_adjacency
    assert ((ra["a"] == "Norwegian Sea") & (ra["b"] == "Faeroes Gap") & (ra["via"] == "blue LOC")).any()


def test_the_north_atlantic_canadian_coast_loc_starts_west_of_iceland(world):
    """WiF Ex. 2.1.3: the hex-dot to the left of Iceland is adjacent to the North Atlantic -
    Canadian Coast blue LOC (our dot, in the North Atlantic, lies west of Iceland)."""
    locs = _locs(world, "Canadian Coast")
    assert len(locs) == 1
    r = locs.iloc[0]
    end = (r["sheet_a"], int(r["q_a"]), int(r["r_a"]))
    assert world.hex(end)["sea_area"] == "North Atlantic"
    west, *_ = _iceland_box(world)
    assert world.lonlat()[0][world.position(end)] < west


def test_a_scenario_reads_japanese_held_china_as_japanese_controlled(world):
    """WiF 2.5: at the start Japan controls the Chinese hexes it holds; the rest of China is
    China's, and a scenario's own control of a hex still comes first."""
    from viewer.rules.wif.scenario_io import load_scenario

    scenario = load_scenario({"map": world.name, "name": "china-1939", "units": []}, world)
    control = scenario.control_array(world)
    for name in HELD:
        key = _place(world, name)
        assert scenario.controller(world, key) == "Japan" == control[world.position(key)], name
    for name in FREE:
        key = _place(world, name)
        assert scenario.controller(world, key) == control[world.position(key)] != "Japan", name
    shanghai = _place(world, "Shanghai")
    back = scenario.with_control(shanghai, "Nationalist China")
    assert back.controller(world, shanghai) == "Nationalist China"
