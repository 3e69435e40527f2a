"""Every effect of WiF 8.2 as a function citing its rule, and the list of effects on one hex.

The weather passed to a hex's effects is its *effective* weather (WiF 8.2.1, see
:func:`viewer.rules.wif.weather.effective_weather`) unless a function says otherwise (the air
mission ban reads the zone's weather, WiF 8.2.3; the ore route reads the Arctic's, WiF 8.2.10).
:func:`hex_effects` returns the matrix row of the digest's 8.3 for one hex, as :class:`Effect`
values whose ``name`` is also their label id (``calc.wif.weather-effects.step.<name>``).
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from viewer.ruleref import RuleRef
from viewer.rules.wif.odds import odds_reduction
from viewer.rules.wif.weather import (
    BLIZZARD,
    DEFAULT_SETTINGS,
    FINE,
    R_AIR,
    R_DESERT,
    R_INVASION,
    R_LAND_COMBAT,
    R_MOVE,
    R_PORTS,
    R_SEARCH,
    R_SUPPLY,
    R_SUPPLY_LINES,
    R_TERRAIN,
    RAIN,
    SNOW,
    STORM,
    WeatherError,
    WeatherSettings,
    check_condition,
    effective_weather,
    is_desert,
)

# -- WiF 8.2.2 supply ------------------------------------------------------------------------------
#: Supply range in European-map hexes by the weather in the unit's (or secondary source's) hex.
SUPPLY_RANGE = {FINE: 4, SNOW: 3, RAIN: 2, STORM: 2, BLIZZARD: 2}
#: Map classes of WiF (the ``map_class`` column of the map files).
MAP_CLASSES = ("european", "asian", "pacific", "american", "scandinavian", "african")
#: Maps where each hex entered counts as 2 (WiF 8.2.2); AfA/AsA option 1 adds the last two.
DOUBLE_COST_MAPS = ("asian", "pacific")
OPTION_1_DOUBLE_COST_MAPS = ("scandinavian", "african")
OFF_MAP_COST = 4


def supply_range(weather: str) -> int:
    """How far a supply line may run, in European-map hexes (WiF 8.2.2): 4 Fine, 3 Snow, else 2.

    The weather is that of the hex of the unit (or secondary source) tracing (WiF 2.4.2).
    """
    return SUPPLY_RANGE[check_condition(weather)]


def supply_hex_cost(map_class: str, off_map: bool = False, terrain: str | None = None,
                    afa_asa_option_1: bool = False) -> int:
    """What entering a hex costs a supply line (WiF 8.2.2, WiF 2.4.2).

    1 on the European (and American) maps, 2 on the Asian and Pacific maps (with AfA/AsA option 1
    also the Scandinavian and African maps), 4 off-map; a desert or desert-mountain hex costs one
    more (WiF 2.4.2: "2 on the European maps, 3 on the Pacific maps, 5 off-map").
    """
    if off_map:
        base = OFF_MAP_COST
    else:
        if map_class not in MAP_CLASSES:
            raise WeatherError("map_class", f"unknown map class {map_class!r}", list(MAP_CLASSES))
        double = DOUBLE_COST_MAPS + (OPTION_1_DOUBLE_COST_MAPS if afa_asa_option_1 else ())
        base = 2 if map_class in double else 1
    return base + (1 if is_desert(terrain) else 0)


def supply_path_ok(weather: str, costs: list[int]) -> bool:
    """A line entering hexes of these ``costs`` fits the range for ``weather`` (WiF 8.2.2)."""
    return sum(costs) <= supply_range(weather)


# -- WiF 8.2.3 air ---------------------------------------------------------------------------------
def air_missions_allowed(zone_weather: str) -> str:
    """``"all"``, or ``"rebase-only"`` in a zone with Storm or Blizzard (WiF 8.2.3)."""
    return "rebase-only" if check_condition(zone_weather) in (STORM, BLIZZARD) else "all"


def air_factor_multiplier(weather: str, in_sea_area: bool = False,
                          settings: WeatherSettings = DEFAULT_SETTINGS) -> Fraction | None:
    """Multiplier of aircraft naval, tactical and strategic factors (WiF 8.2.3).

    1/2 in a sea area or attacking a hex with Snow or Rain (applied after AA fire); None where no
    such mission may be flown (Storm, Blizzard). Setting ``air_halving="hex-only"`` halves in
    every sea area and asks Snow or Rain only of the attacked hex.
    """
    weather = check_condition(weather)
    if weather in (STORM, BLIZZARD):
        return None
    if weather in (RAIN, SNOW):
        return Fraction(1, 2)
    if in_sea_area and settings.air_halving == "hex-only":
        return Fraction(1, 2)
    return Fraction(1)


def air_factor(factor: float, weather: str, aa_loss: float = 0, in_sea_area: bool = False,
               settings: WeatherSettings = DEFAULT_SETTINGS) -> float | None:
    """An aircraft factor after AA losses, then halved where WiF 8.2.3 says (None: no mission)."""
    mult = air_factor_multiplier(weather, in_sea_area, settings)
    if mult is None:
        return None
    return max(0.0, float(factor) - float(aa_loss)) * float(mult)


def naval_air_combat_allowed(sea_weather: str) -> bool:
    """No naval-air combat in a sea area with Storm or Blizzard; its aircraft are ignored (WiF 8.2.3)."""
    return check_condition(sea_weather) not in (STORM, BLIZZARD)


# -- WiF 8.2.4 and 11.5.5 naval search -------------------------------------------------------------
def carrier_range_bonus(best_range: int) -> int:
    """SiF option 27: best carrier-plane range 1-3 -> +0, 4-6 -> +1, 7+ -> +2 (WiF 11.5.5)."""
    if best_range < 1:
        raise WeatherError("carrier_range", f"{best_range} is not a range", ["1 or more"])
    return 0 if best_range <= 3 else (1 if best_range <= 6 else 2)


def search_number_bonus(sea_weather: str, nav: bool = False, carrier_plane: bool = False,
                        sif_option_27: bool = False, carrier_range: int | None = None) -> int:
    """What a sea-box section's search number gains (WiF 8.2.4, 11.5.5).

    +1 in Fine, Rain or Snow when the section holds a NAV or carrier plane of your side. With SiF
    option 27 the carrier plane's part depends on the best carrier-plane range instead (a NAV
    still gives +1; the better of the two counts, as the base rule gives one +1).
    """
    if check_condition(sea_weather) in (STORM, BLIZZARD):
        return 0
    bonus = 1 if nav else 0
    if carrier_plane:
        if sif_option_27:
            if carrier_range is None:
                raise WeatherError("carrier_range", "SiF option 27 needs the best carrier-plane range")
            bonus = max(bonus, carrier_range_bonus(carrier_range))
        else:
            bonus = 1
    return bonus


def search_roll_modifier(sea_weather: str, enemy_convoy_points: int = 0, kind: str = "search") -> int:
    """Modifier to your search roll: +1 in Rain, Snow, Storm or Blizzard (WiF 8.2.4), and -1 per 10
    (or fraction) enemy convoy points, except for interceptions, port attacks or in Storm or
    Blizzard (WiF 11.5.5). ``kind``: ``search``, ``interception`` or ``port-attack``."""
    weather = check_condition(sea_weather)
    mod = 0 if weather == FINE else 1
    if enemy_convoy_points and kind == "search" and weather not in (STORM, BLIZZARD):
        mod -= math.ceil(enemy_convoy_points / 10)
    return mod


def search_succeeds(modified_roll: int, modified_search_number: int) -> bool:
    """A search finds the enemy when the modified roll is at most the search number (WiF 11.5.5)."""
    return modified_roll <= modified_search_number


# -- WiF 8.2.5, 8.2.6 ------------------------------------------------------------------------------
def terrain_cost_multiplier(weather: str) -> int:
    """Land movement: terrain costs double in Rain, Storm or Blizzard, not in Snow (WiF 8.2.5)."""
    return 2 if check_condition(weather) in (RAIN, STORM, BLIZZARD) else 1


def invasion_allowed(weather: str) -> bool:
    """No invasion of a hex in Storm, Snow or Blizzard (WiF 8.2.6)."""
    return check_condition(weather) in (FINE, RAIN)


# -- WiF 8.2.7 shore bombardment -------------------------------------------------------------------
def parse_bombardment_modifier(printed: str | int) -> tuple[int, bool]:
    """``"0*"`` -> ``(0, True)``: the printed modifier and whether its section has an asterisk."""
    text = str(printed).strip()
    star = text.endswith("*")
    try:
        return int(text.rstrip("*").strip()), star
    except ValueError:
        raise WeatherError("modifier", f"cannot read shore-bombardment modifier {printed!r}",
                           ["a whole number, optionally followed by *"]) from None


def shore_bombardment_modifier(printed: str | int, weather: str) -> int | None:
    """The shore-bombardment modifier against a hex in ``weather`` (WiF 8.2.7); None: prohibited.

    +1 for a section with an asterisk bombarding a hex in Rain or Snow ('0*' reads '1' in Rain);
    no shore bombardment of a hex in Storm or Blizzard.
    """
    weather = check_condition(weather)
    value, star = parse_bombardment_modifier(printed)
    if weather in (STORM, BLIZZARD):
        return None
    return value + 1 if star and weather in (RAIN, SNOW) else value


# -- WiF 8.2.8 turn length -------------------------------------------------------------------------
def advance_impulse_marker(position: int, circled: int, impulses_ended: bool) -> int:
    """Move the impulse marker by the chart's circled number unless the impulses ended (WiF 8.2.8)."""
    return position if impulses_ended else position + int(circled)


# -- WiF 8.2.9 terrain -----------------------------------------------------------------------------
def lake_frozen(weather: str, settings: WeatherSettings = DEFAULT_SETTINGS) -> bool:
    """A lake hex is frozen, and counts as clear, in Snow or Storm as printed (WiF 8.2.9).

    Setting ``lake_freeze="snow-blizzard"`` reads it as Snow or Blizzard, like the hexside rule.
    """
    weather = check_condition(weather)
    frozen_in = (SNOW, STORM) if settings.lake_freeze == "as-printed" else (SNOW, BLIZZARD)
    return weather in frozen_in


def lake_hexside_frozen(weather_a: str, weather_b: str) -> bool:
    """A lake hexside freezes, and counts as a river, when both hexes are in Snow or Blizzard (WiF 8.2.9)."""
    return check_condition(weather_a) in (SNOW, BLIZZARD) and check_condition(weather_b) in (SNOW, BLIZZARD)


def swamp_as_forest(weather: str) -> bool:
    """Swamp hexes are treated as forest in Snow or Blizzard (WiF 8.2.9)."""
    return check_condition(weather) in (SNOW, BLIZZARD)


def effective_terrain(terrain: str, weather: str, settings: WeatherSettings = DEFAULT_SETTINGS) -> str:
    """The terrain a hex counts as in ``weather`` (WiF 8.2.9): frozen lake -> clear, swamp -> forest."""
    if terrain == "lake" and lake_frozen(weather, settings):
        return "clear"
    if terrain == "swamp" and swamp_as_forest(weather):
        return "forest"
    return terrain


def effective_hexside(feature: str, weather_a: str, weather_b: str) -> str:
    """A frozen lake hexside counts as a river hexside (WiF 8.2.9)."""
    return "river" if feature == "lake" and lake_hexside_frozen(weather_a, weather_b) else feature


def units_destroyed_on_thaw(was_frozen: bool, now_frozen: bool) -> bool:
    """Land and air units on a lake that thaws are destroyed at once (WiF 8.2.9)."""
    return was_frozen and not now_frozen


# -- WiF 8.2.10 freezable ports --------------------------------------------------------------------
def port_closed_to_units(port_weather: str, freezable: bool = True) -> bool:
    """No units in or out of a freezable port whose hex is in Snow or Blizzard (WiF 8.2.10)."""
    return bool(freezable) and check_condition(port_weather) in (SNOW, BLIZZARD)


def port_closed_to_resources(last_impulse_weather: str, freezable: bool = True) -> bool:
    """No resources (option 16: build points) in or out of a freezable port if the last impulse of
    the turn had Snow or Blizzard in its hex (WiF 8.2.10)."""
    return bool(freezable) and check_condition(last_impulse_weather) in (SNOW, BLIZZARD)


def port_closed_to_overseas_supply(current_weather: str, last_impulse_weather: str | None = None,
                                   freezable: bool = True,
                                   settings: WeatherSettings = DEFAULT_SETTINGS) -> bool:
    """No overseas supply line into or out of a freezable port in Snow or Blizzard.

    WiF 8.2.10 reads the weather of the last impulse of the turn (setting
    ``port_supply_weather="last-impulse"``, the default); WiF 2.4.2 reads the port hex's weather
    now (``"current"``).
    """
    if settings.port_supply_weather == "current" or last_impulse_weather is None:
        weather = current_weather
    else:
        weather = last_impulse_weather
    return bool(freezable) and check_condition(weather) in (SNOW, BLIZZARD)


def swedish_ore_via_baltic_allowed(arctic_last_impulse_weather: str, narvik_allied: bool) -> bool:
    """With Storm or Blizzard in the Arctic in the last impulse of the turn, Germany ships Swedish
    resources through the Baltic only if no Allied major power controls Narvik (WiF 8.2.10)."""
    if check_condition(arctic_last_impulse_weather) in (STORM, BLIZZARD):
        return not narvik_allied
    return True


# -- the effects on one hex ------------------------------------------------------------------------
@dataclass(frozen=True)
class Effect:
    """One effect of the weather: ``name`` (its label id), the ``rule``, a ``value`` and label ``params``.

    Params whose name ends in ``weather`` hold a condition id, ``terrain`` a terrain id.
    """

    name: str
    rule: RuleRef
    value: Any = None
    params: dict[str, Any] = field(default_factory=dict)


def hex_effects(zone_weather: str, terrain: str | None = None, zone: str | None = None,
                map_class: str | None = None, off_map: bool = False, port_freezable: bool = False,
                last_impulse_weather: str | None = None, other_side_weather: str | None = None,
                settings: WeatherSettings = DEFAULT_SETTINGS) -> list[Effect]:
    """Every weather effect on a hex of ``terrain`` whose zone has ``zone_weather`` (WiF 8.2).

    ``map_class``/``off_map`` give the supply hex cost; ``port_freezable`` adds the port rules;
    ``last_impulse_weather`` (zone weather of the last impulse of the turn, default: the current
    one) drives the end-of-turn port and ore rules; ``other_side_weather`` (the effective weather
    across a lake hexside) the hexside rule; ``zone`` the Swedish ore rule for the Arctic.
    """
    zone_weather = check_condition(zone_weather, "zone_weather")
    w = effective_weather(zone_weather, terrain)
    last_zone = check_condition(last_impulse_weather or zone_weather, "last_impulse_weather")
    last = effective_weather(last_zone, terrain)
    out: list[Effect] = []
    if is_desert(terrain):
        out.append(Effect("desert_shift", R_DESERT, w, {"zone_weather": zone_weather, "weather": w}))
    else:
        out.append(Effect("zone_weather", R_DESERT, w, {"weather": w}))
    out.append(Effect("supply_range", R_SUPPLY, supply_range(w), {"range": supply_range(w)}))
    if off_map or map_class in MAP_CLASSES:
        cost = supply_hex_cost(map_class or "european", off_map, terrain)
        out.append(Effect("supply_hex_cost", R_SUPPLY_LINES, cost, {"cost": cost}))
    elif map_class:
        out.append(Effect("supply_hex_cost_unknown", R_SUPPLY, None, {"map_class": map_class}))
    mission_weather = zone_weather if settings.rebase_only_by == "zone" else w
    missions = air_missions_allowed(mission_weather)
    out.append(Effect("air_rebase_only" if missions == "rebase-only" else "air_missions_all", R_AIR,
                      missions, {"weather": mission_weather}))
    mult = air_factor_multiplier(w, in_sea_area=(terrain == "sea"), settings=settings)
    if mult is not None:
        out.append(Effect("air_factors_halved" if mult < 1 else "air_factors_full", R_AIR, mult))
    naval_air = naval_air_combat_allowed(w)
    out.append(Effect("naval_air_allowed" if naval_air else "naval_air_banned", R_AIR, naval_air))
    eligible = search_number_bonus(w, nav=True) > 0
    out.append(Effect("search_number_bonus" if eligible else "search_number_no_bonus", R_SEARCH, eligible))
    roll_mod = search_roll_modifier(w)
    out.append(Effect("search_roll_modifier", R_SEARCH, roll_mod, {"modifier": roll_mod}))
    mult_move = terrain_cost_multiplier(w)
    out.append(Effect("movement_doubled" if mult_move == 2 else "movement_normal", R_MOVE, mult_move))
    inv = invasion_allowed(w)
    out.append(Effect("invasion_allowed" if inv else "invasion_banned", R_INVASION, inv))
    shift, special = odds_reduction(w, False), odds_reduction(w, True)
    out.append(Effect("odds_shift", R_LAND_COMBAT, -shift, {"shift": -shift, "special": -special}))
    if w in (STORM, BLIZZARD):
        out.append(Effect("bombard_banned", R_LAND_COMBAT, None))
    elif w in (RAIN, SNOW):
        out.append(Effect("bombard_asterisk", R_LAND_COMBAT, 1))
    else:
        out.append(Effect("bombard_normal", R_LAND_COMBAT, 0))
    if terrain == "lake":
        frozen = lake_frozen(w, settings)
        out.append(Effect("lake_frozen" if frozen else "lake_open", R_TERRAIN, frozen,
                          {"setting": settings.lake_freeze}))
    if terrain == "swamp":
        forest = swamp_as_forest(w)
        out.append(Effect("swamp_as_forest" if forest else "swamp_normal", R_TERRAIN, forest))
    if other_side_weather is not None:
        frozen = lake_hexside_frozen(w, other_side_weather)
        out.append(Effect("lake_hexside_frozen" if frozen else "lake_hexside_open", R_TERRAIN, frozen,
                          {"other_weather": check_condition(other_side_weather)}))
    if port_freezable:
        closed = port_closed_to_units(w)
        out.append(Effect("port_closed_units" if closed else "port_open_units", R_PORTS, closed))
        closed = port_closed_to_resources(last)
        out.append(Effect("port_closed_resources" if closed else "port_open_resources", R_PORTS, closed,
                          {"last_weather": last}))
        closed = port_closed_to_overseas_supply(w, last, settings=settings)
        rule = R_PORTS if settings.port_supply_weather == "last-impulse" else R_SUPPLY_LINES
        out.append(Effect("port_closed_supply" if closed else "port_open_supply", rule, closed,
                          {"setting": settings.port_supply_weather}))
    if zone == "arctic":
        restricted = not swedish_ore_via_baltic_allowed(last_zone, narvik_allied=True)
        out.append(Effect("swedish_ore_restricted" if restricted else "swedish_ore_free", R_PORTS,
                          restricted, {"last_weather": last_zone}))
    return out

