"""One copy of each inline stylesheet per served page (docs/NOTES.md "Inline stylesheets shared").

Panel gives every model it builds its loading-spinner rules and the page's ``raw_css`` as inline
strings, and a component's own ``stylesheets`` strings likewise: the same few hundred bytes go
out once for each of the page's hundreds of models, about a fifth of /wif's document. BokehJS
builds a fresh ``<style>`` from an ``InlineStyleSheet`` model for every view that lists it, so
one such model per distinct text, shared by every model of the page, draws the same and is sent
once; the others refer to it by id.
"""
from __future__ import annotations

import weakref
from typing import Any

from bokeh.document import Document
from bokeh.models import InlineStyleSheet

#: Per served page, its one stylesheet model of each inline text.
_SHEETS: weakref.WeakKeyDictionary[Document, dict[str, InlineStyleSheet]] = weakref.WeakKeyDictionary()


def shared_sheets(stylesheets: list[Any], doc: Document | None) -> list[Any]:
    """``stylesheets`` with each inline text replaced by the page's one model of that text.

    Only a served page's document shares (a notebook cell may draw into another document than
    the current one, and a model belongs to one document)."""
    if doc is None or doc.session_context is None:
        return stylesheets
    sheets = _SHEETS.setdefault(doc, {})
    out = []
    for sheet in stylesheets:
        if isinstance(sheet, str):
            if sheet not in sheets:
                sheets[sheet] = InlineStyleSheet(css=sheet)
            sheet = sheets[sheet]
        out.append(sheet)
    return out


def share_inline_stylesheets() -> None:
    """Make every Panel component of a served page list the page's shared inline stylesheets
    (Panel 1.9 ``Reactive._process_param_change`` builds the list)."""
    from panel.io.state import state
    from panel.reactive import Reactive

    process = Reactive._process_param_change
    if getattr(process, "shares_stylesheets", False):
        return

    def _process_param_change(self, params):
        properties = process(self, params)
        if "stylesheets" in properties:
            properties["stylesheets"] = shared_sheets(properties["stylesheets"], state.curdoc)
        return properties

    _process_param_change.shares_stylesheets = True  # type: ignore[attr-defined]
    Reactive._process_param_change = _process_param_change  # type: ignore[method-assign]
