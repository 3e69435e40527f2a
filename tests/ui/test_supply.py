"""Browser test of the WiF scenario panel: load a worked scenario as a lesson, click a
unit's hex and see its supply chain drawn step by step and its supply range appear (WiF 2.4.2),
read from the BokehJS data sources (Playwright driving Debian's Chromium against `panel serve`).
"""
import pytest

pytest.importorskip("playwright")

from viewer.board import load_map  # noqa: E402
from viewer.rules.wif.scenario_io import load_scenario  # noqa: E402
from viewer.rules.wif.supply import trace_all  # noqa: E402
from viewer.state.wif.scenario import bundled_scenarios  # noqa: E402

from tests.ui.browser import screen_xy  # noqa: E402

_SCREEN_XY = screen_xy("hexmap", scroll=True)   # loading a lesson scrolls the page: bring the map back

pytestmark = pytest.mark.ui

LESSON = "kiev"
LESSON_NAME = "Kiev: supply range and the weather (Ex. 2.4.2-3)"   # as the lesson select names it

# Rows of the named data sources (null while a source is missing).
_LENGTHS = """(names) => {
  const out = {};
  for (const name of names) {
    out[name] = null;
    for (const doc of Bokeh.documents)
      for (const m of doc.all_models)
        if (m.name === name && m.data != null && m.data.x0 !== undefined) out[name] = m.data.x0.length;
        else if (m.name === name && m.data != null && m.data.q !== undefined) out[name] = m.data.q.length;
        else if (m.name === name && m.data != null && m.data.id !== undefined) out[name] = m.data.id.length;
  }
  return out;
}"""

_UNIT_XY = """(id) => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('scenario-units');
    if (!src) continue;
    const i = Array.from(src.data.id).indexOf(id);
    if (i >= 0) return [src.data.x[i], src.data.y[i]];
  }
  return null;
}"""


def _lengths(page, *names):
    return page.evaluate(_LENGTHS, list(names))


def test_a_lesson_unit_clicked_shows_its_chain_and_range(server, watched):
    assert LESSON in bundled_scenarios()
    europe = load_map("europe")
    scenario = load_scenario(bundled_scenarios()[LESSON], europe)
    results = trace_all(europe, scenario)
    # the unit whose chain has the most hex steps
    uid = max(results, key=lambda u: sum(len(leg.hexes) - 1 for leg in results[u].chain))
    steps = sum(len(leg.hexes) - 1 for leg in results[uid].chain)
    assert steps >= 2

    base, _ = server
    page = watched.page
    page.goto(base + "/wif")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('hexmap'))",
                           timeout=60000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=60000)
    assert _lengths(page, "scenario-units")["scenario-units"] == 0

    page.locator(".scenario-lesson select").first.select_option(label=LESSON_NAME)
    page.locator(".scenario-load-lesson button").first.click()
    page.wait_for_function(f"() => ({_LENGTHS})(['scenario-units'])['scenario-units'] === {len(scenario.units)}",
                           timeout=45000)

    x, y = page.evaluate(_UNIT_XY, uid)
    sx, sy = page.evaluate(_SCREEN_XY, [x, y])
    page.mouse.click(sx, sy)
    page.wait_for_function(f"() => ({_LENGTHS})(['overlay-supply_chain'])['overlay-supply_chain'] === {steps}",
                           timeout=45000)
    page.wait_for_function("() => ({0})(['overlay-supply_range-europe'])['overlay-supply_range-europe'] > 0"
                           .format(_LENGTHS), timeout=45000)
    lengths = _lengths(page, "overlay-supply_chain", "overlay-supply_range-europe")
    assert lengths["overlay-supply_chain"] == steps
    assert lengths["overlay-supply_range-europe"] > steps
    page.locator(".supply-words").get_by_text(uid, exact=False).first.wait_for(timeout=30000)
    assert watched.errors == []
