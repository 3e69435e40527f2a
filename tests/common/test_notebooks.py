"""Every notebook in notebooks/ runs top to bottom in a real Jupyter kernel, outside the checkout,
finding its data through the package, and everything its outputs load is inline: no CDN."""
import json
import re
import shutil
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))
#: Notebooks that show Panel or HoloViews output (they load BokehJS).
DRAWING = {"00-getting-started", "churchill-conference", "lessons", "starcraft-combat", "wif-combat",
           "wif-europe-map", "wif-weather"}

#: Where a rendered output names a resource the browser fetches: a script or stylesheet URL of the
#: loader, a <script src>/<link href>, or a Bokeh ImportedStyleSheet in a model's JSON.
_LOADER_LISTS = re.compile(r"\b(?:js_urls|css_urls|js_modules)\s*=\s*(\[[^\]]*\])")
_TAGS = re.compile(r"<(?:script|link)\b[^>]*\b(?:src|href)\s*=\s*[\\\"']+([^\"'\\\s>]+)")
_IMPORTED = re.compile(r"ImportedStyleSheet.{0,200}?url[\\\"]*\s*:\s*[\\\"]+([^\"\\]+)")


def fetched_urls(text: str) -> list[str]:
    """The resources an output's HTML or JavaScript makes the browser fetch."""
    urls = [u for block in _LOADER_LISTS.findall(text) for u in re.findall(r"[\"']([^\"']+)[\"']", block)]
    return urls + _TAGS.findall(text) + _IMPORTED.findall(text)


def test_the_scanner_sees_external_resources():
    loader = 'var js_urls = ["https://cdn.bokeh.org/bokeh/release/bokeh-3.9.2.min.js"]; var css_urls = [];'
    model = '{"type":"object","name":"ImportedStyleSheet","id":"x","attributes":{"url":"https://cdn.holoviz.org/a.css"}}'
    tag = '<link rel="stylesheet" href="https://cdn.holoviz.org/b.css"><script src="static/local.js"></script>'
    assert fetched_urls(loader) == ["https://cdn.bokeh.org/bokeh/release/bokeh-3.9.2.min.js"]
    assert fetched_urls(json.dumps(model)) == ["https://cdn.holoviz.org/a.css"]
    assert fetched_urls(tag) == ["https://cdn.holoviz.org/b.css", "static/local.js"]
    inline_code = 't.src="https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-svg.js"'   # a library's string, not a load
    assert fetched_urls(inline_code) == []


def test_there_are_notebooks():
    assert NOTEBOOKS
    assert DRAWING <= {p.stem for p in NOTEBOOKS}


def test_notebooks_name_no_checkout_path():
    """Bundled data is found through the package (``bundled_scenarios()``, ``load_map(name)``)."""
    for path in NOTEBOOKS:
        code = [("".join(c["source"])) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "code"]
        assert not [line for cell in code for line in cell.splitlines() if "../" in line or "maps/" in line], path.name


@pytest.mark.slow
@pytest.mark.parametrize("path", NOTEBOOKS, ids=[p.name for p in NOTEBOOKS])
def test_notebook_executes_with_everything_inline(path, tmp_path):
    nbformat = pytest.importorskip("nbformat")
    nbclient = pytest.importorskip("nbclient")
    alone = tmp_path / path.name   # run from a folder of its own, as a user's copy would be
    shutil.copy(path, alone)
    nb = nbformat.read(alone, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=300, kernel_name="python3",
                                     resources={"metadata": {"path": str(tmp_path)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    errors = [o for o in outputs if o.get("output_type") == "error"]
    assert not errors, [f"{e['ename']}: {e['evalue']}" for e in errors]
    external = []
    loads = 0
    for output in outputs:
        for mime, data in output.get("data", {}).items():
            text = data if isinstance(data, str) else json.dumps(data)
            external += [u for u in fetched_urls(text) if re.match(r"(https?:)?//", u)]
            loads += mime == "application/vnd.holoviews_load.v0+json" and "Bokeh" in text
    assert external == [], "loaded from outside the notebook"
    if path.stem in DRAWING:
        assert loads, "BokehJS is never loaded"
        views = [o for o in outputs if "application/vnd.holoviews_exec.v0+json" in o.get("data", {})]
        assert views, "no Panel or HoloViews output"
