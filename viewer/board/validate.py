"""Consistency checks of a map's tables, vectorised (no per-row Python loops).

Each check finds every bad row at once and raises :class:`MapError` for the first one,
naming the layer, its 1-based row (the GeoPackage ``fid`` of a file written by
:func:`viewer.board.save_map`), the fault and how many more rows share it.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer import hexgrid
from viewer.board import tables as T
from viewer.board.errors import MapError
from viewer.board.terrain import CHOKEPOINT_TESTS, EDGE_KINDS, FEATURE_KINDS, REGION_KINDS, Vocabulary
from viewer.board.terrain import REGION_COLUMNS as HEX_REGION_REFS


def _fail(layer: str, bad, fault) -> None:
    """Raise for the first True of boolean array ``bad``; ``fault(i)`` words the fault of row ``i``."""
    bad = np.asarray(bad, dtype=bool)
    if bad.any():
        idx = np.flatnonzero(bad)
        i = int(idx[0])
        raise MapError(fault(i), layer, i + 1, len(idx) - 1)


def _require_columns(layer: str, df: pd.DataFrame, columns) -> None:
    missing = [c for c in columns if c not in df.columns]
    if missing:
        raise MapError(f"missing column(s) {', '.join(missing)}", layer)


def _allowed(values) -> str:
    return ", ".join(values) if len(values) else "(none)"


def _required_values(layer: str, df: pd.DataFrame, columns) -> None:
    for col in columns:
        _fail(layer, df[col].isna().to_numpy(), lambda i, c=col: f"missing value for {c}")


def _key_text(df: pd.DataFrame, i: int, suffix: str = "") -> str:
    s, q, r = (df[c + suffix].iloc[i] for c in T.HEX_KEY)
    return f"({s}, {int(q)}, {int(r)})"


def hex_codes(hexes: pd.DataFrame, sheet_names: list[str]) -> np.ndarray:
    return T.encode_keys(T.sheet_codes(sheet_names, hexes["sheet"]), hexes["q"], hexes["r"])


def check_hexes(hexes: pd.DataFrame, sheet_names: list[str], vocab: Vocabulary, regions: pd.DataFrame) -> pd.Index:
    """Check the hexes table; return the index of encoded keys (unique) for the other checks."""
    layer = "hexes"
    _require_columns(layer, hexes, T.HEX_KEY + ("terrain",))
    _required_values(layer, hexes, T.HEX_KEY)
    codes = T.sheet_codes(sheet_names, hexes["sheet"])
    _fail(
        layer,
        codes < 0,
        lambda i: f"hex {_key_text(hexes, i)} names sheet {hexes['sheet'].iloc[i]!r}, which the "
        f"sheets table does not have (sheets: {_allowed(sheet_names)})",
    )
    keys = T.encode_keys(codes, hexes["q"], hexes["r"])
    dup = pd.Series(keys).duplicated(keep="first").to_numpy()
    if dup.any():
        first = pd.Series(np.arange(len(keys)), index=keys).groupby(level=0).first()

        def fault(i):
            return f"duplicate hex {_key_text(hexes, i)}: the same key is already at row {int(first[keys[i]]) + 1}"

        _fail(layer, dup, fault)
    terrain = hexes["terrain"]
    _fail(
        layer,
        ~terrain.isin(vocab.terrain).to_numpy(),
        lambda i: f"hex {_key_text(hexes, i)}: unknown terrain {terrain.iloc[i]!r} for game "
        f"{vocab.game!r}; allowed: {_allowed(vocab.terrain)}",
    )
    if vocab.hex_dot_terrain is not None:
        sea = (terrain == vocab.hex_dot_terrain).to_numpy()
        dot = hexes["hex_dot"].to_numpy(dtype=bool)
        _fail(
            layer,
            sea != dot,
            lambda i: f"hex {_key_text(hexes, i)}: terrain {terrain.iloc[i]!r} with hex_dot="
            f"{bool(dot[i])}; hex-dots, and only they, have terrain {vocab.hex_dot_terrain!r} (WiF 2.1.1)",
        )
        _fail(
            layer,
            hexes["large_hex_dot"].to_numpy(dtype=bool) & ~dot,
            lambda i: f"hex {_key_text(hexes, i)}: large_hex_dot is set but hex_dot is not (WiF 2.1.1)",
        )
    for col, kind in HEX_REGION_REFS.items():
        if col not in hexes.columns:
            continue
        names = regions.loc[regions["kind"] == kind, "name"]
        bad = (hexes[col].notna() & ~hexes[col].isin(names)).to_numpy()
        _fail(
            layer,
            bad,
            lambda i, c=col, k=kind, n=names: f"hex {_key_text(hexes, i)}: {c} {hexes[c].iloc[i]!r} "
            f"is not in the regions table as a {k} (known: {_allowed(sorted(n))})",
        )
    _check_control_1939(hexes, regions)
    return pd.Index(keys)


def _check_control_1939(hexes: pd.DataFrame, regions: pd.DataFrame) -> None:
    """``control_1939`` (optional): the power holding a land hex at the start of 1939 where it is not
    its country's own (WiF 2.5, initial control); a power some country of the map belongs to."""
    if "control_1939" not in hexes.columns:
        return
    layer = "hexes"
    held = hexes["control_1939"]
    given = (held.notna() & (held.astype(str) != "")).to_numpy()
    countries = regions[regions["kind"] == "country"] if "kind" in regions.columns else regions.iloc[0:0]
    powers = sorted(set(countries["power"].dropna())) if "power" in countries.columns else []
    _fail(layer, given & ~held.isin(powers).to_numpy(),
          lambda i: f"hex {_key_text(hexes, i)}: control_1939 {held.iloc[i]!r} is not the power of any "
          f"country in the regions table (known: {_allowed(powers)})")
    if "hex_dot" in hexes.columns:
        _fail(layer, given & hexes["hex_dot"].to_numpy(dtype=bool),
              lambda i: f"hex {_key_text(hexes, i)}: control_1939 is set on a hex-dot; only land hexes "
              "are held (WiF 2.5)")


def _pair_codes(df: pd.DataFrame, sheet_names: list[str]):
    a = T.encode_keys(T.sheet_codes(sheet_names, df["sheet_a"]), df["q_a"], df["r_a"])
    b = T.encode_keys(T.sheet_codes(sheet_names, df["sheet_b"]), df["q_b"], df["r_b"])
    return a, b


def _check_pair_ends(layer: str, df: pd.DataFrame, a, b, index: pd.Index) -> None:
    for codes, end in ((a, "_a"), (b, "_b")):
        _fail(
            layer,
            index.get_indexer(codes) < 0,
            lambda i, e=end: f"names hex {_key_text(df, i, e)}, which does not exist in the hexes table",
        )


def check_extra_edges(edges: pd.DataFrame, sheet_names: list[str], index: pd.Index):
    """Check the extra edges; return their (a, b) codes."""
    layer = "extra_edges"
    _require_columns(layer, edges, T.PAIR + ("kind",))
    _required_values(layer, edges, T.PAIR + ("kind",))
    a, b = _pair_codes(edges, sheet_names)
    _check_pair_ends(layer, edges, a, b, index)
    _fail(layer, a == b, lambda i: f"edge joins hex {_key_text(edges, i, '_a')} to itself")
    kind = edges["kind"]
    _fail(
        layer,
        ~kind.isin(EDGE_KINDS).to_numpy(),
        lambda i: f"unknown edge kind {kind.iloc[i]!r}; allowed: {_allowed(EDGE_KINDS)}",
    )
    return a, b


def check_edge_ends(edges: pd.DataFrame, hexes: pd.DataFrame, index: pd.Index, edges_ab) -> None:
    """What each extra-edge kind may join (WiF 2.1.1-2.1.3), checked on the end hexes' flags.

    * ``sheet-join``: hexes of two different sheets (a map join, case 2);
    * ``off-map``: at least one off-map hex (case 4);
    * ``grey-loc`` / ``rail-loc``: two land hexes (no hex-dot: land and air units only, 2.1.3),
      at least one off-map (cases 3 and 4a);
    * ``large-hex-dot``: a large hex-dot and an off-map hex (only large hex-dots touch off-map hexes);
    * ``blue-loc``: two hex-dots (naval and air units only, 2.1.3);
    * whatever the kind, a hex-dot joined to an off-map hex is a large hex-dot (2.1.1).
    """
    if not len(edges):
        return
    layer = "extra_edges"
    pa, pb = index.get_indexer(edges_ab[0]), index.get_indexer(edges_ab[1])
    flag = {c: hexes[c].to_numpy(dtype=bool) for c in ("off_map", "hex_dot", "large_hex_dot")}
    off_a, off_b = flag["off_map"][pa], flag["off_map"][pb]
    dot_a, dot_b = flag["hex_dot"][pa], flag["hex_dot"][pb]
    big_a, big_b = flag["large_hex_dot"][pa], flag["large_hex_dot"][pb]
    kind = edges["kind"].to_numpy(dtype=object)

    def ends(i):
        return f"{kind[i]} edge {_key_text(edges, i, '_a')}-{_key_text(edges, i, '_b')}"

    _fail(layer, (kind == "sheet-join") & (edges["sheet_a"] == edges["sheet_b"]).to_numpy(),
          lambda i: f"{ends(i)}: a sheet join links hexes of two different sheets (WiF 2.1.1)")
    _fail(layer, (kind == "off-map") & ~(off_a | off_b),
          lambda i: f"{ends(i)}: neither end is an off-map hex (WiF 2.1.1 case 4)")
    loc = np.isin(kind, ["grey-loc", "rail-loc"])
    _fail(layer, loc & (dot_a | dot_b),
          lambda i: f"{ends(i)}: a grey line of communication or railway joins land hexes, not hex-dots (WiF 2.1.3)")
    _fail(layer, loc & ~(off_a | off_b),
          lambda i: f"{ends(i)}: a line of communication needs an off-map hex at one end (WiF 2.1.1 cases 3-4)")
    _fail(layer, (kind == "large-hex-dot") & ~((big_a & off_b) | (big_b & off_a)),
          lambda i: f"{ends(i)}: joins a large hex-dot and an off-map hex (WiF 2.1.1)")
    _fail(layer, (kind == "blue-loc") & ~(dot_a & dot_b),
          lambda i: f"{ends(i)}: a blue line of communication joins two hex-dots (WiF 2.1.2-2.1.3)")
    _fail(layer, (dot_a & ~big_a & off_b) | (dot_b & ~big_b & off_a),
          lambda i: f"{ends(i)}: only large hex-dots are adjacent to off-map hexes (WiF 2.1.1)")


def _unordered(a, b) -> pd.MultiIndex:
    return pd.MultiIndex.from_arrays([np.minimum(a, b), np.maximum(a, b)])


def check_hexsides(hexsides: pd.DataFrame, sheet_names: list[str], index: pd.Index, vocab: Vocabulary, edges_ab) -> None:
    layer = "hexsides"
    _require_columns(layer, hexsides, T.HEXSIDE_COLUMNS)
    _required_values(layer, hexsides, T.HEXSIDE_COLUMNS)
    a, b = _pair_codes(hexsides, sheet_names)
    _check_pair_ends(layer, hexsides, a, b, index)
    same_sheet = (hexsides["sheet_a"] == hexsides["sheet_b"]).to_numpy()
    step = hexgrid.distance(
        (hexsides["q_a"].to_numpy(), hexsides["r_a"].to_numpy()),
        (hexsides["q_b"].to_numpy(), hexsides["r_b"].to_numpy()),
    )
    adjacent = same_sheet & (np.asarray(step) == 1)
    joined = _unordered(a, b).isin(_unordered(*edges_ab)) if len(edges_ab[0]) else np.zeros(len(a), bool)
    _fail(
        layer,
        ~(adjacent | joined),
        lambda i: f"hexside between {_key_text(hexsides, i, '_a')} and {_key_text(hexsides, i, '_b')}: "
        "the hexes are neither neighbours on one sheet nor joined by an extra edge",
    )
    feature = hexsides["feature"]
    _fail(
        layer,
        ~feature.isin(vocab.hexside_features).to_numpy(),
        lambda i: f"unknown hexside feature {feature.iloc[i]!r} for game {vocab.game!r}; "
        f"allowed: {_allowed(vocab.hexside_features)}",
    )
    pair = pd.DataFrame({"lo": np.minimum(a, b), "hi": np.maximum(a, b), "f": feature.to_numpy()})
    _fail(
        layer,
        pair.duplicated().to_numpy(),
        lambda i: f"duplicate hexside feature {feature.iloc[i]!r} between "
        f"{_key_text(hexsides, i, '_a')} and {_key_text(hexsides, i, '_b')}",
    )


def check_regions(regions: pd.DataFrame, vocab: Vocabulary) -> None:
    layer = "regions"
    _require_columns(layer, regions, T.REGION_COLUMNS)
    _required_values(layer, regions, T.REGION_COLUMNS)
    kind = regions["kind"]
    _fail(
        layer,
        ~kind.isin(REGION_KINDS).to_numpy(),
        lambda i: f"unknown region kind {kind.iloc[i]!r}; allowed: {_allowed(REGION_KINDS)}",
    )
    _fail(
        layer,
        regions.duplicated(["kind", "name"]).to_numpy(),
        lambda i: f"duplicate region {kind.iloc[i]} {regions['name'].iloc[i]!r}",
    )
    zone = (kind == "climate_zone").to_numpy()
    _fail(
        layer,
        zone & ~regions["name"].isin(vocab.climate_zones).to_numpy(),
        lambda i: f"unknown climate zone {regions['name'].iloc[i]!r} for game {vocab.game!r}; "
        f"allowed: {_allowed(vocab.climate_zones)} (WiF 8.1)",
    )


def check_region_zones(regions: pd.DataFrame, vocab: Vocabulary) -> None:
    """A region's optional ``climate_zone`` (a sea area's sea-box zone, WiF 8.1) is a zone of the game."""
    if "climate_zone" not in regions.columns:
        return
    z = regions["climate_zone"]
    _fail(
        "regions",
        (z.notna() & ~z.isin(vocab.climate_zones)).to_numpy(),
        lambda i: f"region {regions['name'].iloc[i]!r}: unknown climate zone {z.iloc[i]!r} for game "
        f"{vocab.game!r}; allowed: {_allowed(vocab.climate_zones)} (WiF 8.1)",
    )


def check_region_adjacency(adj: pd.DataFrame, regions: pd.DataFrame) -> None:
    layer = "region_adjacency"
    _require_columns(layer, adj, ("kind", "a", "b"))
    _required_values(layer, adj, ("kind", "a", "b"))
    known = pd.MultiIndex.from_frame(regions[["kind", "name"]])
    for end in ("a", "b"):
        bad = ~pd.MultiIndex.from_arrays([adj["kind"], adj[end]]).isin(known)
        _fail(
            layer,
            bad,
            lambda i, e=end: f"region {adj[e].iloc[i]!r} of kind {adj['kind'].iloc[i]!r} is not in the "
            "regions table",
        )
    _fail(layer, (adj["a"] == adj["b"]).to_numpy(), lambda i: f"region {adj['a'].iloc[i]!r} adjacent to itself")


def check_features(features: pd.DataFrame, sheet_names: list[str], index: pd.Index,
                   regions: pd.DataFrame | None = None) -> None:
    layer = "features"
    _require_columns(layer, features, ("kind", "name") + T.HEX_KEY)
    _required_values(layer, features, ("kind", "name") + T.HEX_KEY)
    kind = features["kind"]
    _fail(
        layer,
        ~kind.isin(FEATURE_KINDS).to_numpy(),
        lambda i: f"unknown feature kind {kind.iloc[i]!r}; allowed: {_allowed(FEATURE_KINDS)}",
    )
    codes = hex_codes(features, sheet_names)
    _fail(
        layer,
        index.get_indexer(codes) < 0,
        lambda i: f"{kind.iloc[i]} {features['name'].iloc[i]!r} names hex {_key_text(features, i)}, "
        "which does not exist in the hexes table",
    )
    if regions is not None and "sea_area" in features.columns:
        seas = regions.loc[regions["kind"] == "sea_area", "name"]
        sea = features["sea_area"]
        _fail(
            layer,
            (sea.notna() & ~sea.isin(seas)).to_numpy(),
            lambda i: f"{kind.iloc[i]} {features['name'].iloc[i]!r}: sea_area {sea.iloc[i]!r} is not in the "
            f"regions table as a sea_area (known: {_allowed(sorted(seas))})",
        )


def _names(value) -> list[str]:
    if value is None or (isinstance(value, float) and np.isnan(value)) or value is pd.NA:
        return []
    return [v.strip() for v in str(value).split(";") if v.strip()]


def check_chokepoints(chokepoints: pd.DataFrame, regions: pd.DataFrame, features: pd.DataFrame) -> None:
    """Chokepoints (WiF 11.4.4): two different sea areas, a known test, controlling places that exist."""
    layer = "chokepoints"
    _require_columns(layer, chokepoints, ("name", "a", "b", "controlled_by", "test"))
    _required_values(layer, chokepoints, ("name", "a", "b", "controlled_by", "test"))
    seas = regions.loc[regions["kind"] == "sea_area", "name"]
    for end in ("a", "b"):
        col = chokepoints[end]
        _fail(
            layer,
            ~col.isin(seas).to_numpy(),
            lambda i, c=col: f"chokepoint {chokepoints['name'].iloc[i]!r}: {c.iloc[i]!r} is not in the regions "
            f"table as a sea_area (known: {_allowed(sorted(seas))})",
        )
    _fail(
        layer,
        (chokepoints["a"] == chokepoints["b"]).to_numpy(),
        lambda i: f"chokepoint {chokepoints['name'].iloc[i]!r} joins sea area {chokepoints['a'].iloc[i]!r} to itself",
    )
    test = chokepoints["test"]
    _fail(
        layer,
        ~test.isin(CHOKEPOINT_TESTS).to_numpy(),
        lambda i: f"chokepoint {chokepoints['name'].iloc[i]!r}: unknown test {test.iloc[i]!r}; "
        f"allowed: {_allowed(CHOKEPOINT_TESTS)} (WiF 11.4.4)",
    )
    places = set(features["name"].dropna().tolist())
    for col in ("controlled_by", "via"):
        if col not in chokepoints.columns:
            continue
        missing = [[n for n in _names(v) if n not in places] for v in chokepoints[col].tolist()]
        _fail(
            layer,
            np.array([bool(m) for m in missing], dtype=bool),
            lambda i, c=col, m=missing: f"chokepoint {chokepoints['name'].iloc[i]!r}: {c} names "
            f"{', '.join(repr(x) for x in m[i])}, not in the features table",
        )


def check_all(tables: dict[str, pd.DataFrame], sheet_names: list[str], vocab: Vocabulary) -> pd.Index:
    """Run every check in dependency order; return the hex key index."""
    check_regions(tables["regions"], vocab)
    check_region_zones(tables["regions"], vocab)
    check_region_adjacency(tables["region_adjacency"], tables["regions"])
    index = check_hexes(tables["hexes"], sheet_names, vocab, tables["regions"])
    edges_ab = check_extra_edges(tables["extra_edges"], sheet_names, index)
    check_edge_ends(tables["extra_edges"], tables["hexes"], index, edges_ab)
    check_hexsides(tables["hexsides"], sheet_names, index, vocab, edges_ab)
    check_features(tables["features"], sheet_names, index, tables["regions"])
    check_chokepoints(tables["chokepoints"], tables["regions"], tables["features"])
    return index
