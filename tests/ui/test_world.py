"""Browser tests of the world view (/wif?map=wif-world): every sheet at its own scale with the joins
drawn, and the rulebook's monsoon storm seen on the Asian map (WiF 8, 8.1).

The weather roll is the rulebook's own worked example (WiF 8, digest wif-B §8.0): in Jul/Aug a raw
8 after a two-asterisk result is a modified 10, and the chart's cell for it (shipped with its
source) gives Storm in the North Monsoon zone and Fine elsewhere. No chart value is made up here.
"""
import pytest

pytest.importorskip("playwright")

from viewer.board import load_map
from viewer.board.layout import sheet_layout, view_bounds
from viewer.views.wif.weather import WEATHER_COLORS

from tests.ui.browser import WAIT, open_page

pytestmark = pytest.mark.ui

# Per weather-layer source (overlay-weather-<sheet>): each hex's zone and colour (its code in the palette).
_WEATHER_ROWS = """() => {
  const out = {};
  for (const doc of Bokeh.documents) {
    const palette = doc.get_model_by_name('overlay-weather-palette');
    if (!palette) continue;
    for (const m of doc.all_models)
      if (m.data != null && m.name && m.name.startsWith('overlay-weather-') && m.data.code !== undefined) {
        const code = Array.from(m.data.code);
        out[m.name.slice('overlay-weather-'.length)] = {zone: code.map(c => palette.tags[c]),
                                                       color: code.map(c => palette.palette[c].slice(0, 7))};
      }
  }
  return out;
}"""

# Per base glyph (base-<sheet>): the hex size it is drawn at and its hex count; and the join lines.
_SHEETS = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const out = {sheets: {}, joins: null};
    for (const r of plot.renderers) {
      if (r.name && r.name.startsWith('base-')) out.sheets[r.name.slice(5)] = [r.glyph.size, r.data_source.get_length()];
      if (r.name === 'links-joins') out.joins = r.data_source.get_length();
    }
    return out;
  }
  return null;
}"""


def _storm_seen(colors: dict) -> bool:
    asia = colors.get("asia")
    if not asia:
        return False
    return all(c == WEATHER_COLORS["storm"][:7] for z, c in zip(asia["zone"], asia["color"]) if z == "north-monsoon")


def test_the_world_map_shows_every_sheet_and_a_monsoon_storm_on_the_asian_map(server, watched):
    base, _ = server
    world = load_map("wif-world")
    page = open_page(watched, base + "/wif?map=wif-world")
    page.wait_for_function(f"() => ({_SHEETS})() && Object.keys(({_SHEETS})().sheets).length > 1", timeout=60000)
    drawn = page.evaluate(_SHEETS)
    counts = world.hexes["sheet"].value_counts()
    assert set(drawn["sheets"]) == set(world.sheets)
    for name, (size, n) in drawn["sheets"].items():  # each sheet at its own hex size
        assert size == pytest.approx(world.sheets[name].size) and n == counts[name]
    assert drawn["joins"] == int((world.extra_edges["kind"] == "sheet-join").sum())

    rows = page.evaluate(_WEATHER_ROWS)
    monsoon = [c for z, c in zip(rows["asia"]["zone"], rows["asia"]["color"]) if z == "north-monsoon"]
    assert monsoon and set(monsoon) == {WEATHER_COLORS["fine"][:7]}
    assert {z for r in rows.values() for z in r["zone"]} >= {
        "arctic", "north-temperate", "south-temperate", "mediterranean", "north-monsoon", "south-monsoon"}

    # the rulebook's roll: Jul/Aug (the panel's turn), last result two asterisks, raw 8 -> 10
    assert page.locator(".weather-bimonth select").first.input_value() == "Jul/Aug"
    asterisks = page.locator(".weather-asterisks input").first
    asterisks.fill("2")
    asterisks.press("Enter")
    raw = page.locator(".weather-raw input").first
    raw.fill("8")
    raw.press("Enter")
    page.locator(".weather-apply button").first.click()
    page.wait_for_function(
        f"""() => {{ const r = ({_WEATHER_ROWS})().asia; if (!r) return false;
              const m = r.zone.map((z, i) => [z, r.color[i]]).filter(p => p[0] === 'north-monsoon');
              return m.length > 0 && m.every(p => p[1] === '{WEATHER_COLORS["storm"][:7]}'); }}""", timeout=WAIT)
    rows = page.evaluate(_WEATHER_ROWS)
    assert _storm_seen(rows)
    for r in rows.values():  # every other zone is Fine, on every sheet
        assert {c for z, c in zip(r["zone"], r["color"]) if z != "north-monsoon"} <= {WEATHER_COLORS["fine"][:7]}
    page.get_by_text("North monsoon: Storm").first.wait_for(timeout=WAIT)  # the roll history
    assert watched.errors == []


def test_a_wrong_map_name_names_the_allowed_maps_and_shows_europe(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif?map=mars")
    page.get_by_text("Unknown map 'mars'").first.wait_for(timeout=WAIT)
    page.get_by_text("europe, wif-world").first.wait_for(timeout=WAIT)
    drawn = page.evaluate(_SHEETS)
    assert list(drawn["sheets"]) == ["europe"]


# Data units per screen pixel across and up the map figure's frame.
_UNITS_PER_PX = """() => {
  for (const doc of Bokeh.documents) {
    const p = doc.get_model_by_name('hexmap');
    if (p) return [(p.x_range.end - p.x_range.start) / p.inner_width, (p.y_range.end - p.y_range.start) / p.inner_height,
                   p.x_range.start, p.x_range.end, p.y_range.start, p.y_range.end];
  }
  return null;
}"""


@pytest.mark.parametrize("lang, name, sheet", [("en", "asia", "Asia (230 km a hex)"),
                                               ("es", "pacific", "Pacífico (230 km por hexágono)")])
def test_zoom_to_a_map_keeps_the_hexes_regular(server, watched, lang, name, sheet):
    """"Zoom to map" shows the sheet whole with hexes as wide as high: one data unit is as many
    pixels across as up (the sheet's bounds widened to the board's shape)."""
    world = load_map("wif-world")
    page = open_page(watched, server[0] + f"/wif?map=wif-world&lang={lang}")
    select = page.locator(".map-zoom select").first
    select.wait_for(timeout=WAIT)
    before = page.evaluate(_UNITS_PER_PX)
    select.select_option(label=sheet)
    page.wait_for_function(f"() => {{ const u = ({_UNITS_PER_PX})(); return u && u[2] !== {before[2]}"
                           " && Math.abs(u[0] / u[1] - 1) < 0.02; }", timeout=WAIT)
    across, up, x0, x1, y0, y1 = page.evaluate(_UNITS_PER_PX)
    assert across == pytest.approx(up, rel=0.02)
    bx0, bx1, by0, by1 = view_bounds(world, sheet_layout(world), name)
    assert x0 <= bx0 + 1 and bx1 - 1 <= x1 and y0 <= by0 + 1 and by1 - 1 <= y1  # the whole sheet in view
    assert watched.errors == []
