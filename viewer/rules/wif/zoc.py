"""World in Flames zones of control (WiF 2.2), vectorised over the map's adjacency.

A land unit exerts ZOC in its own hex and into the adjacent hexes (WiF 2.2), except:

* naval and air units exert none, not even in their own hex; units invading (WiF 11.14) or
  paradropping (WiF 11.15) this impulse have none; supply units have none (MiF option 6, the
  only rule that brings them in);
* partisans (WiF 13.1) and, with AsA/MiF options 2 & 3 (``divisions``), divisions, artillery and
  engineers (MiF divisions, WiF 22.4.1) exert it only in their own hex;
* face-down units keep their ZOC: the rule names no exception for them;
* none into or from an off-map hex (a unit in an off-map hex exerts none, not even in its own
  hex, the digest's reading), none into a hex-dot, none across an alpine, all-sea or strait
  hexside, none across a lake hexside unless frozen (both hexes in Snow or Blizzard, WiF 8.2.9)
  and none into an unfrozen lake hex (the rule's "lakes" read as both hexsides and hexes);
* none into a hex controlled by a power of the other side the unit is not at war with, nor by a
  neutral power (WiF 9.1); a power at war with the unit's is never neutral towards it (so
  Finnish ZOC reaches Soviet hexes in the Winter War, Ex. 2.5-3);
* option 4 (``zoc_hq_or_two_corps``): into an Asian or Pacific map hex (with ``afa_asa_maps``
  also African and Scandinavian) only from a hex holding an HQ or two other corps or armies of
  the side (read for the target hex; the text is unclear, digest ambiguity 8).

The map's adjacency (each sheet's hexsides plus the extra edges, WiF 2.1.1) is built once per
map as numpy edge arrays with the blocking hexside features; every call then works on arrays.
Reason codes (``zoc.reason.*`` in the label catalogue) explain each hex a unit does not reach.
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass, field, replace

import numpy as np
import pandas as pd

from viewer import hexgrid
from viewer.board import tables as T
from viewer.ruleref import RuleRef
from viewer.rules.wif.scenario import Scenario, Unit

R_ZOC = RuleRef("wif", "2.2")
R_FROZEN = RuleRef("wif", "8.2.9")
R_NEUTRAL = RuleRef("wif", "9.1")

NONE, OWN, ADJACENT = 0, 1, 2
#: Map classes where option 4 applies (WiF 2.2), and those added by AfA/AsA option 1.
OPTION4_MAPS = ("asian", "pacific")
OPTION4_MAPS_OPT1 = ("african", "scandinavian")
BLOCKING_FEATURES = ("alpine", "all-sea", "strait")


@dataclass(frozen=True)
class Adjacency:
    """Directed edges of a map (both directions of every adjacency) with their hexside features."""

    src: np.ndarray
    dst: np.ndarray
    kind: np.ndarray      # "hexside" or the extra edge's kind
    features: dict         # feature -> bool array over edges
    rows: dict             # hex key (sheet, q, r) -> row of hexmap.hexes
    columns: dict          # hex attribute -> numpy array (label, terrain, flags, map_class)

    def feature(self, name: str) -> np.ndarray:
        return self.features.get(name, np.zeros(len(self.src), dtype=bool))


_CACHE: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def adjacency(hexmap) -> Adjacency:
    """The map's edge arrays, built once per map object (WiF 2.1.1 adjacency)."""
    try:
        return _CACHE[hexmap]
    except KeyError:
        pass
    h = hexmap.hexes
    sheets = list(hexmap.sheets)
    scode = T.sheet_codes(sheets, h["sheet"])
    q, r = h["q"].to_numpy(), h["r"].to_numpy()
    index = pd.Index(T.encode_keys(scode, q, r))
    n = len(h)
    nq, nr = hexgrid.neighbor_arrays(q, r)
    pos = index.get_indexer(T.encode_keys(np.repeat(scode, 6), nq.ravel(), nr.ravel()))
    src = np.repeat(np.arange(n), 6)
    keep = pos >= 0
    src, dst = src[keep], pos[keep]
    kind = np.full(len(src), "hexside", dtype=object)
    e = hexmap.extra_edges
    if len(e):
        a = index.get_indexer(_codes(sheets, e, "_a"))
        b = index.get_indexer(_codes(sheets, e, "_b"))
        ok = (a >= 0) & (b >= 0)
        k = e["kind"].to_numpy(dtype=object)[ok]
        src = np.concatenate([src, a[ok], b[ok]])
        dst = np.concatenate([dst, b[ok], a[ok]])
        kind = np.concatenate([kind, k, k])
    pair = src.astype(np.int64) * n + dst
    _, first = np.unique(pair, return_index=True)
    first.sort()
    src, dst, kind = src[first], dst[first], kind[first]
    lo, hi = np.minimum(src, dst), np.maximum(src, dst)
    edge_ids = lo.astype(np.int64) * n + hi
    features = {}
    hs = hexmap.hexsides
    if len(hs):
        a = index.get_indexer(_codes(sheets, hs, "_a"))
        b = index.get_indexer(_codes(sheets, hs, "_b"))
        ids = np.minimum(a, b).astype(np.int64) * n + np.maximum(a, b)
        feat = hs["feature"].to_numpy(dtype=object)
        for name in pd.unique(feat):
            features[str(name)] = np.isin(edge_ids, ids[(feat == name) & (a >= 0) & (b >= 0)])
    rows = {k: i for i, k in enumerate(zip(h["sheet"].tolist(), q.tolist(), r.tolist()))}
    columns = {c: h[c].to_numpy(dtype=object if c in ("label", "terrain", "map_class") else bool)
               for c in ("label", "terrain", "map_class", "off_map", "hex_dot", "coastal", "port", "city")}
    out = Adjacency(src, dst, kind, features, rows, columns)
    _CACHE[hexmap] = out
    return out


def _codes(sheets, df, end):
    return T.encode_keys(T.sheet_codes(sheets, df["sheet" + end]), df["q" + end], df["r" + end])


# ------------------------------------------------------------------ which units exert ZOC
def zoc_reach(unit: Unit, options: dict | None = None) -> int:
    """``NONE``, ``OWN`` (own hex only) or ``ADJACENT`` for a unit by its kind (WiF 2.2)."""
    options = options or {}
    if not unit.is_land or unit.hex is None:
        return NONE
    if unit.invading or unit.paradropping or unit.type == "SUPPLY":
        return NONE
    if unit.type == "PARTISAN" or (options.get("divisions") and unit.is_division):
        return OWN
    return ADJACENT


def exerts_zoc(unit: Unit, options: dict | None = None) -> bool:
    """Whether ``unit`` exerts any ZOC at all (WiF 2.2; off-map hexes are checked on the map)."""
    return zoc_reach(unit, options) != NONE


def unit_reason(unit: Unit, options: dict | None = None) -> str | None:
    """Why a unit exerts no ZOC into adjacent hexes (a ``zoc.reason.*`` code), or None."""
    options = options or {}
    if not unit.is_land:
        return "zoc.reason.naval_air"
    if unit.hex is None:
        return "zoc.reason.at_sea"
    if unit.invading or unit.paradropping:
        return "zoc.reason.landing"
    if unit.type == "SUPPLY":
        return "zoc.reason.supply_unit"
    if unit.type == "PARTISAN":
        return "zoc.reason.partisan"
    if options.get("divisions") and unit.is_division:
        return "zoc.reason.division"
    return None


# ------------------------------------------------------------------ the map side
@dataclass(frozen=True)
class _Context:
    adj: Adjacency
    edge_open: np.ndarray      # hexside and target-hex exclusions that do not depend on powers
    off_map: np.ndarray
    option4: np.ndarray | None  # per hex: option 4 applies to ZOC into it
    control: np.ndarray
    pos: dict                  # unit id -> row
    controllers: np.ndarray    # the distinct controllers (None included)
    control_index: np.ndarray  # per hex: index into controllers
    permitted: dict = field(default_factory=dict, compare=False)  # (power, controller index) -> bool
    out_order: np.ndarray = field(kw_only=True)  # edge ids sorted by their source hex
    out_start: np.ndarray = field(kw_only=True)  # per hex: where its edges start in out_order (n + 1)

    def edges_from(self, rows: np.ndarray) -> np.ndarray:
        """Ids of the edges leaving ``rows`` (distinct hex rows)."""
        start, stop = self.out_start[rows], self.out_start[rows + 1]
        counts = stop - start
        if counts.sum() == 0:
            return np.zeros(0, dtype=np.int64)
        offsets = np.repeat(start - np.concatenate([[0], np.cumsum(counts)[:-1]]), counts)
        return self.out_order[np.arange(counts.sum()) + offsets]


def zoc_context(hexmap, scenario: Scenario, weather=None, control=None, control_codes=None) -> _Context:
    """What :func:`zoc_by_power` needs besides the units: hexsides and hexes closed by the map and
    the weather, option 4's hexes, the controllers. Reusable (``context=``) for scenarios that differ
    from ``scenario`` only in their units, as after a move: a pure time saving. ``control_codes``:
    the distinct controllers of ``control`` ('' for none) and each hex's index into them, if known."""
    return _context(hexmap, scenario, weather, control, codes=control_codes)


def _context(hexmap, scenario: Scenario, weather=None, control=None, base: _Context | None = None,
             pos: dict | None = None, codes=None) -> _Context:
    from viewer.rules.wif.weather_effects import lake_frozen

    adj = adjacency(hexmap)
    if pos is None:
        pos = {u.id: adj.rows[tuple(u.hex)] for u in scenario.units.values()
               if u.hex is not None and tuple(u.hex) in adj.rows}
    if base is not None:
        return replace(base, pos=pos)
    cols = adj.columns
    off_map, hex_dot = cols["off_map"], cols["hex_dot"]
    if weather is None:
        weather = scenario.weather_array(hexmap, effective=True)
    snowy = np.isin(weather, ("snow", "blizzard"))
    lake_hex = cols["terrain"] == "lake"
    frozen_hex = np.isin(weather, [w for w in ("fine", "rain", "snow", "storm", "blizzard") if lake_frozen(w)])
    blocked = np.zeros(len(adj.src), dtype=bool)
    for f in BLOCKING_FEATURES:
        blocked |= adj.feature(f)
    blocked |= adj.feature("lake") & ~(snowy[adj.src] & snowy[adj.dst])
    target_bad = hex_dot | off_map | (lake_hex & ~frozen_hex)
    edge_open = ~blocked & ~target_bad[adj.dst] & ~off_map[adj.src]
    option4 = None
    if scenario.option("zoc_hq_or_two_corps"):
        classes = OPTION4_MAPS + (OPTION4_MAPS_OPT1 if scenario.option("afa_asa_maps") else ())
        option4 = np.isin(cols["map_class"], classes)
    if control is None:
        control = scenario.control_array(hexmap)
    if codes is None:
        names, index = np.unique(np.where(pd.isna(control), "", control).astype(str), return_inverse=True)
    else:
        names, index = codes
    controllers = np.array([n or None for n in names], dtype=object)
    order = np.argsort(adj.src, kind="stable")
    start = np.searchsorted(adj.src[order], np.arange(len(off_map) + 1))
    return _Context(adj, edge_open, off_map, option4, control, pos, controllers, index,
                    out_order=order, out_start=start)


def _permitted(scenario: Scenario, power: str, ctx: "_Context", rows=None) -> np.ndarray:
    """Per hex: may ``power``'s units exert ZOC into a hex with that controller (WiF 2.2, 9.1)?

    ``rows``: only these hexes are asked about (the others answer False), so only their
    controllers are looked up."""
    if rows is None:
        ok = np.array([_target_reason(scenario, power, c) is None for c in ctx.controllers], dtype=bool)
        return ok[ctx.control_index]
    out = np.zeros(len(ctx.control_index), dtype=bool)
    out[rows] = _permitted_at(scenario, power, ctx, rows)
    return out


def _permitted_at(scenario: Scenario, power: str, ctx: "_Context", rows: np.ndarray) -> np.ndarray:
    """:func:`_permitted` for ``rows`` only (one value per row), controllers memoised per state."""
    ok = np.zeros(len(ctx.controllers), dtype=bool)
    memo = ctx.permitted
    codes = ctx.control_index[rows]
    for i in set(codes.tolist()):
        if (power, i) not in memo:
            memo[(power, i)] = _target_reason(scenario, power, ctx.controllers[i]) is None
        ok[i] = memo[(power, i)]
    return ok[codes]


def _target_reason(scenario: Scenario, power: str, controller: str | None) -> str | None:
    if controller is None or controller == power or scenario.at_war_with(power, controller):
        return None
    if scenario.is_neutral(controller):
        return "zoc.reason.neutral"
    same = scenario.side_of(power) is not None and scenario.side_of(power) == scenario.side_of(controller)
    return None if same else "zoc.reason.not_at_war"


def _support(scenario: Scenario, ctx: _Context, n: int, side) -> np.ndarray:
    """Option 4: hexes holding an HQ or two other corps/armies of ``side`` (WiF 2.2)."""
    hq = np.zeros(n, dtype=np.int64)
    corps = np.zeros(n, dtype=np.int64)
    for u in scenario.units.values():
        if u.id in ctx.pos and u.is_land and scenario.side_of(u.power) == side:
            if u.is_hq:
                hq[ctx.pos[u.id]] += 1
            elif not u.is_division and u.type not in ("SUPPLY", "PARTISAN"):
                corps[ctx.pos[u.id]] += 1
    return (hq >= 1) | (corps >= 2)


def zoc_by_power(hexmap, scenario: Scenario, *, weather=None, control=None,
                 context: _Context | None = None, positions: dict | None = None) -> dict[str, np.ndarray]:
    """For each power with units on the map, the hexes in its units' ZOC (bool arrays, WiF 2.2).

    ``weather`` and ``control``: the scenario's ``weather_array(hexmap, effective=True)`` and
    ``control_array(hexmap)`` when the caller has them already (the supply engine does);
    ``context``: a :func:`zoc_context` of a scenario that differs from this one only in its units;
    ``positions``: unit id -> row of ``hexmap.hexes`` for every unit on the map, if known
    (:func:`viewer.rules.wif.supply.zocs.zoc_all_powers` does all powers in one pass)."""
    ctx = _context(hexmap, scenario, weather, control, base=context, pos=positions)
    n = len(hexmap.hexes)
    adj = ctx.adj
    by_power: dict[str, list[tuple[int, int]]] = {}
    for u in scenario.units.values():
        if u.id in ctx.pos and not ctx.off_map[ctx.pos[u.id]]:
            reach = zoc_reach(u, scenario.options)
            if reach != NONE:
                by_power.setdefault(u.power, []).append((ctx.pos[u.id], reach))
    out = {}
    for power, members in by_power.items():
        mask = np.zeros(n, dtype=bool)
        mask[[row for row, _ in members]] = True
        # the open edges leaving the hexes of units that exert ZOC into adjacent hexes
        edges = ctx.edges_from(np.unique([row for row, reach in members if reach == ADJACENT]).astype(np.int64))
        edges = edges[ctx.edge_open[edges]]
        dst = adj.dst[edges]
        ok = _permitted_at(scenario, power, ctx, dst)
        if ctx.option4 is not None:
            ok &= ~ctx.option4[dst] | _support(scenario, ctx, n, scenario.side_of(power))[adj.src[edges]]
        mask[dst[ok]] = True
        out[power] = mask
    return out


def zoc_mask(hexmap, scenario: Scenario, against: str) -> np.ndarray:
    """Hexes in an enemy ZOC for units of power ``against`` (aligned with ``hexmap.hexes``).

    The enemies are the powers at war with ``against`` (WiF 9.2 through alignment); supply lines
    may not enter these hexes unless a friendly land unit is there (WiF 2.4.2).
    """
    mask = np.zeros(len(hexmap.hexes), dtype=bool)
    for power, m in zoc_by_power(hexmap, scenario).items():
        if scenario.at_war_with(power, against):
            mask |= m
    return mask


def zoc_by_side(hexmap, scenario: Scenario) -> dict[str, np.ndarray]:
    """The ZOC of each side's units (``axis``, ``allies``; unaligned minors under their own name):
    the map overlay per side."""
    out: dict[str, np.ndarray] = {}
    for power, m in zoc_by_power(hexmap, scenario).items():
        side = scenario.side_of(power) or power
        out[side] = out[side] | m if side in out else m.copy()
    return out


@dataclass(frozen=True)
class ZocStep:
    """One hex a unit's ZOC reaches or not, with the reason code when not (for the views)."""

    label: str
    exerted: bool
    reason: str | None
    rule: RuleRef = R_ZOC


def explain_zoc(hexmap, scenario: Scenario, unit_id: str) -> list[ZocStep]:
    """The unit's own hex and each adjacent hex: whether its ZOC reaches it, and why not (WiF 2.2)."""
    unit = scenario.units[unit_id]
    ctx = _context(hexmap, scenario)
    labels = hexmap.hexes["label"]
    if unit.id not in ctx.pos:
        return []
    p = ctx.pos[unit.id]
    reason = unit_reason(unit, scenario.options)
    if ctx.off_map[p]:
        reason = "zoc.reason.off_map"
    own_ok = zoc_reach(unit, scenario.options) != NONE and not ctx.off_map[p]
    steps = [ZocStep(str(labels.iat[p]), own_ok, None if own_ok else reason)]
    adj = ctx.adj
    for e in np.flatnonzero(adj.src == p):
        d = int(adj.dst[e])
        why = reason or _edge_reason(hexmap, scenario, ctx, e, d, unit)
        rule = R_FROZEN if why == "zoc.reason.lake" else (R_NEUTRAL if why == "zoc.reason.neutral" else R_ZOC)
        steps.append(ZocStep(str(labels.iat[d]), why is None, why, rule))
    return steps


def _edge_reason(hexmap, scenario, ctx, e, d, unit) -> str | None:
    h = hexmap.hexes
    adj = ctx.adj
    if h["off_map"].iat[d]:
        return "zoc.reason.off_map"
    if h["hex_dot"].iat[d]:
        return "zoc.reason.hex_dot"
    for f in ("alpine", "strait", "all-sea"):
        if adj.feature(f)[e]:
            return "zoc.reason." + f.replace("-", "_")
    if not ctx.edge_open[e]:
        return "zoc.reason.lake"
    why = _target_reason(scenario, unit.power, ctx.control[d])
    if why:
        return why
    if ctx.option4 is not None and ctx.option4[d]:
        if not _support(scenario, ctx, len(h), scenario.side_of(unit.power))[adj.src[e]]:
            return "zoc.reason.option4"
    return None


__all__ = ["ADJACENT", "Adjacency", "NONE", "OWN", "ZocStep", "adjacency", "explain_zoc", "exerts_zoc",
           "unit_reason", "zoc_by_power", "zoc_by_side", "zoc_context", "zoc_mask", "zoc_reach"]
