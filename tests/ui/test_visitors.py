"""Each visitor's saved work is theirs (docs/deploy.md "Whose data is it"): two browsers on one
server save and reload, and each sees only what it saved."""
import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from tests.ui.browser import WAIT, wait_until  # noqa: E402

pytestmark = pytest.mark.ui



def _open(page, url):
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0", timeout=WAIT)


def _saved_presets(page) -> list[str]:
    return page.locator(".preset-list select").first.locator("option").all_inner_texts()


def _save_preset(page, name: str) -> None:
    field = page.locator(".preset-name input").first
    field.fill(name)
    field.press("Enter")
    page.locator(".preset-save button").first.click()
    page.get_by_text(f"Saved as '{name}'.").first.wait_for(timeout=WAIT)


def test_two_browsers_keep_their_own_presets(server, browser):
    base, _ = server
    a_ctx, b_ctx = (browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2))
    try:
        a, b = a_ctx.new_page(), b_ctx.new_page()
        for page in (a, b):
            _open(page, base + "/wif")
            page.locator(".section-switch button").nth(1).click()
        _save_preset(a, "only-alice")
        _save_preset(b, "only-bob")
        for page, mine, theirs in ((a, "only-alice", "only-bob"), (b, "only-bob", "only-alice")):
            page.reload()
            _open(page, base + "/wif")
            page.locator(".section-switch button").nth(1).click()
            page.locator(".preset-list select").first.wait_for(timeout=WAIT)
            wait_until(lambda: mine in _saved_presets(page))
            assert theirs not in _saved_presets(page)
        cookies = {c["name"]: c["value"] for c in a_ctx.cookies()}
        other = {c["name"]: c["value"] for c in b_ctx.cookies()}
        from viewer.views.common.visitor import COOKIE

        assert cookies[COOKIE] != other[COOKIE]
    finally:
        a_ctx.close()
        b_ctx.close()


_RING_HEXES = """() => {
  for (const doc of Bokeh.documents) {
    const ring = doc.get_model_by_name('asl-nvr-ring');
    if (ring) return ring.data.q.length;
  }
  return -1;
}"""


def test_the_asl_board_comes_back_only_for_its_own_visitor(server, browser):
    """A selected hex and the NVR ring come back when the same browser opens /asl anew, and not in
    another browser. Each step waits for the server's answer (the selection named by the server,
    the ring it draws), so the page is connected and the board saved before the next one opens."""
    from tests.ui.browser import screen_xy
    from viewer import hexgrid
    from viewer.rules.asl.board import load_board

    base, _ = server
    board = load_board("teaching")
    x, y = hexgrid.hex_to_pixel(*board.key("2W7"), orientation="flattop")
    a_ctx, b_ctx = (browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2))
    try:
        a = a_ctx.new_page()
        _open(a, base + "/asl")
        a.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('aslboard'))", timeout=WAIT)
        a.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
        a.mouse.click(*a.evaluate(screen_xy("aslboard"), [x, y]))
        a.locator(".asl-selected").get_by_text("2W7").first.wait_for(timeout=WAIT)
        a.locator(".asl-show-nvr input").first.check()
        a.wait_for_function(f"() => ({_RING_HEXES})() > 0", timeout=WAIT)
        again = a_ctx.new_page()  # the same browser opens the page anew: its board comes back
        _open(again, base + "/asl")
        expect(again.locator(".asl-show-nvr input").first).to_be_checked(timeout=WAIT)
        again.locator(".asl-selected").get_by_text("2W7").first.wait_for(timeout=WAIT)
        b = b_ctx.new_page()
        _open(b, base + "/asl")
        b.locator(".asl-show-nvr input").first.wait_for(timeout=WAIT)
        assert b.locator(".asl-show-nvr input").first.is_checked() is False
        assert b.locator(".asl-selected").get_by_text("2W7").count() == 0
    finally:
        a_ctx.close()
        b_ctx.close()
