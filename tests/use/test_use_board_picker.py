"""The /use board select: the USE map and every worked-example board by its translated name; the
calculators that take a board open on the one the page shows (USE 4.2.4 naval moves, 1.4 range)."""
import pytest

pytest.importorskip("panel")

from viewer.calculators import REGISTRY  # noqa: E402
from viewer.games import section  # noqa: E402
from viewer.rules.use import boards  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.views.common.calculator_list import CalculatorList  # noqa: E402
from viewer.views.use.board_picker import BoardPicker, follow_board  # noqa: E402


def test_the_picker_offers_every_board_by_name_in_both_languages():
    state = SessionState()
    picker = BoardPicker(state=state, board="fixture:france-1940")
    assert set(picker.select.options.values()) == set(boards.names())
    assert "fixture:france-1940" in picker.select.options.values()
    assert picker.select.value == "fixture:france-1940"
    assert "France 1940 (worked examples of moves and attacks)" in picker.select.options
    assert not any(":" in name for name in picker.select.options)   # never an internal id
    assert "2nd Panzer" in picker.hint.object
    select = picker.select
    state.lang = "es"
    assert picker.select is select and "Francia 1940 (ejemplos de movimientos y ataques)" in select.options
    assert select.value == "fixture:france-1940" and select.name == "Tablero"
    assert picker.query("fixture:seas") == {"board": "fixture:seas", "lang": "es"}


@pytest.mark.parametrize("board", boards.names())
def test_board_calculators_open_on_the_page_board(board):
    calculators = CalculatorList(SessionState(), section("use", "calculators"))
    filled = follow_board(calculators, board)
    takers = [s for s in calculators.slugs if "board" in REGISTRY[s].param]
    assert takers, "no USE calculator takes a board"
    for slug in takers:
        card = calculators.card(slug)
        if slug in filled:
            assert card.calculator.board == board and card.error is None
        else:   # the board cannot serve it: it stays on its example board, which computes
            assert slug == "use.naval-move"
            assert sum(1 for h in boards.load(board).hexes.values() if h.port) < 2   # one port: no route
            assert card.calculator.board == "fixture:seas" and card.error is None
    if board in ("use", "fixture:seas"):
        assert "use.naval-move" in filled
