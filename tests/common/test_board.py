"""The HexMap model: sheets, labels, adjacency with extra edges, hex_at on a geographic map."""
from __future__ import annotations

import math

import numpy as np
import pandas as pd
import pytest
import shapely
from hypothesis import given, settings
from hypothesis import strategies as st
from pyproj import Transformer

from viewer import hexgrid
from viewer.board import EDGE_KINDS, HexMap, MapError, Sheet, vocabulary
from viewer.board.synthetic import rectangle_hexes, rectangle_map


def two_sheets() -> HexMap:
    """A 4x3 west sheet and a 2x2 east sheet joined by two sheet-join edges."""
    west = Sheet("west")
    east = Sheet("east", x0=10.0)
    hexes = pd.concat([rectangle_hexes(west, 4, 3), rectangle_hexes(east, 2, 2)], ignore_index=True)
    qw, rw = west.axial(3, 0)
    qe, re_ = east.axial(0, 0)
    qw1, rw1 = west.axial(3, 1)
    qe1, re1 = east.axial(0, 1)
    edges = pd.DataFrame(
        [
            dict(sheet_a="west", q_a=qw, r_a=rw, sheet_b="east", q_b=qe, r_b=re_, kind="sheet-join"),
            dict(sheet_a="west", q_a=qw1, r_a=rw1, sheet_b="east", q_b=qe1, r_b=re1, kind="sheet-join"),
        ]
    )
    sides = pd.DataFrame(
        [dict(sheet_a="west", q_a=qw, r_a=rw, sheet_b="east", q_b=qe, r_b=re_, feature="river")]
    )
    return HexMap("two", "demo", [west, east], hexes, hexsides=sides, extra_edges=edges)


def test_labels_follow_the_numbering():
    m = rectangle_map(12, 11)
    assert m.label(("main", 0, 0)) == "0101"
    q, r = hexgrid.offset_to_axial(11, 10, "odd-r")
    assert m.label(("main", q, r)) == "1211"
    assert m.find("1211") == ("main", q, r)
    assert m.hexes["label"].is_unique


def test_label_format_with_bases():
    s = Sheet("s", offset="even-q", orientation="flattop", label_format="{col}.{row:03d}", col_base=0, row_base=5)
    assert s.label(*hexgrid.offset_to_axial(3, 4, "even-q")) == "3.009"


@pytest.mark.parametrize(
    "kwargs, words",
    [
        (dict(orientation="sideways"), "unknown orientation"),
        (dict(offset="odd-q"), "needs 'flattop'"),
        (dict(size=-1), "size must be a positive"),
        (dict(label_format="{column}"), "bad label format"),
        (dict(crs="EPSG:3035"), "needs spacing_m"),
    ],
)
def test_bad_sheet(kwargs, words):
    with pytest.raises(ValueError, match=words):
        Sheet("s", **kwargs)


def test_neighbors_only_existing_hexes():
    m = rectangle_map(3, 3)
    corner = ("main", 0, 0)
    assert sorted(m.neighbors(corner)) == sorted(
        ("main", q, r) for q, r in hexgrid.neighbors((0, 0)) if ("main", q, r) in m
    )
    assert len(m.neighbors(corner)) == 2  # odd-r top-left corner: east and south-east


def test_neighbors_include_extra_edges_across_sheets():
    m = two_sheets()
    west_edge = m.find("0401", sheet="west")
    east_edge = m.find("0101", sheet="east")
    assert east_edge in m.neighbors(west_edge)
    assert west_edge in m.neighbors(east_edge)
    assert (east_edge, "sheet-join") in m.neighbor_edges(west_edge)
    reasons = dict(m.neighbor_edges(west_edge))
    assert set(reasons.values()) <= {"hexside", *EDGE_KINDS}
    assert m.hexside_features(east_edge, west_edge) == {"river"}
    assert m.hexside_features(west_edge, m.find("0301", sheet="west")) == set()


def test_hex_lookup_errors():
    m = rectangle_map(2, 2)
    with pytest.raises(KeyError, match="has no hex"):
        m.hex(("main", 40, 40))
    assert ("main", 40, 40) not in m
    assert m.hex(("main", 0, 0))["terrain"] in vocabulary("demo").terrain


def test_in_memory_validation_raises_map_error():
    hexes = pd.DataFrame(dict(sheet=["main", "main"], q=[0, 0], r=[0, 0], terrain=["clear", "clear"]))
    with pytest.raises(MapError, match=r"layer 'hexes', row 2: duplicate hex \(main, 0, 0\).*row 1"):
        HexMap("dup", "demo", [Sheet("main")], hexes)


def test_unknown_game_and_mixed_crs():
    hexes = pd.DataFrame(dict(sheet=["main"], q=[0], r=[0], terrain=["clear"]))
    with pytest.raises(MapError, match="unknown game 'chess'"):
        HexMap("x", "chess", [Sheet("main")], hexes)
    with pytest.raises(MapError, match="no board vocabulary yet"):
        HexMap("x", "asl", [Sheet("main")], hexes)
    sheets = [Sheet.geographic("a", "EPSG:3035", 1e5), Sheet("b")]
    with pytest.raises(MapError, match="one CRS"):
        HexMap("x", "demo", sheets, hexes.assign(sheet="a"))


# ----------------------------------------------------------------------------- geography


def europe_map() -> HexMap:
    """An EPSG:3035 sheet of 100 km pointy-top hexes, 20 x 16, hex (0, 0) near 10W 62N."""
    x0, y0 = Transformer.from_crs("EPSG:4326", "EPSG:3035", always_xy=True).transform(-10.0, 62.0)
    sheet = Sheet.geographic("europe", "EPSG:3035", 100_000.0, x0=x0, y0=y0)
    return HexMap("europe", "wif", [sheet], rectangle_hexes(sheet, 20, 16, game="wif"))


EUROPE = europe_map()
TO_3035 = Transformer.from_crs("EPSG:4326", "EPSG:3035", always_xy=True)


def test_geographic_spacing_is_centre_to_centre():
    s = EUROPE.sheets["europe"]
    (x1, y1), (x2, y2) = (s.centers(0, 0), s.centers(1, 0))
    assert math.hypot(x2 - x1, y2 - y1) == pytest.approx(100_000.0)
    assert s.size == pytest.approx(100_000.0 / math.sqrt(3))


@settings(max_examples=60, deadline=None)
@given(lon=st.floats(-12.0, 30.0), lat=st.floats(45.0, 64.0))
def test_hex_at_returns_the_hex_whose_polygon_contains_the_point(lon, lat):
    key = EUROPE.hex_at(lon, lat)
    x, y = TO_3035.transform(lon, lat)
    sheet = EUROPE.sheets["europe"]
    if key is None:
        q, r = sheet.hex_at_xy(x, y)
        assert ("europe", q, r) not in EUROPE
        return
    poly = sheet.polygons(np.array([key[1]]), np.array([key[2]]))[0]
    assert shapely.intersects(poly, shapely.Point(x, y))  # boundary points belong to either side


def test_hex_at_known_points():
    assert EUROPE.hex_at(-10.0, 62.0) == ("europe", 0, 0)
    assert EUROPE.hex_at(120.0, 30.0) is None  # far outside the sheet
    with pytest.raises(ValueError, match="not geographic"):
        rectangle_map(2, 2).hex_at(0.0, 0.0)


def test_sheet_centres_match_hexgrid_hex_to_pixel():
    m = two_sheets()
    x, y = m.centers()
    east = m.hexes["sheet"].to_numpy() == "east"
    px, py = hexgrid.hex_to_pixel(m.hexes["q"].to_numpy()[east], m.hexes["r"].to_numpy()[east], 1.0, "pointytop")
    np.testing.assert_allclose(x[east], px + 10.0)
    np.testing.assert_allclose(y[east], py)


def test_a_bundled_map_is_loaded_once_per_process_and_shared():
    from viewer.board import MapFileError, load_map, shared_map

    assert shared_map("demo") is shared_map("demo")
    assert shared_map("demo") is not load_map("demo")     # a private copy is still at hand
    with pytest.raises(MapFileError, match="no bundled map '/etc/passwd'; bundled: .*demo"):
        shared_map("/etc/passwd")
