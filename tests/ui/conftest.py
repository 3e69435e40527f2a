"""Every browser test that uses the shared server also checks that the server logged no traceback
of ours while it ran (one bug fails the test that meets it, not every later one)."""
import pytest

from tests.ui.browser import log_since, our_tracebacks


@pytest.fixture(autouse=True)
def no_server_traceback(request):
    if "server" not in request.fixturenames:
        yield
        return
    _, log = request.getfixturevalue("server")
    start = log.stat().st_size if log.exists() else 0
    yield
    found = our_tracebacks(log_since(log, start))
    assert found == [], "the server logged:\n\n" + "\n\n".join(found)
