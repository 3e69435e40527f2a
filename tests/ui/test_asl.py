"""Browser test of /asl: set a Blaze in 2W7, see the lit and blind hexes; draw an LOS thread, read its verdict."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import screen_xy
from tests.ui.browser import WAIT, open_page
from viewer import hexgrid
from viewer.rules.asl.board import load_board

pytestmark = pytest.mark.ui

_XY = screen_xy("aslboard")


def _click(page, board, hex_id):
    x, y = hexgrid.hex_to_pixel(*board.key(hex_id), orientation="flattop")
    sx, sy = page.evaluate(_XY, [x, y])
    page.mouse.click(sx, sy)
    page.locator(".asl-selected").get_by_text(hex_id).first.wait_for(timeout=WAIT)


def test_blaze_lights_and_blinds_then_los_verdict(server, watched):
    board = load_board("teaching")
    page = open_page(watched, server[0] + "/asl")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('aslboard'))", timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    _click(page, board, "2W7")
    page.locator(".asl-level select").first.select_option("2")
    page.locator(".asl-fire-blaze button").first.click()
    # Ex. V-2: only level 2 burns -> radius 2, and 2U6 stays blind behind the woods of 2V7
    summary = page.locator(".asl-light-summary")
    summary.get_by_text("Blind hexes: 3 (2U6, 2U7, 2U8)", exact=False).first.wait_for(timeout=WAIT)
    page.get_by_text("2U6@0 is blind", exact=False).first.wait_for(timeout=WAIT)
    # the LOS thread from level 1 of 2W7 to 2T5: blocked by the woods at 2V7
    page.locator(".asl-level select").first.select_option("1")
    page.locator(".asl-los-from button").first.click()
    _click(page, board, "2T5")
    page.locator(".asl-los-to button").first.click()
    verdict = page.locator(".asl-verdict")
    verdict.get_by_text("2W7@1 → 2T5@0: blocked", exact=False).first.wait_for(timeout=WAIT)
    verdict.get_by_text("Blocked by woods at 2V7", exact=False).first.wait_for(timeout=WAIT)
    # the illumination card lists the board's fire by name; its × puts it out on the board
    fires = page.locator(".asl-fire-list")
    fires.locator(".choices__list--multiple .choices__item", has_text="2W7@2 Blaze").first.wait_for(timeout=WAIT)
    fires.locator(".choices__button").first.click()
    summary.get_by_text("No fire on the board", exact=False).first.wait_for(timeout=WAIT)
    page.wait_for_function("""() => Bokeh.documents.some(d => {
        const s = d.get_model_by_name('asl-fires'); return s && s.get_length() === 0; })""", timeout=WAIT)
    assert watched.errors == []


def test_los_ends_picked_in_the_card_draw_the_thread_without_a_server_error(server, watched):
    """A location picked from the LOS card's lists is the board's thread (cards and board agree),
    and the server logs no traceback for it."""
    base, log = server
    before = log.read_text() if log.exists() else ""
    page = open_page(watched, base + "/asl")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('aslboard'))", timeout=WAIT)
    card = page.locator(".calc-asl-los")
    for name, value in (("a", "2W7@1"), ("b", "2T5@0")):
        card.locator(f".calc-input-{name} select").first.select_option(value)
    page.locator(".asl-verdict").get_by_text("2W7@1 → 2T5@0: blocked", exact=False).first.wait_for(timeout=WAIT)
    page.wait_for_function("""() => Bokeh.documents.some(d => {
        const s = d.get_model_by_name('asl-los'); return s && s.get_length() === 1; })""", timeout=WAIT)
    after = log.read_text()[len(before):] if log.exists() else ""
    ours = [b for b in after.split("Traceback (most recent call last):")[1:] if "/viewer/" in b or "_pending_writes" in b]
    assert ours == []
    assert watched.errors == []


def test_a_click_right_after_a_choice_still_edits_the_board(server, watched):
    """A button pressed while the last choice is still on its way (tick "show NVR", then "LOS to"
    in one breath) runs its callback under the document lock: the board's thread is drawn and the
    server logs no traceback (checked for every browser test by tests/ui/conftest.py)."""
    board = load_board("teaching")
    page = open_page(watched, server[0] + "/asl")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('aslboard'))", timeout=WAIT)
    _click(page, board, "2W7")
    page.locator(".asl-los-from button").first.click()
    page.locator(".asl-verdict").get_by_text("2W7", exact=False).first.wait_for(timeout=WAIT)
    _click(page, board, "2T5")
    tick = page.locator(".asl-show-nvr input").first.element_handle()
    press = page.locator(".asl-los-to button").first.element_handle()
    page.evaluate("([tick, press]) => { tick.click(); press.click(); }", [tick, press])
    page.wait_for_function("""() => Bokeh.documents.some(d => {
        const s = d.get_model_by_name('asl-los'); return s && s.get_length() === 1; })""", timeout=WAIT)
    page.locator(".asl-verdict").get_by_text("2T5", exact=False).first.wait_for(timeout=WAIT)


def test_fortification_events_are_picked_by_name(server, watched):
    """The fortification card's events are a multiple choice showing the chosen events by name."""
    from playwright.sync_api import expect

    page = open_page(watched, server[0] + "/asl")
    select = page.locator(".calculator-list-select select").first
    select.wait_for(state="visible", timeout=WAIT)
    select.select_option(label="Fortification HIP")
    chips = page.locator(".calc-input-events .choices__list--multiple .choices__item")
    expect(chips).to_have_count(5, timeout=WAIT)
    texts = " | ".join(chips.all_inner_texts())
    assert "its occupant fires" in texts and "the location is lit" in texts and "unit-fires" not in texts
    assert watched.errors == []


# Count the repaints of the board's canvas of hexes (primary) once installed.
_COUNT_PRIMARY = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('aslboard');
    if (!plot) continue;
    const cv = Bokeh.index.find_one_by_id(plot.id).canvas_view;
    window.aslPrimaryPaints = 0;
    const prepare = cv.primary.prepare.bind(cv.primary);
    cv.primary.prepare = () => { window.aslPrimaryPaints++; return prepare(); };
    return true;
  }
  return false;
}"""


def test_a_language_switch_renames_the_hover_and_key_but_repaints_no_hex(server, watched):
    """English -> Español renames the key and the hover box's terrain (from a per-language table
    in the hover, not a column of the hexes' source), so the hexes are not drawn again."""
    board = load_board("teaching")
    page = open_page(watched, server[0] + "/asl")
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('aslboard'))", timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    assert page.evaluate(_COUNT_PRIMARY)
    page.locator(".language-switch button").nth(1).click()
    page.locator(".asl-legend-pane").get_by_text("bosque", exact=True).first.wait_for(timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    assert page.evaluate("() => window.aslPrimaryPaints") == 0
    x, y = hexgrid.hex_to_pixel(*board.key("2H3"), orientation="flattop")
    sx, sy = page.evaluate(_XY, [x, y])
    page.mouse.move(sx - 3, sy - 3)
    page.mouse.move(sx + 1, sy + 1, steps=4)
    tip = page.locator(".bk-tooltip-content").first
    tip.wait_for(timeout=WAIT)
    text = tip.inner_text()
    assert "bosque" in text and "woods" not in text and "2H3" in text, text
    assert watched.errors == []
