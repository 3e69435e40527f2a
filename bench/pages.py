"""Page benchmark (a script, not a test): ``python bench/pages.py [--quick]``.

Serves the apps and a bare baseline page in one ``panel serve`` and drives headless Chromium
through them. The bare page is what Bokeh and Panel give with no project code: one figure, one
``hex_tile`` glyph of the same hexes, a tap that writes the hex into a Markdown pane, and a Select
that patches the colours of every hex. Every figure is printed beside the bare page's, as a ratio,
measured in the same run under the same load (the load average is printed with them).

Measured per page:

* ``session``: seconds for the server to answer the page's HTTP request (Panel builds the
  session's document before it sends any HTML), for a second session (the first pays the imports);
* ``paint``: seconds from navigation until every Bokeh document in the page is idle (rendered);
* ``bytes``: websocket bytes the page received while loading (the document and its data);
* ``click``: a hex click until the server's last message of the answer (no message for
  ``QUIET`` seconds after it), on /wif and the bare page;
* ``weather``: a zone set to Blizzard until the last message (/wif), against the bare page's
  recolour of every hex;
* ``lang``: English -> Español until the last message, against the bare round trip;
* ``MB/session``: server memory added by each of three more sessions of the page;
* ``click done``, ``weather done``, ``lang done``: the same actions until the browser is done as
  well, the later of the last message and the end of the browser's last long task (the repaint a
  message starts may end well after it).

The 70,200-hex world (MWiF's size) is a synthetic map built as ``bench/render.py`` builds it and
served by a page of its own (the map view and its layers), never shipped.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"]
#: A file that gets every large text frame of a traced action (``BENCH_DUMP``), to read what an answer sends.
DUMP = os.environ.get("BENCH_DUMP")
#: Records the page's long tasks (``--trace``): how long the browser's main thread was busy.
LONG_TASKS = ("window.__longTasks = []; new PerformanceObserver(list => { for (const e of list.getEntries())"
              " window.__longTasks.push([e.startTime, e.duration]) }).observe({type: 'longtask', buffered: true});")
#: Seconds without a server message that end an answer.
QUIET = float(os.environ.get("BENCH_QUIET", "1.0"))

BARE = '''
"""The bare page: one figure, one hex_tile glyph, a tap -> Markdown, a Select -> patch of every colour."""
import numpy as np
import panel as pn
from bokeh.models import ColumnDataSource, TapTool
from bokeh.plotting import figure

from viewer.board import load_map
from viewer.board.synthetic import rectangle_map

name = pn.state.session_args.get("map", [b"europe"])[0].decode()
hexmap = rectangle_map(270, 260, seed=70_200) if name == "synthetic-70200" else load_map(name)
h = hexmap.hexes
sheet = hexmap.sheets[h["sheet"].iloc[0]]
own = h[h["sheet"] == sheet.name]
n = len(own)
palette = np.array(["#d9d9d9", "#74a35a", "#8c6d46", "#e8d28a", "#7fb3d5"])
src = ColumnDataSource({"q": own["q"].to_numpy(), "r": own["r"].to_numpy(),
                        "color": palette[np.arange(n) % 4]})
fig = figure(name="hexmap", match_aspect=True, tools="pan,wheel_zoom,tap", sizing_mode="stretch_width",
             height=560)
fig.hex_tile(q="q", r="r", size=sheet.size, orientation=sheet.orientation, fill_color="color", line_color=None,
             source=src)
info = pn.pane.Markdown("", css_classes=["bare-info"])
weather = pn.widgets.Select(options=["fine", "blizzard"], value="fine", css_classes=["bare-weather"])


def on_tap(attr, old, new):
    info.object = f"Hex {int(src.data['q'][new[0]])}, {int(src.data['r'][new[0]])}" if new else ""


def recolour(event):
    colors = palette[np.arange(n) % 4] if event.new == "fine" else np.full(n, "#ffffff")
    src.patch({"color": [(slice(0, n), colors)]})
    info.object = event.new


src.selected.on_change("indices", on_tap)
weather.param.watch(recolour, "value")
pn.Column(weather, info, pn.pane.Bokeh(fig, sizing_mode="stretch_width"), sizing_mode="stretch_width").servable()
'''

WORLD = '''
"""A 70,200-hex synthetic world in the map view with its layers (bench only)."""
import panel as pn

from viewer.board.synthetic import rectangle_map
from viewer.views import AppShell, MapView, extension
from viewer.views.map.map_layers import MapLayers

extension()
shell = AppShell("game.wif.name")
view = MapView(hexmap=rectangle_map(270, 260, seed=70_200), state=shell.state)
shell.serve(pn.Row(view, MapLayers(view=view), sizing_mode="stretch_width"))
'''

#: name, URL path, the hex clicked (lon, lat on the map), whether a weather zone can be set
PAGES = [
    ("bare europe", "/bare?map=europe", "bare"),
    ("/wif", "/wif", "wif"),
    ("bare wif-world", "/bare?map=wif-world", "bare"),
    ("/wif?map=wif-world", "/wif?map=wif-world", "wif"),
    ("bare use", "/bare?map=use", "bare"),
    ("/use", "/use", "other"),
    ("/asl", "/asl", "other"),
    ("/churchill", "/churchill", "other"),
    ("/starcraft", "/starcraft", "other"),
    ("/reference", "/reference", "other"),
    ("bare 70,200", "/bare?map=synthetic-70200", "bare"),
    ("world 70,200", "/world70k", "other"),
]
#: The bare page each page is compared with.
BASELINE = {"/wif": "bare europe", "/wif?map=wif-world": "bare wif-world", "/use": "bare use",
            "/asl": "bare europe", "/churchill": "bare europe", "/starcraft": "bare europe",
            "/reference": "bare europe", "world 70,200": "bare 70,200"}


PROFILER = '''
"""Server setup for ``--profile``: SIGUSR1 starts cProfile in the server's thread, SIGUSR2 stops it
and appends the stats to the file named by BENCH_PROFILE_OUT."""
import cProfile
import os
import pstats
import signal

_prof = [None]


def _start(*_):
    _prof[0] = cProfile.Profile()
    _prof[0].enable()


def _stop(*_):
    if _prof[0] is None:
        return
    _prof[0].disable()
    with open(os.environ["BENCH_PROFILE_OUT"], "a") as out:
        stats = pstats.Stats(_prof[0], stream=out)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)
    _prof[0] = None


signal.signal(signal.SIGUSR1, _start)
signal.signal(signal.SIGUSR2, _stop)
'''


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _rss_mb(pid: int) -> float:
    total = 0
    for child in [pid, *_children(pid)]:
        try:
            for line in Path(f"/proc/{child}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            pass
    return total / 1024


def _children(pid: int) -> list[int]:
    try:
        return [int(p) for p in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]
    except OSError:
        return []


class Watch:
    """Websocket frames a page receives: bytes and the time of the last one."""

    def __init__(self, page):
        self.bytes = 0
        self.count = 0
        self.last = time.perf_counter()
        #: (time, size, start) of every frame while set to a list (``--trace``)
        self.log: list | None = None
        #: Whether the page's busy indicator is on (the server is still answering).
        self.busy = False
        page.on("websocket", self._socket)

    def _socket(self, ws):
        ws.on("framereceived", self._frame)
        ws.on("framesent", self._sent)

    def _sent(self, payload):
        """A frame the browser sent (traced only: the browser's own messages, e.g. a widget value
        it sends back after applying a patch, each cost the server a round trip)."""
        if self.log is not None:
            self.log.append((time.perf_counter(), len(payload),
                             "SENT " + (payload[:154] if isinstance(payload, str) else "<binary>")))

    def _frame(self, payload):
        self.bytes += len(payload)
        self.count += 1
        self.last = time.perf_counter()
        if isinstance(payload, str) and '"css_classes"' in payload and '"loader"' in payload:
            # Panel's busy indicator: on while the server runs a callback
            self.busy = '"spin"' in payload.split('"loader"', 1)[1].split("]", 1)[0]
        if self.log is not None:
            self.log.append((self.last, len(payload), payload[:160] if isinstance(payload, str) else "<binary>"))
            if DUMP and isinstance(payload, str) and len(payload) > 1000:
                with open(DUMP, "a") as out:
                    out.write(payload + "\n")

    def answer(self, page, start: float, timeout: float = 120.0) -> float:
        """Seconds from ``start`` to the last frame, once the socket has been quiet for QUIET s with the
        page's busy indicator off (a slow callback may send nothing for longer than QUIET)."""
        first = self.count
        deadline = start + timeout
        while time.perf_counter() < deadline:
            page.wait_for_timeout(100)
            if self.count > first and not self.busy and time.perf_counter() - self.last > QUIET:
                return self.last - start
        return float("nan")


def _idle(page, timeout=180_000):
    page.wait_for_function("() => window.Bokeh && Bokeh.documents && Bokeh.documents.length > 0"
                           " && Bokeh.documents.every(d => d.is_idle)", timeout=timeout)


def _screen_point(page, x: float, y: float):
    return page.evaluate("""([x, y]) => {
      for (const doc of Bokeh.documents) {
        const plot = doc.get_model_by_name('hexmap');
        if (!plot) continue;
        const view = Bokeh.index.find_one_by_id(plot.id);
        view.canvas_view.el.scrollIntoView({block: "center"});
        const rect = view.canvas_view.el.getBoundingClientRect();
        return [rect.left + view.frame.x_scale.compute(x), rect.top + view.frame.y_scale.compute(y)];
      }
      return null;
    }""", [x, y])


def _hex_xy(path: str) -> tuple[float, float]:
    """Data coordinates of Berlin's hex (or the map's first hex) as the page draws it."""
    from viewer import hexgrid
    from viewer.board import load_map
    from viewer.views.map.mapview import sheet_shifts

    name = "wif-world" if "wif-world" in path else ("use" if "use" in path else "europe")
    m = load_map(name)
    key = m.hex_at(13.40, 52.52) if name != "use" else tuple(m.hexes[["sheet", "q", "r"]].iloc[100])
    sheet = m.sheets[key[0]]
    dq, dr = (0, 0) if path.startswith("/bare") else sheet_shifts(m)[key[0]]
    return hexgrid.hex_to_pixel(key[1] + dq, key[2] + dr, sheet.size, sheet.orientation)


def _act(row: dict[str, float], column: str, watch: Watch, page, action, trace: bool,
         server=None, profile: str = "") -> None:
    """Run ``action`` and record its answer time, the frames and the bytes the page received for it
    (with ``profile`` naming this column, the server's cProfile of the action)."""
    count, size = watch.count, watch.bytes
    profiling = server is not None and profile == column
    if profiling:
        server.send_signal(signal.SIGUSR1)
    if trace:
        watch.log = []
    browser_t0 = page.evaluate("performance.now()")
    t0 = time.perf_counter()
    action()
    row[column] = watch.answer(page, t0)
    # until the browser is done too: its last long task (a repaint after the last message) may end later
    ends = [start + length for start, length in page.evaluate("window.__longTasks || []")
            if start + length > browser_t0]
    row[f"{column} done"] = max(row[column], (max(ends) - browser_t0) / 1e3 if ends else 0.0)
    if profiling:
        server.send_signal(signal.SIGUSR2)
    row[f"{column} msgs"] = watch.count - count
    row[f"{column} KB"] = (watch.bytes - size) / 1e3
    if trace and watch.log is not None:
        print(f"    {column}: {row[column]:.2f} s, {watch.count - count} frames, {(watch.bytes - size) / 1e3:.1f} KB")
        for at, n, head in watch.log:
            print(f"      +{at - t0:6.3f} s {n:>8} B  {head!r:.140}")
        watch.log = None
        tasks = [(start, length) for start, length in page.evaluate("window.__longTasks || []")
                 if start + length > browser_t0]
        if tasks:
            print(f"      browser: {len(tasks)} long tasks, {sum(d for _, d in tasks) / 1e3:.2f} s busy, the last"
                  f" ending at +{(max(a + d for a, d in tasks) - browser_t0) / 1e3:.3f} s")


def run(quick: bool, only: list[str] | None = None, trace: bool = False, memory: bool = True,
        profile: str = "", layout_batch: bool = True, relabel: bool = True) -> None:
    from playwright.sync_api import sync_playwright

    apps = tempfile.mkdtemp(prefix="bench-pages-")
    Path(apps, "bare.py").write_text(textwrap.dedent(BARE))
    Path(apps, "world70k.py").write_text(textwrap.dedent(WORLD))
    Path(apps, "profiler.py").write_text(PROFILER)
    port = _port()
    served = [str(p) for p in sorted((ROOT / "apps").glob("*.py"))] + [f"{apps}/bare.py", f"{apps}/world70k.py"]
    env = {**os.environ, "WARGAME_VIEWER_DATA": tempfile.mkdtemp(prefix="bench-data-"),
           "PYTHONPATH": str(ROOT), "BENCH_PROFILE_OUT": f"{apps}/profile.txt"}
    server = subprocess.Popen([sys.executable, "-m", "panel", "serve", *served, "--port", str(port),
                               "--address", "127.0.0.1", f"--allow-websocket-origin=localhost:{port}",
                               f"--allow-websocket-origin=127.0.0.1:{port}",
                               # a closed page's session lives until the run ends: Panel runs a full
                               # gc.collect() after destroying one (seconds on this heap), which would
                               # otherwise land inside whichever action is measured at that moment
                               "--check-unused-sessions", "3600000", "--unused-session-lifetime", "3600000",
                               *(["--setup", f"{apps}/profiler.py"] if profile else [])],
                              cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    base = f"http://localhost:{port}"
    for _ in range(240):
        try:
            urllib.request.urlopen(base + "/bare", timeout=60)
            break
        except OSError:
            time.sleep(0.5)
    rows: dict[str, dict[str, float]] = {}
    pages = [p for p in PAGES if not quick or p[0] in ("bare europe", "/wif", "/use")]
    if only:
        wanted = set(only) | {BASELINE.get(name, "") for name in only}
        pages = [p for p in pages if p[0] in wanted]
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for name, path, kind in pages:
                row: dict[str, float] = {}
                urllib.request.urlopen(base + path, timeout=300).read()   # the process's first: imports
                t0 = time.perf_counter()
                urllib.request.urlopen(base + path, timeout=300).read()
                row["session"] = time.perf_counter() - t0
                context = browser.new_context(viewport={"width": 1280, "height": 1000})
                if not layout_batch:  # the script installs only where this is unset
                    context.add_init_script("window.wargameLayoutBatch = {off: true}")
                if not relabel:
                    context.add_init_script("window.wargameRelabel = {off: true}")
                # the browser's long tasks (main thread busy >= 50 ms): when an answer is painted
                context.add_init_script(LONG_TASKS)
                page = context.new_page()
                watch = Watch(page)
                t0 = time.perf_counter()
                page.goto(base + path, timeout=300_000)
                _idle(page)
                row["paint"] = time.perf_counter() - t0
                watch.answer(page, t0)
                row["bytes"] = watch.bytes
                if kind in ("bare", "wif"):
                    x, y = _hex_xy(path) if "70200" not in path else (0.0, 0.0)
                    point = _screen_point(page, x, y)
                    if point:
                        _act(row, "click", watch, page, lambda: page.mouse.click(*point), trace, server, profile)
                if kind == "bare":
                    _act(row, "weather", watch, page,
                         lambda: page.locator(".bare-weather select").select_option("blizzard"), trace, server, profile)
                    row["lang"], row["lang done"] = row["weather"], row["weather done"]
                elif kind == "wif":
                    _act(row, "weather", watch, page,
                         lambda: page.locator(".weather-zone-north-temperate select").first.select_option(
                             label="Blizzard"), trace, server, profile)
                if kind != "bare":
                    _act(row, "lang", watch, page,
                         lambda: page.locator(".language-switch button").nth(1).click(), trace, server, profile)
                context.close()
                rows[name] = row
                if not memory:
                    print(f"  measured {name}", flush=True)
                    continue
                before = _rss_mb(server.pid)
                extra = [browser.new_context() for _ in range(3)]
                for ctx in extra:
                    p = ctx.new_page()
                    p.goto(base + path, timeout=300_000)
                    _idle(p)
                row["MB/session"] = (_rss_mb(server.pid) - before) / 3
                for ctx in extra:
                    ctx.close()
                rows[name] = row
                print(f"  measured {name}", flush=True)
            browser.close()
    finally:
        server.terminate()
        server.wait(timeout=30)
    if profile and Path(apps, "profile.txt").exists():
        print(Path(apps, "profile.txt").read_text())
    _report(rows)


#: Each measure's goal, as a ratio against the bare page.
GOALS = {"paint": 1.5, "bytes": 1.5, "click": 1.5, "weather": 1.5, "lang": 2.0}


def _report(rows: dict[str, dict[str, float]]) -> None:
    load = os.getloadavg()
    print(f"\nload average {load[0]:.2f} {load[1]:.2f} {load[2]:.2f}; {os.cpu_count()} cores; "
          f"an answer ends after {QUIET:.1f} s without a server message")
    cols = ("session", "paint", "bytes", "click", "weather", "lang", "MB/session")
    print(f"{'page':<20}" + "".join(f"{c:>19}" for c in cols))
    for name, row in rows.items():
        bare = rows.get(BASELINE.get(name, ""), {})
        cells = []
        for c in cols:
            v = row.get(c)
            if v is None:
                cells.append(f"{'-':>19}")
                continue
            text = f"{v / 1e3:.0f} KB" if c == "bytes" else (f"{v:.1f}" if c == "MB/session" else f"{v:.2f} s")
            b = bare.get(c) if c != "lang" else bare.get("lang")
            ratio = f" ({v / b:.1f}x)" if b and c != "MB/session" else ""
            cells.append(f"{text + ratio:>19}")
        print(f"{name:<20}" + "".join(cells))
    print("\nuntil the browser is done (the later of the server's last message and the end of the browser's"
          " last long task):")
    done = ("click done", "weather done", "lang done")
    print(f"{'page':<20}" + "".join(f"{c:>19}" for c in done))
    for name, row in rows.items():
        bare = rows.get(BASELINE.get(name, ""), {})
        cells = []
        for c in done:
            v, b = row.get(c), bare.get(c)
            cells.append(f"{'-':>19}" if v is None else f"{f'{v:.2f} s' + (f' ({v / b:.1f}x)' if b else ''):>19}")
        print(f"{name:<20}" + "".join(cells))
    print("\nframes and KB the page received for each action:")
    for name, row in rows.items():
        parts = [f"{c} {row[c + ' msgs']:.0f} frames {row[c + ' KB']:.1f} KB" for c in ("click", "weather", "lang")
                 if c + " msgs" in row]
        print(f"  {name:<18} " + "; ".join(parts))
    print("\nratios: against the bare page of the same map in this run (lang and weather: against the bare"
          " page's Select round trip)")
    print("\ngoals (docs/NOTES.md, page speed):")
    for name, row in rows.items():
        bare = rows.get(BASELINE.get(name, ""), {})
        if not bare or name == BASELINE.get(name):
            continue
        for column, goal in GOALS.items():
            if column in row and bare.get(column):
                ratio = row[column] / bare[column]
                print(f"  {name:<18} {column:<8} {ratio:5.1f}x (goal <= {goal:g}x): {'PASS' if ratio <= goal else 'FAIL'}")
        if "MB/session" in row:
            mb = row["MB/session"]
            print(f"  {name:<18} memory   {mb:5.1f} MB a session (goal <= 8 MB): {'PASS' if mb <= 8 else 'FAIL'}")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="only the bare page, /wif and /use")
    parser.add_argument("--pages", default="", help="comma-separated page names (e.g. '/use,/wif'); "
                        "each page's bare page is added")
    parser.add_argument("--trace", action="store_true", help="print every frame of each action")
    parser.add_argument("--no-memory", action="store_true", help="skip the memory per session (faster)")
    parser.add_argument("--profile", default="", choices=["", "click", "weather", "lang"],
                        help="print the server's cProfile of this action on each page")
    parser.add_argument("--no-layout-batch", action="store_true",
                        help="turn off viewer/views/common/layout_batch.py in the browser (to measure what it buys)")
    parser.add_argument("--no-relabel-in-place", action="store_true",
                        help="turn off viewer/views/common/relabel_in_place.py in the browser (to measure what it buys)")
    args = parser.parse_args()
    run(args.quick, [p for p in args.pages.split(",") if p] or None, args.trace, not args.no_memory, args.profile,
        not args.no_layout_batch, not args.no_relabel_in_place)
