"""Property and example tests of viewer.hexgrid (docs/architecture.md "Layers")."""
import numpy as np
import pytest
from bokeh.util.hex import axial_to_cartesian, cartesian_to_axial
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from viewer import hexgrid as hg

coord = st.integers(min_value=-60, max_value=60)
hexes = st.tuples(coord, coord)
radii = st.integers(min_value=0, max_value=12)
kinds = st.sampled_from(hg.OFFSET_KINDS)
orientations = st.sampled_from(hg.ORIENTATIONS)


@given(hexes, hexes, hexes)
def test_distance_is_a_metric(a, b, c):
    assert hg.distance(a, a) == 0
    assert hg.distance(a, b) == hg.distance(b, a)
    assert (hg.distance(a, b) == 0) == (a == b)
    assert hg.distance(a, c) <= hg.distance(a, b) + hg.distance(b, c)


@given(hexes)
def test_six_distinct_neighbours_at_distance_one(h):
    ns = hg.neighbors(h)
    assert len(set(ns)) == 6
    assert all(hg.distance(h, n) == 1 for n in ns)
    for n in ns:
        assert h in hg.neighbors(n)


@given(hexes, hexes)
def test_line_steps_hex_by_hex_from_start_to_end(a, b):
    hs = hg.line(a, b)
    assert len(hs) == hg.distance(a, b) + 1
    assert hs[0] == a and hs[-1] == b
    assert all(hg.distance(p, q) == 1 for p, q in zip(hs, hs[1:]))


def test_line_along_a_hexside_picks_one_side_consistently():
    # (0,0) to (1,-2) runs exactly between (0,-1) and (1,-1); the nudge decides.
    path = hg.line((0, 0), (1, -2))
    assert len(path) == 3
    assert path[1] in {(0, -1), (1, -1)}
    assert hg.line((0, 0), (1, -2)) == path


@given(hexes, radii)
def test_ring_has_6k_hexes_at_distance_k(c, k):
    r = hg.ring(c, k)
    assert len(r) == max(1, 6 * k) == len(set(r))
    assert all(hg.distance(c, h) == k for h in r)


@given(hexes, radii)
def test_disk_has_3k_k_plus_1_plus_1_hexes(c, k):
    d = hg.disk(c, k)
    assert len(d) == 3 * k * (k + 1) + 1 == len(set(d))
    assert all(hg.distance(c, h) <= k for h in d)
    assert set(d) == set().union(*(hg.ring(c, i) for i in range(k + 1)))


@given(hexes, kinds)
def test_offset_round_trips(h, kind):
    col, row = hg.axial_to_offset(*h, kind)
    assert hg.offset_to_axial(col, row, kind) == h


@given(coord, coord, kinds)
def test_offset_neighbours_are_axial_neighbours(col, row, kind):
    """In an offset rectangle, the hex beside (col, row) in its row/column is a neighbour."""
    a = hg.offset_to_axial(col, row, kind)
    side = hg.offset_to_axial(col + 1, row, kind) if kind.endswith("-r") else hg.offset_to_axial(col, row + 1, kind)
    assert hg.distance(a, side) == 1


def test_offset_conversions_are_vectorised():
    col, row = np.arange(20), np.arange(20)[::-1]
    for kind in hg.OFFSET_KINDS:
        q, r = hg.offset_to_axial(col, row, kind)
        c2, r2 = hg.axial_to_offset(q, r, kind)
        assert np.array_equal(c2, col) and np.array_equal(r2, row)


def test_known_offset_values_from_red_blob():
    # odd-r: odd rows are shoved right, so (col 0, row 1) is axial (0, 1); (col 0, row 2) is (-1, 2).
    assert hg.offset_to_axial(0, 1, "odd-r") == (0, 1)
    assert hg.offset_to_axial(0, 2, "odd-r") == (-1, 2)
    assert hg.offset_to_axial(0, 1, "even-r") == (-1, 1)
    assert hg.offset_to_axial(1, 0, "odd-q") == (1, 0)
    assert hg.offset_to_axial(1, 0, "even-q") == (1, -1)


def test_unknown_kind_names_the_allowed_ones():
    with pytest.raises(ValueError, match="odd-r, even-r, odd-q, even-q"):
        hg.offset_to_axial(0, 0, "odd-x")


@settings(max_examples=200)
@given(hexes, orientations, st.floats(min_value=0.1, max_value=100))
def test_pixel_positions_agree_with_bokeh(h, orientation, size):
    ours = hg.hex_to_pixel(*h, size=size, orientation=orientation)
    theirs = axial_to_cartesian(np.array([h[0]]), np.array([h[1]]), size, orientation)
    assert np.allclose(ours, [theirs[0][0], theirs[1][0]])
    assert hg.pixel_to_hex(*ours, size=size, orientation=orientation) == h


@given(st.floats(-500, 500), st.floats(-500, 500), orientations)
def test_pixel_to_hex_agrees_with_bokeh(x, y, orientation):
    # Points on a hexside or corner belong to either hex; rounding ties may differ there.
    near = {hg.pixel_to_hex(x + dx, y + dy, 7.0, orientation) for dx in (-1e-6, 1e-6) for dy in (-1e-6, 1e-6)}
    assume(len(near) == 1)
    q, r = cartesian_to_axial(np.array([x]), np.array([y]), 7.0, orientation)
    assert hg.pixel_to_hex(x, y, 7.0, orientation) == (int(q[0]), int(r[0]))


@given(hexes, orientations)
def test_corners_surround_the_centre_at_size(h, orientation):
    xs, ys = hg.corners(*h, size=2.0, orientation=orientation)
    cx, cy = hg.hex_to_pixel(*h, size=2.0, orientation=orientation)
    assert np.allclose(np.hypot(xs - cx, ys - cy), 2.0)
    poly = hg.hex_polygons([h[0]], [h[1]], 2.0, orientation)[0]
    assert poly.is_valid and np.isclose(poly.area, 1.5 * np.sqrt(3) * 4.0)


def test_neighbouring_polygons_share_a_hexside():
    for orientation in hg.ORIENTATIONS:
        xs, ys = hg.corners([0, 1], [0, 0], 1.0, orientation)
        a = np.round(np.c_[xs[0], ys[0]], 9)
        b = np.round(np.c_[xs[1], ys[1]], 9)
        shared = {tuple(p) for p in a} & {tuple(p) for p in b}
        assert len(shared) == 2
        (x1, y1), (x2, y2) = shared
        assert np.isclose(np.hypot(x1 - x2, y1 - y2), 1.0)


def test_rectangle_in_offset_coordinates_is_a_rectangle():
    q, r = hg.rectangle(5, 4, "odd-r")
    col, row = hg.axial_to_offset(q, r, "odd-r")
    assert set(zip(col.tolist(), row.tolist())) == {(c, w) for c in range(5) for w in range(4)}


def test_scalar_in_scalar_out():
    assert isinstance(hg.distance((0, 0), (3, -1)), int)
    assert isinstance(hg.offset_to_axial(2, 3, "odd-r")[0], int)
    assert hg.distance((np.array([0, 1]), np.array([0, 0])), (0, 0)).tolist() == [0, 1]
