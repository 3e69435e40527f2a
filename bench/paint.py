"""Paint cost of a page's map in Chromium, renderer by renderer (a script, not a test):
``python bench/paint.py [/wif|'/wif?map=wif-world']``.

Serves viewer/apps/wif.py, opens the page headless, then repaints the largest plot's primary
canvas five times (``PlotView._actual_paint``) and prints the mean time of the whole repaint and of
each renderer's ``paint``, largest first, with the load average. A diagnostic for
docs/NOTES.md ("A hex click that repaints the ring alone"): which layers a repaint pays for.
"""
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from playwright.sync_api import sync_playwright
ROOT = Path(__file__).resolve().parents[1]
with socket.socket() as s:
    s.bind(("localhost", 0))
    port = s.getsockname()[1]
page_path = sys.argv[1] if len(sys.argv) > 1 else "/wif"
env = dict(os.environ, PYTHONPATH=str(ROOT), WARGAME_VIEWER_DATA=tempfile.mkdtemp())
srv = subprocess.Popen([sys.executable, "-m", "panel", "serve", "viewer/apps/wif.py", "--port", str(port)],
                       cwd=str(ROOT), env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
JS = """() => {
  const views = [];
  for (const root of (Bokeh.index.values ? [...Bokeh.index.values()] : Object.values(Bokeh.index))) {
    const walk = (v) => { if (v.model && v.model.type === 'Plot' || (v.constructor && v.constructor.name === 'PlotView')) views.push(v);
      for (const c of (v.child_views ?? [])) walk(c); };
    walk(root);
  }
  const all = [];
  const seen = new Set();
  const collect = (v) => { if (seen.has(v)) return; seen.add(v); if (v.computed_renderer_views) all.push(v); for (const c of (v.child_views ?? [])) collect(c); };
  for (const root of (Bokeh.index.values ? [...Bokeh.index.values()] : Object.values(Bokeh.index))) collect(root);
  const pv = all.sort((a,b)=>b.computed_renderer_views.length-a.computed_renderer_views.length)[0];
  const out = [];
  const rvs = pv.computed_renderer_views;
  const orig = new Map();
  for (const rv of rvs) { const p = rv.paint.bind(rv); orig.set(rv, rv.paint); rv.__t = 0;
     rv.paint = (ctx) => { const t = performance.now(); p(ctx); rv.__t += performance.now() - t; }; }
  let total = 0;
  for (let i = 0; i < 5; i++) {
    const t = performance.now();
    pv._invalidate_all = true; pv._actual_paint();
    total += performance.now() - t;
  }
  for (const rv of rvs) { out.push([rv.model.name || (rv.model.data_source && rv.model.data_source.name) || rv.model.type, rv.glyph ? rv.glyph.model.type + "/" + String(rv.glyph.model.line_color?.field ?? rv.glyph.model.line_color?.value ?? typeof rv.glyph.model.line_color) + "/n=" + (rv.model.data_source.get_length ? rv.model.data_source.get_length() : "") : "", rv.model.level, rv.model.visible, +(rv.__t/5).toFixed(1)]); rv.paint = orig.get(rv); }
  out.sort((a,b)=>b[4]-a[4]);
  return {total: +(total/5).toFixed(1), n: rvs.length, top: out.slice(0, 25)};
}"""
try:
    for _ in range(600):
        try:
            socket.create_connection(("localhost", port), 1).close(); break
        except OSError:
            time.sleep(0.2)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"])
        pg = b.new_page(viewport={"width": 1280, "height": 900})
        pg.goto(f"http://localhost:{port}{page_path}", timeout=180000)
        pg.wait_for_function("() => { if (!(window.Bokeh && Bokeh.index)) return false; const seen = new Set(); let n = 0; const c = (v) => { if (seen.has(v)) return; seen.add(v); if (v.computed_renderer_views) n = Math.max(n, v.computed_renderer_views.length); for (const x of (v.child_views ?? [])) c(x); }; for (const r of (Bokeh.index.values ? [...Bokeh.index.values()] : Object.values(Bokeh.index))) c(r); return n > 5; }", timeout=180000)
        pg.wait_for_timeout(8000)
        r = pg.evaluate(JS)
        print("load average", " ".join(f"{x:.2f}" for x in os.getloadavg()))
        print(page_path, "primary repaint ms:", r["total"], "renderers:", r["n"])
        for row in r["top"]: print("  ", row)
        b.close()
finally:
    srv.terminate()
