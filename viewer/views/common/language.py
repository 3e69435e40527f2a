"""The language switch every app shows; the language lives in the session and the URL."""
from __future__ import annotations

import panel as pn
import param

from viewer.i18n import LANGUAGES
from viewer.state import SessionState
from viewer.views.common.text import label


class LanguageSwitch(pn.viewable.Viewer):
    """A two-way switch between English and Spanish bound to ``state.lang``."""

    state = param.ClassSelector(class_=SessionState, doc="The session whose language it sets.")

    def __init__(self, **params):
        super().__init__(**params)
        self.widget = pn.widgets.RadioButtonGroup(
            options=self._options(), value=self.state.lang, color="light",
            css_classes=["language-switch"], width=180,
        )
        self.widget.param.watch(self._switch, "value")
        self.state.param.watch(self._sync, "lang")

    def _switch(self, event) -> None:
        """Relabel the whole page as one change: one message; nothing in it changes the model graph."""
        with pn.io.hold():
            self.state.lang = event.new

    def _options(self) -> dict[str, str]:
        return {label(f"lang.{code}", code): code for code in LANGUAGES}

    def _sync(self, event):
        self.widget.value = event.new

    def __panel__(self):
        return self.widget


def sync_language_with_url(state: SessionState, report=None) -> None:
    """Keep ``state.lang`` in the page URL as ``?lang=`` (served apps only).

    A wrong value in the URL leaves the current language in place and calls ``report`` with a
    message naming the value and the allowed ones; nothing is raised into the page.
    """
    location = pn.state.location
    if location is None:
        return

    def on_error(values):
        wanted = values.get("lang")
        if report is not None:
            report(label("ui.bad_language", state.lang, value=wanted, allowed=", ".join(LANGUAGES)))
        location.update_query(lang=state.lang)

    location.sync(state, {"lang": "lang"}, on_error=on_error)
