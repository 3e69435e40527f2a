"""The ASL board view without a browser: tools drive the state, the cards, the overlays and the saved state."""
import pytest

pn = pytest.importorskip("panel")

from viewer.rules.asl.board import load_board
from viewer.state import SessionState
from viewer.userdata import UserStore
from viewer.views.asl.night import AslNightView


@pytest.fixture
def view(tmp_path):
    return AslNightView(board=load_board("teaching"), state=SessionState(), store=UserStore(tmp_path))


def test_blaze_on_level_2_draws_lit_and_blind_hexes(view):
    """Ex. V-2 on the page: only level 2 of 2W7 burns -> 2U6 drawn blind, 2T5 not drawn."""
    view.game_state.selected = "2W7"
    assert view.level.options == [0, 1, 2]
    view.level.value = 2
    view.fire_buttons["blaze"].clicks += 1
    assert view.game_state.fires == ["2W7@2 blaze"]
    light = view.figure.light.data
    drawn = {view.board.hex_id((q, r)): c for q, r, c in zip(light["q"], light["r"], light["fill"])}
    assert drawn["2U6"] != drawn["2W6"] and "2T5" not in drawn and len(drawn) == 19
    assert "2U6" in view.light_summary.object
    view.clear_button.clicks += 1
    assert view.figure.light.data["q"] == [] or len(view.figure.light.data["q"]) == 0


def test_los_thread_and_verdict(view):
    view.game_state.selected = "2W7"
    view.level.value = 1
    view.los_from.clicks += 1
    view.game_state.selected = "2T5"
    view.los_to.clicks += 1
    assert (view.game_state.los_a, view.game_state.los_b) == ("2W7@1", "2T5@0")
    assert view.figure.thread.data["color"] == ["#c62828"]          # blocked
    assert "2V7" in view.verdict.object
    view.state.lang = "es"
    assert "bloqueada" in view.verdict.object.lower()


def test_nvr_ring_is_drawn_around_the_selection(view):
    view.game_state.selected = "2M5"
    view.nvr.value = 2
    view.show_nvr.value = True
    assert len(view.figure.ring.data["q"]) == 12


def test_state_survives_a_new_page(tmp_path):
    store = UserStore(tmp_path)
    first = AslNightView(board=load_board("teaching"), state=SessionState(), store=store)
    first.game_state.selected = "2W7"
    first.level.value = 2
    first.fire_buttons["blaze"].clicks += 1
    first.game_state.los_a, first.game_state.los_b = "2W7@2", "2T5@0"
    second = AslNightView(board=load_board("teaching"), state=SessionState(), store=store)
    assert second.game_state.fires == ["2W7@2 blaze"] and second.game_state.los_b == "2T5@0"
    assert len(second.figure.light.data["q"]) == 19 and second.figure.thread.data["color"] == ["#1565c0"]


def test_a_saved_file_for_another_board_is_ignored(tmp_path):
    store = UserStore(tmp_path)
    store.save("settings", "asl-night", {"fires": ["9ZZ99@0 blaze"], "selected": "2W7"})
    view = AslNightView(board=load_board("teaching"), state=SessionState(), store=store)
    assert view.game_state.fires == [] and view.game_state.selected == ""


def test_locations_picked_in_the_cards_move_the_board(view):
    """The cards and the board agree: an LOS end picked from the card's list, a fire put in the
    card's hidden text (a preset) or put out in its list, is the board's (Ex. V-2)."""
    los = view.los_card.widgets
    assert isinstance(los["a"], pn.widgets.Select) and "2M5@3" in los["a"].options.values()
    assert len(los["b"].options) == len(view.board.locations())
    los["a"].value = "2W7@1"
    los["b"].value = "2T5@0"
    assert (view.game_state.los_a, view.game_state.los_b) == ("2W7@1", "2T5@0")
    assert view.figure.thread.data["color"] == ["#c62828"] and "2V7" in view.verdict.object
    # the card's fires field gives way to the list of the board's fires, named in words
    assert not view.light_card.widgets["fires"].visible and view.fire_list in view.light_card.inputs.objects
    view.light_card.widgets["fires"].value = "2W7@2 blaze, 2P7@0 wreck"
    assert view.game_state.fires == ["2W7@2 blaze", "2P7@0 wreck"]
    assert view.fire_list.options == {"2W7@2 Blaze": "2W7@2 blaze", "2P7@0 burning wreck": "2P7@0 wreck"}
    assert "2U6" in view.light_summary.object and len(view.figure.fire.data["x"]) == 2
    view.state.lang = "es"
    assert list(view.fire_list.options) == ["2W7@2 incendio", "2P7@0 restos en llamas"]
    # the × of one fire puts it out on the board and in the card
    view.fire_list.value = ["2P7@0 wreck"]
    assert view.game_state.fires == ["2P7@0 wreck"] and view.light_card.widgets["fires"].value == "2P7@0 wreck"
    assert len(view.figure.fire.data["x"]) == 1 and "2U6" not in view.light_summary.object
    # a bad location given as text (a preset) is the card's error and leaves the board as it was
    view.los_card.apply_inputs({"b": "9Z99"})
    assert view.los_card.error is not None and view.game_state.los_b == "2T5@0"


def test_board_key_and_hover_follow_the_language(view):
    """The key names every colour and mark of the board, and the hover shows terrain names, not
    internal keys; both switch language in place."""
    from bokeh.models import TapTool
    fig = view.figure
    assert "open ground" in view.legend.object and "blind hex" in view.legend.object
    names = fig.terrain_names.args["names"]   # the hover's table: terrain code -> name
    assert set(fig.base.data["terrain"]) <= set(names) and names["open"] == "open ground"
    assert "@terrain{names}" in dict((v, k) for k, v in fig.hover.tooltips)
    view.state.lang = "es"
    assert "terreno abierto" in view.legend.object and "hexágono ciego" in view.legend.object
    assert fig.terrain_names.args["names"]["open"] == "terreno abierto"
    # a click selects a hex of the base layer only: labels and marks never take the selection
    tap = fig.figure.select_one(TapTool)
    assert [r.data_source for r in tap.renderers] == [fig.base]


def test_every_tap_on_a_hex_reaches_the_board_even_the_same_hex_twice():
    """A tap is the figure's Tap event at its point, so a second tap on the same hex is a tap too
    (a selection would not change, and send nothing), and so is a second tap soon after the first,
    which Bokeh sends as a DoubleTap; a tap off the board is ignored."""
    from bokeh.events import DoubleTap, Tap

    from viewer import hexgrid
    from viewer.rules.asl.board import load_board
    from viewer.views.asl.board import BoardFigure

    board = load_board("teaching")
    taps: list[str] = []
    fig = BoardFigure(board, on_tap=taps.append)
    x, y = hexgrid.hex_to_pixel(*board.key("2W7"), orientation="flattop")
    for event in (Tap, Tap, DoubleTap):
        fig.figure._trigger_event(event(fig.figure, x=float(x) + 0.2, y=float(y) - 0.2))
    fig.figure._trigger_event(Tap(fig.figure, x=-100.0, y=100.0))
    assert taps == ["2W7", "2W7", "2W7"]
