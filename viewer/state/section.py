"""The state a section of a page sees: the page's, with its language held while the section is
hidden (docs/NOTES.md, page speed: language switch)."""
from __future__ import annotations

import param

from viewer.state.session import SessionState

#: The parameters a section shares with its page both ways, at once.
SHARED = ("selected", "open_rule", "charts_saved")


class SectionState(SessionState):
    """A :class:`SessionState` that mirrors ``page``: ``selected``, ``open_rule`` and
    ``charts_saved`` both ways at once (a re-opened rule is triggered again on the other side), and
    ``lang`` from the page only while ``shown``. A hidden section's views keep their labels; they
    are relabelled, once, when it is shown again, so a language switch sends nothing for them.
    """

    shown = param.Boolean(default=True, doc="Whether the section is on screen (set by its Sections).")

    def __init__(self, page: SessionState, **params):
        super().__init__(lang=page.lang, **{name: getattr(page, name) for name in SHARED}, **params)
        self.page = page
        self._syncing = False
        page.param.watch(self._from_page, ["lang", *SHARED], onlychanged=False)
        self.param.watch(self._to_page, list(SHARED), onlychanged=False)
        self.param.watch(self._catch_up, "shown")

    def _copy(self, target: param.Parameterized, events) -> None:
        if self._syncing:
            return
        self._syncing = True
        try:
            for event in events:
                if event.type == "triggered":
                    target.param.trigger(event.name)
                elif getattr(target, event.name) != event.new:
                    setattr(target, event.name, event.new)
        finally:
            self._syncing = False

    def _from_page(self, *events) -> None:
        self._copy(self, [e for e in events if e.name != "lang" or self.shown])

    def _to_page(self, *events) -> None:
        self._copy(self.page, events)

    def _catch_up(self, event) -> None:
        if event.new and self.lang != self.page.lang:
            self.lang = self.page.lang
