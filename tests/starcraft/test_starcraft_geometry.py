"""The gridless table (SC 8.5.3, 8.7.3, 8.7.7, 8.9.1): distances from base edges, engagement,
contest radius, our own line-of-sight model, elevation, zones, path lengths; table and profile
files (profiles here are fictional, written for these tests)."""
from __future__ import annotations

import math

import numpy as np
import pytest

from viewer.rules.starcraft.geometry import (
    base_distance,
    base_distances,
    contest_check,
    engaged,
    engagement_zone,
    engagements,
    line_of_sight,
    marker_control,
    model_elevation,
    move_zone,
    point_elevation,
)
from viewer.rules.starcraft.paths import charge_path
from viewer.rules.starcraft.profiles import (
    ProfileError,
    load_profiles,
    profiles_from_dict,
    surge_matches,
)
from viewer.rules.starcraft.table import (
    Marker,
    Model,
    Table,
    TableError,
    Unit,
    demo_table_path,
    load_table,
    table_from_dict,
)

RNG = np.random.default_rng(14)


def _unit(uid, owner, xy, r=0.5, tag="ground", supply=1, **kw):
    return Unit(uid, owner, tag, supply, tuple(Model(f"{uid}-{i}", x, y, r) for i, (x, y) in enumerate(xy)), **kw)


def test_base_distance_is_edge_to_edge():
    a, b = Model("a", 0, 0, 0.5), Model("b", 3, 4, 1.0)
    assert base_distance(a, b) == pytest.approx(3.5)
    assert base_distance(a, Model("c", 0.5, 0, 0.5)) == 0.0  # overlapping bases: zero, not negative


def test_engagement_is_symmetric_random():
    """Property: engaged(u, v) == engaged(v, u), and it holds exactly when some edge gap is <= 1"."""
    for _ in range(60):
        pu, pv = RNG.uniform(0, 8, (3, 2)), RNG.uniform(0, 8, (2, 2))
        u, v = _unit("u", "A", pu, RNG.uniform(0.3, 1.2)), _unit("v", "B", pv, RNG.uniform(0.3, 1.2))
        assert engaged(u, v) == engaged(v, u)
        assert engaged(u, v) == bool((base_distances(u.models, v.models) <= 1 + 1e-6).any())


def test_flying_friends_and_reserves_are_never_engaged():
    g, f = _unit("g", "A", [(0, 0)]), _unit("f", "B", [(1, 0)], tag="flying")
    assert not engaged(g, f)
    assert not engaged(g, _unit("h", "A", [(1, 0)]))
    assert not engaged(g, _unit("r", "B", [(1, 0)], on_table=False))
    assert engaged(g, _unit("e", "B", [(1.9, 0)]))        # 0.9" edge to edge
    assert not engaged(g, _unit("e", "B", [(2.1, 0)]))    # 1.1"


def test_engagement_zone_contains_exactly_the_engaging_centres():
    m = Model("m", 10, 10, 0.5)
    zone = engagement_zone(m)
    for _ in range(40):
        x, y = RNG.uniform(7, 13, 2)
        other = Model("o", x, y, 0.0)
        if abs(base_distance(m, other) - 1) > 0.02:
            assert zone.contains(__import__("shapely").geometry.Point(x, y)) == (base_distance(m, other) <= 1)


def _open_table(units, markers=(), terrain=()):
    return Table(36, 36, tuple(terrain), tuple(units), tuple(markers))


@pytest.mark.parametrize("radius, x, inside", [(0.5, 3.4, True), (0.5, 3.6, False), (1.5, 4.4, True), (1.5, 4.6, False)])
def test_contest_radius_is_measured_from_the_base_edge(radius, x, inside):
    """SC 8.9.1: 3" from the base edge, so a bigger base reaches further from its centre."""
    u = Unit("u", "A", "ground", 2, (Model("m", 10 + x, 10, radius),))
    t = _open_table([u], [Marker(1, 10, 10)])
    assert contest_check(u, t.markers[0], t).allowed == inside


def test_move_a_model_into_3_inches_changes_control():
    """The browser test's scenario, without the browser: B holds the marker until A's bigger supply arrives."""
    a = _unit("a", "A", [(20, 10)], supply=3)
    b = _unit("b", "B", [(10, 13)], supply=1)
    t = _open_table([a, b], [Marker(1, 10, 10)])
    assert marker_control(t.markers[0], t)[0].controller == "B"
    t = t.move_model("a-0", 12, 10)
    res, checks = marker_control(t.markers[0], t)
    assert checks["a"].allowed and (res.controller, res.row) == ("A", "higher")


def test_line_of_sight_model_settings():
    demo = load_table(demo_table_path())
    clear, piece = line_of_sight(12, 18, 24, 18, demo)      # across the Size 3 tower
    assert not clear and piece == "tower"
    assert line_of_sight(2, 2, 2, 34, demo)[0]              # along the west edge
    clear, piece = line_of_sight(4, 10, 14, 10, demo)       # through the Grass
    assert piece == "grass"
    from dataclasses import replace

    from viewer.rules.starcraft.table import LosSettings
    lenient = replace(demo, los=LosSettings(blocking_sizes=(3,), grass_blocks=False))
    assert line_of_sight(4, 10, 14, 10, lenient)[0]
    assert line_of_sight(24, 9.5, 32, 9.5, demo)[1] == "crates" and line_of_sight(24, 9.5, 32, 9.5, lenient)[0]


def test_elevation_levels_and_markers():
    demo = load_table(demo_table_path())
    tower = demo.terrain[0]
    unit = _unit("u", "A", [(18, 18)])
    assert model_elevation(unit.models[0], unit, demo.terrain) == "high" == tower.level
    assert model_elevation(Model("m", 7, 27, 0.5), unit, demo.terrain) == "intermediate"
    assert model_elevation(Model("m", 11.5, 27, 0.5), unit, demo.terrain) == "intermediate"  # ramp
    assert model_elevation(Model("m", 15.2, 18, 0.5), unit, demo.terrain) == "ground"         # half on the tower
    assert model_elevation(unit.models[0], _unit("f", "A", [(18, 18)], tag="flying"), demo.terrain) is None
    assert point_elevation(18, 18, demo.terrain) == "high" and point_elevation(1, 1, demo.terrain) == "ground"


def test_marker_on_high_ground_needs_the_same_level():
    demo = load_table(demo_table_path())
    below = _unit("g", "A", [(14.2, 18)], supply=2)
    t = Table(36, 36, demo.terrain, (below,), (Marker(5, 16.5, 18),))
    assert not contest_check(below, t.markers[0], t).allowed
    up = _unit("h", "A", [(15.8, 18)], supply=2)
    t2 = Table(36, 36, demo.terrain, (up,), (Marker(5, 16.5, 18),))
    assert contest_check(up, t2.markers[0], t2).allowed


def test_air_burrowed_and_out_of_coherency_never_contest():
    m = Marker(1, 10, 10)
    for unit in (_unit("f", "A", [(10, 11)], tag="flying"), _unit("b", "A", [(10, 11)], burrowed=True),
                 _unit("c", "A", [(10, 11)], in_coherency=False), _unit("r", "A", [(10, 11)], on_table=False)):
        assert not contest_check(unit, m, _open_table([unit], [m])).allowed


def test_move_zone_avoids_enemies_and_impassable_terrain():
    demo = load_table(demo_table_path())
    a = demo.unit("a-squad")
    zone = move_zone(a.models[0], a, demo)
    assert zone.area < math.pi * a.speed ** 2
    from shapely.geometry import Point
    assert zone.contains(Point(8, 4)) and not zone.contains(Point(40, 4))
    brute = _unit("e", "B", [(7, 4)], r=1.0)
    t = Table(36, 36, demo.terrain, (a, brute), ())
    z2 = move_zone(a.models[0], a, t)
    assert not z2.contains(Point(7, 6)) and not z2.contains(Point(8.6, 4))


def test_engagements_and_charge_path_around_the_tower():
    demo = load_table(demo_table_path())
    assert engagements(demo) == set()
    length, route = charge_path(demo, "b-brute", "a-squad")
    target = demo.unit("a-squad").models
    straight = min(math.hypot(24 - m.x, 32 - m.y) for m in target) - 1.25 - 0.5 - 1
    assert straight < length < straight + 3 and len(route) >= 3       # bends round the tower
    t = demo.move_model("b-brute-1", 8.5, 4)
    assert ("b-brute" in {u for p in engagements(t) for u in p})
    assert charge_path(t, "b-brute", "a-squad")[0] < 1.0  # sampled end spots: within one step


def test_table_loading_errors_name_the_entry(tmp_path):
    with pytest.raises(TableError, match=r"terrain\[0\]: size 4 is not allowed"):
        table_from_dict({"width": 10, "height": 10, "terrain": [{"id": "x", "size": 4, "polygon": [[0, 0], [1, 0], [1, 1]]}]})
    with pytest.raises(TableError, match="self-crossings"):
        table_from_dict({"width": 10, "height": 10, "terrain": [{"id": "x", "size": 1, "polygon": [[0, 0], [1, 1], [1, 0], [0, 1]]}]})
    with pytest.raises(TableError, match=r"units\[0\]: tag 'air'"):
        table_from_dict({"width": 10, "height": 10, "units": [{"id": "u", "owner": "A", "tag": "air", "supply": 1, "models": []}]})
    bad = tmp_path / "t.yaml"
    bad.write_text("width: [", encoding="utf-8")
    with pytest.raises(TableError, match="t.yaml"):
        load_table(bad)


# -- profiles: fictional, written for these tests ------------------------------------------------
FICTIONAL = """
units:
  - name: Test Glorp Trooper (fictional)
    tag: ground
    speed: 5
    armor: 4
    evade: 5
    hit_points: 2
    supply: 1
    surge_tags: [soft]
    weapons:
      - {name: Zap stick, phase: assault, range: 10, target: all, roa: 2, hit: 4, damage: 1, surge_type: soft, surge_die: d3}
      - {name: Bonk, phase: combat, target: ground, roa: 1, hit: 5, damage: 1}
  - name: Test Sky Blimp (fictional)
    tag: flying
    speed: 9
    armor: 3
    hit_points: 6
    supply: 2
    weapons: []
"""


def test_fictional_profiles_load(tmp_path):
    f = tmp_path / "mine.yaml"
    f.write_text(FICTIONAL, encoding="utf-8")
    p = load_profiles(f)
    trooper, blimp = p["Test Glorp Trooper (fictional)"], p["Test Sky Blimp (fictional)"]
    zap = trooper.weapon("Zap stick")
    assert zap.can_target("flying") and not trooper.weapon("Bonk").can_target("flying")
    assert surge_matches(zap, trooper) and not surge_matches(zap, blimp)
    assert blimp.evade is None and trooper.evade == 5


@pytest.mark.parametrize("change, words", [
    (("tag: flying", "tag: hover"), "tag 'hover' is not allowed"),
    (("armor: 3", "armor: three"), "armor must be a whole number"),
    (("phase: combat", "phase: melee"), "phase 'melee' is not allowed"),
    (("surge_die: d3", "surge_die: d1"), "surge_die .d1. is not a die"),
    (("hit_points: 6", "hit_points: 0"), "hit_points must be at least 1"),
])
def test_profile_errors_name_the_field(change, words):
    import yaml
    with pytest.raises(ProfileError, match=words):
        profiles_from_dict(yaml.safe_load(FICTIONAL.replace(*change)), "mine.yaml")


def test_no_profile_values_are_shipped():
    """The licences of the published profiles do not allow redistribution: none are in the product."""
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    shipped = [p for p in (root / "viewer").rglob("*.yaml") if "starcraft" in p.name and "profile" in p.name]
    assert shipped == []
    text = (root / "maps" / "starcraft" / "demo-table.yaml").read_text(encoding="utf-8").lower()
    for name in ("marine", "zergling", "zealot", "hydralisk", "stalker"):
        assert name not in text
