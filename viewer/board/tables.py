"""Table schemas of a map and their normalisation, plus integer encoding of hex keys.

Every table is a pandas DataFrame with the columns below; extra attribute columns are kept
as they are. A hex key ``(sheet, q, r)`` is encoded as one int64 (sheet index in the high
bits) so that existence and adjacency checks run as vectorised index lookups, not Python
loops: a 70,000-hex map validates in a fraction of a second.
"""
from __future__ import annotations

import numpy as np
import pandas as pd

from viewer.board.errors import MapError

#: hexes: the key, the printed label (derived from the sheet's numbering), terrain and attributes.
HEX_KEY = ("sheet", "q", "r")
HEX_STRINGS = ("climate_zone", "country", "map_class", "sea_area")
#: Flags (WiF 2.1.1: off-map hexes, hex-dots, large hex-dots, coastal hexes; ports and cities
#: as stations, WiF 11.10).
HEX_FLAGS = ("off_map", "hex_dot", "large_hex_dot", "coastal", "port", "city")
HEX_COLUMNS = HEX_KEY + ("label", "terrain") + HEX_STRINGS + HEX_FLAGS

PAIR = ("sheet_a", "q_a", "r_a", "sheet_b", "q_b", "r_b")
HEXSIDE_COLUMNS = PAIR + ("feature",)
EDGE_COLUMNS = PAIR + ("kind", "note")
#: ``name_es``: the Spanish name where it differs (optional); ``climate_zone``: the zone of a sea
#: area's sea box (WiF 8.1; optional, checked against the game's zones).
REGION_COLUMNS = ("kind", "name")
REGION_OPTIONAL = ("name_es", "climate_zone")
REGION_ADJACENCY_COLUMNS = ("kind", "a", "b", "via")
#: ``freezable``: a port that can freeze (WiF 8.2.10); ``name_es``: the Spanish name (optional);
#: ``sea_area``: the sea area a port opens on (optional; a sea_area region).
FEATURE_COLUMNS = ("kind", "name", "sheet", "q", "r", "freezable", "name_es", "sea_area")
#: Naval chokepoints (WiF 11.4.4): passage between sea areas ``a`` and ``b`` decided by the
#: features named in ``controlled_by`` (names joined by ``;``) under ``test`` (see
#: :data:`viewer.board.terrain.CHOKEPOINT_TESTS`); ``via``: other ports the passage covers.
CHOKEPOINT_COLUMNS = ("name", "a", "b", "controlled_by", "test", "via", "rule", "name_es")

_Q_BIAS = 1 << 21  # q, r in [-2**21, 2**21)
_SHEET_SHIFT = 44


def encode_keys(sheet_codes, q, r) -> np.ndarray:
    """Encode hex keys as int64: ``sheet_code << 44 | (q + 2**21) << 22 | (r + 2**21)``.

    ``sheet_codes`` are indices into the map's sheet list (-1 for an unknown sheet gives a
    negative code, which never matches an existing hex).
    """
    s = np.asarray(sheet_codes, dtype=np.int64)
    q = np.asarray(q, dtype=np.int64) + _Q_BIAS
    r = np.asarray(r, dtype=np.int64) + _Q_BIAS
    out = (s << _SHEET_SHIFT) | (q << 22) | r
    return np.where(s < 0, -1, out)


def sheet_codes(sheet_names: list[str], column) -> np.ndarray:
    """Index of each value of ``column`` in ``sheet_names`` (-1 where unknown)."""
    values = pd.Series(column, dtype=object).to_numpy()
    return np.asarray(pd.Index(list(sheet_names), dtype=object).get_indexer(values), dtype=np.int64)


def _empty(columns) -> pd.DataFrame:
    return pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})


def _int(df: pd.DataFrame, col: str, table: str) -> None:
    values = pd.to_numeric(df[col], errors="coerce")
    bad = (values.isna() | (values != values.round())).to_numpy()
    if bad.any():
        i = int(np.flatnonzero(bad)[0])
        raise MapError(
            f"column {col} must hold integers, found {df[col].iloc[i]!r}", table, i + 1, int(bad.sum()) - 1
        )
    df[col] = values.astype(np.int64)


def _str(df: pd.DataFrame, col: str) -> None:
    df[col] = df[col].astype("str")


def _bool(df: pd.DataFrame, col: str) -> None:
    df[col] = df[col].fillna(False).astype(bool)


def normalize(name: str, df: pd.DataFrame | None) -> pd.DataFrame:
    """Copy ``df`` with the canonical columns of table ``name`` in front and canonical dtypes.

    Missing optional columns are added (empty strings become missing values; flags default to
    False). Missing *required* columns are left absent so the validator can name them.
    An integer column holding anything else raises :class:`MapError` naming the row.
    """
    columns = {
        "hexes": HEX_COLUMNS,
        "hexsides": HEXSIDE_COLUMNS,
        "extra_edges": EDGE_COLUMNS,
        "regions": REGION_COLUMNS,
        "region_adjacency": REGION_ADJACENCY_COLUMNS,
        "features": FEATURE_COLUMNS,
        "chokepoints": CHOKEPOINT_COLUMNS,
    }[name]
    if df is None:
        df = _empty(columns)
    df = pd.DataFrame(df).reset_index(drop=True).copy()
    df = df.drop(columns=[c for c in ("geometry", "fid") if c in df.columns])
    optional = {
        "hexes": HEX_STRINGS + HEX_FLAGS + ("label",),
        "extra_edges": ("note",),
        "region_adjacency": ("via",),
        "features": ("freezable", "name_es", "sea_area"),
        "regions": REGION_OPTIONAL,
        "chokepoints": ("via", "rule", "name_es"),
    }.get(name, ())
    for col in optional:
        if col not in df.columns:
            df[col] = False if col in HEX_FLAGS + ("freezable",) else None
    for col in df.columns:
        if col in ("q", "r", "q_a", "r_a", "q_b", "r_b"):
            _int(df, col, name)
        elif col in HEX_FLAGS or col == "freezable":
            _bool(df, col)
        elif col in columns:
            _str(df, col)
            df.loc[df[col] == "", col] = None
    front = [c for c in columns if c in df.columns]
    return df[front + [c for c in df.columns if c not in columns]]
