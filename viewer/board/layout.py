"""Where each sheet of a map of several sheets is drawn: one plane for sheets of different scales.

Maps of several sheets keep each sheet in its own projection and hex size (a sheet of 100 km
hexes beside one of 230 km, WiF 1.2), so they cannot be drawn in one shared coordinate plane
as they are. This module computes the whole-hex shift of each sheet; the map view draws it.

**Layout** (:func:`sheet_layout`). A map whose sheets share one plane (a single CRS, or plain map
units as on the demo map) and do not overlap there is drawn as its file places it. Otherwise the
sheets are laid out **by geography, edge to edge like the printed maps**:

* each sheet keeps its own hex size in its own map units (metres on a geographic sheet), so a
  230 km Asian hex is drawn 2.3 times as wide as a 100 km European one and distances read true
  on every sheet;
* the finest sheet (Europe) stays where its file puts it;
* then, one at a time, the sheet with the most extra edges (joins, off-map links, lines of
  communication, WiF 2.1.1-2.1.3) to the sheets already placed is moved so that its linked hexes
  sit on their partners (the mean of the moves), and from there pushed away from them, half a hex
  at a time, until no hex of it comes within two hex radii of a placed hex: joined hexes then face
  each other across a narrow gap (Asia east of Europe, the Pacific east of Asia, the American
  mini-map east of the Pacific, the off-map hexes beside the edges they link to), and no two
  sheets overlap;
* a sheet linked to no other goes to the right of everything, one hex (of the largest scale) away,
  at the height of its mean latitude (a degree is 111.32 km) on a geographic map, or at its own
  height on plain map units.

A Bokeh ``hex_tile`` glyph has no offset, so each sheet is moved by whole hexes of its own grid
(``(dq, dr)``): the placement is exact to one hex.
"""
from __future__ import annotations

import math

import numpy as np
from scipy.spatial import cKDTree

from viewer import hexgrid
from viewer.board.model import HexMap

#: Metres of one degree of latitude (height of a sheet linked to no other).
M_PER_DEG = 111_320.0
#: Gap before a sheet linked to no other, in hexes of the largest scale.
GAP_HEXES = 1

def _native(hexmap: HexMap) -> dict[str, tuple[np.ndarray, np.ndarray]]:
    """Each sheet's hex centres relative to its own hex (0, 0) (what ``hex_tile`` draws unshifted)."""
    h = hexmap.hexes
    out = {}
    for name, s in hexmap.sheets.items():
        m = (h["sheet"] == name).to_numpy()
        out[name] = hexgrid.hex_to_pixel(h["q"].to_numpy()[m], h["r"].to_numpy()[m], s.size, s.orientation)
    return out


def _shift_xy(sheet, shift) -> tuple[float, float]:
    x, y = hexgrid.hex_to_pixel(shift[0], shift[1], sheet.size, sheet.orientation)
    return float(x), float(y)


def _bbox(sheet, xy, shift) -> tuple[float, float, float, float]:
    """``(x0, x1, y0, y1)`` of a sheet's hexes as drawn with ``shift`` (centres plus a hex's radius)."""
    x, y = xy
    if not len(x):
        return (math.inf, -math.inf, math.inf, -math.inf)
    dx, dy = _shift_xy(sheet, shift)
    return (float(x.min()) + dx - sheet.size, float(x.max()) + dx + sheet.size,
            float(y.min()) + dy - sheet.size, float(y.max()) + dy + sheet.size)


def _own_shifts(hexmap: HexMap) -> dict[str, tuple[int, int]]:
    """Whole-hex shift that puts each sheet's origin ``(x0, y0)`` where its file places it."""
    out = {}
    for s in hexmap.sheets.values():
        q, r = hexgrid.pixel_to_hex(s.x0, s.y0, s.size, s.orientation)
        out[s.name] = (int(q), int(r))
    return out


def sheets_overlap(hexmap: HexMap, shifts) -> list[tuple[str, str]]:
    """Pairs of sheets whose drawn hexes overlap (more than a shared edge) with ``shifts``."""
    import shapely

    native = _native(hexmap)
    names = [n for n in hexmap.sheets if len(native[n][0])]
    boxes = {n: _bbox(hexmap.sheets[n], native[n], shifts[n]) for n in names}
    polys: dict = {}

    def polygons(n):
        if n not in polys:
            s, (dq, dr) = hexmap.sheets[n], shifts[n]
            h = hexmap.hexes[(hexmap.hexes["sheet"] == n).to_numpy()]
            polys[n] = hexgrid.hex_polygons(h["q"].to_numpy() + dq, h["r"].to_numpy() + dr, s.size, s.orientation)
        return polys[n]

    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            ba, bb = boxes[a], boxes[b]
            if ba[1] <= bb[0] or bb[1] <= ba[0] or ba[3] <= bb[2] or bb[3] <= ba[2]:
                continue
            pa, pb = polygons(a), polygons(b)
            ia, ib = shapely.STRtree(pa).query(pb, predicate="intersects")[::-1]
            if len(ia):
                area = shapely.area(shapely.intersection(pa[ia], pb[ib]))
                small = min(hexmap.sheets[a].size, hexmap.sheets[b].size) ** 2
                if (area > 1e-6 * small).any():
                    out.append((a, b))
    return out


def _geography(hexmap: HexMap, native, name: str) -> tuple[float, float]:
    """Mean longitude (circular) and latitude of a sheet's hexes (WGS 84 degrees)."""
    from pyproj import Transformer

    s, (x, y) = hexmap.sheets[name], native[name]
    t = Transformer.from_crs(s.crs, "EPSG:4326", always_xy=True)
    lon, lat = t.transform(np.asarray(x) + s.x0, np.asarray(y) + s.y0)
    rad = np.radians(lon)
    return math.degrees(math.atan2(np.sin(rad).mean(), np.cos(rad).mean())), float(np.mean(lat))


def _centres(hexmap: HexMap, shifts, sheets, q, r) -> np.ndarray:
    """``(n, 2)`` drawn centres of hexes ``(sheets[i], q[i], r[i])`` with ``shifts``."""
    out = np.zeros((len(q), 2))
    for name, s in hexmap.sheets.items():
        m = sheets == name
        if m.any():
            dq, dr = shifts.get(name, (0, 0))
            out[m] = np.c_[hexgrid.hex_to_pixel(q[m] + dq, r[m] + dr, s.size, s.orientation)]
    return out


def _links(hexmap: HexMap, name: str, placed: dict):
    """Every extra edge between sheet ``name`` and a placed sheet: ``(own, partner)`` centres as
    ``(n, 2)`` arrays, ``name``'s unshifted and the partner's as drawn (None when there is none)."""
    e = hexmap.extra_edges
    own, other = [], []
    for mine, theirs in (("_a", "_b"), ("_b", "_a")):
        rows = e[(e["sheet" + mine] == name).to_numpy() & e["sheet" + theirs].isin(list(placed)).to_numpy()]
        if len(rows):
            col = {c: rows[c + mine].to_numpy() for c in ("sheet", "q", "r")}
            par = {c: rows[c + theirs].to_numpy() for c in ("sheet", "q", "r")}
            own.append(_centres(hexmap, {}, col["sheet"].astype(object), col["q"], col["r"]))
            other.append(_centres(hexmap, placed, par["sheet"].astype(object), par["q"], par["r"]))
    return (np.concatenate(own), np.concatenate(other)) if own else None


class _Placed:
    """The hexes placed so far, one KD-tree per sheet, for the overlap test of the next sheet."""

    def __init__(self) -> None:
        self.trees: list[tuple[cKDTree, float]] = []

    def add(self, points: np.ndarray, size: float) -> None:
        self.trees.append((cKDTree(points), size))

    def clear_of(self, points: np.ndarray, size: float) -> bool:
        """No hex of radius ``size`` at ``points`` has its centre within the two radii of a placed
        hex's (then no two hexes overlap; hexes across the gap may almost touch)."""
        for tree, other in self.trees:
            d, _ = tree.query(points, k=1, distance_upper_bound=size + other)
            if np.isfinite(d).any():
                return False
        return True


#: Directions tried when a sheet is pushed off the sheets placed before it (every 22.5 degrees).
DIRECTIONS = np.c_[np.cos(np.radians(np.arange(0, 360, 22.5))), np.sin(np.radians(np.arange(0, 360, 22.5)))]
#: Coarse step of the push, in hex radii.
COARSE = 4
#: Farthest push tried, in hex radii of the sheet being placed.
MAX_PUSH = 400


def _fit(sheet, pts: np.ndarray, mine: np.ndarray, theirs: np.ndarray, placed: _Placed) -> tuple[int, int]:
    """The whole-hex shift of a sheet whose hexes ``mine`` (unshifted) link to ``theirs`` (drawn):
    the linked hexes moved onto their partners, then pushed in each direction of
    :data:`DIRECTIONS` until clear of the placed sheets (found in steps of :data:`COARSE` hex
    radii, then narrowed radius by radius); the clear position with the shortest mean link wins."""
    t = (theirs - mine).mean(axis=0)

    def clear(k, d):
        shift = _snap(sheet, t + k * sheet.size * d)
        return shift if placed.clear_of(pts + _shift_xy(sheet, shift), sheet.size) else None

    best, best_len = None, math.inf
    for d in DIRECTIONS:
        for k in range(0, MAX_PUSH, COARSE):
            if best is not None and (k - COARSE) * sheet.size > best_len + 2 * sheet.size:
                break  # already farther than the best found: no shorter links this way
            shift = clear(k, d)
            if shift is None:
                continue
            for back in range(k - 1, max(k - COARSE, -1), -1):  # the nearest clear radius
                nearer = clear(back, d)
                if nearer is None:
                    break
                shift = nearer
            length = float(np.hypot(*(mine + _shift_xy(sheet, shift) - theirs).T).mean())
            if length < best_len:
                best, best_len = shift, length
            break
    if best is None:
        raise ValueError(f"sheet {sheet.name!r}: no place clear of the other sheets within {MAX_PUSH} hexes")
    return best


def _snap(sheet, t) -> tuple[int, int]:
    q, r = hexgrid.pixel_to_hex(float(t[0]), float(t[1]), sheet.size, sheet.orientation)
    return int(q), int(r)


_LAYOUTS: dict[str, dict[str, tuple[int, int]]] = {}


def _content_key(hexmap: HexMap) -> str:
    """A digest of what the layout depends on: the sheets, the hexes' keys and the extra edges."""
    import hashlib

    h, e = hexmap.hexes, hexmap.extra_edges
    digest = hashlib.blake2b(repr([s.to_record() for s in hexmap.sheets.values()]).encode(), digest_size=16)
    for df, cols in ((h, ("sheet", "q", "r")), (e, ("sheet_a", "q_a", "r_a", "sheet_b", "q_b", "r_b"))):
        for c in cols:
            values = df[c].to_numpy()
            digest.update(values.astype(np.int64).tobytes() if values.dtype.kind in "iu"
                          else "\x1f".join(map(str, values)).encode())
    return digest.hexdigest()


def sheet_layout(hexmap: HexMap) -> dict[str, tuple[int, int]]:
    """Whole-hex shift ``(dq, dr)`` of each sheet in the view (see the module doc for the rules).

    Kept per map content, so every session showing the same map lays it out once.
    """
    key = _content_key(hexmap)
    if key not in _LAYOUTS:
        _LAYOUTS[key] = _layout(hexmap)
    return dict(_LAYOUTS[key])


def _layout(hexmap: HexMap) -> dict[str, tuple[int, int]]:
    own = _own_shifts(hexmap)
    shared = hexmap.crs is not None or not hexmap.is_geographic
    if len(hexmap.sheets) == 1 or (shared and not sheets_overlap(hexmap, own)):
        return own
    xy = _native(hexmap)
    native = {n: np.c_[v] for n, v in xy.items()}
    sheets = hexmap.sheets
    rank = {n: i for i, n in enumerate(sheets)}
    first = min(sheets, key=lambda n: (sheets[n].size, rank[n]))
    shifts = {first: own[first]}
    placed = _Placed()
    placed.add(native[first] + _shift_xy(sheets[first], own[first]), sheets[first].size)
    todo = [n for n in sheets if n != first and len(native[n])]
    while todo:
        links = {n: _links(hexmap, n, shifts) for n in todo}
        linked = [n for n in todo if links[n] is not None]
        if not linked:
            break
        name = max(linked, key=lambda n: (len(links[n][0]), -rank[n]))
        todo.remove(name)
        s, pts = sheets[name], native[name]
        mine, theirs = links[name]
        shifts[name] = _fit(s, pts, mine, theirs, placed)
        placed.add(pts + _shift_xy(s, shifts[name]), s.size)
    for name in todo:  # linked to no other sheet: in a row to the right (by latitude if geographic)
        s, pts = sheets[name], native[name]
        right = view_bounds(hexmap, shifts)[1] + GAP_HEXES * math.sqrt(3) * max(x.size for x in sheets.values())
        dy = (_geography(hexmap, xy, name)[1] * M_PER_DEG - float(pts[:, 1].mean()) if hexmap.is_geographic
              else _shift_xy(s, own[name])[1])
        shift = _snap(s, (right - (float(pts[:, 0].min()) - s.size), dy))
        while _bbox(s, xy[name], shift)[0] < right:
            shift = (shift[0] + 1, shift[1])
        shifts[name] = shift
    return {n: shifts.get(n, own[n]) for n in sheets}


def view_bounds(hexmap: HexMap, shifts, sheet: str | None = None) -> tuple[float, float, float, float]:
    """``(x0, x1, y0, y1)`` the view gives one sheet's hexes, or all of them (``sheet=None``)."""
    native = _native(hexmap)
    names = [n for n in hexmap.sheets if n in shifts] if sheet is None else [sheet]
    boxes = [_bbox(hexmap.sheets[n], native[n], shifts[n]) for n in names if len(native[n][0])]
    if not boxes:
        raise ValueError(f"sheet {sheet!r} of map {hexmap.name!r} has no hexes")
    b = np.array(boxes)
    return float(b[:, 0].min()), float(b[:, 1].max()), float(b[:, 2].min()), float(b[:, 3].max())



def edge_segments(hexmap: HexMap, shifts, rows) -> dict[str, np.ndarray]:
    """Segments ``x0, y0, x1, y1`` from hex a's centre to hex b's for extra-edge ``rows``."""
    out = {}
    for end in ("a", "b"):
        x, y = np.zeros(len(rows)), np.zeros(len(rows))
        sheets = rows[f"sheet_{end}"].to_numpy(dtype=object)
        for name, s in hexmap.sheets.items():
            m = sheets == name
            if m.any():
                dq, dr = shifts[name]
                x[m], y[m] = hexgrid.hex_to_pixel(rows[f"q_{end}"].to_numpy()[m] + dq,
                                                  rows[f"r_{end}"].to_numpy()[m] + dr, s.size, s.orientation)
        out["x0" if end == "a" else "x1"], out["y0" if end == "a" else "y1"] = x, y
    return out
