"""The 2nd Panzer stepper (USE 4.2.3.3 example): it ends, its buttons say where it is, and each step
is a line of one pane with its rule link."""
import pytest

pytest.importorskip("panel")

from viewer.rules.use.activation import PANZER_EXAMPLE
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.use.activation import UseActivation


def test_the_stepper_ends_and_links_each_steps_rule():
    view = UseActivation(state=SessionState(), game_state=UseState(board_name="fixture:france-1940"))
    assert view.back.disabled and not view.next.disabled
    for _ in range(len(PANZER_EXAMPLE) + 2):  # past the end: stays on the last step
        view.next.clicks += 1
    assert view.n == len(PANZER_EXAMPLE) and view.next.disabled and not view.back.disabled
    html = view.rows.pane.object
    assert html.count("<li") == len(view.rows.items) >= 3
    assert 'href="#rule-use-4_2_3' in html and "2nd Panzer" in html
    view.state.lang = "es"
    assert view.rows.pane.object != html and view.next.label != "Next step"
    while not view.back.disabled:
        view.back.clicks += 1
    assert view.n == 0
