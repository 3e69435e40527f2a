"""A drag on the /starcraft table: one past the model's Speed is named with its length (SC 8.5.3),
and the models' places are kept for the visitor and put back on a reload."""
from __future__ import annotations

import pytest

pytest.importorskip("panel")

from viewer.state import SessionState  # noqa: E402
from viewer.state.starcraft.table import SETTINGS, StarcraftState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.starcraft.table import StarcraftTableView  # noqa: E402


def _drag(view, model_id: str, x: float, y: float) -> None:
    """What the browser's PointDrawTool sends: the models source with one base moved."""
    data = {k: list(v) for k, v in view.models.data.items()}
    i = data["id"].index(model_id)
    data["x"][i], data["y"][i] = x, y
    view.models.data = data


def test_a_drag_past_the_speed_is_named_and_a_short_one_is_not():
    sc = StarcraftState()
    view = StarcraftTableView(state=SessionState(), game_state=sc)
    _drag(view, "a-squad-1", 4, 8)            # the squad's Speed is 5": 4" is a move it may make
    assert sc.model("a-squad-1").y == 8 and sc.too_far == []
    assert "Speed" not in view.status.object
    _drag(view, "a-squad-1", 10, 16)          # 6" right and 8" up: 10" in a straight line
    assert (sc.model("a-squad-1").x, sc.model("a-squad-1").y) == (10, 16)   # the table is the player's
    assert sc.too_far == [("a-squad-1", 10.0, 5)]
    assert 'Squad A 1 was dragged 10" in a straight line, more than its Speed of 5" (SC 8.5.3).' \
        in view.status.object
    view.state.lang = "es"
    assert 'más que su Velocidad de 5" (SC 8.5.3)' in view.status.object
    sc.move("a-squad-1", 10, 17)              # a move made otherwise clears the warning
    assert sc.too_far == [] and "Velocidad de 5" not in view.status.object


def test_the_models_places_are_kept_and_put_back(tmp_path):
    store = UserStore(tmp_path)
    sc = StarcraftState()
    assert sc.restore(store) == ""             # nothing saved: the demo table as it is
    sc.move("b-brute-1", 8.4, 4)
    sc.save(store)
    again = StarcraftState()
    assert again.restore(store) == ""
    assert (again.model("b-brute-1").x, again.model("b-brute-1").y) == (8.4, 4)
    assert again.model("a-squad-1").x == sc.model("a-squad-1").x
    store.save("settings", SETTINGS, {"models": {"no-such-model": [1, 1]}})
    fresh = StarcraftState()
    problem = fresh.restore(store)
    assert "no-such-model" in problem and fresh.model("b-brute-1").x != 8.4
    assert not store.path("settings", SETTINGS).exists()     # set aside, never overwritten in silence


def test_a_unit_set_out_of_coherency_on_the_page_may_not_contest_and_is_kept(tmp_path):
    from viewer.views.starcraft.panel import StarcraftPanel

    store = UserStore(tmp_path)
    sc = StarcraftState()
    state = SessionState()
    view = StarcraftTableView(state=state, game_state=sc)
    panel = StarcraftPanel(state=state, game_state=sc)
    box = panel.unit_states["in_coherency"]
    assert not box.visible                      # nothing selected: no unit to set
    sc.move("a-squad-1", 6, 16)                 # the squad alone by marker 1
    sc.selected = "a-squad-1"
    assert box.visible and box.value is True
    assert sc.control()[0]["controller"] == "A"
    box.value = False
    assert sc.table.unit("a-squad").in_coherency is False
    assert sc.control()[0]["row"] == "nobody"   # SC 8.9.1: out of Coherency, it does not contest
    assert "it is out of Coherency" in view.status.object
    state.lang = "es"
    assert "no está en coherencia" in view.status.object
    assert box.name == "La unidad de la miniatura elegida está en coherencia (SC 4.4)"
    sc.selected = "b-brute-1"                   # another unit: the box shows its own state
    assert box.value is True and sc.table.unit("a-squad").in_coherency is False
    sc.save(store)
    again = StarcraftState()
    assert again.restore(store) == ""
    assert again.table.unit("a-squad").in_coherency is False and again.table.unit("b-brute").in_coherency


def test_a_saved_unit_state_that_is_not_true_or_false_is_named_and_set_aside(tmp_path):
    store = UserStore(tmp_path)
    store.save("settings", SETTINGS, {"models": {}, "units": {"a-squad": {"in_coherency": "maybe"}}})
    sc = StarcraftState()
    problem = sc.restore(store)
    assert "a-squad" in problem and "in_coherency" in problem and "true or false" in problem
    assert sc.table.unit("a-squad").in_coherency is True
    with pytest.raises(Exception, match="states: \\['in_coherency', 'burrowed'\\]"):
        sc.set_unit_state("a-squad", flying=True)
