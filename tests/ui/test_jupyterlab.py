"""Every notebook in JupyterLab, in headless Chromium, with the network closed: all cells run and
each Panel or HoloViews output renders (a Bokeh view with a size), and the browser asks nothing of
any host but the local JupyterLab server (docs/architecture.md "Offline")."""
from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.conftest import free_port

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
JUPYTER = Path(sys.executable).parent / "jupyter"
LOCAL = {"localhost", "127.0.0.1"}
#: A notebook's cells on a 2-core machine shared with other tests: the lessons and the Europe map
#: build several maps; a generous wait keeps the test about behaviour, not speed.
RUN_WAIT = 240_000
#: Milliseconds for every output to draw once the cells have run.
RENDER_WAIT = 60_000

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def lab(tmp_path_factory):
    """JupyterLab serving a copy of notebooks/ from a folder of its own; yields (base url, token)."""
    pytest.importorskip("jupyterlab")
    if not JUPYTER.exists():
        pytest.fail(f"{JUPYTER} is missing: `make test` installs jupyterlab with the test extra")
    home = tmp_path_factory.mktemp("lab")
    work = home / "notebooks"
    shutil.copytree(ROOT / "notebooks", work)
    port, token = free_port(), secrets.token_hex(16)
    env = {**os.environ, "PYTHONPATH": str(ROOT), "JUPYTER_CONFIG_DIR": str(home / "config"),
           "JUPYTER_RUNTIME_DIR": str(home / "runtime"), "JUPYTERLAB_WORKSPACES_DIR": str(home / "workspaces"),
           "JUPYTERLAB_SETTINGS_DIR": str(home / "settings")}
    cmd = [str(JUPYTER), "lab", "--no-browser", f"--ServerApp.token={token}", f"--port={port}",
           "--ServerApp.ip=127.0.0.1", "--ServerApp.port_retries=0", f"--ServerApp.root_dir={work}",
           "--LabApp.expose_app_in_browser=True", "--LabApp.news_url=None",
           "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate", "--LabApp.extension_manager=readonly",
           *(["--allow-root"] if os.geteuid() == 0 else [])]
    for name, values in SETTINGS.items():
        folder, plugin = name.split("/")
        target = home / "settings" / "@jupyterlab" / folder / f"{plugin}.jupyterlab-settings"
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(values))
    log = home / "lab.log"
    with open(log, "w") as fh:
        proc = subprocess.Popen(cmd, cwd=work, stdout=fh, stderr=subprocess.STDOUT, env=env)
    base = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 90
    while True:
        if proc.poll() is not None:
            pytest.fail(f"jupyter lab exited early:\n{log.read_text()}")
        try:
            urllib.request.urlopen(f"{base}/api/status?token={token}", timeout=2)
            break
        except OSError:
            if time.monotonic() > deadline:
                proc.terminate()
                pytest.fail(f"jupyter lab did not answer in 90 s:\n{log.read_text()}")
            time.sleep(0.5)
    try:
        yield base, token
    finally:
        proc.terminate()
        try:
            proc.wait(timeout=15)
        except subprocess.TimeoutExpired:
            proc.kill()


class ClosedNetwork:
    """Aborts every request of a browser context to a host other than the local server, and
    keeps each one: a notebook that reaches for a CDN fails."""

    def __init__(self, context):
        self.refused: list[str] = []
        context.route("**/*", self._route)
        context.on("websocket", self._websocket)

    def _route(self, route):
        url = route.request.url
        if urlparse(url).scheme in ("data", "blob") or urlparse(url).hostname in LOCAL:
            route.continue_()
        else:
            self.refused.append(url)
            route.abort()

    def _websocket(self, ws):
        if urlparse(ws.url).hostname not in LOCAL:
            self.refused.append(ws.url)


#: The notebook's cells as JupyterLab holds them: execution counts and outputs of every code cell.
_CELLS = """(name) => {
  const panel = window.jupyterapp && [...window.jupyterapp.shell.widgets('main')].find(
    w => w.context && w.context.path === name);
  if (!panel || !panel.context || !panel.sessionContext || !panel.sessionContext.session) return null;
  const cells = panel.context.model.toJSON().cells.filter(c => c.cell_type === 'code');
  return {kernel: panel.sessionContext.session.kernel.status, cells: cells.map(c => ({
    count: c.execution_count, errors: c.outputs.filter(o => o.output_type === 'error')
                                        .map(o => o.ename + ': ' + o.evalue)}))};
}"""

#: Each code cell with a Panel or HoloViews output (a view: not the extension's loader), scrolled into view: how many such outputs it
#: has, the Bokeh root views drawn in it, their largest size and the width of its widest plot.
_RENDERED = """(name) => {
  const INPUTS = ['TextInput', 'Spinner', 'NumericInput', 'Select', 'Checkbox', 'Switch', 'TextAreaInput',
                  'AutocompleteInput', 'MultiChoice', 'FileInput'];
  const panel = [...window.jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === name);
  const roots = window.Bokeh ? Bokeh.index.roots : [];
  const out = [];
  panel.content.widgets.forEach((cell, i) => {
    if (cell.model.type !== 'code') return;
    const outputs = cell.model.toJSON().outputs;
    // the extension's own cell (the BokehJS loader and Panel's comm manager) holds no view
    if (outputs.some(o => o.data && 'application/vnd.holoviews_load.v0+json' in o.data)) return;
    const wanted = outputs.filter(
      o => o.data && 'application/vnd.holoviews_exec.v0+json' in o.data &&
           String(o.data['text/html'] || '').includes('data-root-id="')).length;
    if (!wanted) return;
    cell.node.scrollIntoView();
    const mine = roots.filter(v => cell.node.contains(v.el));
    const boxes = mine.map(v => v.el.getBoundingClientRect());
    const plots = window.Bokeh ? [...Bokeh.index.query(v => mine.includes(v.root) &&
                                   ['Plot', 'Figure', 'GMapPlot'].includes(v.model.type))] : [];
    const inputs = window.Bokeh ? [...Bokeh.index.query(v => mine.includes(v.root) && INPUTS.includes(v.model.type))]
      .map(v => [v.el.getBoundingClientRect(), v.root.el.getBoundingClientRect()])
      .filter(([r, _]) => r.width > 0 && r.height > 0) : [];
    out.push({cell: i, outputs: wanted, views: mine.length, inputs: inputs.length,
              clipped: inputs.filter(([r, root]) => r.bottom > root.bottom + 1 || r.right > root.right + 1).length,
              width: Math.round(Math.max(0, ...boxes.map(b => b.width))),
              height: Math.round(Math.max(0, ...boxes.map(b => b.height))),
              plot: Math.round(Math.max(0, ...plots.map(v => v.el.getBoundingClientRect().width)))});
  });
  return out;
}"""

#: An output drew: a Bokeh root view for each Panel/HoloViews output, with a width and a height.
_DRAWN = "(a) => a.views >= a.outputs && a.width > 0 && a.height > 0"

#: JupyterLab settings of the test's own: every cell kept in the page (no windowing), no news.
SETTINGS = {"notebook-extension/tracker": {"windowingMode": "none"},
            "apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False}}


def run_notebook(context, base, token, name):
    """Open ``name`` in JupyterLab, run all its cells and wait until the kernel is idle with every
    code cell executed; returns the page."""
    page = context.new_page()
    # a workspace of the notebook's own, reset: no tab of another notebook is restored
    page.goto(f"{base}/lab/workspaces/test-{Path(name).stem}/tree/{name}?reset&token={token}")
    page.wait_for_function("(name) => { const c = (" + _CELLS + ")(name); return c && c.kernel === 'idle'; }",
                           arg=name, timeout=RUN_WAIT)
    page.evaluate("() => window.jupyterapp.commands.execute('notebook:run-all-cells')")
    page.wait_for_function("(name) => { const c = (" + _CELLS + ")(name);"
                           " return c && c.kernel === 'idle' && c.cells.every(x => x.count !== null); }",
                           arg=name, timeout=RUN_WAIT, polling=500)
    return page


@pytest.fixture
def lab_context(browser):
    ctx = browser.new_context(viewport={"width": 1400, "height": 1000})
    ctx.set_default_timeout(RUN_WAIT)
    network = ClosedNetwork(ctx)
    yield ctx, network
    ctx.close()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.stem for p in NOTEBOOKS])
def test_notebook_renders_offline_in_jupyterlab(lab, lab_context, path):
    page, areas = check_notebook(lab, lab_context, path)
    check_layout(page, path.stem, areas)
    page.evaluate("(name) => [...jupyterapp.shell.widgets('main')].find(w => w.context && w.context.path === name)"
                  ".sessionContext.shutdown()", path.name)


def check_layout(page, name, areas):
    """No input is cut off by its card; the Europe map is drawn wide and its legend follows the
    switch to Spanish; the StarCraft ranged-attack card shows its inputs."""
    from viewer.i18n import t

    assert [a for a in areas if a["clipped"]] == [], areas
    if name == "wif-europe-map":
        assert max(a["plot"] for a in areas) >= 600, areas
        legends = page.evaluate("() => Bokeh.documents.flatMap(d => [...d._all_models.values()]"
                                ".filter(m => m.type === 'Legend').flatMap(l => l.items.map(i => i.label"
                                " && (i.label.value || i.label.field))))")
        assert t("terrain.clear", "es") in legends and t("terrain.clear", "en") not in legends, legends
    if name == "starcraft-combat":
        assert max(a["inputs"] for a in areas) >= 13, areas


def check_notebook(lab, lab_context, path):
    """Run ``path`` in JupyterLab; checks no cell failed, each Panel/HoloViews output drew a Bokeh
    view with a size, and nothing was asked of another host; returns the page and the outputs."""
    from tests.common.test_notebooks import DRAWING

    base, token = lab
    context, network = lab_context
    page = run_notebook(context, base, token, path.name)
    cells = page.evaluate(_CELLS, path.name)
    errors = [e for c in cells["cells"] for e in c["errors"]]
    assert errors == []
    # BokehJS, written inline into the first output, is evaluated after the cells have run
    with contextlib.suppress(PlaywrightTimeout):
        page.wait_for_function("([name, some]) => { const a = (" + _RENDERED + ")(name);"
                               " return a.length >= some && a.every(" + _DRAWN + "); }",
                               arg=[path.name, int(path.stem in DRAWING)], timeout=RENDER_WAIT, polling=500)
    areas = page.evaluate(_RENDERED, path.name)
    if path.stem in DRAWING:
        assert areas, "no Panel or HoloViews output"
    assert [a for a in areas if not page.evaluate("(a) => (" + _DRAWN + ")(a)", a)] == [], areas
    assert network.refused == [], "asked for something outside the local server"
    return page, areas
