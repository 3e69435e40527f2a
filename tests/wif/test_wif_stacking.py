"""Stacking limits and over-stacked hexes (WiF 2.3.1), with the digest's worked cases."""
from __future__ import annotations

import pytest

from viewer.board import load_map
from viewer.rules.wif import stacking
from viewer.rules.wif.scenario_io import load_scenario
from wif_synthetic import C, make_map


def _faults(m, units, **extra):
    s = load_scenario({"map": m.name, "units": units, **extra}, m)
    return stacking.stacking_faults(m, s)


def _units(n, utype, hex_=C, power="Germany", prefix=None, **fields):
    prefix = prefix or utype
    return [{"id": f"{prefix}{i}", "type": utype, "power": power, "hex": hex_, **fields} for i in range(n)]


def _facts(**kw):
    base = {"minor_port": False, "major_port": False, "city": False, "terrain": "clear", "off_map": False}
    return {**base, **kw}


# ------------------------------------------------------------------ the air table
@pytest.mark.parametrize("facts, hqs, engineers, limit", [
    (_facts(), 0, 0, 1),
    (_facts(minor_port=True), 0, 0, 2),
    (_facts(major_port=True), 0, 0, 3),
    (_facts(city=True), 0, 0, 3),
    (_facts(terrain="mountain"), 0, 0, 0),
    (_facts(terrain="desert-mountain"), 0, 0, 0),
    (_facts(terrain="swamp"), 0, 0, 0),
    (_facts(terrain="mountain", city=True), 0, 0, 3),       # a city in a mountain hex: the highest
    (_facts(terrain="swamp"), 0, 2, 2),                      # option 7 example: swamp + 2 engineers
    (_facts(city=True, off_map=True), 1, 0, 7),              # doubled off-map, then +1 for the HQ
    (_facts(off_map=True), 0, 1, 3),                         # engineers also after doubling
    (_facts(major_port=True), 2, 0, 4),                      # "a hex with an HQ": +1 once
])
def test_air_limit_table(facts, hqs, engineers, limit):
    assert stacking.air_limit(facts, hqs, engineers)[0] == limit


def test_shipped_values_carry_their_source():
    import yaml

    raw = yaml.safe_load(stacking.DATA.read_text(encoding="utf-8"))
    leaves = [raw["land"]["per_hex"], raw["naval"]["minor_port"], *raw["air"]["base"].values()]
    assert all("WiF 2.3.1" in leaf["source"] for leaf in leaves)
    assert stacking.limits_table()["air"]["base"]["swamp"] == 0


# ------------------------------------------------------------------ land
def test_two_land_units_a_hex_and_four_off_map():
    m = make_map(off_map=("0903",), extra_edges=[("0703", "0903", "off-map")])
    assert not _faults(m, _units(2, "INF"))
    [f] = _faults(m, _units(3, "INF"))
    assert (f.kind, f.count, f.limit, f.reason, f.hex) == ("land", 3, 2, "stacking.reason.land", C)
    assert not _faults(m, _units(4, "INF", "0903"))
    [f] = _faults(m, _units(5, "INF", "0903"))
    assert f.limit == 4


def test_divisions_option_allows_a_third_small_unit():
    m = make_map(off_map=("0903",), extra_edges=[("0703", "0903", "off-map")])
    opt = {"options": {"divisions": True}}
    two_and_div = _units(2, "INF") + _units(1, "DIV")
    assert _faults(m, two_and_div)                       # option off: 3 units
    assert not _faults(m, two_and_div, **opt)
    assert not _faults(m, _units(1, "INF") + _units(2, "ART"), **opt)
    [f] = _faults(m, _units(2, "INF") + _units(2, "DIV"), **opt)
    assert (f.count, f.limit) == (4, 3)
    [f] = _faults(m, _units(3, "INF") + _units(1, "DIV"), **opt)
    assert f.reason == "stacking.reason.land_large" and (f.count, f.limit) == (3, 2)
    assert not _faults(m, _units(4, "INF", "0903") + _units(1, "ENG", "0903"), **opt)   # 5 off-map


def test_supply_units_stack_as_a_division_under_option_6():
    m = make_map()
    units = _units(2, "INF") + _units(1, "SUPPLY")
    assert _faults(m, units)
    assert not _faults(m, units, options={"supply_units": True})


def test_invaders_stack_apart_from_the_defenders():
    m = make_map()
    defenders = _units(2, "INF", power="France")
    invaders = _units(2, "MAR", invading=True)
    assert not _faults(m, defenders + invaders, at_war=[["Germany", "France"]])
    both = _units(1, "MAR", invading=True) + _units(2, "PARA", paradropping=True)
    [f] = _faults(m, defenders + both, at_war=[["Germany", "France"]])
    assert (f.kind, f.count, f.side) == ("landing", 3, "axis")


def test_face_up_units_are_listed_first_for_destruction():
    m = make_map()
    units = [{"id": "down", "type": "INF", "power": "Germany", "hex": C, "face_up": False},
             {"id": "up1", "type": "INF", "power": "Germany", "hex": C},
             {"id": "up2", "type": "ARM", "power": "Germany", "hex": C}]
    [f] = _faults(m, units)
    assert f.units == ("up1", "up2", "down")


# ------------------------------------------------------------------ air
def test_air_over_stacking_on_a_clear_hex_and_in_snowy_swamp():
    m = make_map(hexes={C: {"terrain": "swamp"}})
    [f] = _faults(m, _units(1, "FTR"))
    assert (f.kind, f.limit) == ("air", 0)
    # WiF 8.2.9: a swamp in Snow counts as forest, an ordinary hex for air stacking
    assert not _faults(m, _units(1, "FTR"), weather={"north-temperate": "snow"})


def test_floatplanes_option_8():
    m = make_map(hexes={C: {"coastal": True, "terrain": "mountain"}, "0202": {"coastal": False}},
                 features=[("major-port", "Harbour", "0603"), ("city", "Harbour", "0603")])
    opt = {"options": {"floatplanes": True}}
    # a floatplane even in a coastal mountain hex
    assert not _faults(m, _units(1, "NAV", floatplane=True), **opt)
    [f] = _faults(m, _units(2, "NAV", floatplane=True), **opt)
    assert (f.kind, f.limit) == ("floatplane", 1)
    [f] = _faults(m, _units(1, "NAV", "0202", floatplane=True), **opt)
    assert f.reason == "stacking.reason.floatplane_inland"
    # one floatplane and three other aircraft in a major port
    assert not _faults(m, _units(1, "NAV", "0603", floatplane=True) + _units(3, "FTR", "0603"), **opt)
    # engineers do not raise the floatplane limit
    eng = _units(2, "ENG", prefix="e")
    assert _faults(m, eng + _units(2, "NAV", floatplane=True), options={"floatplanes": True, "engineers": True})


# ------------------------------------------------------------------ naval
def test_naval_limits_by_port():
    m = make_map(hexes={"0202": {"port": True}},
                 features=[("minor-port", "Cove", C), ("major-port", "Harbour", "0603")])
    assert not _faults(m, _units(2, "CL"))
    [f] = _faults(m, _units(3, "CL"))
    assert (f.kind, f.count, f.limit) == ("naval", 3, 2)
    assert not _faults(m, _units(12, "BB", "0603"))
    assert not _faults(m, _units(1, "CL") + _units(1, "CONVOY", points=5))          # 5 CP = 1 unit
    assert not _faults(m, _units(1, "CL") + _units(1, "CONVOY", points=7))          # 2.4 -> 2 (WiF 2.6)
    [f] = _faults(m, _units(1, "CL") + _units(1, "CONVOY", points=8))               # 2.6 -> 3
    assert f.params["convoy_points"] == 8
    pairs = {"options": {"convoy_pairs": True}}
    assert not _faults(m, _units(1, "CL") + _units(1, "CONVOY", points=2), **pairs)
    assert _faults(m, _units(1, "CL") + _units(1, "CONVOY", points=3), **pairs)     # ceil(3/2) = 2


def test_naval_units_in_a_port_of_the_other_side():
    m = make_map(hexes={C: {"country": "France"}}, features=[("minor-port", "Cove", C)])
    [f] = _faults(m, _units(1, "CL"), at_war=[["Germany", "France"]])
    assert (f.limit, f.reason) == (0, "stacking.reason.naval_not_friendly")


# ------------------------------------------------------------------ the Europe map
def test_major_port_city_holds_any_navy_four_aircraft_and_an_hq():
    """WiF 2.3.1 combination example: any number of naval units, 4 air units and an HQ."""
    m = load_map("europe")
    f = m.features
    row = f[(f["name"] == "Hamburg") & (f["kind"] == "major-port")].iloc[0]
    lab = m.label((row["sheet"], int(row["q"]), int(row["r"])))
    units = _units(9, "BB", lab) + _units(4, "FTR", lab) + _units(1, "HQ-A", lab)
    assert not _faults(m, units)
    [fault] = _faults(m, units + [{"id": "extra", "type": "LND", "power": "Germany", "hex": lab}])
    assert (fault.kind, fault.count, fault.limit) == ("air", 5, 4)
    s = load_scenario({"map": "europe", "units": units}, m)
    info = stacking.hex_stacking(m, s, s.units["HQ-A0"].hex, "axis")
    assert (info.naval, info.air, info.land) == (None, 4, 2)
    assert stacking.overstacked_mask(m, s).sum() == 0


def test_option_7_example_two_aircraft_in_a_swamp_with_two_engineers():
    """WiF 2.3.1, MiF option 7 example: two aircraft may stack in a swamp hex holding two engineers."""
    m = make_map(hexes={C: {"terrain": "swamp"}})
    units = _units(2, "ENG", face_up=False) + _units(2, "LND")       # engineers count even face down
    assert not _faults(m, units, options={"engineers": True})
    [f] = _faults(m, units)
    assert (f.kind, f.count, f.limit) == ("air", 2, 0)
    [f] = _faults(m, units + _units(1, "FTR"), options={"engineers": True})
    assert (f.count, f.limit) == (3, 2) and "engineers=2" in f.params["steps"]
