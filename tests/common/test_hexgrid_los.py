"""Property tests of the exact segment trace (viewer.hexgrid.segment_trace) used by ASL LOS."""
import random
from fractions import Fraction
from itertools import pairwise

import pytest

from viewer import hexgrid

RNG = random.Random(1944)
PAIRS = [((RNG.randint(-6, 6), RNG.randint(-6, 6)), (RNG.randint(-6, 6), RNG.randint(-6, 6))) for _ in range(150)]


def _stretches(trace):
    return [p for p in trace if p[0] in ("hex", "side")]


@pytest.mark.parametrize("a, b", PAIRS)
def test_trace_covers_the_segment_in_order(a, b):
    trace = hexgrid.segment_trace(a, b)
    parts = _stretches(trace)
    assert parts[0][1] == 0 and parts[-1][2] == 1
    for p, q in pairwise(parts):
        assert p[2] == q[1]                       # contiguous, no gap, no overlap
    assert parts[0][3] == (tuple(a),) and parts[-1][3] == (tuple(b),)


@pytest.mark.parametrize("a, b", PAIRS)
def test_trace_is_symmetric(a, b):
    """Tracing B->A meets the same hexes, sides and vertices at 1 - t."""
    fwd = hexgrid.segment_trace(a, b)
    back = hexgrid.segment_trace(b, a)
    norm = []
    for p in back:
        if p[0] in ("hex", "side"):
            norm.append((p[0], 1 - p[2], 1 - p[1], p[3]))
        else:
            norm.append((p[0], 1 - p[1], p[2]))
    assert sorted(fwd, key=str) == sorted(norm, key=str)


@pytest.mark.parametrize("a, b", PAIRS)
def test_centre_stepping_hexes_are_all_met(a, b):
    """Every hex of the nudged centre-stepping line is met by the exact trace (in a stretch or on a side)."""
    met = {h for p in _stretches(hexgrid.segment_trace(a, b)) for h in p[3]}
    assert set(hexgrid.line(a, b)) <= met


@pytest.mark.parametrize("k", [1, 2, 3, 5])
@pytest.mark.parametrize("d", range(6))
def test_diagonals_run_along_hexsides(k, d):
    """The six 'diagonal' directions (e.g. cube (1, 1, -2)) run exactly along hexsides, through vertices."""
    dq, dr = hexgrid.DIRECTIONS[d] + hexgrid.DIRECTIONS[(d + 1) % 6]
    trace = hexgrid.segment_trace((0, 0), (k * int(dq), k * int(dr)))
    kinds = [p[0] for p in trace]
    assert kinds.count("side") == k and kinds.count("vertex") == 2 * k and "cross" not in kinds
    for p in trace:
        if p[0] == "side":
            assert hexgrid.distance(*p[3]) == 1 and p[2] - p[1] == Fraction(1, 3 * k)


@pytest.mark.parametrize("k", [1, 2, 4])
@pytest.mark.parametrize("d", range(6))
def test_straight_rows_cross_hexsides_only(k, d):
    dq, dr = hexgrid.DIRECTIONS[d]
    trace = hexgrid.segment_trace((0, 0), (k * int(dq), k * int(dr)))
    assert [p[0] for p in trace].count("cross") == k
    assert all(p[0] in ("hex", "cross") for p in trace)


def test_shared_hexside_and_lattice():
    assert hexgrid.lattice_center((1, 0)) == (3, 1)
    a, b = hexgrid.shared_hexside((0, 0), (1, 0))
    assert {a, b} == {(1, 1), (2, 0)}
    with pytest.raises(ValueError, match="not neighbours"):
        hexgrid.shared_hexside((0, 0), (2, 0))


def test_same_hex_trace():
    assert hexgrid.segment_trace((2, 3), (2, 3)) == [("hex", 0, 1, ((2, 3),))]
