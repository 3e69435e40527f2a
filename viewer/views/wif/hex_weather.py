"""The WiF calculators fill their weather from the hex a player picks on the map (WiF 8.2).

A sea hex gives its sea area's weather to the naval cards; a land hex gives its own weather (its
zone's, shifted by its terrain, WiF 8.2.1) and its terrain to the cards that strike or attack it.
"""
from __future__ import annotations

import math

from viewer.board import HexMap
from viewer.rules.wif.weather import ZONES, effective_weather
from viewer.state import SessionState
from viewer.state.wif.weather import WeatherSession
from viewer.views.common.calculator_list import CalculatorList

#: Cards whose weather is the sea area's, and cards whose weather is the target hex's.
SEA_WEATHER = ("wif.naval-search", "wif.asw", "wif.aa-fire")
HEX_WEATHER = ("wif.ground-strike", "wif.strategic-bombing", "wif.carpet-bombing", "wif.land-odds")
#: Cards that also take the target hex's terrain.
HEX_TERRAIN = ("wif.ground-strike",)


def fill_from_hex(calculators: CalculatorList, hexmap: HexMap, weather: WeatherSession, key) -> None:
    """Fill ``calculators``' weather (and terrain) inputs from hex ``key`` and the zones' weather."""
    if key is None or key not in hexmap:
        return
    attrs = hexmap.hex(key)
    zone, terrain = attrs.get("climate_zone"), attrs.get("terrain")
    zone_weather = weather.zones.get(zone) if zone in ZONES else None
    if zone_weather is None:
        return
    sea = attrs.get("sea_area")
    if isinstance(sea, str) or (sea is not None and not (isinstance(sea, float) and math.isnan(sea))):
        for slug in SEA_WEATHER:
            if slug in calculators.slugs:
                calculators.fill(slug, weather=zone_weather)
    if terrain and terrain not in ("sea", "all-sea", "lake"):
        hex_weather = effective_weather(zone_weather, terrain)
        for slug in HEX_WEATHER:
            if slug in calculators.slugs:
                calculators.fill(slug, weather=hex_weather)
        for slug in HEX_TERRAIN:
            if slug in calculators.slugs:
                calculators.fill(slug, terrain=terrain)


def link_to_map(calculators: CalculatorList, hexmap: HexMap, weather: WeatherSession,
                state: SessionState) -> None:
    """Fill ``calculators`` from every hex the session selects."""
    state.param.watch(lambda *_: fill_from_hex(calculators, hexmap, weather, state.selected), "selected")
