"""Switch between an app's sections (map, calculators …) with labels in the session's language."""
from __future__ import annotations

import panel as pn
import param

from viewer.state import SessionState
from viewer.views.common.text import label


class Sections(pn.viewable.Viewer):
    """A row of buttons naming the sections (label keys) and the visible section below it.

    Every section is built once and only hidden, so the map keeps its zoom and selection.
    """

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    sections = param.Dict(default={}, doc="Catalogue key of each section's name -> the section, in order.")

    def __init__(self, **params):
        super().__init__(**params)
        if not self.sections:
            raise ValueError("Sections needs at least one section")
        state = self.state
        self.keys = list(self.sections)
        self._items = {k: pn.Column(v, sizing_mode="stretch_width", visible=(i == 0))
                       for i, (k, v) in enumerate(self.sections.items())}
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
        with pn.io.hold(freeze=True):
            for key, item in self._items.items():
                item.visible = key == event.new

    def __panel__(self):
        return self.layout
