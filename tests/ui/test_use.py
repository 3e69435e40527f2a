"""Browser test of /use: pick a unit on the map and see its reach and the enemy ZOC;
pick a port and see its naval reach."""
import pytest

pytest.importorskip("playwright")

from tests.ui.browser import screen_xy  # noqa: E402
from viewer import hexgrid  # noqa: E402
from viewer.rules.use import fixtures, grid  # noqa: E402

pytestmark = pytest.mark.ui

_SCREEN_XY = screen_xy("hexmap")

_ROWS = """(name) => {
  for (const doc of Bokeh.documents) {
    const m = doc.get_model_by_name(name);
    if (m) return m.data.q.length;
  }
  return -1;
}"""


def _open(watched, url):
    page = watched.page
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('hexmap'))",
                           timeout=45000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=45000)
    return page


def test_unit_reach_ezoc_and_naval_reach(server, watched):
    base, _ = server
    page = _open(watched, base + "/use?board=fixture:france-1940")
    assert page.locator("text=Fixture board").first.is_visible()
    q, r = grid.to_axial("2915")  # the 2nd Panzer of the 4.2.3.1 example
    x, y = hexgrid.hex_to_pixel(q, r, 1.0, "pointytop")
    sx, sy = page.evaluate(_SCREEN_XY, [x, y])
    page.mouse.click(sx, sy)
    page.locator("text=2nd Panzer: 10 MP").first.wait_for(timeout=45000)
    # the overlays reach the browser a moment after the text: wait for them
    page.wait_for_function(f"() => ({_ROWS})('overlay-use-reach-main') > 20", timeout=45000)
    page.wait_for_function(f"() => ({_ROWS})('overlay-use-stop-main') > 0", timeout=45000)
    # the Axis player's enemy ZOC: the three French armies' hexes (Metz in its fortress exerts none)
    page.wait_for_function(f"() => ({_ROWS})('overlay-use-ezoc-main') == 11", timeout=45000)
    assert page.locator("text=From 2915 on 10th Army in 2914: 3 MP").first.is_visible()

    page = _open(watched, base + "/use?board=fixture:seas")
    page.locator(".use-port-select select").select_option(label="Rotterdam (2519)")
    page.locator("text=Brest: 3 MP").first.wait_for(timeout=45000)
    ports = sum(1 for h in fixtures.seas().hexes.values() if h.port)
    page.wait_for_function(f"() => ({_ROWS})('overlay-use-naval-main') > 0", timeout=45000)
    assert page.evaluate(_ROWS, "overlay-use-naval-main") < ports
    # straits and canals drawn open or closed for the moving faction (4.2.4.1)
    page.wait_for_function(f"() => ({_ROWS})('overlay-use-passages-open-main') > 0", timeout=45000)
    assert page.locator("text=Dardanelles: open to the Western Allies").first.is_visible()
    assert not watched.errors


def test_real_board_strait_list_follows_who_holds_the_cities(server, watched):
    """USE 4.2.4.1 on the real board with no unit placed: Gibraltar (an Allied city) closes its strait
    to the Axis, the two neutral Turkish hexes close the Bosporus to all; an Axis-held Gibraltar
    (2.3.1) opens it, and handing it back closes it again."""
    from viewer.board import bundled_maps

    if "use" not in bundled_maps():
        pytest.skip("maps/use.gpkg is not built")
    base, _ = server
    page = _open(watched, base + "/use?board=use")
    page.locator(".use-naval-faction select").select_option(label="Axis")
    page.locator("text=Strait of Gibraltar: closed to the Axis, the enemy city Gibraltar").first.wait_for(timeout=45000)
    assert page.locator("text=Bosporus: closed to every faction").first.is_visible()
    page.locator(".use-city-select select").select_option(label="Gibraltar (7507)")
    page.locator(".use-city-holder select").select_option(label="Axis")
    page.locator("text=Strait of Gibraltar: open to the Axis").first.wait_for(timeout=45000)
    page.locator(".use-city-holder select").select_option(label="its country's faction")
    page.locator("text=Strait of Gibraltar: closed to the Axis").first.wait_for(timeout=45000)
    assert not watched.errors


_TEXTS = """(name) => {
  for (const doc of Bokeh.documents) {
    const m = doc.get_model_by_name(name);
    if (m) return m.data.text;
  }
  return null;
}"""


def test_board_select_opens_the_worked_example_and_its_stepper_moves_the_panzer(server, watched):
    """From another board, the board select opens France 1940; the 2nd Panzer stepper (USE 4.2.3.3
    example) marks Paris and Calais, moves the counter, shows parts that add up, and ends."""
    base, _ = server
    page = _open(watched, base + "/use?board=fixture:seas&lang=en")
    page.locator(".use-board-select select").select_option(label="France 1940 (worked examples of moves and attacks)")
    page.wait_for_url(lambda url: "france-1940" in url, timeout=45000)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('hexmap'))",
                           timeout=45000)
    page.locator("text=Step through an activation").first.wait_for(timeout=45000)
    page.wait_for_function(f"() => ({_TEXTS})('use-place-marks') && ({_TEXTS})('use-place-marks').includes('Paris')"
                           f" && ({_TEXTS})('use-place-marks').includes('Calais')", timeout=45000)
    nxt = page.locator(".use-activation-next button")
    for _ in range(3):
        nxt.click()
    page.locator("text=4 MP (enemy city 2 + river hexside +1 + attacking in clear weather +1)").first.wait_for(
        timeout=45000)
    from playwright.sync_api import expect

    expect(nxt).to_be_disabled(timeout=45000)
    assert "attack:clear" not in page.inner_text("body")
    assert not watched.errors


def test_national_will_adds_an_event_picked_by_name_and_attack_weather_is_a_choice(server, watched):
    """The National Will card's choice adds the event picked to the events' text, and the card
    computes with it; the attack cost's weather is picked from the chart's rows by name."""
    from playwright.sync_api import expect

    from tests.ui.browser import WAIT, open_page

    page = open_page(watched, server[0] + "/use")
    page.locator(".section-switch button").nth(1).click()
    select = page.locator(".calculator-list-select select").first
    select.wait_for(state="visible", timeout=WAIT)
    select.select_option(label="National Will")
    adder = page.locator(".calc-add-events select").first
    adder.wait_for(state="visible", timeout=WAIT)
    adder.select_option(label="the capital lost")
    expect(page.locator(".calc-input-events input").first).to_have_value(
        "land-unit-eliminated, capital-lost, capital-lost", timeout=WAIT)
    page.locator(".calc-result").get_by_text("15 → 14 → 10 → 6").first.wait_for(timeout=WAIT)
    select.select_option(label="Attack cost")
    weather = page.locator(".calc-input-weather select").first
    weather.wait_for(state="visible", timeout=WAIT)
    assert weather.locator("option").all_inner_texts() == ["clear"]
    assert watched.errors == []
