"""The /starcraft profile file as a player meets it: the format and the meaning of ``phase`` on the
page, a commented template to download that loads as it is, every fault of a bad file listed with
the file's name, a YAML syntax error in words, a corrected file of the same name replacing the
old profiles; and the reason a unit next to a marker may not contest it (SC 8.7.3, 8.9.1)."""
from __future__ import annotations

import pytest

pytest.importorskip("panel")

from viewer.rules.starcraft.profiles import ProfileError, profiles_from_text, template  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.state.starcraft.table import StarcraftState  # noqa: E402
from viewer.views.starcraft.panel import StarcraftPanel  # noqa: E402
from viewer.views.starcraft.table import StarcraftTableView, cannot_contest  # noqa: E402


def _panel():
    return StarcraftPanel(state=SessionState(), game_state=StarcraftState())


def _upload(panel, text: str, filename: str = "army.yaml"):
    panel.upload.widget.filename = filename
    panel.upload.widget.value = text.encode()


def test_the_page_documents_the_format_and_offers_a_template_that_loads():
    panel = _panel()
    text = panel.format.object
    assert "viewer/rules" not in panel.upload_label.object and "profiles.py" not in text
    assert "`phase: assault` means a ranged weapon" in text and "hit_points" in text
    assert panel.template.filename == "starcraft-profiles.yaml"
    en = panel._template().read().decode()
    assert en == template("en") and "phase: assault           # assault = a ranged weapon" in en
    panel.state.lang = "es"
    assert "significa un arma a distancia" in panel.format.object
    assert panel.template.label == "Descargar una plantilla comentada"
    es = panel._template().read().decode()
    assert "arma a distancia" in es
    for lang in ("en", "es"):
        assert set(profiles_from_text(template(lang), "t.yaml")) == {"Example Trooper", "Example Flyer"}


def test_every_fault_is_reported_with_the_file_name():
    bad = template("en").replace("tag: flying", "tag: hover").replace("armor: 4", "armor: four") \
        .replace("phase: combat", "phase: melee")
    with pytest.raises(ProfileError) as err:
        profiles_from_text(bad, "my-army.yaml")
    text = str(err.value)
    assert text.startswith("my-army.yaml: 3 faults")
    for words in ("tag 'hover' is not allowed", "armor must be a whole number", "phase 'melee' is not allowed"):
        assert words in text
    assert text.count("my-army.yaml") == 4
    panel = _panel()
    _upload(panel, bad, "my-army.yaml")
    assert panel.problem.visible and panel.problem.object.count("my-army.yaml") == 4


def test_a_spanish_page_words_every_fault_in_spanish_and_again_on_a_switch():
    """The faults name the file, the unit and the field in the page's language; switching the
    language words the shown refusal again."""
    bad = template("es").replace("tag: flying", "tag: hover").replace("armor: 4", "armor: four")
    panel = _panel()
    panel.state.lang = "es"
    _upload(panel, bad, "mi-ejercito.yaml")
    msg = panel.problem.object
    assert panel.problem.visible and msg.startswith("mi-ejercito.yaml: 2 errores")
    assert "unidad «Example Trooper»: armor debe ser un número entero, no «four»" in msg
    assert "tag «hover» no está permitido" in msg
    for english in ("faults", "must be", "not allowed", "unit '"):
        assert english not in msg
    panel.state.lang = "en"
    assert "mi-ejercito.yaml: 2 faults" in panel.problem.object
    assert "tag 'hover' is not allowed" in panel.problem.object
    panel.state.lang = "es"
    _upload(panel, "units:\n  - name: x\n   tag: ground\n", "roto.yaml")
    assert "roto.yaml, línea 3: no es YAML válido" in panel.problem.object


def test_a_yaml_syntax_error_is_named_with_the_file_and_line():
    panel = _panel()
    _upload(panel, "units:\n  - name: x\n   tag: ground\n", "broken.yaml")
    msg = panel.problem.object
    assert panel.problem.visible and "broken.yaml, line 3" in msg and "not valid YAML" in msg
    assert "indentation" in msg and "allowed: YAML text" not in msg


def test_a_corrected_file_of_the_same_name_replaces_the_old_profiles():
    panel = _panel()
    _upload(panel, template("en"))
    assert set(panel.attacker_profile.options) == {"Example Trooper", "Example Flyer"}
    assert "Example Trooper" in panel.profile_note.object
    _upload(panel, template("en").replace("Example Trooper", "Broken").replace("armor: 4", "armor: x"))
    assert panel.problem.visible
    fixed = template("en").replace("Example Trooper", "Renamed Trooper")
    _upload(panel, fixed)
    assert not panel.problem.visible
    assert set(panel.profiles) == {"Renamed Trooper", "Example Flyer"}
    assert set(panel.attacker_profile.options) == {"Renamed Trooper", "Example Flyer"}
    assert "Renamed Trooper" in panel.profile_note.object and "Example Trooper" not in panel.profile_note.object


def test_a_second_file_replaces_the_profiles_chosen_from_the_first():
    """With an attacker, a weapon and a target chosen from one file, a file without those names
    loads: its profiles are offered, its note shown, the card fed from its own profiles."""
    panel = _panel()
    _upload(panel, template("en"))
    panel.attacker_profile.value, panel.weapon.value = "Example Trooper", "Example Rifle"
    panel.target_profile.value = "Example Trooper"
    _upload(panel, template("en").replace("Example Trooper", "Renamed Trooper"))
    assert not panel.problem.visible
    assert set(panel.attacker_profile.options) == {"Renamed Trooper", "Example Flyer"}
    assert "Renamed Trooper" in panel.profile_note.object and "Example Trooper" not in panel.profile_note.object
    panel.attacker_profile.value, panel.weapon.value = "Renamed Trooper", "Example Rifle"
    panel.target_profile.value = "Example Flyer"
    fed, flyer = panel.calculators.context["starcraft.ranged-attack"], panel.profiles["Example Flyer"]
    assert fed["armor"] == flyer.armor and fed["hit_points"] == flyer.hit_points


def test_weapons_say_ranged_or_melee_in_both_languages():
    panel = _panel()
    _upload(panel, template("en"))
    panel.attacker_profile.value = "Example Trooper"
    assert panel.weapon.options == {"Example Rifle (ranged, Assault Phase)": "Example Rifle",
                                    "Example Blade (melee, Combat Phase)": "Example Blade"}
    panel.state.lang = "es"
    assert "Example Rifle (a distancia, Fase de Asalto)" in panel.weapon.options


def test_a_unit_by_a_marker_that_may_not_contest_says_why():
    sc = StarcraftState()
    view = StarcraftTableView(state=SessionState(), game_state=sc)
    m1 = next(m for m in sc.table.markers if m.number == 1)
    sc.move("a-flyer-1", m1.x + 1.5, m1.y)           # Air: never contests (SC 8.9.1)
    assert [(u.id, why) for u, why in cannot_contest(sc.table, 1)] == [("a-flyer", "air")]
    assert "an Air unit never contests or controls a marker (SC 8.9.1)" in view.status.object
    sc.table = sc.table.with_unit("a-squad", in_coherency=False)
    sc.move("a-squad-1", m1.x + 2, m1.y + 1)
    assert ("a-squad", "coherency") in [(u.id, why) for u, why in cannot_contest(sc.table, 1)]
    assert "it is out of Coherency" in view.status.object
    view.state.lang = "es"
    assert "una unidad aérea nunca disputa" in view.status.object
