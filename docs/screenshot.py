"""Take the README's screenshots: serve the apps, open each one, save PNGs (needs /usr/bin/chromium).

``docs/screenshot-wif.png``: /wif on the `europe` map (1 September 1939) with its countries, sea
areas and city names, the layer panel's printed-style key, and Warsaw's hex selected.
``docs/screenshots/<app>-<lang>.png``: every app (the landing page is ``index``) as it opens, in
English and in Spanish, in a window 1280 px wide (the README's gallery links them all).

    .venv/bin/python docs/screenshot.py            # every shot
    .venv/bin/python docs/screenshot.py use asl    # the gallery shots of these apps only
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

#: The gallery: app -> its path on the server, in the order the README shows them.
GALLERY = {"index": "/", "wif": "/wif", "use": "/use", "asl": "/asl", "churchill": "/churchill",
           "starcraft": "/starcraft", "reference": "/reference"}
LANGS = ("en", "es")
WIDTH, HEIGHT = 1280, 800
SHOTS = ROOT / "docs" / "screenshots"
IDLE = "() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.documents.every(d => d.is_idle)"


def gallery_path(app: str, lang: str) -> Path:
    """Where the gallery shot of ``app`` in ``lang`` is saved."""
    return SHOTS / f"{app}-{lang}.png"


def _opened(page, url: str) -> None:
    """Open ``url`` and wait until its page has drawn and stopped changing (the server's last
    message answered and the page's size steady for a second)."""
    page.goto(url)
    page.wait_for_function(IDLE, timeout=90_000)
    page.wait_for_function("""() => {
      const h = document.documentElement.scrollHeight, now = Date.now();
      if (window.__shotH !== h) { window.__shotH = h; window.__shotT = now; return false; }
      return now - window.__shotT > 1000 && Bokeh.documents.every(d => d.is_idle);
    }""", timeout=90_000, polling=250)


def _wif_shot(page, base: str) -> None:
    _opened(page, base + "/wif")
    page.locator(".map-layers button").get_by_text("Sea areas").click()
    page.locator(".map-layers button").get_by_text("Zone weather").click()  # political map only
    page.wait_for_function(IDLE)
    _click_hex(page, load_map("europe").hex_at(21.01, 52.23))  # Warsaw
    page.get_by_text("Warsaw").first.wait_for()
    page.wait_for_function(IDLE)
    page.screenshot(path=str(ROOT / "docs" / "screenshot-wif.png"))


def main(apps: list[str]) -> None:
    from playwright.sync_api import sync_playwright

    unknown = [a for a in apps if a not in GALLERY]
    if unknown:
        raise SystemExit(f"unknown app {', '.join(unknown)}; allowed: {', '.join(GALLERY)}")
    port = free_port()
    served = sorted(str(p) for p in (ROOT / "apps").glob("*.py"))
    proc = subprocess.Popen([sys.executable, "-m", "panel", "serve", *served, "--index", "index",
                             "--port", str(port), f"--allow-websocket-origin=localhost:{port}"],
                            cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://localhost:{port}"
    SHOTS.mkdir(exist_ok=True)
    try:
        for _ in range(120):
            try:
                urllib.request.urlopen(base + "/", timeout=2)
                break
            except OSError:
                time.sleep(0.5)
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport={"width": WIDTH, "height": HEIGHT})
            if not apps:
                _wif_shot(page, base)
            for app in apps or list(GALLERY):
                for lang in LANGS:
                    _opened(page, f"{base}{GALLERY[app]}?lang={lang}")
                    page.screenshot(path=str(gallery_path(app, lang)))
                    print(gallery_path(app, lang).relative_to(ROOT))
            browser.close()
    finally:
        proc.terminate()


if __name__ == "__main__":
    main(sys.argv[1:])
