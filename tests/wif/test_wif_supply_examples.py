"""Worked examples of WiF 2.4 on the real europe map (maps/scenarios/*.yaml)."""
from pathlib import Path

import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.scenario_units import Unit
from viewer.rules.wif.supply import find_sources, side_view, trace_all, trace_unit
from viewer.rules.wif.supply.context import Politics, scenario_arrays

SCEN = Path(__file__).resolve().parents[2] / "maps" / "scenarios"


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def scen(europe, name):
    return load_scenario((SCEN / name).read_text(), europe)


def test_poland_units_trace_to_polish_cities(europe):
    """Ex. 2.4.2-1: Polish units are in supply from a friendly city of Poland."""
    r = trace_all(europe, scen(europe, "poland-1939.yaml"))
    leg = r["pol-warsaw"].chain[0]
    assert r["pol-warsaw"].in_supply and leg.kind == "basic" and leg.to == "Warsaw"
    assert leg.cost <= leg.budget == 4


def test_polish_unit_draws_on_its_controlling_major(europe):
    """Ex. 2.4.2-1: ... and from a city of the Commonwealth, which controls Poland."""
    s = scen(europe, "poland-1939.yaml")
    r = trace_all(europe, s)["pol-uk"]
    assert r.in_supply
    h = europe.hexes.set_index("label")
    assert h.loc[r.chain[0].hexes[-1], "country"] == "United Kingdom"


def test_warsaw_is_primary_for_poles_secondary_for_the_commonwealth(europe):
    """Ex. 2.4.2-2."""
    s = scen(europe, "poland-1939.yaml")
    arrays, pol = scenario_arrays(europe, s), Politics(s)
    poles = find_sources(europe, s, Unit("x", "INF", "Poland"), arrays, pol)
    cw = find_sources(europe, s, Unit("y", "INF", "Commonwealth"), arrays, pol)
    assert "Warsaw" in {x.name for x in poles.primary}
    assert "Warsaw" in {x.name for x in cw.secondary}
    assert "Warsaw" not in {x.name for x in cw.primary}
    # the British corps reaches Warsaw, which cannot chain on to a Commonwealth city
    r = trace_all(europe, s)["cw-warsaw"]
    assert not r.in_supply and "Warsaw" in r.reason.params.get("reached", [])


def test_panzer_cut_off_by_polish_zoc(europe):
    r = trace_all(europe, scen(europe, "poland-1939.yaml"))["ger-deep"]
    assert not r.in_supply
    assert {b["why"] for b in r.reason.params["blocked"]} >= {"enemy-zoc"}


def test_kiev_fine_versus_snow(europe):
    """Ex. 2.4.2-3: 4 hexes from Kiev is in supply in Fine (range 4), not in Snow (3, WiF 8.2.2)."""
    s = scen(europe, "kiev.yaml")
    fine = trace_unit(europe, s, "inf-kiev")
    assert fine.in_supply and fine.chain[0].to == "Kiev" and fine.chain[0].cost == 4
    snow = trace_unit(europe, s.with_weather("north-temperate", "snow"), "inf-kiev")
    assert not snow.in_supply and snow.reason.params["budget"] == 3


def test_only_the_tracers_weather_counts(europe):
    """Ex. 2.4.2-3: the source's weather is irrelevant (Archangel is in the arctic zone)."""
    s = scen(europe, "kiev.yaml")
    for arctic in ("fine", "blizzard"):
        r = trace_unit(europe, s.with_weather("arctic", arctic), "inf-north")
        assert r.in_supply and r.chain[0].to == "Archangel" and r.chain[0].cost == 4
    assert not trace_unit(europe, s.with_weather("north-temperate", "snow"), "inf-north").in_supply


# -- Syria (Ex. 2.4.2-4, 2.4.2-5) -------------------------------------------------------------------
def _entered(europe, leg):
    """(hex label, entered along a railway?) for each hex a leg enters before it puts to sea."""
    hexes = leg.hexes[: leg.hexes.index(leg.embark) + 1] if leg.embark else leg.hexes
    out = []
    for a, b in zip(hexes, hexes[1:]):
        feats = europe.hexside_features(europe.find(a), europe.find(b))
        out.append((b, any("rail" in f.split(";") or "road" in f.split(";") for f in feats)))
    return out


def _basic_count(europe, labels):
    """What a basic leg's entered hexes count on a European map: desert 2, else 1 (WiF 2.4.2)."""
    h = europe.hexes.set_index("label")
    return sum(2 if h.loc[x, "terrain"] in ("desert", "desert-mountain") else 1 for x in labels)


def test_syria_chain_leg_by_leg(europe):
    """Ex. 2.4.2-4/-5 on the real map and its 1939 railways (the scenario's notes say which of the
    example's numbers this map reproduces)."""
    s = scen(europe, "syria.yaml")
    r = trace_all(europe, s)
    gd, man, run = r["GD"], r["Manstein"], r["Rundstedt"]
    assert gd.in_supply and man.in_supply and run.in_supply
    h = europe.hexes.set_index("label")
    # the whole chain, from GD: basic to Manstein, basic to Rundstedt, rail to a primary source
    assert [(x.kind, x.to, x.to_kind) for x in gd.chain[:2]] == [
        ("basic", "Manstein", "secondary"), ("basic", "Rundstedt", "secondary")]
    assert gd.chain[2].kind == "rail" and gd.chain[2].to_kind == "primary"
    assert gd.chain[1:] == man.chain and man.chain[1:] == run.chain
    # the sea is crossed once for the whole chain
    assert sum(bool(x.sea_areas) for x in gd.chain) == 1
    # 1. GD -> Manstein: basic; desert counts 2 on the European map
    g = gd.chain[0]
    assert g.hexes[0] == "5645" and g.hexes[-1] == "5744"
    assert g.cost == _basic_count(europe, g.hexes[1:]) == 4 <= g.budget == 4
    # 3. Manstein -> Rundstedt: a basic leg of 3 hexes (it ends at a secondary source)
    m = man.chain[0]
    assert len(m.hexes) - 1 == 3 and m.hexes[-1] == "5941"
    assert m.cost == _basic_count(europe, m.hexes[1:]) <= m.budget == 4
    # 4. Rundstedt -> Alexandretta by rail: 5 hexes entered, only the off-rail ones count
    leg = run.chain[0]
    assert leg.kind == "rail" and leg.embark == "5442"          # Alexandretta
    entered = _entered(europe, leg)
    assert len(entered) == 5
    off_rail = [x for x, on_rail in entered if not on_rail]
    assert len(off_rail) == 3 and all(h.loc[x, "terrain"] == "clear" for x in off_rail)
    # Ex. 2.4.2-5: ... to sea, the far-side port counting 1 as the 4th hex, then by rail
    port = leg.hexes[len(entered) + 1]
    assert leg.counted == off_rail + [port]
    assert leg.cost == len(leg.counted) == 4 <= leg.budget == 4
    assert h.loc[port, "country"] == "Italy" and h.loc[port, "port"]
    assert leg.landing_port is not None and leg.landing_port in set(europe.features["name"])
    assert leg.sea_areas[0] == "Eastern Mediterranean" and leg.sea_areas[-1] == "Italian Coast"
    adj = {frozenset(p) for p in europe.region_adjacency[["a", "b"]].itertuples(index=False)}
    assert all(frozenset(p) in adj for p in zip(leg.sea_areas, leg.sea_areas[1:]))
    assert h.loc[leg.hexes[-1], "country"] in ("Italy", "Germany") and h.loc[leg.hexes[-1], "city"]


def test_syria_ancona_lands_at_the_same_count(europe):
    """Ex. 2.4.2-5 lands at Ancona: on this map Ancona is a friendly port of the Italian Coast and an
    Italian city itself, so landing there would count the same 3 + 1 as the port the engine keeps
    (the engine takes the first of equal choices in the map's hex order)."""
    s = scen(europe, "syria.yaml")
    leg = trace_unit(europe, s, "Rundstedt").chain[0]
    ancona = europe.position(europe.find("3437"))
    f = europe.features
    assert set(f.loc[f["name"] == "Ancona", "sea_area"].dropna()) == {leg.sea_areas[-1]}
    assert ancona in set(side_view(europe, s, "Germany").landing_ports.tolist())
    arrays, pol = scenario_arrays(europe, s), Politics(s)
    primary = find_sources(europe, s, s.units["Rundstedt"], arrays, pol).primary
    assert "Ancona" in {x.name for x in primary}


def test_syria_beirut_zoc_keeps_manstein_from_the_rail_by_tripoli(europe):
    """Ex. 2.4.2-4: Allied ZOC closes the way by Tripoli. Without the Beirut corps, Manstein's own rail
    leg crosses the rail hex next to Tripoli and needs no Rundstedt (a desert hex 2, the rail hex
    entered off the railway 1, the port 1)."""
    s = scen(europe, "syria.yaml").without_unit("cw-beirut").without_unit("Rundstedt")
    r = trace_unit(europe, s, "Manstein")
    leg = r.chain[0]
    assert r.in_supply and leg.kind == "rail" and "5544" in leg.hexes and leg.embark == "5442"
    port = leg.hexes[len(_entered(europe, leg)) + 1]
    assert leg.counted[-1] == port and leg.cost == _basic_count(europe, leg.counted[:-1]) + 1 == 4


def test_syria_manstein_cannot_reach_a_primary_source_alone(europe):
    """Ex. 2.4.2-4: Manstein is at least 5 from a primary source (4 to Alexandretta + 1 at sea)."""
    s = scen(europe, "syria.yaml").without_unit("Rundstedt")
    r = trace_all(europe, s)["Manstein"]
    assert not r.in_supply


def test_syria_tripoli_route_is_in_allied_zoc(europe):
    """Ex. 2.4.2-4: the coast road by Tripoli is closed by Allied ZOC."""
    s = scen(europe, "syria.yaml")
    side = side_view(europe, s, "Germany")
    tripoli = europe.position(europe.find("5444"))
    assert side.enter_block[tripoli] == 2  # enemy-zoc


def test_syria_sea_area_blocked_and_reopened(europe):
    """Ex. 2.4.2-5: an Allied carrier in the Eastern Mediterranean cuts the line unless an Axis
    surface ship (or air-to-sea unit) is there too."""
    s = scen(europe, "syria.yaml")
    cv = Unit("cw-cv", "CV", "Commonwealth", sea_area="Eastern Mediterranean", section=1)
    blocked = s.with_unit(cv)
    assert not trace_unit(europe, blocked, "Rundstedt").in_supply
    bb = Unit("it-bb", "BB", "Italy", sea_area="Eastern Mediterranean", section=1)
    assert trace_unit(europe, blocked.with_unit(bb), "Rundstedt").in_supply
    nav = Unit("cw-nav", "NAV", "Commonwealth", sea_area="Eastern Mediterranean", section=1, air_to_sea=2)
    assert not trace_unit(europe, s.with_unit(nav), "Rundstedt").in_supply


def test_rail_legs_count_only_off_rail_hexes(europe):
    """Ex. 2.4.2-4: along a railway a rail leg's hexes cost nothing (needs the map's railways)."""
    if not (europe.hexsides["feature"] == "rail").any():
        pytest.skip("the europe map has no railways yet (helper A adds them)")
    s = scen(europe, "syria.yaml")
    leg = trace_unit(europe, s, "Rundstedt").chain[0]
    assert len(leg.counted) == leg.cost
