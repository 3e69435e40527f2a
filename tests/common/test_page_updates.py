"""A click, a weather change and a language switch update models in place: no model is created and
Bokeh never walks the document's model graph again (docs/NOTES.md, page speed). Each page is
built in-process as the server builds a session, with a document of its own."""
from __future__ import annotations

from collections import Counter

import panel as pn
import pytest

from tests.common.page_watch import Watch, build_page

@pytest.fixture
def page(monkeypatch, tmp_path):
    """Build ``viewer/apps/<name>.py`` as a served session would; returns (doc, namespace)."""
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    return lambda name: build_page(name, monkeypatch)


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


@pytest.mark.parametrize("name", ["use", "asl", "churchill", "starcraft", "reference"])
def test_a_language_switch_creates_nothing(page, monkeypatch, name):
    doc, ns = page(name)
    state = ns["shell"].state
    if name == "use":  # a rule card with related-rule links open in the side panel
        from viewer.ruleref import RuleRef
        state.open_rule = RuleRef("use", "4.2.3")
    watch = Watch(doc, monkeypatch)
    for lang in ("es", "en"):
        watch.run(lambda lang=lang: setattr(state, "lang", lang))
    assert watch.created == Counter()
    assert watch.walks == 0


def test_use_stepper_moves_counters_in_place(page, monkeypatch):
    """The 2nd Panzer stepper on France 1940 moves counters and marks places without new models."""
    import viewer.views.common.url as url

    monkeypatch.setattr(url, "url_value", lambda name: "fixture:france-1940" if name == "board" else "")
    doc, ns = page("use")
    act, state = ns["activation"], ns["shell"].state
    watch = Watch(doc, monkeypatch)
    for button in (act.next, act.next, act.next, act.back):
        watch.run(lambda button=button: setattr(button, "clicks", button.clicks + 1))
    watch.run(lambda: setattr(state, "lang", "es"))
    assert watch.created == Counter()
    assert watch.walks == 0
    assert act.n == 2 and any(u.hex == "2914" for u in ns["use"].units if u.id == "2nd Panzer")



@pytest.mark.parametrize("module", ["layout_batch", "relabel_in_place"])
def test_every_served_page_carries_each_browser_script_once(page, module):
    """The page's document carries the layout batch script (viewer/views/common/layout_batch.py)
    and the relabel script (viewer/views/common/relabel_in_place.py) once each, however often they
    are attached; the browser test of the language switch checks what the scripts do."""
    import importlib

    from bokeh.models import CustomJS

    script = importlib.import_module(f"viewer.views.common.{module}")
    doc, _ = page("wif")

    def scripts():
        return [cb for cb in doc.callbacks.js_event_callbacks.get("document_ready", [])
                if isinstance(cb, CustomJS) and cb.code == script.SCRIPT]

    assert len(scripts()) == 1
    script.attach(doc)
    assert len(scripts()) == 1


def test_wif_hidden_sections_keep_their_labels_until_shown(page, monkeypatch):
    """A language switch relabels only the section on screen (viewer/state/section.py): the map's
    views keep English while the calculators are shown, switch when the map is shown again, and
    neither the switch nor the showing creates a model; the calculators follow the same way."""
    from viewer.ruleref import RuleRef

    doc, ns = page("wif")
    sections, weather, state = ns["sections"], ns["weather"], ns["shell"].state
    with pn.io.server.set_curdoc(doc):
        sections.switch.value = "ui.calculators"  # built here: the section's first showing
    dice = sections.build("ui.calculators").objects[0]  # the dice card (its Card)
    english = dice.title
    watch = Watch(doc, monkeypatch)
    watch.run(lambda: setattr(state, "lang", "es"))
    assert weather.apply.label == "Apply this roll"  # hidden: not relabelled
    assert dice.title != english and "Tirada de dados" in dice.title  # shown
    watch.run(lambda: setattr(sections.switch, "value", "ui.map"))
    assert weather.apply.label == "Aplicar esta tirada"
    calc_title = dice.title
    watch.run(lambda: setattr(state, "lang", "en"))
    assert dice.title == calc_title  # now the calculators are hidden
    watch.run(lambda: setattr(sections.switch, "value", "ui.calculators"))
    assert dice.title != calc_title
    assert watch.created == Counter()
    # what a section's views set reaches the page at once, hidden or not
    ref = RuleRef("wif", "2.7")
    sections.states["ui.map"].open(ref)
    assert state.open_rule == ref
    key = _hexes(ns["mapview"], 1)[0]
    watch.run(lambda: setattr(state, "selected", key))
    assert sections.states["ui.map"].selected == key


def test_a_wif_language_switch_sends_each_property_once(page, monkeypatch):
    """The switch is one held change: a property several views rename (the hover box's words,
    renamed by each map layer) goes out once, as its last value."""
    doc, ns = page("wif")
    from panel.io import document as panel_document

    events: list = []
    drain = panel_document._drain_unconnected_events

    def recording(doc, lock):   # what the hold collected: what a served session would send
        events.extend(doc.callbacks._held_events)
        return drain(doc, lock)

    monkeypatch.setattr(panel_document, "_drain_unconnected_events", recording)
    with pn.io.server.set_curdoc(doc):
        ns["shell"].language.widget.value = "es"
    sent = Counter((type(e).__name__, e.model.id, getattr(e, "attr", "")) for e in events if hasattr(e, "model"))
    assert sent and sent.most_common(1)[0][1] == 1, sent.most_common(3)
    hover = ns["mapview"].hex_hover
    assert sum(1 for e in events if getattr(e, "model", None) is hover.texts) == 1
    assert hover.words()["hex"] == "Hexágono"
