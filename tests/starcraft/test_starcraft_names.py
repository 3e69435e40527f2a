"""The demo table's units and models by their names on /starcraft, in English and Spanish: the
model names drawn beside the bases follow moves and the language in place; the target and round
tracker selects name the units; a selected unit that may contest no marker says why (SC 8.9.1)."""
from __future__ import annotations

import pytest

pytest.importorskip("panel")

from bokeh.models import GlyphRenderer, HoverTool, Text  # noqa: E402

from viewer.state import SessionState  # noqa: E402
from viewer.state.starcraft.table import StarcraftState  # noqa: E402
from viewer.views.starcraft.panel import StarcraftPanel  # noqa: E402
from viewer.views.starcraft.rounds import RoundTrackerView  # noqa: E402
from viewer.views.starcraft.table import StarcraftTableView  # noqa: E402


def _view():
    return StarcraftTableView(state=SessionState(), game_state=StarcraftState())


def _names(view) -> dict[str, tuple[float, float]]:
    d = view.names.data
    return {n: (x, y) for n, x, y in zip(d["name"], d["x"], d["y"])}


def test_every_model_is_named_beside_its_base():
    """Every base carries its number; a name goes beside every base with room for it: all in a
    loose group, some in a tight one (the demo squad's bases are 0.2" apart), never over another
    base or name, never off the table."""
    view = _view()
    table = view.game_state.table
    models = view.models.data
    assert len(models["id"]) == 13 and models["number"][:5] == ["1", "2", "3", "4", "5"]
    assert {"Squad A 1", "Squad A 5", "Flyer A 1", "Pack B 6", "Brute B 1"} <= set(models["name"])
    names = _names(view)
    assert {"Flyer A 1", "Brute B 1"} <= set(names) and not any("-" in n for n in names)
    assert 2 <= sum(n.startswith("Squad A") for n in names) < 5
    x, y = names["Flyer A 1"]          # a-flyer-1 at (12, 3), base radius 1: at its edge, 45 degrees
    assert (x, y) == pytest.approx((12 + 1 / 2 ** 0.5, 3 + 1 / 2 ** 0.5))
    for i, (mx, my) in enumerate(zip(models["x"], models["y"]), 1):   # spread every model out
        table = table.move_model(models["id"][i - 1], 1.5 + (i % 4) * 9, 2 + (i // 4) * 9)
    view.game_state.table = table
    assert set(_names(view)) == set(models["name"])
    assert all(0 <= x <= table.width and 0 <= y <= table.height for x, y in _names(view).values())


def test_names_cover_no_base_and_no_other_name():
    from viewer.views.starcraft.table import place_names

    out = place_names([5, 6.2, 5], [5, 5, 6.2], [0.5] * 3, ["Squad A 1", "Squad A 2", "Squad A 3"], 36, 36)
    assert out["name"] == ["Squad A 1", "Squad A 2", "Squad A 3"]
    assert out["align"] == ["right", "left", "left"] and out["baseline"] == ["top", "bottom", "bottom"]
    out = place_names([0.6], [35.4], [0.5], ["Brute B 1"], 36, 36)       # in a corner: the one spot inside
    assert (out["align"], out["baseline"]) == (["left"], ["top"])
    assert place_names([1], [1], [0.5], ["Squad A 1"], 2, 2)["name"] == []   # no room on the table


def test_a_move_and_a_language_switch_update_the_same_names_in_place():
    view = _view()
    renderers = list(view.figure.renderers)
    source = view.names
    view.game_state.move("a-squad-1", 10, 20)
    x, y = _names(view)["Squad A 1"]
    assert abs(x - 10) < 0.5 and abs(y - 20) < 0.5
    i = view.models.data["id"].index("a-squad-1")
    assert (view.models.data["x"][i], view.models.data["y"][i]) == (10, 20)   # the base follows too
    view.state.lang = "es"
    assert {"Escuadra A 1", "Volador A 1", "Bruto B 1"} <= set(_names(view))
    assert {"Escuadra A 2", "Jauría B 6"} <= set(view.models.data["name"])       # what the hover shows
    assert view.figure.renderers == renderers and view.names is source
    texts = [r.data_source for r in renderers if isinstance(r, GlyphRenderer) and isinstance(r.glyph, Text)]
    assert texts.count(source) == 1 and texts.count(view.models) == 1


def test_hovering_a_base_shows_its_name():
    view = _view()
    hover = [t for t in view.figure.tools if isinstance(t, HoverTool)]
    assert len(hover) == 1 and hover[0].tooltips == "@name"
    assert hover[0].renderers[0].data_source is view.models
    numbers = [r for r in view.figure.renderers if isinstance(r, GlyphRenderer) and isinstance(r.glyph, Text)
               and r.data_source is view.models]
    assert [r.glyph.text for r in numbers] == ["number"]
    assert numbers[0].nonselection_glyph.text_alpha == 1.0     # a selection leaves the others numbered


def test_the_status_names_units_and_the_selected_model():
    sc = StarcraftState()
    view = StarcraftTableView(state=SessionState(), game_state=sc)
    sc.move("b-brute-1", 8.4, 4)
    sc.selected = "a-squad-2"
    text = view.status.object
    assert "Squad A ↔ Brute B" in text and "Squad A 2: ground" in text
    assert "a-squad" not in text and "b-brute" not in text
    view.state.lang = "es"
    assert "Escuadra A ↔ Bruto B" in view.status.object and "Escuadra A 2: terrestre" in view.status.object


def test_a_selected_unit_that_may_contest_no_marker_says_why():
    sc = StarcraftState()
    view = StarcraftTableView(state=SessionState(), game_state=sc)
    sc.selected = "a-squad-1"
    assert sc.selected_may_not_contest() is None and "may not contest" not in view.status.object
    sc.selected = "a-flyer-1"
    assert sc.selected_may_not_contest() == "air"
    assert ("Flyer A may not contest any mission marker now: an Air unit never contests or controls a marker "
            "(SC 8.9.1).") in view.status.object
    sc.table = sc.table.with_unit("a-squad", in_coherency=False)
    sc.selected = "a-squad-3"
    assert "Squad A may not contest any mission marker now: it is out of Coherency (SC 8.9.1)." in view.status.object
    view.state.lang = "es"
    assert "Escuadra A no puede disputar ahora ningún marcador de misión: no está en coherencia (SC 8.9.1)." \
        in view.status.object


def test_the_target_and_tracker_selects_name_the_units():
    sc, state = StarcraftState(), SessionState()
    panel = StarcraftPanel(state=state, game_state=sc)
    rounds = RoundTrackerView(state=state, game_state=sc)
    assert panel.target.options == {"": "", "Squad A": "a-squad", "Flyer A": "a-flyer", "Pack B": "b-pack",
                                    "Brute B": "b-brute"}
    sc.selected = "a-squad-1"
    assert panel.target.options == {"": "", "Pack B": "b-pack", "Brute B": "b-brute"}
    panel.target.value = "b-pack"
    assert rounds.unit.options == {"Flyer A": "a-flyer", "Squad A": "a-squad", "Brute B": "b-brute", "Pack B": "b-pack"}
    rounds.unit.value = "b-brute"
    state.lang = "es"
    assert panel.target.options == {"": "", "Jauría B": "b-pack", "Bruto B": "b-brute"}
    assert panel.target.value == "b-pack" and sc.target == "b-pack"      # the choice survives the switch
    assert set(rounds.unit.options) == {"Volador A", "Escuadra A", "Bruto B", "Jauría B"}
    assert rounds.unit.value == "b-brute"
