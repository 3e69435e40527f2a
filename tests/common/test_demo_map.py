"""The bundled demo map: found by name, complete vocabulary, multi-sheet joins, off-map links."""
from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from viewer.board import bundled_maps, load_map, vocabulary

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def demo():
    return load_map("demo")


def test_demo_is_bundled_and_loads(demo):
    assert "demo" in bundled_maps()
    assert demo.name == "demo" and demo.game == "demo"
    assert list(demo.sheets) == ["main", "east"]
    assert (demo.hexes["sheet"] == "main").sum() == 14 * 10 + 1  # the rectangle plus one off-map hex


def test_demo_has_every_terrain_class_and_hexside_feature(demo):
    vocab = vocabulary(demo.game)
    assert set(demo.hexes["terrain"]) == set(vocab.terrain)
    assert set(demo.hexsides["feature"]) == set(vocab.hexside_features)


def test_demo_regions_and_features(demo):
    regions = demo.regions.groupby("kind")["name"].apply(set).to_dict()
    assert len(regions["sea_area"]) == 2 and len(regions["climate_zone"]) == 2
    assert len(regions["country"]) == 3
    assert len(demo.region_adjacency) >= 1
    assert {"city", "capital", "major-port", "minor-port"} <= set(demo.features["kind"])
    h = demo.hexes
    assert h["hex_dot"].any() and h["large_hex_dot"].sum() == 1 and h["off_map"].sum() == 1


def test_demo_labels_are_ccrr(demo):
    assert demo.label(("main", 0, 0)) == "0101"
    assert demo.hex(demo.find("1410"))["sheet"] == "main"
    assert demo.find("0104", sheet="east")[0] == "east"


def test_demo_sheet_join_and_off_map_links(demo):
    assert demo.find("0102", sheet="east") in demo.neighbors(demo.find("1402", sheet="main"))
    off = demo.hexes.loc[demo.hexes["off_map"]].iloc[0]
    off_key = (off["sheet"], int(off["q"]), int(off["r"]))
    reasons = dict(demo.neighbor_edges(off_key))
    assert reasons[demo.find("0910", sheet="main")] == "large-hex-dot"
    assert demo.hex(demo.find("0910", sheet="main"))["large_hex_dot"]
    assert sorted(reasons.values()) == ["large-hex-dot", "off-map", "off-map"]  # no hexside neighbours


def test_demo_file_matches_its_build_script(tmp_path):
    spec = importlib.util.spec_from_file_location("demo_build", ROOT / "maps" / "build" / "demo.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    assert module.build().equals(load_map(ROOT / "maps" / "demo.gpkg"))
