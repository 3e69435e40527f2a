"""The bundled `europe` map's terrain, hexside features and railways: a player's checks.

Built by maps/build/europe.py (terrain outlines, rivers, crests, straits and railways typed in
under maps/build/, see maps/README.md). Hexside geometry comes from viewer.hexgrid.
"""
import collections

import numpy as np
import pytest
from test_europe_map import PLACES

from viewer import hexgrid


def _terrain(m, lon, lat):
    return m.hex(m.hex_at(lon, lat))["terrain"]


@pytest.mark.parametrize("where, lonlat, terrain", [
    ("Swiss Alps", (8.5, 46.6), "mountain"),
    ("Caucasus", (42.5, 43.3), "mountain"),
    ("Pripet Marshes", (27.0, 52.0), "swamp"),
    ("Libyan hinterland", (20.0, 30.5), "desert"),
    ("Sinai", (33.8, 30.0), "desert"),
    ("Finland's forests", (27.0, 63.0), "forest"),
])
def test_terrain_where_a_player_expects_it(europe, where, lonlat, terrain):
    assert _terrain(europe, *lonlat) == terrain, where


def test_the_nile_valley_and_the_paris_basin_are_clear(europe):
    assert _terrain(europe, 31.25, 30.05) == "clear"  # Cairo
    assert _terrain(europe, 2.35, 48.86) == "clear"   # Paris


def test_terrain_counts_are_plausible(europe):
    land = europe.hexes[~europe.hexes["hex_dot"]]
    counts = land["terrain"].value_counts()
    assert counts["mountain"] > 100
    assert 5 <= counts["swamp"] < 60
    assert counts["forest"] > 200
    assert counts["desert"] > 300 and counts["desert-mountain"] > 20
    assert counts["clear"] > 500
    assert counts["lake"] == 44  # the lake hexes of the land/sea step are kept
    assert set(counts.index) <= set(europe.vocabulary.terrain) - {"sea"}


# ----------------------------------------------------------------------------- hexside geometry


def _corners(q, r):
    xs, ys = hexgrid.corners(q, r)
    return {(round(float(x), 6), round(float(y), 6)) for x, y in zip(xs[0], ys[0])}


def _hexside_vertices(row):
    """The two hex corners shared by the hexes of a hexside row."""
    shared = _corners(row.q_a, row.r_a) & _corners(row.q_b, row.r_b)
    assert len(shared) == 2, row
    return tuple(sorted(shared))


def _rows(m, feature, name=None):
    hs = m.hexsides[m.hexsides["feature"] == feature]
    if name is not None:
        hs = hs[hs["name"].fillna("").str.split(";").apply(lambda names: name in names)]
    return hs


def _names(m, feature):
    names = m.hexsides.loc[m.hexsides["feature"] == feature, "name"].dropna().str.split(";")
    return sorted({n for ns in names for n in ns})


def _components(edges):
    """Number of connected pieces of the graph given by its edges (pairs of hashable nodes)."""
    parent = {}

    def find(x):
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x

    for a, b in edges:
        parent[find(a)] = find(b)
    return len({find(x) for x in list(parent)})


def test_the_rivers_the_issue_names_are_there(europe):
    names = set(_names(europe, "river"))
    assert {"Rhine", "Elbe", "Oder", "Vistula", "Danube", "Dniester", "Dnieper", "Don", "Volga", "Loire", "Seine",
            "Rhône", "Po", "Neman", "Western Dvina", "Bug"} <= names


def test_every_river_and_crest_is_one_connected_chain_of_hexsides(europe):
    for feature in ("river", "alpine"):
        for name in _names(europe, feature):
            rows = _rows(europe, feature, name)
            assert _components(_hexside_vertices(r) for r in rows.itertuples()) == 1, (feature, name)


def test_no_river_or_rail_hexside_borders_sea(europe):
    dot = dict(zip(zip(europe.hexes["q"], europe.hexes["r"]), europe.hexes["hex_dot"]))
    hs = europe.hexsides[europe.hexsides["feature"].isin(["river", "rail", "alpine"])]
    assert len(hs) > 300
    for r in hs.itertuples():
        assert not dot[(r.q_a, r.r_a)] and not dot[(r.q_b, r.r_b)], r


def _near_river(m, river, lonlat, within=1):
    k = m.hex_at(*lonlat)
    rows = _rows(m, "river", river)
    d = np.minimum(hexgrid.distance((rows["q_a"].to_numpy(), rows["r_a"].to_numpy()), k[1:]),
                   hexgrid.distance((rows["q_b"].to_numpy(), rows["r_b"].to_numpy()), k[1:]))
    return int(np.min(d)) <= within


def test_the_rhine_flows_by_cologne_and_the_vistula_by_warsaw(europe):
    assert _near_river(europe, "Rhine", (6.96, 50.94))
    assert _near_river(europe, "Vistula", PLACES["Warsaw"][0])
    assert _near_river(europe, "Danube", PLACES["Vienna"][0])
    assert _near_river(europe, "Volga", (44.5, 48.7))  # Stalingrad
    assert not _near_river(europe, "Rhine", PLACES["Warsaw"][0], within=5)


@pytest.mark.parametrize("south, north", [((-0.41, 42.14), (1.44, 43.60)),   # Huesca -> Toulouse
                                          ((-0.88, 41.65), (1.44, 43.60))])  # Zaragoza -> Toulouse
def test_crossing_the_central_pyrenees_crosses_an_alpine_hexside(europe, south, north):
    a, b = europe.hex_at(*south), europe.hex_at(*north)
    path = hexgrid.line(a[1:], b[1:])
    crossed = [europe.hexside_features(("europe", *p), ("europe", *n)) for p, n in zip(path[:-1], path[1:])]
    assert any("alpine" in f for f in crossed), crossed


def test_gibraltar_strait_is_a_strait_hexside(europe):
    gib, ceuta = europe.hex_at(-5.35, 36.14), europe.hex_at(-5.31, 35.89)
    assert {"strait", "all-sea"} <= europe.hexside_features(gib, ceuta)


def test_every_strait_the_issue_names_is_there(europe):
    assert set(_names(europe, "strait")) == {"Strait of Gibraltar", "Dardanelles", "Bosporus", "Strait of Messina",
                                             "Kerch Strait", "Øresund", "Great Belt", "Strait of Dover"}
    straits = _rows(europe, "strait")
    pairs = set(zip(straits["q_a"], straits["r_a"], straits["q_b"], straits["r_b"]))
    sea = _rows(europe, "all-sea")
    assert pairs <= set(zip(sea["q_a"], sea["r_a"], sea["q_b"], sea["r_b"]))


def test_a_lake_hexside_is_between_two_land_hexes(europe):
    lakes = _rows(europe, "lake")
    assert len(lakes) >= 5
    terrain = dict(zip(zip(europe.hexes["q"], europe.hexes["r"]), europe.hexes["terrain"]))
    for r in lakes.itertuples():
        assert terrain[(r.q_a, r.r_a)] not in ("sea", "lake") and terrain[(r.q_b, r.r_b)] not in ("sea", "lake")


# ----------------------------------------------------------------------------- railways


def _rail_graph(m):
    rail = _rows(m, "rail")
    g = collections.defaultdict(set)
    for r in rail.itertuples():
        g[(r.q_a, r.r_a)].add((r.q_b, r.r_b))
        g[(r.q_b, r.r_b)].add((r.q_a, r.r_a))
    return g


def _rail_connected(m, a, b):
    g = _rail_graph(m)
    start, goal = m.hex_at(*a)[1:], m.hex_at(*b)[1:]
    seen, todo = {start}, [start]
    while todo:
        h = todo.pop()
        for n in g[h]:
            if n not in seen:
                seen.add(n)
                todo.append(n)
    return goal in seen


@pytest.mark.parametrize("a, b", [("Berlin", "Warsaw"), ("Paris", "Moscow"), ("Vienna", "Rome"), ("Madrid", "Paris")])
def test_capitals_joined_by_rail(europe, a, b):
    assert _rail_connected(europe, PLACES[a][0], PLACES[b][0])


def test_every_railway_is_a_connected_chain_of_hexes(europe):
    names = _names(europe, "rail")
    assert len(names) >= 30
    for name in names:
        rows = _rows(europe, "rail", name)
        edges = [((r.q_a, r.r_a), (r.q_b, r.r_b)) for r in rows.itertuples()]
        assert _components(edges) == 1, name
        assert all(hexgrid.distance(a, b) == 1 for a, b in edges)


def test_the_map_still_loads_fast():
    import time

    from viewer.board import load_map

    start = time.perf_counter()
    load_map("europe")
    assert time.perf_counter() - start < 3.0  # measured ~0.3 s here; slack for a busy CI machine
