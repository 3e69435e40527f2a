"""What the chart editor edits: the session's Weather Chart, or one of the WiF combat tables.

A target knows its chart's schema, how to read a user's text, which merged chart is in use, and
where the user's copy is kept. The editor (:mod:`viewer.views.chart_editor`) is the same for all.
"""
from __future__ import annotations

from ..rules.charts import Chart, ChartError, chart_from_dict, parse_chart
from ..rules.wif import tables
from ..rules.wif.weather_chart import CHART_ID, parse_weather_chart, with_user_cells
from ..state.weather import (
    WeatherSession,
    load_user_chart,
    save_user_chart,
    user_chart_names,
)
from ..userdata import UserDataError, UserStore


class ChartTarget:
    """A chart the editor can fill in: subclasses give the chart and where it is kept."""

    chart_id: str = ""
    title_key, help_key = "ui.chart.title", "ui.chart.help"
    #: True when the user's copy is saved under a name they choose (False: one copy per chart).
    named = True

    def __init__(self, store: UserStore):
        self.store = store

    def base(self) -> Chart:
        raise NotImplementedError

    def parse(self, text: str, fmt: str, origin: str) -> Chart:
        return parse_chart(text, fmt, self.base().schema, origin, default_source=f"user: {origin}")

    def in_use(self) -> Chart:
        raise NotImplementedError

    def use(self, chart: Chart, name: str = "") -> Chart:
        raise NotImplementedError

    def save(self, name: str, chart: Chart) -> None:
        raise NotImplementedError

    def load(self, name: str) -> Chart:
        raise NotImplementedError

    def names(self) -> list[str]:
        raise NotImplementedError


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


class TableTarget(ChartTarget):
    """One game table: the user's single copy, the one the calculators read, merged over the cells
    the rulebook reveals. ``tables`` is the game's table module (default ``viewer.rules.wif.tables``;
    ``viewer.rules.use.tables`` has the same functions)."""

    title_key, help_key = "ui.tables.title", "ui.tables.help"
    named = False

    def __init__(self, chart_id: str, store: UserStore, tables=tables):
        super().__init__(store)
        self.tables = tables
        tables.shipped(chart_id)   # ChartError naming the known tables if there is no such chart
        self.chart_id = chart_id
        self._in_use: Chart | None = None

    def base(self) -> Chart:
        return self.tables.shipped(self.chart_id)

    def in_use(self) -> Chart:
        if self._in_use is None:
            try:
                self._in_use = self.tables.chart(self.chart_id, store=self.store)
            except ChartError:   # a malformed saved copy: show the shipped chart; loading it names the fault
                self._in_use = self.base()
        return self._in_use

    def use(self, chart: Chart, name: str = "") -> Chart:
        """The shipped cells plus ``chart``'s (ChartError if a cell contradicts the rulebook)."""
        self._in_use = self.base().merged(chart)
        return self._in_use

    def save(self, name: str, chart: Chart) -> None:
        self.tables.save_user_chart(chart, self.store)

    def load(self, name: str) -> Chart:
        try:
            data = self.store.load("charts", self.chart_id)
        except UserDataError as err:
            raise ChartError(f"user chart {self.chart_id}", str(err)) from None
        return chart_from_dict(data, self.base().schema, origin=str(self.store.path("charts", self.chart_id)),
                               default_source="user")

    def names(self) -> list[str]:
        return [self.chart_id] if self.store.path("charts", self.chart_id).exists() else []


__all__ = ["ChartTarget", "TableTarget", "WeatherTarget"]
