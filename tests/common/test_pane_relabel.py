"""A new text for an HTML or Markdown pane sends its text, not its other properties again
(viewer/views/common/shell.py): a pane a collapsed card hides in the browser stays hidden."""
from __future__ import annotations

import panel as pn
from bokeh.document import Document

from viewer.views.common.shell import extension


def test_a_relabelled_pane_in_a_collapsed_card_stays_hidden(monkeypatch):
    extension()
    doc = Document()
    monkeypatch.setattr(pn.state, "curdoc", doc)
    pane = pn.pane.Markdown("one")
    card = pn.Card(pane, collapsed=True)
    root = card.get_root(doc)
    model = pane._models[root.ref["id"]][0]
    model.visible = False          # what the card's script does in the browser
    sent = []
    model.on_change("visible", lambda attr, old, new: sent.append(new))
    pane.object = "two"
    assert "two" in model.text and model.visible is False and sent == []
    pane.visible = False           # a change of visibility itself still goes out
    pane.visible = True
    assert model.visible is True and sent == [True]
