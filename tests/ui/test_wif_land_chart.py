"""Browser test: the land combat card reads the user's saved table (a made-up TEST FIXTURE with codes
T1..T3, not the game's) and draws one bar per result code; a new modifier redraws the bars."""

import pytest

pytest.importorskip("playwright")

from tests.ui.browser import WAIT, open_page  # noqa: E402
from viewer.rules.charts import chart_from_dict  # noqa: E402
from viewer.rules.wif import tables  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.calculators import REGISTRY  # noqa: E402
from viewer.views.common.calculator_card import option_name  # noqa: E402

pytestmark = pytest.mark.ui

#: The code arrays of every data source that holds fixture codes (the bars' x column).
_CODE_BARS = """() => {
  const out = [];
  for (const doc of Bokeh.documents)
    for (const m of doc.all_models)
      if (m.data != null && typeof m.data === "object")
        for (const k of Object.keys(m.data)) {
          const v = m.data[k];
          if (Array.isArray(v) && v.length && v.every(x => typeof x === "string" && /^T[0-9]$/.test(x)))
            out.push(v.join(","));
        }
  return out;
}"""


@pytest.fixture(scope="module")
def own_server(tmp_path_factory):
    """A server of its own with an empty user data folder: this test saves a user table, and what
    earlier browser sessions left in the shared server and folder must not decide what it sees."""
    from tests.conftest import serve_apps

    data = tmp_path_factory.mktemp("land-data")
    with serve_apps(tmp_path_factory, data_dir=str(data)) as (base, _log):
        yield base, data


#: The visitor this test plays: the browser carries this id, the table goes in its folder.
VISITOR = "land-chart-test-visitor-0123456789abcdef"


@pytest.fixture
def fixture_table(own_server, watched):
    from viewer.views.common.visitor import COOKIE, folder_name

    watched.page.context.add_cookies([{"name": COOKIE, "value": VISITOR, "url": own_server[0]}])
    store = UserStore(own_server[1] / "visitors" / folder_name("browser", VISITOR))
    code = lambda r: "T1" if r <= 6 else "T2" if r <= 14 else "T3"  # noqa: E731
    doc = {"chart": "wif.land-combat",
           "codes": {"result": {"T1": "fixture one", "T2": "fixture two", "T3": "fixture three"}},
           "cells": [{"table": "assault", "column": "2:1", "roll": r, "result": code(r), "source": "test fixture"}
                     for r in range(2, 31)]}
    path = tables.save_user_chart(chart_from_dict(doc, tables.shipped("wif.land-combat").schema, origin="f"), store)
    yield
    path.unlink(missing_ok=True)


def test_the_land_card_draws_the_users_result_codes(own_server, watched, fixture_table):
    page = open_page(watched, own_server[0] + "/wif")
    page.locator(".section-switch button").nth(1).click()
    select = page.locator(".calculator-list-select select").first
    select.wait_for(state="visible", timeout=WAIT)
    select.select_option(label="Land combat odds")
    card = page.locator(".calc-wif-land-odds")
    card.locator(".calc-result").first.wait_for(timeout=WAIT)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)   # the new card's widgets are connected
    bars = f"() => ({_CODE_BARS})().includes('T1,T2,T3')"
    weather_fine = option_name(REGISTRY["wif.land-odds"], "weather", "fine", "en")   # options show names
    for attack in ("20", "21"):   # a value typed before the widget was connected is lost: type again
        field = card.locator(".calc-input-attack input")   # 20 or 21 against 10: column 2:1
        field.fill(attack)
        field.press("Enter")
        card.locator(".calc-input-weather select").select_option(label=weather_fine)
        try:
            page.wait_for_function(bars, timeout=WAIT)
            break
        except Exception:
            if attack == "21":
                raise
    field = page.locator(".calc-wif-land-odds .calc-input-drm input")
    field.fill("10")
    field.press("Enter")
    # totals 12..30: only T2 and T3 remain
    page.wait_for_function(f"() => ({_CODE_BARS})().includes('T2,T3')", timeout=WAIT)
    assert watched.errors == []
