"""The player's copies of the USE charts (Movement Table, attack cost, Combat Results Table,
National Will Effects): pick one, fill it in with the shared chart editor. The calculators and
the map's reach read the saved copy merged over the values the rulebook's examples reveal."""
from __future__ import annotations

import panel as pn

from ..rules.charts import Chart, ChartError, chart_from_dict
from ..rules.use import tables
from ..state import SessionState
from ..userdata import UserDataError, UserStore
from .chart_editor import ChartEditor
from .chart_targets import ChartTarget
from .text import label


class UseTableTarget(ChartTarget):
    """One USE chart: the user's single copy (``charts/<chart id>``) over the shipped cells."""

    title_key, help_key = "ui.tables.title", "ui.tables.help"
    named = False

    def __init__(self, chart_id: str, store: UserStore):
        super().__init__(store)
        tables.shipped(chart_id)
        self.chart_id = chart_id
        self._in_use: Chart | None = None

    def base(self) -> Chart:
        return tables.shipped(self.chart_id)

    def in_use(self) -> Chart:
        if self._in_use is None:
            try:
                self._in_use = tables.chart(self.chart_id, store=self.store)
            except ChartError:
                self._in_use = self.base()
        return self._in_use

    def use(self, chart: Chart, name: str = "") -> Chart:
        self._in_use = self.base().merged(chart)
        return self._in_use

    def save(self, name: str, chart: Chart) -> None:
        tables.save_user_chart(chart, self.store)

    def load(self, name: str) -> Chart:
        try:
            data = self.store.load("charts", self.chart_id)
        except UserDataError as err:
            raise ChartError(f"user chart {self.chart_id}", str(err)) from None
        return chart_from_dict(data, self.base().schema, origin=str(self.store.path("charts", self.chart_id)),
                               default_source="user")

    def names(self) -> list[str]:
        return [self.chart_id] if self.store.path("charts", self.chart_id).exists() else []


class UseTables(pn.viewable.Viewer):
    """A chooser of the USE charts and the chosen chart's :class:`ChartEditor`."""

    def __init__(self, state: SessionState, store: UserStore | None = None, **params):
        super().__init__(**params)
        self.state, self.store = state, store or UserStore()
        self.editors: dict[str, ChartEditor] = {}
        self.select = pn.widgets.Select(options={}, value="", width=320, css_classes=["use-table-select"])
        self._holder = pn.Column(sizing_mode="stretch_width")
        self.select.param.watch(self._show, "value")
        state.param.watch(self._relabel, "lang")
        self._relabel()

    def _relabel(self, *_):
        lang, value = self.state.lang, self.select.value
        self.select.options = {label("ui.tables.pick", lang): "",
                               **{label(f"ui.tables.chart.{cid}", lang): cid for cid in tables.FILES}}
        self.select.value = value
        self.select.name = label("ui.tables.choose", lang)

    def editor(self, chart_id: str) -> ChartEditor:
        if chart_id not in self.editors:
            ed = ChartEditor(target=UseTableTarget(chart_id, self.store), state=self.state, store=self.store)
            ed._card.collapsed = False
            if ed.target.names():
                ed.load_saved(chart_id)
            self.editors[chart_id] = ed
        return self.editors[chart_id]

    def _show(self, *_):
        cid = self.select.value
        self._holder.objects = [self.editor(cid)] if cid else []

    def __panel__(self):
        return pn.Column(self.select, self._holder, sizing_mode="stretch_width")
