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


def _check_saved(ctx, page, base, locator: str):
    """Check a box whose change is saved, until a fresh page of the same browser shows it saved
    (a click before the widget is connected is lost: click again)."""
    box = page.locator(locator).first
    for attempt in range(3):
        box.check()
        again = ctx.new_page()
        _open(again, base + "/asl")
        try:
            expect(again.locator(locator).first).to_be_checked(timeout=15_000)
            return
        except AssertionError:
            if attempt == 2:
                raise
            box.uncheck()
        finally:
            again.close()


NVR = ".asl-show-nvr input"


def test_a_shared_board_opens_as_the_students_own_copy(server, browser):
    base, _ = server
    teacher_ctx, student_ctx = (browser.new_context(viewport={"width": 1400, "height": 1000}) for _ in range(2))
    try:
        teacher = teacher_ctx.new_page()
        _open(teacher, base + "/asl")
        _check_saved(teacher_ctx, teacher, base, NVR)
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
        student.locator(NVR).first.uncheck()
        fresh = student_ctx.new_page()
        _open(fresh, base + "/asl")
        expect(fresh.locator(NVR).first).not_to_be_checked(timeout=WAIT)
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
    _check_saved(context, page, base, NVR)
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
