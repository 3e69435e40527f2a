"""World in Flames weather: conditions, climate zones, turns, settings and the desert shift.

Rules: WiF 8 (the weather roll, see :mod:`viewer.rules.wif.weather_roll`), WiF 8.1 (climate
zones), WiF 8.2.1 (deserts). Every other effect of WiF 8.2 is a function in
:mod:`viewer.rules.wif.weather_effects`; the odds ladder of WiF 8.2.7 is in
:mod:`viewer.rules.wif.odds`; the Weather Chart is a user-completed chart
(:mod:`viewer.rules.wif.weather_chart`).

Identifiers are those of the label catalogue (``weather.<condition>``, ``climate.<zone>``) and
of the map files (``viewer.board.terrain``): one name per idea across layers.

Discrepancies of the text are named settings (:class:`WeatherSettings`), never silent choices.
"""
from __future__ import annotations

from dataclasses import dataclass, fields, replace

from viewer.errors import ViewerError
from viewer.ruleref import RuleRef

# -- rule citations --------------------------------------------------------------------------------
R_ROLL = RuleRef("wif", "8")
R_ZONES = RuleRef("wif", "8.1")
R_DESERT = RuleRef("wif", "8.2.1")
R_SUPPLY = RuleRef("wif", "8.2.2")
R_AIR = RuleRef("wif", "8.2.3")
R_SEARCH = RuleRef("wif", "8.2.4")
R_MOVE = RuleRef("wif", "8.2.5")
R_INVASION = RuleRef("wif", "8.2.6")
R_LAND_COMBAT = RuleRef("wif", "8.2.7")
R_TURN = RuleRef("wif", "8.2.8")
R_TERRAIN = RuleRef("wif", "8.2.9")
R_PORTS = RuleRef("wif", "8.2.10")
R_SUPPLY_LINES = RuleRef("wif", "2.4.2")
R_NAVAL_SEARCH = RuleRef("wif", "11.5.5")
R_DICE = RuleRef("wif", "2.7")

#: The five weather conditions, best to worst as the rulebook lists them (WiF 8).
FINE, RAIN, SNOW, STORM, BLIZZARD = "fine", "rain", "snow", "storm", "blizzard"
CONDITIONS = (FINE, RAIN, SNOW, STORM, BLIZZARD)

#: The six climate zones of WiF 8.1, in the rulebook's order (ids of viewer.board.terrain).
ZONES = ("arctic", "north-temperate", "south-temperate", "mediterranean", "north-monsoon",
         "south-monsoon")

#: A turn is two months (WiF 3); the Weather Chart is read by bimonth (WiF 8).
BIMONTHS = ("jan-feb", "mar-apr", "may-jun", "jul-aug", "sep-oct", "nov-dec")

#: Terrain classes whose weather is shifted (WiF 8.2.1).
DESERT_TERRAIN = ("desert", "desert-mountain")

#: WiF 8.2.1: the weather a desert or desert-mountain hex suffers for each zone weather.
DESERT_SHIFT = {FINE: FINE, RAIN: FINE, SNOW: FINE, STORM: RAIN, BLIZZARD: SNOW}


class WeatherError(ViewerError):
    """Bad weather input, naming the ``parameter`` and the ``allowed`` values."""


def check_condition(value: str, parameter: str = "weather") -> str:
    """``value`` as a condition id (case-insensitive); WeatherError naming the allowed ones."""
    text = str(value).strip().lower()
    if text not in CONDITIONS:
        raise WeatherError(parameter, f"unknown weather {value!r}", list(CONDITIONS))
    return text


def check_zone(value: str, parameter: str = "zone") -> str:
    text = str(value).strip().lower()
    if text not in ZONES:
        raise WeatherError(parameter, f"unknown climate zone {value!r}", list(ZONES))
    return text


def check_bimonth(value: str, parameter: str = "bimonth") -> str:
    text = str(value).strip().lower().replace("/", "-")
    if text not in BIMONTHS:
        raise WeatherError(parameter, f"unknown turn {value!r}", list(BIMONTHS))
    return text


@dataclass(frozen=True, order=True)
class Turn:
    """A game turn: a year and its bimonth (``Turn(1940, "jul-aug")``)."""

    year: int
    bimonth: str

    def __post_init__(self):
        object.__setattr__(self, "bimonth", check_bimonth(self.bimonth))

    @property
    def index(self) -> int:
        return BIMONTHS.index(self.bimonth)

    def next(self) -> "Turn":
        i = self.index + 1
        return Turn(self.year + i // len(BIMONTHS), BIMONTHS[i % len(BIMONTHS)])

    def __str__(self) -> str:
        return f"{self.bimonth} {self.year}"


# -- settings for the text's discrepancies ---------------------------------------------------------
#: Allowed values of every setting; the first is the default.
SETTING_CHOICES = {
    # WiF 8.2.9 prints "lake hexes are frozen in Snow or Storm" (Nieve o Tormenta) while the
    # lake-hexside and swamp rules say Snow or Blizzard: "as-printed" follows the text,
    # "snow-blizzard" reads it as the likely intended Snow or Blizzard.
    "lake_freeze": ("as-printed", "snow-blizzard"),
    # WiF 8.2.10 closes a freezable port to overseas supply by the weather of the LAST impulse of
    # the turn; WiF 2.4.2 says by the port hex's weather now: "last-impulse" or "current".
    "port_supply_weather": ("last-impulse", "current"),
    # WiF 8.2.3 "in a sea area or attacking a hex with Snow or Rain": "both" applies Snow/Rain to
    # both cases; "hex-only" halves in every sea area and only the hex attack needs Snow/Rain.
    "air_halving": ("both", "hex-only"),
    # WiF 8.2.3 "rebase only" in a ZONE with Storm/Blizzard: "zone" uses the zone weather even in
    # a desert hex; "effective" uses the hex's shifted weather (WiF 8.2.1) instead.
    "rebase_only_by": ("zone", "effective"),
}


@dataclass(frozen=True)
class WeatherSettings:
    """Named choices where the text contradicts itself or is unclear; defaults follow the text."""

    lake_freeze: str = "as-printed"
    port_supply_weather: str = "last-impulse"
    air_halving: str = "both"
    rebase_only_by: str = "zone"

    def __post_init__(self):
        for f in fields(self):
            value = getattr(self, f.name)
            if value not in SETTING_CHOICES[f.name]:
                raise WeatherError(f.name, f"unknown setting {value!r}", list(SETTING_CHOICES[f.name]))

    def with_(self, **changes) -> "WeatherSettings":
        return replace(self, **changes)

    def to_dict(self) -> dict[str, str]:
        return {f.name: getattr(self, f.name) for f in fields(self)}


DEFAULT_SETTINGS = WeatherSettings()


# -- WiF 8.2.1 -------------------------------------------------------------------------------------
def is_desert(terrain: str | None) -> bool:
    """Desert and desert-mountain hexes shift their weather (WiF 8.2.1)."""
    return terrain in DESERT_TERRAIN


def effective_weather(zone_weather: str, terrain: str | None = None) -> str:
    """The weather a hex suffers: its zone's, shifted for desert hexes (WiF 8.2.1).

    Desert and desert-mountain: Rain and Snow become Fine, Storm becomes Rain, Blizzard Snow.
    """
    weather = check_condition(zone_weather, "zone_weather")
    return DESERT_SHIFT[weather] if is_desert(terrain) else weather
