"""Searches over the part of the map a power's lines may reach (WiF 2.4.2: a line enters only
hexes it may enter) give the same distances as over the whole map: for every power of a scenario,
both kinds of leg, both directions, plain and with starting offsets, sources inside and outside
the part (a unit in a hex no line of its power may enter)."""
import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.supply import legs
from viewer.rules.wif.supply.context import scenario_arrays, side_view
from viewer.rules.wif.supply.result import BASIC, RAIL


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


@pytest.fixture(scope="module")
def scenario(europe):
    land = europe.hexes[~europe.hexes["hex_dot"]]
    places = [("Germany", "Poland"), ("Germany", "Germany"), ("Poland", "Poland"), ("France", "France"),
              ("Commonwealth", "United Kingdom"), ("Commonwealth", "France")]
    units = [{"id": f"u{i}", "type": "INF", "power": power,
              "hex": land.loc[land["country"] == country, "label"].iloc[7 * i]}
             for i, (power, country) in enumerate(places)]
    return load_scenario({"map": "europe", "name": "part", "at_war": [["axis", "allies"]], "units": units}, europe)


def _same(a, b):
    """The same distances (rail steps weigh EPS: sums may differ in the last bits) and the same
    rule costs, which is what the engine reads."""
    np.testing.assert_allclose(a, b, rtol=0, atol=1e-9)
    np.testing.assert_array_equal(legs.rule_cost(a), legs.rule_cost(b))


def _without_part(matrix):
    plain = object.__new__(type(matrix))
    plain.__dict__.update({k: v for k, v in matrix.__dict__.items() if k != "part"})
    return plain


@pytest.mark.parametrize("power", ["Poland", "Germany", "France", "Commonwealth"])
@pytest.mark.parametrize("kind", [BASIC, RAIL])
def test_part_searches_equal_whole_map_searches(europe, scenario, power, kind):
    arrays = scenario_arrays(europe, scenario)
    side = side_view(europe, scenario, power, arrays)
    part = side.memo["part"]
    assert 0 < len(part.rows) < side.graph.n          # the part leaves hexes out
    rng = np.random.default_rng(5)
    inside = rng.choice(part.rows, 6, replace=False)
    outside = rng.choice(np.flatnonzero(part.pos < 0), 3, replace=False)
    sources = np.sort(np.concatenate([inside, outside]))
    for matrix in (side.reverse(kind), side.matrix[kind]):
        assert getattr(matrix, "part", None) is not None
        whole = _without_part(matrix)
        _same(legs.nearest(matrix, sources, 6), legs.nearest(whole, sources, 6))
        offsets = rng.integers(0, 4, len(sources)).astype(float)
        _same(legs.nearest(matrix, sources, 6, offsets), legs.nearest(whole, sources, 6, offsets))
        many = np.arange(len(sources), dtype=float) * 0.5           # more than 8 distinct offsets
        _same(legs.nearest(matrix, sources, 6, many), legs.nearest(whole, sources, 6, many))
        out = legs.nearest(matrix, outside, 6)                     # each reaches only itself
        assert np.isfinite(out).sum() == len(outside) and (out[outside] == 0).all()
