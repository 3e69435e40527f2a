"""A list of explained steps, each with its rule, drawn as one HTML pane updated in place.

A step list changes on every click and recomputation (a hex's weather effects, a calculator's
steps). Drawing it as one pane whose text is replaced keeps each change one property update:
rows of panes and buttons would add Bokeh models and make Bokeh walk the whole document again
(docs/NOTES.md, page speed). Each rule is a plain link (:func:`rule_anchor`) that opens the rule
in the page's side panel; every step is a list item with class ``step-<key>`` (and the extra
classes given), so a page or a test can find it.
"""
from __future__ import annotations

import html

import panel as pn
import param
from markdown_it import MarkdownIt

from viewer.views.common.rulelink import rule_anchor

#: Markdown with raw HTML shown as text (as :func:`viewer.views.common.text.markdown`).
_MD = MarkdownIt("commonmark", {"html": False})

_CSS = """
:host ol, :host ul { margin: 0; padding-left: 1.6em; }
:host li { margin: 2px 0; }
:host li p { display: inline; margin: 0; }
:host a.rule-link { margin-left: 6px; color: #1a5fb4; white-space: nowrap; }
"""


def inline_markdown(text: str) -> str:
    """``text`` (the catalogue's Markdown, with values a user typed) as inline HTML, raw HTML escaped."""
    out = _MD.renderInline(str(text))
    return out


class StepList(pn.viewable.Viewer):
    """Numbered (or bulleted) steps with their rule links, in one pane."""

    numbered = param.Boolean(default=True, doc="Number the steps (else a bulleted list).")

    item_class = param.String(default="step", doc="""
        The class of every item; each item also gets ``<item_class>-<last part of its key>``.""")

    def __init__(self, **params):
        css = params.pop("css_classes", [])
        super().__init__(**params)
        self.pane = pn.pane.HTML("", css_classes=["step-list", *css], margin=(0, 10),
                                 sizing_mode="stretch_width", stylesheets=[_CSS])
        self.items: list[tuple[str, str]] = []

    def show(self, steps, lang: str) -> None:
        """Show ``steps`` (objects with ``key``, ``rule`` and ``text(lang)``) in ``lang``."""
        items = []
        for step in steps:
            key = str(getattr(step, "key", "") or "")
            css = self.item_class + (f" {self.item_class}-{html.escape(key.rsplit('.', 1)[-1])}" if key else "")
            link = rule_anchor(step.rule) if getattr(step, "rule", None) else ""
            items.append((key, f'<li class="{css}">{inline_markdown(step.text(lang))}{link}</li>'))
        self.items = [(k, text) for k, text in items]
        tag = "ol" if self.numbered else "ul"
        text = f"<{tag}>{''.join(t for _, t in items)}</{tag}>" if items else ""
        if self.pane.object != text:
            self.pane.object = text

    def __panel__(self):
        return self.pane
