"""A classroom's pages (docs/deploy.md "Sharing and resetting"): a teacher shares a board by link,
a student opens it as a copy of their own, a hostile link is refused, a reset starts afresh, and
two browsers on /churchill keep their own boards."""
import pytest

pytest.importorskip("playwright")

from playwright.sync_api import expect  # noqa: E402

from tests.ui.browser import WAIT  # noqa: E402

pytestmark = pytest.mark.ui


def _open(page, url):
    page.goto(url)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0"
                           " && Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)


def _set_saved(ctx, page, base, locator: str, checked: bool = True):
    """Set a box whose change is saved, until a fresh page of the same browser shows it saved
    (a click before the widget is connected is lost, and a fresh page may open before the
    server has saved the click: look again, then click again)."""
    box = page.locator(locator).first
    for attempt in range(3):
        box.set_checked(checked)
        again = ctx.new_page()
        _open(again, base + "/asl")
        try:
            expect(again.locator(locator).first).to_be_checked(checked=checked, timeout=15_000)
            return
        except AssertionError:
            if attempt == 2:
                raise
            box.set_checked(not checked)
        finally:
            again.close()


NVR = ".asl-show-nvr input"


def test_a_shared_board_opens_as_the_students_own_copy(server, browser):
    base, _ = server
    teacher_ctx, student_ctx = (browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2))
    try:
        teacher = teacher_ctx.new_page()
        _open(teacher, base + "/asl")
        _set_saved(teacher_ctx, teacher, base, NVR)
        teacher.locator(".share-open button").click()
        items = teacher.locator(".share-items select")
        expect(items.locator("option")).to_have_count(1, timeout=WAIT)
        items.select_option(index=0)
        teacher.locator(".share-make button").click()
        link = teacher.locator(".share-link input")
        expect(link).to_have_value(lambda_re(r"/asl\?shared=[A-Za-z0-9_-]{32}$"), timeout=WAIT)
        url = link.input_value()

        student = student_ctx.new_page()
        _open(student, base + "/asl")
        expect(student.locator(NVR).first).not_to_be_checked()
        _open(student, url)
        expect(student.locator(NVR).first).to_be_checked(timeout=WAIT)
        expect(student.locator(".shared-loaded")).to_contain_text("asl-night", timeout=WAIT)
        # the student's copy is theirs: unchecking it changes neither the teacher's nor the link's
        _set_saved(student_ctx, student, base, NVR, checked=False)
        other = browser.new_context()
        try:
            third = other.new_page()
            _open(third, url)
            expect(third.locator(NVR).first).to_be_checked(timeout=WAIT)
        finally:
            other.close()
        _open(teacher, base + "/asl")
        expect(teacher.locator(NVR).first).to_be_checked(timeout=WAIT)
    finally:
        teacher_ctx.close()
        student_ctx.close()


def lambda_re(pattern):
    import re

    return re.compile(pattern)


@pytest.mark.parametrize("token", ["../../etc/passwd", "x" * 40])
def test_a_hostile_or_unknown_link_is_refused_with_a_message(server, context, token):
    base, _ = server
    page = context.new_page()
    _open(page, f"{base}/asl?shared={token}")
    banner = page.locator(".url-error")
    expected = "24 to 64 letters" if "/" in token else "no shared work under the link"
    expect(banner).to_contain_text(expected, timeout=WAIT)
    expect(banner).to_contain_text("This shared link cannot be opened")
    expect(page.locator(NVR).first).not_to_be_checked()


def test_reset_clears_the_visitors_board_after_a_confirmation(server, context):
    base, _ = server
    page = context.new_page()
    _open(page, base + "/asl")
    _set_saved(context, page, base, NVR)
    page.locator(".reset-open button").click()
    expect(page.locator(".reset-question")).to_contain_text("1 item", timeout=WAIT)
    page.locator(".reset-cancel button").click()  # cancel keeps everything
    expect(page.locator(".reset-panel")).to_be_hidden(timeout=WAIT)
    again = context.new_page()
    _open(again, base + "/asl")
    expect(again.locator(NVR).first).to_be_checked(timeout=WAIT)
    again.close()
    page.locator(".reset-open button").click()
    with page.expect_navigation(timeout=WAIT):
        page.locator(".reset-confirm button").click()
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0", timeout=WAIT)
    expect(page.locator(NVR).first).not_to_be_checked(timeout=WAIT)
    page.locator(".reset-open button").click()
    expect(page.locator(".reset-question")).to_contain_text("0 item", timeout=WAIT)


def _two(browser):
    return [browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2)]


def test_two_browsers_keep_their_own_churchill_boards(server, browser):
    base, _ = server
    a_ctx, b_ctx = _two(browser)
    try:
        a = a_ctx.new_page()
        _open(a, base + "/churchill")
        step = a.locator(".churchill-step").first
        expect(step).to_contain_text("Step 1 of", timeout=WAIT)
        for attempt in range(3):  # a click before the widget is connected is lost: click again
            a.locator(".churchill-step-next button").first.click()
            try:
                expect(step).to_contain_text("Step 2 of", timeout=15_000)
                break
            except AssertionError:
                if attempt == 2:
                    raise
        again = a_ctx.new_page()
        _open(again, base + "/churchill")
        expect(again.locator(".churchill-step").first).to_contain_text("Step 2 of", timeout=WAIT)
        b = b_ctx.new_page()
        _open(b, base + "/churchill")
        expect(b.locator(".churchill-step").first).to_contain_text("Step 1 of", timeout=WAIT)
    finally:
        a_ctx.close()
        b_ctx.close()


def test_two_browsers_keep_their_own_use_units(server, browser):
    from tests.ui.browser import screen_xy
    from viewer import hexgrid
    from viewer.rules.use import grid

    base, _ = server
    url = base + "/use?board=fixture:france-1940"
    q, r = grid.to_axial("2915")  # the 2nd Panzer of the 4.2.3.1 example
    xy = list(hexgrid.hex_to_pixel(q, r, 1.0, "pointytop"))

    def select_panzer(page):
        _open(page, url)
        page.wait_for_function("() => Bokeh.documents.some(d => d.get_model_by_name('hexmap'))", timeout=WAIT)
        sx, sy = page.evaluate(screen_xy("hexmap"), xy)
        page.mouse.click(sx, sy)

    a_ctx, b_ctx = _two(browser)
    try:
        a = a_ctx.new_page()
        select_panzer(a)
        a.locator("text=2nd Panzer: 10 MP").first.wait_for(timeout=WAIT)
        a.locator(".use-remove-unit button").first.click()  # saved: this browser's board lacks it now
        expect(a.locator("text=2nd Panzer: 10 MP").first).to_be_hidden(timeout=WAIT)
        again = a_ctx.new_page()
        select_panzer(again)
        # the click has been answered (the hex is shown as selected), and no unit of it moves
        again.locator("text=2915").first.wait_for(timeout=WAIT)
        again.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
        assert again.locator("text=2nd Panzer: 10 MP").count() == 0
        b = b_ctx.new_page()
        select_panzer(b)
        b.locator("text=2nd Panzer: 10 MP").first.wait_for(timeout=WAIT)  # the other browser still has it
    finally:
        a_ctx.close()
        b_ctx.close()


def _saved_scenarios(page) -> list[str]:
    return page.locator(".scenario-saved select").first.locator("option").all_inner_texts()


_UNITS = """() => {
  for (const doc of Bokeh.documents) {
    const src = doc.get_model_by_name('scenario-units');
    if (src && src.data.id) return src.data.id.length;
  }
  return 0;
}"""


def _save_scenario(page, name: str) -> None:
    page.locator(".scenario-load-lesson button").first.click()
    page.wait_for_function(f"() => ({_UNITS})() > 0", timeout=WAIT)  # the lesson is on the map
    page.wait_for_function("() => Bokeh.documents.every(d => d.is_idle)", timeout=WAIT)
    page.locator(".scenario-save-name input").first.fill(name)
    page.locator(".scenario-save-name input").first.press("Enter")
    page.locator(".scenario-save button").first.click()
    expect(page.locator(".scenario-saved select").first.locator("option", has_text=name)).to_have_count(
        1, timeout=WAIT)


def test_wif_scenarios_are_each_visitors_own_and_shared_by_link(server, browser):
    base, _ = server
    a_ctx, b_ctx = _two(browser)
    try:
        a, b = a_ctx.new_page(), b_ctx.new_page()
        for page, name in ((a, "alice-plan"), (b, "bob-plan")):
            _open(page, base + "/wif")
            _save_scenario(page, name)
        for page, mine, theirs in ((a, "alice-plan", "bob-plan"), (b, "bob-plan", "alice-plan")):
            _open(page, base + "/wif")
            page.locator(".scenario-saved select").first.wait_for(timeout=WAIT)
            assert mine in _saved_scenarios(page) and theirs not in _saved_scenarios(page)
        # the teacher (a) shares their scenario; the student (b) opens the link and finds a copy
        a.locator(".share-open button").click()
        a.locator(".share-items select").select_option(label="Scenario · alice-plan")
        a.locator(".share-make button").click()
        link = a.locator(".share-link input")
        expect(link).to_have_value(lambda_re(r"/wif\?shared="), timeout=WAIT)
        _open(b, link.input_value())
        expect(b.locator(".shared-loaded")).to_contain_text("alice-plan", timeout=WAIT)
        assert {"alice-plan", "bob-plan"} <= set(_saved_scenarios(b))
    finally:
        a_ctx.close()
        b_ctx.close()
