"""Switch between an app's sections (map, calculators …) with labels in the session's language."""
from __future__ import annotations

import panel as pn

from viewer.state import SessionState
from viewer.views.common.text import label


class Sections:
    """A row of buttons naming the sections (label keys) and the visible section below it.

    Every section is built once and only hidden, so the map keeps its zoom and selection.
    """

    def __init__(self, state: SessionState, sections: dict[str, object]):
        self.state = state
        self.keys = list(sections)
        self._items = {k: pn.Column(v, sizing_mode="stretch_width", visible=(i == 0))
                       for i, (k, v) in enumerate(sections.items())}
        self.switch = pn.widgets.RadioButtonGroup(options=self._options(), value=self.keys[0],
                                                  color="primary", variant="outline",
                                                  css_classes=["section-switch"])
        self.switch.param.watch(self._show, "value")
        state.param.watch(self._relabel, "lang")
        self.layout = pn.Column(self.switch, *self._items.values(), sizing_mode="stretch_width")

    def _options(self) -> dict[str, str]:
        return {label(k, self.state.lang): k for k in self.keys}

    def _relabel(self, *_):
        value = self.switch.value
        self.switch.options = self._options()
        self.switch.value = value

    def _show(self, event):
        for key, item in self._items.items():
            item.visible = key == event.new
