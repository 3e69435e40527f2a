"""ASL night rules (digest asl-night.md): every worked example the rules modules cover.

Each test names its example as the digest does ("Ex. V-2", "Ex. VII-1" ...).
"""
from fractions import Fraction
from itertools import product

import pytest

from viewer.rules.asl import nvr, rally, setup
from viewer.rules.asl.board import load_board
from viewer.rules.asl.illumination import (
    Fire,
    blaze_radius,
    burning_levels,
    illuminate,
    kindling_allowed,
)


@pytest.fixture(scope="module")
def board():
    return load_board("teaching")


# -- V: fire illumination ------------------------------------------------------------------------
def test_ex_v_1_burning_wreck_lights_two_hexes(board):
    """Ex. V-1: a burning wreck counts as one burning level: radius 2, despite being a half-level hindrance."""
    p7 = board.key("2P7")
    fires = [Fire(p7, 0, "wreck")]
    assert burning_levels(fires, p7) == 1 and blaze_radius(1) == 2
    il = illuminate(board, fires)
    assert il.radii == {p7: 2}
    from viewer import hexgrid
    for h in board.hexes:
        d = hexgrid.distance(h, p7)
        assert (il.state((h, 0)) != "dark") == (d <= 2), board.hex_id(h)


@pytest.mark.parametrize("levels, radius, u6, t5", [
    ((2,), 2, "blind", "dark"),      # only level 2: U6 blind; T5 lies outside the radius
    ((0, 1), 4, None, "blind"),      # levels 0 and 1: T5 not lit, no LOS from either
    ((2, 0), 4, None, "lit"),        # level 2 and another: T5 lit from level 2
    ((2, 1), 4, None, "lit"),
])
def test_ex_v_2_table_on_the_teaching_board(board, levels, radius, u6, t5):
    """Ex. V-2: the building at 2W7 with levels 0-2; which of 2U6 and 2T5 its fires light."""
    w7, u6_key, t5_key = board.key("2W7"), board.key("2U6"), board.key("2T5")
    assert board.info(w7).location_levels == (0, 1, 2)
    il = illuminate(board, [Fire(w7, lv) for lv in levels])
    assert il.radii[w7] == radius
    assert il.state((t5_key, 0)) == t5
    if u6 is not None:
        assert il.state((u6_key, 0)) == u6
        light = il.locations[(u6_key, 0)]
        assert light.blinded_by and light.blinded_by[0][1].where == ("2V7",)   # the woods blind it
        assert u6_key in il.blind_hexes(board)


def test_ex_v_2_t5_seen_from_level_2_only(board):
    """Ex. V-2: T5 has LOS to level 2 of 2W7 but not to levels 0 and 1."""
    from viewer.rules.asl.los import line_of_sight
    w7, t5 = board.key("2W7"), board.key("2T5")
    assert line_of_sight(board, (w7, 2), (t5, 0)).clear
    assert not line_of_sight(board, (w7, 1), (t5, 0)).clear
    assert not line_of_sight(board, (w7, 0), (t5, 0)).clear


def test_flame_lights_only_its_location(board):
    """ASL E1.94: a Flame lights its own location, no radius."""
    w7 = board.key("2W7")
    il = illuminate(board, [Fire(w7, 1, "flame")])
    assert il.radii == {}
    assert [loc for loc, light in il.locations.items() if light.state == "lit"] == [(w7, 1)]
    assert il.state((w7, 0)) == "dark"


def test_kindling_not_at_night_unless_ssr():
    assert kindling_allowed(night=False)
    assert not kindling_allowed(night=True)
    assert kindling_allowed(night=True, scenario_allows=True)


def test_fire_on_a_missing_level_is_refused(board):
    with pytest.raises(ValueError, match="no level 1"):
        illuminate(board, [Fire(board.key("2T5"), 1)])


# -- VI: setup -----------------------------------------------------------------------------------
def test_ex_vi_3_hip_and_question_counters():
    """Ex. VI-3: 6 squads -> 25 % FRU = 2 HIP squads, 6 "?" counters."""
    se = setup.squad_equivalents(6, 0, 0, False, Fraction(1, 2), Fraction(1, 2))
    assert setup.hip_allowance(se) == 2 and se == 6


@pytest.mark.parametrize("n, hip", [(0, 0), (1, 1), (4, 1), (5, 2), (8, 2), (9, 3)])
def test_hip_allowance_rounds_fractions_up(n, hip):
    assert setup.hip_allowance(Fraction(n)) == hip


def test_ex_vi_1_prc_and_vehicles_not_cloaked():
    """Ex. VI-1: PRC and vehicles cannot be cloaked; only offboard infantry counts, per force."""
    forces = setup.parse_forces("A: 5 squad, 2 hs, 2 prc, 1 vehicle, 1 squad onboard; B: 3 squad, 1 crew")
    a, b = setup.cloak_counters(forces, japanese=False, hs_weight=Fraction(1, 2), crew_weight=Fraction(1, 2))
    assert (a.counters, b.counters) == (6, 3)
    assert a.ineligible == ("2 prc", "1 vehicle", "1 squad onboard")
    jap = setup.cloak_counters(forces, japanese=True, hs_weight=Fraction(1, 2), crew_weight=Fraction(1, 2))
    assert jap[1].squad_equivalents == Fraction(7, 2) and jap[1].counters == 4


def test_ex_vi_2_fifteen_cloak_counters():
    """Ex. VI-2: the American player gets 15 cloaking counters (15 squad-equivalents offboard)."""
    [c] = setup.cloak_counters(setup.parse_forces("15 squad"), False, Fraction(1, 2), Fraction(1, 2))
    assert c.counters == 15


def test_bad_force_text_names_the_allowed_kinds():
    with pytest.raises(setup.SetupError, match="allowed: squad, hs"):
        setup.parse_forces("A: 3 tanks")


def test_ex_vi_4_trench_hip_events():
    """Ex. VI-4: firing, losing concealment, being lit and fired on keep the trench HIP; TEM or a
    rout in enemy LOS reveals it; an enemy in the adjacent 2FF3 does not."""
    keep = ["enemy-adjacent", "unit-fires", "unit-loses-concealment", "illuminated", "fired-on"]
    assert all(hip for _, hip in setup.fortification_hip(keep))
    assert setup.fortification_hip(keep + ["tem-claimed"])[-1] == ("tem-claimed", False)
    assert setup.fortification_hip(keep + ["breaks-routs-in-enemy-los"])[-1][1] is False
    assert setup.fortification_hip(["breaks-routs-out-of-los", "extra-mf-out-of-los"])[-1][1] is True
    assert setup.fortification_hip(["enemy-enters"])[-1][1] is False


# -- VII: rally phase ----------------------------------------------------------------------------
def test_ex_vii_1_nvr_change():
    """Ex. VII-1: (6,4) -> +1 with no starshell yet and no clouds, Full Moon; 0 after a starshell;
    +2 with Scattered clouds, Full Moon and a further dr of 3."""
    assert nvr.new_nvr(3, 6, 4, clouds="none", moon="full").new_nvr == 4
    assert nvr.new_nvr(3, 6, 4, starshell_fired=True, moon="full").new_nvr == 3
    assert nvr.new_nvr(3, 6, 4, clouds="scattered", moon="full", dr=3).new_nvr == 5


@pytest.mark.parametrize("dr, half, full", [(1, 1, 1), (2, 1, 1), (3, 1, 2), (4, 2, 2), (5, 2, 3), (6, 2, 3)])
def test_change_amount_table(dr, half, full):
    """The digest's dr -> amount table (dr/3 and dr/2, FRU)."""
    assert nvr.change_amount("scattered", "half", dr) == half
    assert nvr.change_amount("scattered", "full", dr) == full


def test_clamps_and_first_turn():
    assert nvr.new_nvr(0, 6, 1).new_nvr == 0 and nvr.new_nvr(0, 6, 1).clamped
    assert nvr.new_nvr(6, 6, 6).new_nvr == 6
    assert nvr.new_nvr(2, 6, 2, snow=True).new_nvr == 2
    assert nvr.new_nvr(8, 6, 5, snow=True, clouds="scattered", moon="full", dr=6).new_nvr == 9
    assert nvr.new_nvr(3, 6, 6, first_turn=True).new_nvr == 3
    assert nvr.new_nvr(3, 5, 6).new_nvr == 3
    with pytest.raises(ValueError, match="outside 2..9"):
        nvr.new_nvr(1, 6, 6, snow=True)


@pytest.mark.parametrize("start, snow, fired, clouds, moon", [
    (3, False, False, "none", "full"), (0, False, True, "scattered", "half"),
    (6, False, False, "scattered", "full"), (2, True, False, "scattered", "full"), (5, True, True, "overcast", "none"),
])
def test_change_distribution_against_brute_force(start, snow, fired, clouds, moon):
    """Distribution checked against a separate enumeration of the 6 × 6 × 6 dice."""
    dist = nvr.change_distribution(start, snow=snow, starshell_fired=fired, clouds=clouds, moon=moon)
    lo, hi = (2, 9) if snow else (0, 6)
    counts = {}
    for c, w, d in product(range(1, 7), repeat=3):
        step = 0
        if c == 6 and (w != 4 or not fired):
            sign = -1 if w <= 3 else 1
            amount = 1
            if clouds == "scattered" and moon == "full":
                amount = (d + 1) // 2
            elif clouds == "scattered" and moon == "half":
                amount = (d + 2) // 3
            step = sign * amount
        n = min(hi, max(lo, start + step))
        counts[n] = counts.get(n, 0) + 1
    assert dist == {k: Fraction(v, 216) for k, v in counts.items()}
    assert sum(dist.values()) == 1


def test_nvr_table_and_doubtful_row():
    """charts-public §3.1: the NVR table; a final dr of 5 is the doubtful row (unknown as stored)."""
    assert nvr.cloud_cover(1) == "none" and nvr.cloud_cover(4) == "scattered" and nvr.cloud_cover(7) == "overcast"
    assert nvr.cloud_cover(5) is None and nvr.moon_phase(5) is None
    assert nvr.moon_phase(5, "five-or-more") == "none"
    assert nvr.base_nvr("none", "full") == 5 and nvr.base_nvr("overcast", "none") == 1
    assert nvr.base_nvr("scattered", "half", snow=True) == 6


def test_ex_vii_2_recovery_in_jungle():
    """Ex. VII-2: night +1 and jungle +2 = +3; with a threshold of 5 recovery succeeds on 1-2."""
    drm = rally.recovery_drm(night=True, other=2)
    assert drm == 3 and rally.recovery_rolls(drm, 5) == [1, 2]


@pytest.mark.parametrize("dr, outcome", [(2, "rallied"), (5, "rallied"), (6, "dm-removed"), (8, "dm-removed"),
                                         (9, "dm-kept"), (12, "dm-kept")])
def test_ex_vii_3_table(dr, outcome):
    """Ex. VII-3: broken morale 8, DM, building -1 and the user's other +4 (net +3): rallies on 2-5,
    loses DM on 6-8 (original DR), keeps it on 9-12; no attempt keeps it."""
    assert rally.rally_outcome(dr, -1 + 4, 8, dm=True) == outcome
    assert rally.rally_outcome(dr, 3, 8, dm=True, attempted=False) == "not-attempted"


def test_rally_distribution_brute_force():
    d = rally.rally_distribution(3, 8, True)
    assert d == {"rallied": Fraction(10, 36), "dm-removed": Fraction(16, 36), "dm-kept": Fraction(10, 36)}
