"""The MP parts a USE step shows add up to its cost (costs without + do not add, USE 4.2.1), named
in the reader's language, never by a Movement Table key; the 2nd Panzer stepper (4.2.3.3 example)
moves the counter on the map and marks the places it names; every map layer has its own colour."""
import re

import pytest

pytest.importorskip("panel")

from viewer.calculators import REGISTRY  # noqa: E402
from viewer.calculators.use.parts import counted, parts_text  # noqa: E402
from viewer.rules.use.activation import PANZER_EXAMPLE  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.state.use.board import UseState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.use.activation import UseActivation  # noqa: E402
from viewer.views.use.board import COLORS, LAYERS, UseMap  # noqa: E402

def _sum(text: str) -> int:
    return sum(int(n) for n in re.findall(r"[+ ](\d+)(?= \+|$)", text))


def test_only_the_highest_base_cost_is_shown_beside_the_plus_costs():
    parts = (("clear", 1, "base"), ("enemy-city", 2, "base"), ("river", 1, "plus"), ("attack:clear", 1, "plus"))
    assert counted(parts) == parts[1:]
    text = parts_text(parts, "en")
    assert text == "enemy city 2 + river hexside +1 + attacking in clear weather +1"
    assert parts_text(parts, "es") == "ciudad enemiga 2 + lado de río +1 + atacar con tiempo despejado +1"
    assert parts_text((), "en") == "0"


def test_the_panzer_steps_parts_add_to_their_costs_in_both_languages(tmp_path):
    gs = UseState(board_name="fixture:france-1940", store=UserStore(tmp_path))
    view = UseActivation(state=SessionState(), game_state=gs)
    for _ in PANZER_EXAMPLE:
        view.next.clicks += 1
    for lang in ("en", "es"):
        view.state.lang = lang
        lines = [re.sub("<[^>]+>", "", html) for _, html in view.rows.items]
        paid = [m for x in lines for m in re.findall(r": (\d+) (?:MP|PM) \(([^)]*)\)", x)]
        assert len(paid) == 2, lines   # the two attacks; the advance costs 0
        for cost, inside in paid:
            assert _sum(inside) == int(cost), inside
            assert "attack:" not in inside and "enemy-city" not in inside, inside
    assert paid[-1] == ("4", "ciudad enemiga 2 + lado de río +1 + atacar con tiempo despejado +1")


def test_the_move_cost_card_says_which_base_cost_is_not_added():
    calc = REGISTRY["use.move-cost"](terrain="rough", enemy_city=True, river=True)
    res = calc.compute()
    assert res.value["cost"] == 3   # the 4.2.1 example: river + enemy city in rough terrain = 3, not 5
    texts = [s.text("en") for s in res.steps]
    assert any(t.startswith("rough terrain: 2 MP") and "not added" not in t for t in texts), texts
    assert any(t.startswith("enemy city: 2 MP, not added") for t in texts), texts
    es = [s.text("es") for s in res.steps]
    assert any(t.startswith("ciudad enemiga: 2 PM, no se suma") for t in es), es
    assert not any("enemy-city" in t for t in texts + es)


def test_the_stepper_moves_the_panzer_and_marks_paris_and_calais(tmp_path):
    state, gs = SessionState(), UseState(board_name="fixture:france-1940", store=UserStore(tmp_path))
    board_map = UseMap(state=state, game_state=gs)
    view = UseActivation(state=state, game_state=gs, board_map=board_map)

    def where():
        return next(u.hex for u in gs.units if u.id == "2nd Panzer")

    marks = board_map._places.data["text"]
    assert "Paris" in marks and "Calais" in marks and where() == "2915"
    assert len(board_map.mapview.overlays.layers["use-example"].sources["main"].data["q"]) == len(marks)
    view.next.clicks += 1   # the attack on 2914: the 10th Army retreats to Calais
    assert where() == "2915" and next(u.hex for u in gs.units if u.id == "10th Army") == "2813"
    assert "2914" in board_map._places.data["text"]
    view.next.clicks += 1   # the advance after combat
    assert where() == "2914"
    x, y = board_map.mapview.overlays.centre(board_map._find("2914"))
    assert any(abs(ux - x) < 0.5 and uy == y for ux, uy in zip(board_map._units.data["x"], board_map._units.data["y"]))
    while not view.back.disabled:
        view.back.clicks += 1
    assert where() == "2915"


def test_every_use_layer_has_its_own_colour_and_legend_entry(tmp_path):
    assert set(LAYERS) == set(COLORS) and len(set(COLORS.values())) == len(COLORS)
    state = SessionState()
    board_map = UseMap(state=state, game_state=UseState(board_name="fixture:seas", store=UserStore(tmp_path)))
    legend = [item.label.value for item in board_map.mapview.overlays.legend.items]
    assert "Strait or canal open to the faction" in legend and "Strait or canal closed to the faction" in legend
    assert "Movement reach" in legend
    board_map.game_state.faction = "western-allies"
    src = board_map.mapview.overlays.layers["use-passages-open"].sources["main"].data
    assert len(src["q"]) and set(src["color"]) == {COLORS["use-passages-open"]}
