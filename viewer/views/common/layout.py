"""Layout pieces every app shares: rows that wrap instead of running past the window, and the CSS
that keeps a card, its tables and its texts inside the window's width (docs/architecture.md "Views").
"""
from __future__ import annotations

import panel as pn
from panel.theme import Bootstrap

#: A calculator card never grows wider than its column: long words and table cells break, tables
#: take the card's width, and the card's own box may shrink below its content's natural width.
CARD_CSS = """
:host { min-width: 0; max-width: 100%; }
.card-header, .card-title { white-space: normal; overflow-wrap: anywhere; }
"""

#: Text panes (Markdown, HTML) break long words and tables instead of widening their column.
TEXT_CSS = """
:host { max-width: 100%; min-width: 0; }
table { max-width: 100%; }
td, th, p, li, code, pre { overflow-wrap: anywhere; word-break: normal; white-space: normal; }
"""


def wrapping(*objects, **params) -> pn.FlexBox:
    """A row of ``objects`` that wraps onto further lines when the window is narrow (a FlexBox,
    so the browser lays it out: no model is made again when the window changes)."""
    params.setdefault("flex_wrap", "wrap")
    params.setdefault("sizing_mode", "stretch_width")
    params.setdefault("align_items", "flex-start")
    return pn.FlexBox(*objects, **params)


#: A card that opens on a click looks like it: a framed header with a pointer and its chevron shown.
COLLAPSIBLE_CSS = """
:host { border: 1px solid #c9d3da; border-radius: 6px; }
.card-header { cursor: pointer; background: #eef2f5; border-radius: 6px; padding: 6px 10px; width: 100%;
               display: flex; align-items: center; }
.card-header:hover { background: #dde5eb; }
.card-button { display: inline-flex !important; visibility: visible !important; opacity: 1 !important;
               color: #2b3a42; margin-right: 8px; width: 16px; height: 16px; flex: none; }
.card-button svg { width: 16px; height: 16px; stroke: currentColor; }
"""


#: Every row wraps its items onto further lines rather than run past the window, and no layout
#: keeps a minimum width wider than the window (Panel adds up its children's widths for one).
ROW_CSS = """
:host { flex-wrap: wrap; min-width: 0 !important; max-width: 100%; row-gap: 4px; }
"""
SHRINKING_CSS = """
:host { min-width: 0 !important; max-width: 100%; }
"""


class SharedDesign(Bootstrap):
    """The Bootstrap design every page uses, with rows that wrap and layouts that may shrink."""

    modifiers = {
        pn.layout.Row: {"stylesheets": [ROW_CSS]},
        pn.layout.Column: {"stylesheets": [SHRINKING_CSS]},
        pn.layout.Card: {"stylesheets": [SHRINKING_CSS]},
        pn.layout.FlexBox: {"stylesheets": [SHRINKING_CSS]},
    }
