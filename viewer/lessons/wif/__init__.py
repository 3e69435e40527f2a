"""WiF lessons: the bundled maps they may name (hexes by printed label), the weather of the six
climate zones (WiF 8.1), and two engines reading the step's state: the supply trace of a unit in
a bundled scenario (WiF 2.4) and the range between two hexes (WiF 2.8)."""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from viewer import hexgrid
from viewer.errors import ViewerError
from viewer.lessons.boards import Engine, LessonBoard, close, register_board, register_engine
from viewer.ruleref import RuleRef
from viewer.rules.wif.scenario_io import bundled_scenarios
from viewer.rules.wif.weather import CONDITIONS, ZONES


@lru_cache(maxsize=4)
def _map(name: str):
    from viewer.board import shared_map

    return shared_map(name)


@lru_cache(maxsize=4)
def _labels(name: str) -> frozenset[str]:
    return frozenset(_map(name).hexes["label"].astype(str))




class WifLessonBoard(LessonBoard):
    def boards(self) -> list[str]:
        from viewer.board import bundled_maps

        return sorted(n for n in bundled_maps() if n in ("europe", "wif-world", "demo"))

    def default_board(self) -> str | None:
        return "europe"

    def check_hex(self, board, label):
        labels = _labels(board or "europe")
        if str(label) in labels:
            return None
        return (f"no hex {label!r} on map {board or 'europe'!r}{close(str(label), labels)}",
                "a printed hex label of the map, like 4329")

    def check_place(self, kind, board, at):
        if kind == "zones":
            return (f"WiF ranges count hexes, not sea zones ({at!r})", "a hex label")
        return super().check_place(kind, board, at)

    def check_weather(self, weather):
        if isinstance(weather, str):
            return None if weather in CONDITIONS else (f"unknown weather {weather!r}", list(CONDITIONS))
        if not isinstance(weather, dict):
            return ("weather is a condition or a mapping of climate zone: condition", list(ZONES))
        for zone, cond in weather.items():
            if zone not in ZONES:
                return (f"unknown climate zone {zone!r}{close(str(zone), ZONES)}", list(ZONES))
            if cond not in CONDITIONS:
                return (f"unknown weather {cond!r} in {zone}", list(CONDITIONS))
        return None


register_board("wif", WifLessonBoard())


def _scenario(state: dict[str, Any], board: str | None):
    from viewer.rules.wif.scenario_io import load_scenario

    from viewer.rules.wif.scenario import ScenarioError

    name = state.get("scenario")
    known = bundled_scenarios()
    hexmap = _map(board or "europe")
    try:
        if isinstance(name, dict):       # a scenario written in the lesson (maps/scenarios/README.md)
            scenario = load_scenario({"map": board or "europe", **name}, hexmap, origin="start.scenario")
        elif name in known:
            scenario = load_scenario(known[name].read_bytes(), hexmap, origin=str(name))
        else:
            raise ViewerError("scenario", f"the lesson's state names no bundled scenario ({name!r})",
                              ["a scenario mapping", *sorted(known)])
    except ScenarioError as err:
        raise ViewerError(f"scenario.{err.parameter}", err.message, err.allowed) from None
    weather = state.get("weather")
    if isinstance(weather, dict):
        for zone, cond in weather.items():
            scenario = scenario.with_weather(zone, cond)
    elif isinstance(weather, str):
        for zone in ZONES:
            scenario = scenario.with_weather(zone, weather)
    for uid, piece in (state.get("units") or {}).items():
        # a unit of the state stands where it says: a lesson's move, or the learner's (docs/lessons.md)
        if uid not in scenario.units:
            raise ViewerError(f"units.{uid}", f"no unit {uid!r} in the lesson's scenario{close(uid, scenario.units)}",
                              sorted(scenario.units))
        scenario = scenario.moved(uid, _hex_of(hexmap, str(piece.get("at"))))
    return hexmap, scenario


def scenario_units(state: dict[str, Any], board: str | None) -> dict[str, str]:
    """The land units of the step's scenario on a hex, as ``{id: hex label}`` (where the state's
    ``units`` place them): what "try it yourself" lets the learner move (docs/lessons.md)."""
    hexmap, scenario = _scenario(state, board)
    return {uid: hexmap.label(u.hex) for uid, u in sorted(scenario.units.items()) if u.hex is not None}


def _supply(state: dict[str, Any], board: str | None, unit: str = "") -> dict[str, Any]:
    """The supply of ``unit`` in the step's scenario and weather (WiF 2.4): whether it is in
    supply, and each leg of its chain (kind, where it ends, the hexes it counts, its budget)."""
    from viewer.rules.wif.supply import trace_unit

    hexmap, scenario = _scenario(state, board)
    if unit not in scenario.units:
        raise ViewerError("unit", f"no unit {unit!r} in scenario {state.get('scenario')!r}", sorted(scenario.units))
    r = trace_unit(hexmap, scenario, unit)
    chain = [{"kind": leg.kind, "to": leg.to, "cost": leg.cost, "budget": leg.budget} for leg in r.chain]
    out: dict[str, Any] = {"in_supply": r.in_supply, "chain": chain, "legs": len(chain),
                           "source": chain[-1]["to"] if chain else None,
                           "reason": r.reason.key if r.reason is not None else None}
    if r.reason is not None:
        out["budget"] = r.reason.params.get("budget")
    return out


def _zoc(state: dict[str, Any], board: str | None, unit: str = "") -> dict[str, Any]:
    """Where ``unit``'s zone of control reaches among its own and the adjacent hexes, and why it
    does not reach the others (WiF 2.2): ``reaches`` (labels), ``blocked`` (label -> reason)."""
    from viewer.rules.wif import zoc

    hexmap, scenario = _scenario(state, board)
    if unit not in scenario.units:
        raise ViewerError("unit", f"no unit {unit!r} in the lesson's scenario", sorted(scenario.units))
    steps = zoc.explain_zoc(hexmap, scenario, unit)
    return {"reaches": sorted(st.label for st in steps if st.exerted),
            "blocked": {st.label: str(st.reason).rsplit(".", 1)[-1] for st in steps if not st.exerted}}


def _touches(state: dict[str, Any], board: str | None, place: str = "") -> dict[str, Any]:
    """The hexes a hex or named place touches, by kind of link (WiF 2.1.1): across a ``hexside``,
    ``off-map`` (an off-map hex's map-edge hexes), ``large-hex-dot`` ... as printed labels."""
    hexmap = _map(board or "europe")
    key = _hex_of(hexmap, place)
    out: dict[str, list[str]] = {}
    for k, kind in hexmap.neighbor_edges(key):
        out.setdefault(kind, []).append(hexmap.label(k))
    return {"touches": {kind: sorted(v) for kind, v in sorted(out.items())},
            "off_map": bool(hexmap.hex(key).get("off_map")), "counts": {k: len(v) for k, v in sorted(out.items())}}


def _hex_of(hexmap, place: str) -> tuple[str, int, int]:
    h = hexmap.hexes
    row = h[h["label"].astype(str) == str(place)]
    if row.empty:
        f = hexmap.features
        row = f[f["name"] == str(place)]
    if row.empty:
        names = sorted(set(hexmap.features["name"].dropna()))
        raise ViewerError("place", f"no hex or named place {place!r} on map {hexmap.name!r}{close(place, names)}",
                          names[:40])
    r = row.iloc[0]
    return str(r["sheet"]), int(r["q"]), int(r["r"])


def _range(state: dict[str, Any], board: str | None, a: str = "", b: str = "") -> dict[str, Any]:
    """The range from ``a`` to ``b`` in hexes: the last hex counts, the first does not (WiF 2.8)."""
    hexmap = _map(board or "europe")
    sa, qa, ra = _hex_of(hexmap, a)
    sb, qb, rb = _hex_of(hexmap, b)
    if sa != sb:
        raise ViewerError("b", f"{a} and {b} lie on different sheets ({sa}, {sb})", [sa])
    return {"hexes": int(hexgrid.distance((qa, ra), (qb, rb)))}


register_engine(Engine("wif.supply", ("unit",), (RuleRef("wif", "2.4"), RuleRef("wif", "2.4.2")), _supply,
                       "a unit's supply line in the step's scenario and weather (WiF 2.4)"))
register_engine(Engine("wif.zoc", ("unit",), (RuleRef("wif", "2.2"),), _zoc,
                       "where a unit's zone of control reaches, and why not elsewhere (WiF 2.2)"))
register_engine(Engine("wif.touches", ("place",), (RuleRef("wif", "2.1.1"),), _touches,
                       "the hexes a hex or place touches, and how (WiF 2.1.1)"))
register_engine(Engine("wif.range", ("a", "b"), (RuleRef("wif", "2.8"),), _range,
                       "the range in hexes between two hexes or named places (WiF 2.8)"))
