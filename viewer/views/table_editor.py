"""The user's copies of the WiF combat and war tables: pick a table, then edit it in a chart editor.

The tables are :data:`viewer.rules.wif.tables.FILES`; each editor is built the first time its
table is picked (the page stays light) and saves the copy the calculators read.
"""
from __future__ import annotations

import panel as pn

from ..rules.wif import tables
from ..state import SessionState
from ..userdata import UserStore
from .chart_editor import ChartEditor
from .chart_targets import TableTarget
from .text import label


class TableEditors(pn.viewable.Viewer):
    """A chooser of the WiF tables and the chosen table's :class:`ChartEditor`."""

    def __init__(self, state: SessionState | None = None, store: UserStore | None = None, **params):
        super().__init__(**params)
        self.state, self.store = state or SessionState(), store or UserStore()
        self.editors: dict[str, ChartEditor] = {}
        self.select = pn.widgets.Select(options=self._options(), value="", width=320,
                                        css_classes=["table-editor-select"])
        self._holder = pn.Column(sizing_mode="stretch_width")
        self.select.param.watch(self._show, "value")
        self.state.param.watch(self._relabel, "lang")
        self._relabel()
        self.layout = pn.Column(self.select, self._holder, sizing_mode="stretch_width", css_classes=["table-editors"])

    def _options(self) -> dict[str, str]:
        lang = self.state.lang
        return {label("ui.tables.pick", lang): "",
                **{label(f"ui.tables.chart.{cid}", lang): cid for cid in tables.FILES}}

    def _relabel(self, *_):
        value = self.select.value
        self.select.options = self._options()
        self.select.value = value
        self.select.name = label("ui.tables.choose", self.state.lang)

    def editor(self, chart_id: str) -> ChartEditor:
        """The editor of ``chart_id`` (built on first use, opened)."""
        if chart_id not in self.editors:
            editor = ChartEditor(target=TableTarget(chart_id, self.store), state=self.state, store=self.store)
            editor._card.collapsed = False
            if editor.target.names():   # the saved copy, if any, is what the user edits next
                editor.load_saved(chart_id)
            self.editors[chart_id] = editor
        return self.editors[chart_id]

    def _show(self, *_):
        chart_id = self.select.value
        self._holder.objects = [self.editor(chart_id)] if chart_id else []

    def __panel__(self):
        return self.layout


__all__ = ["TableEditors"]
