"""The /use app's state (viewer.state.use.board) and the board adapters (viewer.rules.use.hexmap)."""
import pytest

from viewer.rules.use import fixtures
from viewer.rules.use.hexmap import from_hexmap, to_hexmap
from viewer.rules.use.units import UnitError
from viewer.state.use.board import UseState
from viewer.userdata import UserStore


@pytest.fixture
def store(tmp_path):
    return UserStore(tmp_path)


def test_opens_on_a_fixture_with_the_example_units(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    assert {u.id for u in s.units} >= {"2nd Panzer", "10th Army", "6th Army"}
    s.unit = "2nd Panzer"
    r = s.reach()
    assert r.cost["3015"] == 1 and "3015" in r.must_stop  # Ex. T26


def test_units_survive_a_reload(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    s.add_unit("Guards", "soviet", "land", "infantry", "2711")
    s.set_supply("Guards", "low")
    again = UseState(store=store, board_name="fixture:france-1940")
    g = next(u for u in again.units if u.id == "Guards")
    assert g.hex == "2711" and g.supply == "low"
    again.unit = "Guards"
    assert again.reach().mp == 4  # USE 4.2: infantry in low supply
    again.remove_unit("Guards")
    assert "Guards" not in {u.id for u in UseState(store=store, board_name="fixture:france-1940").units}


def test_bad_units_are_named(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    with pytest.raises(UnitError, match="taken"):
        s.add_unit("2nd Panzer", "axis", "land", "tank", "2711")
    with pytest.raises(UnitError, match="not a hex"):
        s.add_unit("X", "axis", "land", "tank", "9999")
    with pytest.raises(UnitError, match="type must be one of"):
        s.add_unit("Y", "axis", "land", "fighter", "2711")


def test_ezoc_range_and_passages(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    s.ezoc_faction = "axis"
    z = s.ezoc()
    assert "3014" in z and "3017" not in z.get("3018", ())  # the Metz occupant exerts no ZOC (1.7)
    s.unit, s.range = "2nd Panzer", 1
    assert s.range_hexes() == {"2915", "2916", "2815", "2814", "2914", "3014", "3015"}
    seas = UseState(store=store, board_name="fixture:seas")
    seas.faction = "western-allies"
    assert {n: ok for n, _, ok in seas.passages()} == {"Dardanelles": True, "Bosporus": True,
                                                        "Gibraltar": True, "Suez Canal": True}
    seas.port = "2519"
    assert seas.naval().route("3005").mp == 3  # Ex. T35


def test_panzer_example_steps(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    assert [st.mp_after for st in s.play_example(3).log] == [7, 7, 3]  # Ex. T28-T29
    assert s.play_example(2).must_stop  # Ex. T30


@pytest.mark.parametrize("name", sorted(fixtures.BOARDS))
def test_hexmap_round_trip(name):
    """A fixture drawn as a HexMap and read back keeps its hexes, terrain and hexside features."""
    b = fixtures.board(name)
    back = from_hexmap(to_hexmap(b))
    assert set(back.hexes) == set(b.hexes)
    assert all(back.hexes[h].terrain == b.hexes[h].terrain for h in b.hexes)
    assert all(back.hexes[h].port == b.hexes[h].port for h in b.hexes)
    def plain(sides):
        return {k: v - {"strait"} for k, v in sides.items() if v - {"strait"}}
    assert plain(back.hexsides) == plain(b.hexsides)
    assert {frozenset(s.hexes) for s in back.straits} == {frozenset(s.hexes) for s in b.straits}


def test_a_user_chart_value_reaches_the_map(store):
    """A strait cost typed into the Movement Table (saved per user) completes the Athens ->
    Sevastopol total of Ex. T39 on the map's naval reach."""
    from viewer.rules.use import tables
    from viewer.views.common.chart_targets import TableTarget
    target = TableTarget("use.movement", store, tables)
    mine = target.parse("chart: use.movement\ncells:\n  - {item: strait, cost: 2, kind: plus, source: my copy}\n",
                        "yaml", "test")
    target.save("use.movement", target.use(mine))
    assert tables.chart("use.movement", store=store).get(("strait",), "cost") == 2
    s = UseState(store=store, board_name="fixture:seas")
    s.port = "4340"
    r = s.naval().route("3845")
    assert r.straits == 2 and r.mp == 3 + 2 * 2


def test_removing_the_selected_unit_clears_the_selection(store):
    s = UseState(store=store, board_name="fixture:france-1940")
    s.unit, s.range = "2nd Panzer", 2
    s.remove_unit("2nd Panzer")
    assert s.unit == "" and s.reach() is None and s.range_hexes() == set() and s.air_ends() == set()
