"""Browser test of the lesson player (docs/lessons.md, "In the apps"): one lesson of each game
opened by its permalink and played to its end with Next, in English and in Spanish. At every step
the step's title and the engine's answer show, the board's highlight is in the page's models, and
the address names the step; at the end Next is disabled. "Try it yourself" on /wif changes the
weather and the answer changes (on /churchill a card value, in both languages; on /asl a tap on
the board lights a fire and the answer is the engine's for it), "Save as lesson"
downloads a lesson of that board which validates,
and "Back to the lesson" restores the step."""
import re

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

import viewer.lessons as lessons  # noqa: E402
from tests.ui.browser import WAIT, open_page  # noqa: E402
from viewer.calculators.format import shown  # noqa: E402
from viewer.i18n import t as label  # noqa: E402
from viewer.lessons.model import read_lesson  # noqa: E402
from viewer.views.common.calculator_card import value_term  # noqa: E402
from viewer.views.common.lesson_player import field_name  # noqa: E402
from viewer.views.common.text import label_any  # noqa: E402

pytestmark = pytest.mark.ui

LESSONS = {"wif": "wif/supply-kiev", "use": "use/panzer-ezoc", "asl": "asl/fire-illumination",
           "churchill": "churchill/conference", "starcraft": "starcraft/engaged-casualties"}

#: JavaScript ``(game) => {...}``: what the lesson board marks, read from the page's Bokeh models.
_MARKS = """(game) => {
  const out = {hexes: 0, path: 0, ring: 0, boxes: 0, models: 0};
  for (const doc of Bokeh.documents) {
    for (const m of doc._all_models.values()) {
      const name = m.name || "";
      if (!m.data) continue;
      if (name.startsWith("overlay-lesson-path")) out.path += m.data.x0.length;
      else if (name.startsWith("overlay-lesson-")) out.hexes += m.data.q.length;
      else if (name === "lesson-asl-light") out.hexes += m.data.q.length;
      else if (name === "lesson-asl-ring") out.ring += m.data.q.length;
      else if (name === "lesson-track-boxes") out.boxes += m.data.x.length;
      else if (name === "lesson-models") out.models += m.data.color.filter(c => c === "#d81b60").length;
    }
  }
  return out;
}"""


def _marks_agree(game: str, marks: dict, hl: dict) -> bool:
    """Whether the board's models hold the step's highlight (each kind the board draws)."""
    if game in ("wif", "use"):
        wanted_path = max(0, len(hl["path"]) - 1) + len(hl["hexsides"])
        return (marks["hexes"] >= len(hl["hexes"]) and (marks["hexes"] > 0) == bool(hl["hexes"] or hl["range"])
                and marks["path"] == wanted_path)
    if game == "asl":
        return marks["hexes"] == len(hl["hexes"]) and (marks["ring"] > 0) == bool(hl["range"])
    if game == "churchill":
        return marks["boxes"] == len(hl["track_boxes"])
    return marks["models"] == len(hl["models"])


@pytest.mark.parametrize("lang", ["en", "es"])
@pytest.mark.parametrize("game", list(LESSONS))
def test_a_lesson_plays_to_its_end(server, watched, game, lang):
    base, _ = server
    lesson_id = LESSONS[game]
    name = lesson_id.split("/", 1)[1]
    lesson = lessons.load(lesson_id)
    player = lessons.LessonPlayer(lesson)
    page = open_page(watched, f"{base}/{game}?lesson={name}&lang={lang}")
    nxt = page.locator(".lesson-next button")
    for i in range(player.count):
        view = player.goto(i).view(lang=lang)
        counter = label("lessons.step_of", lang, i=i + 1, n=player.count)
        expect(page.locator(".lesson-counter").first).to_contain_text(counter, timeout=WAIT)
        expect(page.locator(".lesson-title").first).to_contain_text(view.title, timeout=WAIT)
        answer = page.locator(".lesson-answer").first
        slug = view.computed.slug                 # the engine and its answers by name where they have one
        expect(answer).to_contain_text(label_any([f"calc.{slug}.title"], lang, slug), timeout=WAIT)
        term = value_term(slug, lang)   # fields and values named as the player names them
        for key in view.expected:
            field = field_name(slug, key, lang)
            expect(answer).to_contain_text(f"{field}: {shown(view.computed.field(key), lang, term)}")
        expect(answer).to_contain_text(label("lessons.agrees", lang))
        hl = view.highlight
        try:
            page.wait_for_function(
                f"([game, want]) => {{ const m = ({_MARKS})(game); return {_js_agree()}; }}",
                arg=[game, hl], timeout=WAIT)
        except Exception:
            raise AssertionError(f"step {i + 1}: board marks {page.evaluate(_MARKS, game)} for {hl}") from None
        assert _marks_agree(game, page.evaluate(_MARKS, game), hl)
        if i:   # the address follows the step, in place (the language stays in it)
            expect(page).to_have_url(re.compile(rf"[?&]step={i + 1}(&|$)"), timeout=WAIT)
            assert f"lesson={name}" in page.url and f"lang={lang}" in page.url
        if i < player.count - 1:
            expect(nxt).to_be_enabled()
            nxt.click()
    expect(nxt).to_be_disabled()
    assert watched.errors == [] and watched.external == []


def _js_agree() -> str:
    """:func:`_marks_agree` in JavaScript (``m``: the marks, ``want``: the step's highlight)."""
    return """(
      (game === "wif" || game === "use") ?
        (m.hexes >= want.hexes.length && (m.hexes > 0) === (want.hexes.length > 0 || !!want.range)
         && m.path === Math.max(0, want.path.length - 1) + want.hexsides.length) :
      game === "asl" ? (m.hexes === want.hexes.length && (m.ring > 0) === !!want.range) :
      game === "churchill" ? m.boxes === want.track_boxes.length :
      m.models === want.models.length)"""


#: JavaScript: the ranges ``[x0, x1, y0, y1]`` of the plot holding the lesson layer, as the browser has them.
_LESSON_VIEW = """() => {
  for (const doc of Bokeh.documents)
    for (const m of doc._all_models.values())
      if (m.renderers && m.x_range && m.renderers.some(r => ((r.data_source || {}).name || "").startsWith("overlay-lesson-")))
        return [m.x_range.start, m.x_range.end, m.y_range.start, m.y_range.end];
  return null;
}"""


def _frames(view, box, tol: float = 1e-6) -> bool:
    """Whether the browser's ``view`` shows the server's ``box`` fitted to the frame: the box
    inside it and one side matching (the other widened to keep hexes in shape)."""
    if view is None:
        return False
    (vx0, vx1, vy0, vy1), (bx0, bx1, by0, by1) = view, box
    span = max(bx1 - bx0, by1 - by0) * 1e-3 + tol
    inside = vx0 <= bx0 + span and vx1 >= bx1 - span and vy0 <= by0 + span and vy1 >= by1 - span
    matching = (abs(vx0 - bx0) < span and abs(vx1 - bx1) < span) or (abs(vy0 - by0) < span and abs(vy1 - by1) < span)
    return inside and matching


@pytest.mark.parametrize("game", ["wif", "use"])
def test_each_map_lesson_step_goes_to_its_area_and_a_language_switch_keeps_it(server, watched, game):
    from tests.common.test_lesson_player import section

    base, _ = server
    lesson_id = LESSONS[game]
    _, sec = section(game)        # the same lesson played on the server side gives the boxes
    sec.player.open(lesson_id, 0)
    page = open_page(watched, f"{base}/{game}?lesson={lesson_id.split('/', 1)[1]}")
    boxes = []
    for i in range(sec.player.player.count):
        sec.player.go(i)
        fig = sec.player.board.maps[sec.player.player.board].mapview.figure
        box = [fig.x_range.start, fig.x_range.end, fig.y_range.start, fig.y_range.end]
        boxes.append(box)
        if i:
            page.locator(".lesson-next button").click()
        expect(page.locator(".lesson-counter").first).to_contain_text(f"Step {i + 1} of", timeout=WAIT)
        try:
            page.wait_for_function(
                f"""(box) => {{ const v = ({_LESSON_VIEW})(); if (!v) return false;
                  const s = Math.max(box[1] - box[0], box[3] - box[2]) * 1e-3 + 1e-6;
                  const inside = v[0] <= box[0] + s && v[1] >= box[1] - s && v[2] <= box[2] + s && v[3] >= box[3] - s;
                  const match = (Math.abs(v[0] - box[0]) < s && Math.abs(v[1] - box[1]) < s) ||
                                (Math.abs(v[2] - box[2]) < s && Math.abs(v[3] - box[3]) < s);
                  return inside && match; }}""", arg=box, timeout=WAIT)
        except Exception:
            raise AssertionError(f"step {i + 1}: the browser shows {page.evaluate(_LESSON_VIEW)}, "
                                 f"the step's area is {box}") from None
        assert _frames(page.evaluate(_LESSON_VIEW), box)
    assert len({tuple(b) for b in boxes}) > 1, "the lesson's steps should mark different areas"
    shown = page.evaluate(_LESSON_VIEW)
    page.locator(".language-switch button").nth(1).click()
    expect(page.locator(".lesson-counter").first).to_contain_text("Paso", timeout=WAIT)
    assert page.evaluate(_LESSON_VIEW) == shown      # a redraw of the same step keeps the view
    assert watched.errors == []


def test_a_copied_link_opens_the_same_step(server, watched, context):
    base, _ = server
    page = open_page(watched, f"{base}/use?lesson=panzer-ezoc")
    page.locator(".lesson-next button").click()
    page.locator(".lesson-next button").click()
    expect(page).to_have_url(re.compile(r"step=3"), timeout=WAIT)
    link = page.url
    again = context.new_page()
    again.goto(link)
    title = lessons.load("use/panzer-ezoc").steps[2].title("en")
    expect(again.locator(".lesson-title").first).to_contain_text(title, timeout=WAIT)
    expect(again.locator(".lesson-counter").first).to_contain_text("Step 3 of", timeout=WAIT)


def test_try_it_yourself_on_wif_changes_the_answer_and_back_restores_it(server, watched):
    base, _ = server
    page = open_page(watched, f"{base}/wif?lesson=supply-kiev")
    answer = page.locator(".lesson-answer").first
    expect(answer).to_contain_text("in supply: Yes", timeout=WAIT)
    page.locator(".lesson-try button").click()
    expect(page.locator(".lesson-untry button")).to_be_visible(timeout=WAIT)
    expect(page.locator(".lesson-try-note").first).to_contain_text("Your board:", timeout=WAIT)
    page.locator(".lesson-try-weather select").select_option(label=label("weather.snow", "en"))
    expect(answer).to_contain_text("in supply: No", timeout=WAIT)
    expect(answer).to_contain_text("the rules answer differently", timeout=WAIT)
    # save as lesson: the downloaded file is a lesson of the learner's board, and it validates
    page.locator(".lesson-save-question input").fill("Snow everywhere: is the corps in supply?")
    page.locator(".lesson-save-question input").press("Enter")
    with page.expect_download(timeout=WAIT) as got:
        page.locator(".lesson-download button, .lesson-download a").first.click()
    text = open(got.value.path(), encoding="utf-8").read()
    saved = read_lesson(text, "wif/snow", "download")
    assert lessons.check(saved) == []
    assert saved.start["weather"] == "snow" and saved.steps[0].question("en").startswith("Snow everywhere")
    assert saved.steps[0].answer.expect["in_supply"] is False
    page.locator(".lesson-untry button").click()
    expect(answer).to_contain_text("in supply: Yes", timeout=WAIT)
    expect(answer).to_contain_text(label("lessons.agrees", "en"), timeout=WAIT)
    expect(page.locator(".lesson-try-weather select")).to_be_hidden(timeout=WAIT)
    assert watched.errors == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_try_it_yourself_on_churchill_changes_a_card_and_back_restores_it(server, watched, lang):
    """The agenda step: Roosevelt's 4 puts the issue in US box 3 (Churchill 4.21); the learner
    sets his card to 2 and the answer becomes US box 1, field by field; Back shows the step again."""
    base, _ = server
    page = open_page(watched, f"{base}/churchill?lesson=conference&lang={lang}")
    answer = page.locator(".lesson-answer").first
    placement = label_any(["calc.churchill.agenda.result.placement"], lang, "placement")
    box3, box1 = label("value.US 3", lang), label("value.US 1", lang)    # "EE. UU. 3" in Spanish
    expect(answer).to_contain_text(f"{placement}: {box3}", timeout=WAIT)
    try_it = page.locator(".lesson-try button")
    expect(try_it).to_be_enabled(timeout=WAIT)
    try_it.click()
    expect(page.locator(".lesson-untry button")).to_be_visible(timeout=WAIT)
    expect(page.locator(".lesson-try-note").first).to_contain_text(label("lessons.try.trying", lang), timeout=WAIT)
    card = label_any(["calc.churchill.agenda.param.us_card"], lang, "us_card")
    page.locator(".lesson-try-input select").select_option(label=card)
    value = page.locator(".lesson-try-value input")
    expect(value).to_have_value("4", timeout=WAIT)
    value.fill("2")
    value.press("Enter")
    expect(answer).to_contain_text(f"{placement}: {box1}", timeout=WAIT)
    expect(page.locator(".lesson-try-differs").first).to_be_visible(timeout=WAIT)
    page.locator(".lesson-untry button").click()
    expect(answer).to_contain_text(f"{placement}: {box3}", timeout=WAIT)
    expect(answer).to_contain_text(label("lessons.agrees", lang), timeout=WAIT)
    expect(page.locator(".lesson-try-input select")).to_be_hidden(timeout=WAIT)
    assert watched.errors == []


#: JavaScript ``([x, y]) => [sx, sy]``: the screen point of drawing point (x, y) on the lessons'
#: ASL board (the plot drawing the ``lesson-asl-light`` source; the Map section has a board too).
_LESSON_ASL_XY = """([x, y]) => {
  for (const doc of Bokeh.documents) {
    for (const m of doc._all_models.values()) {
      const drawn = Array.isArray(m.renderers) ? m.renderers : [];
      if (!drawn.some(r => r.data_source && r.data_source.name === "lesson-asl-light")) continue;
      const view = Bokeh.index.find_one_by_id(m.id);
      if (!view || !view.frame) continue;
      view.canvas_view.el.scrollIntoView({block: "center"});
      const rect = view.canvas_view.el.getBoundingClientRect();
      return [rect.left + view.frame.x_scale.compute(x), rect.top + view.frame.y_scale.compute(y)];
    }
  }
  return null;
}"""

#: JavaScript ``() => n``: how many hexes the lessons' ASL board colours.
_LESSON_ASL_LIT = """() => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name("lesson-asl-light");
    if (src) return src.data.q.length;
  }
  return -1;
}"""


@pytest.mark.parametrize("lang", ["en", "es"])
def test_try_it_yourself_on_asl_a_tap_lights_a_fire_and_the_answer_follows(server, watched, lang):
    """Step 2 of the fires lesson (level 2 of 2W7 burns, ASL E1.941): trying it, the learner picks
    level 1 and taps 2W7; the answer becomes the engine's for both fires (the circle grows), the
    note says the rules answer differently and the board colours the hexes the engine finds lit or
    blind; a second tap puts the fire out and the step's answer is back."""
    from viewer import hexgrid
    from viewer.lessons.answers import compute
    from viewer.lessons.player import step_rolls
    from viewer.rules.asl.board import load_board
    from viewer.views.asl.board import LIGHT_FILL
    from viewer.views.common.lesson_trial import answer_with

    base, _ = server
    player = lessons.LessonPlayer(lessons.load(LESSONS["asl"]))
    player.goto(1)
    step, state = player.step, player.read_state()
    highlight = player.view(lang=lang).highlight

    def engine(fires: str):
        return compute(answer_with(step.answer, {"fires": fires}), state, player.board, lang, step_rolls(state))

    def fields(computed) -> list[str]:
        term = value_term(computed.slug, lang)
        return [f"{field_name(computed.slug, k, lang)}: {shown(computed.field(k), lang, term)}" for k in step.answer.expect]

    burning = ", ".join(f["at"] for f in state["fires"].values())
    before, after = engine(burning), engine(f"{burning}, 2W7@1")
    assert fields(before) != fields(after), "the tap must change what the step asks"
    page = open_page(watched, f"{base}/asl?lesson=fire-illumination&step=2&lang={lang}")
    answer = page.locator(".lesson-answer").first
    for text in fields(before):
        expect(answer).to_contain_text(text, timeout=WAIT)
    page.locator(".lesson-try button").click()
    expect(page.locator(".lesson-untry button")).to_be_visible(timeout=WAIT)
    page.locator(".lesson-try-fire-level select").select_option(label="1")
    # the server says what a tap does once it holds the level (a widget change reaches it
    # debounced, a tap at once)
    expect(page.locator(".lesson-try-fire-next")).to_contain_text(
        label("lessons.try.asl.at_level", lang, level="1"), timeout=WAIT)

    def tap(hex_id: str) -> None:
        x, y = hexgrid.hex_to_pixel(*load_board("teaching").key(hex_id), orientation="flattop")
        point = page.evaluate(_LESSON_ASL_XY, [float(x), float(y)])
        assert point, "the lessons' ASL board is not on the page"
        page.mouse.click(*point)

    tap("2W7")
    for text in fields(after):
        expect(answer).to_contain_text(text, timeout=WAIT)
    expect(page.locator(".lesson-try-differs").first).to_be_visible(timeout=WAIT)
    marked = set(highlight["hexes"]) | {h for h, s in (after.value.get("hexes") or {}).items() if s in LIGHT_FILL}
    page.wait_for_function(f"() => ({_LESSON_ASL_LIT})() === {len(marked)}", timeout=WAIT)
    tap("2W7")   # the same level again: the fire goes out
    for text in fields(before):
        expect(answer).to_contain_text(text, timeout=WAIT)
    expect(page.locator(".lesson-try-same").first).to_be_visible(timeout=WAIT)
    assert watched.errors == []
