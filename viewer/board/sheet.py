"""One map sheet: its hex grid, numbering and placement.

A sheet is a grid of axial hexes ``(q, r)`` (see :mod:`viewer.hexgrid`) drawn at one hex
size and orientation. Its printed numbering is an offset numbering (``odd-r`` …) plus a
label format, so a hex's printed label follows from its offset coordinates:
``label_format.format(col=col + col_base, row=row + row_base)``. World in Flames prints
four-digit numbers (the Eastern Europe/Asia join matches hexes by number, WiF 2.1.1), so
the default is ``"{col:02d}{row:02d}"`` with 1-based columns and rows.

Placement: the centre of hex ``(0, 0)`` sits at ``(x0, y0)`` in map units, and every other
centre at ``(x0, y0) + hexgrid.hex_to_pixel(q, r, size, orientation)``, which is exactly
where a Bokeh ``hex_tile`` glyph with the same ``size`` and ``orientation`` draws it once
shifted by the origin. On a geographic sheet the map units are the metres of a projected
CRS (e.g. ``EPSG:3035``) and ``spacing_m`` is the distance between neighbouring centres
("hexes 100 km across" means centres 100 km apart), so ``size = spacing_m / sqrt(3)``.
"""
from __future__ import annotations

import math
import string
from dataclasses import asdict, dataclass

import numpy as np

from viewer import hexgrid

SQRT3 = math.sqrt(3.0)

#: Columns of the ``sheets`` table in a map file, in order (``crs`` and ``spacing_m`` may be empty).
SHEET_FIELDS = (
    "sheet",
    "size",
    "orientation",
    "offset",
    "label_format",
    "col_base",
    "row_base",
    "x0",
    "y0",
    "crs",
    "spacing_m",
)
REQUIRED_SHEET_FIELDS = SHEET_FIELDS[:9]


@dataclass(frozen=True)
class Sheet:
    """Grid metadata of one sheet. ``name`` is the sheet id used in hex keys ``(sheet, q, r)``."""

    name: str
    size: float = 1.0
    orientation: str = "pointytop"
    offset: str = "odd-r"
    label_format: str = "{col:02d}{row:02d}"
    col_base: int = 1
    row_base: int = 1
    x0: float = 0.0
    y0: float = 0.0
    crs: str | None = None
    spacing_m: float | None = None

    def __post_init__(self):
        if not isinstance(self.name, str) or not self.name:
            raise ValueError(f"sheet name must be a non-empty string, got {self.name!r}")
        if self.orientation not in hexgrid.ORIENTATIONS:
            raise ValueError(
                f"sheet {self.name!r}: unknown orientation {self.orientation!r}; "
                f"allowed: {', '.join(hexgrid.ORIENTATIONS)}"
            )
        if self.offset not in hexgrid.OFFSET_KINDS:
            raise ValueError(
                f"sheet {self.name!r}: unknown offset numbering {self.offset!r}; "
                f"allowed: {', '.join(hexgrid.OFFSET_KINDS)}"
            )
        if hexgrid.orientation_of(self.offset) != self.orientation:
            raise ValueError(
                f"sheet {self.name!r}: offset numbering {self.offset!r} needs "
                f"{hexgrid.orientation_of(self.offset)!r} hexes, not {self.orientation!r}"
            )
        if not (isinstance(self.size, (int, float)) and math.isfinite(self.size) and self.size > 0):
            raise ValueError(f"sheet {self.name!r}: size must be a positive number, got {self.size!r}")
        try:
            fields = {f for _, f, _, _ in string.Formatter().parse(self.label_format) if f is not None}
            if not fields <= {"col", "row"}:
                raise ValueError(f"unknown field(s) {', '.join(sorted(fields - {'col', 'row'}))}")
            self.label_format.format(col=self.col_base, row=self.row_base)
        except (KeyError, IndexError, ValueError, AttributeError) as exc:
            raise ValueError(
                f"sheet {self.name!r}: bad label format {self.label_format!r} ({exc}); "
                "use the fields {col} and {row}, e.g. '{col:02d}{row:02d}'"
            ) from None
        if self.crs is not None:
            if self.spacing_m is None:
                raise ValueError(f"sheet {self.name!r}: a geographic sheet ({self.crs}) needs spacing_m")
            if not math.isclose(self.size * SQRT3, self.spacing_m, rel_tol=1e-9):
                raise ValueError(
                    f"sheet {self.name!r}: size {self.size} does not match spacing_m "
                    f"{self.spacing_m} (size must be spacing_m / sqrt(3) = {self.spacing_m / SQRT3})"
                )

    @classmethod
    def geographic(cls, name: str, crs: str, spacing_m: float, **kwargs) -> "Sheet":
        """A sheet in projected CRS metres whose neighbouring centres lie ``spacing_m`` apart."""
        return cls(name=name, size=spacing_m / SQRT3, crs=crs, spacing_m=float(spacing_m), **kwargs)

    @property
    def is_geographic(self) -> bool:
        return self.crs is not None

    # ------------------------------------------------------------------ numbering

    def offset_coords(self, q, r):
        """Offset ``(col, row)`` (0-based) of axial hexes in this sheet's numbering."""
        return hexgrid.axial_to_offset(q, r, self.offset)

    def axial(self, col, row):
        """Axial ``(q, r)`` of 0-based offset ``(col, row)``."""
        return hexgrid.offset_to_axial(col, row, self.offset)

    def labels(self, q, r) -> np.ndarray:
        """Printed labels of many hexes (an object array of str).

        Each ``{col}``/``{row}`` field is formatted once per distinct value and the pieces are
        joined as arrays, so 70,000 labels cost a few milliseconds.
        """
        col, row = self.offset_coords(np.atleast_1d(q), np.atleast_1d(r))
        values = {"col": np.asarray(col) + int(self.col_base), "row": np.asarray(row) + int(self.row_base)}
        fmt = string.Formatter()
        out = np.full(len(values["col"]), "", dtype=object)
        for literal, fieldname, spec, conversion in fmt.parse(self.label_format):
            if literal:
                out = out + literal
            if fieldname is None:
                continue
            uniq, inverse = np.unique(values[fieldname], return_inverse=True)
            text = [fmt.format_field(fmt.convert_field(int(v), conversion), spec or "") for v in uniq]
            out = out + np.asarray(text, dtype=object)[inverse.ravel()]
        return out

    def label(self, q: int, r: int) -> str:
        """Printed label of one hex, e.g. ``"0304"``."""
        col, row = self.offset_coords(int(q), int(r))
        return self.label_format.format(col=col + self.col_base, row=row + self.row_base)

    # ------------------------------------------------------------------ positions

    def centers(self, q, r):
        """Hex centres in map units (projected metres on a geographic sheet)."""
        x, y = hexgrid.hex_to_pixel(q, r, self.size, self.orientation)
        return np.add(x, self.x0), np.add(y, self.y0)

    def hex_at_xy(self, x, y):
        """Axial ``(q, r)`` of the hex of this grid that contains map point ``(x, y)``."""
        return hexgrid.pixel_to_hex(np.subtract(x, self.x0), np.subtract(y, self.y0), self.size, self.orientation)

    def polygons(self, q, r):
        """Shapely hex polygons in map units (for GeoPackage export and spatial joins)."""
        import shapely

        polys = hexgrid.hex_polygons(q, r, self.size, self.orientation)
        return shapely.transform(polys, lambda xy: xy + np.array([self.x0, self.y0]))

    def to_record(self) -> dict:
        """The row of the ``sheets`` table for this sheet."""
        rec = asdict(self)
        rec["sheet"] = rec.pop("name")
        return {k: rec[k] for k in SHEET_FIELDS}
