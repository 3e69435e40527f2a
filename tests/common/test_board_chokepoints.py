"""Board tables added for real maps: chokepoints (WiF 11.4.4), Spanish names, ports' sea areas,
sea areas' climate zones: round trip and every load fault with file, layer, row and fault."""
from __future__ import annotations

import pandas as pd
import pytest

from viewer.board import HexMap, MapError, load_map, save_map
from viewer.board.terrain import CHOKEPOINT_TESTS

from tests.common.test_board_gpkg import load_error, rewrite, sample_map


def chokepoint_map() -> HexMap:
    base = sample_map()
    regions = base.regions.copy()
    regions["name_es"] = regions["name"].map({"Bight": "Bahía", "Gulf": "Golfo"})
    regions["climate_zone"] = regions["name"].map({"Bight": "arctic", "Gulf": "arctic"})
    features = pd.DataFrame([
        dict(kind="capital", name="Ardis", sheet="west", q=2, r=0, freezable=False, name_es="Ardís"),
        dict(kind="major-port", name="Ardis", sheet="west", q=2, r=0, freezable=True, name_es="Ardís",
             sea_area="Bight"),
        dict(kind="minor-port", name="Skar", sheet="west", q=1, r=1, freezable=False, sea_area="Gulf"),
    ])
    chokepoints = pd.DataFrame([dict(name="Narrows", a="Bight", b="Gulf", controlled_by="Ardis;Skar",
                                     test="two-of", via="Skar", rule="11.4.4 (4)", name_es="Estrecho")])
    t = base.tables()
    t.update(regions=regions, features=features, chokepoints=chokepoints)
    return HexMap("sample", "wif", list(base.sheets.values()), **t)


@pytest.fixture
def saved(tmp_path):
    path = tmp_path / "choke.gpkg"
    save_map(chokepoint_map(), path)
    return path


def test_round_trip_keeps_chokepoints_and_spanish_names(saved):
    loaded = load_map(saved)
    assert loaded.equals(chokepoint_map())
    (c,) = loaded.chokepoint("Gulf", "Bight")  # either order
    assert c["controlled_by"] == ["Ardis", "Skar"] and c["via"] == ["Skar"] and c["test"] == "two-of"
    assert loaded.chokepoint("Bight", "Bight") == []
    f = loaded.features
    assert f.loc[f["kind"] == "major-port", "sea_area"].iloc[0] == "Bight"
    assert f.loc[f["kind"] == "capital", "name_es"].iloc[0] == "Ardís"
    assert dict(zip(loaded.regions["name"], loaded.regions["name_es"]))["Gulf"] == "Golfo"


def test_a_map_without_the_new_columns_still_loads():
    m = load_map("demo")
    assert len(m.chokepoints) == 0
    assert {"name_es", "sea_area"} <= set(m.features.columns)


def test_chokepoint_naming_an_unknown_sea_area(saved):
    rewrite(saved, "chokepoints", lambda df: df.assign(b="Atlantis"))
    msg = load_error(saved)
    assert "layer 'chokepoints', row 1: chokepoint 'Narrows': 'Atlantis' is not in the regions table as a sea_area" in msg


def test_chokepoint_joining_an_area_to_itself(saved):
    rewrite(saved, "chokepoints", lambda df: df.assign(b="Bight"))
    assert "chokepoint 'Narrows' joins sea area 'Bight' to itself" in load_error(saved)


def test_chokepoint_with_an_unknown_test_lists_the_tests(saved):
    rewrite(saved, "chokepoints", lambda df: df.assign(test="vibes"))
    msg = load_error(saved)
    assert "unknown test 'vibes'" in msg and ", ".join(CHOKEPOINT_TESTS) in msg and "WiF 11.4.4" in msg


def test_chokepoint_controlled_by_a_place_the_map_lacks(saved):
    rewrite(saved, "chokepoints", lambda df: df.assign(controlled_by="Ardis;Atlantis"))
    assert "controlled_by names 'Atlantis', not in the features table" in load_error(saved)


def test_chokepoint_missing_its_controlling_places(saved):
    rewrite(saved, "chokepoints", lambda df: df.assign(controlled_by=None))
    assert "layer 'chokepoints', row 1: missing value for controlled_by" in load_error(saved)


def test_port_on_an_unknown_sea_area(saved):
    rewrite(saved, "features", lambda df: df.assign(sea_area=df["sea_area"].where(df["sea_area"].isna(), "Mare")))
    msg = load_error(saved)
    assert "layer 'features', row 2: major-port 'Ardis': sea_area 'Mare' is not in the regions table" in msg


def test_sea_area_with_an_unknown_climate_zone(saved):
    rewrite(saved, "regions", lambda df: df.assign(climate_zone=df["climate_zone"].replace("arctic", "tropical")))
    msg = load_error(saved)
    assert "layer 'regions', row 1: region 'Bight': unknown climate zone 'tropical'" in msg and "WiF 8.1" in msg


def test_the_model_rejects_a_bad_chokepoint_without_a_file():
    base = chokepoint_map()
    t = base.tables()
    t["chokepoints"] = t["chokepoints"].assign(a="Nowhere")
    with pytest.raises(MapError, match="chokepoints"):
        HexMap("x", "wif", list(base.sheets.values()), **t)
