"""GeoPackage round trip and every load fault, each with a message naming file, layer, row and fault."""
from __future__ import annotations

import re
import warnings

import pandas as pd
import pyogrio
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viewer.board import HexMap, MapFileError, Sheet, bundled_maps, load_map, save_map
from viewer.board.synthetic import rectangle_hexes, rectangle_map


def sample_map() -> HexMap:
    """Two sheets, every table filled: small enough to reason about row numbers."""
    west, east = Sheet("west"), Sheet("east", x0=12.0)
    hexes = pd.concat([rectangle_hexes(west, 4, 3), rectangle_hexes(east, 2, 2)], ignore_index=True)
    hexes["terrain"] = "clear"
    hexes.loc[0, ["terrain", "hex_dot", "sea_area"]] = ["sea", True, "Bight"]
    hexes.loc[1, ["terrain", "hex_dot", "large_hex_dot", "sea_area"]] = ["sea", True, True, "Gulf"]
    hexes["hex_dot"] = hexes["hex_dot"].fillna(False).astype(bool)
    hexes["large_hex_dot"] = hexes["large_hex_dot"].fillna(False).astype(bool)
    hexes["country"] = ["Ardenia"] * 12 + ["Borlund"] * 4
    hexes["climate_zone"] = "arctic"
    join = dict(sheet_a="west", q_a=2, r_a=1, sheet_b="east", q_b=0, r_b=0)  # west 0302 - east 0101
    return HexMap(
        "sample",
        "wif",
        [west, east],
        hexes,
        hexsides=pd.DataFrame(
            [
                dict(sheet_a="west", q_a=1, r_a=0, sheet_b="west", q_b=2, r_b=0, feature="river"),
                dict(**join, feature="rail"),
            ]
        ),
        regions=pd.DataFrame(
            dict(
                kind=["sea_area", "sea_area", "country", "country", "climate_zone"],
                name=["Bight", "Gulf", "Ardenia", "Borlund", "arctic"],
            )
        ),
        region_adjacency=pd.DataFrame([dict(kind="sea_area", a="Bight", b="Gulf", via="boundary")]),
        features=pd.DataFrame([dict(kind="capital", name="Ardis", sheet="west", q=2, r=0, freezable=False)]),
        extra_edges=pd.DataFrame([dict(**join, kind="sheet-join", note="join")]),
    )


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "sample.gpkg"
    save_map(sample_map(), path)
    return path


def rewrite(path, layer, change):
    """Read one layer (with geometry when it has one), change it and write it back."""
    df = pyogrio.read_dataframe(path, layer=layer)
    df = change(df)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", UserWarning)  # layers without a CRS
        pyogrio.write_dataframe(df, path, layer=layer, driver="GPKG")


def load_error(path) -> str:
    with pytest.raises(MapFileError) as info:
        load_map(path)
    message = str(info.value)
    assert message.startswith(str(path)), message
    return message


# ----------------------------------------------------------------------------- round trip


def test_round_trip_equal(saved):
    original = sample_map()
    loaded = load_map(saved)
    assert loaded.equals(original)
    assert loaded.sheets == original.sheets
    assert loaded.label(("west", 0, 0)) == "0101"


def test_layers_are_gis_readable(saved):
    layers = dict(pyogrio.list_layers(saved))
    assert layers["hexes"] == "Polygon"
    assert layers["hexsides"] == "LineString"
    assert layers["features"] == "Point"
    assert {"regions", "region_adjacency", "sheets", "map_meta", "extra_edges"} <= set(layers)
    hexes = pyogrio.read_dataframe(saved, layer="hexes")
    assert hexes.geometry.is_valid.all() and len(hexes) == 16


def test_geographic_round_trip_keeps_crs(tmp_path):
    sheet = Sheet.geographic("eu", "EPSG:3035", 230_000.0, x0=4_000_000.0, y0=3_500_000.0)
    m = rectangle_map(5, 4, game="wif", sheet=sheet)
    path = save_map(m, tmp_path / "geo.gpkg")
    assert pyogrio.read_info(path, layer="hexes")["crs"] == "EPSG:3035"
    assert load_map(path).equals(m)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    cols=st.integers(1, 7),
    rows=st.integers(1, 7),
    kind=st.sampled_from(["odd-r", "even-r", "odd-q", "even-q"]),
    seed=st.integers(0, 1000),
)
def test_round_trip_property(tmp_path, cols, rows, kind, seed):
    orientation = "pointytop" if kind.endswith("-r") else "flattop"
    sheet = Sheet("s", size=2.5, orientation=orientation, offset=kind, col_base=0, row_base=0)
    m = rectangle_map(cols, rows, seed=seed, sheet=sheet)
    assert load_map(save_map(m, tmp_path / f"p-{cols}-{rows}-{kind}.gpkg")).equals(m)


# ----------------------------------------------------------------------------- faults


def test_duplicate_hex(saved):
    rewrite(saved, "hexes", lambda df: pd.concat([df, df.iloc[[5]]], ignore_index=True))
    msg = load_error(saved)
    assert re.search(r"layer 'hexes', row 17: duplicate hex \(west, 1, 1\).*already at row 6", msg), msg


def test_hexside_between_non_neighbours(saved):
    rewrite(saved, "hexsides", lambda df: df.assign(q_b=df["q_b"].where(df.index != 0, 3)))
    msg = load_error(saved)
    assert "layer 'hexsides', row 1" in msg
    assert "neither neighbours on one sheet nor joined by an extra edge" in msg


def test_hexside_naming_missing_hex(saved):
    rewrite(saved, "hexsides", lambda df: df.assign(r_a=df["r_a"].where(df.index != 1, 40)))
    msg = load_error(saved)
    assert "layer 'hexsides', row 2: names hex (west, 2, 40), which does not exist" in msg


def test_extra_edge_naming_missing_hex(saved):
    rewrite(saved, "extra_edges", lambda df: df.assign(sheet_b="north"))
    msg = load_error(saved)
    assert "layer 'extra_edges', row 1: names hex (north, 0, 0), which does not exist" in msg


def test_unknown_extra_edge_kind(saved):
    rewrite(saved, "extra_edges", lambda df: df.assign(kind="teleport"))
    assert "unknown edge kind 'teleport'; allowed: sheet-join" in load_error(saved)


def test_unknown_terrain_lists_allowed(saved):
    rewrite(saved, "hexes", lambda df: df.assign(terrain=df["terrain"].where(df.index != 7, "tundra")))
    msg = load_error(saved)
    assert "layer 'hexes', row 8" in msg and "unknown terrain 'tundra' for game 'wif'" in msg
    assert "allowed: clear, forest, mountain, desert, desert-mountain, swamp, lake, jungle, sea" in msg


def test_unknown_hexside_feature_lists_allowed(saved):
    rewrite(saved, "hexsides", lambda df: df.assign(feature="canal"))
    msg = load_error(saved)
    assert "layer 'hexsides', row 1: unknown hexside feature 'canal'" in msg
    assert "allowed: river, alpine, lake, all-sea, strait, rail, road" in msg
    assert "(and 1 more row with the same fault)" in msg


def test_dangling_region_reference_in_hexes(saved):
    rewrite(saved, "hexes", lambda df: df.assign(sea_area=df["sea_area"].where(df.index != 1, "Atlantis")))
    msg = load_error(saved)
    assert "layer 'hexes', row 2" in msg
    assert "sea_area 'Atlantis' is not in the regions table as a sea_area (known: Bight, Gulf)" in msg


def test_dangling_region_adjacency(saved):
    rewrite(saved, "region_adjacency", lambda df: df.assign(b="Nowhere"))
    msg = load_error(saved)
    assert "layer 'region_adjacency', row 1: region 'Nowhere' of kind 'sea_area' is not in the regions table" in msg


def test_dangling_feature_reference(saved):
    rewrite(saved, "features", lambda df: df.assign(q=99))
    msg = load_error(saved)
    assert "layer 'features', row 1: capital 'Ardis' names hex (west, 99, 0), which does not exist" in msg


def test_unknown_climate_zone(saved):
    rewrite(saved, "regions", lambda df: df.assign(name=df["name"].replace("arctic", "tropical")))
    msg = load_error(saved)
    assert "layer 'regions', row 5: unknown climate zone 'tropical'" in msg and "WiF 8.1" in msg


def test_non_integer_coordinate(saved):
    rewrite(saved, "hexes", lambda df: df.assign(q=df["q"].astype(str).where(df.index != 2, "x")))
    assert "layer 'hexes', row 3: column q must hold integers, found 'x'" in load_error(saved)


def test_missing_map_meta_key(saved):
    rewrite(saved, "map_meta", lambda df: df[df["key"] != "game"])
    assert "layer 'map_meta': missing grid metadata 'game'" in load_error(saved)


def test_missing_sheet_column(saved):
    rewrite(saved, "sheets", lambda df: df.drop(columns=["orientation"]))
    assert "layer 'sheets': missing grid metadata 'orientation'" in load_error(saved)


def test_missing_sheet_value(saved):
    rewrite(saved, "sheets", lambda df: df.assign(size=df["size"].where(df.index != 1)))
    assert "layer 'sheets', row 2: missing grid metadata 'size'" in load_error(saved)


def test_bad_sheet_value(saved):
    rewrite(saved, "sheets", lambda df: df.assign(orientation="flattop"))
    assert "layer 'sheets', row 1: sheet 'west': offset numbering 'odd-r' needs 'pointytop'" in load_error(saved)


def test_hex_on_unknown_sheet(saved):
    rewrite(saved, "hexes", lambda df: df.assign(sheet=df["sheet"].where(df.index != 0, "south")))
    msg = load_error(saved)
    assert "layer 'hexes', row 1: hex (south, 0, 0) names sheet 'south'" in msg and "sheets: west, east" in msg


def test_text_file_renamed_gpkg(tmp_path):
    path = tmp_path / "notes.gpkg"
    path.write_text("hex 0101 clear\n")
    assert "not a GeoPackage" in load_error(path)


def test_geopackage_without_map_layers(tmp_path):
    path = tmp_path / "other.gpkg"
    pyogrio.write_dataframe(pd.DataFrame({"a": [1]}), path, layer="stuff", driver="GPKG")
    msg = load_error(path)
    assert "not a wargame-viewer map: missing layer(s) map_meta, sheets, hexes (found: stuff)" in msg


def test_missing_file(tmp_path):
    assert "no such file" in load_error(tmp_path / "absent.gpkg")


def test_unknown_bundled_name_lists_names():
    with pytest.raises(MapFileError) as info:
        load_map("nope")
    msg = str(info.value)
    assert "no bundled map named 'nope'" in msg
    assert "demo" in bundled_maps() and "bundled maps: " in msg and "demo" in msg.split("bundled maps: ")[1]
