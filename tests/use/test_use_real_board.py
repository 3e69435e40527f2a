"""The worked examples that name real places, on the USE board itself (maps/use.gpkg, built by
the board issue; these tests skip until it exists): Rotterdam -> Brest 3 MP, Port Said -> Suez
2 MP, Istanbul -> Samsun 0 straits, -> Athens 1, Athens -> Sevastopol 2 (USE 4.2.4, 4.2.4.4)."""
import pytest

from viewer.board import bundled_maps

if "use" not in bundled_maps():
    pytest.skip("maps/use.gpkg is not built yet", allow_module_level=True)

from viewer.rules.use import boards, grid  # noqa: E402
from viewer.rules.use.naval import NavalGraph  # noqa: E402
from viewer.rules.use.units import Situation  # noqa: E402

WA = "western-allies"


@pytest.fixture(scope="module")
def board():
    return boards.load("use")


@pytest.fixture(scope="module")
def graph(board):
    ports = {h.label: WA for h in board.hexes.values() if h.port}
    return NavalGraph(board, Situation([], control=ports), WA)


def route(board, graph, a, b):
    return graph.search(board.find(a), 99).route(board.find(b))


def test_t35_rotterdam_to_brest(board, graph):
    """Ex. T35 (4.2.4): 3 MP through zones 11, 10 and 7."""
    r = route(board, graph, "Rotterdam", "Brest")
    assert r.mp == 3 and [n for n in r.nodes if n.startswith("zone:")] == ["zone:11", "zone:10", "zone:7"]


def test_t36_rotterdam_to_amsterdam(board, graph):
    """Ex. T36 (4.2.4): zone 11 first, 1 MP."""
    assert route(board, graph, "Rotterdam", "Amsterdam").mp == 1


def test_t37_port_said_to_suez(board, graph):
    """Ex. T37 (4.2.4): the canal, 2 MP."""
    assert route(board, graph, "Port Said", "Suez").mp == 2


def test_t39_straits(board, graph):
    """Ex. T39 (4.2.4.4): 0, 1 (the Dardanelles, 4141|4241 in the rulebook) and 2 strait crossings."""
    assert route(board, graph, "Istanbul", "Samsun").straits == 0
    assert route(board, graph, "Istanbul", "Athens").straits == 1
    assert route(board, graph, "Athens", "Sevastopol").straits == 2


def test_t09_zones_of_named_places(board):
    """Ex. T09 (1.3.6): Antwerp in 10 and 11, Gibraltar and Tangier in 16 and 17, Malta (Valletta) in 22."""
    assert board.hexes[board.find("Antwerp")].sea_zones == {"10", "11"}
    assert {"16", "17"} <= board.hexes[board.find("Gibraltar")].sea_zones
    assert {"16", "17"} <= board.hexes[board.find("Tangier")].sea_zones
    assert "22" in board.hexes[board.find("Valletta")].sea_zones


def test_grid_is_even_r(board):
    """use-rules G: the real board's numbering is the one the rules assume."""
    assert board.numbering == grid.DEFAULT_NUMBERING


def _box_costs(mp):
    from viewer.rules.use.tables import Costs
    mine = Costs()
    mine.movement.set(("central-russia-box",), "cost", mp, "test")
    mine.movement.set(("central-russia-box",), "kind", "base", "test")
    return mine


def test_soviet_land_unit_moves_between_the_east_edge_and_central_russia(board):
    """USE 4.2.3 (1.3.5): a Soviet land unit on an east-edge USSR hex may enter the Central Russia
    box; the step's cost is not in the text (named missing, the box listed at an unknown cost) until
    the user gives it; from the box it reaches every east-edge hex; an Axis unit never enters it."""
    from viewer.rules.use.allegiance import Allegiance
    from viewer.rules.use.movement import land_reach
    from viewer.rules.use.units import Unit

    edge = sorted(h.label for h in board.hexes.values() if h.edge_central_russia)
    assert len(edge) > 5
    start = edge[len(edge) // 2]
    s = Allegiance().situation(board, [Unit("Guards", "soviet", "land", "infantry", start)])
    unknown = land_reach(board, s, "Guards")
    assert unknown.boxes == {"central-russia": None}
    assert "central-russia-box/cost" in {m.cell for m in unknown.missing}
    known = land_reach(board, s, "Guards", costs=_box_costs(2))
    assert known.boxes == {"central-russia": 2} and known.previous["central-russia"] == start
    assert "central-russia-box/cost" not in {m.cell for m in known.missing}
    far = edge[0] if edge[0] != start else edge[-1]
    assert known.cost[far] <= 4  # through the box: 2 in, 2 out, whatever lies between by land
    inside = Allegiance().situation(board, [Unit("Guards", "soviet", "land", "infantry", "central-russia")])
    out = land_reach(board, inside, "Guards", costs=_box_costs(2))
    assert out.boxes["central-russia"] == 0 and all(out.cost[h] == 2 for h in edge if h in out.cost)
    assert set(edge) - set(out.cost) <= {h for h in edge if board.hexes[h].prohibited or board.hexes[h].greyed}
    assert out.path(edge[0])[0] == "central-russia"
    axis = Allegiance().situation(board, [Unit("Pz", "axis", "land", "tank", start)])
    assert land_reach(board, axis, "Pz", costs=_box_costs(2)).boxes == {}
