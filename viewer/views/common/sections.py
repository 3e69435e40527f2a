"""Switch between an app's sections (map, calculators …) with labels in the session's language."""
from __future__ import annotations

import panel as pn
import param

from viewer.state import SectionState, SessionState
from viewer.views.common.text import label


class Sections(pn.viewable.Viewer):
    """A row of buttons naming the sections (label keys) and the visible section below it.

    A section is a component, or a function of no arguments that builds one: the first section is
    built at once, any other the first time it is shown, so a page sends only what the visitor sees
    (docs/NOTES.md, page speed). A built section is only hidden afterwards, so the map keeps its
    zoom and selection. A section built on a :class:`SectionState` of ``states`` (see
    :meth:`state_for`) keeps its labels while hidden and is relabelled when shown again.
    """

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    sections = param.Dict(default={}, doc="""
        Catalogue key of each section's name -> the section, or a function building it, in order.""")

    states = param.Dict(default={}, doc="""
        Catalogue key of a section -> the SectionState its views were built on (more are made by
        ``state_for``); shown only while the section is.""")

    def __init__(self, **params):
        super().__init__(**params)
        if not self.sections:
            raise ValueError("Sections needs at least one section")
        self.keys = list(self.sections)
        #: The key of the section on screen.
        self.current = self.keys[0]
        self.states = dict(self.states)
        for key, st in self.states.items():
            st.shown = key == self.current
        self._items = {k: pn.Column(sizing_mode="stretch_width", visible=(i == 0)) for i, k in enumerate(self.keys)}
        self._built: dict[str, object] = {}
        self.build(self.keys[0])
        self.switch = pn.widgets.RadioButtonGroup(options=self._options(), value=self.keys[0],
                                                  color="primary", variant="outline",
                                                  css_classes=["section-switch"])
        self.switch.param.watch(self._show, "value")
        self.state.param.watch(self._relabel, "lang")
        self.layout = pn.Column(self.switch, *self._items.values(), sizing_mode="stretch_width")

    def build(self, key: str):
        """The section ``key``, built now if it was not yet."""
        if key not in self._built:
            made = self.sections[key]
            if callable(made) and not isinstance(made, (pn.viewable.Viewable, pn.viewable.Viewer)):
                made = made()
            self._built[key] = made
            self._items[key].objects = [made]
        return self._built[key]

    def state_for(self, key: str) -> SectionState:
        """The state for the views of section ``key``: the page's, its language held while the
        section is hidden (made on first use)."""
        if key not in self.states:
            self.states[key] = SectionState(self.state, shown=key == self.current)
        return self.states[key]

    def _options(self) -> dict[str, str]:
        return {label(k, self.state.lang): k for k in self.keys}

    def _relabel(self, *_):
        value = self.switch.value
        self.switch.options = self._options()
        self.switch.value = value

    def _show(self, event):
        self.current = event.new
        with pn.io.hold(freeze=True):
            for key, st in self.states.items():
                st.shown = key == event.new  # the shown section's labels catch up with the page
            self.build(event.new)
            for key, item in self._items.items():
                item.visible = key == event.new

    def __panel__(self):
        return self.layout
