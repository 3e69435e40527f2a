"""The static supply graph of a map (WiF 2.4.2): hex adjacency as edge arrays with hexside flags.

Built once per :class:`~viewer.board.HexMap` and cached (a weak reference per map object): the
scenario-dependent parts (enemy ZOC, control, weather, frozen lakes) are masks applied to these
arrays by :mod:`viewer.rules.wif.supply.context`, never a rebuild.

* Edges: each sheet's own hexsides between existing hexes plus the map's extra edges (map joins,
  lines of communication, off-map links; WiF 2.1.1), both directions.
* Per edge: the hexside features of WiF 2.1.1 (alpine, lake, all-sea, strait, rail, road).
* Per hex: the entering cost of WiF 2.4.2 / 8.2.2 without options (1 on the European map, 2 on
  the Asian and Pacific maps, 4 off-map, +1 desert), land or hex-dot, port, coastal, city,
  freezable port (WiF 8.2.10), climate zone, and the sea areas a hex opens on (for overseas
  supply: a port's own sea area plus the sea areas of the hex-dots next to the hex).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import Any, cast

import numpy as np
import pandas as pd
from scipy.sparse import csr_matrix

from viewer import hexgrid
from viewer.board import tables as T
from viewer.rules.wif.weather import is_desert

#: Hexside features the supply rules read (WiF 2.4.2, 2.1.1).
EDGE_FEATURES = ("alpine", "lake", "all-sea", "strait", "rail", "road")
#: Map classes whose hexes count 2 (WiF 8.2.2); AfA/AsA option 1 adds the Scandinavian and African.
DOUBLE_COST = ("asian", "pacific")
OPTION_1_DOUBLE_COST = ("scandinavian", "african")
OFF_MAP_COST = 4

_CACHE: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


@dataclass(eq=False)
class MapGraph:
    """Arrays describing one map for supply tracing; rows align with ``hexmap.hexes``."""

    n: int
    src: np.ndarray            # int32, directed edges (both directions of each adjacency)
    dst: np.ndarray
    feature: dict              # feature name -> bool array per edge
    labels: np.ndarray         # printed hex labels (str)
    land: np.ndarray           # not a hex-dot (land legs may enter; WiF 2.1.1)
    off_map: np.ndarray
    desert: np.ndarray
    map_class: np.ndarray      # str
    zone: np.ndarray           # climate zone per hex (str, '' when none)
    terrain: np.ndarray
    coastal: np.ndarray
    port: np.ndarray
    city: np.ndarray
    freezable: np.ndarray      # a port that can freeze (WiF 8.2.10)
    has_rail: np.ndarray       # a rail hexside touches the hex
    sea_areas: list            # names of the map's sea areas
    hex_area: np.ndarray       # (k, 2) pairs (hex row, sea-area index): where a line may put to sea
    strait_area: np.ndarray    # per edge: sea-area index of a strait hexside (-1 otherwise)
    area_edges: pd.DataFrame   # sea-area adjacency: a, b (indices), via (chokepoint name or None)
    port_names: dict           # hex row -> port name
    city_names: dict           # hex row -> city name
    passages: list             # chokepoints (WiF 11.4.4): (area a, area b, name, test, place rows)
    capital_rows: dict         # capital name -> hex row (WiF 2.4.2 secondary sources)
    rail_free: np.ndarray      # per edge: a rail leg enters for nothing (railway, road, railed strait)
    row_of: dict               # hex key (sheet, q, r) -> row
    zone_names: np.ndarray     # distinct climate zones; zone_inv: index per hex (-1: none)
    zone_inv: np.ndarray
    country_names: np.ndarray  # distinct map countries; country_inv: index per hex (-1: none)
    country_inv: np.ndarray
    fwd_indptr: np.ndarray     # CSR structure of the edges (they are sorted by src, dst)
    rev_order: np.ndarray      # edge order sorted by (dst, src): the reversed graph's CSR
    rev_indices: np.ndarray
    rev_indptr: np.ndarray
    rev_rows: np.ndarray       # per edge in that order: its row in the reversed graph (the edge's dst)
    around: dict               # chokepoint place row -> rows of the place and its neighbours

    def csr(self, weight: np.ndarray, reverse: bool = False, ordered: bool = False) -> csr_matrix:
        """The map's fixed sparse structure with ``weight`` per edge (``inf``: closed edge).

        ``reverse`` gives the transposed graph (searches *towards* a set of hexes); ``ordered``: the
        weights are already in its edge order (``rev_order``). The structure never changes per
        scenario: only the weights do, so building a matrix costs one array.
        """
        if reverse and not ordered:
            weight = weight[self.rev_order]
        w = np.ascontiguousarray(weight, dtype=float)
        cache = cast("dict[object, Any]", self.__dict__)   # also holds the matrix templates, by tuple key
        template = cache.get(("csr", reverse))
        if template is None:   # checked once by scipy; then each matrix is a copy with new data
            shape = (self.n, self.n)
            parts = (self.rev_indices, self.rev_indptr) if reverse else (self.dst, self.fwd_indptr)
            template = cache[("csr", reverse)] = csr_matrix((w, *parts), shape=shape)
        if len(template.data) != len(w):
            raise ValueError(f"{len(w)} edge weights for a map of {len(template.data)} edges")
        m = object.__new__(csr_matrix)
        m.__dict__.update(template.__dict__)
        m.data = w
        return m

    def part(self, open_rows: np.ndarray) -> Part:
        """The map's structure cut down to the hexes a power's lines may enter (``open_rows``, a mask)
        and the hexes next to them: no search of that power ever leaves them (WiF 2.4.2: a line
        enters only open hexes; the tracer's own hex is next to the first one)."""
        keep = open_rows.copy()
        keep[self.src[open_rows[self.dst]]] = True
        rows = np.flatnonzero(keep)
        pos = np.full(self.n, -1, dtype=np.int64)
        pos[rows] = np.arange(len(rows))
        structure = {}
        for reverse, (row_of, col_of) in ((False, (self.src, self.dst)),
                                          (True, (self.rev_rows, self.rev_indices))):
            edges = np.flatnonzero(keep[row_of] & keep[col_of])
            sub_rows = pos[row_of[edges]]
            indptr = np.zeros(len(rows) + 1, dtype=np.int32)
            np.cumsum(np.bincount(sub_rows, minlength=len(rows)), out=indptr[1:])
            structure[reverse] = (edges, pos[col_of[edges]].astype(np.int32), indptr)
        return Part(self.n, rows, pos, structure)

    def base_cost(self, afa_asa_option_1: bool = False) -> np.ndarray:
        """What entering each hex costs a supply line (WiF 2.4.2, 8.2.2), as integers."""
        double = DOUBLE_COST + (OPTION_1_DOUBLE_COST if afa_asa_option_1 else ())
        cost = np.where(np.isin(self.map_class, double), 2, 1)
        cost = np.where(self.off_map, OFF_MAP_COST, cost)
        return cost + self.desert.astype(int)

    def label_of(self, rows) -> list[str]:
        return [str(self.labels[i]) for i in rows]


@dataclass(eq=False)
class Part:
    """Part of a map's edge structure, over ``rows`` (see :meth:`MapGraph.part`)."""

    n: int                 # hexes of the whole map
    rows: np.ndarray       # the rows kept, sorted
    pos: np.ndarray        # row of the map -> index among ``rows`` (-1: left out)
    structure: dict        # reverse? -> (positions of the kept edges in that order, indices, indptr)

    def csr(self, weight: np.ndarray, reverse: bool) -> csr_matrix:
        """The square matrix over ``rows`` of the map's ``weight`` per edge (in the order of ``reverse``)."""
        edges, indices, indptr = self.structure[reverse]
        m = len(self.rows)
        return csr_matrix((weight[edges], indices, indptr), shape=(m, m))


def map_graph(hexmap) -> MapGraph:
    """The cached :class:`MapGraph` of ``hexmap`` (built on first use)."""
    g = _CACHE.get(hexmap)
    if g is None:
        g = _build(hexmap)
        _CACHE[hexmap] = g
    return g


def _index(hexmap) -> tuple[pd.Index, list[str]]:
    sheets = list(hexmap.sheets)
    h = hexmap.hexes
    codes = T.encode_keys(T.sheet_codes(sheets, h["sheet"]), h["q"], h["r"])
    return pd.Index(codes), sheets


def _pair_rows(df: pd.DataFrame, index: pd.Index, sheets: list[str]) -> tuple[np.ndarray, np.ndarray]:
    a = index.get_indexer(T.encode_keys(T.sheet_codes(sheets, df["sheet_a"]), df["q_a"], df["r_a"]))
    b = index.get_indexer(T.encode_keys(T.sheet_codes(sheets, df["sheet_b"]), df["q_b"], df["r_b"]))
    return a, b


def _build(hexmap) -> MapGraph:
    h = hexmap.hexes
    n = len(h)
    index, sheets = _index(hexmap)
    # sheet hexsides between existing hexes
    nq, nr = hexgrid.neighbor_arrays(h["q"].to_numpy(), h["r"].to_numpy())
    scode = np.repeat(T.sheet_codes(sheets, h["sheet"]).reshape(-1, 1), 6, axis=1)
    nb = index.get_indexer(T.encode_keys(scode.ravel(), nq.ravel(), nr.ravel()))
    src = np.repeat(np.arange(n), 6)
    keep = nb >= 0
    src, dst = src[keep], nb[keep]
    # extra edges (WiF 2.1.1 cases 2-4), both directions
    ea, eb = _pair_rows(hexmap.extra_edges, index, sheets)
    ok = (ea >= 0) & (eb >= 0)
    src = np.concatenate([src, ea[ok], eb[ok]])
    dst = np.concatenate([dst, eb[ok], ea[ok]])
    key = np.unique(src.astype(np.int64) * n + dst)
    src, dst = (key // n).astype(np.int32), (key % n).astype(np.int32)
    # hexside features per edge
    hs = hexmap.hexsides
    fa, fb = _pair_rows(hs, index, sheets)
    feats = hs["feature"].to_numpy(dtype=str)
    feature = {}
    for name in EDGE_FEATURES:
        m = (feats == name) & (fa >= 0) & (fb >= 0)
        pairs = np.concatenate([fa[m].astype(np.int64) * n + fb[m], fb[m].astype(np.int64) * n + fa[m]])
        feature[name] = np.isin(key, pairs)
    rail_rows = np.zeros(n, bool)
    rail_rows[src[feature["rail"]]] = True
    # hex attributes
    hex_dot = h["hex_dot"].to_numpy(bool)
    terrain = h["terrain"].fillna("").to_numpy(dtype=str)
    f = hexmap.features
    f_rows = index.get_indexer(T.encode_keys(T.sheet_codes(sheets, f["sheet"]), f["q"], f["r"]))
    ports = f[f["kind"].isin(["major-port", "minor-port"]).to_numpy() & (f_rows >= 0)]
    p_rows = f_rows[f["kind"].isin(["major-port", "minor-port"]).to_numpy() & (f_rows >= 0)]
    port = h["port"].to_numpy(bool).copy()
    port[p_rows] = True
    freezable = np.zeros(n, bool)
    freezable[p_rows[ports["freezable"].to_numpy(bool)]] = True
    cities = f["kind"].isin(["city", "capital"]).to_numpy() & (f_rows >= 0)
    city = h["city"].to_numpy(bool).copy()
    city[f_rows[cities]] = True
    # sea areas a hex opens on: adjacent hex-dots' areas, plus a port's own sea area
    areas = sorted(hexmap.regions.loc[hexmap.regions["kind"] == "sea_area", "name"].tolist())
    area_ix = {a: i for i, a in enumerate(areas)}
    h_area = np.array([area_ix.get(a, -1) if isinstance(a, str) else -1
                       for a in h["sea_area"].tolist()], dtype=np.int64)
    touch = (~hex_dot[src]) & hex_dot[dst] & (h_area[dst] >= 0)
    area_pairs = [np.stack([src[touch], h_area[dst[touch]]], axis=1)]
    pa = np.array([area_ix.get(a, -1) if isinstance(a, str) else -1
                   for a in ports["sea_area"].tolist()], dtype=np.int64)
    area_pairs.append(np.stack([p_rows[pa >= 0], pa[pa >= 0]], axis=1))
    hex_area = np.unique(np.concatenate(area_pairs).astype(np.int64), axis=0) if len(areas) else np.empty((0, 2), int)
    # the sea area of a strait hexside (WiF 2.4.2 option 12): a hex-dot next to both ends
    strait_area = np.full(len(src), -1, dtype=np.int64)
    s_ix = np.flatnonzero(feature["strait"])
    if len(s_ix):
        by_hex = pd.DataFrame(hex_area, columns=["row", "area"]).groupby("row")["area"].apply(set).to_dict()
        for e in s_ix.tolist():
            a, b = by_hex.get(int(src[e]), set()), by_hex.get(int(dst[e]), set())
            both = sorted(a & b) or sorted(a | b)
            strait_area[e] = both[0] if both else -1
    ra = hexmap.region_adjacency
    ra = ra[ra["kind"] == "sea_area"]
    area_edges = pd.DataFrame({
        "a": [area_ix.get(x, -1) for x in ra["a"]],
        "b": [area_ix.get(x, -1) for x in ra["b"]],
        "via": [v if isinstance(v, str) else None for v in ra["via"]],
    })
    area_edges = area_edges[(area_edges["a"] >= 0) & (area_edges["b"] >= 0)].reset_index(drop=True)
    port_names = {int(r): str(nm) for r, nm in zip(p_rows.tolist(), ports["name"].tolist())}
    city_names: dict[int, str] = {}
    for r, nm, kind in zip(f_rows[cities].tolist(), f.loc[cities, "name"].tolist(), f.loc[cities, "kind"].tolist()):
        city_names.setdefault(int(r), str(nm))
    feature_rows: dict[str, int] = {}
    for name, r in zip(f["name"].tolist(), f_rows.tolist()):
        if r >= 0:
            feature_rows.setdefault(str(name), int(r))
    passages = []
    for a, b, via in zip(area_edges["a"], area_edges["b"], area_edges["via"]):
        if via:
            for cp in hexmap.chokepoint(areas[a], areas[b]):
                rows = [feature_rows[x] for x in cp["controlled_by"] if x in feature_rows]
                if rows:
                    passages.append((int(a), int(b), cp["name"], cp["test"], rows))
    capital_rows: dict[str, int] = {}
    for name, r, kind in zip(f["name"].tolist(), f_rows.tolist(), f["kind"].tolist()):
        if r >= 0 and kind == "capital":
            capital_rows.setdefault(str(name), int(r))
    zero = feature["rail"] | feature["road"] | (feature["strait"] & rail_rows[src] & rail_rows[dst])
    rev_order = np.lexsort((src, dst))
    around = {}
    for *_, places in passages:
        for p in places:
            around[p] = sorted({p} | set(dst[src == p].tolist()))
    zone_names, zone_inv = _codes(h["climate_zone"])
    country_names, country_inv = _codes(h["country"])
    return MapGraph(
        n=n, passages=passages, capital_rows=capital_rows, src=src, dst=dst, feature=feature,
        rail_free=zero, row_of={k: i for i, k in enumerate(hexmap.keys())},
        zone_names=zone_names, zone_inv=zone_inv, country_names=country_names, country_inv=country_inv,
        fwd_indptr=_indptr(src, n), rev_order=rev_order, rev_indices=src[rev_order],
        rev_indptr=_indptr(dst, n), rev_rows=dst[rev_order], around=around,
        labels=h["label"].to_numpy(dtype=str),
        land=~hex_dot,
        off_map=h["off_map"].to_numpy(bool),
        desert=np.array([is_desert(t) for t in terrain]),
        map_class=h["map_class"].fillna("european").to_numpy(dtype=str),
        zone=h["climate_zone"].fillna("").to_numpy(dtype=str),
        terrain=terrain,
        coastal=h["coastal"].to_numpy(bool),
        port=port, city=city, freezable=freezable, has_rail=rail_rows,
        sea_areas=areas, hex_area=hex_area, strait_area=strait_area, area_edges=area_edges,
        port_names=port_names, city_names=city_names,
    )


def _indptr(rows: np.ndarray, n: int) -> np.ndarray:
    return np.concatenate([[0], np.cumsum(np.bincount(rows, minlength=n))]).astype(np.int32)


def _codes(column: pd.Series) -> tuple[np.ndarray, np.ndarray]:
    """Distinct non-empty values of a hex column and each hex's index into them (-1: none)."""
    values = column.to_numpy(dtype=object)
    known = ~pd.isna(values)
    names, inv = np.unique(values[known].astype(str), return_inverse=True)
    out = np.full(len(values), -1, dtype=np.int64)
    out[known] = inv
    return names, out
