"""Every bundled map read as a GIS tool reads it (pyogrio, the GDAL driver QGIS uses).

The app never reads the geometry (loading rebuilds positions from the grid metadata), so these
tests are what keeps the GeoPackages usable outside it: every shape valid, lon/lat maps within
[-180, 180] with the shapes that cross the antimeridian cut there, and a spatial query at each
city, capital or port answering with its own hex and no other (maps/README.md, *File layout*).
"""
from __future__ import annotations

import numpy as np
import pandas as pd
import pyogrio
import pytest
import shapely

from viewer.board import HexMap, Sheet, bundled_maps, load_map, save_map

MAPS = sorted(bundled_maps())
LAEA_180 = "+proj=laea +lat_0=10 +lon_0=-160 +datum=WGS84 +units=m +no_defs"


def _spatial_layers(path):
    return [(name, kind) for name, kind in pyogrio.list_layers(path) if kind is not None]


def test_the_bundled_maps_are_all_checked():
    assert {"demo", "europe", "use", "wif-world"} <= set(MAPS)


@pytest.mark.parametrize("name", MAPS)
def test_every_geometry_is_valid(name):
    path = bundled_maps()[name]
    for layer, _kind in _spatial_layers(path):
        df = pyogrio.read_dataframe(path, layer=layer)
        geoms = df.geometry.values
        bad = np.flatnonzero(~shapely.is_valid(geoms) | shapely.is_empty(geoms))
        assert len(bad) == 0, (layer, [shapely.is_valid_reason(geoms[i]) for i in bad[:5]])


@pytest.mark.parametrize("name", MAPS)
def test_lon_lat_maps_stay_within_the_antimeridian(name):
    path = bundled_maps()[name]
    if pyogrio.read_info(path, layer="hexes")["crs"] != "EPSG:4326":
        pytest.skip("geometry in a projected CRS or in plain map units")
    for layer, _kind in _spatial_layers(path):
        df = pyogrio.read_dataframe(path, layer=layer)
        xy = shapely.get_coordinates(df.geometry.values)
        assert (xy[:, 0] >= -180.0).all() and (xy[:, 0] <= 180.0).all(), layer
        # no part of a shape spans more than half the globe: a crossing shape is cut in two
        for geom in df.geometry.values:
            for part in shapely.get_parts(geom):
                x0, _, x1, _ = part.bounds
                assert x1 - x0 < 180.0, (layer, part.bounds)


@pytest.mark.parametrize("name", MAPS)
def test_each_place_falls_in_exactly_its_own_hex(name):
    path = bundled_maps()[name]
    hexes = pyogrio.read_dataframe(path, layer="hexes")
    places = pyogrio.read_dataframe(path, layer="features")
    assert len(places) > 0
    tree = shapely.STRtree(hexes.geometry.values)
    point, hit = tree.query(places.geometry.values, predicate="intersects")
    found: dict[int, list] = {}
    for p, h in zip(point, hit):
        found.setdefault(int(p), []).append((hexes["sheet"].iat[h], int(hexes["q"].iat[h]), int(hexes["r"].iat[h])))
    wrong = []
    for i, rec in enumerate(places.itertuples()):
        own = (rec.sheet, int(rec.q), int(rec.r))
        if found.get(i) != [own]:
            wrong.append((rec.name, rec.kind, own, found.get(i)))
    assert not wrong, wrong[:10]


def test_paris_is_in_one_hex_of_the_world_map():
    """The fault a GIS user met: Paris also fell in Pacific hexes spanning the whole globe."""
    path = bundled_maps()["wif-world"]
    hexes = pyogrio.read_dataframe(path, layer="hexes")
    inside = hexes[shapely.contains_xy(hexes.geometry.values, 2.35, 48.86)]
    assert len(inside) == 1 and inside["sheet"].iat[0] == "europe"
    assert load_map("wif-world").hex_at(2.35, 48.86) == (
        "europe", int(inside["q"].iat[0]), int(inside["r"].iat[0]))


def test_shapes_across_the_antimeridian_are_cut_there(tmp_path):
    """A two-CRS map whose sheet straddles 180 degrees: each hex there is written in two parts,
    one each side, the parts together as large as the hex, and the app reads the map back equal."""
    pacific = Sheet.geographic("p", LAEA_180, 230_000.0, x0=-2_200_000.0, y0=0.0)
    other = Sheet.geographic("e", "EPSG:3035", 100_000.0, x0=4_000_000.0, y0=3_000_000.0)
    hexes = pd.DataFrame(dict(sheet=["p"] * 3 + ["e"], q=[0, 1, 2, 0], r=[0, 0, 0, 0], terrain="clear"))
    sides = pd.DataFrame(dict(sheet_a=["p", "p"], q_a=[0, 1], r_a=[0, 0], sheet_b=["p", "p"], q_b=[1, 2],
                              r_b=[0, 0], feature=["river", "river"]))
    m = HexMap("cut", "wif", [pacific, other], hexes, hexsides=sides)
    lon, _ = m.lonlat()
    assert (lon[:3] > 170).any() and (lon[:3] < -170).any()  # the sheet's hexes are on both sides
    path = save_map(m, tmp_path / "cut.gpkg")
    assert load_map(path).equals(m)
    layers = dict(pyogrio.list_layers(path))
    assert layers["hexes"] == "MultiPolygon" and layers["hexsides"] == "MultiLineString"
    geo = pyogrio.read_dataframe(path, layer="hexes")
    parts = shapely.get_num_geometries(geo.geometry.values)
    assert shapely.is_valid(geo.geometry.values).all()
    assert parts.max() == 2
    for geom in geo.geometry.values:
        assert all(p.bounds[2] - p.bounds[0] < 10 for p in shapely.get_parts(geom))
    cut = geo.geometry.values[int(np.argmax(parts))]
    xs = [shapely.get_coordinates(p)[:, 0] for p in shapely.get_parts(cut)]
    assert sorted((round(float(x.max()), 6), round(float(x.min()), 6)) for x in xs)[0][1] == -180.0
    assert max(float(x.max()) for x in xs) == 180.0
    lines = pyogrio.read_dataframe(path, layer="hexsides").geometry.values
    assert shapely.is_valid(lines).all()
    assert all(p.bounds[2] - p.bounds[0] < 10 for g in lines for p in shapely.get_parts(g))


def test_overlapping_sheets_give_each_point_one_hex(tmp_path):
    """Hexes of two scales overlapping where their sheets meet: the overlap goes to the nearer centre,
    so the layer has no overlap and each hex still holds its centre."""
    fine = Sheet.geographic("fine", "EPSG:3035", 100_000.0, x0=4_000_000.0, y0=3_000_000.0)
    # EPSG:3035 spelled out: the same plane, but two CRS names, so the map is written in lon/lat
    same_plane = "+proj=laea +lat_0=52 +lon_0=10 +x_0=4321000 +y_0=3210000 +ellps=GRS80 +units=m +no_defs"
    coarse = Sheet.geographic("coarse", same_plane, 650_000.0, x0=4_400_000.0, y0=3_000_000.0)
    hexes = pd.DataFrame(dict(sheet=["fine"] * 4 + ["coarse"], q=[0, 1, 2, 3, 0], r=[0, 0, 0, 0, 0], terrain="clear"))
    m = HexMap("overlap", "wif", [fine, coarse], hexes)
    path = save_map(m, tmp_path / "overlap.gpkg")
    geo = pyogrio.read_dataframe(path, layer="hexes").geometry.values
    assert shapely.is_valid(geo).all()
    ia, ib = shapely.STRtree(geo).query(geo, predicate="intersects")
    pairs = ia < ib
    assert pairs.any()  # they did touch or overlap
    assert shapely.area(shapely.intersection(geo[ia[pairs]], geo[ib[pairs]])).max() < 1e-9
    lon, lat = m.lonlat()
    assert shapely.contains_xy(geo, lon, lat).all()
