"""The weather roll (WiF 8) and the weather state it updates.

At the start of each pair of impulses the first side rolls a d10 (a 0 reads 10, WiF 2.7), adds
the asterisks of the last chart result (0 to 3, even from the previous turn) and crosses the
modified roll (1 to 13) with the turn's bimonth on the Weather Chart: a weather for each
climate zone, the asterisks for the next roll and the circled impulse advance (WiF 8.2.8).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction

from viewer.dice import Distribution, die
from viewer.rules.charts import Chart
from viewer.rules.wif.weather import (
    CONDITIONS,
    ZONES,
    WeatherError,
    check_bimonth,
    check_condition,
    check_zone,
)
from viewer.rules.wif.weather_chart import ChartResult, lookup

UNKNOWN = "unknown"


def read_d10(raw: int) -> int:
    """A d10 face: 0 reads 10 (WiF 2.7), so results run 1 to 10."""
    raw = int(raw)
    if not 0 <= raw <= 10:
        raise WeatherError("raw_roll", f"{raw} is not a d10 face", list(range(0, 11)))
    return 10 if raw == 0 else raw


def check_asterisks(asterisks: int) -> int:
    if int(asterisks) != asterisks or not 0 <= int(asterisks) <= 3:
        raise WeatherError("last_asterisks", f"{asterisks} asterisks", [0, 1, 2, 3])
    return int(asterisks)


def modified_roll(raw: int, last_asterisks: int) -> int:
    """The d10 plus the asterisks of the last weather result (WiF 8): 1 to 13."""
    return read_d10(raw) + check_asterisks(last_asterisks)


def modified_roll_distribution(last_asterisks: int) -> Distribution:
    """The exact distribution of the modified roll: d10 + asterisks, each value 1/10."""
    a = check_asterisks(last_asterisks)
    return die(10).map(lambda k: k + a)


@dataclass
class RollResult:
    """One weather roll: raw and modified rolls and the chart row (as far as it is known)."""

    bimonth: str
    raw: int
    last_asterisks: int
    modified: int
    chart: ChartResult

    @property
    def missing(self) -> list[str]:
        return self.chart.missing


def roll_weather(chart: Chart, bimonth: str, raw: int, last_asterisks: int) -> RollResult:
    """Resolve a weather roll on ``chart`` (WiF 8)."""
    bimonth = check_bimonth(bimonth)
    mod = modified_roll(raw, last_asterisks)
    return RollResult(bimonth, read_d10(raw), check_asterisks(last_asterisks), mod, lookup(chart, bimonth, mod))


def weather_probabilities(chart: Chart, bimonth: str, last_asterisks: int) -> dict:
    """Exact chances of the next roll's results, as far as the chart is known.

    ``{"zones": {zone: {condition: Fraction, "unknown": Fraction}}, "asterisks": {n or "unknown":
    Fraction}, "impulse_advance": {...}}``: the "unknown" share is the chance of landing on a row
    whose cell nobody has filled in; with a complete chart it is absent.
    """
    bimonth = check_bimonth(bimonth)
    dist = modified_roll_distribution(last_asterisks)
    zones: dict[str, dict] = {z: {} for z in ZONES}
    asterisks: dict = {}
    advance: dict = {}
    for roll, p in dist.items():
        row = lookup(chart, bimonth, roll)
        for z in ZONES:
            key: str | int = row.weather[z] or UNKNOWN
            zones[z][key] = zones[z].get(key, Fraction(0)) + p
        key = UNKNOWN if row.asterisks is None else row.asterisks
        asterisks[key] = asterisks.get(key, Fraction(0)) + p
        key = UNKNOWN if row.impulse_advance is None else row.impulse_advance
        advance[key] = advance.get(key, Fraction(0)) + p
    order = {c: i for i, c in enumerate((*CONDITIONS, UNKNOWN))}
    zones = {z: dict(sorted(v.items(), key=lambda kv: order[kv[0]])) for z, v in zones.items()}
    return {"zones": zones, "asterisks": asterisks, "impulse_advance": advance}


@dataclass
class RollRecord:
    """A roll in the history: turn label, rolls, the weather it gave and the asterisks."""

    bimonth: str
    raw: int
    last_asterisks: int
    modified: int
    weather: dict[str, str | None]
    asterisks: int | None
    impulse_advance: int | None

    def to_dict(self) -> dict:
        return dict(self.__dict__)


@dataclass
class WeatherState:
    """Current weather per zone (None: unknown), the last asterisks and the roll history."""

    zones: dict[str, str | None] = field(default_factory=lambda: {z: "fine" for z in ZONES})
    last_asterisks: int | None = 0
    history: list[RollRecord] = field(default_factory=list)

    def set_zone(self, zone: str, weather: str) -> None:
        """Set a zone's weather by hand (a player's table, a scenario)."""
        self.zones[check_zone(zone)] = check_condition(weather)

    def apply(self, result: RollResult) -> RollRecord:
        """Take a roll's result: the zones it knows change, unknown ones become None (unknown)."""
        rec = RollRecord(result.bimonth, result.raw, result.last_asterisks, result.modified,
                         dict(result.chart.weather), result.chart.asterisks, result.chart.impulse_advance)
        self.zones = {z: result.chart.weather[z] for z in ZONES}
        self.last_asterisks = result.chart.asterisks
        self.history.append(rec)
        return rec

    def roll(self, chart: Chart, bimonth: str, raw: int) -> RollRecord:
        """Roll with the carried asterisks; raises WeatherError if they are unknown."""
        if self.last_asterisks is None:
            raise WeatherError("last_asterisks", "the last result's asterisks are unknown: fill in "
                               "that chart cell or set them by hand", [0, 1, 2, 3])
        return self.apply(roll_weather(chart, bimonth, raw, self.last_asterisks))

    def to_dict(self) -> dict:
        return {"zones": dict(self.zones), "last_asterisks": self.last_asterisks,
                "history": [r.to_dict() for r in self.history]}

    @classmethod
    def from_dict(cls, data: dict) -> "WeatherState":
        state = cls()
        for z, w in (data.get("zones") or {}).items():
            state.zones[check_zone(z)] = None if w is None else check_condition(w)
        la = data.get("last_asterisks", 0)
        state.last_asterisks = None if la is None else check_asterisks(la)
        state.history = [RollRecord(**r) for r in data.get("history", [])]
        return state
