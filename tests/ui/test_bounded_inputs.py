"""Browser test of a number input outside the calculator cards (viewer/views/common/bounded.py): a
Churchill card value of 99 reaches the server unclamped and is refused with a message naming the
field, the value and the range; the move still uses the last accepted value; 4 clears the message."""
from __future__ import annotations


def test_card_value_out_of_range_is_refused_not_clamped(server, watched):
    from playwright.sync_api import expect

    base, _ = server
    page = watched.page
    page.goto(base + "/churchill")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('churchill-board'))", timeout=45000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=45000)
    card, refused = page.locator(".churchill-card input"), page.locator(".churchill-move-refused")
    card.fill("99")
    card.press("Enter")
    expect(refused.get_by_text("99 refused (allowed 0 to 12); 3 is still used", exact=False)).to_be_visible(timeout=20000)
    expect(refused.get_by_text("Card value", exact=False)).to_be_visible()
    expect(card).to_have_value("99")   # the browser did not clamp it to 12
    page.locator(".churchill-move button").click()
    page.locator(".churchill-move-result").get_by_text("UK track, box 3").wait_for()
    card.fill("4")
    card.press("Enter")
    expect(refused).to_be_hidden(timeout=20000)
    assert watched.errors == [] and watched.external == []
