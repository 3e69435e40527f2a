"""Browser test of the WiF weather panel: set a zone to Blizzard, see the layer recolour and the
clicked hex's effects change (Playwright driving Debian's Chromium against `panel serve`).

The test reads the hex to click from the page itself (the weather layer's hex nearest its middle,
and that hex's zone), so it works with whatever map the WiF app shows.
"""
import pytest

pytest.importorskip("playwright")

from viewer import hexgrid  # noqa: E402
from viewer.views.wif.weather import WEATHER_COLORS  # noqa: E402

from tests.ui.browser import screen_xy  # noqa: E402

_SCREEN_XY = screen_xy("hexmap")

pytestmark = pytest.mark.ui

# The weather layer's first row: sheet source name, q, r (view plane), zone, colour (its opacity, which the
# palette carries as #rrggbbaa, left out), glyph size and orientation.
_LAYER_ROW = """() => {
  for (const doc of Bokeh.documents) {
    const palette = doc.get_model_by_name('overlay-weather-palette');
    if (!palette) continue;
    for (const m of doc.all_models)
      if (m.data_source && m.glyph) {
        const src = m.data_source;
        if (!src || !src.name || !src.name.startsWith("overlay-weather-") || !src.data.q.length) continue;
        const code = Array.from(src.data.code);
        return {name: src.name, q: Array.from(src.data.q), r: Array.from(src.data.r),
                zone: code.map(c => palette.tags[c]), color: code.map(c => palette.palette[c].slice(0, 7)),
                size: m.glyph.size, orientation: m.glyph.orientation};
      }
  }
  return null;
}"""

_ROW_COLOR = """([name, i]) => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name(name);
    const palette = doc.get_model_by_name('overlay-weather-palette');
    if (src && palette) return palette.palette[src.data.code[i]].slice(0, 7);   // the colour, its opacity left out
  }
  return null;
}"""



def test_blizzard_recolours_the_zone_and_changes_the_clicked_hexs_effects(server, watched):
    base, _ = server
    page = watched.page
    page.goto(base + "/wif")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('hexmap'))",
                           timeout=60000)
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=60000)
    layer = page.evaluate(_LAYER_ROW)
    assert layer is not None, "the weather layer is not on the map"
    assert set(layer["color"]) == {WEATHER_COLORS["fine"][:7]}
    # the layer's hex nearest its middle (well inside the drawn map)
    xy = [hexgrid.hex_to_pixel(q, r, layer["size"], layer["orientation"]) for q, r in zip(layer["q"], layer["r"])]
    mx, my = sum(p[0] for p in xy) / len(xy), sum(p[1] for p in xy) / len(xy)
    i = min(range(len(xy)), key=lambda k: (xy[k][0] - mx) ** 2 + (xy[k][1] - my) ** 2)
    row = {"name": layer["name"], "zone": layer["zone"][i]}

    # click that hex: its effects show, with Fine in its zone
    x, y = xy[i]
    sx, sy = page.evaluate(_SCREEN_XY, [x, y])
    page.mouse.click(sx, sy)
    page.locator(".weather-effect-air_missions_all").first.wait_for(timeout=30000)
    assert page.locator(".weather-effect-air_rebase_only").count() == 0

    # set that zone to Blizzard: the layer recolours and the hex's effects change
    page.locator(f".weather-zone-{row['zone']} select").first.select_option(label="Blizzard")
    page.wait_for_function(f"(a) => ({_ROW_COLOR})(a) === '{WEATHER_COLORS['blizzard'][:7]}'", arg=[row["name"], i],
                           timeout=30000)
    page.locator(".weather-effect-air_rebase_only").first.wait_for(timeout=30000)
    page.get_by_text("Blizzard", exact=False).first.wait_for(timeout=5000)
    assert page.locator(".weather-effect-invasion_banned").count() >= 1
    assert watched.errors == []


def test_the_weather_controls_come_right_after_the_map(server, watched):
    """The weather is set while looking at the map: its controls follow the map and its legend,
    before the (longer) scenario editor."""
    base, _ = server
    page = watched.page
    page.goto(base + "/wif")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.some(d => d.get_model_by_name('hexmap'))",
                           timeout=60000)
    weather = page.locator(".weather-controls").first
    editor = page.locator(".scenario-editor").first
    weather.wait_for(timeout=30000)
    editor.wait_for(timeout=30000)
    assert weather.bounding_box()["y"] < editor.bounding_box()["y"]


# Each weather setting select: its title's box, whether the title and the chosen value fit
# (text width measured in the select's own font), and the select's box.
_SETTINGS = """() => {
  const out = [], hosts = [];
  const walk = (root) => {
    for (const el of root.querySelectorAll('*')) {
      if (el.classList.contains('weather-setting')) hosts.push(el);
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  for (const host of hosts) {
    const root = host.shadowRoot;
    if (!root) continue;
    const title = root.querySelector('label');
    const select = root.querySelector('select');
    if (!title || !select) continue;
    const ctx = document.createElement('canvas').getContext('2d');
    const style = getComputedStyle(select);
    ctx.font = `${style.fontSize} ${style.fontFamily}`;
    const text = select.options[select.selectedIndex] ? select.options[select.selectedIndex].text : '';
    const pad = parseFloat(style.paddingLeft) + parseFloat(style.paddingRight);
    const t = title.getBoundingClientRect(), s = select.getBoundingClientRect();
    out.push({title: [t.left, t.top, t.right, t.bottom], select: [s.left, s.right],
              titleFits: title.scrollWidth <= title.clientWidth + 1, text,
              valueFits: ctx.measureText(text).width + pad <= s.width});
  }
  return out;
}"""


@pytest.mark.parametrize("width", [1024, 1280])
@pytest.mark.parametrize("lang", ["en", "es"])
def test_weather_settings_show_their_whole_titles_and_choices(server, watched, width, lang):
    """The settings under the weather controls: each title inside its select's width, no two
    titles overlapping, each chosen value readable in full, in both languages."""
    from tests.ui.browser import open_page

    page = watched.page
    page.set_viewport_size({"width": width, "height": 900})
    open_page(watched, server[0] + f"/wif?lang={lang}")
    page.wait_for_function(f"() => ({_SETTINGS})().length >= 4", timeout=60000)
    settings = page.evaluate(_SETTINGS)
    for s in settings:
        assert s["titleFits"] and s["valueFits"], s
        assert s["select"][0] - 1 <= s["title"][0] and s["title"][2] <= s["select"][1] + 1, s
    for i, a in enumerate(settings):
        for b in settings[i + 1:]:
            ax0, ay0, ax1, ay1 = a["title"]
            bx0, by0, bx1, by1 = b["title"]
            assert ax1 <= bx0 or bx1 <= ax0 or ay1 <= by0 or by1 <= ay0, (a, b)
