"""The bundled Unconditional Surrender! board ``maps/use.gpkg``.

Each sea-zone fact the rulebook states (use-rules digest, USE 1.3.5, 1.3.6, 1.4, 4.2.4, 4.2.4.4)
is checked on our drawing of the zones, with the places the examples name; the hex-numbered
examples (1540/1639, 0757/0758) are checked as the kind of fact they state, since our real-
geography hexes do not carry the printed map's numbers (see maps/README.md).
"""
from __future__ import annotations

import collections
import heapq
import time

import numpy as np
import pytest

from viewer import hexgrid
from viewer.board import load_map, vocabulary
from viewer.rules.use import grid


@pytest.fixture(scope="module")
def board():
    return load_map("use")


def _zones(text) -> set[int]:
    if text is None or (isinstance(text, float) and np.isnan(text)):
        return set()
    return {int(z) for z in str(text).split(";")}


def _place(board, name, kind="port"):
    f = board.features
    row = f[(f["name"] == name) & (f["kind"] == kind)]
    assert len(row) == 1, f"{name!r} is not a {kind} of the use board"
    return ("use", int(row["q"].iat[0]), int(row["r"].iat[0]))


def _hex_zones(board, key) -> set[int]:
    return _zones(board.hex(key)["sea_zones"])


def _zone_graph(board):
    """Zone -> [(neighbour, via)] from region_adjacency (via: None, a strait or a canal)."""
    adj = board.region_adjacency
    g = collections.defaultdict(list)
    for a, b, via in adj.loc[adj["kind"] == "sea_zone", ["a", "b", "via"]].itertuples(index=False):
        via = None if via is None or (isinstance(via, float) and np.isnan(via)) else via
        g[int(a)].append((int(b), via))
        g[int(b)].append((int(a), via))
    return g


def _straits(board) -> set[str]:
    r = board.regions
    return set(r.loc[r["kind"] == "strait", "name"])


def _cheapest(board, start: set[int], goal: set[int], strait_cost: int, zone_cost: int):
    """Least (zones entered, straits crossed) weighted cost from any start zone to any goal zone;
    the start zone counts as entered (USE 4.2.4: the port's own zone costs 1 MP)."""
    g = _zone_graph(board)
    straits = _straits(board)
    heap = [(zone_cost, 0, z, (z,)) for z in start]
    best = {}
    while heap:
        cost, crossed, z, path = heapq.heappop(heap)
        if z in goal:
            return cost, crossed, path
        if best.get(z, 1e9) <= cost:
            continue
        best[z] = cost
        for n, via in g[z]:
            if via is not None and via not in straits:
                continue  # the canal is a port-to-port move, not a zone border (USE 4.2.4.2)
            s = int(via in straits)
            heapq.heappush(heap, (cost + zone_cost + strait_cost * s, crossed + s, n, path + (n,)))
    raise AssertionError(f"no way from {start} to {goal}")


# ---------------------------------------------------------------------------- the file


def test_board_loads_validates_and_is_quick(board):
    t0 = time.perf_counter()
    m = load_map("use")
    elapsed = time.perf_counter() - t0
    assert m.game == "use" and len(m) == len(board) and 5000 < len(m) < 9000
    vocab = vocabulary("use")
    assert set(m.hexes["terrain"]) == set(vocab.terrain)
    assert set(m.hexsides["feature"]) <= set(vocab.hexside_features)
    assert set(m.hexes["climate_zone"]) == set(vocab.climate_zones)  # USE 1.3.9: four zones
    assert elapsed < 5.0  # measured 0.4-0.7 s here (maps/README.md); generous for a busy machine


def test_scale_is_60_km_in_a_lambert_projection(board):
    sheet = board.sheets["use"]
    assert sheet.crs == "EPSG:3035" and sheet.spacing_m == 60_000  # USE 1.1.5: 50-65 km
    paris, berlin = _place(board, "Paris", "capital"), _place(board, "Berlin", "capital")
    # Paris-Berlin is 879 km; a hex path runs up to ~15 % longer than the straight line
    assert 879 / 60 <= hexgrid.distance(paris[1:], berlin[1:]) <= 879 / 60 * 1.2


# ---------------------------------------------------------------------------- numbering


def test_aabb_numbering_round_trips(board):
    """USE hex numbers AABB, row then column, even-r (use-rules G); label <-> hex both ways."""
    sheet = board.sheets["use"]
    assert sheet.offset == grid.DEFAULT_NUMBERING == "even-r"
    labels = board.hexes["label"].to_numpy(dtype=str)
    q, r = grid.labels_to_axial(labels)
    np.testing.assert_array_equal(q, board.hexes["q"].to_numpy())
    np.testing.assert_array_equal(r, board.hexes["r"].to_numpy())
    for key in board.keys()[::397]:
        label = board.label(key)
        assert board.find(label) == key
        assert grid.from_axial(key[1], key[2]) == label
    # neighbours as the digest infers them, on real hexes of the board
    for key in board.keys()[::811]:
        label = board.label(key)
        on_board = {board.label(k) for k in board.neighbors(key)}
        assert on_board <= set(grid.neighbors(label))


def test_rows_grow_southward_and_columns_eastward(board):
    h = board.hexes
    lon, lat = board.lonlat()
    aa = h["label"].str[:2].astype(int).to_numpy()
    bb = h["label"].str[2:].astype(int).to_numpy()
    mid = aa == int(np.median(aa))
    assert np.all(np.diff(lon[mid][np.argsort(bb[mid])]) > 0)
    col = bb == int(np.median(bb))
    assert np.all(np.diff(lat[col][np.argsort(aa[col])]) < 0)
    assert aa.max() <= 99 and bb.max() <= 99


# ---------------------------------------------------------------------------- sea-zone facts

#: Each fact the rulebook states about sea zones (use-rules 1.3.5, 1.3.6, 1.4, 4.2.4), as
#: (rule, place, expected zones of its hex).
PORT_ZONES = [
    ("USE 4.2.4 (Rotterdam -> Brest, Rotterdam -> Amsterdam)", "Rotterdam", {11}),
    ("USE 4.2.4 (Rotterdam -> Amsterdam: a port of zone 11)", "Amsterdam", {11}),
    ("USE 4.2.4 (Rotterdam -> Brest ends in zone 7)", "Brest", {7}),
    ("USE 1.3.6 (a border ends in the Antwerp hex)", "Antwerp", {10, 11}),
    ("USE 1.3.6 (a strait separates Gibraltar and Tangier)", "Gibraltar", {16, 17}),
    ("USE 1.3.6 (a strait separates Gibraltar and Tangier)", "Tangier", {16, 17}),
    ("USE 1.4 (Malta: sea zone 22)", "Valletta", {22}),
]


@pytest.mark.parametrize("rule, place, zones", PORT_ZONES, ids=[p for _, p, _ in PORT_ZONES])
def test_port_zones_stated_by_the_rulebook(board, rule, place, zones):
    assert _hex_zones(board, _place(board, place)) == zones, rule


def test_rotterdam_to_brest_crosses_zones_11_10_7(board):
    """USE 4.2.4: Rotterdam -> Brest pays 1 MP for each of zones 11, 10 and 7 (3 MP)."""
    cost, crossed, path = _cheapest(board, _hex_zones(board, _place(board, "Rotterdam")),
                                    _hex_zones(board, _place(board, "Brest")), strait_cost=1, zone_cost=1)
    assert (cost, crossed, path) == (3, 0, (11, 10, 7))


def test_rotterdam_to_amsterdam_stays_in_zone_11(board):
    """USE 4.2.4: a unit in Rotterdam enters zone 11 (1 MP) and moves into Amsterdam (0 MP)."""
    cost, _, path = _cheapest(board, {11}, _hex_zones(board, _place(board, "Amsterdam")), 1, 1)
    assert (cost, path) == (1, (11,))


def test_denmark_sweden_strait_separates_12_and_13(board):
    """USE 1.3.6: the strait between Denmark and Sweden separates zones 12 and 13."""
    r = board.regions.set_index(["kind", "name"])
    assert _zones(r.loc[("strait", "Øresund"), "sea_zones"]) == {12, 13}
    a, b = _place(board, "Copenhagen"), _place(board, "Malmö")
    assert "strait" in board.hexside_features(a, b)
    assert {board.hex(a)["country"], board.hex(b)["country"]} == {"Denmark", "Sweden"}
    assert "land-border" not in board.hexside_features(a, b)  # USE 1.3.4
    # 12 and 13 meet only across straits, never across open water
    assert all(via in _straits(board) for n, via in _zone_graph(board)[12] if n == 13)


def test_a_border_between_14_and_33_puts_both_hexes_in_both_zones(board):
    """USE 1.3.6 (the border between 1540 and 1639): neighbouring sea hexes on the 14|33 border
    at a coast are each in zones 14 and 33."""
    both = [k for k in board.keys() if  # noqa: SIM118 (a HexMap is not iterable)
             board.hex(k)["terrain"] == "sea" and _hex_zones(board, k) == {14, 33}]
    assert any(set(board.neighbors(k)) & set(both) for k in both)


def test_zone_5_runs_along_norway(board):
    """USE 1.3.6 (zone 5 near Norway): Narvik and Bergen's waters are zone 5 or touch it."""
    assert 5 in _hex_zones(board, _place(board, "Narvik"))


def test_greyed_hexes_inside_zone_6(board):
    """USE 1.3.2: greyed hexes (air only) that do not block naval movement within zone 6."""
    h = board.hexes
    inside = h[h["greyed"] & h["sea_zones"].notna()]
    assert len(inside) and set().union(*(_zones(z) for z in inside["sea_zones"])) == {6}


def test_malta_range_two_zones(board):
    """USE 1.4: two sea zones from Malta are zone 22 and one adjacent zone."""
    assert _hex_zones(board, _place(board, "Valletta")) == {22}
    assert _zone_graph(board)[22]


def test_map_boxes_links_and_listed_zones(board):
    """USE 1.3.5, 2.3, 4.2.4: six boxes; the stated arrows; the Arabian Sea lists 31 and 32."""
    r = board.regions
    boxes = r[r["kind"] == "map_box"].set_index("name")
    assert len(boxes) == 6
    assert _zones(boxes.at["Arabian Sea", "sea_zones"]) == {31, 32}
    assert boxes.at["Central Russia", "friendly_to"] == "Soviet"
    assert set(boxes.loc[boxes.index != "Central Russia", "friendly_to"]) == {"Western Allies"}
    adj = board.region_adjacency
    links = {frozenset(p) for p in adj.loc[adj["kind"] == "map_box", ["a", "b"]].itertuples(index=False)}
    assert frozenset({"North Atlantic Ocean", "Northeast America"}) in links
    assert frozenset({"North Atlantic Ocean", "South Atlantic Ocean"}) in links
    assert frozenset({"South Atlantic Ocean", "Western Indian Ocean"}) in links
    assert frozenset({"Northeast America", "South Atlantic Ocean"}) in links
    assert frozenset({"North Atlantic Ocean", "Western Indian Ocean"}) not in links  # USE 1.3.5 example
    # 31 is the Red Sea's head (Suez), 32 the Persian Gulf (Basra)
    assert 31 in _hex_zones(board, _place(board, "Suez"))
    assert 32 in _hex_zones(board, _place(board, "Basra"))


def test_central_russia_edge_hexes(board):
    """USE 1.3.5: land and air movement between the east-edge USSR hexes and Central Russia."""
    h = board.hexes
    edge = h[h["map_box"] == "Central Russia"]
    assert len(edge) > 5 and set(edge["country"]) == {"USSR"}
    for key in zip(edge["sheet"], edge["q"], edge["r"]):
        assert ("use", key[1] + 1, key[2]) not in board  # nothing further east


def test_london_is_an_all_land_port_in_a_zone(board):
    """USE 1.3.6: a port such as London is an all-land hex (not coastal) yet part of a sea zone."""
    london = _place(board, "London")
    assert not board.hex(london)["coastal"] and _hex_zones(board, london)


# ---------------------------------------------------------------------------- straits, canal


def test_turkish_straits(board):
    """USE 4.2.4.4: Istanbul -> Samsun crosses no strait, Istanbul -> Athens one (the
    Dardanelles), Athens -> Sevastopol two."""
    z = {p: _hex_zones(board, _place(board, p)) for p in ("Istanbul", "Samsun", "Athens", "Sevastopol")}
    assert _cheapest(board, z["Istanbul"], z["Samsun"], 100, 1)[1] == 0
    _, crossed, path = _cheapest(board, z["Istanbul"], z["Athens"], 100, 1)
    assert crossed == 1 and path == (28, 26)
    assert _cheapest(board, z["Athens"], z["Sevastopol"], 100, 1)[1] == 2
    # the Bosporus points at Istanbul: a strait hexside of Istanbul's hex
    ist = _place(board, "Istanbul")
    assert any("strait" in board.hexside_features(ist, n) for n in board.neighbors(ist))
    dard = board.hexsides[(board.hexsides["feature"] == "strait") & (board.hexsides["name"] == "Dardanelles")]
    assert len(dard) == 1


@pytest.mark.parametrize("name, zones", [("Øresund", {12, 13}), ("Great Belt", {12, 13}),
                                         ("Strait of Gibraltar", {16, 17}), ("Dardanelles", {26, 28}),
                                         ("Bosporus", {28, 29}), ("Kerch Strait", {30, 34}),
                                         ("Strait of Messina", {20, 23})])
def test_strait_hexes_belong_to_both_zones(board, name, zones):
    hs = board.hexsides
    row = hs[(hs["feature"] == "strait") & (hs["name"] == name)]
    assert len(row) == 1
    a = ("use", int(row["q_a"].iat[0]), int(row["r_a"].iat[0]))
    b = ("use", int(row["q_b"].iat[0]), int(row["r_b"].iat[0]))
    assert _hex_zones(board, a) >= zones and _hex_zones(board, b) >= zones
    assert board.hex(a)["terrain"] != "sea" and board.hex(b)["terrain"] != "sea"


def test_suez_canal_joins_port_said_and_suez(board):
    """USE 4.2.4, 4.2.4.2: a unit in Port Said moves through the canal to Suez."""
    ps, suez = _place(board, "Port Said"), _place(board, "Suez")
    canal = board.hexsides[board.hexsides["feature"] == "canal"]
    g = collections.defaultdict(set)
    for qa, ra, qb, rb in canal[["q_a", "r_a", "q_b", "r_b"]].itertuples(index=False):
        g[(qa, ra)].add((qb, rb))
        g[(qb, rb)].add((qa, ra))
    seen, todo = {ps[1:]}, [ps[1:]]
    while todo:
        for n in g[todo.pop()] - seen:
            seen.add(n)
            todo.append(n)
    assert suez[1:] in seen
    r = board.regions.set_index(["kind", "name"])
    assert r.loc[("canal", "Suez Canal"), "ends"] == "Port Said;Suez"
    assert _hex_zones(board, ps) == {27} and _hex_zones(board, suez) == {31}
    assert (27, "Suez Canal") in _zone_graph(board)[31]


@pytest.mark.parametrize("place", ["Rotterdam", "Brest", "Port Said", "Suez", "Istanbul", "Samsun", "Athens", "Sevastopol"])
def test_example_ports_present_with_zones(board, place):
    key = _place(board, place)
    f = board.features
    row = f[(f["name"] == place) & (f["kind"] == "port")]
    assert board.hex(key)["port"] and board.hex(key)["city"]  # USE 1.3.1: a port hex contains a city
    assert _zones(row["sea_zones"].iat[0]) == _hex_zones(board, key) != set()


# ---------------------------------------------------------------------------- land


def test_islands(board):
    """USE 1.3.3: Malta and Crete are islands; Sicily is not (it has a transport line)."""
    assert board.hex(_place(board, "Valletta"))["island"]
    assert board.hex(board.hex_at(24.9, 35.25))["island"]  # central Crete
    palermo = _place(board, "Palermo")
    assert not board.hex(palermo)["island"]
    lines = board.hexsides[board.hexsides["feature"] == "transport-line"]
    assert ((lines["q_a"] == palermo[1]) & (lines["r_a"] == palermo[2])).any() or \
        ((lines["q_b"] == palermo[1]) & (lines["r_b"] == palermo[2])).any()


def test_prohibited_countries(board):
    """USE 1.3.8: every hex of Persia, Saudi Arabia and Switzerland is closed to all units."""
    h = board.hexes
    assert set(h.loc[h["prohibited"], "country"]) == {"Persia", "Saudi Arabia", "Switzerland"}
    assert h.loc[h["country"].isin(["Persia", "Saudi Arabia", "Switzerland"]), "prohibited"].all()


def test_fortresses(board):
    """USE 4.2.3.6: Metz is a Maginot Line fortress (French); Tobruk is Italian, turning British."""
    f = board.features[board.features["kind"] == "fortress"].set_index("name")
    assert f.at["Metz (Maginot Line)", "nationality"] == "France"
    assert (f["nationality"] == "France").sum() >= 5
    assert f.at["Tobruk", "nationality"] == "Italy" and f.at["Tobruk", "flip_to"] == "United Kingdom"


def test_land_borders_and_transport_lines(board):
    """USE 1.3.4: land borders between countries, not across a strait; USE 1.3.7: Paris and Berlin
    are joined by transport lines."""
    hs = board.hexsides
    gib, tan = _place(board, "Gibraltar"), _place(board, "Tangier")
    assert board.hexside_features(gib, tan) == {"strait"}
    border = hs[hs["feature"] == "land-border"]
    pairs = {frozenset((board.hex(("use", a, b))["country"], board.hex(("use", c, d))["country"]))
             for a, b, c, d in border[["q_a", "r_a", "q_b", "r_b"]].itertuples(index=False)}
    assert frozenset({"France", "Germany"}) in pairs and frozenset({"Spain", "Portugal"}) in pairs
    lines = hs[hs["feature"] == "transport-line"]
    g = collections.defaultdict(set)
    for qa, ra, qb, rb in lines[["q_a", "r_a", "q_b", "r_b"]].itertuples(index=False):
        g[(qa, ra)].add((qb, rb))
        g[(qb, rb)].add((qa, ra))
    start, goal = _place(board, "Paris", "capital")[1:], _place(board, "Berlin", "capital")[1:]
    seen, todo = {start}, [start]
    while todo:
        for n in g[todo.pop()] - seen:
            seen.add(n)
            todo.append(n)
    assert goal in seen


def test_climate_zones(board):
    """USE 1.3.9: cold north of the blue line, temperate, warm, desert south of the yellow."""
    assert board.hex(_place(board, "Murmansk"))["climate_zone"] == "cold"
    assert board.hex(_place(board, "Paris", "capital"))["climate_zone"] == "temperate"
    assert board.hex(_place(board, "Athens"))["climate_zone"] == "warm"
    assert board.hex(board.hex_at(25.5, 29.2))["climate_zone"] == "desert"  # Siwa


def test_sea_zones_column_is_consistent(board):
    """USE 1.3.6: every sea hex of a zone and every port names known zones; most hexes are in one
    zone, those on a border end or a strait in two (three where three zones meet at a coast)."""
    h = board.hexes
    known = set(board.regions.loc[board.regions["kind"] == "sea_zone", "number"].astype(int))
    counts = collections.Counter()
    for text in h["sea_zones"].dropna():
        zs = _zones(text)
        assert zs <= known
        counts[len(zs)] += 1
    assert counts[1] > 10 * counts[2] > 0 and counts[3] <= 3 and set(counts) <= {1, 2, 3}
    ports = h[h["port"]]
    assert ports["sea_zones"].notna().all()
    water_in_zone = h[(h["terrain"] == "sea") & h["sea_zones"].notna()]
    lakes = h[(h["terrain"] == "sea") & h["sea_zones"].isna()]
    assert len(water_in_zone) > 1500 and len(lakes) < 100  # lakes: water in no zone
