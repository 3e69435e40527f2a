"""``wargame-viewer serve`` as a class uses it (docs/deploy.md "A classroom"): a server of several
processes stops every one of them, and the classroom's session options reach Bokeh's server."""
from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import apart
from viewer.apps import children

ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _running(pid: int) -> bool:
    """Whether ``pid`` runs (an exited process not yet reaped, a zombie, does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        return False
    return state not in ("Z", "X")



def _wait_until(condition, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"not within {timeout:.0f} s: {what}")
        time.sleep(0.2)


class _Serve:
    """``python -m viewer serve ARGS`` in its own process group (so that the test can clean up
    whatever the server leaves), with its output in ``log``."""

    def __init__(self, tmp_path: Path, *args: str):
        self.port = _free_port()
        self.log = tmp_path / "serve.log"
        env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")]),
               "WARGAME_VIEWER_DATA": str(tmp_path / "data")}
        with open(self.log, "w") as fh:
            self.proc = subprocess.Popen([sys.executable, "-m", "viewer", "serve", "reference", "--address",
                                          "127.0.0.1", "--port", str(self.port), *args], cwd=ROOT, env=env,
                                         stdout=fh, stderr=subprocess.STDOUT, start_new_session=True)

    def answers(self) -> bool:
        if self.proc.poll() is not None:
            raise AssertionError(f"the server exited early:\n{self.log.read_text()}")
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{self.port}/liveness", timeout=2)
            return True
        except OSError:
            return False

    def cleanup(self) -> None:
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        self.proc.wait()


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the process table in /proc")
@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT], ids=["SIGTERM", "SIGINT"])
def test_stopping_a_server_of_two_processes_stops_both_workers(tmp_path, signum):
    server = _Serve(tmp_path, "--num-procs", "2")
    try:
        _wait_until(server.answers, 120, "the server answers /liveness")
        workers = children(server.proc.pid)
        assert len(workers) == 2, f"expected 2 worker processes, found {workers}"
        os.kill(server.proc.pid, signum)  # to the supervising process only, as `kill PID` does
        server.proc.wait(timeout=30)
        assert server.proc.returncode == 0, server.log.read_text()
        _wait_until(lambda: not any(_running(p) for p in workers), 20, f"workers {workers} have stopped")
    finally:
        server.cleanup()


def _logged(server: _Serve, text: str) -> bool:
    server.answers()
    return text in server.log.read_text()


def test_the_classroom_session_options_reach_the_server(tmp_path):
    server = _Serve(tmp_path)
    try:
        _wait_until(server.answers, 120, "the server answers /liveness")
        # Bokeh's server logs the options that differ from its own defaults (15 s, 37 s)
        _wait_until(lambda: _logged(server, "Unused sessions last for 600000 milliseconds"), 10,
                    "the 10-minute unused-session lifetime is logged")
        assert "Keep-alive ping configured every 30000 milliseconds" in server.log.read_text()
    finally:
        server.cleanup()


def test_the_session_options_can_be_overridden(tmp_path):
    server = _Serve(tmp_path, "--unused-session-lifetime", "120000", "--keep-alive", "0")
    try:
        _wait_until(server.answers, 120, "the server answers /liveness")
        _wait_until(lambda: _logged(server, "Unused sessions last for 120000 milliseconds"), 10,
                    "the given unused-session lifetime is logged")
        assert "Keep-alive ping disabled" in server.log.read_text()
    finally:
        server.cleanup()


def _bench():
    import importlib.util

    spec = importlib.util.spec_from_file_location("bench_sessions", ROOT / "bench" / "sessions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_sessions", module)
    spec.loader.exec_module(module)
    return module


def test_pages_opened_together_arrive_one_after_another(tmp_path):
    """Sessions are built in turn with the loop free in between (viewer.apps.OneBuildAtATime): the
    first visitor's document arrives long before the last one's, not all together at the end."""
    import asyncio

    bench = _bench()
    server = _Serve(tmp_path)
    try:
        _wait_until(server.answers, 120, "the server answers /liveness")
        base = f"http://127.0.0.1:{server.port}"
        apart(asyncio.run, bench.open_session(base, "reference"))  # the first session pays the imports

        async def together(n: int):
            return await asyncio.gather(*(bench.open_session(base, "reference", timeout=300) for _ in range(n)))

        results = apart(asyncio.run, together(8))
        assert all(r.ok for r in results), [r.error for r in results]
        times = sorted(r.seconds for r in results)
        assert times[0] < 0.6 * times[-1], f"every document arrived at about the same time: {times}"
    finally:
        server.cleanup()
