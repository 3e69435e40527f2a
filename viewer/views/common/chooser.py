"""A chooser: one Select of named items and the chosen item's view, each built the first time it is
chosen and then kept (the page stays light and every item keeps its inputs; docs/architecture.md
"Views"). The calculator lists and the table editors of every app are choosers."""
from __future__ import annotations

import html
from typing import Any

import panel as pn
import param

from viewer.state import SessionState
from viewer.views.common.text import label

#: An item's name in the overview reads as a link: it chooses the item.
PICK_CSS = """
:host { margin: 0.6em 0 0 0; }
.bk-btn { border: none; background: none; padding: 0; font-weight: 600; color: #0b5cad;
          text-decoration: underline; text-align: left; white-space: normal; }
.bk-btn:hover { color: #063f78; }
"""
SUMMARY_CSS = ":host { margin: 0 0 0 1em; color: #444; max-width: 60em; } p { margin: 0.1em 0; }"


class Chooser(pn.viewable.Viewer):
    """Choose one of ``keys`` in a Select; show ``build(key)``, built once per key."""

    state = param.ClassSelector(class_=SessionState, doc="The session: its language names the items.")

    keys = param.List(default=[], doc="The items' keys, in the order shown.")

    title = param.Callable(doc="``title(key, lang)``: an item's name in the Select.")

    build = param.Callable(doc="``build(key)``: the item's view, called the first time it is chosen.")

    prompt = param.String(default=None, allow_None=True, doc="""
        Catalogue key of the empty first entry ("pick one"); None: no empty entry, the first item
        is shown at once.""")

    label_key = param.String(default=None, allow_None=True, doc="Catalogue key of the Select's label.")

    summary = param.Callable(default=None, allow_None=True, doc="""
        ``summary(key, lang)``: what an item does, in one sentence. Given, the chooser shows every
        item's name and summary while nothing is chosen, so a newcomer sees what is on offer.""")

    overview_key = param.String(default=None, allow_None=True, doc="Catalogue key of the line above the summaries (none: no line).")

    css_class = param.String(default="chooser-select", doc="CSS class of the Select (for tests and styles).")

    def __init__(self, **params):
        params.setdefault("state", SessionState())
        super().__init__(**params)
        self.built: dict[str, Any] = {}
        first = "" if self.prompt else (self.keys[0] if self.keys else "")
        self.select = pn.widgets.Select(options=self._options(), value=first, width=320,
                                        css_classes=[self.css_class])
        self._holder = pn.Column(sizing_mode="stretch_width")
        #: the overview's name buttons and summaries, made once and relabelled in place
        self.picks: dict[str, pn.widgets.Button] = {}
        self._summaries: dict[str, pn.pane.HTML] = {}
        self._overview_head = pn.pane.HTML("", sizing_mode="stretch_width")
        self._overview: pn.Column | None = None
        if self.summary:
            rows = []
            for key in self.keys:
                pick = pn.widgets.Button(label=key, stylesheets=[PICK_CSS], css_classes=["chooser-pick"])
                pick.on_click(lambda _e, k=key: setattr(self.select, "value", k))
                self.picks[key] = pick
                self._summaries[key] = pn.pane.HTML("", sizing_mode="stretch_width", stylesheets=[SUMMARY_CSS])
                rows += [pick, self._summaries[key]]
            self._overview = pn.Column(self._overview_head, *rows, sizing_mode="stretch_width",
                                       css_classes=["chooser-overview"])
        self._overview_lang = ""
        self.select.param.watch(self._show, "value")
        self.state.param.watch(self._relabel, "lang")
        self._relabel()
        self._show()
        self._layout = pn.Column(self.select, self._holder, sizing_mode="stretch_width")

    @property
    def value(self) -> str:
        """The chosen key ("" when nothing is chosen)."""
        return self.select.value

    @property
    def shown(self) -> Any:
        """The view shown now (None when nothing is chosen)."""
        return self.built.get(self.select.value)

    def _options(self) -> dict[str, str]:
        lang = self.state.lang
        named = {self.title(key, lang): key for key in self.keys}
        return {label(self.prompt, lang): "", **named} if self.prompt else named

    def _relabel(self, *_) -> None:
        value = self.select.value
        with pn.io.hold():
            self.select.options = self._options()
            self.select.value = value
            if self.label_key:
                self.select.name = label(self.label_key, self.state.lang)
            if not value:
                self._write_overview()

    def item(self, key: str) -> Any:
        """The view of ``key``, built on first use."""
        if key not in self.built:
            if key not in self.keys:
                raise ValueError(f"unknown item {key!r}; allowed: {', '.join(self.keys)}")
            self.built[key] = self.build(key)
        return self.built[key]

    def _show(self, *_) -> None:
        key = self.select.value
        shown = [self.item(key)] if key else []
        if self._overview is not None:
            # kept in the holder and hidden, so its model is not made again each time it returns
            if not key:
                self._write_overview()
            self._overview.visible = not key
            shown.insert(0, self._overview)
        self._holder.objects = shown

    def _write_overview(self) -> None:
        """Every item's name and summary, in the session's language (written when shown)."""
        lang = self.state.lang
        if self._overview is None or self.summary is None or self._overview_lang == lang:
            return
        with pn.io.hold():
            for key in self.keys:
                self.picks[key].label = self.title(key, lang)
                self._summaries[key].object = f"<p>{html.escape(self.summary(key, lang), quote=False)}</p>"
            self._overview_head.object = (f"<p>{html.escape(label(self.overview_key, lang), quote=False)}</p>"
                                          if self.overview_key else "")
        self._overview_lang = lang

    @property
    def overview_text(self) -> str:
        """What the overview says: its line, then each item's name and summary (as HTML)."""
        return "\n".join([self._overview_head.object or "",
                          *(f"{self.picks[k].label}\n{self._summaries[k].object}" for k in self.keys)])

    def __panel__(self):
        return self._layout

