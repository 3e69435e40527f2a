"""A game's tables the player fills in: pick a table, then edit the player's copy in a chart editor.

``tables`` is the game's table module (``viewer.rules.<game>.tables``: ``FILES`` and the functions
:class:`~viewer.views.common.chart_targets.TableTarget` reads). Each editor is built the first time
its table is picked (the page stays light); the saved copy is the one the calculators read.
"""
from __future__ import annotations

from types import ModuleType

import panel as pn
import param

from viewer.state import SessionState
from viewer.userdata import UserStore
from viewer.views.common.chart_editor import ChartEditor
from viewer.views.common.chart_targets import TableTarget
from viewer.views.common.chooser import Chooser
from viewer.views.common.text import label


class TableEditors(pn.viewable.Viewer):
    """A chooser of a game's tables and the chosen table's :class:`ChartEditor`."""

    state = param.ClassSelector(class_=SessionState, doc="The session: language.")

    tables = param.ClassSelector(class_=ModuleType, doc="The game's table module (viewer.rules.<game>.tables).")

    store = param.ClassSelector(class_=UserStore, doc="Where the player's copies are saved.")

    def __init__(self, **params):
        params.setdefault("state", SessionState())
        if params.get("store") is None:
            params["store"] = UserStore()
        if params.get("tables") is None:
            raise TypeError("TableEditors needs tables=, the game's table module")
        super().__init__(**params)
        self.chooser = Chooser(state=self.state, keys=list(self.tables.FILES), build=self._build,
                               title=lambda cid, lang: label(f"ui.tables.chart.{cid}", lang),
                               prompt="ui.tables.pick", label_key="ui.tables.choose",
                               css_class="table-editor-select")
        self.select = self.chooser.select
        self.editors: dict[str, ChartEditor] = self.chooser.built
        self.layout = pn.Column(self.chooser, sizing_mode="stretch_width", css_classes=["table-editors"])

    def _build(self, chart_id: str) -> ChartEditor:
        editor = ChartEditor(target=TableTarget(chart_id, self.store, self.tables), state=self.state,
                             store=self.store)
        editor.open()
        if editor.target.names():   # the saved copy, if any, is what the player edits next
            editor.load_saved(chart_id)
        return editor

    def editor(self, chart_id: str) -> ChartEditor:
        """The editor of ``chart_id`` (built on first use, opened)."""
        return self.chooser.item(chart_id)

    def __panel__(self):
        return self.layout


__all__ = ["TableEditors"]
