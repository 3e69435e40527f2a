"""Build a page as the server builds a session, and count what an action makes Bokeh do: models
created and walks of the document's model graph (docs/NOTES.md, page speed). Shared by the tests
of clicks, language switches and lesson steps."""
from __future__ import annotations

import runpy
from collections import Counter
from pathlib import Path

import panel as pn
from bokeh.document import Document
from bokeh.model import Model

APPS = Path(__file__).resolve().parents[2] / "viewer" / "apps"


def build_page(name: str, monkeypatch):
    """``viewer/apps/<name>.py`` built into a document of its own; returns (doc, namespace)."""
    served: list = []
    monkeypatch.setattr(pn.viewable.ServableMixin, "servable", lambda self, *a, **k: served.append(self) or self)
    doc = Document()
    monkeypatch.setattr(pn.state, "curdoc", doc)
    with pn.io.server.set_curdoc(doc):
        ns = runpy.run_path(str(APPS / f"{name}.py"), run_name="page")
        for obj in served:
            obj.server_doc(doc)
    return doc, ns


class Watch:
    """Counts models created and model-graph walks while it is active."""

    def __init__(self, doc, monkeypatch):
        self.doc, self.created, self.walks = doc, Counter(), 0
        init, recompute = Model.__init__, type(doc.models).recompute
        watch = self

        def counting_init(model, *a, **k):
            watch.created[type(model).__name__] += 1
            init(model, *a, **k)

        def counting_recompute(models):
            watch.walks += 1
            recompute(models)

        monkeypatch.setattr(Model, "__init__", counting_init)
        monkeypatch.setattr(type(doc.models), "recompute", counting_recompute)

    def run(self, action):
        with pn.io.server.set_curdoc(self.doc):
            action()
