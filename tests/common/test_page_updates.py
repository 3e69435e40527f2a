"""A click, a weather change and a language switch update models in place: no model is created and
Bokeh never walks the document's model graph again (docs/NOTES.md, page speed). Each page is
built in-process as the server builds a session, with a document of its own."""
from __future__ import annotations

import runpy
from collections import Counter
from pathlib import Path

import panel as pn
import pytest
from bokeh.document import Document
from bokeh.model import Model

APPS = Path(__file__).resolve().parents[2] / "viewer" / "apps"


@pytest.fixture
def page(monkeypatch, tmp_path):
    """Build ``viewer/apps/<name>.py`` into a document as a served session would; yields (doc, namespace)."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    served: list = []
    monkeypatch.setattr(pn.viewable.ServableMixin, "servable", lambda self, *a, **k: served.append(self) or self)
    made: list = []

    def build(name: str):
        doc = Document()
        monkeypatch.setattr(pn.state, "curdoc", doc)
        with pn.io.server.set_curdoc(doc):
            ns = runpy.run_path(str(APPS / f"{name}.py"), run_name="page")
            for obj in served:
                obj.server_doc(doc)
        served.clear()
        made.append(doc)
        return doc, ns

    yield build


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


def _hexes(mapview, n: int):
    h = mapview.hexmap.hexes
    step = max(1, len(h) // n)
    return [(r.sheet, int(r.q), int(r.r)) for r in h.iloc[::step].head(n).itertuples()]


def test_wif_clicks_weather_and_language_create_nothing(page, monkeypatch):
    doc, ns = page("wif")
    mapview, weather, state = ns["mapview"], ns["weather"], ns["shell"].state
    keys = _hexes(mapview, 12)
    watch = Watch(doc, monkeypatch)
    for key in keys:  # hexes of every kind: sea, land, off-map, each zone
        watch.run(lambda key=key: mapview.select(key))
    watch.run(lambda: weather.set_zone("north-temperate", "blizzard"))
    for lang in ("es", "en", "es"):
        watch.run(lambda lang=lang: setattr(state, "lang", lang))
    assert watch.created == Counter()
    assert watch.walks == 0
    assert "Ventisca" in weather.effects_title.object or "Hex" in weather.effects_title.object


@pytest.mark.parametrize("name", ["use", "asl", "churchill", "starcraft"])
def test_a_language_switch_creates_nothing(page, monkeypatch, name):
    doc, ns = page(name)
    state = ns["shell"].state
    watch = Watch(doc, monkeypatch)
    for lang in ("es", "en"):
        watch.run(lambda lang=lang: setattr(state, "lang", lang))
    assert watch.created == Counter()
    assert watch.walks == 0
