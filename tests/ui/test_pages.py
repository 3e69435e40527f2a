"""Browser tests: Playwright drives Debian's Chromium against `panel serve` on localhost."""
import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from viewer import hexgrid  # noqa: E402
from viewer.board import load_map  # noqa: E402
from viewer.views.map.mapview import sheet_shifts  # noqa: E402

from tests.ui.browser import WAIT, bar_count, open_page, screen_xy, wait_until  # noqa: E402

_DICE_BARS = bar_count("core.dice")

pytestmark = pytest.mark.ui

_SCREEN_XY = screen_xy("hexmap")

def _click_hex(page, key):
    m = load_map("europe")  # the map /wif opens on
    sheet = m.sheets[key[0]]
    dq, dr = sheet_shifts(m)[key[0]]
    x, y = hexgrid.hex_to_pixel(key[1] + dq, key[2] + dr, sheet.size, sheet.orientation)
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('hexmap'))", timeout=30000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    sx, sy = page.evaluate(_SCREEN_XY, [x, y])
    page.mouse.click(sx, sy)
    return m.label(key)


@pytest.mark.parametrize("path", ["/", "/wif", "/wif?lang=es"])
def test_page_loads_offline_without_console_errors(server, watched, path):
    base, _ = server
    open_page(watched, base + path)
    assert watched.errors == []
    assert watched.external == []


def test_landing_lists_the_five_games_and_links_only_built_ones(server, watched):
    base, _ = server
    page = open_page(watched, base + "/")
    for name in ["World in Flames", "Unconditional Surrender!", "Advanced Squad Leader", "Churchill", "StarCraft"]:
        assert page.get_by_text(name, exact=False).first.is_visible()
    page.locator("a.open-wif").first.click()
    page.wait_for_url("**/wif*")


def test_clicking_a_hex_shows_its_label_in_the_info_panel(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    key = load_map("europe").hex_at(13.40, 52.52)  # Berlin
    label = _click_hex(page, key)
    page.get_by_text(f"Hex {label}").first.wait_for(timeout=WAIT)
    assert watched.errors == []


def test_changing_the_dice_expression_changes_the_chart(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    page.wait_for_function(f"() => ({_DICE_BARS})() === 11", timeout=WAIT)  # 2d6: outcomes 2..12
    field = page.locator(".calc-input-expression input").first
    field.fill("d10+2")
    field.press("Enter")
    page.wait_for_function(f"() => ({_DICE_BARS})() === 10", timeout=WAIT)  # 3..12
    page.get_by_text("3/5").first.wait_for(timeout=WAIT)  # P(d10+2 >= 7) = 6/10


def test_a_bad_expression_names_the_parameter_and_keeps_the_page(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    field = page.locator(".calc-input-expression input").first
    field.fill("2q6")
    field.press("Enter")
    page.locator(".calc-error").first.get_by_text("Dice expression").wait_for(timeout=WAIT)
    field.fill("3d6")
    field.press("Enter")
    page.wait_for_function(f"() => ({_DICE_BARS})() === 16", timeout=WAIT)  # 3..18
    assert watched.errors == []


def test_switching_to_spanish_changes_visible_labels_and_the_url(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    assert page.get_by_text("Calculators").first.is_visible()
    page.locator(".language-switch button").nth(1).click()
    page.get_by_text("Calculadoras").first.wait_for(timeout=WAIT)
    page.wait_for_function("() => location.search.includes('lang=es')", timeout=WAIT)
    # the switch's widget changes asked for dozens of layouts of the page; each root was laid out
    # once per server message instead (viewer/views/common/layout_batch.py)
    stats = page.evaluate("() => window.wargameLayoutBatch")
    assert stats["deferred"] >= 20
    assert stats["computed"] <= 3 * stats["batches"] < stats["deferred"]
    # the Selects' titles and the Buttons' labels were written into the widgets already on the
    # page, not re-rendered (viewer/views/common/relabel_in_place.py), and read in Spanish
    relabelled = page.evaluate("() => window.wargameRelabel")
    assert relabelled["titles"] >= 8 and relabelled["labels"] >= 2
    turn = page.locator(".weather-bimonth label").first
    roll = page.locator(".weather-roll button").first
    expect(turn).to_have_text("Turno", timeout=WAIT)
    expect(roll).to_have_text("Tirar d10", timeout=WAIT)
    page.locator(".language-switch button").nth(0).click()
    expect(turn).to_have_text("Turn", timeout=WAIT)
    expect(roll).to_have_text("Roll d10", timeout=WAIT)
    assert page.evaluate("() => window.wargameRelabel")["titles"] >= 2 * relabelled["titles"]


def test_two_browser_sessions_keep_their_own_state(server, browser):
    base, _ = server
    from tests.conftest import PageWatch

    ctx_a = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx_b = browser.new_context(viewport={"width": 1400, "height": 1000})
    try:
        a = open_page(PageWatch(ctx_a.new_page()), base + "/wif")
        b = open_page(PageWatch(ctx_b.new_page()), base + "/wif")
        label = _click_hex(a, load_map("europe").hex_at(2.35, 48.86))  # Paris
        a.locator(".language-switch button").nth(1).click()
        a.get_by_text(f"Hexágono {label}").first.wait_for(timeout=WAIT)
        b.wait_for_timeout(1500)
        assert b.get_by_text("Calculators").first.is_visible()
        assert b.get_by_text(f"Hex {label}").count() == 0
        assert b.get_by_text("Calculadoras").count() == 0
    finally:
        ctx_a.close()
        ctx_b.close()


def test_a_rule_link_opens_the_rule_beside_the_view(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    page.locator(".calc-core-dice .rule-link button").first.click()
    page.locator(".rule-panel").first.wait_for(timeout=WAIT)
    page.get_by_text("WiF 2.7").first.wait_for()
    assert page.url.rstrip("/").endswith("/wif")


def test_a_steps_rule_link_opens_the_rule_again_after_closing(server, watched):
    """A step's rule is a plain link in the steps' one pane (no button per step); it opens the
    side panel on every click and leaves the page's URL as it was."""
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    link = page.locator(".calc-wif-weather-roll .calc-steps a.rule-link").first
    link.wait_for(timeout=WAIT)
    cited = link.inner_text()
    panel = page.locator(".rule-panel").first
    for _ in range(2):
        link.click()
        panel.wait_for(state="visible", timeout=WAIT)
        panel.get_by_text(cited).first.wait_for(timeout=WAIT)
        panel.get_by_role("button", name="Close").click()
        panel.wait_for(state="hidden", timeout=WAIT)
    assert wait_until(lambda: "#" not in page.url)
    assert watched.errors == []


def test_saved_inputs_survive_a_reload(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    field = page.locator(".calc-input-expression input").first
    field.fill("4d10 keep highest 2")
    field.press("Enter")
    name = page.locator(".preset-name input").first
    name.fill("two best of four")
    name.press("Enter")
    page.locator(".preset-save button").first.click()
    page.get_by_text("Saved as 'two best of four'.").first.wait_for(timeout=WAIT)
    page = open_page(watched, base + "/wif")
    page.locator(".section-switch button").nth(1).click()
    page.wait_for_function(f"() => ({_DICE_BARS})() === 11", timeout=WAIT)  # the new page's 2d6: 2..12
    page.locator(".preset-list select").first.select_option("two best of four")
    page.locator(".preset-load button").first.click()
    page.wait_for_function(f"() => ({_DICE_BARS})() === 19", timeout=WAIT)  # totals 2..20
    assert watched.errors == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_landing_card_text_stays_inside_its_card_at_1024(server, browser, lang):
    """Each game card's text ends inside the card's border (no line drawn past it)."""
    base, _ = server
    context = browser.new_context(viewport={"width": 1024, "height": 900})
    try:
        page = context.new_page()
        page.goto(f"{base}/?lang={lang}")
        page.locator("p.can-do").first.wait_for(timeout=WAIT)
        cards = page.locator(".game-card")
        assert cards.count() == 5
        for i in range(cards.count()):
            card = cards.nth(i)
            right = card.bounding_box()["x"] + card.bounding_box()["width"]
            for p in card.locator("p, h4").all():
                box = p.bounding_box()
                assert box["x"] + box["width"] <= right + 0.5, (card.get_attribute("class"), p.inner_text()[:40])
    finally:
        context.close()
