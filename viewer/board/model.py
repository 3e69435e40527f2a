"""The :class:`HexMap` model: sheets, hexes, hexsides, regions, features and extra edges.

Adjacency follows WiF 2.1.1: two hexes are adjacent when they share a hexside on one sheet
(only hexes that exist count) or when an explicit extra edge joins them (map joins, lines of
communication, off-map links, large hex-dots; see :data:`viewer.board.terrain.EDGE_KINDS`).
"""
from __future__ import annotations

from functools import cached_property
from typing import Iterable

import numpy as np
import pandas as pd

from viewer import hexgrid
from viewer.board import tables as T
from viewer.board import validate
from viewer.board.errors import MapError
from viewer.board.sheet import Sheet
from viewer.board.terrain import vocabulary

HexKey = tuple[str, int, int]
TABLES = ("hexes", "hexsides", "regions", "region_adjacency", "features", "extra_edges", "chokepoints")


class HexMap:
    """A validated hex map of one or more sheets; hexes are keyed by ``(sheet, q, r)``.

    Tables (pandas DataFrames, columns in :mod:`viewer.board.tables`):

    * ``hexes``: ``sheet, q, r, label, terrain`` plus ``climate_zone, country, map_class,
      sea_area`` and the flags ``off_map, hex_dot, large_hex_dot, coastal, port, city``;
      ``label`` is derived from the sheet's numbering; optional ``control_1939``: the power
      holding a land hex at the start of 1939 where it is not its country's own (WiF 2.5);
    * ``hexsides``: ``sheet_a, q_a, r_a, sheet_b, q_b, r_b, feature`` (one row per feature;
      geographic maps add ``name`` and ``name_es``, the river's or strait's name);
    * ``regions``: ``kind, name`` (sea areas, climate zones, countries, off-map areas);
    * ``region_adjacency``: ``kind, a, b, via`` (e.g. sea areas sharing a boundary, WiF 2.1.2);
    * ``features``: ``kind, name, sheet, q, r, freezable`` (cities, capitals, ports);
    * ``extra_edges``: ``sheet_a, q_a, r_a, sheet_b, q_b, r_b, kind, note``;
    * ``chokepoints``: ``name, a, b, controlled_by, test, via, rule, name_es`` (WiF 11.4.4);
      ``controlled_by`` and ``via`` are feature names joined by ``;``.

    Construction validates everything and raises :class:`MapError` on the first fault.
    """

    def __init__(
        self,
        name: str,
        game: str,
        sheets: Iterable[Sheet],
        hexes: pd.DataFrame,
        hexsides: pd.DataFrame | None = None,
        regions: pd.DataFrame | None = None,
        region_adjacency: pd.DataFrame | None = None,
        features: pd.DataFrame | None = None,
        extra_edges: pd.DataFrame | None = None,
        chokepoints: pd.DataFrame | None = None,
    ):
        if not isinstance(name, str) or not name:
            raise MapError(f"map name must be a non-empty string, got {name!r}", "map_meta")
        try:
            self.vocabulary = vocabulary(game)
        except ValueError as exc:
            raise MapError(str(exc), "map_meta") from None
        self.name = name
        self.game = game
        sheets = list(sheets.values()) if isinstance(sheets, dict) else list(sheets)
        if not sheets:
            raise MapError("a map needs at least one sheet", "sheets")
        names = [s.name for s in sheets]
        dup = sorted({n for n in names if names.count(n) > 1})
        if dup:
            raise MapError(f"duplicate sheet name(s) {', '.join(dup)}", "sheets")
        geo = [s.crs is not None for s in sheets]
        if any(geo) and not all(geo):
            plain = ", ".join(s.name for s in sheets if s.crs is None)
            raise MapError(
                "either every sheet has a CRS (one CRS per sheet, they may differ) or none has; "
                f"sheet(s) without one: {plain}", "sheets"
            )
        self.sheets: dict[str, Sheet] = {s.name: s for s in sheets}
        given = dict(
            hexes=hexes,
            hexsides=hexsides,
            regions=regions,
            region_adjacency=region_adjacency,
            features=features,
            extra_edges=extra_edges,
            chokepoints=chokepoints,
        )
        t = {k: T.normalize(k, v) for k, v in given.items()}
        self._index = validate.check_all(t, names, self.vocabulary)
        t["hexes"]["label"] = pd.array(self._labels(t["hexes"]), dtype="str")
        self.hexes: pd.DataFrame = t["hexes"]
        self.hexsides: pd.DataFrame = t["hexsides"]
        self.regions: pd.DataFrame = t["regions"]
        self.region_adjacency: pd.DataFrame = t["region_adjacency"]
        self.features: pd.DataFrame = t["features"]
        self.extra_edges: pd.DataFrame = t["extra_edges"]
        self.chokepoints: pd.DataFrame = t["chokepoints"]

    # ------------------------------------------------------------------ basics

    def _labels(self, hexes: pd.DataFrame) -> np.ndarray:
        out = np.empty(len(hexes), dtype=object)
        for sheet in self.sheets.values():
            m = (hexes["sheet"] == sheet.name).to_numpy()
            if m.any():
                out[m] = sheet.labels(hexes["q"].to_numpy()[m], hexes["r"].to_numpy()[m])
        return out

    @property
    def crs(self) -> str | None:
        """The projected CRS shared by every sheet, or None.

        None for a map in plain map units *and* for a map whose sheets use different CRSs
        (the ``wif-world`` map: Europe in EPSG:3035, the Asian and Pacific sheets in their own
        equal-area projections); :attr:`crss` gives each sheet's CRS.
        """
        crss = set(self.crss.values())
        return crss.pop() if len(crss) == 1 else None

    @property
    def crss(self) -> dict[str, str | None]:
        """Sheet name -> its CRS (None on a map in plain map units)."""
        return {name: s.crs for name, s in self.sheets.items()}

    @property
    def is_geographic(self) -> bool:
        """True when the sheets have CRSs (one shared CRS or one per sheet)."""
        return next(iter(self.sheets.values())).crs is not None

    def __len__(self) -> int:
        return len(self.hexes)

    def __repr__(self) -> str:
        return f"HexMap({self.name!r}, game={self.game!r}, sheets={list(self.sheets)}, hexes={len(self)})"

    def _codes(self, keys: Iterable[HexKey]) -> np.ndarray:
        keys = list(keys)
        if not keys:
            return np.empty(0, dtype=np.int64)
        s, q, r = zip(*keys)
        return T.encode_keys(T.sheet_codes(list(self.sheets), s), q, r)

    def _positions(self, codes) -> np.ndarray:
        return self._index.get_indexer(codes)

    @cached_property
    def _row_of(self) -> dict[int, int]:
        """Encoded hex key -> row, for single-key lookups without pandas (overlays call them per hex)."""
        return dict(zip(self._index.tolist(), range(len(self._index))))

    @cached_property
    def _sheet_code(self) -> dict[str, int]:
        return {name: i for i, name in enumerate(self.sheets)}

    def position(self, key: HexKey) -> int:
        """Row of ``key`` in :attr:`hexes`; ``KeyError`` naming the map if it has no such hex."""
        sheet, q, r = key
        code = self._sheet_code.get(sheet)
        pos = -1
        if code is not None:
            pos = self._row_of.get(int(T.encode_keys(code, int(q), int(r))), -1)
        if pos < 0:
            raise KeyError(f"map {self.name!r} has no hex {tuple(key)!r}")
        return pos

    def __contains__(self, key) -> bool:
        try:
            return self.position(key) >= 0
        except (KeyError, TypeError, ValueError):
            return False

    def keys(self) -> list[HexKey]:
        h = self.hexes
        return list(zip(h["sheet"].tolist(), h["q"].tolist(), h["r"].tolist()))

    def _key_at(self, pos: int) -> HexKey:
        h = self.hexes
        return (str(h["sheet"].iat[pos]), int(h["q"].iat[pos]), int(h["r"].iat[pos]))

    def hex(self, key: HexKey) -> dict:
        """All attributes of one hex as a dict (missing values are None)."""
        row = self.hexes.iloc[self.position(key)]
        return {k: (None if (not isinstance(v, (list, tuple)) and pd.isna(v)) else v) for k, v in row.items()}

    def label(self, key: HexKey) -> str:
        """The printed label of ``key`` in its sheet's numbering (e.g. ``"0304"``)."""
        return str(self.hexes["label"].iat[self.position(key)])

    def find(self, label: str, sheet: str | None = None) -> HexKey:
        """The key of the hex printed ``label`` (on ``sheet``, needed when labels repeat across sheets)."""
        m = self.hexes["label"] == label
        if sheet is not None:
            m &= self.hexes["sheet"] == sheet
        pos = np.flatnonzero(m.to_numpy())
        if len(pos) == 0:
            raise KeyError(f"map {self.name!r} has no hex labelled {label!r}" + (f" on sheet {sheet!r}" if sheet else ""))
        if len(pos) > 1:
            sheets = sorted(self.hexes["sheet"].iloc[pos].unique())
            raise KeyError(f"label {label!r} is on several sheets ({', '.join(sheets)}); pass sheet=")
        return self._key_at(int(pos[0]))

    # ------------------------------------------------------------------ adjacency

    @cached_property
    def _edges(self) -> dict[int, list[tuple[int, str]]]:
        e = self.extra_edges
        a = self._positions(self._edge_codes(e, "_a"))
        b = self._positions(self._edge_codes(e, "_b"))
        out: dict[int, list[tuple[int, str]]] = {}
        for pa, pb, kind in zip(a.tolist(), b.tolist(), e["kind"].tolist()):
            out.setdefault(pa, []).append((pb, kind))
            out.setdefault(pb, []).append((pa, kind))
        return out

    def _edge_codes(self, df: pd.DataFrame, end: str) -> np.ndarray:
        return T.encode_keys(T.sheet_codes(list(self.sheets), df["sheet" + end]), df["q" + end], df["r" + end])

    def neighbor_edges(self, key: HexKey) -> list[tuple[HexKey, str]]:
        """Neighbours of ``key`` with the reason: ``"hexside"`` or the extra edge's kind (WiF 2.1.1)."""
        pos = self.position(key)
        sheet, q, r = self._key_at(pos)
        nq, nr = hexgrid.neighbor_arrays(q, r)
        codes = T.encode_keys(np.full(6, list(self.sheets).index(sheet)), nq.ravel(), nr.ravel())
        out = [(self._key_at(p), "hexside") for p in self._positions(codes).tolist() if p >= 0]
        seen = {k for k, _ in out}
        for p, kind in self._edges.get(pos, []):
            k = self._key_at(p)
            if k not in seen:
                seen.add(k)
                out.append((k, kind))
        return out

    def neighbors(self, key: HexKey) -> list[HexKey]:
        """Hexes adjacent to ``key``: its sheet's existing neighbours plus extra edges."""
        return [k for k, _ in self.neighbor_edges(key)]

    def hexside_features(self, a: HexKey, b: HexKey) -> set[str]:
        """Features of the hexside (or join) between hexes ``a`` and ``b`` (empty set if none)."""
        ca, cb = self._codes([(str(a[0]), int(a[1]), int(a[2])), (str(b[0]), int(b[1]), int(b[2]))])
        hs = self.hexsides
        x = self._edge_codes(hs, "_a")
        y = self._edge_codes(hs, "_b")
        m = ((x == ca) & (y == cb)) | ((x == cb) & (y == ca))
        return set(hs["feature"][m].tolist())

    # ------------------------------------------------------------------ positions

    def centers(self) -> tuple[np.ndarray, np.ndarray]:
        """Centre x, y of every hex in map units, aligned with :attr:`hexes` rows."""
        x = np.empty(len(self.hexes))
        y = np.empty(len(self.hexes))
        for sheet in self.sheets.values():
            m = (self.hexes["sheet"] == sheet.name).to_numpy()
            x[m], y[m] = sheet.centers(self.hexes["q"].to_numpy()[m], self.hexes["r"].to_numpy()[m])
        return x, y

    def hex_at_xy(self, x: float, y: float, sheet: str | None = None) -> HexKey | None:
        """The existing hex containing map point ``(x, y)``, or None.

        ``(x, y)`` is in the sheets' own map units; sheets are tried in order, or only ``sheet``
        when given (needed on a map whose sheets use different CRSs or placements).
        """
        sheets = self.sheets.values() if sheet is None else [self.sheets[sheet]]
        for s in sheets:
            q, r = s.hex_at_xy(x, y)
            key = (s.name, int(q), int(r))
            if key in self:
                return key
        return None

    def hex_at(self, lon: float, lat: float) -> HexKey | None:
        """The hex containing geographic point ``(lon, lat)`` (WGS 84 degrees), or None off the map.

        Each sheet is asked in its own CRS, the finest scale first (smallest ``spacing_m``; WiF 1.2:
        100 km European sheets before 230 km Asian/Pacific ones before the 650 km mini-map), so a
        point covered by two sheets answers with the more detailed one. Only geographic maps can
        answer; others raise ``ValueError``.
        """
        if not self.is_geographic:
            raise ValueError(f"map {self.name!r} is not geographic (its sheets have no CRS)")
        for sheet in self._by_scale:
            assert sheet.crs is not None  # a geographic map: every sheet has one
            x, y = self._transformer(sheet.crs).transform(lon, lat)
            if not (np.isfinite(x) and np.isfinite(y)):
                continue
            key = self.hex_at_xy(float(x), float(y), sheet.name)
            if key is not None:
                return key
        return None

    @cached_property
    def _by_scale(self) -> list[Sheet]:
        return sorted(self.sheets.values(), key=lambda s: (s.spacing_m or s.size * 3 ** 0.5))

    @cached_property
    def _transformers(self) -> dict:
        return {}

    def _transformer(self, crs: str):
        t = self._transformers.get(crs)
        if t is None:
            from pyproj import Transformer

            t = self._transformers[crs] = Transformer.from_crs("EPSG:4326", crs, always_xy=True)
        return t

    def lonlat(self) -> tuple[np.ndarray, np.ndarray]:
        """Longitude and latitude (WGS 84 degrees) of every hex centre, aligned with :attr:`hexes`.

        Each sheet's centres are converted from its own CRS; ``ValueError`` on a non-geographic map.
        """
        if not self.is_geographic:
            raise ValueError(f"map {self.name!r} is not geographic (its sheets have no CRS)")
        from pyproj import Transformer

        x, y = self.centers()
        lon, lat = np.empty(len(x)), np.empty(len(y))
        for sheet in self.sheets.values():
            m = (self.hexes["sheet"] == sheet.name).to_numpy()
            if m.any():
                t = Transformer.from_crs(sheet.crs, "EPSG:4326", always_xy=True)
                lon[m], lat[m] = t.transform(x[m], y[m])
        return lon, lat

    # ------------------------------------------------------------------ chokepoints

    def chokepoint(self, a: str, b: str) -> list[dict]:
        """The chokepoints (WiF 11.4.4) on the passage between sea areas ``a`` and ``b``.

        Each is a dict with ``name``, ``test`` and ``controlled_by`` / ``via`` as lists of
        feature names; empty when the passage has no chokepoint.
        """
        c = self.chokepoints
        m = ((c["a"] == a) & (c["b"] == b)) | ((c["a"] == b) & (c["b"] == a))
        out = []
        for row in c[m].to_dict("records"):
            for col in ("controlled_by", "via"):
                row[col] = _split_names(row.get(col))
            out.append(row)
        return out

    # ------------------------------------------------------------------ comparison

    def tables(self) -> dict[str, pd.DataFrame]:
        return {k: getattr(self, k) for k in TABLES}

    def equals(self, other: "HexMap") -> bool:
        """Same name, game, sheets and tables (row order included)."""
        if not isinstance(other, HexMap):
            return False
        if (self.name, self.game, self.sheets) != (other.name, other.game, other.sheets):
            return False
        for k in TABLES:
            a, b = getattr(self, k), getattr(other, k)
            if list(a.columns) != list(b.columns) or len(a) != len(b):
                return False
            try:
                pd.testing.assert_frame_equal(a, b, check_dtype=False)
            except AssertionError:
                return False
        return True


def _split_names(value) -> list[str]:
    if value is None or (isinstance(value, float) and np.isnan(value)) or value is pd.NA:
        return []
    return [v.strip() for v in str(value).split(";") if v.strip()]
