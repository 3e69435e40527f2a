"""A card shows every chance one way, its fraction and percentage (``7/12 (58.3%)``) or, held only
as a float, its percentage; never a bare decimal, never twice."""
import re

import pytest

pytest.importorskip("panel")

from viewer.calculators import REGISTRY  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.common.calculator_card import CalculatorCard  # noqa: E402

BARE_DECIMAL = re.compile(r"\|\s*0\.\d+\s*\|")


def _card(slug, tmp_path, **inputs):
    return CalculatorCard(calculator=REGISTRY[slug](**inputs), state=SessionState(), store=UserStore(tmp_path))


def test_the_dice_card_shows_each_chance_once_as_fraction_and_percentage(tmp_path):
    card = _card("core.dice", tmp_path, expression="2d6", target=7)
    table = card.result_box.object
    assert table.count("7/12 (58.3%)") == 2 and not BARE_DECIMAL.search(table)
    steps = card._steps.pane.object
    assert "7/12 (58.3%)" in steps and "58.33%" not in steps
    card.state.lang = "es"
    assert "P(total ≤ objetivo)" in card.result_box.object and "exacta" not in card.result_box.object
    assert card.calculator.compute().value["p_le"] == pytest.approx(7 / 12)   # code still reads it


@pytest.mark.parametrize("slug", ["starcraft.melee", "starcraft.charge", "starcraft.template"])
def test_starcraft_chances_are_percentages_on_the_card(slug, tmp_path):
    card = _card(slug, tmp_path)
    calc, table = REGISTRY[slug], card.result_box.object
    rows = dict(re.findall(r"^\| (.+?) \| (.*) \|$", table, flags=re.M))
    assert calc.chances or calc.card_hides
    for key in calc.chances:
        assert re.fullmatch(r"\d+(\.\d)?%", rows[calc.result_label(key)]), rows
    value = card.calculator.compute().value
    assert len(rows) == len(value) - len(calc.card_hides)   # a hidden key has no row
    if slug == "starcraft.charge":
        assert rows[calc.result_label("probability_fraction")] == "2/3 (66.7%)"
