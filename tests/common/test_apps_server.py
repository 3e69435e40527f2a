"""Server tests: every app answers 200 under `panel serve` and logs nothing at error level."""
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.ui.browser import log_since, our_tracebacks

APPS = sorted(p.stem for p in (Path(__file__).resolve().parents[2] / "apps").glob("*.py") if p.stem != "index")


def _get(url):
    with urllib.request.urlopen(url, timeout=60) as resp:
        return resp.status, resp.read().decode("utf-8", "replace")


def test_landing_page_is_the_root(server):
    base, _ = server
    status, body = _get(base + "/")
    assert status == 200
    assert "bokeh" in body.lower()


@pytest.mark.parametrize("app", APPS)
def test_every_app_answers_200(server, app):
    base, log = server
    status, _ = _get(f"{base}/{app}")
    assert status == 200
    status, _ = _get(f"{base}/{app}?lang=es")
    assert status == 200


def test_a_wrong_language_in_the_url_does_not_break_the_page(server):
    base, _ = server
    status, _ = _get(f"{base}/wif?lang=xx")
    assert status == 200


def test_nothing_logged_at_error_level(server):
    """While every page is served (a closed browser's websocket, logged by tornado earlier in the
    run, is not this project's)."""
    base, log = server
    start = log.stat().st_size
    for app in ["", *APPS]:
        _get(f"{base}/{app}")
    text = log_since(log, start)
    bad = [line for line in text.splitlines() if "ERROR" in line] + our_tracebacks(text)
    assert not bad, "\n".join(bad)


def test_unknown_app_is_404(server):
    base, _ = server
    with pytest.raises(urllib.error.HTTPError) as err:
        _get(f"{base}/no-such-game")
    assert err.value.code == 404
