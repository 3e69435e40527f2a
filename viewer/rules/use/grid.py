"""USE hex numbers ``AABB`` and the grid maths under them (USE 1.3, 1.4).

The rulebook never states its grid. The use-rules digest (section G) infers that ``AA`` is the
row (growing southward), ``BB`` the column (growing eastward), rows are straight east-west lines
(pointy-top hexes) and even rows are shifted half a hex east: the ``even-r`` offset layout. It is
the only layout consistent with every hex the examples name (2914/2915/3014/3115 of 4.2.3.1,
3055->3060 of 1.4). The layout is a setting (``numbering``), so a map that proves otherwise only
changes the setting. Distances and neighbours come from :mod:`viewer.hexgrid`.
"""
from __future__ import annotations

import numpy as np

from viewer import hexgrid

#: The inferred numbering (use-rules section G); any ``viewer.hexgrid`` row-offset kind is allowed.
DEFAULT_NUMBERING = "even-r"
NUMBERINGS = ("even-r", "odd-r")


def check_numbering(numbering: str) -> str:
    if numbering not in NUMBERINGS:
        raise ValueError(f"unknown USE numbering {numbering!r}; allowed: {', '.join(NUMBERINGS)}")
    return numbering


def parse(label: str) -> tuple[int, int]:
    """``"2914"`` -> ``(row, col)`` = ``(29, 14)``; a clear error for anything else."""
    text = str(label).strip()
    if len(text) != 4 or not text.isdigit():
        raise ValueError(f"a USE hex number has four digits AABB (row, column), not {label!r}")
    return int(text[:2]), int(text[2:])


def label(row: int, col: int) -> str:
    if not (0 <= row <= 99 and 0 <= col <= 99):
        raise ValueError(f"row and column must be 0..99, got {row}, {col}")
    return f"{row:02d}{col:02d}"


def to_axial(lbl: str, numbering: str = DEFAULT_NUMBERING) -> tuple[int, int]:
    row, col = parse(lbl)
    q, r = hexgrid.offset_to_axial(col, row, check_numbering(numbering))
    return int(q), int(r)


def from_axial(q: int, r: int, numbering: str = DEFAULT_NUMBERING) -> str:
    col, row = hexgrid.axial_to_offset(q, r, check_numbering(numbering))
    return label(int(row), int(col))


def labels_to_axial(labels, numbering: str = DEFAULT_NUMBERING) -> tuple[np.ndarray, np.ndarray]:
    """Vectorised :func:`to_axial` for an array of four-digit labels."""
    codes = np.asarray([int(x) for x in labels], dtype=np.int64)
    q, r = hexgrid.offset_to_axial(codes % 100, codes // 100, check_numbering(numbering))
    return np.atleast_1d(q), np.atleast_1d(r)


def distance(a: str, b: str, numbering: str = DEFAULT_NUMBERING) -> int:
    """Hexes between ``a`` and ``b`` (USE 1.4 counts the hexes entered, not the start hex)."""
    return int(hexgrid.distance(to_axial(a, numbering), to_axial(b, numbering)))


def neighbors(lbl: str, numbering: str = DEFAULT_NUMBERING) -> list[str]:
    """The six hex numbers around ``lbl`` (some may lie off the map)."""
    out = []
    for q, r in hexgrid.neighbors(to_axial(lbl, numbering)):
        try:
            out.append(from_axial(q, r, numbering))
        except ValueError:
            continue
    return out
