"""The batched supply verdicts (viewer.rules.wif.supply.reach) against the unit-by-unit trace, and
the state kept between traces (viewer.rules.wif.supply.state) against a fresh computation.

WiF 2.4.2: ``trace_all`` decides every unit's supply with a few searches per power over the
reversed graph; ``trace_each`` searches from each unit's own hex. They must agree unit by unit.
"""
from pathlib import Path

import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.scenario_units import Unit
from viewer.rules.wif.supply import state, trace_all
from viewer.rules.wif.supply.result import LazyUnitSupply, UnitSupply
from viewer.rules.wif.supply.trace import trace_each
from viewer.rules.wif.zoc import zoc_by_power, zoc_context

SCEN = Path(__file__).resolve().parents[2] / "maps" / "scenarios"
# (power, where its units are put): at home, in conquered or enemy land, and overseas
PLACES = [("Germany", "Germany"), ("Germany", "Poland"), ("Germany", "France"), ("Germany", "Norway"),
          ("Commonwealth", "United Kingdom"), ("Commonwealth", "France"), ("Commonwealth", "Egypt"),
          ("Commonwealth", "Norway"), ("Commonwealth", "Iraq"), ("Italy", "Italy"), ("Italy", "Libya"),
          ("Italy", "Greece"), ("France", "France"), ("France", "Algeria"), ("France", "Syria"),
          ("USSR", "USSR"), ("Poland", "Poland"), ("Poland", "Germany")]


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def random_scenario(hexmap, n=100, seed=0, **extra):
    h = hexmap.hexes
    land = h[~h["hex_dot"]]
    rng = np.random.default_rng(seed)
    units = []
    for i in range(n):
        power, country = PLACES[int(rng.integers(len(PLACES)))]
        labels = land.loc[land["country"] == country, "label"].tolist()
        utype = "HQ-I" if i % 9 == 0 else ("ARM" if i % 4 == 0 else "INF")
        units.append({"id": f"u{i}", "type": utype, "power": power, "hex": str(rng.choice(labels))})
    # ships that close sea areas to the other side's overseas lines unless contested (WiF 2.4.2)
    units += [{"id": "cw-cv", "type": "CV", "power": "Commonwealth", "sea_area": "Central Mediterranean",
               "section": 1},
              {"id": "ge-bb", "type": "BB", "power": "Germany", "sea_area": "North Sea", "section": 1}]
    d = {"map": hexmap.name, "name": "random", "at_war": [["axis", "allies"]], "units": units}
    d.update(extra)
    return load_scenario(d, hexmap)


def assert_same(fast: dict, each: dict):
    assert set(fast) == set(each)
    for uid, r in fast.items():
        e = each[uid]
        assert r.in_supply == e.in_supply, uid
        assert [(leg.kind, leg.cost, leg.budget, leg.to) for leg in r.chain] == \
               [(leg.kind, leg.cost, leg.budget, leg.to) for leg in e.chain], uid
        assert (r.reason.code if r.reason else None) == (e.reason.code if e.reason else None), uid
        assert r.to_json() == e.to_json(), uid


@pytest.mark.parametrize("seed, weather", [(0, {}), (1, {"mediterranean": "storm"}),
                                           (2, {"north-temperate": "snow", "arctic": "blizzard"})])
def test_batched_verdicts_match_the_unit_by_unit_trace(europe, seed, weather):
    s = random_scenario(europe, 100, seed, weather=weather)
    fast, each = trace_all(europe, s), trace_each(europe, s)
    assert_same(fast, each)
    verdicts = [r.in_supply for r in fast.values()]
    assert any(verdicts) and not all(verdicts)   # both outcomes occur


@pytest.mark.parametrize("name", ["poland-1939.yaml", "kiev.yaml", "syria.yaml"])
def test_batched_verdicts_match_on_the_worked_scenarios(europe, name):
    """Ex. 2.4.2-1 to -5, including Syria's chain of secondaries (Manstein -> Rundstedt -> Italy),
    with and without the Eastern Mediterranean closed by a carrier."""
    s = load_scenario((SCEN / name).read_text(), europe)
    assert_same(trace_all(europe, s), trace_each(europe, s))
    cv = Unit("cw-cv", "CV", "Commonwealth", sea_area="Eastern Mediterranean", section=1)
    assert_same(trace_all(europe, s.with_unit(cv)), trace_each(europe, s.with_unit(cv)))


def test_the_random_situations_reach_every_kind_of_chain(europe):
    """The comparison above means something: overseas legs, chains through secondary sources and
    out-of-supply units with a reason all occur in those situations."""
    results = {}
    for seed in range(3):
        results.update({(seed, k): v for k, v in trace_all(europe, random_scenario(europe, 100, seed)).items()})
    chains = [r.chain for r in results.values() if r.in_supply and not r.at_sea]
    assert any(leg.sea_areas for c in chains for leg in c)
    assert any(len(c) >= 2 for c in chains)
    assert any(c[0].to_kind == "secondary" for c in chains)
    assert any(r.reason is not None and r.reason.code in ("blocked", "out-of-range") for r in results.values())


def test_options_and_emergency_supply_agree(europe):
    s = random_scenario(europe, 80, 4, options={"limited_overseas_supply": True, "limited_strait_supply": True,
                                                 "emergency_supply": True})
    fast, each = trace_all(europe, s), trace_each(europe, s)
    assert_same(fast, each)
    assert {k: v.emergency_hq for k, v in fast.items()} == {k: v.emergency_hq for k, v in each.items()}


@pytest.mark.parametrize("change", ["control", "war", "weather", "option", "conquered", "move"])
def test_kept_state_never_answers_for_another_scenario(europe, change):
    """WiF 2.4.2 inputs other than units are kept between traces, keyed by value: after any change
    the answers equal those of a trace that keeps nothing."""
    s = random_scenario(europe, 60, 5)
    before = trace_all(europe, s)
    h = europe.hexes
    key_of = lambda row: (str(h["sheet"].iat[row]), int(h["q"].iat[row]), int(h["r"].iat[row]))
    german = np.flatnonzero((h["country"] == "Germany").to_numpy() & ~h["hex_dot"].to_numpy())
    changed = {
        "control": lambda: _all_to(s, [key_of(r) for r in german], "France"),
        "war": lambda: s.with_war("axis", "allies", False).with_war("Germany", "France"),
        "weather": lambda: s.with_weather("north-temperate", "blizzard"),
        "option": lambda: s.with_option("limited_overseas_supply", True),
        "conquered": lambda: load_scenario({"map": europe.name, "at_war": [["axis", "allies"]],
                                            "conquered": ["Poland"], "aligned": {"Poland": "Germany"},
                                            "units": _units(s)}, europe),
        "move": lambda: s.moved("u1", key_of(german[3])),
    }[change]()
    kept = trace_all(europe, changed)
    state._CACHE.clear()
    fresh = trace_all(europe, changed)
    assert_same(kept, fresh)
    assert [r.in_supply for r in kept.values()] != [r.in_supply for r in before.values()] or change == "move"


def _all_to(s, keys, power):
    for k in keys:
        s = s.with_control(k, power)
    return s


def _units(s):
    out = []
    for u in s.units.values():
        d = {"id": u.id, "type": u.type, "power": u.power}
        if u.hex is not None:
            d["hex"] = str(s.hexmap.hexes["label"].iat[s.hexmap.position(tuple(u.hex))])
        else:
            d.update(sea_area=u.sea_area, section=u.section)
        out.append(d)
    return out


def test_kept_arrays_equal_the_scenarios_own(europe):
    """Control (WiF 2.5) and effective weather (WiF 8.2.1: deserts shift) as the scenario computes them."""
    s = random_scenario(europe, 20, 6, weather={"mediterranean": "blizzard", "north-temperate": "rain"})
    h = europe.hexes
    row = int(np.flatnonzero((h["country"] == "Italy").to_numpy())[0])
    s = s.with_control((str(h["sheet"].iat[row]), int(h["q"].iat[row]), int(h["r"].iat[row])), "France")
    st = state.static_state(europe, s)
    assert list(st.control) == list(s.control_array(europe))
    weather = s.weather_array(europe, effective=True)
    assert list(st.weather) == list(weather)
    med_desert = (h["terrain"].isin(["desert"]) & (h["climate_zone"] == "mediterranean")).to_numpy()
    assert med_desert.any() and set(weather[med_desert]) == {"snow"}   # blizzard shifted to snow


def test_zoc_context_reused_after_a_move_equals_a_fresh_one(europe):
    """WiF 2.2: ZOC with the move-independent context of an earlier scenario (same politics)."""
    s = random_scenario(europe, 60, 7)
    h = europe.hexes
    row = int(np.flatnonzero((h["country"] == "France").to_numpy() & ~h["hex_dot"].to_numpy())[5])
    moved = s.moved("u2", (str(h["sheet"].iat[row]), int(h["q"].iat[row]), int(h["r"].iat[row])))
    ctx = zoc_context(europe, s)
    zoc_by_power(europe, s, context=ctx)
    reused, fresh = zoc_by_power(europe, moved, context=ctx), zoc_by_power(europe, moved)
    assert set(reused) == set(fresh)
    assert all(np.array_equal(reused[p], fresh[p]) for p in fresh)
    assert any(not np.array_equal(reused[p], zoc_by_power(europe, s)[p]) for p in fresh)


def test_a_lazy_verdict_checks_its_own_chain():
    """The batched verdict and the chain traced on request must agree; a mismatch is an error."""
    good = LazyUnitSupply("a", True, lambda: UnitSupply("a", True, []))
    assert good.chain == [] and good.reason is None and good == UnitSupply("a", True, [])
    bad = LazyUnitSupply("b", True, lambda: UnitSupply("b", False))
    with pytest.raises(RuntimeError, match="'b'"):
        bad.chain  # noqa: B018


def _mixed_units(hexmap, n, seed):
    """Land units of every ZOC kind (WiF 2.2: corps, HQs, divisions, partisans, supply units,
    invading) and ships, for the ZOC and unit-table comparisons."""
    s = random_scenario(hexmap, n, seed)
    kinds = ["DIV", "ART", "PARTISAN", "SUPPLY", "HQ-A", "MTN"]
    for i, u in enumerate(list(s.units.values())[: 2 * len(kinds)]):
        if u.hex is not None:
            s = s.with_unit(Unit(u.id, kinds[i % len(kinds)], u.power, hex=u.hex, invading=(i == 7)))
    return s


@pytest.mark.parametrize("options", [{}, {"divisions": True}, {"zoc_hq_or_two_corps": True}])
def test_zoc_of_all_powers_at_once_equals_power_by_power(europe, options):
    """WiF 2.2: the supply engine's one-pass ZOC (supply.zocs, every power in one array) against zoc_by_power's
    per-power reading, with own-hex-only units, units without ZOC and option 4 (the europe map has
    no Asian or Pacific hexes: every third hex is marked as one so that the option bites)."""
    from dataclasses import replace

    from viewer.rules.wif.supply.graph import map_graph
    from viewer.rules.wif.supply.units import UnitTable
    from viewer.rules.wif.supply.zocs import zoc_all_powers

    s = _mixed_units(europe, 120, 8)
    for k, v in options.items():
        s = s.with_option(k, v)
    ctx = zoc_context(europe, s)
    if options.get("zoc_hq_or_two_corps"):
        ctx = replace(ctx, option4=np.arange(len(europe.hexes)) % 3 == 0)
    table = UnitTable(europe, map_graph(europe), s.units)
    fast = zoc_all_powers(europe, s, ctx, table.unit_rows, table.zoc_units(bool(options.get("divisions"))))
    slow = zoc_by_power(europe, s, context=ctx)
    if options.get("zoc_hq_or_two_corps"):
        plain = zoc_by_power(europe, s)
        assert any(not np.array_equal(plain[p], slow[p]) for p in slow)   # option 4 changed something
    assert list(fast) == list(slow) and len(slow) >= 5
    for p in slow:
        assert np.array_equal(fast[p], slow[p]), p
    assert sum(int(m.sum()) for m in slow.values()) > 300


def test_unit_table_kept_after_moves_equals_a_fresh_one(europe):
    """After moves, flips, a unit put to sea and one removed, the table updated from the last one
    (only changed units re-read) holds what a table built from scratch holds."""
    from viewer.rules.wif.supply.graph import map_graph
    from viewer.rules.wif.supply.units import UnitTable, unit_table

    g = map_graph(europe)
    s = _mixed_units(europe, 80, 9)
    h = europe.hexes
    land = np.flatnonzero(~h["hex_dot"].to_numpy())
    key_of = lambda row: (str(h["sheet"].iat[row]), int(h["q"].iat[row]), int(h["r"].iat[row]))
    hq = next(u.id for u in s.units.values() if u.is_hq)
    steps = [lambda s: s.moved("u3", key_of(land[100])), lambda s: s.moved(hq, key_of(land[2000])),
             lambda s: s.flipped("u5"), lambda s: s.moved("u6", None, "North Sea", 1),
             lambda s: s.moved("u6", key_of(land[50])), lambda s: s.without_unit("u7"),
             lambda s: s.with_unit(Unit("new", "INF", "Japan", hex=key_of(land[10])))]
    unit_table(europe, g, s)
    for step in steps:
        s = step(s)
        kept, fresh = unit_table(europe, g, s), UnitTable(europe, g, s.units)
        for name in ("row", "land", "hq", "reach", "area", "on_map"):
            assert np.array_equal(getattr(kept, name), getattr(fresh, name)), name
        assert [kept_power for kept_power in np.array(list(kept.powers))[kept.power]] == \
               [p for p in np.array(list(fresh.powers))[fresh.power]]
        assert [list(kept.groups)[c] for c in kept.group] == [list(fresh.groups)[c] for c in fresh.group]
        assert kept.unit_rows == fresh.unit_rows
        assert [u.id for u in kept.hq_units] == [u.id for u in fresh.hq_units]
        assert {a: [u.id for u in us] for a, us in kept.at_sea.items()} == \
               {a: [u.id for u in us] for a, us in fresh.at_sea.items()}
