"""Supply engine (WiF 2.4.2) on a small synthetic map: costs, budgets, hexside and ZOC blocks, rail
legs, and property tests."""
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

sys.path.insert(0, str(Path(__file__).parent))
from wif_synthetic import make_map  # noqa: E402

from viewer.rules.wif.scenario_io import load_scenario  # noqa: E402
from viewer.rules.wif.scenario_units import Unit  # noqa: E402
from viewer.rules.wif.supply import supply_range, trace_all, trace_unit  # noqa: E402

ROWS = range(1, 6)
COLS = range(1, 8)


def corridor(rows=(3,), hexsides=(), terrain=None, **kw):
    """Land only in ``rows`` (the rest hex-dots); a German city 'Aberg' at 0103."""
    hexes = {f"{c:02d}{r:02d}": {"hex_dot": True} for c in COLS for r in ROWS if r not in rows}
    for lab, t in (terrain or {}).items():
        hexes[lab] = {"terrain": t}
    return make_map(hexes, hexsides=list(hexsides), features=[("city", "Aberg", "0103")], **kw)


def scenario(m, units, **extra):
    d = {"map": m.name, "at_war": [["Germany", "France"]], "units": units}
    d.update(extra)
    return load_scenario(d, m)


def ger(uid, lab, utype="INF"):
    return {"id": uid, "type": utype, "power": "Germany", "hex": lab}


def test_unit_on_its_primary_source_is_in_supply():
    m = corridor()
    r = trace_unit(m, scenario(m, [ger("a", "0103")]), "a")
    assert r.in_supply and r.chain[0].cost == 0 and r.chain[0].hexes == ["0103"]


@pytest.mark.parametrize("weather, col, ok", [("fine", 5, True), ("fine", 6, False), ("snow", 4, True),
                                               ("snow", 5, False), ("rain", 3, True), ("rain", 4, False),
                                               ("storm", 4, False), ("blizzard", 3, True)])
def test_budget_by_weather(weather, col, ok):
    """WiF 8.2.2: 4 in Fine, 3 in Snow, 2 in Rain, Storm or Blizzard (the final hex counts, WiF 2.8)."""
    m = corridor()
    s = scenario(m, [ger("a", f"{col:02d}03")], weather={"north-temperate": weather})
    assert trace_unit(m, s, "a").in_supply is ok


def test_desert_counts_two():
    """WiF 2.4.2: a desert hex counts 2 on the European map; the desert's own weather shift (8.2.1)."""
    m = corridor(terrain={"0303": "desert"})
    s = scenario(m, [ger("a", "0503")])
    assert not trace_unit(m, s, "a").in_supply
    assert trace_unit(m, scenario(m, [ger("a", "0403")]), "a").chain[0].cost == 4


@pytest.mark.parametrize("feature, ok", [("alpine", False), ("lake", False), ("all-sea", False),
                                          ("strait", True), ("river", True)])
def test_hexside_limits(feature, ok):
    """WiF 2.4.2 limits 4-6: no line across alpine, unfrozen lake or all-sea (non-strait) hexsides."""
    m = corridor(hexsides=[("0203", "0303", feature)])
    assert trace_unit(m, scenario(m, [ger("a", "0403")]), "a").in_supply is ok


def test_frozen_lake_hexside_opens():
    """WiF 2.4.2 + 8.2.9: a lake hexside frozen (Snow on both sides) no longer blocks."""
    m = corridor(hexsides=[("0203", "0303", "lake")])
    s = scenario(m, [ger("a", "0403")], weather={"north-temperate": "snow"})
    assert trace_unit(m, s, "a").in_supply


def test_rail_leg_of_a_secondary_costs_nothing_along_the_railway():
    """WiF 2.4.2: an HQ's rail leg to a primary source; hexes entered by rail do not count."""
    rail = [(f"{c:02d}03", f"{c + 1:02d}03", "rail") for c in range(1, 7)]
    m = corridor(hexsides=rail)
    s = scenario(m, [ger("hq", "0703", "HQ-I"), ger("inf", "0703")])
    r = trace_all(m, s)
    assert r["hq"].in_supply and r["hq"].chain[0].kind == "rail" and r["hq"].chain[0].cost == 0
    # the infantry's basic leg reaches the HQ (0 hexes) and chains on
    assert r["inf"].in_supply and [x.kind for x in r["inf"].chain] == ["basic", "rail"]
    bare = scenario(m, [ger("inf", "0703")])
    assert not trace_unit(m, bare, "inf").in_supply  # 6 hexes by a basic line


def test_enemy_zoc_blocks_unless_a_friendly_land_unit_is_there():
    """WiF 2.4.2 limit 1."""
    m = corridor(rows=(3, 4))
    fr = {"id": "fr", "type": "INF", "power": "France", "hex": "0404"}
    s = scenario(m, [ger("a", "0503"), fr])
    r = trace_unit(m, s, "a")
    assert not r.in_supply and "enemy-zoc" in {b["why"] for b in r.reason.params["blocked"]}
    from viewer.rules.wif.zoc import zoc_mask

    z = zoc_mask(m, s, "Germany")
    blocked = [lab for lab, inz in zip(m.hexes["label"], z) if inz and lab.endswith("03") and lab != "0503"]
    helpers = [ger(f"h{i}", lab) for i, lab in enumerate(blocked)]
    assert trace_unit(m, scenario(m, [ger("a", "0503"), fr] + helpers), "a").in_supply


def test_neutral_territory_blocks():
    """WiF 2.4.2 limit 3: no line into a neutral country's hex."""
    m = corridor()
    m2 = make_map({**{f"{c:02d}{r:02d}": {"hex_dot": True} for c in COLS for r in ROWS if r != 3},
                   "0303": {"country": "Ardenia"}}, features=[("city", "Aberg", "0103")])
    assert trace_unit(m, scenario(m, [ger("a", "0503")]), "a").in_supply
    r = trace_unit(m2, scenario(m2, [ger("a", "0503")]), "a")
    assert not r.in_supply and r.reason.params["blocked"][0]["why"] == "neutral"


def test_units_at_sea_are_in_supply():
    """WiF 2.4.1."""
    m = corridor()
    s = scenario(m, [{"id": "bb", "type": "BB", "power": "Germany", "sea_area": "Test Sea", "section": 1}])
    assert trace_unit(m, s, "bb").in_supply and trace_unit(m, s, "bb").at_sea


def test_range_overlay_marks_reach_and_blocks():
    m = corridor(hexsides=[("0503", "0603", "alpine")])
    s = scenario(m, [ger("a", "0203")])
    df = supply_range(m, s, "a").set_index("label")
    assert df.loc["0503", "reachable"] and df.loc["0503", "cost"] == 3
    assert not df.loc["0603", "reachable"] and df.loc["0603", "blocked_reason"] == "alpine"
    towards = supply_range(m, s, "Aberg").set_index("label")
    assert towards.loc["0503", "reachable"] and towards.loc["0503", "cost"] == 4
    assert "0603" not in towards.index  # 5 to Aberg: beyond any budget


def test_option_13_names_an_hq_for_emergency_supply():
    """WiF 2.4.3 option 13: an out-of-supply unit with a basic line to a face-up HQ."""
    m = corridor(hexsides=[("0203", "0303", "alpine")])
    units = [ger("a", "0503"), ger("hq", "0603", "HQ-A")]
    plain = trace_unit(m, scenario(m, units), "a")
    assert not plain.in_supply and plain.emergency_hq is None
    opt = trace_unit(m, scenario(m, units, options={"emergency_supply": True}), "a")
    assert not opt.in_supply and opt.emergency_hq == "hq"


# -- properties ------------------------------------------------------------------------------------
LABELS = [f"{c:02d}{r:02d}" for c in COLS for r in ROWS]
FULL = make_map(features=[("city", "Aberg", "0103")])
WEATHER_ORDER = ["blizzard", "snow", "fine"]  # budgets 2 <= 3 <= 4


@settings(max_examples=25, deadline=None)
@given(own=st.sampled_from(LABELS), enemies=st.lists(st.sampled_from(LABELS), max_size=3),
       extra=st.sampled_from(LABELS))
def test_adding_an_enemy_never_puts_a_unit_into_supply(own, enemies, extra):
    enemies = [e for e in enemies if e != own]
    fr = [{"id": f"fr{i}", "type": "INF", "power": "France", "hex": e} for i, e in enumerate(enemies)]
    before = trace_unit(FULL, scenario(FULL, [ger("a", own)] + fr), "a").in_supply
    if extra == own:
        return
    more = fr + [{"id": "frx", "type": "ARM", "power": "France", "hex": extra}]
    after = trace_unit(FULL, scenario(FULL, [ger("a", own)] + more), "a").in_supply
    assert not (after and not before)


@settings(max_examples=25, deadline=None)
@given(own=st.sampled_from(LABELS), enemies=st.lists(st.sampled_from(LABELS), max_size=3))
def test_a_larger_budget_never_takes_a_unit_out_of_supply(own, enemies):
    fr = [{"id": f"fr{i}", "type": "INF", "power": "France", "hex": e} for i, e in enumerate(enemies) if e != own]
    verdicts = [trace_unit(FULL, scenario(FULL, [ger("a", own)] + fr, weather={"north-temperate": w}), "a").in_supply
                for w in WEATHER_ORDER]
    assert verdicts == sorted(verdicts)


def test_results_serialise():
    m = corridor()
    r = trace_all(m, scenario(m, [ger("a", "0303")]))["a"]
    j = r.to_json()
    assert set(j) == {"in_supply", "chain", "reason"}
    assert set(j["chain"][0]) == {"kind", "hexes", "cost", "budget", "sea_areas", "landing_port", "to"}
    assert r.to_dict()["chain"][0]["counted"] == ["0203", "0103"]


def test_unit_unknown():
    m = corridor()
    with pytest.raises(KeyError, match="no unit 'zz'"):
        trace_unit(m, scenario(m, [ger("a", "0303")]), "zz")
    assert Unit  # imported for the examples module's symmetry
