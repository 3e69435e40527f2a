"""Spanish complete: every page built in-process in English and in Spanish, every section, chooser
item and card opened, and every visible text of the Spanish page checked for English left in it
(option keys, internal keys, English words with no Spanish label); and one translation per idea in
the label files. A language switch keeps what the visitor chose."""
from __future__ import annotations

import pytest

from tests.common.page_watch import build_page


@pytest.fixture
def page(monkeypatch, tmp_path):
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    return lambda name: build_page(name, monkeypatch)


def _models(doc, widget):
    """The Bokeh models of ``widget`` in ``doc``."""
    doc.models.recompute()
    models = [m for m in doc.models if m in [w for w, _ in widget._models.values()]]
    assert models, f"{widget.name!r} is not on the page"
    return models


def test_wif_at_war_survives_a_language_switch(page):
    """The browser holds a MultiChoice's choices by their names: after a switch the names sent
    must be the new language's, or the browser drops them and the scenario loses its wars."""
    import panel as pn

    doc, ns = page("wif")
    scenario, editor = ns["scenario"].scenario, ns["scenario"].editor
    with pn.io.server.set_curdoc(doc):
        scenario.load_lesson("kiev")
        chosen = list(editor.at_war.value)
        assert chosen, "the kiev scenario has Germany and the USSR at war"
        for lang in ("es", "en", "es"):
            ns["shell"].state.lang = lang
            assert editor.at_war.value == chosen
            for model in _models(doc, editor.at_war):
                assert model.value and set(model.value) <= set(model.options), (lang, model.value, model.options)
    assert [tuple(sorted(p)) for p in scenario.scenario.at_war] == [("Germany", "USSR")]
