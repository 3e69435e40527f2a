"""The worked examples' units under their names in the page's language (USE 4.2.3.3: "2.º
Panzer" in Spanish), whole on the board up to a length, and a player's own unit under the name
typed."""
import pytest

pytest.importorskip("panel")

from viewer.state import SessionState  # noqa: E402
from viewer.state.use.board import DEFAULT_UNITS, UseState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.use.activation import UseActivation  # noqa: E402
from viewer.views.use.board import UseMap  # noqa: E402
from viewer.views.use.unit_names import BOARD_CHARS, board_label, unit_key, unit_name  # noqa: E402
from viewer.i18n import has  # noqa: E402


def test_every_fixture_unit_has_a_name_in_both_languages():
    for units in DEFAULT_UNITS.values():
        for u in units:
            assert has(unit_key(u.id)), u.id
    assert unit_name("2nd Panzer", "es") == "2.º Panzer" and unit_name("2nd Panzer", "en") == "2nd Panzer"
    assert unit_name("Kampfgruppe Peiper", "es") == "Kampfgruppe Peiper"   # typed by a player


def test_board_labels_keep_the_number_and_cut_only_long_names():
    assert board_label("Luftflotte 2", "en") == "Luftflotte 2"   # was cut to "Luftflotte"
    long = board_label("A very long name of a typed unit", "en")
    assert len(long) == BOARD_CHARS and long.endswith("…")


def test_the_board_the_unit_list_and_the_stepper_say_the_spanish_names(tmp_path):
    state = SessionState()
    game = UseState(store=UserStore(tmp_path), board_name="fixture:france-1940")
    board = UseMap(state=state, game_state=game)
    steps = UseActivation(state=state, game_state=game)
    steps.next.clicks += 1
    state.lang = "es"
    labels = list(board._unit_labels.data["text"])
    assert "2.º Panzer" in labels and "10.º Ejército" in labels and "2nd Panzer" not in labels
    assert any(k.startswith("2.º Panzer (") for k in board.unit_select.options)
    assert "2.º Panzer empieza en 2915" in steps.rows.pane.object
    state.lang = "en"
    assert "2nd Panzer" in list(board._unit_labels.data["text"])
