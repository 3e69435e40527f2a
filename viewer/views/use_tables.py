"""The player's copies of the USE charts (Movement Table, attack cost, Combat Results Table,
National Will Effects): pick one, fill it in with the shared chart editor. The calculators and
the map's reach read the saved copy merged over the values the rulebook's examples reveal."""
from __future__ import annotations

import panel as pn

from ..rules.use import tables
from ..state import SessionState
from ..userdata import UserStore
from .chart_editor import ChartEditor
from .chart_targets import TableTarget
from .text import label


class UseTableTarget(TableTarget):
    """One USE chart: the user's single copy (``charts/<chart id>``) over the shipped cells."""

    def __init__(self, chart_id: str, store: UserStore):
        super().__init__(chart_id, store, tables=tables)


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
