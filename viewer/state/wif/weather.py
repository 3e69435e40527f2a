"""Session state of the WiF weather: the weather per zone, asterisks, roll history, the chart.

Parameters only (plus two helpers that read and write the user's charts): the views watch
``zones`` to recolour the map and ``chart`` to know which cells are filled in. The rules are
:mod:`viewer.rules.wif.weather_roll`; user charts are saved in the user's data folder (kind
``charts``, grouped by chart id) so they survive a restart.
"""
from __future__ import annotations

import random

import param

from viewer.rules.charts import Chart
from viewer.rules.wif.weather import BIMONTHS, CONDITIONS, ZONES, WeatherSettings, check_condition, check_zone
from viewer.rules.wif.weather_chart import CHART_ID, parse_weather_chart, with_user_cells
from viewer.rules.wif.weather_roll import RollRecord, WeatherState
from viewer.state.userdata import UserDataError, UserStore


def save_user_chart(store: UserStore, name: str, chart: Chart) -> None:
    """Keep ``chart`` (its cells and sources) in the user's data folder under ``name``."""
    store.save("charts", name, chart.to_dict(), group=chart.id)


def load_user_chart(store: UserStore, name: str, chart_id: str = CHART_ID) -> Chart:
    """A saved Weather Chart, validated again (ChartError names the cell if the file was edited)."""
    import yaml

    data = store.load("charts", name, group=chart_id)
    return parse_weather_chart(yaml.safe_dump(data, sort_keys=False, allow_unicode=True), "yaml",
                               str(store.path("charts", name, group=chart_id)))


def user_chart_names(store: UserStore, chart_id: str = CHART_ID) -> list[str]:
    try:
        return store.names("charts", group=chart_id)
    except UserDataError:
        return []


class WeatherSession(param.Parameterized):
    """The weather of one session (browser tab or notebook)."""

    zones = param.Dict(default={z: "fine" for z in ZONES}, doc="""
        Current weather per climate zone (a condition id, or None when the chart cell is unknown).""")

    last_asterisks = param.Integer(default=0, bounds=(0, 3), allow_None=True, doc="""
        Asterisks of the last weather result (None: unknown), added to the next roll.""")

    bimonth = param.Selector(default="jul-aug", objects=list(BIMONTHS), doc="The current turn's bimonth.")

    history = param.List(default=[], item_type=RollRecord, doc="Every roll made, oldest first.")

    chart = param.ClassSelector(class_=Chart, doc="""
        The Weather Chart in use: the rulebook's known cells plus the user's.""")

    chart_name = param.String(default="", doc="Name of the user chart in use ('' for none).")

    last_missing = param.List(default=[], doc="Chart cells the last roll needed and did not find.")

    settings = param.ClassSelector(class_=WeatherSettings, default=WeatherSettings(), doc="""
        Named choices where the rulebook's text contradicts itself.""")

    def __init__(self, **params):
        if params.get("chart") is None:
            params["chart"] = with_user_cells(None)
        super().__init__(**params)

    # ------------------------------------------------------------------ changes
    def set_zone(self, zone: str, weather: str | None) -> None:
        """Set one zone's weather by hand."""
        zone = check_zone(zone)
        self.zones = {**self.zones, zone: None if weather is None else check_condition(weather)}

    def roll(self, raw: int | None = None, rng: random.Random | None = None) -> RollRecord:
        """Roll (or apply a given ``raw`` d10) with the carried asterisks (WiF 8)."""
        if raw is None:
            raw = (rng or random).randint(1, 10)
        state = WeatherState(dict(self.zones), self.last_asterisks, list(self.history))
        record = state.roll(self.chart, self.bimonth, raw)
        self.param.update(history=list(state.history), last_asterisks=state.last_asterisks,
                          last_missing=_missing(self.chart, record), zones=dict(state.zones))
        return record

    def use_chart(self, user: Chart | None, name: str = "") -> None:
        """Use the shipped cells plus ``user``'s (ChartError if they contradict the rulebook)."""
        merged = with_user_cells(user)
        self.chart_name = name
        self.chart = merged

    def reset(self) -> None:
        self.param.update(history=[], last_asterisks=0, last_missing=[], zones={z: "fine" for z in ZONES})

    def to_dict(self) -> dict:
        return {"bimonth": self.bimonth, "chart": self.chart_name,
                **WeatherState(dict(self.zones), self.last_asterisks, list(self.history)).to_dict()}


def _missing(chart: Chart, record: RollRecord) -> list[str]:
    row = (record.bimonth, record.modified)
    return [chart.cell_id(row, c) for c in chart.schema.column_names if not chart.known(row, c)]


__all__ = ["CONDITIONS", "WeatherSession", "load_user_chart", "save_user_chart", "user_chart_names"]
