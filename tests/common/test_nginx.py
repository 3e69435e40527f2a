"""nginx in front of two server processes (docs/deploy.md "More than one process: nginx"): 50
sessions opened through it at once, none lost, each kept on one backend for its websocket."""
from __future__ import annotations

import asyncio
import importlib.util
import shutil
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from tests.conftest import apart

ROOT = Path(__file__).resolve().parents[2]
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
SESSIONS = 50
APP = "reference"

pytestmark = [pytest.mark.nginx,
              pytest.mark.skipif(NGINX is None, reason="nginx is not installed (`make install-test` installs it)")]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_sessions", ROOT / "bench" / "sessions.py")
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("bench_sessions", module)
    spec.loader.exec_module(module)
    return module


#: The configuration of docs/deploy.md, with the test's ports and a private prefix.
CONF = """
worker_processes 1;
error_log {prefix}/error.log warn;
pid {prefix}/nginx.pid;
events {{ worker_connections 1024; }}
http {{
    log_format upstream '$request_uri $http_cookie $upstream_addr $status';
    access_log {prefix}/access.log upstream;
    client_body_temp_path {prefix}/body; proxy_temp_path {prefix}/proxy;
    fastcgi_temp_path {prefix}/fastcgi; uwsgi_temp_path {prefix}/uwsgi; scgi_temp_path {prefix}/scgi;
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    upstream wargame_viewer {{
        hash $cookie_wargame_viewer_visitor consistent;
        server 127.0.0.1:{a};
        server 127.0.0.1:{b};
    }}
    server {{
        listen 127.0.0.1:{port};
        location / {{
            proxy_pass http://wargame_viewer;
            proxy_http_version 1.1;
            proxy_set_header Upgrade $http_upgrade;
            proxy_set_header Connection $connection_upgrade;
            proxy_set_header Host $http_host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_read_timeout 3600s;
            proxy_buffering off;
        }}
    }}
}}
"""


def test_nginx_in_front_of_two_processes_loses_no_session(tmp_path):
    bench = _bench()
    port = bench.free_port()
    origin = (f"--allow-websocket-origin=127.0.0.1:{port}", "--use-xheaders", *bench.CLASSROOM_ARGS.split())
    data = tmp_path / "data"
    backends = [bench.Server((APP,), procs=1, data=str(data), log=tmp_path / f"backend{i}.log", extra=origin)
                for i in range(2)]
    prefix = tmp_path / "nginx"
    prefix.mkdir()
    conf = prefix / "nginx.conf"
    conf.write_text(CONF.format(prefix=prefix, a=backends[0].port, b=backends[1].port, port=port))
    nginx = None
    try:
        for b in backends:
            b.wait()
        nginx = subprocess.Popen([NGINX, "-p", str(prefix), "-c", str(conf), "-g", "daemon off;"],
                                 stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                urllib.request.urlopen(base + "/liveness", timeout=2)
                break
            except OSError:
                if nginx.poll() is not None or time.monotonic() > deadline:
                    raise AssertionError(f"nginx did not start: {nginx.stdout.read().decode() if nginx.stdout else ''}"
                                         f"{(prefix / 'error.log').read_text() if (prefix / 'error.log').exists() else ''}")
                time.sleep(0.2)

        async def many():
            hold = asyncio.Event()
            tasks = [bench.open_session(base, APP, cookie=f"wargame_viewer_visitor=student-{i:03d}-" + "x" * 24,
                                        timeout=300, hold=hold) for i in range(SESSIONS)]
            runner = asyncio.gather(*tasks)
            await asyncio.sleep(0)
            hold.set()  # each client lets its session go once it has the document
            return await runner

        results = apart(asyncio.run, many())
        lost = [r.error for r in results if not r.ok]
        assert not lost, f"{len(lost)} of {SESSIONS} sessions lost through nginx: {sorted(set(lost))}"
        assert all(r.bytes > 10_000 for r in results)  # a whole document, not an error page
        # the cookie hash spreads the class over both processes, and keeps each visitor's page and
        # websocket on one of them (else a process builds a second session for the websocket)
        def logged():
            return [line.split() for line in (prefix / "access.log").read_text().splitlines()
                    if line.startswith(f"/{APP}")]

        # nginx logs a websocket when it closes: wait until every client's has
        deadline = time.monotonic() + 60
        while sum(uri.startswith(f"/{APP}/ws") for uri, *_ in logged()) < SESSIONS and time.monotonic() < deadline:
            time.sleep(0.5)
        lines = logged()
        backend_of: dict[str, set[str]] = {}
        for uri, cookie, upstream, _status in lines:
            backend_of.setdefault(cookie, set()).add(upstream)
        assert len(backend_of) == SESSIONS
        assert all(len(ups) == 1 for ups in backend_of.values()), backend_of
        used = {next(iter(ups)) for ups in backend_of.values()}
        assert used == {f"127.0.0.1:{b.port}" for b in backends}, used
        assert sum(uri.startswith(f"/{APP}/ws") for uri, *_ in lines) == SESSIONS
        for b in backends:
            assert "Traceback" not in b.log.read_text()
    finally:
        if nginx is not None:
            nginx.terminate()
            try:
                nginx.wait(timeout=10)
            except subprocess.TimeoutExpired:
                nginx.kill()
        for b in backends:
            b.stop()
