"""A newcomer's walk through every app, in English and in Spanish, each at 1280 and 1024 px.

Each page is opened, every section shown and up to ``ITEMS_PER_LIST`` calculators (and tables) of
each list chosen, spread over the list;
after each step the page is measured at both widths (the window is resized, the page is not
walked twice). The tests then fail on a sideways scroll
(the document's or any shown element's width past the window), on a Python value or an internal
key in the visible text, and on a traceback the server logged during the walk. Every page is
walked once per language (one server for the module); the tests below read the walk's findings.
"""
from __future__ import annotations

import time
from dataclasses import dataclass, field

import pytest

pytest.importorskip("playwright")

from playwright.sync_api import TimeoutError as PlaywrightTimeout  # noqa: E402

from tests.conftest import serve_apps  # noqa: E402
from tests.ui.browser import WAIT, our_tracebacks, wait_until  # noqa: E402
from tests.common.visible_text import OPTION_KEYS, bad_text  # noqa: E402
from tests.ui.walk_js import OVERFLOW, VISIBLE_TEXT  # noqa: E402

pytestmark = pytest.mark.ui

APPS = ["/", "/wif", "/use", "/asl", "/churchill", "/starcraft", "/reference"]
LANGS = ["en", "es"]
#: The window widths each step is measured at, the first the one the language is walked at:
#: English at 1280 px, Spanish (the longer texts) at 1024 px, then each at the other width.
WIDTHS = {"en": (1280, 1024), "es": (1024, 1280)}
HEIGHT = 900

#: The lists a section shows one item of at a time: calculators, weather calculators, tables.
CHOOSERS = (".calculator-list-select select, .chooser-select select, .weather-calculator-select select,"
            " .table-editor-select select")

#: Items of each list the walk chooses, spread over the list (the first, the last and between):
#: every item of /wif's long calculator list would make the walk twice the rest of the suite.
ITEMS_PER_LIST = 5
#: Milliseconds a list read or choice waits for its list before reading the list again.
LIST_WAIT = 10_000

IDLE = "() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents.every(d => d.is_idle)"

@dataclass
class Findings:
    """What one walk of a page in one language met."""

    wide: dict[str, list[str]] = field(default_factory=dict)   # "step @ width" -> what overflows
    text: dict[str, list[str]] = field(default_factory=dict)   # text shown -> the bad parts in it
    tracebacks: list[str] = field(default_factory=list)
    steps: list[str] = field(default_factory=list)


class Walker:
    """One page in the browser, with the server's messages counted to know when a step is done."""

    def __init__(self, page):
        self.page = page
        self.frames = 0
        self.last_frame = 0.0
        page.on("websocket", lambda ws: ws.on("framereceived", self._frame))

    def _frame(self, _payload) -> None:
        self.frames += 1
        self.last_frame = time.monotonic()

    def settle(self, action, answer_within: float = 3, answered: bool = False) -> None:
        """Do ``action``, then wait until the server has answered it and the page is idle again.
        An ``answered`` action waits for the answer however slow the server is; any other action
        needed no answer when nothing comes within ``answer_within`` seconds."""
        before, start = self.frames, time.monotonic()
        action()

        def done():
            idle = self.page.evaluate(IDLE)  # also lets Playwright report the frames received
            now = time.monotonic()
            if self.frames > before:
                return idle and now - self.last_frame > 0.3
            return not answered and now - start > answer_within
        wait_until(done, timeout=WAIT / 1000, interval=0.1)

    def overflow(self) -> list[str]:
        """What runs past the window now; polled briefly, since the browser lays a page out again
        after a change."""
        seen: list[str] = []

        def clean():
            o = self.page.evaluate(OVERFLOW)
            seen[:] = ([f"document {o['doc'][0]} px wide in {o['doc'][1]} px"] if o["doc"][0] > o["doc"][1] else [])
            seen.extend(o["wide"])
            return not seen
        try:
            wait_until(clean, timeout=2, interval=0.25)
        except AssertionError:
            pass
        return list(seen)


def _walk(base: str, log, browser, app: str, lang: str) -> Findings:
    found = Findings()
    start = log.stat().st_size if log.exists() else 0
    widths = WIDTHS[lang]
    context = browser.new_context(viewport={"width": widths[0], "height": HEIGHT})
    context.set_default_timeout(WAIT)
    page = context.new_page()
    walker = Walker(page)

    def look(step: str) -> None:
        found.steps.append(step)
        for text in page.evaluate(VISIBLE_TEXT):
            bad = bad_text(text)
            if bad:
                found.text.setdefault(text[:160], bad)
        for width in (*widths[1:], widths[0]):   # back at the walk's own width last
            page.set_viewport_size({"width": width, "height": HEIGHT})
            wide = walker.overflow()
            if wide:
                found.wide[f"{step} @ {width} px"] = wide

    try:
        sep = "&" if "?" in app else "?"
        walker.settle(lambda: page.goto(f"{base}{app}{sep}lang={lang}"))
        page.wait_for_function(IDLE, timeout=WAIT)
        look("opened")
        switch = page.locator(".section-switch button")
        for i in range(switch.count()):
            name = switch.nth(i).inner_text().strip()
            if i:
                walker.settle(lambda: switch.nth(i).click(), answered=True)
            look(f"section {name!r}")
            choosers = page.locator(f"{CHOOSERS} >> visible=true")
            for c in range(choosers.count()):
                if c >= choosers.count():   # a choice may hide the lists after it
                    break
                chooser = choosers.nth(c)
                k, missed = 0, 0
                while choosers.count() > c:   # a choice may hide this list too
                    # read in one go, the list as it is now: a list's prompt leaves once an item is
                    # chosen, and a slow answer may change or re-render the list between two reads
                    try:
                        count, selected, title = chooser.evaluate(
                            "(s, k) => [s.options.length, s.selectedIndex,"
                            " k < s.options.length ? s.options[k].text.trim() : null]", k, timeout=LIST_WAIT)
                        if title is None:
                            break
                        changes = selected != k
                        walker.settle(lambda: chooser.select_option(index=k, timeout=LIST_WAIT),
                                      answer_within=30 if changes else 0.5)
                    except PlaywrightTimeout:
                        missed += 1   # the list changed under the action: read it again
                        if missed > 3:
                            raise
                        continue
                    look(f"section {name!r}, {title!r}")
                    k += max(1, -(-count // ITEMS_PER_LIST))
    finally:
        context.close()
    text = log.read_bytes()[start:].decode("utf-8", "replace") if log.exists() else ""
    found.tracebacks = our_tracebacks(text)
    return found


@pytest.fixture(scope="module")
def walks(tmp_path_factory, browser):
    """``walks(app, lang)``: the findings of that page's walk, walked the first time asked."""
    done: dict[tuple[str, str], Findings] = {}
    with serve_apps(tmp_path_factory) as (base, log):
        def get(app: str, lang: str) -> Findings:
            if (app, lang) not in done:
                done[app, lang] = _walk(base, log, browser, app, lang)
            return done[app, lang]
        yield get


#: Pages whose walk finds a fault outside the shared layout, each named with what it is; they are
#: expected to fail until their page is fixed (strict: a fixed page makes the mark fail).
KNOWN: dict[tuple[str, str, str], str] = {}


def _cases(kind: str):
    for app in APPS:
        for lang in LANGS:
            reason = KNOWN.get((kind, app, lang))
            marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
            yield pytest.param(app, lang, marks=marks, id=f"{app}-{lang}")


@pytest.mark.parametrize("app, lang", list(_cases("wide")))
def test_no_page_scrolls_sideways(walks, app, lang):
    found = walks(app, lang)
    assert found.steps, "the walk took no step"
    assert found.wide == {}, "runs past the window:\n" + "\n".join(
        f"{step}: " + "; ".join(what) for step, what in found.wide.items())


@pytest.mark.parametrize("app, lang", list(_cases("text")))
def test_no_python_value_or_internal_key_is_shown(walks, app, lang):
    found = walks(app, lang)
    assert found.text == {}, "shown as Python or as a key:\n" + "\n".join(
        f"{bad} in {text!r}" for text, bad in found.text.items())


@pytest.mark.parametrize("app, lang", list(_cases("traceback")))
def test_the_server_logs_no_traceback(walks, app, lang):
    found = walks(app, lang)
    assert found.tracebacks == [], "\n\n".join(found.tracebacks)


def test_the_text_check_catches_what_it_should():
    """The checks themselves: a repr, a key and an option slug are caught; plain sentences are not."""
    assert bad_text("Result: {'2N5': 2}") and bad_text("['2L4@0']") and bad_text("None")
    assert bad_text("4 MP (attack:clear 1)") and bad_text("last_asterisks: unknown")
    assert "jul-aug" in OPTION_KEYS and bad_text("Tiempo de jul-aug") == ["jul-aug"]
    assert bad_text("Weather 12.5% · hex 2W7, off-map, Sea areas") == []
    assert bad_text("7/12 ≈ 58.33%") == ["8.33%"]
    assert bad_text("2d6: 12.5 %") and bad_text("1/8 (12.5%), 50%") == []
