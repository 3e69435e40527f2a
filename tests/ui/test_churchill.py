"""Browser test of /churchill: move an issue with a card value and see it land; click a table box; the
conference-winner card counts what the table holds."""
from __future__ import annotations

import os

from tests.ui.browser import screen_xy, wait_until
from viewer.rules.churchill.board import box_xy

_SCREEN_XY = screen_xy("churchill-board", scroll=True)


def _stable(page, xy):
    """The screen point of board point ``xy`` once scrolling has stopped (two reads agree), else None."""
    first = page.evaluate(_SCREEN_XY, xy)
    page.wait_for_function("() => new Promise(r => requestAnimationFrame(() => r(true)))")
    second = page.evaluate(_SCREEN_XY, xy)
    return second if first == second and second is not None else None


def test_move_issue_with_card_and_click_box(server, watched):
    base, _ = server
    page = watched.page
    page.goto(base + "/churchill")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('churchill-board'))", timeout=45000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=45000)
    # Churchill (the default mover) advances the selected issue from the centre with a card of 4.
    card = page.locator(".churchill-card input")
    card.fill("4")
    card.press("Enter")
    page.locator(".churchill-move button").click()
    result = page.locator(".churchill-move-result")
    result.get_by_text("UK track, box 4").wait_for()
    result.get_by_text("(Churchill 5.22)").first.wait_for()  # the steps cite their rules
    # Clicking the board's US box 3 puts the same issue there.
    page.evaluate(_SCREEN_XY, [0, 0])  # scrolls the board into view
    sx, sy = wait_until(lambda: _stable(page, list(box_xy("US", 3))))
    page.mouse.click(sx, sy)
    result.get_by_text("US track, box 3").wait_for()
    if os.environ.get("CHURCHILL_SCREENSHOT"):
        page.screenshot(path=os.environ["CHURCHILL_SCREENSHOT"], full_page=True)
    assert watched.errors == [] and watched.external == []


def test_conference_winner_card_reads_the_table(server, watched):  # Churchill 5.27
    """A fresh visitor's table is empty: an issue moved onto a track is counted by the
    conference-winner card, and moved on to another track, counted for that nation instead."""
    from playwright.sync_api import expect

    base, _ = server
    page = watched.page
    page.goto(base + "/churchill")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('churchill-board'))", timeout=45000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=45000)
    card, result = page.locator(".churchill-card input"), page.locator(".churchill-move-result")
    card.fill("4")
    card.press("Enter")
    page.locator(".churchill-move button").click()
    result.get_by_text("UK track, box 4").wait_for()
    page.locator(".section-switch button").nth(1).click()
    page.locator(".calculator-list-select select").select_option(label="Conference winner")
    calc = page.locator(".calc-churchill-conference-winner")
    winner = calc.locator(".calc-result tr", has_text="Conference winner").locator("td").nth(1)
    expect(winner).to_have_text("UK")
    expect(calc.locator(".calc-input-uk_won input")).to_have_value("1")
    expect(page.locator(".churchill-table-feed")).to_contain_text("From your table (Churchill 5.27)")
    expect(page.locator(".churchill-table-feed")).to_contain_text("UK 1, USSR 0, US 0")
    # Stalin advances the same issue 6 boxes: back to the centre and 2 up his track.
    page.locator(".section-switch button").nth(0).click()
    page.locator(".churchill-mover select").select_option("USSR")
    card.fill("6")
    card.press("Enter")
    page.locator(".churchill-move button").click()
    result.get_by_text("USSR track, box 2").wait_for()
    page.locator(".section-switch button").nth(1).click()
    expect(winner).to_have_text("USSR")
    expect(calc.locator(".calc-input-uk_won input")).to_have_value("0")
    expect(calc.locator(".calc-input-ussr_won input")).to_have_value("1")
    expect(page.locator(".churchill-table-feed")).to_contain_text("UK 0, USSR 1, US 0")
    assert watched.errors == [] and watched.external == []


_CHEVRON = """() => {
  const find = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.matches('.card-button') && el.closest('button')) {
        const svg = el.querySelector('svg');
        const host = el.getRootNode().host;
        if (svg && host && host.classList.contains('churchill-settings')) return svg;
      }
      if (el.shadowRoot) { const f = find(el.shadowRoot); if (f) return f; }
    }
    return null;
  };
  const svg = find(document);
  if (!svg) return null;
  const r = svg.getBoundingClientRect();
  return {stroke: getComputedStyle(svg).stroke, width: r.width, height: r.height};
}"""


def test_your_board_card_shows_its_chevron(server, watched):
    """The collapsed "Your board" card shows a drawn chevron (a stroke, a size) so it reads as one that opens."""
    base, _ = server
    page = watched.page
    page.goto(base + "/churchill?lang=en")
    page.get_by_text("Your board:").first.wait_for(timeout=45000)
    chevron = wait_until(lambda: page.evaluate(_CHEVRON))
    assert chevron["stroke"] not in ("none", "") and chevron["width"] >= 14 and chevron["height"] >= 14, chevron
