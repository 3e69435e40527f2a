"""Browser test of a calculator card's refusal (viewer/views/common/calculator_card.py): a die typed
out of its range on the Churchill Pol-Mil card (Churchill 5.12) is refused with a message naming
the value, the allowed range and the value the result still uses, in the page's language; the
message stays while another input changes, and goes once the field holds an accepted value."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT, open_page  # noqa: E402

pytestmark = pytest.mark.ui

#: The page's language -> (the calculator's name in the list, the refusal of a red die of 9).
WORDS = {
    "en": ("Pol-Mil table", "9 refused (allowed 1 to 6); the result still uses 3"),
    "es": ("Tabla Pol-Mil", "9 rechazado (se admite de 1 a 6); el resultado sigue usando 3"),
}


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_die_out_of_range_is_refused_until_a_valid_value(server, watched, lang):
    from playwright.sync_api import expect

    name, refusal = WORDS[lang]
    page = open_page(watched, server[0] + "/churchill" + ("?lang=es" if lang == "es" else ""))
    page.locator(".section-switch button").nth(1).click()
    page.locator(".calculator-list-select select").select_option(label=name)
    calc = page.locator(".calc-churchill-pol-mil")
    location = calc.locator(".calc-result tbody tr").first.locator("td").nth(1)
    expect(location).to_be_visible()
    first = location.inner_text()
    red, blue = calc.locator(".calc-input-red input"), calc.locator(".calc-input-blue input")
    error = calc.locator(".calc-error")
    expect(error).to_be_hidden()
    # A short window puts the message below the fold: it is scrolled into view when it appears.
    page.set_viewport_size({"width": 1024, "height": 420})
    red.fill("9")
    page.evaluate("window.scrollTo(0, 0)")
    page.keyboard.press("Enter")
    message = error.get_by_text(refusal, exact=False)
    message.wait_for(timeout=WAIT)
    expect(error).to_be_in_viewport()
    expect(red).to_have_value("9")
    expect(location).to_have_text(first)  # still the roll of a red 3 (a clamped 6 would differ)
    # Another input changes the result; the refused 9 is still said to be refused.
    blue.fill("5")
    blue.press("Enter")
    expect(location).not_to_have_text(first)
    expect(message).to_be_visible()
    # An accepted value in the field: the message goes.
    red.fill("2")
    red.press("Enter")
    expect(error).to_be_hidden()
    assert watched.errors == [] and watched.external == []
