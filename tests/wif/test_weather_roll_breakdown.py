"""The weather roll card draws the next roll's chances in each climate zone (WiF 8), split by
weather, instead of the modified roll's flat distribution; a cell nobody filled in is its own
grey share, and a language switch renames the bars in place."""
from fractions import Fraction

import pytest

pytest.importorskip("panel")

from viewer.calculators import REGISTRY  # noqa: E402
from viewer.rules.wif.weather import ZONES  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.views.common.breakdown_chart import UNKNOWN_COLOR  # noqa: E402
from viewer.views.common.calculator_card import CalculatorCard  # noqa: E402
from viewer.views.common.text import label  # noqa: E402


def test_the_result_holds_each_zones_chances_summing_to_one():
    result = REGISTRY["wif.weather-roll"](bimonth="jul-aug", raw_roll=8, last_asterisks=0).compute()
    assert list(result.breakdown) == [f"climate.{z}" for z in ZONES]
    for chances in result.breakdown.values():
        assert sum(chances.values()) == 1
        assert all(k.startswith("weather.") for k in chances)
    # the rulebook's example reveals one row of Jul/Aug: every zone's unknown share is 9/10
    assert {c["weather.unknown"] for c in result.breakdown.values()} == {Fraction(9, 10)}


def test_the_card_draws_the_breakdown_not_the_flat_roll_and_relabels_it():
    state = SessionState()
    card = CalculatorCard(calculator=REGISTRY["wif.weather-roll"](bimonth="jul-aug", raw_roll=8, last_asterisks=0),
                          state=state)
    assert card.breakdown.pane.visible and not card.chart.pane.visible
    # the figure too: a pane hidden from the start still drew its figure as an empty frame
    assert card.breakdown.figure.visible and not card.chart.figure.visible
    data = card.breakdown.source.data
    assert card.breakdown.figure.y_range.factors == [label(f"climate.{z}", "en") for z in ZONES][::-1]
    for zone in ZONES:
        name = label(f"climate.{zone}", "en")
        right = [r for row, r in zip(data["row"], data["right"]) if row == name]
        assert right and max(right) == pytest.approx(1.0)
    grey = {o for o, c in zip(data["outcome"], data["color"]) if c == UNKNOWN_COLOR}
    assert grey == {label("weather.unknown", "en")}
    assert "9/10 (90%)" in data["chance"]
    source = card.breakdown.source
    state.lang = "es"
    assert card.breakdown.source is source
    assert label("weather.unknown", "es") in source.data["outcome"]
    assert card.breakdown.figure.title.text == label("ui.breakdown", "es")
    assert label("climate.arctic", "es") in card.breakdown.figure.y_range.factors


def test_a_dice_card_keeps_its_distribution_and_has_no_breakdown():
    card = CalculatorCard(calculator=REGISTRY["core.dice"](), state=SessionState())
    assert card.chart.pane.visible and not card.breakdown.pane.visible


def test_a_card_without_chances_draws_no_empty_chart_frame():
    card = CalculatorCard(calculator=REGISTRY["wif.weather-effects"](), state=SessionState())
    assert card.result is not None and card.result.distribution is None and not card.result.breakdown
    assert not card.chart.figure.visible and not card.breakdown.figure.visible
