"""Zones of control (WiF 2.2): every exclusion hexside by hexside, unit kinds, politics, options,
and the real Europe map."""
from __future__ import annotations

import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif import zoc
from viewer.rules.wif.scenario import Unit
from viewer.rules.wif.scenario_io import load_scenario
from wif_synthetic import C, key, make_map, ring


def _scenario(m, units, **extra):
    data = {"map": m.name, "at_war": [["Germany", "France"]], "units": units, **extra}
    return load_scenario(data, m)


def _zoc_labels(m, s, against="France"):
    return set(m.hexes["label"][zoc.zoc_mask(m, s, against)].tolist())


GER_INF = {"id": "g", "type": "INF", "power": "Germany", "hex": C}


# ------------------------------------------------------------------ Ex. 2.2 and each hexside
def test_ex_2_2_alpine_strait_and_hex_dot_stop_zoc():
    """Ex. 2.2: no ZOC into hex (1) across an alpine hexside, hex (2) across a strait, hex (3) a hex-dot."""
    n = ring()
    m = make_map(hexes={n[2]: {"hex_dot": True}},
                 hexsides=[(C, n[0], "alpine"), (C, n[1], "strait"), (C, n[1], "all-sea")])
    s = _scenario(m, [GER_INF])
    got = _zoc_labels(m, s)
    assert n[0] not in got and n[1] not in got and n[2] not in got
    assert got == {C, n[3], n[4], n[5]}
    why = {step.label: step.reason for step in zoc.explain_zoc(m, s, "g")}
    assert why[n[0]] == "zoc.reason.alpine"
    assert why[n[1]] == "zoc.reason.strait"
    assert why[n[2]] == "zoc.reason.hex_dot"
    assert why[n[3]] is None and why[C] is None


@pytest.mark.parametrize("feature", ["alpine", "strait", "all-sea", "lake"])
def test_each_blocking_hexside_alone(feature):
    n = ring()
    m = make_map(hexsides=[(C, n[4], feature)])
    got = _zoc_labels(m, _scenario(m, [GER_INF]))
    assert n[4] not in got
    assert set(n) - {n[4]} <= got


def test_river_and_rail_hexsides_do_not_stop_zoc():
    n = ring()
    m = make_map(hexsides=[(C, n[0], "river"), (C, n[1], "rail"), (C, n[2], "road")])
    assert set(n) <= _zoc_labels(m, _scenario(m, [GER_INF]))


@pytest.mark.parametrize("weather, reached", [("fine", False), ("rain", False), ("storm", False),
                                              ("snow", True), ("blizzard", True)])
def test_lake_hexside_blocks_unless_frozen(weather, reached):
    """WiF 2.2 with 8.2.9: a lake hexside freezes when both hexes are in Snow or Blizzard."""
    n = ring()
    m = make_map(hexsides=[(C, n[3], "lake")])
    s = _scenario(m, [GER_INF], weather={"north-temperate": weather})
    assert (n[3] in _zoc_labels(m, s)) is reached


def test_lake_hexside_with_a_desert_side_needs_both_hexes_frozen():
    """A desert hex suffers Snow as Fine (WiF 8.2.1), so the lake side between it and a snowy hex stays open water."""
    n = ring()
    m = make_map(hexes={n[3]: {"terrain": "desert"}}, hexsides=[(C, n[3], "lake")])
    s = _scenario(m, [GER_INF], weather={"north-temperate": "snow"})
    assert n[3] not in _zoc_labels(m, s)


def test_off_map_hexes_neither_receive_nor_give_zoc():
    m = make_map(off_map=("0903",), extra_edges=[("0703", "0903", "off-map")])
    near = {"id": "g", "type": "INF", "power": "Germany", "hex": "0703"}
    got = _zoc_labels(m, _scenario(m, [near]))
    assert "0703" in got and "0903" not in got
    inside = {"id": "o", "type": "INF", "power": "Germany", "hex": "0903"}
    s = _scenario(m, [inside])
    assert not zoc.zoc_mask(m, s, "France").any()
    assert zoc.explain_zoc(m, s, "o")[0].reason == "zoc.reason.off_map"


# ------------------------------------------------------------------ politics
def test_no_zoc_into_neutral_or_not_at_war_hexes():
    n = ring()
    m = make_map(hexes={n[0]: {"country": "Borlund"}, n[1]: {"country": "Italy"}, n[2]: {"country": "USSR"},
                        n[3]: {"country": "France"}})
    s = _scenario(m, [GER_INF])
    got = _zoc_labels(m, s)
    why = {step.label: step.reason for step in zoc.explain_zoc(m, s, "g")}
    assert n[0] not in got and why[n[0]] == "zoc.reason.neutral"      # unaligned minor at war with nobody
    assert n[1] not in got and why[n[1]] == "zoc.reason.neutral"      # Italy: own side but neutral (WiF 9.1)
    assert n[2] not in got and why[n[2]] == "zoc.reason.neutral"      # USSR at war with no major
    assert n[3] in got                                                 # France: at war
    s2 = _scenario(m, [GER_INF], at_war=[["Germany", "France"], ["Italy", "France"], ["USSR", "France"]])
    got2 = _zoc_labels(m, s2)
    assert n[1] in got2                                # Italy now active, own side
    why2 = {step.label: step.reason for step in zoc.explain_zoc(m, s2, "g")}
    assert n[2] not in got2 and why2[n[2]] == "zoc.reason.not_at_war"  # other side, active, not at war


def test_zoc_counts_only_for_enemies_and_minors_inherit_their_majors_wars():
    """WiF 9.2: war on a major covers its aligned minors; Poland is aligned with the Commonwealth."""
    m = make_map(hexes={h: {"country": "Poland"} for h in ring()})
    units = [GER_INF]
    s = _scenario(m, units, at_war=[["Germany", "Commonwealth"]])
    assert _zoc_labels(m, s, "Poland") >= set(ring())
    assert not zoc.zoc_mask(m, s, "Italy").any()
    assert not zoc.zoc_mask(m, s, "Germany").any()


def test_ex_2_5_3_finland_at_war_with_the_ussr_while_germany_is_not():
    """Ex. 2.5-3: German-controlled Finland at war with the USSR; Germany and the USSR at peace."""
    m = make_map(hexes={h: {"country": "USSR"} for h in ring()})
    units = [{"id": "fin", "type": "INF", "power": "Finland", "hex": C},
             {"id": "ger", "type": "INF", "power": "Germany", "hex": "0101"}]
    s = _scenario(m, units, at_war=[["USSR", "Finland"]], aligned={"Finland": "Germany"})
    assert s.at_war_with("Finland", "USSR") and not s.at_war_with("Germany", "USSR")
    got = _zoc_labels(m, s, "USSR")
    assert set(ring()) <= got and "0101" not in got


# ------------------------------------------------------------------ unit kinds
@pytest.mark.parametrize("fields, own, adjacent", [
    ({"type": "INF"}, True, True),
    ({"type": "INF", "face_up": False}, True, True),       # face-down units keep their ZOC
    ({"type": "HQ-A"}, True, True),
    ({"type": "PARTISAN"}, True, False),
    ({"type": "DIV"}, True, True),                          # without options 2 & 3
    ({"type": "INF", "invading": True}, False, False),
    ({"type": "PARA", "paradropping": True}, False, False),
    ({"type": "SUPPLY"}, False, False),
    ({"type": "FTR"}, False, False),
])
def test_unit_kinds(fields, own, adjacent):
    m = make_map()
    s = _scenario(m, [{"id": "u", "power": "Germany", "hex": C, **fields}])
    got = _zoc_labels(m, s)
    assert (C in got) is own
    assert (set(ring()) <= got) is adjacent
    assert not (set(ring()) & got) or adjacent


def test_naval_units_exert_none_even_in_their_port():
    m = make_map(hexes={C: {"port": True}})
    s = _scenario(m, [{"id": "bb", "type": "BB", "power": "Germany", "hex": C}])
    assert not zoc.zoc_mask(m, s, "France").any()
    assert not zoc.exerts_zoc(s.units["bb"])


@pytest.mark.parametrize("utype", ["DIV", "ART", "ENG"])
def test_divisions_option_limits_zoc_to_own_hex(utype):
    m = make_map()
    s = _scenario(m, [{"id": "d", "type": utype, "power": "Germany", "hex": C}], options={"divisions": True})
    assert _zoc_labels(m, s) == {C}
    assert zoc.explain_zoc(m, s, "d")[1].reason == "zoc.reason.division"


def test_option_4_needs_an_hq_or_two_corps_on_the_asian_map():
    m = make_map(map_class="asian")
    one = [GER_INF]
    two = [GER_INF, {**GER_INF, "id": "g2"}]
    hq = [{"id": "h", "type": "HQ-I", "power": "Germany", "hex": C}]
    div = [GER_INF, {"id": "d", "type": "DIV", "power": "Germany", "hex": C}]
    opt = {"zoc_hq_or_two_corps": True}
    assert _zoc_labels(m, _scenario(m, one, options=opt)) == {C}
    assert set(ring()) <= _zoc_labels(m, _scenario(m, two, options=opt))
    assert set(ring()) <= _zoc_labels(m, _scenario(m, hq, options=opt))
    assert _zoc_labels(m, _scenario(m, div, options=opt)) == {C}
    assert set(ring()) <= _zoc_labels(m, _scenario(m, one))          # option off
    europe = make_map()
    assert set(ring()) <= _zoc_labels(europe, _scenario(europe, one, options=opt))  # European map: no effect


def test_zoc_by_side_splits_the_overlay():
    m = make_map(hexes={h: {"country": "France"} for h in ring("0602")})
    s = _scenario(m, [GER_INF, {"id": "f", "type": "INF", "power": "France", "hex": "0602"}])
    sides = zoc.zoc_by_side(m, s)
    assert set(sides) == {"axis", "allies"}
    assert sides["axis"][m.position(key(C))] and not sides["allies"][m.position(key(C))]


# ------------------------------------------------------------------ the Europe map
@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def _land_pair(m, country_a, country_b):
    h = m.hexes
    for k in zip(*(h.loc[(h["country"] == country_a) & ~h["off_map"], c] for c in ("sheet", "q", "r"))):
        for n in m.neighbors(k):
            if m.hex(n)["country"] == country_b and not m.hexside_features(k, n) & {"alpine", "strait", "all-sea", "lake"}:
                return m.label(k), m.label(n)
    raise AssertionError(f"no {country_a}-{country_b} border")


def test_europe_german_zoc_enters_poland_but_not_neutral_switzerland(europe):
    g, p = _land_pair(europe, "Germany", "Poland")
    g2, ch = _land_pair(europe, "Germany", "Switzerland")
    war = [["Germany", "Poland"], ["Germany", "Commonwealth"], ["Germany", "France"]]
    units = [{"id": "a", "type": "ARM", "power": "Germany", "hex": g},
             {"id": "b", "type": "INF", "power": "Germany", "hex": g2}]
    s = load_scenario({"map": "europe", "at_war": war, "units": units}, europe)
    got = set(europe.hexes["label"][zoc.zoc_mask(europe, s, "Poland")])
    assert p in got and g in got and ch not in got


def test_europe_vectorised_mask_matches_unit_by_unit_explanation(europe):
    rng = np.random.default_rng(7)
    h = europe.hexes
    land = h.loc[~h["hex_dot"] & ~h["off_map"], "label"].to_numpy()
    powers = ["Germany", "France", "Commonwealth", "Poland", "USSR", "Italy"]
    units = [{"id": f"u{i}", "type": "INF", "power": powers[i % len(powers)], "hex": str(lab)}
             for i, lab in enumerate(rng.choice(land, 120, replace=False))]
    war = [["Germany", "Poland"], ["Germany", "Commonwealth"], ["Germany", "France"]]
    s = load_scenario({"map": "europe", "at_war": war, "units": units,
                       "weather": {"north-temperate": "snow"}}, europe)
    by_power = zoc.zoc_by_power(europe, s)
    for power, mask in by_power.items():
        expect = set()
        for u in s.units.values():
            if u.power == power:
                expect |= {st.label for st in zoc.explain_zoc(europe, s, u.id) if st.exerted}
        assert set(h["label"][mask]) == expect, power


def test_exerts_zoc_on_a_bare_unit():
    assert zoc.exerts_zoc(Unit("x", "INF", "Germany", hex=("main", 0, 0)))
    assert not zoc.exerts_zoc(Unit("x", "INF", "Germany", sea_area="North Sea"))
    assert not zoc.exerts_zoc(Unit("x", "CV", "Germany", sea_area="North Sea"))
