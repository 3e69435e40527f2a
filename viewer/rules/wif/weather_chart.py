"""The WiF Weather Chart (WiF 8) as a user-completed chart, and looking a roll up in it.

The shipped chart (``data/weather-chart.yaml``) holds only the cells the rulebook's worked
example reveals; :func:`load_weather_chart` reads a player's chart (YAML or CSV) and
:func:`with_user_cells` merges it over the shipped cells. A lookup never guesses: an unknown
cell is listed by id in :attr:`ChartResult.missing`.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from viewer.rules.charts import Chart, ChartSchema, chart_from_dict, load_chart, parse_chart
from viewer.rules.wif.weather import ZONES, check_bimonth

CHART_ID = "wif.weather"
ASTERISKS = "asterisks"
IMPULSE_ADVANCE = "impulse_advance"
ROLLS = tuple(range(1, 14))


def _shipped_text() -> str:
    return (resources.files("viewer.rules.wif") / "data" / "weather-chart.yaml").read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def _shipped() -> Chart:
    return chart_from_dict(yaml.safe_load(_shipped_text()), origin="viewer/rules/wif/data/weather-chart.yaml")


def weather_schema() -> ChartSchema:
    """The Weather Chart's schema: bimonth x roll 1-13 -> six zones, asterisks, impulse advance."""
    return _shipped().schema


def shipped_chart() -> Chart:
    """A fresh copy of the shipped chart (only the worked example's cells, each with its source)."""
    base = _shipped()
    return Chart(base.schema, dict(base.cells))


def load_weather_chart(path: str | Path) -> Chart:
    """A player's chart file, validated against the schema; cells without a source get
    ``"user: <file name>"``."""
    return load_chart(path, weather_schema(), default_source=f"user: {Path(path).name}")


def parse_weather_chart(text: str, fmt: str = "yaml", origin: str = "<chart>") -> Chart:
    return parse_chart(text, fmt, weather_schema(), origin, default_source=f"user: {origin}")


def with_user_cells(user: Chart | None, override: bool = False) -> Chart:
    """The shipped cells plus ``user``'s; a user cell contradicting the rulebook raises ChartError."""
    base = shipped_chart()
    return base if user is None else base.merged(user, override=override)


@dataclass
class ChartResult:
    """One row of the chart as far as it is known; ``missing`` names the unknown cells."""

    bimonth: str
    roll: int
    weather: dict[str, str | None]
    asterisks: int | None
    impulse_advance: int | None
    missing: list[str] = field(default_factory=list)
    sources: list[str] = field(default_factory=list)


def lookup(chart: Chart, bimonth: str, modified_roll: int) -> ChartResult:
    """Cross the modified roll with the turn (WiF 8); unknown cells are listed, never filled."""
    bimonth = check_bimonth(bimonth)
    row = (bimonth, int(modified_roll))
    chart.check_row(row, "lookup")
    values = chart.row(row)
    missing = [chart.cell_id(row, c) for c in chart.schema.column_names if c not in values]
    sources = sorted({s for c in values if (s := chart.source(row, c)) is not None})
    return ChartResult(
        bimonth, int(modified_roll), {z: values.get(z) for z in ZONES}, values.get(ASTERISKS),
        values.get(IMPULSE_ADVANCE), missing, sources,
    )
