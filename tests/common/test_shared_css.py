"""A served page sends each inline stylesheet once (viewer/views/common/shared_css.py)."""
from __future__ import annotations

import collections
import concurrent.futures
import urllib.request

import panel as pn
import panel.models.layout  # noqa: F401  (the client resolves Panel's model types by import)
import panel.models.location  # noqa: F401
import panel.models.markup  # noqa: F401
import panel.models.widgets  # noqa: F401
import pytest
from bokeh.client import pull_session
from bokeh.document import Document
from bokeh.models import InlineStyleSheet

from tests.conftest import free_port
from tests.ui.browser import wait_until
from viewer.views import extension
from viewer.views.common.shared_css import shared_sheets


def _page():
    own = ":host { outline: 1px dotted; }"
    return pn.Column(*(pn.widgets.Button(label=f"b{i}", stylesheets=[own]) for i in range(5)),
                     *(pn.pane.Markdown(f"text {i}") for i in range(5)), pn.widgets.Select(options=["a", "b"]))


def _pull(url: str) -> Document:
    with pull_session(url=url) as session:
        return session.document


def _answers(url: str) -> bool:
    try:
        urllib.request.urlopen(url, timeout=5)
    except OSError:
        return False
    return True


@pytest.fixture(scope="module")
def served_doc():
    extension()
    port = free_port()
    server = pn.serve({"page": _page}, port=port, address="127.0.0.1", show=False, threaded=True,
                      websocket_origin=[f"127.0.0.1:{port}"])
    try:
        wait_until(lambda: _answers(f"http://127.0.0.1:{port}/page"), timeout=60)
        # in a thread of its own: the client runs an event loop, and this worker may have one running
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            yield pool.submit(_pull, f"http://127.0.0.1:{port}/page").result(timeout=120)
    finally:
        server.stop()


def test_no_model_carries_an_inline_stylesheet_text(served_doc):
    texts = [(type(m).__name__, s) for m in served_doc.models for s in getattr(m, "stylesheets", ()) or ()
             if isinstance(s, str)]
    assert texts == []


def test_each_inline_stylesheet_is_one_model_shared_by_every_component(served_doc):
    sheets = [m for m in served_doc.models if type(m) is InlineStyleSheet]
    by_text = collections.Counter(s.css for s in sheets)
    assert by_text and max(by_text.values()) == 1, "an inline stylesheet text went out twice"
    spinner = next(s for s in sheets if "pn-loading" in s.css)   # Panel's loading-spinner rules
    users = [m for m in served_doc.models if spinner in (getattr(m, "stylesheets", None) or [])]
    assert len(users) >= 11, "the spinner's rules are shared by every component of the page"
    own = next(s for s in sheets if "outline: 1px dotted" in s.css)
    assert sum(own in (getattr(m, "stylesheets", None) or []) for m in served_doc.models) == 5


def test_a_document_outside_a_server_keeps_its_texts():
    """A notebook's document (no server session) may not be the one a cell draws into: left alone."""
    assert shared_sheets(["a { }", "b { }"], Document()) == ["a { }", "b { }"]
    assert shared_sheets(["a { }"], None) == ["a { }"]
