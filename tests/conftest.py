"""Shared fixtures: a real `panel serve` of every app, and Debian's Chromium through Playwright."""
from __future__ import annotations

import asyncio
import atexit
import concurrent.futures
import contextlib
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SEEDS = ROOT.parent / "shared" / "seeds"
# Saved presets and settings of the whole run (server and notebooks included) stay in a temp folder.
os.environ["WARGAME_VIEWER_DATA"] = tempfile.mkdtemp(prefix="wargame-viewer-data-")
atexit.register(shutil.rmtree, os.environ["WARGAME_VIEWER_DATA"], ignore_errors=True)
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-quic", "--no-first-run", "--disable-component-update", "--disable-sync"]


def apart(fn, *args, **kwargs):
    """``fn(*args, **kwargs)`` in a thread of its own: an event loop of a test (``asyncio.run``,
    ``bokeh.client``) cannot run in the thread where Playwright's sync API keeps its own."""
    def run():
        asyncio.set_event_loop(loop := asyncio.new_event_loop())
        try:
            return fn(*args, **kwargs)
        finally:
            loop.close()

    with concurrent.futures.ThreadPoolExecutor(1) as pool:
        return pool.submit(run).result()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextlib.contextmanager
def serve_apps(tmp_path_factory, data_dir: str | None = None, root: Path = ROOT):
    """Serve every app in ``root``/apps as `make serve` does; yields (base_url, log_path).

    ``data_dir``: the user data folder of this server (default: the run's shared one); ``root``: a
    copy of the project to serve instead of this one (its ``viewer`` package is the one imported)."""
    port = free_port()
    log = tmp_path_factory.mktemp("serve") / "panel.log"
    apps = sorted(str(p) for p in (root / "apps").glob("*.py"))
    cmd = [sys.executable, "-m", "panel", "serve", *apps, "--index", "index", "--address", "127.0.0.1",
           "--port", str(port), f"--allow-websocket-origin=localhost:{port}",
           f"--allow-websocket-origin=127.0.0.1:{port}", "--num-procs", "1"]
    env = dict(os.environ)
    if data_dir is not None:
        env["WARGAME_VIEWER_DATA"] = data_dir
    if root != ROOT:
        env["PYTHONPATH"] = str(root)
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=root, stdout=fh, stderr=subprocess.STDOUT, env=env)
    base = f"http://localhost:{port}"
    deadline = time.time() + 90
    while time.time() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"panel serve exited early:\n{log.read_text()}")
        try:
            urllib.request.urlopen(base + "/liveness", timeout=2)
            break
        except OSError:
            try:
                urllib.request.urlopen(base + "/", timeout=5)
                break
            except OSError:
                time.sleep(0.5)
    else:
        proc.terminate()
        raise RuntimeError(f"panel serve did not answer in 90 s:\n{log.read_text()}")
    try:
        yield base, log
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


@pytest.fixture(scope="session")
def server(tmp_path_factory):
    """Every app served once for the whole run; yields (base_url, log_path)."""
    with serve_apps(tmp_path_factory) as served:
        yield served


@pytest.fixture(scope="session")
def browser():
    sync_api = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium")
    with sync_api.sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        yield b
        b.close()


class PageWatch:
    """Console errors and requests that leave localhost, collected while a page runs."""

    def __init__(self, page):
        self.page = page
        self.errors: list[str] = []
        self.external: list[str] = []
        page.on("console", lambda m: m.type == "error" and self.errors.append(m.text))
        page.on("pageerror", lambda e: self.errors.append(str(e)))
        page.on("request", self._request)

    def _request(self, request):
        url = request.url
        if not url.startswith(("http://localhost", "http://127.0.0.1", "ws://localhost",
                               "ws://127.0.0.1", "blob:", "data:", "about:")):
            self.external.append(url)


@pytest.fixture
def context(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(45_000)
    yield ctx
    ctx.close()


@pytest.fixture
def watched(context):
    page = context.new_page()
    return PageWatch(page)


@pytest.fixture(scope="session")
def europe():
    """The bundled Europe 1939 map, loaded once for the run (modules may define their own)."""
    from viewer.board import load_map

    return load_map("europe")
