"""USE rules on fixture boards: the worked examples T01-T40 of the use-rules digest (section E),
each test citing its example, plus properties of the searches."""
from fractions import Fraction
from itertools import product

import pytest

from viewer.rules.use import basics, fixtures, grid
from viewer.rules.use.activation import Activation, ActivationError
from viewer.rules.use.combat import cell_probabilities, final_value
from viewer.rules.use.costs import step_cost
from viewer.rules.use.fortress import displaced, displacement_sorties, enemy_enters
from viewer.rules.use.movement import land_reach
from viewer.rules.use.naval import NavalGraph, naval_hex_open, strait_open, zones_in_range
from viewer.rules.use.stacking import check_stack, may_pass
from viewer.rules.use.strategic import air_end_reasons, strategic_reach
from viewer.rules.use.tables import Costs
from viewer.rules.use.units import Situation, Unit, mp_allowance
from viewer.rules.use.zoc import ezoc, land_closed

WA, AX, SU = "western-allies", "axis", "soviet"


def land(uid, faction, hex, type="infantry", **kw):
    return Unit(uid, faction, "land", type, hex, **kw)


@pytest.fixture
def france():
    return fixtures.france_1940()


@pytest.fixture
def panzer_setup():
    """4.2.3.1: French 10th Army 2914, 6th Army 3115, German 2nd Panzer 2915; Paris 3014 empty."""
    return Situation([land("10th", WA, "2914", country="France"), land("6th", WA, "3115", country="France"),
                      land("2pz", AX, "2915", "tank", country="Germany")])


@pytest.fixture
def seas():
    b = fixtures.seas()
    return b, Situation([], control={h.label: WA for h in b.hexes.values() if h.port})


# -- 1.x ---------------------------------------------------------------------------------------
def test_t01_out_of_supply_phase_order():
    """Ex. T01 (1.2): Axis, then Western Allies, then Soviets; then the Axis starts Replacement."""
    steps = basics.phase_steps()
    i = steps.index(("out-of-supply", AX))
    assert steps[i:i + 4] == [("out-of-supply", AX), ("out-of-supply", WA), ("out-of-supply", SU),
                              ("replacement", AX)]
    assert [s for s in steps if s[0] == "weather"] == [("weather", AX)]
    assert not any(p == "diplomacy" for p, _ in steps)
    assert ("diplomacy", SU) in basics.phase_steps(("appeasement",))


def test_t02_greyed_hexes_air_only():
    """Ex. T02 (1.3.2): 1805 and 5640 are closed to land and naval movement, open to air."""
    b = fixtures.geography()
    for h in ("1805", "5640"):
        assert land_closed(b, h)
        assert not naval_hex_open(b, h, "6")
        s = Situation([Unit("f", AX, "air", "fighter", h)])
        assert "closed" not in air_end_reasons(b, s, "f", h)


def test_t03_greyed_0757_0758_zone_6():
    """Ex. T03 (1.3.2): 0757/0758 do not block naval movement within sea zone 6."""
    b = fixtures.geography()
    assert naval_hex_open(b, "0757", "6") and naval_hex_open(b, "0758", "6")
    assert not naval_hex_open(b, "0757", "7")


def test_t04_hex_classes():
    """Ex. T04 (1.3.3): 1642 land+coastal, 1742 land not coastal, 1841 land, 1542 sea."""
    b = fixtures.geography()
    h = b.hexes
    assert h["1642"].land and h["1642"].coastal
    assert h["1742"].land and not h["1742"].coastal
    assert h["1841"].land
    assert not h["1542"].land and h["1642"].land


def test_t05_islands():
    """Ex. T05 (1.3.3): Malta and Crete are islands; Sicily is not (transport line)."""
    b = fixtures.geography()
    assert basics.is_island(b, b.find("Malta")) and basics.is_island(b, b.find("Crete"))
    assert not basics.is_island(b, b.find("Sicily"))


def test_t06_land_borders():
    """Ex. T06 (1.3.4): 2714|2715 is a land border; 2125|2126 (a strait) is not."""
    b = fixtures.geography()
    assert basics.is_land_border(b, "2714", "2715")
    assert not basics.is_land_border(b, "2125", "2126")


def test_t07_box_route_north_atlantic_to_western_indian(seas):
    """Ex. T07 (1.3.5): N. Atlantic -> W. Indian Ocean is not direct; it goes via S. Atlantic."""
    b, s = seas
    r = NavalGraph(b, s, WA).search("box:north-atlantic", 10).route("western-indian-ocean")
    assert r.nodes == ["box:north-atlantic", "box:south-atlantic", "box:western-indian-ocean"]
    assert r.mp == 6


def test_t08_arabian_sea_neighbours(seas):
    """Ex. T08 (1.3.5): the Arabian Sea box leads to sea zones 31 and 32."""
    b, s = seas
    assert b.box_zones["arabian-sea"] == {"31", "32"}
    reach = NavalGraph(b, s, WA).search("box:arabian-sea", 1)
    assert {k for k in reach.routes if k.startswith("zone:")} == {"zone:31", "zone:32"}


def test_t09_multi_zone_hexes(seas):
    """Ex. T09 (1.3.6): 1540, 1639 in {14, 33}; Antwerp {10, 11}; Gibraltar, Tangier {16, 17}."""
    g, (b, _) = fixtures.geography(), seas
    assert g.hexes["1540"].sea_zones == g.hexes["1639"].sea_zones == {"14", "33"}
    assert b.hexes[b.find("Antwerp")].sea_zones == {"10", "11"}
    assert b.hexes[b.find("Gibraltar")].sea_zones == b.hexes[b.find("Tangier")].sea_zones == {"16", "17"}


def test_t10_denmark_sweden_strait():
    """Ex. T10 (1.3.6): the Denmark-Sweden strait separates zones 12 and 13."""
    b = fixtures.geography()
    assert [set(s.zones) for s in b.straits] == [{"12", "13"}]


def test_t11_hex_range():
    """Ex. T11 (1.4): range 5 from 3055 reaches 3060 and includes 3055."""
    b = fixtures.geography()
    r = basics.hexes_in_range(b, "3055", 5)
    assert {"3055", "3060"} <= r
    assert grid.distance("3055", "3060") == 5
    assert "3060" not in basics.hexes_in_range(b, "3055", 4)


def test_t12_sea_zone_range_from_malta(seas):
    """Ex. T12 (1.4): range 2 from Malta = zone 22 and zones next to it; range 1 = zone 22."""
    b, _ = seas
    malta = b.find("Malta")
    assert zones_in_range(b, malta, 1) == {"zone:22"}
    r2 = zones_in_range(b, malta, 2)
    assert "zone:22" in r2 and len(r2) > 1
    assert all(frozenset((z[5:], "22")) in b.zone_links for z in r2 - {"zone:22"})


def test_t13_sorties():
    """Ex. T13 (1.5): 2 Sorties + 2 = 4; capped at 6; 6 cannot activate."""
    assert basics.add_sorties(2, 2) == 4
    assert basics.add_sorties(5, 3) == 6
    assert basics.add_sorties(1, -2) == 0
    assert not basics.can_activate(6) and basics.can_activate(5)


def test_t14_turns_later():
    """Ex. T14 (1.6): six turns after June '41 is December '41."""
    assert basics.turns_later("jun-41", 6) == "dec-41"
    assert basics.turns_later("dec-41", 1) == "jan-42"


def test_t15_national_will():
    """Ex. T15 (2.1.2.1): French Will 15, unit eliminated in Paris -> 14, Paris lost -> 10."""
    from viewer.rules.use.tables import shipped
    chart = shipped("use.national-will")
    changes = [chart.get(("land-unit-eliminated",), "change"), chart.get(("capital-lost",), "change")]
    assert basics.apply_will(15, changes) == [14, 10]
    assert basics.apply_will(2, [-5, 200]) == [0, 99]
    assert basics.will_status(0, 0) == "collapsed" and basics.will_status(0, 1) == "conquered"


def test_t16_elite_is_a_user_drm():
    """Ex. T16 (3.2): the elite DRM (+1 for a Soviet shock unit) shifts the final value by 1."""
    plain, elite = final_value(0), final_value(1)
    assert elite.mean() - plain.mean() == 1


# -- 3.3 stacking -------------------------------------------------------------------------------
@pytest.fixture
def stack_setup():
    """3.3: German infantry in 2915, 3015 and 3116; air in 3015 and 3016; French unit in Paris."""
    return Situation([land("g1", AX, "2915"), land("g2", AX, "3015"), land("g3", AX, "3116"),
                      Unit("a1", AX, "air", "fighter", "3015"), Unit("a2", AX, "air", "bomber", "3016"),
                      land("fr", WA, "3014", country="France")])


def test_t17_infantry_3015_to_3016(france, stack_setup):
    """Ex. T17 (3.3): the infantry in 3015 may move to 3016 (no EZOC) and go on."""
    r = land_reach(france, stack_setup, "g2")
    assert "3016" in r.cost and "3016" not in r.must_stop
    assert any(r.previous.get(h) == "3016" for h in r.cost)


def test_t18_infantry_never_into_2915(france, stack_setup):
    """Ex. T18 (3.3): 3015 -> 2915 is illegal (friendly land unit in EZOC), even via 2916."""
    r = land_reach(france, stack_setup, "g2")
    assert "2915" not in r.cost
    a = Activation(france, stack_setup, "g2")
    with pytest.raises(ActivationError) as err:
        a.move("2915")
    assert err.value.reason in ("friendly-ezoc", "same-unit")
    a = Activation(france, stack_setup, "g2")
    a.move("3016")
    a.move("2916")
    with pytest.raises(ActivationError) as err:
        a.move("2915")
    assert err.value.reason == "friendly-ezoc"


def test_t19_air_passes_through_but_cannot_end(france, stack_setup):
    """Ex. T19 (3.3): the air unit in 3016 may pass 3015 but not end there."""
    me, there = stack_setup.unit("a2"), stack_setup.at("3015")
    assert may_pass(me, there, in_ezoc=True)
    # 3015 holds the fighter a1 and the land unit g2; a bomber ending there is one bomber: check
    # the other air unit, a fighter joining a fighter
    fighter = Unit("a3", AX, "air", "fighter", "3016")
    assert not check_stack([*there, fighter]).ok
    s = Situation([*stack_setup.units, fighter])
    assert "stacking" in air_end_reasons(france, s, "a3", "3015")


def test_t20_supply_route_ignores_stacking(stack_setup):
    """Ex. T20 (3.3): a supply route from 3015 may pass 2915 or 3116 (stacking is ignored when
    tracing supply); only moving units obey the limit."""
    me = stack_setup.unit("g2")
    assert not check_stack([me, *[u for u in stack_setup.at("2915") if u.land]]).ok
    # the supply trace itself (7.4) is not in the text; the digest's fragment: EZOC hexes with a
    # friendly unit stay open to it, stacking ignored
    z = ezoc(fixtures.france_1940(), stack_setup, AX)
    assert "2915" in z and any(u.faction == AX for u in stack_setup.at("2915"))


def test_t21_box_stacks():
    """Ex. T21 (3.3): NE America box with 2 convoys, 1 warship, 2 land units: no limit in a box,
    two legal stacks of one convoy and one land unit each for transport."""
    units = [Unit(f"c{i}", WA, "naval", "convoy", "northeast-america") for i in range(2)]
    units += [Unit("w", WA, "naval", "surface", "northeast-america")]
    units += [land(f"l{i}", WA, "northeast-america") for i in range(2)]
    assert check_stack(units, in_box=True).ok
    assert not check_stack(units).ok
    assert check_stack([units[0], units[2], units[3]]).ok and check_stack([units[1], units[4]]).ok


def test_t22_strategic_move_from_ezoc_to_palermo():
    """Ex. T22 (4.1): German air in 2951 next to Kharkov; SM along the line to Palermo."""
    b = fixtures.eastern_front_1941()
    s = Situation([Unit("luft", AX, "air", "fighter", "2951"), land("sov", SU, "2952")],
                  control={"3147": AX})
    assert "2951" in ezoc(b, s, AX)
    r = strategic_reach(b, s, "luft")
    assert r["refused"] is None
    assert b.find("Palermo") in r["ends"]
    assert "2851" not in r["reach"]  # the branch into Soviet ZOC
    r2 = strategic_reach(b, Situation(s.units, control=s.control, supplied_hexes=frozenset({"2951", "3050"})), "luft")
    assert r2["reach"] == {"3050"}


# -- 4.2 land movement ----------------------------------------------------------------------------
def test_t23_shock_army_cannot_attack():
    """Ex. T23 (4.2.1): 2 MP left, attack across a river into a clear hex in Clear weather: 3 MP."""
    c = step_cost(Costs(), "clear", river=True, enemy_unit=True, attacking=True, weather="clear")
    assert c.total == 3 and c.total > 2
    assert mp_allowance("infantry", "full") == 8


def test_t24_non_cumulative_costs():
    """Ex. T24 (4.2.1): river (+1) into an enemy city (2) that is rough (2) costs 3, not 5."""
    assert step_cost(Costs(), "rough", river=True, enemy_city=True).total == 3


def test_t25_same_unit_ezoc(france, panzer_setup):
    """Ex. T25 (4.2.3.1): 2915 -> 3014 is illegal, the 10th Army's EZOC covers both."""
    r = land_reach(france, panzer_setup, "2pz")
    assert r.previous.get("3014") != "2915"
    with pytest.raises(ActivationError) as err:
        Activation(france, panzer_setup, "2pz").move("3014")
    assert err.value.reason == "same-unit"


def test_t26_different_unit_ezoc(france, panzer_setup):
    """Ex. T26 (4.2.3.1): 2915 -> 3015 is legal (the 6th Army's EZOC), and the unit stops there."""
    r = land_reach(france, panzer_setup, "2pz")
    assert r.cost["3015"] == 1 and "3015" in r.must_stop
    a = Activation(france, panzer_setup, "2pz")
    a.move("3015")
    assert a.must_stop
    r2 = land_reach(france, panzer_setup, "2pz", first_step_stops=False)
    assert "3015" not in r2.must_stop


def test_t27_out_and_back_into_ezoc(france, panzer_setup):
    """Ex. T27 (4.2.3.1): 2915 -> 2815 (no EZOC) -> 2814 (EZOC): legal, must then stop."""
    r = land_reach(france, panzer_setup, "2pz")
    assert "2815" not in r.ezoc and "2814" in r.ezoc
    assert r.path("2814") == ["2915", "2815", "2814"] and r.cost["2814"] == 2
    assert "2814" in r.must_stop and "2815" not in r.must_stop
    assert not any(r.previous.get(h) == "2814" for h in r.cost)


def test_t28_to_t30_panzer_chain(france, panzer_setup):
    """Ex. T28-T30 (4.2.3.3, 4.2.3.1): 10 MP; attack 2914 for 3; DR to Calais, advance at 0; now in
    the EZOC of the 10th in Calais: may not move to Paris; attacks Calais for 4; 3 MP left."""
    a = Activation(france, panzer_setup, "2pz")
    assert a.mp == 10
    assert a.attack("2914", retreat_to="2813").cost == 3 and a.mp == 7
    assert a.advance().cost == 0 and a.hex == "2914" and a.mp == 7
    assert a.must_stop
    with pytest.raises(ActivationError) as err:
        a.move("3014")
    assert err.value.reason == "sticky"
    step = a.attack("2813", result="held")
    assert step.cost == 4 and dict((i, c) for i, c, _ in step.parts)["enemy-city"] == 2
    assert a.mp == 3
    assert [s.mp_after for s in a.log] == [7, 7, 3]
    r = land_reach(france, panzer_setup, "2pz")
    assert any(x.target == "2914" and x.cost == 3 for x in r.attacks)


def test_t31_no_advance_then_paris(france, panzer_setup):
    """Ex. T31 (4.2.3.1): no advance; 2915 is free of EZOC; it moves to Paris and must stop there
    (the 6th Army's EZOC)."""
    a = Activation(france, panzer_setup, "2pz")
    a.attack("2914", retreat_to="2813")
    assert not a.must_stop
    a.move("3014")
    assert a.must_stop and a.zoc()["3014"] == {"6th"}


def test_t32_assault(france):
    """Ex. T32 (4.2.3.3): an Assault ends the activation; Mobile Attack then Assault is illegal;
    several units may assault the same defender."""
    s = Situation([land("ger", AX, "2914", country="Germany"), land("inf", SU, "2916"),
                   land("gds", SU, "3013", elite=True), land("shk", SU, "2913", elite=True)])
    a = Activation(france, s, "inf")
    a.move("2915")
    a.attack("2914", kind="assault")
    assert a.ended
    for uid in ("gds", "shk"):
        b = Activation(france, s, uid)
        b.attack("2914", kind="assault")
        assert b.ended
    c = Activation(france, s, "gds")
    c.attack("2914", kind="mobile", result="held")
    with pytest.raises(ActivationError) as err:
        c.attack("2914", kind="assault")
    assert err.value.reason == "assault-after-mobile"
    r = land_reach(france, s, "gds", mobile_attacks_made=1)
    assert r.attacks and not any(x.assault for x in r.attacks)


def test_t33_metz_no_reoccupation(france):
    """Ex. T33 (4.2.3.6): a French army leaves the Metz fortress and attacks; it may not occupy
    Metz again in that activation."""
    s = Situation([land("fr", WA, "3017", country="France", in_fortress=True), land("ger", AX, "3018")])
    assert "3017" not in ezoc(france, s, AX)  # a unit in a fortress exerts no ZOC (1.7)
    a = Activation(france, s, "fr")
    a.attack("3018", result="held")
    assert a.left_fortress
    with pytest.raises(ActivationError) as err:
        a.occupy_fortress()
    assert err.value.reason == "reoccupy"
    fresh = Activation(france, s.replace_unit(land("fr", WA, "3017", country="France")), "fr")
    fresh.occupy_fortress()
    assert fresh.situation.unit("fr").in_fortress


def test_t34_tobruk_flip():
    """Ex. T34 (4.2.3.6): an Allied unit entering Tobruk while Italy is Axis flips it British;
    a later enemy entry removes it. Any other fortress is removed at once."""
    from viewer.rules.use.board import build
    b = build("t", [{"label": "5060", "name": "Tobruk", "city": True, "fortress": "Italy", "country": "Italy"},
                    {"label": "3017", "name": "Metz", "fortress": "France", "country": "France"}])
    s = Situation([])
    s1 = enemy_enters(b, s, "5060", WA)
    assert s1.fortress_state["5060"] == "british" and s1.fortress_owner(b, "5060") == WA
    assert s1.control["5060"] == WA  # city control 2.3.1
    s2 = enemy_enters(b, s1, "5060", AX)
    assert s2.fortress_owner(b, "5060") is None
    assert enemy_enters(b, s, "3017", AX).fortress_owner(b, "3017") is None
    assert enemy_enters(b, s, "5060", WA, italy_axis=False).fortress_state["5060"] == "removed"


# -- 4.2.4 naval ----------------------------------------------------------------------------------
def test_t35_rotterdam_to_brest(seas):
    """Ex. T35 (4.2.4): Rotterdam -> Brest 3 MP (zones 11, 10, 7)."""
    b, s = seas
    r = NavalGraph(b, s, WA).search(b.find("Rotterdam"), 10).route(b.find("Brest"))
    assert r.mp == 3 and [n for n in r.nodes if n.startswith("zone:")] == ["zone:11", "zone:10", "zone:7"]


def test_t36_rotterdam_to_amsterdam(seas):
    """Ex. T36 (4.2.4): Rotterdam -> Amsterdam enters zone 11 first: 1 MP."""
    b, s = seas
    r = NavalGraph(b, s, WA).search(b.find("Rotterdam"), 10).route(b.find("Amsterdam"))
    assert r.nodes == ["port:2519", "zone:11", "port:2419"] and r.mp == 1


def test_t37_suez_canal(seas):
    """Ex. T37 (4.2.4): Port Said -> Suez by the canal: 2 MP; an enemy unit beside it closes it."""
    b, s = seas
    r = NavalGraph(b, s, WA).search(b.find("Port Said"), 10).route(b.find("Suez"))
    assert r.mp == 2 and len(r.nodes) == 2
    blocked = Situation([land("it", AX, "5359")], control=s.control)
    g = NavalGraph(b, blocked, WA)
    assert "Suez Canal" in g.closed


def test_t38_box_to_box(seas):
    """Ex. T38 (4.2.4): NE America -> N. Atlantic or S. Atlantic: 3 MP; Axis enter no box."""
    b, s = seas
    reach = NavalGraph(b, s, WA).search("box:northeast-america", 10)
    assert reach.route("north-atlantic").mp == 3 and reach.route("south-atlantic").mp == 3
    assert not NavalGraph(b, s, AX).search("box:northeast-america", 10).routes
    assert not NavalGraph(b, s, SU).search("box:northeast-america", 10).routes


def test_t39_straits(seas):
    """Ex. T39 (4.2.4.4): Istanbul -> Samsun 0 straits, -> Athens 1 (4141-4241), Athens ->
    Sevastopol 2; the strait's cost is missing until the user gives it."""
    b, s = seas
    g = NavalGraph(b, s, WA)
    ist = g.search(b.find("Istanbul"), 10)
    assert ist.route(b.find("Samsun")).straits == 0 and ist.route(b.find("Samsun")).mp == 1
    athens = ist.route(b.find("Athens"))
    assert athens.straits == 1 and athens.mp is None
    assert any(m.cell == "strait/cost" for m in ist.missing)
    assert g.search(b.find("Athens"), 10).route(b.find("Sevastopol")).straits == 2
    mine = Costs()
    mine.movement.set(("strait",), "cost", 2, "test")
    mine.movement.set(("strait",), "kind", "plus", "test")
    assert NavalGraph(b, s, WA, mine).search(b.find("Athens"), 10).route(b.find("Sevastopol")).mp == 3 + 4
    dard = next(x for x in b.straits if x.name == "Dardanelles")
    assert set(dard.hexes) == {"4141", "4241"}
    assert not strait_open(b, Situation([land("x", AX, "4141")], control=s.control), dard, WA)


def test_t40_attacker():
    """Ex. T40 (5.0): a British warship intercepts a moving Italian convoy: the British attack."""
    assert basics.attacker(WA) == WA


# -- properties ---------------------------------------------------------------------------------
def test_reach_costs_are_consistent_with_paths(france, panzer_setup):
    r = land_reach(france, panzer_setup, "2pz")
    for h, c in r.cost.items():
        path = r.path(h)
        total = 0
        for a, b in zip(path, path[1:]):
            side = france.side(a, b)
            total += step_cost(Costs(), france.hexes[b].terrain, river="river" in side,
                               transport="transport-line" in side,
                               enemy_city=panzer_setup.enemy_city(france, b, AX)).total
        assert total == c <= r.mp
        assert all(p not in r.must_stop for p in path[1:-1])


def test_reach_grows_with_mp(france, panzer_setup):
    prev = set()
    for mp in range(0, 11):
        got = set(land_reach(france, panzer_setup, "2pz", mp_left=mp).cost)
        assert prev <= got
        prev = got


def test_combat_distribution_matches_brute_force():
    for da, dd, halve in product((-12, -3, 0, 4, 11), (-1, 2, 9), (False, True)):
        att, dfn = final_value(da, halve), final_value(dd)
        brute = {}
        for ra, rd in product(range(1, 7), repeat=2):
            va = max(-10, min(10, da)) + ra
            va = va // 2 if halve else va
            vd = max(-10, min(10, dd)) + rd
            key = (max(1, va), max(1, vd))
            brute[key] = brute.get(key, 0) + Fraction(1, 36)
        assert cell_probabilities(att, dfn) == brute


def test_displacement():
    s = Situation([Unit("w", AX, "naval", "surface", "2813"), Unit("f", AX, "air", "fighter", "2813"),
                   land("x", AX, "2814")])
    assert displaced(s, "2813", WA) == ["w", "f"]
    assert displacement_sorties(3) == 4 and displacement_sorties(6) == 6


def test_grid_rejects_bad_numbers():
    with pytest.raises(ValueError, match="four digits"):
        grid.parse("291")


def test_entering_a_city_takes_control_and_displaces(france):
    """2.3.1 and 4.2.3.7: a German unit entering empty Calais takes it and sends away the British
    ship and fighter there, which must find a legal place or be eliminated."""
    s = Situation([land("pz", AX, "2814", "tank", country="Germany"),
                   Unit("ship", WA, "naval", "surface", "2813"), Unit("ftr", WA, "air", "fighter", "2813")])
    assert s.enemy_city(france, "2813", AX)
    a = Activation(france, s, "pz")
    step = a.move("2813")
    assert set(step.displaced) == {"ship", "ftr"}
    assert a.situation.city_owner(france, "2813") == AX
    from viewer.rules.use.fortress import displacement_targets
    t = displacement_targets(france, s, "ship")
    assert t["eliminated"]  # Calais is the fixture's only port: nowhere to go
    air = displacement_targets(france, s, "ftr")
    assert "air-hex/cost" in air["missing"] and "3014" in air["targets"]  # Paris, a friendly city
