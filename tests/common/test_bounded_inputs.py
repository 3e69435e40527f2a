"""Number inputs outside the calculator cards (viewer/views/common/bounded.py): no browser bounds,
an out-of-range value refused with the field, the value and the range in the page's language, the
last accepted value kept in use, the message gone once a valid value is entered."""
import pytest

from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.state.starcraft.table import StarcraftState
from viewer.state.use.board import UseState
from viewer.userdata import UserStore
from viewer.views.churchill.moves import IssueMover
from viewer.views.churchill.settings import BoardSettingsPanel
from viewer.views.starcraft.panel import StarcraftPanel
from viewer.views.use.board import UseMap


def test_churchill_card_value_is_refused_and_the_last_one_kept():
    state, session = SessionState(), ChurchillState()
    mover = IssueMover(game_state=session, state=state)
    assert mover.card.start is None and mover.card.end is None
    mover.card.value = 5
    mover.card.value = 99
    box = mover.numbers.box
    assert box.visible and box.object == "**Card value**: 99 refused (allowed 0 to 12); 5 is still used"
    assert mover._inputs()["card"] == 5
    state.lang = "es"
    assert box.object == "**Valor de la carta**: 99 rechazado (se admite de 0 a 12); se sigue usando 5"
    mover.bonus.value = -7
    assert "**Atributo**: -7 rechazado (se admite de -6 a 6); se sigue usando 0" in box.object
    mover.card.value = 7
    assert box.visible and "99" not in box.object and mover._inputs()["card"] == 7
    mover.bonus.value = 2
    assert not box.visible and mover._inputs()["bonus"] == 2


def test_churchill_settings_refuse_boxes_and_scores():
    state, session = SessionState(), ChurchillState()
    panel = BoardSettingsPanel(game_state=session, state=state)
    before = session.settings.abomb_boxes
    panel.abomb.value = 0
    panel.apply.clicks += 1
    assert session.settings.abomb_boxes == before
    assert f"0 refused (allowed 1 to 20); {before} is still used" in panel.numbers.box.object
    panel.scores["UK"].value = 1000
    assert session.scores.get("UK", 0) == 0
    assert "**UK VP**: 1000 refused (allowed 0 to 999)" in panel.numbers.box.object
    panel.scores["UK"].value = 12
    panel.abomb.value = 6
    panel.apply.clicks += 1
    assert session.scores["UK"] == 12 and session.settings.abomb_boxes == 6 and not panel.numbers.box.visible


def test_use_range_box_is_refused_in_both_languages(tmp_path):
    state = SessionState()
    gs = UseState(board_name="fixture:france-1940", store=UserStore(tmp_path))
    view = UseMap(state=state, game_state=gs)
    assert view.range.start is None and view.range.end is None
    view.range.value = 3
    view.range.value = 99
    assert gs.range == 3
    assert view.numbers.box.object == "**Range ring (hexes, USE 1.4)**: 99 refused (allowed 0 to 30); 3 is still used"
    state.lang = "es"
    assert view.numbers.box.object.endswith("99 rechazado (se admite de 0 a 30); se sigue usando 3")
    view.range.value = 4
    assert gs.range == 4 and not view.numbers.box.visible


def test_starcraft_weapon_range_is_refused_and_kept():
    state, sc = SessionState(), StarcraftState()
    panel = StarcraftPanel(state=state, game_state=sc)
    assert panel.range.start is None and panel.range.end is None
    panel.range.value = 101.5
    assert sc.weapon_range == 12
    assert panel.numbers.box.object == "**Weapon range (inches)**: 101.5 refused (allowed 0 to 100); 12 is still used"
    state.lang = "es"
    assert panel.numbers.box.object == ("**Alcance del arma (pulgadas)**: 101.5 rechazado (se admite de 0 a 100); "
                                        "se sigue usando 12")
    panel.range.value = None
    assert "campo vacío rechazado: hace falta un número (se admite de 0 a 100)" in panel.numbers.box.object
    panel.range.value = 24.0
    assert sc.weapon_range == 24 and not panel.numbers.box.visible


@pytest.mark.parametrize("lang", ["en", "es"])
def test_nothing_refused_shows_no_message(lang):
    state = SessionState(lang=lang)
    mover = IssueMover(game_state=ChurchillState(), state=state)
    assert not mover.numbers.box.visible and mover.numbers.text(lang) == ""
