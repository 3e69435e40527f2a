"""Supply after a move (WiF 2.4): the verdicts computed from the state kept since the last trace
(political state, unit table, each group's searches) equal a cold recomputation, move after move.

The moves put units into enemy and friendly home countries, so that some change the hexes enemy
ZOC shuts for the other side (the kept searches of its groups are redone) and some do not (they
are reused); both happen in the sequence, which the test checks too.
"""
import numpy as np
import pytest

from viewer.board import load_map
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.supply import reach, state, trace_all, units

PLACES = [("Germany", "Germany"), ("Germany", "Poland"), ("Germany", "France"), ("Commonwealth", "France"),
          ("Commonwealth", "United Kingdom"), ("Commonwealth", "Egypt"), ("Italy", "Italy"), ("Italy", "Libya"),
          ("France", "France"), ("France", "Algeria"), ("USSR", "USSR"), ("Poland", "Poland")]
DESTINATIONS = ["Germany", "Poland", "France", "United Kingdom", "Italy", "USSR", "Libya", "Egypt", "Spain"]


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


def _scenario(hexmap, n, seed):
    land = hexmap.hexes[~hexmap.hexes["hex_dot"]]
    rng = np.random.default_rng(seed)
    out = []
    for i in range(n):
        power, country = PLACES[int(rng.integers(len(PLACES)))]
        labels = land.loc[land["country"] == country, "label"].tolist()
        utype = "HQ-I" if i % 10 == 0 else "INF"
        out.append({"id": f"u{i}", "type": utype, "power": power, "hex": str(rng.choice(labels))})
    out.append({"id": "ge-bb", "type": "BB", "power": "Germany", "sea_area": "North Sea", "section": 1})
    return load_scenario({"map": hexmap.name, "name": "moves", "at_war": [["axis", "allies"]], "units": out},
                         hexmap)


def _cold(hexmap, scenario):
    """Verdicts with nothing kept for the map (the kept state put back afterwards)."""
    kept_state, kept_units = state._CACHE.pop(hexmap, None), units._LAST.pop(hexmap, None)
    try:
        return {k: r.in_supply for k, r in trace_all(hexmap, scenario).items()}
    finally:
        state._CACHE.pop(hexmap, None)
        units._LAST.pop(hexmap, None)
        if kept_state is not None:
            state._CACHE[hexmap] = kept_state
        if kept_units is not None:
            units._LAST[hexmap] = kept_units


@pytest.mark.parametrize("seed", [3, 11])
def test_verdicts_after_each_move_equal_a_cold_recomputation(europe, seed, monkeypatch):
    built = []
    plain_init = reach.GroupReach.__init__

    def counting(self, *args, **kwargs):
        built.append(1)
        plain_init(self, *args, **kwargs)
    monkeypatch.setattr(reach.GroupReach, "__init__", counting)

    s = _scenario(europe, 90, seed)
    trace_all(europe, s)
    rng = np.random.default_rng(seed + 100)
    land = europe.hexes[~europe.hexes["hex_dot"]]
    movable = [u.id for u in s.units.values() if u.hex is not None]
    reused = redone = 0
    for _ in range(14):
        uid = movable[int(rng.integers(len(movable)))]
        where = land[land["country"] == DESTINATIONS[int(rng.integers(len(DESTINATIONS)))]]
        row = where.iloc[int(rng.integers(len(where)))]
        s = s.moved(uid, (row["sheet"], int(row["q"]), int(row["r"])))
        built.clear()
        after = {k: r.in_supply for k, r in trace_all(europe, s).items()}
        groups = len({(u.power, u.home) for u in s.units.values() if u.hex is not None})
        reused += len(built) < groups
        redone += len(built) > 0
        assert after == _cold(europe, s)
    assert reused and redone       # the sequence exercised both the kept searches and new ones
