"""A calculator card's refused values (viewer/views/common/calculator_card.py): named with the
value, the allowed range in words and the value the result still uses, in the page's language;
kept while other inputs change; gone once the field holds an accepted value."""
import panel as pn
import pytest

from viewer.calculators import REGISTRY, CalculatorInputError
from viewer.rules.churchill import polmil as pm
from viewer.state import SessionState
from viewer.userdata import UserStore
from viewer.views.common.calculator_card import CalculatorCard, _widget_for, allowed_range, refusal_reason


@pytest.fixture
def card(tmp_path):
    return CalculatorCard(calculator=REGISTRY["churchill.pol-mil"](), state=SessionState(), store=UserStore(tmp_path))


def test_a_number_input_leaves_its_bounds_to_the_card():
    """The browser would clamp a typed value to start/end before the card could refuse it."""
    widget = _widget_for(REGISTRY["churchill.pol-mil"](), "red")
    assert isinstance(widget, pn.widgets.IntInput) and widget.start is None and widget.end is None


def test_a_die_out_of_range_is_refused_and_the_result_kept(card):
    card.widgets["red"].value = 9
    assert card.calculator.red == 3 and card.result.value["location"] == pm.location(3, 4)
    assert card.error_box.visible
    assert card.error_box.object == "**Red die (row)**: 9 refused (allowed 1 to 6); the result still uses 3"


def test_the_refusal_stays_while_another_input_changes(card):
    card.widgets["red"].value = 9
    card.widgets["blue"].value = 5
    assert card.result.value["location"] == pm.location(3, 5)
    assert card.error_box.visible and "9 refused" in card.error_box.object
    assert card.error is not None and card.error.parameter == "red"


def test_an_accepted_value_clears_the_refusal(card):
    card.widgets["red"].value = 9
    card.widgets["times"].value = 0
    assert "9 refused" in card.error_box.object and "0 refused (allowed 1 to 6)" in card.error_box.object
    card.widgets["red"].value = 2
    assert card.error_box.visible and "9 refused" not in card.error_box.object
    card.widgets["times"].value = 2
    assert not card.error_box.visible and card.error is None
    assert card.result.value["location"] == pm.location(2, 4)


def test_the_refusal_is_worded_in_spanish(card):
    card.widgets["red"].value = 9
    card.state.lang = "es"
    assert card.error_box.object == "**Dado rojo (fila)**: 9 rechazado (se admite de 1 a 6); el resultado sigue usando 3"
    card.widgets["red"].value = None
    assert "campo vacío rechazado" in card.error_box.object and "de 1 a 6" in card.error_box.object


def test_allowed_range_in_words():
    assert allowed_range([1, 6], "en") == "1 to 6" and allowed_range([1, 6], "es") == "de 1 a 6"
    assert allowed_range([0, None], "en") == "0 or more" and allowed_range([None, 3], "es") == "3 o menos"
    assert allowed_range(["a", "b", "c"], "en") is None and allowed_range(None, "en") is None


@pytest.fixture
def dice_card(tmp_path):
    return CalculatorCard(calculator=REGISTRY["core.dice"](), state=SessionState(), store=UserStore(tmp_path))


def test_a_bad_dice_expression_is_refused_in_the_page_language(dice_card):
    dice_card.widgets["expression"].value = "2x6"
    assert dice_card.error_box.visible
    assert dice_card.error_box.object.endswith("2x6 refused: not a dice expression (forms such as 2d6, "
                                               "d10+2, 2d6-1, 3d6kh2, 4d10 keep highest 2, d10 clamp 1..10)")
    dice_card.state.lang = "es"
    assert "2x6 rechazado: no es una expresión de dados (formas como 2d6" in dice_card.error_box.object
    assert "refused" not in dice_card.error_box.object and "Allowed" not in dice_card.error_box.object
    dice_card.widgets["expression"].value = "2d6"
    assert not dice_card.error_box.visible


def test_text_in_an_unbounded_number_is_refused_in_the_page_language():
    unbounded = CalculatorInputError("n", "expected a whole number, not 'abc'", None, kind="whole_number", value="abc")
    assert refusal_reason(unbounded, "en") == "abc refused: a whole number is needed"
    assert refusal_reason(unbounded, "es") == "abc rechazado: hace falta un número entero"


@pytest.mark.parametrize("lang, name, step", [
    ("en", "Siam", "UK places a Network in Siam."),
    ("es", "Siam", "RU coloca una red en Siam."),
])
def test_polmil_names_siam_as_the_board_does(card, lang, name, step):
    """Red 3, blue 4 is Siam (Churchill 5.12): the result and the steps name it, never its key."""
    card.state.lang = lang
    card.widgets["red"].value, card.widgets["blue"].value = 3, 4
    assert card.result.value["location"] == "siam"
    assert f"| {name} |" in card.result_box.object and "siam" not in card.result_box.object
    texts = [s.text(lang) for s in card.result.steps]
    assert step in texts and not any("siam" in t for t in texts)


def test_polmil_names_every_location_in_spanish():
    """Each Pol-Mil location's result name is the board's name for it (Holland is Holanda)."""
    from viewer.calculators.format import value_name
    from viewer.views.common.text import label
    for loc in pm.LOCATIONS:
        for lang in ("en", "es"):
            assert value_name("churchill.pol-mil", loc, lang) == label(f"churchill.location.{loc}", lang)
    assert value_name("churchill.pol-mil", "holland", "es") == "Holanda"


def test_a_dice_refusal_is_known_by_its_kind_not_its_field():
    with pytest.raises(CalculatorInputError) as caught:
        REGISTRY["core.dice"](expression="2x6").compute()
    assert caught.value.kind == "dice" and caught.value.value == "2x6"
    renamed = CalculatorInputError("surge", "bad", None, kind="dice", value="d7x")
    assert refusal_reason(renamed, "es").startswith("d7x rechazado: no es una expresión de dados")
    assert refusal_reason(CalculatorInputError("expression", "bad", None), "en") is None


@pytest.mark.parametrize("text, en, es", [
    ("1, 7", "7 refused (allowed 0 to 4)", "7 rechazado (se admite de 0 a 4)"),
    ("1, x", "x refused: a whole number is needed (allowed 0 to 4)",
     "x rechazado: hace falta un número entero (se admite de 0 a 4)"),
])
def test_a_bad_section_list_is_worded_with_its_range_in_both_languages(tmp_path, text, en, es):
    card = CalculatorCard(calculator=REGISTRY["wif.naval-search"](), state=SessionState(), store=UserStore(tmp_path))
    card.widgets["sections"].value = text
    assert card.error_box.visible and en in card.error_box.object
    assert "Allowed" not in card.error_box.object
    card.state.lang = "es"
    assert es in card.error_box.object and "refused" not in card.error_box.object
