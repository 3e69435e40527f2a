"""Browser tests of the `europe` map in /wif: layer toggles draw, hover names places."""
import pytest

from tests.ui.browser import wait_until

pytest.importorskip("playwright")

from viewer import hexgrid  # noqa: E402
from viewer.board import load_map  # noqa: E402
from viewer.views.map.mapview import sheet_shifts  # noqa: E402

from tests.ui.browser import open_page, screen_xy  # noqa: E402

_SCREEN_XY = screen_xy("hexmap")

pytestmark = pytest.mark.ui

# Visibility and row count of the renderers drawing an overlay's sources (names overlay-<layer>-…).
_LAYER_STATE = """(layer) => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const out = [];
    for (const r of plot.renderers) {
      const src = r.data_source;
      if (src && src.name && src.name.startsWith('overlay-' + layer + '-'))
        out.push([r.visible, src.get_length()]);
    }
    return out;
  }
  return null;
}"""


def europe_hex_xy(page, key):
    """Screen position of the centre of hex ``key`` of the europe map in the page's map figure."""
    m = load_map("europe")
    sheet = m.sheets[key[0]]
    dq, dr = sheet_shifts(m)[key[0]]
    x, y = hexgrid.hex_to_pixel(key[1] + dq, key[2] + dr, sheet.size, sheet.orientation)
    page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('hexmap'))", timeout=30000)
    return page.evaluate(_SCREEN_XY, [x, y])


def _pixel(page, sx, sy):
    from io import BytesIO

    from PIL import Image

    png = page.screenshot(clip={"x": sx - 1, "y": sy - 1, "width": 3, "height": 3})
    return Image.open(BytesIO(png)).convert("RGB").getpixel((1, 1))


def test_toggling_the_climate_zone_layer_draws_it(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif")
    page.wait_for_function(f"() => ({_LAYER_STATE})('climate') && ({_LAYER_STATE})('climate').length > 0",
                           timeout=30000)
    state = page.evaluate(_LAYER_STATE, "climate")
    assert all(not visible for visible, _ in state)  # hidden (and not yet sent) when the page opens
    europe = load_map("europe")
    oslo = europe.hex_at(10.75, 59.91)
    sx, sy = europe_hex_xy(page, oslo)
    before = _pixel(page, sx + 3, sy + 3)
    page.locator(".map-layers button").get_by_text("Climate zones").click()
    # shown, with every hex of the map in one zone
    page.wait_for_function(f"() => ({_LAYER_STATE})('climate').every(([v, n]) => v && n > 3000)",
                           timeout=20000)
    # the zone's colour is drawn over the hex (the canvas repaints after the data arrive)
    assert wait_until(lambda: _pixel(page, sx + 3, sy + 3) != before)
    assert watched.errors == []


def test_the_map_opens_on_europe_with_countries_and_city_names(server, watched):
    base, _ = server
    page = open_page(watched, base + "/wif?lang=es")
    page.wait_for_function(f"() => ({_LAYER_STATE})('countries').every(([v, n]) => v && n > 1000)",
                           timeout=30000)
    page.get_by_text("Capas del mapa").first.wait_for(timeout=10000)
    names = page.evaluate("""() => {
      for (const doc of Bokeh.documents) {
        const src = doc.get_model_by_name('map-places');
        if (src) return src.data.text;
      }
      return null;
    }""")
    assert "Varsovia" in names and "Londres" in names
    assert watched.errors == []


# Name -> [visible, rows] of the hexside renderers (hexside-<layer>) of the page's map figure.
_HEXSIDE_STATE = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const out = {};
    for (const r of plot.renderers)
      if (r.name && r.name.startsWith('hexside-')) out[r.name] = [r.visible, r.data_source.get_length()];
    return out;
  }
  return null;
}"""


def _hexside_state(page, wanted: dict):
    """Wait until each renderer of ``wanted`` has the visibility given (and rows when shown) in BokehJS."""
    checks = " && ".join(f"s['{n}'] && s['{n}'][0] === {str(v).lower()}" + (f" && s['{n}'][1] > 0" if v else "")
                         for n, v in wanted.items())
    page.wait_for_function(f"() => {{ const s = ({_HEXSIDE_STATE})(); return s && {checks}; }}", timeout=45000)
    return page.evaluate(_HEXSIDE_STATE)


def test_railway_and_river_toggles_flip_their_renderers_in_the_page(server, watched):
    europe = load_map("europe")
    assert {"rail", "river"} <= set(europe.hexsides["feature"])
    base, _ = server
    page = open_page(watched, base + "/wif")
    state = _hexside_state(page, {"hexside-rivers": True})  # rivers open shown, railways hidden and unsent
    assert state["hexside-rivers"][1] == int((europe.hexsides["feature"] == "river").sum())
    assert state["hexside-railways"] == [False, 0] and not state["hexside-railways-ties"][0]
    buttons = page.locator(".map-layers button")
    buttons.get_by_text("Railways", exact=True).click()
    state = _hexside_state(page, {"hexside-railways": True, "hexside-railways-ties": True})
    assert state["hexside-railways"][1] == int((europe.hexsides["feature"] == "rail").sum())
    assert state["hexside-rivers"][0]  # rivers untouched
    buttons.get_by_text("Rivers", exact=True).click()
    state = _hexside_state(page, {"hexside-rivers": False})
    assert state["hexside-railways"][0]
    buttons.get_by_text("Railways", exact=True).click()
    state = _hexside_state(page, {"hexside-railways": False, "hexside-railways-ties": False})
    assert not state["hexside-rivers"][0]
    assert watched.errors == []


# The plot area of the map figure and the box of the layer switches, in screen pixels.
_BOXES = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const view = Bokeh.index.find_one_by_id(plot.id);
    const canvas = view.canvas_view.el.getBoundingClientRect();
    return {frame: [canvas.left + view.frame.bbox.left, view.frame.bbox.width, view.frame.bbox.height]};
  }
  return null;
}"""


@pytest.mark.parametrize("width", [1280, 1024])
def test_the_board_takes_most_of_the_width_with_the_layers_beside_it(server, watched, width):
    """The map keys sit under the hexes and the layer switches beside the board, under the hex
    panel, so the board's plot area is most of the page's width (docs/NOTES.md, layout)."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": 900})
    open_page(watched, server[0] + "/wif")
    page.wait_for_function(f"() => ({_BOXES})() !== null", timeout=30000)
    left, frame_w, frame_h = page.evaluate(_BOXES)["frame"]
    assert frame_w >= 0.6 * width and frame_h >= 400, (frame_w, frame_h)
    layers = page.locator(".map-layers").first.bounding_box()
    assert layers is not None and layers["x"] >= left + frame_w and layers["x"] + layers["width"] <= width


# The place-name band that draws ``name`` and whether the page shows it now.
_NAME_SHOWN = """(name) => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const src = doc.get_model_by_name('map-places');
    const i = src.data.text.indexOf(name);
    if (i < 0) return null;
    for (const r of plot.renderers)
      if (r.name && r.name.startsWith('map-place-names-') && r.view.filter.booleans[i]) return r.visible;
  }
  return null;
}"""


def test_one_hover_box_names_the_hex_and_kiev_is_labelled(server, watched, europe):
    """One box answers for the hovered hex (its label, terrain, country and place), in the page's
    language; Kiev's name is drawn at the whole map's zoom."""
    page = open_page(watched, server[0] + "/wif?lang=es")
    page.wait_for_function(f"() => ({_LAYER_STATE})('countries').every(([v, n]) => v && n > 1000)",
                           timeout=30000)
    page.wait_for_function(f"() => ({_NAME_SHOWN})('Kiev') === true", timeout=30000)
    f = europe.features
    row = f[f["name"] == "Warsaw"].iloc[0]
    warsaw = (row["sheet"], int(row["q"]), int(row["r"]))
    sx, sy = europe_hex_xy(page, warsaw)
    page.mouse.move(sx + 1, sy + 1)
    box = page.locator(".hex-hover")
    box.first.wait_for(timeout=20000)
    text = box.first.inner_text()
    assert text.startswith(f"Hexágono: {europe.label(warsaw)}") and "Terreno: " in text
    assert "País: Polonia" in text and "Lugar: Varsovia" in text
    assert box.count() == 1  # the layers do not each open a box of their own
    # hex numbers go to the browser as integers: the box prints them with their leading zero
    west = europe.find("0530")
    sx, sy = europe_hex_xy(page, west)
    page.mouse.move(sx + 1, sy + 1)
    wait_until(lambda: box.first.inner_text().startswith("Hexágono: 0530"))
    assert watched.errors == []


def test_counters_grow_with_the_zoom_and_show_their_factors(server, watched, tmp_path):
    scenario = tmp_path / "counters.yaml"
    scenario.write_text('map: europe\nname: Counters\nunits:\n'
                        '- {id: g1, type: INF, power: Germany, hex: "3821", factors: [5, 4]}\n'
                        '- {id: g2, type: ARM, power: Germany, hex: "3821", face_up: false}\n')
    page = open_page(watched, server[0] + "/wif")
    page.locator(".scenario-file input[type=file]").first.set_input_files(str(scenario))
    units = """() => { for (const d of Bokeh.documents) { const s = d.get_model_by_name('scenario-units');
      const p = d.get_model_by_name('hexmap');
      if (s && p) { const t = p.renderers.find(r => r.name === 'scenario-unit-texts');
        return {n: s.data.id.length, factors: s.data.factors, hatch: s.data.hatch,
                size: t.glyph.text_font_size.value ?? t.glyph.text_font_size, shown: t.visible,
                x: s.data.x[0], y: s.data.y[0]}; } } return null; }"""
    page.wait_for_function(f"() => {{ const u = ({units})(); return u && u.n === 2; }}", timeout=30000)
    before = page.evaluate(units)
    assert before["factors"] == ["5-4", ""] and before["hatch"][0] == " " and before["hatch"][1] != " "
    assert not before["shown"]  # too small to read at the whole map's zoom
    span = "() => { for (const d of Bokeh.documents) { const p = d.get_model_by_name('hexmap'); " \
           "if (p) return p.x_range.end - p.x_range.start; } return null; }"
    for _ in range(6):  # the wheel over the counters, as a player zooms in
        sx, sy = page.evaluate(_SCREEN_XY, [before["x"], before["y"]])
        width = page.evaluate(span)
        page.mouse.move(sx, sy)
        page.mouse.wheel(0, -200)
        page.wait_for_function(f"() => ({span})() < {width} * 0.95", timeout=20000)
    after = wait_until(lambda: (lambda u: u if u["shown"] else None)(page.evaluate(units)))
    assert int(str(after["size"]).removesuffix("px")) >= 8  # the text grew with the counters
    assert watched.errors == []


_NUMBERS = """() => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('map-hex-numbers');
    if (src) return src.data.text.length ? Array.from(src.data.text) : [];
  }
  return null;
}"""


def test_go_to_a_place_centres_the_board_and_numbers_its_hexes(server, watched, europe):
    """Typing a place's Spanish name in "go to hex" selects its hex, moves the view onto it with
    hexes kept in shape, and the hexes around it show their numbers; an unknown name says so."""
    page = open_page(watched, server[0] + "/wif?lang=es")
    assert page.evaluate(_NUMBERS) == []                       # none at full view
    box = page.locator(".map-go-to input").first
    box.fill("Varsovia")
    box.press("Enter")
    f = europe.features
    warsaw = f[f["name"] == "Warsaw"].iloc[0]
    number = europe.hex((warsaw["sheet"], warsaw["q"], warsaw["r"]))["label"]
    page.locator(".hex-info-panel").get_by_text(number, exact=True).first.wait_for(timeout=45000)
    numbers = page.wait_for_function(f"() => {{ const n = ({_NUMBERS})(); return n && n.length > 0 && n; }}",
                                     timeout=45000).json_value()
    assert 10 < len(numbers) < 2400
    aspect = page.evaluate("""() => {
      for (const doc of Bokeh.documents) {
        const plot = doc.get_model_by_name('hexmap');
        if (!plot) continue;
        const view = Bokeh.index.find_one_by_id(plot.id);
        const dx = plot.x_range.end - plot.x_range.start, dy = plot.y_range.end - plot.y_range.start;
        return (dx / view.frame.bbox.width) / (dy / view.frame.bbox.height);
      }
    }""")
    assert abs(aspect - 1) < 0.05                              # data units per pixel the same both ways
    centre = page.evaluate("""() => {
      for (const doc of Bokeh.documents) {
        const plot = doc.get_model_by_name('hexmap');
        if (!plot) continue;
        const view = Bokeh.index.find_one_by_id(plot.id);
        const r = view.canvas_view.el.getBoundingClientRect();
        return [r.left + view.frame.bbox.hcenter, r.top + view.frame.bbox.vcenter];
      }
    }""")
    page.mouse.move(*centre)
    for _ in range(8):                                         # the wheel zooms out to the whole map
        page.mouse.wheel(0, 500)
    page.wait_for_function(f"() => {{ const n = ({_NUMBERS})(); return n && n.length === 0; }}", timeout=45000)
    box.fill("Atlantis")
    box.press("Enter")
    page.locator(".map-go-to-message").get_by_text("Atlantis", exact=False).first.wait_for(timeout=45000)


# The map keys' entries as the page shows them: label, hidden or not, and whether the entry's
# swatch canvas has painted pixels.
_LEGEND_ENTRIES = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const view = Bokeh.index.find_one_by_id(plot.id);
    const out = [];
    for (const r of view.renderer_views.values()) {
      if (r.entries == null) continue;
      for (const e of r.entries) {
        const c = e.glyph.canvas;
        const px = c.width > 0 && c.height > 0 ? c.getContext('2d').getImageData(0, 0, c.width, c.height).data : [];
        let painted = false;
        for (let i = 3; i < px.length; i += 4) if (px[i] > 0) { painted = true; break; }
        out.push([e.label, e.el.classList.contains('bk-hidden'), painted]);
      }
    }
    return out;
  }
  return null;
}"""

# Wrap the map's paint to count whole-canvas repaints ("all") against one-layer ones.
_COUNT_PAINTS = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const view = Bokeh.index.find_one_by_id(plot.id);
    window.mapPaints = [];
    const paint = view._actual_paint.bind(view);
    view._actual_paint = function () { window.mapPaints.push(view._invalidate_all); paint(); };
    return true;
  }
  return false;
}"""


def _entries(page, wanted: str):
    page.wait_for_function(f"() => {{ const e = ({_LEGEND_ENTRIES})(); return e && e.length > 0 && ({wanted}); }}",
                           timeout=45000)
    return {label: (hidden, painted) for label, hidden, painted in page.evaluate(_LEGEND_ENTRIES)}


def test_map_keys_follow_the_language_and_the_toggles_with_their_swatches_drawn(server, watched):
    """A language switch relabels the keys under the map with every swatch drawn, and repaints
    the map once, not the whole canvas for the keys' new widths (viewer/views/common/layout_batch.py);
    a layer's toggle shows and hides its entry."""
    base, _ = server
    page = open_page(watched, base + "/wif")
    english = _entries(page, "e.some(([l]) => l === 'Forest')")
    assert english["Forest"] == (False, True) and english["River"] == (False, True)
    assert page.evaluate(_COUNT_PAINTS)
    page.locator(".language-switch button").nth(1).click()
    spanish = _entries(page, "e.some(([l]) => l === 'Bosque')")
    assert "Forest" not in spanish
    terrain = [label for label, (hidden, _) in spanish.items() if not hidden]
    assert len(terrain) >= 10 and all(spanish[label][1] for label in ("Bosque", "Río", "Montaña"))
    wait_until(lambda: page.evaluate("() => window.wargameLayoutBatch.batches") > 0)
    paints = page.evaluate("() => window.mapPaints")
    assert paints and not any(paints), paints   # no whole-canvas repaint
    rail = page.locator(".map-layers button").get_by_text("Ferrocarriles", exact=True)
    assert spanish.get("Ferrocarril", (True,))[0]   # railways start hidden
    rail.click()
    shown = _entries(page, "e.some(([l, h]) => l === 'Ferrocarril' && !h)")
    assert shown["Ferrocarril"] == (False, True) and shown["Bosque"] == (False, True)
    rail.click()
    _entries(page, "!e.some(([l, h]) => l === 'Ferrocarril' && !h)")
    assert watched.errors == []


# The plot frame and each map key, in the canvas' pixels.
_KEY_BOXES = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const view = Bokeh.index.find_one_by_id(plot.id);
    const canvas = view.canvas_view.el.getBoundingClientRect();
    const f = view.frame.bbox;
    const keys = [];
    for (const r of view.renderer_views.values()) {
      if (r.entries == null || r.entries.length == 0) continue;
      const b = r.el.getBoundingClientRect();
      keys.push([b.left - canvas.left, b.top - canvas.top, b.width, b.height]);
    }
    return {frame: [f.left, f.top, f.width, f.height], keys};
  }
  return null;
}"""


@pytest.mark.parametrize("width", [1280, 1024])
def test_the_map_keys_sit_under_the_frame_never_over_the_hexes(server, watched, width):
    """The keys are drawn below the plot frame, where the counters and the selection ring (drawn
    over everything else, clipped to the frame) cannot cover them, and inside the page's width."""
    page = watched.page
    page.set_viewport_size({"width": width, "height": 900})
    open_page(watched, server[0] + "/wif?lang=es")
    page.wait_for_function(f"() => {{ const b = ({_KEY_BOXES})(); return b && b.keys.length === 2; }}", timeout=45000)
    boxes = page.evaluate(_KEY_BOXES)
    left, top, frame_w, frame_h = boxes["frame"]
    for x, y, w, h in boxes["keys"]:
        assert y >= top + frame_h - 1, (boxes, "a key overlaps the frame")
        assert x >= 0 and x + w <= left + frame_w + 1 and w > 0 and h > 0, boxes


# Count the repaints of the map's hex canvas (primary) and of its overlay canvas (names, keys).
_COUNT_CANVASES = """() => {
  for (const doc of Bokeh.documents) {
    const plot = doc.get_model_by_name('hexmap');
    if (!plot) continue;
    const cv = Bokeh.index.find_one_by_id(plot.id).canvas_view;
    window.canvasPaints = {primary: 0, overlays: 0};
    for (const layer of ["primary", "overlays"]) {
      const prepare = cv[layer].prepare.bind(cv[layer]);
      cv[layer].prepare = () => { window.canvasPaints[layer]++; return prepare(); };
    }
    return true;
  }
  return false;
}"""


def test_a_language_switch_repaints_names_and_keys_but_no_hex(server, watched, europe):
    """English -> Español renames the places, the keys and the hover box's words, drawn on the
    overlay canvas, and leaves the canvas of hexes, lines and dots unpainted (docs/NOTES.md,
    "A language switch that repaints no hex")."""
    page = open_page(watched, server[0] + "/wif")
    page.wait_for_function(f"() => ({_NAME_SHOWN})('Moscow') === true", timeout=30000)
    _entries(page, "e.some(([l]) => l === 'Forest')")
    assert page.evaluate(_COUNT_CANVASES)
    page.locator(".language-switch button").nth(1).click()
    page.wait_for_function(f"() => ({_NAME_SHOWN})('Moscú') === true", timeout=30000)
    _entries(page, "e.some(([l, h, painted]) => l === 'Bosque' && painted)")
    wait_until(lambda: page.evaluate("() => window.canvasPaints.overlays") > 0)
    assert page.evaluate("() => window.canvasPaints.primary") == 0
    f = europe.features
    row = f[f["name"] == "Warsaw"].iloc[0]
    warsaw = (row["sheet"], int(row["q"]), int(row["r"]))
    page.mouse.move(*[v + 1 for v in europe_hex_xy(page, warsaw)])
    box = page.locator(".hex-hover")
    box.first.wait_for(timeout=20000)
    text = box.first.inner_text()
    assert text.startswith(f"Hexágono: {europe.label(warsaw)}") and "Terreno: " in text
    assert "País: Polonia" in text and "Lugar: Varsovia" in text, text
    assert "Poland" not in text and "Warsaw" not in text
    assert watched.errors == []
