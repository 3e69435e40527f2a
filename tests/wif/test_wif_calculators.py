"""Issue 8 calculators: every worked example of WiF 2.6, 5.1, 6.1, 9.4, 9.5 and 11.2-11.9 they cover.

Each test names its example as the digests do ("Ex. 2.6", "EX-11.5.5-a" ...).
"""
from fractions import Fraction

import pytest

from viewer.calculators import REGISTRY
from viewer.rules.wif import air, bombing, naval, trade, war_entry
from viewer.rules.wif.fractions import round_wif
from viewer.rules.wif.initiative import Space, winner


def calc(slug, **kw):
    return REGISTRY[slug](**kw).compute()


# -- 2.6 fractions --------------------------------------------------------------------------------
def test_ex_2_6_rounding_table():
    """Ex. 2.6: 26.25 -> 26, 31.5 -> 32, -1.5 -> -1."""
    assert round_wif(Fraction(21) * Fraction(5, 4)) == 26
    assert round_wif(Fraction(21) * Fraction(3, 2)) == 32
    assert round_wif(Fraction(-3, 2)) == -1


def test_ex_2_6_combat_odds_round_before_the_ratio():
    """Ex. 2.6: 17 halved (8.5) + 8.5 shore bombardment + 2.5 ground support = 19.5 -> 20."""
    attack = Fraction(17, 2) + Fraction(17, 2) + Fraction(5, 2)
    r = calc("wif.land-odds", attack=float(attack), defence=10, weather="fine")
    assert r.value["attack"] == 20 and r.value["column"] == "2:1" and r.value["shifted_column"] == "2:1"
    assert any(m.chart == "wif.land-combat" for m in r.missing)   # outcomes need the user's table
    assert r.distribution is None


# -- 11.5.9 air-to-air surprise (EX-11.5.9-a) ------------------------------------------------------
def test_ex_11_5_9_a_air_to_air_values_and_surprise():
    """EX-11.5.9-a: 7 against 4 -> +3 / -3; 2 surprise points -> +4; after a kill (their 3) -> +5,
    which gives nothing over +4; the table itself is the user's (none of it is in the text)."""
    r = calc("wif.air-to-air", your_value=7, their_value=4)
    assert (r.value["your_column"], r.value["their_column"]) == ("+3", "-3")
    assert calc("wif.air-to-air", your_value=7, their_value=4, raise_points=2).value["your_column"] == "+4"
    assert calc("wif.air-to-air", your_value=7, their_value=4, lower_points=2).value["their_column"] == "-4"
    both = calc("wif.air-to-air", your_value=7, their_value=4, raise_points=2, lower_points=2)
    assert (both.value["yours"], both.value["theirs"]) == (8, 3)
    after_kill = calc("wif.air-to-air", your_value=7, their_value=3, raise_points=2)
    assert after_kill.value["your_column"] == "+4" and any(s.key.endswith(".capped") for s in after_kill.steps)
    assert after_kill.distribution is None and {m.chart for m in after_kill.missing} == {"wif.air-to-air"}


@pytest.mark.parametrize("weather", ["storm", "blizzard"])
def test_no_air_to_air_combat_in_storm_or_blizzard(weather):
    """WiF 8.2.3: in Storm or Blizzard only rebases fly and no air-naval combat is chosen, so the
    air-to-air calculator answers no combat (no values, no table read); Snow still fights."""
    r = calc("wif.air-to-air", your_value=7, their_value=4, weather=weather)
    assert set(r.value.values()) == {None} and not r.missing and r.distribution is None
    assert [s.key.rsplit(".", 1)[1] for s in r.steps] == ["no_combat"] and str(r.steps[0].rule) == "WiF 8.2.3"
    assert "Storm or Blizzard" in r.steps[0].text("en") and "Tormenta o Ventisca" in r.steps[0].text("es")
    assert calc("wif.air-to-air", your_value=7, their_value=4, weather="snow").value["your_column"] == "+3"


# -- 8.2.7 through the land-odds card (one shift implementation with wif.odds-shift) --------------
@pytest.mark.parametrize("attack, defence, weather, column, shifted", [
    (24, 2, "rain", "12:1", "11:1"),   # 8.2.7: Rain 12:1 -> 11:1
    (3, 2, "rain", "3:2", "1:1"),      # 8.2.7: Rain 3:2 -> 1:1
    (22, 2, "snow", "11:1", "9:1"),    # 8.2.7: Snow 11:1 -> 9:1
    (6, 2, "storm", "3:1", "3:2"),     # 8.2.7: Storm 3:1 -> 3:2
])
def test_8_2_7_conversions_through_land_odds(attack, defence, weather, column, shifted):
    r = calc("wif.land-odds", attack=attack, defence=defence, weather=weather)
    assert (r.value["column"], r.value["shifted_column"]) == (column, shifted)
    from viewer.rules.wif.odds import shift_odds
    assert shift_odds(column, weather)[0] == shifted   # the same function as wif.odds-shift


def test_land_odds_ratio_in_a_gap_of_the_known_columns_is_a_named_missing_cell():
    r = calc("wif.land-odds", attack=20, defence=5, weather="fine", inferred_columns=False)
    assert r.value["column"] is None
    assert [m.chart for m in r.missing] == ["wif.land-combat-columns"]
    full = "1:2, 1:1, 3:2, 2:1, 3:1, 4:1, 5:1, 6:1, 7:1, 8:1, 9:1, 10:1, 11:1, 12:1"
    r = calc("wif.land-odds", attack=20, defence=5, weather="rain", columns=full)
    assert (r.value["column"], r.value["shifted_column"]) == ("4:1", "3:1")


def test_land_odds_uses_the_inferred_columns_by_default():
    """WiF 8.2.7 (inferred setting): 20 to 5 is the 4:1 column, one column down in Rain is 3:1,
    and the steps say the column came from the inference, not the text."""
    r = calc("wif.land-odds", attack=20, defence=5, weather="rain")
    assert (r.value["column"], r.value["shifted_column"]) == ("4:1", "3:1")
    assert any(s.key.endswith(".ladder_inferred") and str(s.rule) == "WiF 8.2.7" for s in r.steps)


# -- 5.1 --------------------------------------------------------------------------------------------
def test_5_1_soviet_supply_normal_before_oil_each_minor_once():
    """5.1: 7 = 5 resources + 2 oil; each reduced minor cuts one, normal resources first."""
    assert trade.soviet_supply([]) == {"reduced": 0, "resources": 5, "oil": 2, "total": 7, "german_bp": 2}
    six = ["finland", "latvia", "estonia", "lithuania", "bulgaria", "hungary"]
    assert trade.soviet_supply(six)["resources"] == 0 and trade.soviet_supply(six)["oil"] == 1
    # Finland at war and also ceding its claim counts once (set semantics)
    assert trade.soviet_supply(["finland"], finland_ceded=True)["total"] == 6
    assert trade.soviet_supply(list(trade.MINORS))["total"] == 0
    r = calc("wif.soviet-resources", romania=True, romania_ceded=True, turkey=True)
    assert r.value["total"] == 5 and r.value["resources"] == 3 and r.value["oil"] == 2
    assert calc("wif.soviet-resources", pact_broken=True).value["total"] == 0


# -- 6.1 --------------------------------------------------------------------------------------------
def test_ex_6_1_initiative_tie_reroll_and_tie_again():
    """Ex. 6.1: Axis +2 space, Axis holds: 5 vs 3+2 tie -> Allies; re-roll at Axis +1: 6 vs 5+1 tie ->
    Allies, marker in the Axis +1 space, Allied face."""
    assert winner(3, 5, Space("axis", 2, "axis"), "axis") == "allies"
    r = calc("wif.initiative", space=1, holder="axis", axis_roll=3, allied_roll=5, axis_reroll=5, allied_reroll=6)
    assert r.value["winner"] == "allies" and r.value["final_space"] == 2 and r.value["face"] == "allies"
    assert (r.value["axis_modifier"], r.value["allied_modifier"]) == (2, 0)
    assert not r.missing


def test_initiative_unknown_space_is_named():
    r = calc("wif.initiative", space=7)
    assert r.value["p_axis"] is None
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.initiative-track", "7/side")]
    r = calc("wif.initiative", space=2)   # modifier known (Axis +1), re-roll right not in the text
    assert r.value["p_axis"] == str(Fraction(55, 100)) and r.missing[0].cell == "2/reroll"


# -- 9.4 --------------------------------------------------------------------------------------------
def test_ex_9_4_entry_levels_17_and_8():
    """Ex. 9.4: pools 17 (Germany/Italy) and 8 (Japan) -> 29.5 -> 30 and 20.5 -> 21."""
    assert war_entry.level(17, 8) == 30 and war_entry.level(8, 17) == 21
    assert calc("wif.us-entry", against="germany-italy").value["entry_level"] == 30
    assert calc("wif.us-entry", against="japan").value["entry_level"] == 21


def test_ex_9_4_declaration_38_by_18_with_a_japanese_unit_in_china():
    """Ex. 9.4: entry 38, tension 18 vs Japan -> 3; Japanese units in China -1 -> roll 4 or less (40%)."""
    # Japan pool 25 and G/I pool 1 give entry 38; Japan tension 12 gives 18.
    r = calc("wif.us-entry", against="japan", japan_entry_pool=25, germany_italy_entry_pool=1,
             japan_tension_pool=12, germany_italy_tension_pool=0, japanese_unit_in_china=True)
    v = r.value
    assert (v["entry_level"], v["tension_level"], v["war_number"]) == (38, 18, 3)
    assert v["modifier"] == -1 and v["highest_roll"] == 4 and Fraction(v["p_success"]) == Fraction(2, 5)
    assert r.distribution.p_le(3) == Fraction(2, 5) and not r.missing


def test_9_4_unknown_cell_is_named_and_the_levels_still_show():
    r = calc("wif.us-entry", against="germany-italy")
    assert r.value["entry_level"] == 30 and r.value["war_number"] is None and r.value["p_success"] is None
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.its-war", "30/0/number")]


def test_9_4_every_modifier_of_the_table():
    mods = war_entry.declaration_modifiers("japan", china_conquered=True, japanese_unit_in_china=True,
                                           fleet_not_at_pearl=True, appropriations_bill_not_chosen=True, us_at_war=True)
    assert mods == {"china_conquered": -2, "fleet_not_at_pearl": 2, "appropriations_bill_not_chosen": 3, "us_at_war": -1}
    assert war_entry.declaration_modifiers("germany-italy", uk_conquered=True, fleet_not_at_pearl=True) == {"uk_conquered": -2}


# -- 9.5 --------------------------------------------------------------------------------------------
def test_ex_9_5_offensive_chits_cap():
    """Ex. 9.5: garrison 12 + offensive chits 16 -> 24, not 28."""
    assert war_entry.capped(Fraction(12), 16) == 24
    assert calc("wif.neutrality-pact").value["attack_total"] == "24"


@pytest.mark.parametrize("year, garrison, total", [(1940, "6", "12"), (1941, "3", "6"), (1942, "1.5", "3")])
def test_ex_9_5_japan_garrison_3_by_year(year, garrison, total):
    """Ex. 9.5 (numeric): pact 1939, Japan's garrison 3 -> 1940: 6 (12), 1941: 3 (6), 1942: 1.5 (3)."""
    r = calc("wif.neutrality-pact", their_garrison=3, defensive_chits=100, signed=1939, year=year)
    assert (r.value["defence_garrison"], r.value["defence_total"]) == (garrison, total)


def test_9_5_signing_year_border_and_the_other_reading():
    assert calc("wif.neutrality-pact", year=1939).value["may_break"] is False
    assert calc("wif.neutrality-pact", year=1939, exception=True).value["may_break"] is True
    assert calc("wif.neutrality-pact", common_border=False).value["may_break"] is False
    assert war_entry.year_multiplier(1939, 1940, "text") == 1
    assert war_entry.garrison(divisions=2, armour=1, carrier_planes=3, other=2) == 5


# -- 11.2 / 11.4.6 / 11.5.5 / 11.6 search --------------------------------------------------------
def test_ex_11_5_5_a_rain_nav_and_five_convoy_points():
    """EX-11.5.5-a: Rain, BB section 1, NAV section 3, cruiser section 4, 5 enemy CP: net roll modifier 0,
    section 3 -> 4; a roll of 4 or less includes sections 3 and 4; section 1 only on a 1."""
    r = calc("wif.naval-search", weather="rain", sections="1,3,4", nav_sections="3", enemy_convoy_points=5, roll=4)
    v = r.value
    assert v["roll_modifier"] == 0 and v["search_numbers"] == {"1": 1, "3": 4, "4": 4}
    assert v["included"] == [3, 4]
    assert v["p_included"] == {"1": "1/10", "3": "2/5", "4": "2/5"}
    assert calc("wif.naval-search", weather="rain", sections="1,3,4", nav_sections="3", enemy_convoy_points=5,
                roll=1).value["included"] == [1, 3, 4]
    assert calc("wif.naval-search", weather="rain", sections="1,3,4", nav_sections="3", enemy_convoy_points=5,
                roll=5).value["included"] == []


def test_ex_11_5_5_b_marianas_carrier_in_section_2():
    """EX-11.5.5-b: Fine, Jay rolls 3: sections 3 and 4, and section 2 through its carrier; the variant
    roll of 2 for Kasigi includes his section 3 units only."""
    us = naval.search("fine", [1, 2, 3, 4], carrier_sections=[2])
    assert us.included(3) == [2, 3, 4]
    japan = naval.search("fine", [0, 1, 3])
    assert japan.included(7) == [] and japan.included(2) == [3]


def test_ex_11_4_6_a_interception_in_storm():
    """EX-11.4.6-a: Storm +1, no convoy modifier on an interception: roll 2 -> 3 includes 3 and 4."""
    s = naval.search("storm", [0, 1, 2, 3, 4], nav_sections=[3], enemy_cp=5, mode="interception")
    assert s.roll_modifier == 1 and s.included(2) == [3, 4] and s.modified[3] == 3   # no NAV bonus in Storm
    heinz = naval.search("storm", [2, 3])
    assert heinz.included(5) == [] and heinz.included(2) == [3]   # rounds 1 and 2 of the example


def test_ex_11_6_a_a_roll_of_1_finds():
    """EX-11.6-a: Maria rolls a 1; her search succeeds."""
    assert naval.search("fine", [1]).included(1) == [1]


def test_11_2_port_attack_has_no_convoy_modifier():
    s = naval.search("fine", [3], enemy_cp=30, mode="port-attack")
    assert s.roll_modifier == 0


def test_sif_option_27_carrier_range():
    assert [naval.carrier_range_bonus(r) for r in (0, 3, 4, 6, 7, 12)] == [0, 0, 1, 1, 2, 2]
    s = naval.search("fine", [2], carrier_sections=[2], option_27=True, carrier_range=8)
    assert s.modified[2] == 4


# -- 11.5.6 surprise ----------------------------------------------------------------------------
def test_ex_11_5_6_a_surprise_4_against_11():
    """EX-11.5.6-a: Jeremy 0 + 1 (carrier) + 3 = 4; Maria 4 + 7 = 11; Maria spends 7."""
    v = calc("wif.surprise", own_highest_section=0, own_section_bonus=1, own_roll=7,
             opponent_highest_section=4, opponent_section_bonus=0, opponent_roll=3).value
    assert (v["own_points"], v["opponent_points"], v["difference"], v["spender"]) == (4, 11, 7, "opponent")
    assert v["options"]["avoid_combat"] is True and v["options"]["select_target"] == 2


def test_ex_11_5_10_a_surprise_accounting():
    """EX-11.5.10-a: 10 points - 4 (combat type) - 3 - 3 (two target choices) = 0."""
    c = naval.SURPRISE_COSTS
    assert 10 - c["choose_type"] - 2 * c["select_target"] == 0


# -- 11.5.8 results -------------------------------------------------------------------------------
def test_ex_11_5_8_a_baltic_defence_rolls():
    """EX-11.5.8-a: X rolled above -> D; A held -> aborts; D rolled above -> A; A rolled above -> 1/2 A,
    which expires; A not above -> aborts."""
    dfn, above, held = 4, 7, 2
    assert naval.final_state(["X"], [above], dfn) == "damaged"
    assert naval.final_state(["A"], [held], dfn) == "aborts"
    assert naval.final_state(["D"], [above], dfn) == "aborts"
    assert naval.final_state(["A"], [above], dfn) == "intact"
    r = calc("wif.naval-result", results="X", defence=dfn, rolls=str(above))
    assert r.value["for_rolls"] == "damaged"


def test_ex_11_5_10_a_convoy_defence_5_damage_then_sink():
    """EX-11.5.10-a: convoy defence 5: a 5 damages it; a second D on the damaged convoy, roll 3, sinks it."""
    assert naval.defence_factor(2, "convoy") == 5
    assert naval.final_state(["D", "D"], [5, 3], 2, target="convoy") == "destroyed"
    assert naval.ships(0, 10) == 2 and naval.ships(0, 7, sif_option_9=True) == 4


def test_two_half_aborts_make_an_abort():
    assert naval.final_state(["A", "A"], [9, 9], 3) == "aborts"


# -- 11.5.9 AA -----------------------------------------------------------------------------------
def test_ex_11_5_9_c_aa_points_16():
    """EX-11.5.9-c: dice 2, 3, 6, 10, best 2 -> 16: one 10 (destroy a bomber), one 5 (abort one),
    1 point (one air-to-sea factor lost)."""
    assert air.aa_points([2, 3, 6, 10], 2) == 16
    assert air.aa_losses(16) == {"tens": 1, "fives": 1, "ones": 1}
    v = calc("wif.aa-fire", dice=4, keep=2, highest=True, rolls="2,3,6,10").value
    assert (v["points_for_rolls"], v["tens"], v["fives"], v["ones"]) == (16, 1, 1, 1)


def test_ex_11_5_9_b_plus_2_of_4_and_minus_3_of_4():
    """EX-11.5.9-b: "+2/4" adds the best 2 of 4 d10s, "-3/4" the 3 lowest."""
    best = calc("wif.aa-fire", dice=4, keep=2, highest=True, rolls="").distribution
    worst = calc("wif.aa-fire", dice=4, keep=3, highest=False, rolls="").distribution
    assert (best.min, best.max, worst.min, worst.max) == (2, 20, 3, 30)
    assert best.mean() > worst.mean() / 3 * 2


def test_ex_11_5_9_b_aa_table_and_column_shifts():
    """EX-11.5.9-b: 67 AA factors, 6 bombers: 3 shifts -> column 119-142 -> "+2/4"; 2 shifts -> 99-118 -> "-3/4"."""
    r = calc("wif.aa-fire", aa_factors=67, bombers=6, column_shift=3, rolls="")
    assert not r.missing and r.distribution == air.aa_distribution(4, 2, True)
    r = calc("wif.aa-fire", aa_factors=67, bombers=7, column_shift=2, rolls="")
    assert not r.missing and r.distribution == air.aa_distribution(4, 3, False)
    r = calc("wif.aa-fire", aa_factors=67, bombers=6, column_shift=1, rolls="")   # not in the text
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.aa-columns", "67/1/lands_on")]
    r = calc("wif.aa-fire", aa_factors=67, bombers=6, rolls="")
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.aa-table", "67/6/keep")]


def test_8_2_3_halving_after_aa():
    """8.2.3: in Rain/Snow halve after AA: 12 factors, 1 point lost -> 11 -> 5.5 -> 6 (2.6)."""
    v = calc("wif.aa-fire", dice=4, keep=2, rolls="2,3,6,10", air_to_sea_factors=12, weather="rain").value
    assert v["factors_after_aa"] == "11" and v["factors_attacking"] == 6


# -- 11.5.10 ASW ---------------------------------------------------------------------------------
def test_ex_11_5_10_a_asw_6():
    """EX-11.5.10-a: 1942, Fine: 1 BCS (2) + NAV with 2 air-to-sea (2) + 10 CP (2) = 6."""
    v = calc("wif.asw", bcs=1, carriers=0, air_sea_factors=2, weather="fine", convoy_points=10, year=1942).value
    assert v["asw"] == "6" and (v["bcs"], v["air"], v["convoys"]) == ("2", "2", "2")
    assert calc("wif.asw", weather="storm").value["air"] == "0"
    assert calc("wif.asw", year=1944, convoy_points=14).value["convoys"] == "6"
    assert calc("wif.asw", year=1941).value["convoys"] == "0"


# -- 11.7 / 11.7.1 / 11.8 -------------------------------------------------------------------------
def test_ex_11_7_a_lille():
    """EX-11.7-a: 20 factors, roll 8 + 1 (not intercepted) = 9, column 19-24 -> 4*; 1 working factory:
    1 production point lost; option 30: the asterisk destroys the factory."""
    r = calc("wif.strategic-bombing", factors=20, roll=8, intercepted=False, factories=1)
    v = r.value
    assert (v["modified_roll"], v["points"], v["asterisks"]) == (9, 4, 1)
    assert v["production_lost"] == 1 and v["wasted"] == 3 and v["factories_destroyed"] == 0
    assert calc("wif.strategic-bombing", factors=20, roll=8, option_30=True).value["factories_destroyed"] == 1
    # saved build points in the hex take the surplus
    assert calc("wif.strategic-bombing", factors=20, roll=8, saved_bp=5).value["saved_bp_lost"] == 3
    # the rest of the column is unknown: named, no invented distribution
    assert r.distribution is None and len(r.missing) == 9
    assert {m.cell for m in r.missing} == {f"20/{n}/points" for n in (2, 3, 4, 5, 6, 7, 8, 10, 11)}


def test_11_7_intercepted_or_rain_changes_the_cell():
    r = calc("wif.strategic-bombing", factors=20, roll=8, intercepted=True)
    assert r.value["points"] is None and r.missing[0].cell == "20/8/points"
    r = calc("wif.strategic-bombing", factors=40, weather="snow", roll=8)   # 40 halved -> 20
    assert r.value["column_factors"] == 20 and r.value["points"] == 4
    r = calc("wif.strategic-bombing", factors=20, roll=8, intercepted=True, weapon="v2-v3")
    assert r.value["modified_roll"] == 9   # V-2 and V-3 cannot be intercepted


def test_11_7_the_factory_cap_holds_for_the_whole_turn():
    r = calc("wif.strategic-bombing", factors=20, roll=8, factories=3, lost_earlier=2)
    assert r.value["production_lost"] == 1 and r.value["wasted"] == 3


def test_11_7_1_atomic_half_rounded_up():
    assert [bombing.atomic_losses(n) for n in (0, 1, 3, 4)] == [0, 1, 2, 2]
    r = calc("wif.strategic-bombing", weapon="atomic", atomic_items=5)
    assert r.value["atomic_destroyed"] == 3 and not r.missing


def test_11_8_carpet_bombing_setting_and_atomic_factors():
    r = calc("wif.carpet-bombing", factors=20, roll=9, units=3)
    assert r.value["asterisks"] == 1 and r.value["units_destroyed"] == 1
    r = calc("wif.carpet-bombing", factors=20, roll=8, carpet_roll_bonus=True, intercepted=False)
    assert r.value["modified_roll"] == 9 and r.value["units_destroyed"] == 1
    assert calc("wif.carpet-bombing", atomic=True).value["column_factors"] == 25


# -- 11.9 ground strike ---------------------------------------------------------------------------
def test_ex_11_9_a_ryujo_and_soryu():
    """EX-11.9-a: Rain and jungle: Ryujo 1 -> 1/4 -> 0 (cannot succeed), Soryu 2 -> 2/4 -> 1; a 1 flips."""
    ryujo = calc("wif.ground-strike", tactical=1, weather="rain", terrain="jungle").value
    soryu = calc("wif.ground-strike", tactical=2, weather="rain", terrain="jungle").value
    assert (ryujo["factor_exact"], ryujo["factor"], ryujo["p_flip"]) == ("0.25", 0, "0")
    assert (soryu["factor_exact"], soryu["factor"], soryu["p_flip"]) == ("0.5", 1, "1/10")
    assert 1 <= soryu["factor"]   # the die of 1 against the HQ flips it


def test_11_9_dice_and_unknown_terrain():
    assert air.strike_dice(True, True, True) == 3 and air.strike_dice(False, True, False) == 1
    assert air.p_strike(3, 2) == 1 - Fraction(7, 10) ** 2
    r = calc("wif.ground-strike", tactical=4, weather="fine", terrain="forest")
    assert r.value["factor"] == 4   # unknown terrain effect left out, and named
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.ground-strike-terrain", "forest/multiplier")]
    assert not calc("wif.ground-strike", tactical=4, terrain="none").missing


# -- chart files: only the text's cells, each with its source ---------------------------------------
@pytest.mark.parametrize("row, factors, ships, results", [
    ("surface", 20, 3, "X, A"),          # EX-11.5.8-a: Boris's 20 factors
    ("surface", 7, 3, "D, A, A"),        # EX-11.5.8-a: Heinz's 7 factors
    ("asw", 6, 2, "D, A, A, A"),         # EX-11.5.10-a: Jay's ASW
    ("sub", 8, 2, "D, D, A, A, A"),      # EX-11.5.10-a: Heinz's SUBs
])
def test_naval_combat_table_fragments(row, factors, ships, results):
    r = calc("wif.naval-result", table_row=row, factors=factors, ships=ships)
    assert r.value["table_results"] == results and not r.missing
    r = calc("wif.naval-result", table_row=row, factors=factors + 50, ships=ships)
    assert r.value["table_results"] is None and r.missing[0].chart == "wif.naval-combat"


def test_shipped_charts_hold_only_sourced_cells():
    from viewer.rules.wif import tables
    expected = {"wif.strategic-bombing": 12, "wif.its-war": 1, "wif.initiative-track": 5,
                "wif.ground-strike-terrain": 1, "wif.aa-table": 176, "wif.aa-columns": 46, "wif.naval-combat": 12}
    for chart_id, cells in expected.items():
        chart = tables.shipped(chart_id)
        assert len(chart.cells) == cells, chart_id
        assert all(c.source.startswith("WiF ") for c in chart.cells.values()), chart_id
        assert not chart.complete


def test_one_off_surprise_purchases_are_yes_or_no():  # WiF 11.5.6
    from viewer.rules.wif import naval

    eight = naval.affordable(8)
    assert eight["avoid_combat"] is True and eight["choose_type"] is True   # not "2"
    assert eight["select_target"] == 2 and eight["own_column_right"] == 4
    assert naval.affordable(3)["avoid_combat"] is False and naval.affordable(3)["choose_type"] is False
    assert "own_column_right" not in naval.affordable(1)


@pytest.mark.parametrize("lang", ["en", "es"])
def test_surprise_card_shows_one_off_purchases_as_yes_or_no(lang):  # WiF 11.5.6
    """3 points (4 against 7): the one-off purchases read no, a 2-point option reads its count;
    with 7 points they read yes. Steps and the card's result table say yes/no, never a count."""
    from viewer.calculators import REGISTRY
    from viewer.state import SessionState
    from viewer.views.common.calculator_card import CalculatorCard

    def card_text(**inputs):
        card = CalculatorCard(calculator=REGISTRY["wif.surprise"](**inputs), state=SessionState(lang=lang))
        return card.result_box.object

    three = calc("wif.surprise", own_highest_section=0, own_section_bonus=1, own_roll=4,
                 opponent_highest_section=3, opponent_section_bonus=0, opponent_roll=3)
    assert three.value["difference"] == 3
    opts = three.value["options"]
    assert opts["avoid_combat"] is False and opts["choose_type"] is False and opts["select_target"] == 1
    keys = [s.key.rsplit(".", 1)[1] for s in three.steps]
    assert "option_avoid_combat_no" in keys and "option_choose_type_no" in keys
    shown = card_text(own_highest_section=0, own_section_bonus=1, own_roll=4,
                      opponent_highest_section=3, opponent_section_bonus=0, opponent_roll=3)
    no, yes = ("No", "Yes") if lang == "en" else ("No", "Sí")
    avoid, target, choose = {"en": ("avoid the combat", "select an enemy target", "choose the combat type"),
                             "es": ("evitar el combate", "elegir un objetivo enemigo", "elegir el tipo de combate")}[lang]
    assert f"{avoid}: {no}" in shown and f"{target}: 1" in shown
    seven = calc("wif.surprise", own_highest_section=0, own_section_bonus=1, own_roll=7,
                 opponent_highest_section=4, opponent_section_bonus=0, opponent_roll=3)
    assert f"{choose}: {yes}" in card_text(own_highest_section=0, own_section_bonus=1, own_roll=7,
                                              opponent_highest_section=4, opponent_section_bonus=0, opponent_roll=3)
    assert any(s.key.endswith("option_avoid_combat_yes") for s in seven.steps)
