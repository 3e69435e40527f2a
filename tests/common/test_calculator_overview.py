"""A calculator list with nothing chosen says what each calculator works out, in the page's
language; choosing one shows its card instead."""
import pytest

pytest.importorskip("panel")

from viewer.calculators import REGISTRY  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.views.common.calculator_list import CalculatorList  # noqa: E402
from viewer.views.common.calculator_card import CalculatorCard  # noqa: E402

SLUGS = sorted(s for s in REGISTRY if s.startswith("churchill."))


def _shown(calcs):
    return list(calcs.chooser._holder.objects)


def test_nothing_chosen_lists_every_title_and_summary_in_both_languages():
    state = SessionState()
    calcs = CalculatorList(state, SLUGS)
    (overview,) = _shown(calcs)
    assert overview.visible
    text = lambda: calcs.chooser.overview_text  # noqa: E731
    for slug in SLUGS:
        assert REGISTRY[slug].title("en") in text() and REGISTRY[slug].summary("en")[:40] in text()
    picks = calcs.chooser.picks
    state.lang = "es"
    assert "Elige una calculadora" in text()
    assert all(REGISTRY[s].title("es") in text() for s in SLUGS)
    assert calcs.chooser.picks == picks, "relabelled in place, not made again"
    assert [picks[s].label for s in SLUGS] == [REGISTRY[s].title("es") for s in SLUGS]
    calcs.select.value = SLUGS[0]
    assert isinstance(calcs.shown, CalculatorCard) and not overview.visible
    calcs.select.value = ""
    assert _shown(calcs) == [overview] and overview.visible


def test_a_list_that_opens_on_its_first_calculator_has_no_overview():
    calcs = CalculatorList(SessionState(), SLUGS, prompt=None)
    assert isinstance(calcs.shown, CalculatorCard) and len(_shown(calcs)) == 1
    assert calcs.chooser._overview is None


def test_a_name_in_the_overview_chooses_its_calculator():
    calcs = CalculatorList(SessionState(), SLUGS)
    (overview,) = _shown(calcs)
    calcs.chooser.picks[SLUGS[-1]].clicks += 1
    assert calcs.select.value == SLUGS[-1]
    assert isinstance(calcs.shown, CalculatorCard) and type(calcs.shown.calculator).slug == SLUGS[-1]
    assert not overview.visible
