"""Take the README's screenshots: serve the apps, click a hex, save PNGs (needs /usr/bin/chromium).

/wif opens on the `europe` map (1 September 1939); the shot shows its countries, sea areas and
city names with the layer panel's printed-style key, and Warsaw's hex selected.

    .venv/bin/python docs/screenshot.py
"""
from __future__ import annotations

import subprocess
import sys
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.conftest import CHROMIUM, CHROMIUM_ARGS, free_port  # noqa: E402
from tests.ui.test_pages import _click_hex  # noqa: E402
from viewer.board import load_map  # noqa: E402


def main() -> None:
    from playwright.sync_api import sync_playwright

    port = free_port()
    apps = sorted(str(p) for p in (ROOT / "apps").glob("*.py"))
    proc = subprocess.Popen([sys.executable, "-m", "panel", "serve", *apps, "--index", "index",
                             "--port", str(port), f"--allow-websocket-origin=localhost:{port}"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://localhost:{port}"
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": 1400, "height": 820})
            page.goto(base + "/wif")
            page.wait_for_timeout(4000)
            page.locator(".map-layers button").get_by_text("Sea areas").click()
            page.locator(".map-layers button").get_by_text("Zone weather").click()  # political map only
            page.wait_for_timeout(1000)
            _click_hex(page, load_map("europe").hex_at(21.01, 52.23))  # Warsaw
            page.wait_for_timeout(1500)
            page.screenshot(path=str(ROOT / "docs" / "screenshot-wif.png"))
            page.goto(base + "/?lang=es")
            page.wait_for_timeout(3000)
            page.screenshot(path=str(ROOT / "docs" / "screenshot-landing-es.png"))
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main()
