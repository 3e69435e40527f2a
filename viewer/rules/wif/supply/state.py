"""What a move does not change: the scenario's politics, control and weather, kept between traces.

A supply recomputation after a unit moves (WiF 2.4) needs the units' positions afresh (ZOC, friendly
land units, HQs, ships in sea areas), but who controls each hex (WiF 2.5), who is at war, neutral or
cooperating (WiF 9, 18.1), the effective weather and leg budgets (WiF 8.2.1, 8.2.2) and what each
power may enter on those grounds are the same as before. :func:`static_state` keeps them per map,
keyed by the *value* of every scenario field except the units (a small LRU): a changed field gives
a new key, so nothing stale is ever read.
"""
from __future__ import annotations

import weakref
from collections import OrderedDict

import numpy as np

from viewer.rules.wif.supply.graph import MapGraph, map_graph
from viewer.rules.wif.weather import BLIZZARD, DESERT_SHIFT, SNOW
from viewer.rules.wif.weather_effects import SUPPLY_RANGE

FROZEN = (SNOW, BLIZZARD)
#: How many distinct political/weather states are kept per map.
CACHE_SIZE = 8
_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


class Politics:
    """Relations of one scenario, memoised per pair of powers (the scenario methods walk sets)."""

    def __init__(self, scenario):
        self.s = scenario
        self._war, self._coop, self._friend, self._neutral = {}, {}, {}, {}

    @property
    def s(self):
        """The scenario asked (held weakly: kept states must not keep scenarios and maps alive)."""
        return self._s()

    @s.setter
    def s(self, scenario):
        self._s = weakref.ref(scenario)

    def war(self, a, b) -> bool:
        k = (a, b)
        if k not in self._war:
            self._war[k] = bool(self.s.at_war_with(a, b))
        return self._war[k]

    def coop(self, a, b) -> bool:
        k = (a, b)
        if k not in self._coop:
            if a is None or b is None:
                out = False
            elif not self.s.cooperation:
                # with no cooperation pairs, Scenario.cooperates reduces to "the same major power"
                out = a == b or (self.s.major_of(a) or a) == (self.s.major_of(b) or b)
            else:
                out = self.s.cooperates(a, b)
            self._coop[k] = bool(out)
        return self._coop[k]

    def neutral(self, p) -> bool:
        if p not in self._neutral:
            self._neutral[p] = bool(self.s.is_neutral(p))
        return self._neutral[p]

    def friendly(self, a, b) -> bool:
        """``b`` is on ``a``'s side: the same power, cooperating, or the same side and not neutral."""
        k = (a, b)
        if k not in self._friend:
            if a is None or b is None:
                out = False
            elif a == b or self.coop(a, b):
                out = True
            else:
                sa, sb = self.s.side_of(a), self.s.side_of(b)
                out = sa is not None and sa == sb and not self.war(a, b) and not self.neutral(b)
            self._friend[k] = out
        return self._friend[k]


def fingerprint(scenario) -> tuple:
    """Every scenario field except the units, as a hashable value."""
    s = scenario
    return (frozenset(s.at_war), frozenset(s.neutral), frozenset(s.cooperation), frozenset(s.conquered),
            frozenset(s.aligned.items()), frozenset(s.sides.items()), frozenset(s.control.items()),
            frozenset(s.weather.items()), frozenset(s.options.items()),
            frozenset(tuple(k) for k in (s.held_by_enemy_this_turn or ())))


class Static:
    """Control, weather, budgets and relations of one scenario state on one map (no units)."""

    def __init__(self, hexmap, scenario):
        g = map_graph(hexmap)
        self.politics = Politics(scenario)
        self.control, self.ctrl_names, self.ctrl_inv = control_codes(g, scenario)
        zones = [scenario.zone_weather(z) for z in g.zone_names.tolist()] + ["fine"]
        desert = [DESERT_SHIFT.get(w, w) for w in zones]
        zi = g.zone_inv

        def per_hex(values, dtype):
            plain, shifted = np.array(values[0], dtype=dtype), np.array(values[1], dtype=dtype)
            return np.where(g.desert, shifted[zi], plain[zi])
        self.weather = per_hex((zones, desert), object)
        self.budget = per_hex(([SUPPLY_RANGE[w] for w in zones], [SUPPLY_RANGE[w] for w in desert]), np.int64)
        self.frozen = per_hex(([w in FROZEN for w in zones], [w in FROZEN for w in desert]), bool)
        self.country = np.append(g.country_names, "")[g.country_inv]   # '' where no country
        self.memo: dict = {}     # per power / group / sea-area state, filled by the modules that use it

    def get(self, key, build):
        """``memo[key]``, built by ``build()`` the first time."""
        if key not in self.memo:
            self.memo[key] = build()
        return self.memo[key]


def static_state(hexmap, scenario) -> Static:
    """The :class:`Static` of ``scenario`` on ``hexmap``, shared by traces of the same state."""
    if getattr(scenario, "hexmap", None) is not hexmap:
        return Static(hexmap, scenario)   # built without this map (its politics differ): not kept
    key = fingerprint(scenario)
    per_map = _CACHE.get(hexmap)
    if per_map is None:
        per_map = _CACHE[hexmap] = OrderedDict()
    if key in per_map:
        per_map.move_to_end(key)
        out = per_map[key]
        out.politics.s = scenario   # same answers (same key); the earlier scenario may be gone
        return out
    out = per_map[key] = Static(hexmap, scenario)
    while len(per_map) > CACHE_SIZE:
        per_map.popitem(last=False)
    return out


def control_codes(g: MapGraph, scenario):
    """Who controls each hex (WiF 2.5: ``scenario.control_array``), the distinct controllers ('' for
    none) and each hex's index into them."""
    by_country = [scenario.country_controller(c) for c in g.country_names.tolist()] + [None]
    overrides = [(g.row_of.get(tuple(k)), p) for k, p in scenario.control.items()]
    overrides = [(r, p) for r, p in overrides if r is not None]
    names = sorted({c or "" for c in by_country} | {p or "" for _, p in overrides})
    code = {c: i for i, c in enumerate(names)}
    ctrl = np.array(by_country, dtype=object)[g.country_inv]
    inv = np.array([code[c or ""] for c in by_country], dtype=np.int64)[g.country_inv]
    for r, p in overrides:
        ctrl[r] = p
        inv[r] = code[p or ""]
    return ctrl, np.array(names, dtype=str), inv
