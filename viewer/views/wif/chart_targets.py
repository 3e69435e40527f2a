"""The session's Weather Chart as a chart editor target (WiF 8)."""
from __future__ import annotations

from viewer.rules.charts import Chart
from viewer.rules.wif.weather_chart import CHART_ID, parse_weather_chart, with_user_cells
from viewer.state.wif.weather import (
    WeatherSession,
    load_user_chart,
    save_user_chart,
    user_chart_names,
)
from viewer.userdata import UserStore
from viewer.views.common.chart_targets import ChartTarget


class WeatherTarget(ChartTarget):
    """The session's Weather Chart (WiF 8): named copies, the one in use is the session's."""

    chart_id = CHART_ID

    def __init__(self, weather: WeatherSession, store: UserStore):
        super().__init__(store)
        self.weather = weather

    def base(self) -> Chart:
        return with_user_cells(None)

    def parse(self, text: str, fmt: str, origin: str) -> Chart:
        return parse_weather_chart(text, fmt, origin)

    def in_use(self) -> Chart:
        return self.weather.chart

    def use(self, chart: Chart, name: str = "") -> Chart:
        self.weather.use_chart(chart, name)
        return self.weather.chart

    def save(self, name: str, chart: Chart) -> None:
        save_user_chart(self.store, name, chart)

    def load(self, name: str) -> Chart:
        return load_user_chart(self.store, name)

    def names(self) -> list[str]:
        return user_chart_names(self.store)


__all__ = ["WeatherTarget"]
