"""ASL boards and our LOS model: validation, the verdict's explanations and its properties."""
import random
from dataclasses import replace
from pathlib import Path

import pytest
import yaml

from viewer.rules.asl import board as bd
from viewer.rules.asl.board import BoardError, board_from_dict, load_board
from viewer.rules.asl.los import line_of_sight, parse_location

BASE = {"format": "asl-board/1", "board": 2}


def make(hexes=None, sides=None):
    return board_from_dict({**BASE, "hexes": hexes or {}, "hexsides": sides or []})


@pytest.fixture(scope="module")
def teaching():
    return load_board("teaching")


# -- numbering and the board file ----------------------------------------------------------------
def test_numbering_round_trip(teaching):
    assert len(teaching.hexes) == 33 * 10
    assert bd.column_letters(0) == "A" and bd.column_letters(26) == "AA" and bd.column_letters(32) == "GG"
    assert {teaching.hex_id(teaching.key(h)) for h in ("2W7", "2FF4", "2A1", "2GG10")} == {"2W7", "2FF4", "2A1", "2GG10"}
    frame = teaching.frame()
    assert frame.set_index("id").loc["2W7", ["col", "row", "levels"]].tolist() == [22, 7, 2]


def test_column_b_sits_half_a_hex_above_column_a(teaching):
    from viewer import hexgrid
    (_, ay), (_, by) = (hexgrid.hex_to_pixel(*teaching.key(h), orientation="flattop") for h in ("2A1", "2B1"))
    assert by > ay        # y grows upwards: B1 is higher on the board than A1


@pytest.mark.parametrize("data, message", [
    ({**BASE, "format": "x"}, "format must be"),
    ({**BASE, "hexes": {"W7": {"terrain": "wods"}}}, "did you mean 'woods'"),
    ({**BASE, "hexes": {"HH7": {}}}, "off the board"),
    ({**BASE, "hexes": {"W11": {}}}, "row 11"),
    ({**BASE, "hexes": {"W7": {"terrain": "woods", "levels": 1}}}, "only buildings have levels"),
    ({**BASE, "hexes": {"W7": {"terrain": "building", "levels": 4}}}, "levels must be"),
    ({**BASE, "hexes": {"W7": {"ground": -1}}}, "ground must be"),
    ({**BASE, "hexsides": [{"between": ["W7", "W9"], "feature": "wall"}]}, "not adjacent"),
    ({**BASE, "hexsides": [{"between": ["W7", "W8"], "feature": "fence"}]}, "allowed: wall, hedge"),
    ({**BASE, "hexes": {"3W7": {}}}, "not on board 2"),
])
def test_bad_board_files_are_refused_with_the_entry_named(data, message):
    with pytest.raises(BoardError, match=message):
        board_from_dict(data, "test.yaml")


def test_load_board_from_path_and_bad_yaml(tmp_path: Path):
    p = tmp_path / "b.yaml"
    p.write_text(yaml.safe_dump({**BASE, "hexes": {"C3": {"terrain": "woods"}}}))
    assert load_board(p).info("2C3").terrain == "woods"
    p.write_text("format: [")
    with pytest.raises(BoardError, match="not valid YAML"):
        load_board(p)
    with pytest.raises(BoardError, match="bundled: teaching"):
        load_board("nope")


def test_the_board_ships_inside_the_package_data():
    assert "teaching" in bd.bundled_boards()


# -- verdicts ------------------------------------------------------------------------------------
def test_obstacle_blocks_and_names_itself():
    b = make({"C3": {"terrain": "woods"}})
    v = line_of_sight(b, (b.key("A2"), 0), (b.key("E3"), 0))
    assert v.status == "blocked" and v.blocks[0].where == ("2C3",) and v.blocks[0].what == "woods"


def test_hindrance_is_counted_not_blocking():
    b = make({"C3": {"terrain": "wreck"}, "B3": {"terrain": "orchard"}})
    v = line_of_sight(b, (b.key("A3"), 0), (b.key("E4"), 0))
    assert v.status in ("hindered", "clear")
    v = line_of_sight(b, (b.key("C1"), 0), (b.key("C5"), 0))
    assert v.status == "hindered" and [h.where for h in v.hindrances] == [("2C3",)]


def test_wall_on_a_crossed_hexside_blocks_ground_level_only():
    b = make({"C3": {"terrain": "building", "levels": 1}}, [{"between": ["C4", "C5"], "feature": "wall"}])
    lo = line_of_sight(b, (b.key("C3"), 0), (b.key("C7"), 0))
    assert lo.status == "blocked" and lo.blocks[0].what == "wall" and set(lo.blocks[0].where) == {"2C4", "2C5"}
    hi = line_of_sight(b, (b.key("C3"), 1), (b.key("C7"), 0))
    assert hi.clear


def test_hill_blocks_below_its_crest():
    b = make({"C3": {"ground": 1}})
    assert not line_of_sight(b, (b.key("C1"), 0), (b.key("C5"), 0)).clear
    b2 = make({"C1": {"ground": 1}, "C3": {"ground": 1}, "C5": {"ground": 1}})
    assert line_of_sight(b2, (b2.key("C1"), 0), (b2.key("C5"), 0)).clear


def _diagonal(b):
    """A line that runs along hexsides: from C3 two 'diagonal' steps on."""
    from viewer import hexgrid
    a = b.key("C3")
    dq, dr = hexgrid.DIRECTIONS[0] + hexgrid.DIRECTIONS[1]
    return a, (a[0] + 2 * int(dq), a[1] + 2 * int(dr))


def test_line_along_a_hexside_is_reported_with_both_hexes():
    b = make()
    a, z = _diagonal(b)
    v = line_of_sight(b, (a, 0), (z, 0))
    along = [n for n in v.notes if n.kind == "along"]
    vertex = [n for n in v.notes if n.kind == "vertex"]
    assert len(along) == 2 and all(len(n.where) == 2 for n in along) and len(vertex) == 4
    # one side wooded: grazed, not blocked; both sides wooded: blocked, naming both
    first = along[0].where
    one = make({first[0][1:]: {"terrain": "woods"}})
    v1 = line_of_sight(one, (a, 0), (z, 0))
    assert v1.clear and v1.grazes and v1.grazes[0].where == (first[0],)
    both = make({first[0][1:]: {"terrain": "woods"}, first[1][1:]: {"terrain": "woods"}})
    v2 = line_of_sight(both, (a, 0), (z, 0))
    assert v2.status == "blocked" and v2.blocks[0].where == first and v2.blocks[0].at == "side"


def test_parse_location(teaching):
    assert parse_location(teaching, "2W7@2") == (teaching.key("2W7"), 2)
    with pytest.raises(ValueError, match="levels: 0"):
        parse_location(teaching, "2T5@1")


# -- properties ----------------------------------------------------------------------------------
RNG = random.Random(7)
TERRAINS = ["open", "open", "open", "woods", "orchard", "wreck", "building"]


def _random_board(seed):
    rng = random.Random(seed)
    hexes = {}
    for _ in range(60):
        col, row = bd.column_letters(rng.randrange(12)), rng.randint(1, 10)
        t = rng.choice(TERRAINS)
        spec = {"terrain": t, "ground": rng.choice([0, 0, 0, 1, 2])}
        if t == "building":
            spec["levels"] = rng.randint(0, 3)
        hexes[f"{col}{row}"] = spec
    return make(hexes)


def _random_location(b, rng):
    from viewer import hexgrid
    q, r = hexgrid.offset_to_axial(rng.randrange(12), rng.randint(1, 10), bd.OFFSET)
    h = (int(q), int(r))
    return h, rng.choice(b.info(h).location_levels)


@pytest.mark.parametrize("seed", range(12))
def test_verdict_is_symmetric(seed):
    b = _random_board(seed)
    rng = random.Random(seed)
    for _ in range(40):
        x, y = _random_location(b, rng), _random_location(b, rng)
        vx, vy = line_of_sight(b, x, y), line_of_sight(b, y, x)
        assert vx.status == vy.status
        assert sorted(k.where for k in vx.blocks) == sorted(k.where for k in vy.blocks)


@pytest.mark.parametrize("seed", range(8))
def test_blocking_is_monotone_in_obstacle_height(seed):
    """Raising one hex's building (taller obstacle) never turns a blocked line clear."""
    b = _random_board(seed)
    rng = random.Random(100 + seed)
    pairs = [(_random_location(b, rng), _random_location(b, rng)) for _ in range(30)]
    key = next(iter(k for k, h in b.hexes.items() if h.terrain == "open"))
    prev = None
    for levels in range(4):
        b.hexes[key] = replace(b.hexes[key], terrain="building", levels=levels)
        pairs_ok = [(x, y) for x, y in pairs if x[0] != key and y[0] != key]
        now = [line_of_sight(b, x, y).clear for x, y in pairs_ok]
        if prev is not None:
            assert all(p or not n for p, n in zip(prev, now))    # blocked stays blocked
        prev = now
