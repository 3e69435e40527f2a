"""Browser test of the WiF combat calculators: choose a card, change a factor, see its chart change."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT, bar_count, open_page  # noqa: E402

_AA_BARS = bar_count("wif.aa-fire")

pytestmark = pytest.mark.ui


def _open_aa_card(watched, base):
    """/wif's calculator section with the AA fire card chosen."""
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    select = page.locator(".calculator-list-select select").first
    select.wait_for(state="visible", timeout=WAIT)
    select.select_option(label="AA fire")
    return page


def test_changing_a_factor_on_the_aa_card_redraws_its_distribution(server, watched):
    page = _open_aa_card(watched, server[0])
    # +2/4: the best 2 of 4 d10s add up to 2..20, 19 bars
    page.wait_for_function(f"() => ({_AA_BARS})() === 19", timeout=WAIT)
    field = page.locator(".calc-input-keep input").first
    field.fill("1")
    field.press("Enter")
    # keep 1 of 4: 1..10, 10 bars, in the same chart
    page.wait_for_function(f"() => ({_AA_BARS})() === 10", timeout=WAIT)
    page.locator(".calc-wif-aa-fire").first.wait_for(timeout=WAIT)
    assert watched.errors == []


def test_a_keep_larger_than_the_dice_names_the_parameter(server, watched):
    page = _open_aa_card(watched, server[0])
    page.wait_for_function(f"() => ({_AA_BARS})() === 19", timeout=WAIT)
    field = page.locator(".calc-input-keep input").first
    field.fill("6")
    field.press("Enter")
    page.locator(".calc-error").get_by_text("Dice added (X)").first.wait_for(timeout=WAIT)
    assert watched.errors == []
