"""What the chart editor edits: a chart target, and the target of one table of a game.

A target knows its chart's schema, how to read a user's text, which merged chart is in use, and
where the user's copy is kept. The editor (:mod:`viewer.views.common.chart_editor`) is the same for
all; a game with a chart of its own kind adds a target in ``viewer/views/<game>/``.
"""
from __future__ import annotations

from types import ModuleType

from viewer.rules.charts import Chart, ChartError, chart_from_dict, parse_chart
from viewer.userdata import UserDataError, UserStore


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


class TableTarget(ChartTarget):
    """One game table: the user's single copy, the one the calculators read, merged over the cells
    the rulebook reveals. ``tables`` is the game's table module (``viewer.rules.<game>.tables``):
    ``FILES``, ``shipped(chart_id)``, ``chart(chart_id, store=)`` and ``save_user_chart(chart, store)``."""

    title_key, help_key = "ui.tables.title", "ui.tables.help"
    named = False

    def __init__(self, chart_id: str, store: UserStore, tables: ModuleType):
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


__all__ = ["ChartTarget", "TableTarget"]
