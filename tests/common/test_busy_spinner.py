"""The header's busy spinner (viewer/views/common/shell.py): it stops as soon as the server is
done, turns only after a wait, and the browser's report of a changed address does not turn it."""
from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

import panel as pn
from panel.io.location import Location
from panel.io.state import state

from viewer.views.common.shell import SPIN_AFTER, AppShell, extension, quicken


def test_the_spinner_stops_at_once_when_the_server_is_done():
    """Panel's own indicator keeps its model spinning 0.5 s after the value went off."""
    def spinning_after(spinner) -> bool:
        async def on_then_off():
            model = spinner.get_root()
            spinner.value = True
            spinner.value = False
            await asyncio.sleep(0.05)
            return "spin" in model.css_classes

        # in a thread of its own: the test worker may already run an event loop in this one
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, on_then_off()).result(timeout=30)

    assert spinning_after(pn.indicators.LoadingSpinner()) is True
    assert spinning_after(quicken(pn.indicators.LoadingSpinner())) is False


def test_the_spinner_draws_its_turning_segment_only_after_the_wait():
    css = "\n".join(quicken(pn.indicators.LoadingSpinner()).stylesheets)
    assert f"busy-wait {SPIN_AFTER}s" in css and f"spin 2s linear {SPIN_AFTER}s infinite" in css


def test_every_page_uses_it():
    page = AppShell("game.wif.name").page(pn.pane.Markdown("x"))
    assert page.busy_indicator.throttle == 0
    assert any("busy-wait" in str(s) for s in page.busy_indicator.stylesheets)


def test_the_address_reported_back_by_the_browser_is_no_wait():
    extension()
    location = Location()
    before = list(state._busy_counter)
    seen = []
    watcher = state.param.watch(lambda e: seen.append(e.new), "_busy_counter")
    try:
        location._process_events({"href": "http://localhost/wif?lang=es", "search": "?lang=es"})
    finally:
        state.param.unwatch(watcher)
    assert seen == [] and list(state._busy_counter) == before
    assert location.search == "?lang=es"
