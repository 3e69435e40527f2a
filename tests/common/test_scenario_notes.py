"""Scenario notes in English and Spanish (maps/scenarios/README.md): a plain ``notes:`` text is
English and still loads; ``notes: {en, es}`` gives both; the writer keeps whichever form the
scenario has; /wif shows the loaded scenario's notes in the page's language."""
from __future__ import annotations

import pytest
import yaml

from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import bundled_scenarios, load_scenario, save_scenario, scenario_to_dict

BASE = {"map": "europe", "name": "notes test", "at_war": [["Germany", "USSR"]],
        "units": [{"id": "a", "type": "INF", "power": "USSR", "hex": "4329"}]}


def test_plain_notes_are_english_and_are_written_back_plain(europe, tmp_path):
    s = load_scenario({**BASE, "notes": "Only English here."}, europe)
    assert (s.notes, s.notes_es) == ("Only English here.", "")
    assert s.notes_in("en") == s.notes_in("es") == "Only English here."   # no Spanish: the English
    assert scenario_to_dict(s, europe)["notes"] == "Only English here."
    path = save_scenario(s, tmp_path / "plain.yaml", europe)
    assert yaml.safe_load(path.read_text(encoding="utf-8"))["notes"] == "Only English here."
    assert load_scenario(path, europe) == s


def test_notes_in_two_languages_round_trip(europe, tmp_path):
    s = load_scenario({**BASE, "notes": {"en": "The corps is cut off.", "es": "El cuerpo queda aislado."}}, europe)
    assert s.notes_in("en") == "The corps is cut off." and s.notes_in("es") == "El cuerpo queda aislado."
    assert scenario_to_dict(s, europe)["notes"] == {"en": "The corps is cut off.", "es": "El cuerpo queda aislado."}
    again = load_scenario(save_scenario(s, tmp_path / "both.yaml", europe), europe)
    assert again == s and again.notes_es == "El cuerpo queda aislado."
    assert load_scenario({**BASE, "notes": {"es": "Solo en español."}}, europe).notes_in("es") == "Solo en español."


@pytest.mark.parametrize("notes, field", [({"fr": "Bonjour"}, "notes.fr"), ({"en": ["a list"]}, "notes.en"),
                                          (["a", "list"], "notes")])
def test_bad_notes_name_the_field(europe, notes, field):
    with pytest.raises(ScenarioError) as err:
        load_scenario({**BASE, "notes": notes}, europe)
    assert err.value.parameter == field


def test_every_bundled_scenario_has_notes_in_both_languages():
    found = bundled_scenarios()
    assert {"kiev", "poland-1939", "syria"} <= set(found)
    for name, path in found.items():
        s = load_scenario(path)
        assert s.notes.strip() and s.notes_es.strip(), name
        assert s.notes_es != s.notes, name
        assert load_scenario(scenario_to_dict(s), s.hexmap) == s, name


def test_wif_shows_the_loaded_scenarios_notes_in_the_pages_language(europe):
    from viewer.state import SessionState
    from viewer.state.wif.weather import WeatherSession
    from viewer.views import MapView
    from viewer.views.wif.scenario_panel import ScenarioPanel

    session = SessionState()
    panel = ScenarioPanel(mapview=MapView(hexmap=europe, state=session), weather=WeatherSession())
    pane = panel.notes
    assert not pane.visible and pane.object == ""          # nothing loaded: nothing shown
    panel.scenario.load_lesson("kiev")
    kiev = load_scenario(bundled_scenarios()["kiev"], europe)
    assert pane.visible and "Soviet infantry corps" in pane.object and "soviético" not in pane.object
    session.lang = "es"
    assert panel.notes is pane                              # the same pane, its text changed in place
    assert "cuerpo de infantería soviético" in pane.object and "Soviet infantry" not in pane.object
    assert "Notas del escenario" in pane.object and kiev.notes_es.split()[0] in pane.object
    session.lang = "en"
    assert "Soviet infantry corps" in pane.object
    panel.scenario.load({**BASE, "notes": "<b>x</b> & y"}, "mine")   # a user's file: shown as text
    assert "&lt;b&gt;x&lt;/b&gt; &amp; y" in pane.object and "<b>x</b>" not in pane.object
