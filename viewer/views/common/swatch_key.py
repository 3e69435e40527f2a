"""A key of coloured swatches as one wrapping line of HTML, for boards drawn without a Bokeh
legend (the ASL board, the StarCraft table): each colour and mark beside its name."""
from __future__ import annotations

import html

import panel as pn

KEY_CSS = """
.swatch-key { font-size: 0.85em; line-height: 1.9; }
.swatch-key-item { display: inline-flex; align-items: center; margin-right: 0.9em; white-space: nowrap; }
.swatch-key-swatch { display: inline-block; width: 14px; height: 12px; margin-right: 4px; border: 1px solid #8a7f63; }
"""

#: How a swatch is drawn: a filled box (default), a dashed ring, a dotted ring, a line.
SHAPES = {"ring": "border:2px dashed {c};background:transparent",
          "dotted": "border:2px dotted {c};background:transparent",
          "circle": "border-radius:50%;background:{c}",
          "line": "height:4px;background:{c}"}


def swatch(color: str, text: str, shape: str = "") -> str:
    """One entry: a swatch of ``color`` drawn as ``shape`` (:data:`SHAPES`) and its name."""
    style = SHAPES.get(shape, "background:{c}").format(c=html.escape(color))
    return (f'<span class="swatch-key-item"><span class="swatch-key-swatch" style="{style}"></span>'
            f"{html.escape(text, quote=False)}</span>")


def key_html(title: str, entries: list[str], note: str = "") -> str:
    """The key: its title, the :func:`swatch` entries, and a closing note."""
    tail = f' <span class="swatch-key-item">{html.escape(note, quote=False)}</span>' if note else ""
    return f'<div class="swatch-key"><b>{html.escape(title, quote=False)}</b> ' + " ".join(entries) + tail + "</div>"


def key_pane(css_class: str, **params) -> pn.pane.HTML:
    """An empty pane for a key, styled; its ``object`` is set from :func:`key_html`."""
    return pn.pane.HTML("", css_classes=[css_class], stylesheets=[KEY_CSS], **params)
