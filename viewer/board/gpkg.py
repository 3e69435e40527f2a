"""Reading and writing maps as GeoPackages, and finding the bundled maps.

One GeoPackage per map, readable by GIS tools (QGIS, ogr2ogr) as well as by this package:

===================  ==========  ======================================================
layer                geometry    content
===================  ==========  ======================================================
``hexes``            Polygon     one row per hex (the hex outline in map units / CRS;
                                 MultiPolygon when written in lon/lat, see below)
``hexsides``         LineString  the shared hexside (or a centre-to-centre connector
                                 across a join), one row per feature
``extra_edges``      LineString  centre-to-centre connector of each extra edge
``features``         Point       cities, capitals, ports at their hex centres
``regions``          none        ``kind, name`` (+ attributes)
``region_adjacency`` none        ``kind, a, b, via``
``chokepoints``      none        ``name, a, b, controlled_by, test, via, rule, name_es``
``sheets``           none        grid metadata per sheet (:data:`SHEET_FIELDS`)
``map_meta``         none        ``key, value``: :data:`REQUIRED_META` and ``crs``
===================  ==========  ======================================================

The geometry is in the sheets' shared CRS; when the sheets use different CRSs (one per sheet,
e.g. ``wif-world``), it is written in WGS 84 lon/lat (``EPSG:4326``, also the ``crs`` of
``map_meta``), each sheet's shapes converted from its own CRS. Longitudes then stay in
[-180, 180]: a shape that crosses the antimeridian is cut there into a part on each side (as
GeoJSON, RFC 7946 3.1.9, asks), so the hexes, hexsides and extra-edge layers of such a map are
``MultiPolygon`` / ``MultiLineString`` layers and every shape is valid for a GIS tool.

Geometry is written for GIS users only; loading rebuilds positions from ``(q, r)`` and the
sheet metadata, and validates every table (:mod:`viewer.board.validate`). Every problem
raises :class:`MapFileError` naming the file, the layer, the 1-based row and the fault.
"""
from __future__ import annotations

import functools

import math
import os
import tempfile
import warnings
from importlib import resources
from pathlib import Path

import numpy as np
import pandas as pd

from viewer.board.errors import MapError, MapFileError
from viewer.board.model import HexMap
from viewer.board.sheet import REQUIRED_SHEET_FIELDS, SHEET_FIELDS, Sheet

FORMAT_VERSION = "1"
REQUIRED_META = ("format_version", "name", "game")
REQUIRED_LAYERS = ("map_meta", "sheets", "hexes")
OPTIONAL_LAYERS = ("hexsides", "regions", "region_adjacency", "features", "extra_edges", "chokepoints")
_SQLITE_MAGIC = b"SQLite format 3\x00"


# ---------------------------------------------------------------------------- writing


def _output_crs(hexmap: HexMap) -> str | None:
    """The CRS of the written geometry: the sheets' shared CRS, or WGS 84 lon/lat when they differ."""
    if hexmap.is_geographic and hexmap.crs is None:
        return "EPSG:4326"
    return hexmap.crs


def _to_output(hexmap: HexMap, sheets, x, y):
    """Points in each row's sheet units -> the output CRS (a no-op unless the sheets' CRSs differ)."""
    if not (hexmap.is_geographic and hexmap.crs is None):
        return x, y
    from pyproj import Transformer

    x, y = np.array(x, dtype=float), np.array(y, dtype=float)
    sheets = np.asarray(sheets, dtype=object)
    for name, sheet in hexmap.sheets.items():
        m = sheets == name
        if m.any():
            t = Transformer.from_crs(sheet.crs, "EPSG:4326", always_xy=True)
            x[m], y[m] = t.transform(x[m], y[m])
    return x, y


def _hexside_lines(hexmap: HexMap, df: pd.DataFrame):
    """Shared hexside segment for same-sheet neighbours, centre connector otherwise."""
    import shapely

    if len(df) == 0:
        return shapely.linestrings(np.empty((0, 2, 2)))
    xa, ya = _centres(hexmap, df, "_a")
    xb, yb = _centres(hexmap, df, "_b")
    if hexmap.is_geographic and hexmap.crs is None:
        # each end in its own sheet's CRS: connect the centres in lon/lat
        xa, ya = _to_output(hexmap, df["sheet_a"], xa, ya)
        xb, yb = _to_output(hexmap, df["sheet_b"], xb, yb)
        return shapely.linestrings(np.stack([np.c_[xa, ya], np.c_[xb, yb]], axis=1))
    mx, my = (xa + xb) / 2, (ya + yb) / 2
    dx, dy = xb - xa, yb - ya
    length = np.hypot(dx, dy)
    size = df["sheet_a"].map({k: s.size for k, s in hexmap.sheets.items()}).to_numpy(float)
    same = (df["sheet_a"] == df["sheet_b"]).to_numpy()
    # the hexside is perpendicular to the centre line, as long as a hex side (= size)
    ux, uy = -dy / length * size / 2, dx / length * size / 2
    start = np.where(same[:, None], np.c_[mx - ux, my - uy], np.c_[xa, ya])
    end = np.where(same[:, None], np.c_[mx + ux, my + uy], np.c_[xb, yb])
    return shapely.linestrings(np.stack([start, end], axis=1))


def _centres(hexmap: HexMap, df: pd.DataFrame, end: str = ""):
    x = np.empty(len(df))
    y = np.empty(len(df))
    for name, sheet in hexmap.sheets.items():
        m = (df["sheet" + end] == name).to_numpy()
        if m.any():
            x[m], y[m] = sheet.centers(df["q" + end].to_numpy()[m], df["r" + end].to_numpy()[m])
    return x, y


def _hex_polygons(hexmap: HexMap):
    import shapely

    h = hexmap.hexes
    out = np.empty(len(h), dtype=object)
    multi = hexmap.is_geographic and hexmap.crs is None
    for name, sheet in hexmap.sheets.items():
        m = (h["sheet"] == name).to_numpy()
        if m.any():
            polys = sheet.polygons(h["q"].to_numpy()[m], h["r"].to_numpy()[m])
            if multi:
                from pyproj import Transformer

                t = Transformer.from_crs(sheet.crs, "EPSG:4326", always_xy=True)
                polys = shapely.transform(polys, lambda xy, t=t: np.c_[t.transform(xy[:, 0], xy[:, 1])])
            out[m] = polys
    return out


def _split_antimeridian(geoms):
    """Lon/lat shapes cut at the antimeridian, each returned as a Multi* geometry.

    A shape crosses when one of its segments jumps more than 180 degrees of longitude (the two
    ends of a short segment on either side of 180): its western longitudes are moved by +360,
    and the shape is cut into the part west of 180 and the part east of it, moved back by -360.
    Shapes that do not cross keep their coordinates.
    """
    import shapely

    geoms = np.asarray(geoms, dtype=object)
    out = np.empty(len(geoms), dtype=object)
    west = shapely.box(-180.0, -90.0, 180.0, 90.0)
    east = shapely.box(180.0, -90.0, 540.0, 90.0)
    for i, g in enumerate(geoms):
        xy = shapely.get_coordinates(g)
        if len(xy) > 1 and (np.abs(np.diff(xy[:, 0])) > 180.0).any():
            moved = shapely.transform(g, lambda c: np.c_[np.where(c[:, 0] < 0.0, c[:, 0] + 360.0, c[:, 0]), c[:, 1]])
            parts = [shapely.intersection(moved, west),
                     shapely.transform(shapely.intersection(moved, east), lambda c: c - [360.0, 0.0])]
            pieces = [p for part in parts for p in shapely.get_parts(part) if not p.is_empty and shapely.get_dimensions(p) == shapely.get_dimensions(g)]
            g = shapely.multipolygons(pieces) if shapely.get_dimensions(g) == 2 else shapely.multilinestrings(pieces)
        elif shapely.get_dimensions(g) == 2:
            g = shapely.multipolygons([g])
        else:
            g = shapely.multilinestrings([g])
        out[i] = g
    return out


def _share_overlaps(polys, sheets, lon, lat):
    """Lon/lat hex outlines where two sheets' hexes overlap, each overlap given to the nearer centre.

    Hexes of one sheet tile without overlap; hexes of two sheets at different scales overlap
    where the sheets meet (the ragged joins, an off-map hex beside a map's edge). A GIS user
    asking which hex holds a point should get one answer, so the part of ``a`` nearer to the
    centre of an overlapping ``b`` (in degrees, longitude scaled by the cosine of the latitude)
    goes to ``b``. Every hex keeps its own centre.
    """
    import shapely

    polys = np.array(polys, dtype=object)
    tree = shapely.STRtree(polys)
    ia, ib = tree.query(polys, predicate="intersects")
    keep = (sheets[ia] != sheets[ib])
    ia, ib = ia[keep], ib[keep]
    if len(ia) == 0:
        return polys
    overlap = shapely.intersection(polys[ia], polys[ib])
    area = shapely.area(overlap)
    real = area > 1e-9 * np.minimum(shapely.area(polys[ia]), shapely.area(polys[ib]))
    out = polys.copy()
    for a in np.unique(ia[real]):
        lose = []
        for b, part in zip(ib[real & (ia == a)], overlap[real & (ia == a)]):
            lose.append(shapely.intersection(part, _nearer_half(lon[b], lat[b], lon[a], lat[a])))
        shape = shapely.make_valid(shapely.difference(polys[a], shapely.union_all(lose)))
        least = 1e-6 * shapely.area(polys[a])  # slivers the cut leaves along shared edges are dropped
        pieces = [p for p in shapely.get_parts(shape) if shapely.get_type_id(p) == 3 and shapely.area(p) > least]
        out[a] = shapely.multipolygons(pieces)
    return out


def _nearer_half(lon_b, lat_b, lon_a, lat_a, reach: float = 60.0):
    """The lon/lat half-plane of points nearer to ``b`` than to ``a`` (longitude scaled by cos(lat))."""
    import shapely

    k = max(math.cos(math.radians((lat_a + lat_b) / 2)), 0.05)
    ax, bx = lon_a * k, lon_b * k
    mx, my = (ax + bx) / 2, (lat_a + lat_b) / 2
    dx, dy = bx - ax, lat_b - lat_a
    n = math.hypot(dx, dy) or 1.0
    ux, uy = dx / n * reach, dy / n * reach
    px, py = -uy, ux
    ring = [(mx + px, my + py), (mx + px + ux, my + py + uy), (mx - px + ux, my - py + uy), (mx - px, my - py)]
    return shapely.Polygon([(x / k, y) for x, y in ring])


def _connectors(hexmap: HexMap, df: pd.DataFrame):
    import shapely

    if len(df) == 0:
        return np.empty(0, dtype=object)
    ends = [_to_output(hexmap, df["sheet" + e], *_centres(hexmap, df, e)) for e in ("_a", "_b")]
    return shapely.linestrings(np.stack([np.c_[ends[0]], np.c_[ends[1]]], 1))


def save_map(hexmap: HexMap, path) -> Path:
    """Write ``hexmap`` to the GeoPackage ``path`` (replaced atomically); return the path."""
    import geopandas as gpd
    import pyogrio
    import shapely

    path = Path(path)
    crs = _output_crs(hexmap)
    f = hexmap.features
    spatial = {
        "hexes": (hexmap.hexes, _hex_polygons(hexmap), "Polygon"),
        "hexsides": (hexmap.hexsides, _hexside_lines(hexmap, hexmap.hexsides), "LineString"),
        "extra_edges": (hexmap.extra_edges, _connectors(hexmap, hexmap.extra_edges), "LineString"),
        "features": (f, shapely.points(*_to_output(hexmap, f["sheet"], *_centres(hexmap, f))), "Point"),
    }
    plain = {
        "regions": hexmap.regions,
        "region_adjacency": hexmap.region_adjacency,
        "chokepoints": hexmap.chokepoints,
        "sheets": pd.DataFrame([s.to_record() for s in hexmap.sheets.values()], columns=list(SHEET_FIELDS)),
        "map_meta": pd.DataFrame(
            {
                "key": ["format_version", "name", "game", "crs"],
                "value": [FORMAT_VERSION, hexmap.name, hexmap.game, crs],
            }
        ),
    }
    if crs == "EPSG:4326":  # several CRSs written as lon/lat: cut at the antimeridian
        spatial.update({layer: (df, _split_antimeridian(geom), "Multi" + gtype)
                        for layer, (df, geom, gtype) in spatial.items() if gtype != "Point"})
        hexes, polys, gtype = spatial["hexes"]
        spatial["hexes"] = (hexes, _share_overlaps(polys, hexes["sheet"].to_numpy(), *hexmap.lonlat()), gtype)
    fd, tmp = tempfile.mkstemp(suffix=".gpkg", dir=path.parent)
    os.close(fd)
    os.unlink(tmp)
    try:
        with warnings.catch_warnings():
            warnings.filterwarnings("ignore", message=".*crs.*was not provided", category=UserWarning)
            for layer, (df, geom, gtype) in spatial.items():
                gdf = gpd.GeoDataFrame(df.copy(), geometry=gpd.GeoSeries(list(geom) if len(df) == 0 else geom, crs=crs))
                pyogrio.write_dataframe(gdf, tmp, layer=layer, driver="GPKG", geometry_type=gtype)
            for layer, df in plain.items():
                pyogrio.write_dataframe(df, tmp, layer=layer, driver="GPKG")
        os.replace(tmp, path)
    finally:
        if os.path.exists(tmp):
            os.unlink(tmp)
    return path


# ---------------------------------------------------------------------------- finding maps


def _bundled_dirs() -> list[Path]:
    dirs = []
    try:
        pkg = resources.files("viewer") / "maps"
        if pkg.is_dir():
            dirs.append(Path(str(pkg)))
    except (ModuleNotFoundError, TypeError):  # pragma: no cover - viewer is always importable here
        pass
    checkout = Path(__file__).resolve().parents[2] / "maps"
    if checkout.is_dir():
        dirs.append(checkout)
    return dirs


def bundled_maps() -> dict[str, Path]:
    """Bundled map names and files: the wheel's ``viewer/maps`` first, then the checkout's ``maps/``."""
    found: dict[str, Path] = {}
    for d in _bundled_dirs():
        for f in sorted(d.glob("*.gpkg")):
            found.setdefault(f.stem, f)
    return found


def _resolve(name_or_path) -> Path:
    if isinstance(name_or_path, os.PathLike):
        return Path(name_or_path)
    text = str(name_or_path)
    if text.endswith(".gpkg") or "/" in text or os.sep in text:
        return Path(text)
    maps = bundled_maps()
    if text not in maps:
        raise MapFileError(
            text, f"no bundled map named {text!r}; bundled maps: {', '.join(maps) or '(none)'}"
        )
    return maps[text]


# ---------------------------------------------------------------------------- reading


def _read(path: Path, layer: str) -> pd.DataFrame:
    import pyogrio

    try:
        return pyogrio.read_dataframe(path, layer=layer, read_geometry=False)
    except Exception as exc:  # pyogrio raises several error types for broken files
        raise MapFileError(path, f"cannot read layer: {exc}", layer) from None


def _meta(path: Path, df: pd.DataFrame) -> dict[str, str | None]:
    if not {"key", "value"} <= set(df.columns):
        raise MapFileError(path, "the table needs the columns key and value", "map_meta")
    meta = {str(k): (None if pd.isna(v) else str(v)) for k, v in zip(df["key"], df["value"])}
    for key in REQUIRED_META:
        if not meta.get(key):
            raise MapFileError(path, f"missing grid metadata {key!r}", "map_meta")
    if meta["format_version"] != FORMAT_VERSION:
        raise MapFileError(
            path,
            f"unsupported format_version {meta['format_version']!r}; this version reads {FORMAT_VERSION!r}",
            "map_meta",
        )
    return meta


def _sheets(path: Path, df: pd.DataFrame) -> list[Sheet]:
    missing = [c for c in REQUIRED_SHEET_FIELDS if c not in df.columns]
    if missing:
        raise MapFileError(path, f"missing grid metadata {', '.join(repr(m) for m in missing)}", "sheets")
    if len(df) == 0:
        raise MapFileError(path, "a map needs at least one sheet", "sheets")
    out = []
    for i, rec in enumerate(df.to_dict("records")):
        for key in REQUIRED_SHEET_FIELDS:
            if rec[key] is None or (isinstance(rec[key], float) and math.isnan(rec[key])):
                raise MapFileError(path, f"missing grid metadata {key!r}", "sheets", i + 1)
        opt = {k: (None if pd.isna(rec.get(k)) else rec.get(k)) for k in ("crs", "spacing_m")}
        try:
            out.append(
                Sheet(
                    name=str(rec["sheet"]),
                    size=float(rec["size"]),
                    orientation=str(rec["orientation"]),
                    offset=str(rec["offset"]),
                    label_format=str(rec["label_format"]),
                    col_base=int(rec["col_base"]),
                    row_base=int(rec["row_base"]),
                    x0=float(rec["x0"]),
                    y0=float(rec["y0"]),
                    crs=None if opt["crs"] is None else str(opt["crs"]),
                    spacing_m=None if opt["spacing_m"] is None else float(opt["spacing_m"]),
                )
            )
        except (ValueError, TypeError) as exc:
            raise MapFileError(path, str(exc), "sheets", i + 1) from None
    return out


@functools.lru_cache(maxsize=8)
def shared_map(name: str) -> HexMap:
    """The bundled map ``name``, loaded once per process and shared by every session.

    Everything derived from a map and cached on it (its sheet layout, its supply graph) is then
    built once too. The map is read-only: a caller that would change it takes :func:`load_map`.
    A path is refused: only bundled names are shared.
    """
    if name not in bundled_maps():
        raise MapFileError(name, f"no bundled map {name!r}; bundled: {', '.join(sorted(bundled_maps()))}")
    return load_map(name)


def load_map(name_or_path) -> HexMap:
    """Load a map by bundled name (``"demo"``) or by path, validating every table.

    Raises :class:`MapFileError` for anything wrong: a missing file, a file that is not a
    GeoPackage or not a map, missing grid metadata, and every inconsistency the validator finds.
    """
    import pyogrio

    path = _resolve(name_or_path)
    if not path.is_file():
        raise MapFileError(path, "no such file")
    with open(path, "rb") as fh:
        if fh.read(16) != _SQLITE_MAGIC:
            raise MapFileError(path, "not a GeoPackage (the file is not an SQLite database)")
    try:
        layers = {str(name) for name, _ in pyogrio.list_layers(path)}
    except Exception as exc:
        raise MapFileError(path, f"not a GeoPackage ({exc})") from None
    missing = [layer for layer in REQUIRED_LAYERS if layer not in layers]
    if missing:
        raise MapFileError(
            path,
            f"not a wargame-viewer map: missing layer(s) {', '.join(missing)} "
            f"(found: {', '.join(sorted(layers)) or 'none'})",
        )
    meta = _meta(path, _read(path, "map_meta"))
    sheets = _sheets(path, _read(path, "sheets"))
    tables = {layer: _read(path, layer) if layer in layers else None for layer in OPTIONAL_LAYERS}
    try:
        return HexMap(str(meta["name"]), str(meta["game"]), sheets, _read(path, "hexes"), **tables)
    except MapError as err:
        raise MapFileError.from_map_error(path, err) from None
