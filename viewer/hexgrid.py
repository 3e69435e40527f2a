"""Hex geometry on axial coordinates, vectorised with numpy.

Hexes are ``(q, r)`` pairs in axial coordinates (the cube coordinate ``s`` is
``-q - r``). Every function accepts plain integers and, where it makes sense,
numpy arrays of the same shape, and returns the same kind.

Pixel positions use exactly the convention of Bokeh's ``hex_tile`` glyph
(``bokeh.util.hex.axial_to_cartesian``): ``size`` is the centre-to-corner
distance, ``orientation`` is ``"pointytop"`` or ``"flattop"``, and y grows
*upwards* while ``r`` grows down the screen, so printed maps whose row numbers
grow downwards need no flip.

Offset numberings follow Red Blob Games' guide: ``odd-r`` and ``even-r`` shove
odd or even rows right (pointy tops), ``odd-q`` and ``even-q`` shove odd or
even columns down (flat tops).
"""
from __future__ import annotations

import math
from typing import Iterable

import numpy as np

ORIENTATIONS = ("pointytop", "flattop")
OFFSET_KINDS = ("odd-r", "even-r", "odd-q", "even-q")

#: Axial direction vectors, counter-clockwise starting east (pointy tops) /
#: south-east (flat tops) on screen.
DIRECTIONS = np.array([(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)], dtype=np.int64)

#: Line-drawing nudge of Red Blob's reference implementation, added to the
#: start and end so that lines along a hexside fall consistently to one side.
LINE_NUDGE = (1e-6, 1e-6, -2e-6)

SQRT3 = math.sqrt(3.0)


def _check_kind(kind: str) -> None:
    if kind not in OFFSET_KINDS:
        raise ValueError(f"unknown offset kind {kind!r}; allowed: {', '.join(OFFSET_KINDS)}")


def _check_orientation(orientation: str) -> None:
    if orientation not in ORIENTATIONS:
        raise ValueError(
            f"unknown orientation {orientation!r}; allowed: {', '.join(ORIENTATIONS)}"
        )


def _scalar_or_array(x):
    """Return a Python int for 0-d results and an array otherwise."""
    arr = np.asarray(x)
    return int(arr) if arr.ndim == 0 else arr


def _qr(h):
    q, r = h
    return np.asarray(q), np.asarray(r)


# --------------------------------------------------------------------------- distance


def distance(a, b):
    """Number of hex steps between hexes ``a`` and ``b`` (axial pairs or arrays)."""
    aq, ar = _qr(a)
    bq, br = _qr(b)
    dq = aq - bq
    dr = ar - br
    d = (np.abs(dq) + np.abs(dr) + np.abs(dq + dr)) // 2
    return _scalar_or_array(d)


def neighbors(h) -> list[tuple[int, int]]:
    """The six hexes sharing a hexside with ``h``, in :data:`DIRECTIONS` order."""
    q, r = int(h[0]), int(h[1])
    return [(q + int(dq), r + int(dr)) for dq, dr in DIRECTIONS]


def neighbor_arrays(q, r) -> tuple[np.ndarray, np.ndarray]:
    """Neighbours of many hexes at once: two ``(n, 6)`` arrays of q and r."""
    q = np.asarray(q, dtype=np.int64).reshape(-1, 1)
    r = np.asarray(r, dtype=np.int64).reshape(-1, 1)
    return q + DIRECTIONS[:, 0], r + DIRECTIONS[:, 1]


def direction_between(a, b) -> int:
    """Index into :data:`DIRECTIONS` of the step from ``a`` to its neighbour ``b``."""
    d = (int(b[0]) - int(a[0]), int(b[1]) - int(a[1]))
    for i, (dq, dr) in enumerate(DIRECTIONS):
        if (dq, dr) == d:
            return i
    raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not neighbours")


# --------------------------------------------------------------------------- rings and disks


def ring(center, radius: int) -> list[tuple[int, int]]:
    """Hexes exactly ``radius`` steps from ``center`` (``6 * radius`` of them; the centre for 0)."""
    radius = int(radius)
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    cq, cr = int(center[0]), int(center[1])
    if radius == 0:
        return [(cq, cr)]
    q, r = cq + int(DIRECTIONS[4][0]) * radius, cr + int(DIRECTIONS[4][1]) * radius
    out = []
    for side in range(6):
        dq, dr = DIRECTIONS[side]
        for _ in range(radius):
            out.append((q, r))
            q, r = q + int(dq), r + int(dr)
    return out


def disk(center, radius: int) -> list[tuple[int, int]]:
    """Hexes within ``radius`` steps of ``center`` (``3k(k+1)+1`` of them)."""
    radius = int(radius)
    if radius < 0:
        raise ValueError(f"radius must be >= 0, got {radius}")
    q, r = disk_arrays(center, radius)
    return list(zip(q.tolist(), r.tolist()))


def disk_arrays(center, radius: int) -> tuple[np.ndarray, np.ndarray]:
    """:func:`disk` as two int arrays, for vectorised work."""
    k = np.arange(-radius, radius + 1)
    dq, dr = np.meshgrid(k, k, indexing="ij")
    keep = np.abs(dq + dr) <= radius
    return int(center[0]) + dq[keep], int(center[1]) + dr[keep]


# --------------------------------------------------------------------------- rounding and lines


def cube_round(qf, rf):
    """Round fractional axial coordinates to the hex that contains them."""
    qf = np.asarray(qf, dtype=float)
    rf = np.asarray(rf, dtype=float)
    sf = -qf - rf
    q = np.round(qf)
    r = np.round(rf)
    s = np.round(sf)
    dq = np.abs(q - qf)
    dr = np.abs(r - rf)
    ds = np.abs(s - sf)
    fix_q = (dq > dr) & (dq > ds)
    fix_r = ~fix_q & (dr > ds)
    q = np.where(fix_q, -r - s, q)
    r = np.where(fix_r, -q - s, r)
    return _scalar_or_array(q.astype(np.int64)), _scalar_or_array(r.astype(np.int64))


def line(a, b, nudge: tuple[float, float, float] = LINE_NUDGE) -> list[tuple[int, int]]:
    """Hexes on the straight segment from centre ``a`` to centre ``b``, both ends included.

    The ends are nudged by ``nudge`` (cube q, r, s) so a segment that runs along a
    hexside picks one side consistently. This is centre-to-centre stepping; exact
    hexside and vertex tests for line of sight belong to the games that need them.
    """
    n = distance(a, b)
    aq, ar = float(a[0]) + nudge[0], float(a[1]) + nudge[1]
    bq, br = float(b[0]) + nudge[0], float(b[1]) + nudge[1]
    if n == 0:
        return [(int(a[0]), int(a[1]))]
    t = np.linspace(0.0, 1.0, n + 1)
    q, r = cube_round(aq + (bq - aq) * t, ar + (br - ar) * t)
    return list(zip(np.atleast_1d(q).tolist(), np.atleast_1d(r).tolist()))


# --------------------------------------------------------------------------- offset numberings


def offset_to_axial(col, row, kind: str):
    """Convert offset ``(col, row)`` in numbering ``kind`` to axial ``(q, r)``."""
    _check_kind(kind)
    col = np.asarray(col, dtype=np.int64)
    row = np.asarray(row, dtype=np.int64)
    if kind == "odd-r":
        q, r = col - (row - (row & 1)) // 2, row
    elif kind == "even-r":
        q, r = col - (row + (row & 1)) // 2, row
    elif kind == "odd-q":
        q, r = col, row - (col - (col & 1)) // 2
    else:
        q, r = col, row - (col + (col & 1)) // 2
    return _scalar_or_array(q), _scalar_or_array(r)


def axial_to_offset(q, r, kind: str):
    """Convert axial ``(q, r)`` to offset ``(col, row)`` in numbering ``kind``."""
    _check_kind(kind)
    q = np.asarray(q, dtype=np.int64)
    r = np.asarray(r, dtype=np.int64)
    if kind == "odd-r":
        col, row = q + (r - (r & 1)) // 2, r
    elif kind == "even-r":
        col, row = q + (r + (r & 1)) // 2, r
    elif kind == "odd-q":
        col, row = q, r + (q - (q & 1)) // 2
    else:
        col, row = q, r + (q + (q & 1)) // 2
    return _scalar_or_array(col), _scalar_or_array(row)


def orientation_of(kind: str) -> str:
    """The hex orientation an offset numbering implies (rows shove: pointy; columns: flat)."""
    _check_kind(kind)
    return "pointytop" if kind.endswith("-r") else "flattop"


def rectangle(cols: int, rows: int, kind: str) -> tuple[np.ndarray, np.ndarray]:
    """Axial q, r arrays of a ``cols`` by ``rows`` rectangle laid out in offset numbering."""
    c, rw = np.meshgrid(np.arange(cols), np.arange(rows), indexing="xy")
    q, r = offset_to_axial(c.ravel(), rw.ravel(), kind)
    return np.asarray(q), np.asarray(r)


# --------------------------------------------------------------------------- pixels


def hex_to_pixel(q, r, size: float = 1.0, orientation: str = "pointytop", aspect_scale: float = 1.0):
    """Centre of axial hex ``(q, r)`` in the coordinates Bokeh's ``hex_tile`` draws it at."""
    _check_orientation(orientation)
    q = np.asarray(q, dtype=float)
    r = np.asarray(r, dtype=float)
    if orientation == "pointytop":
        x = size * SQRT3 * (q + r / 2.0) / aspect_scale
        y = -size * 1.5 * r
    else:
        x = size * 1.5 * q
        y = -size * SQRT3 * (r + q / 2.0) * aspect_scale
    if x.ndim == 0:
        return float(x), float(y)
    return x, y


def pixel_to_hex(x, y, size: float = 1.0, orientation: str = "pointytop", aspect_scale: float = 1.0):
    """Axial hex containing the point ``(x, y)`` (inverse of :func:`hex_to_pixel`)."""
    _check_orientation(orientation)
    x = np.asarray(x, dtype=float)
    y = np.asarray(y, dtype=float)
    if orientation == "pointytop":
        xs = x * aspect_scale / size
        ys = -y / size
        qf = SQRT3 / 3.0 * xs - ys / 3.0
        rf = 2.0 / 3.0 * ys
    else:
        xs = x / size
        ys = -y / size / aspect_scale
        qf = 2.0 / 3.0 * xs
        rf = -xs / 3.0 + SQRT3 / 3.0 * ys
    return cube_round(qf, rf)


def corners(q, r, size: float = 1.0, orientation: str = "pointytop", aspect_scale: float = 1.0):
    """Corner points of hexes: arrays of shape ``(n, 6)`` for x and y, counter-clockwise.

    Used to export hexes as polygons (GeoPackage, shapely); drawing uses ``hex_tile``.
    """
    _check_orientation(orientation)
    cx, cy = hex_to_pixel(np.atleast_1d(q), np.atleast_1d(r), size, orientation, aspect_scale)
    start = 30.0 if orientation == "pointytop" else 0.0
    angles = np.deg2rad(start + 60.0 * np.arange(6))
    dx = size * np.cos(angles)
    dy = size * np.sin(angles)
    if orientation == "pointytop":
        dx = dx / aspect_scale
    else:
        dy = dy * aspect_scale
    return np.asarray(cx)[:, None] + dx, np.asarray(cy)[:, None] + dy


def hex_polygons(q, r, size: float = 1.0, orientation: str = "pointytop", aspect_scale: float = 1.0):
    """Shapely polygons of hexes, for export and spatial joins."""
    import shapely

    xs, ys = corners(q, r, size, orientation, aspect_scale)
    rings = np.stack([xs, ys], axis=-1)
    return shapely.polygons(rings)


def hexes_to_arrays(hexes: Iterable[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
    """Split a sequence of ``(q, r)`` pairs into two int arrays."""
    arr = np.asarray(list(hexes), dtype=np.int64).reshape(-1, 2)
    return arr[:, 0], arr[:, 1]


# --------------------------------------------------------------------------- exact segment trace
#
# Both hex orientations are affine images of one integer lattice: a hex (q, r) has its centre at
# ``(3q, 2r + q)`` and its corners at the centre plus (±2, 0), (±1, ±1). Affine maps keep
# straight lines, incidence and the parameter along a segment, so tracing a centre-to-centre
# segment on this lattice with exact fractions tells *exactly* which hex interiors it crosses,
# which hexsides it runs along and which vertices it passes through, for pointy and flat tops
# alike (used by ASL line of sight, viewer/rules/asl/los.py).

_LATTICE_CORNERS = ((2, 0), (1, 1), (-1, 1), (-2, 0), (-1, -1), (1, -1))


def lattice_center(h) -> tuple[int, int]:
    """Integer centre of hex ``h`` on the exact trace lattice: ``(3q, 2r + q)``."""
    q, r = int(h[0]), int(h[1])
    return 3 * q, 2 * r + q


def lattice_corners(h) -> list[tuple[int, int]]:
    """The six integer corners of hex ``h`` on the trace lattice."""
    cx, cy = lattice_center(h)
    return [(cx + dx, cy + dy) for dx, dy in _LATTICE_CORNERS]


def shared_hexside(a, b) -> tuple[tuple[int, int], tuple[int, int]]:
    """The two lattice corners that neighbours ``a`` and ``b`` share (their common hexside)."""
    common = sorted(set(lattice_corners(a)) & set(lattice_corners(b)))
    if len(common) != 2:
        raise ValueError(f"hexes {tuple(a)} and {tuple(b)} are not neighbours")
    return common[0], common[1]


def _in_closed_hex(center: tuple[int, int], x, y) -> bool:
    dx, dy = x - center[0], y - center[1]
    return abs(dy) <= 1 and abs(dx) + abs(dy) <= 2


def _clip(center: tuple[int, int], ax: int, ay: int, bx: int, by: int):
    """Parameter interval ``(t0, t1)`` of segment A->B inside the closed hex, or None (exact)."""
    from fractions import Fraction

    lo, hi = Fraction(0), Fraction(1)
    px, py = ax - center[0], ay - center[1]
    vx, vy = bx - ax, by - ay
    # the closed hex: |dy| <= 1 and |dx| + |dy| <= 2, i.e. six half-planes  s.(dx, dy) <= c
    for sx, sy, c in ((0, 1, 1), (0, -1, 1), (1, 1, 2), (1, -1, 2), (-1, 1, 2), (-1, -1, 2)):
        a0 = sx * px + sy * py
        b0 = sx * vx + sy * vy
        if b0 == 0:
            if a0 > c:
                return None
            continue
        t = Fraction(c - a0, b0)
        if b0 > 0:
            hi = min(hi, t)
        else:
            lo = max(lo, t)
        if lo > hi:
            return None
    return lo, hi


def segment_trace(a, b) -> list[tuple]:
    """Exactly what the straight segment from the centre of hex ``a`` to that of ``b`` meets.

    Returns pieces in order along the segment, with exact :class:`fractions.Fraction` parameters
    ``t`` (0 at ``a``'s centre, 1 at ``b``'s):

    * ``("hex", t0, t1, (h,))``: a stretch inside hex ``h`` (its interior);
    * ``("side", t0, t1, (h1, h2))``: a stretch running exactly along the hexside of h1 and h2;
    * ``("cross", t, (h1, h2))``: the segment crosses the hexside of h1 and h2 at one point;
    * ``("vertex", t, (h1, h2, h3))``: the segment passes exactly through the corner the three
      hexes share.

    Unlike :func:`line` (centre stepping with a nudge), nothing here is rounded.
    """
    a = (int(a[0]), int(a[1]))
    b = (int(b[0]), int(b[1]))
    if a == b:
        from fractions import Fraction

        return [("hex", Fraction(0), Fraction(1), (a,))]
    ax, ay = lattice_center(a)
    bx, by = lattice_center(b)
    cands = set()
    for h in line(a, b) + line(a, b, nudge=(-1e-6, -1e-6, 2e-6)):
        cands.add(h)
        cands.update(neighbors(h))
    clips = {}
    for h in cands:
        iv = _clip(lattice_center(h), ax, ay, bx, by)
        if iv is not None:
            clips[h] = iv
    ts = sorted({t for iv in clips.values() for t in iv})
    pieces: list[tuple] = []
    for i, t in enumerate(ts):
        if 0 < t < 1:
            x, y = ax + t * (bx - ax), ay + t * (by - ay)
            at = tuple(sorted(h for h in clips if _in_closed_hex(lattice_center(h), x, y)))
            if len(at) >= 3:
                pieces.append(("vertex", t, at))
            elif len(at) == 2:
                pieces.append(("cross", t, at))
        if i + 1 < len(ts):
            t0, t1 = t, ts[i + 1]
            inside = tuple(sorted(h for h, (lo, hi) in clips.items() if lo <= t0 and hi >= t1))
            pieces.append(("hex" if len(inside) == 1 else "side", t0, t1, inside))
    return pieces
