"""Session benchmark (a script, not a test): ``python bench/sessions.py [--quick]``.

Many visitors opening a page at once, as a class does (docs/deploy.md "How many students"). For
each app (/wif, /use, /reference) and each server size (1 and 2 processes, ``--num-procs``) a fresh
``wargame-viewer serve`` (``--via panel``: ``panel serve``) is started, in a process group of its
own that is stopped as a whole; then rounds of N = 1, 10, 25 and 50 concurrent clients open the page as
a browser does: an HTTP request for the page (the server builds the session's document before it
answers) and a websocket pull of the whole document (``PULL-DOC-REQ`` -> ``PULL-DOC-REPLY``, the
Bokeh protocol). Every client of a round starts at once and keeps its session open until the
round ends.

Printed per round: sessions delivered within the timeout, median and max seconds from the
request to the document, server memory per session (the servers' total RSS with every session of
the round open, minus the RSS with the single session of round N = 1 open, over N - 1: "after the
first"), server CPU seconds per session, and the load average. Rounds run one after another on
the same server, so memory freed by an earlier round may be reused by a later one; with
``--fresh`` every round gets its own server (slower).

Goals (the classroom issue's; PASS/FAIL lines at the end):

* 50 concurrent /wif sessions all delivered;
* the median time to document at N = 50 no more than 3x a single session's (same server);
* memory per session no more than 8 MB after the first.

The client (:func:`open_session`) is also used by the nginx test (tests/common/test_nginx.py).
"""
from __future__ import annotations

import argparse
import asyncio
import json
import os
import re
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
APPS = ("wif", "use", "reference")
SIZES = (10, 25, 50)
PROCS = (1, 2)
#: The `panel serve` options docs/deploy.md gives a classroom: a session built for a page waits 10
#: minutes for its websocket (Bokeh's default, 15 s, drops it while other sessions are still
#: being built, and the websocket then builds it a second time).
CLASSROOM_ARGS = "--unused-session-lifetime 600000"
#: Seconds a client waits for its document (a browser waits longer; Tornado's own client 20 s).
TIMEOUT = 240.0
_TOKEN = re.compile(r'"token"\s*:\s*"([^"]+)"')
_TOKEN_ESCAPED = re.compile(r'\\"token\\"\s*:\s*\\"([^"\\]+)\\"')


@dataclass
class Result:
    """One client: whether its document arrived, when, and what went wrong otherwise."""

    ok: bool
    seconds: float
    error: str = ""
    bytes: int = 0


async def open_session(base: str, app: str, cookie: str | None = None, timeout: float = TIMEOUT,
                       hold: asyncio.Event | None = None, on_result=None) -> Result:
    """Open ``base/app`` as a browser does: GET the page, then pull the document over the websocket.

    ``cookie``: a ``Cookie`` header both requests send (a visitor id, or nginx's stickiness);
    ``hold``: keep the websocket open until this event is set (the session stays alive), after
    calling ``on_result`` with the delivered result."""
    from tornado.httpclient import AsyncHTTPClient, HTTPRequest
    from tornado.websocket import websocket_connect

    # every client at once: Tornado's client otherwise queues all but 10 requests (max_clients)
    AsyncHTTPClient.configure(None, max_clients=10_000)
    start = time.monotonic()
    headers = {"Cookie": cookie} if cookie else {}
    conn = None
    try:
        async with asyncio.timeout(timeout):
            resp = await AsyncHTTPClient().fetch(HTTPRequest(f"{base}/{app}", headers=headers,
                                                             request_timeout=timeout, connect_timeout=timeout))
            html = resp.body.decode("utf-8", "replace")
            found = _TOKEN.search(html) or _TOKEN_ESCAPED.search(html)
            if not found:
                return Result(False, time.monotonic() - start, "no session token in the page")
            req = HTTPRequest(base.replace("http", "ws", 1) + f"/{app}/ws", headers={**headers, "Origin": base},
                              request_timeout=timeout, connect_timeout=timeout)
            conn = await websocket_connect(req, subprotocols=["bokeh", found.group(1)], max_message_size=1 << 30)
            received = 0
            await _read_message(conn)  # ACK
            await _send(conn, "PULL-DOC-REQ")
            while True:
                header, size = await _read_message(conn)
                received += size
                if header.get("msgtype") == "PULL-DOC-REPLY":
                    break
                if header.get("msgtype") == "ERROR":
                    return Result(False, time.monotonic() - start, "server answered ERROR")
        result = Result(True, time.monotonic() - start, bytes=received)
        if on_result is not None:
            on_result(result)
        if hold is not None:
            await hold.wait()
        return result
    except TimeoutError:
        return Result(False, time.monotonic() - start, f"no document within {timeout:.0f} s")
    except Exception as err:  # a refused or dropped connection is a lost session, reported
        return Result(False, time.monotonic() - start, f"{type(err).__name__}: {err}")
    finally:
        if conn is not None:
            conn.close()


async def _send(conn, msgtype: str) -> None:
    header = {"msgid": str(time.monotonic_ns()), "msgtype": msgtype}
    for part in (header, {}, {}):
        await conn.write_message(json.dumps(part))


async def _read_message(conn) -> tuple[dict, int]:
    """One Bokeh message (header, metadata, content, then a header and a payload per buffer)."""
    frames, size = [], 0
    header_text = await conn.read_message()
    if header_text is None:
        raise ConnectionError("the server closed the websocket")
    header = json.loads(header_text)
    count = 2 + 2 * int(header.get("num_buffers", 0) or 0)
    for _ in range(count):
        frame = await conn.read_message()
        if frame is None:
            raise ConnectionError("the server closed the websocket mid-message")
        frames.append(frame)
        size += len(frame)
    return header, size + len(header_text)


# -- the server -----------------------------------------------------------------------------------
def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    """A fresh ``panel serve`` of one app (or several) with ``procs`` processes."""

    def __init__(self, apps: tuple[str, ...], procs: int = 1, port: int | None = None, data: str | None = None,
                 log: Path | None = None, extra: tuple[str, ...] = (), via: str = "panel"):
        """``via``: ``panel`` (``panel serve apps/*.py``) or ``viewer`` (``wargame-viewer serve``,
        which builds each process's sessions in turn: viewer.apps.OneBuildAtATime)."""
        self.port = port or free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        where = ["--address", "127.0.0.1", "--port", str(self.port), "--num-procs", str(procs)]
        if via == "viewer":
            cmd = [sys.executable, "-m", "viewer", "serve", *apps, *where, *extra]
        else:
            files = [str(ROOT / "apps" / f"{a}.py") for a in apps]
            cmd = [sys.executable, "-m", "panel", "serve", *files, *where, f"--allow-websocket-origin=127.0.0.1:{self.port}",
                   f"--allow-websocket-origin=localhost:{self.port}", "--liveness", *extra]
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")]).rstrip(os.pathsep)
        if data:
            env["WARGAME_VIEWER_DATA"] = data
        self.log = log or Path(os.devnull)
        self._fh = open(self.log, "w")
        # its own process group: `panel serve --num-procs N` forks N workers, and a SIGTERM to the
        # parent alone leaves them running (Tornado's supervisor does not pass it on)
        self.proc = subprocess.Popen(cmd, cwd=ROOT, stdout=self._fh, stderr=subprocess.STDOUT, env=env,
                                     start_new_session=True)
        self.probe = apps[0]

    def wait(self, timeout: float = 120) -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"panel serve exited early (log: {self.log})")
            try:
                urllib.request.urlopen(f"{self.base}/liveness", timeout=2)
                return
            except OSError:
                time.sleep(0.3)
        raise RuntimeError(f"panel serve did not answer in {timeout:.0f} s")

    def pids(self) -> list[int]:
        """The server process and the processes it forked."""
        pids = [self.proc.pid]
        try:
            import psutil

            pids += [c.pid for c in psutil.Process(self.proc.pid).children(recursive=True)]
        except ImportError:
            pids += _children(self.proc.pid)
        except psutil.Error:  # the server has exited
            pass
        return pids

    def rss(self) -> float:
        """Resident memory of every process of the server, in MB."""
        return sum(_rss(p) for p in self.pids()) / 2**20

    def cpu(self) -> float:
        """CPU seconds (user + system) of every process of the server."""
        return sum(_cpu(p) for p in self.pids())

    def stop(self, timeout: float = 15) -> None:
        """Stop the server and every process it forked (SIGTERM to its process group, then SIGKILL
        to whatever is left after ``timeout`` seconds)."""
        import signal

        pids = self.pids()
        for sig in (signal.SIGTERM, signal.SIGKILL):
            try:
                os.killpg(self.proc.pid, sig)
            except ProcessLookupError:
                break
            deadline = time.monotonic() + timeout
            while time.monotonic() < deadline and (self.proc.poll() is None or any(_alive(p) for p in pids[1:])):
                time.sleep(0.1)
            if self.proc.poll() is not None and not any(_alive(p) for p in pids[1:]):
                break
        self.proc.wait()
        self._fh.close()

    def __enter__(self):
        try:
            self.wait()
        except BaseException:
            self.stop()
            raise
        return self

    def __exit__(self, *exc):
        self.stop()


def _alive(pid: int) -> bool:
    """Whether ``pid`` is a running process (a zombie, exited but not yet reaped, is not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (OSError, IndexError):
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True
    return state not in ("Z", "X")


def _children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                ppid = int((entry / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            if ppid == pid:
                out += [int(entry.name), *_children(int(entry.name))]
    return out


def _rss(pid: int) -> int:
    try:
        import psutil

        return psutil.Process(pid).memory_info().rss
    except ImportError:
        pass
    except Exception:
        return 0
    try:
        return int(Path(f"/proc/{pid}/statm").read_text().split()[1]) * os.sysconf("SC_PAGE_SIZE")
    except OSError:
        return 0


def _cpu(pid: int) -> float:
    try:
        import psutil

        t = psutil.Process(pid).cpu_times()
        return t.user + t.system
    except ImportError:
        pass
    except Exception:
        return 0.0
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except OSError:
        return 0.0


# -- rounds ---------------------------------------------------------------------------------------
@dataclass
class Round:
    app: str
    procs: int
    n: int
    results: list[Result] = field(default_factory=list)
    rss_before: float = 0.0
    rss_open: float = 0.0
    cpu: float = 0.0
    wall: float = 0.0
    load: tuple[float, float, float] = (0.0, 0.0, 0.0)

    @property
    def delivered(self) -> int:
        return sum(r.ok for r in self.results)

    @property
    def times(self) -> list[float]:
        return sorted(r.seconds for r in self.results if r.ok)

    @property
    def median(self) -> float:
        return statistics.median(self.times) if self.times else float("nan")

    @property
    def max(self) -> float:
        return max(self.times) if self.times else float("nan")


async def run_round(server: Server, app: str, n: int, procs: int, timeout: float) -> Round:
    """``n`` clients at once; once every one has its document (or gave up), the server's memory is
    measured with the delivered sessions still open, then they are let go."""
    rnd = Round(app, procs, n, rss_before=server.rss())
    cpu0, t0 = server.cpu(), time.monotonic()
    hold, everyone = asyncio.Event(), asyncio.Event()
    finished: list[Result] = []

    def report(result: Result) -> None:
        finished.append(result)
        if len(finished) == n:
            everyone.set()

    async def client(i: int) -> Result:
        cookie = f"wargame_viewer_visitor=bench-{procs}-{n}-{i:04d}-" + "x" * 24
        result = await open_session(server.base, app, cookie=cookie, timeout=timeout, hold=hold, on_result=report)
        if not result.ok:
            report(result)
        return result

    clients = [asyncio.ensure_future(client(i)) for i in range(n)]
    await everyone.wait()
    rnd.wall = time.monotonic() - t0
    await asyncio.sleep(1.0)  # the server finishes the replies' bookkeeping
    rnd.rss_open = server.rss()
    rnd.cpu = server.cpu() - cpu0
    rnd.load = os.getloadavg()
    hold.set()
    rnd.results = list(await asyncio.gather(*clients))
    return rnd


def line(r: Round, single: Round | None) -> str:
    per_mb = ((r.rss_open - single.rss_open) / (r.n - 1)) if single is not None and r.n > 1 else float("nan")
    errors = sorted({x.error for x in r.results if not x.ok})
    err = f"  ({'; '.join(errors)[:120]})" if errors else ""
    return (f"/{r.app:<9} procs={r.procs} N={r.n:<3} delivered {r.delivered:>3}/{r.n:<3} "
            f"median {r.median:6.2f} s  max {r.max:6.2f} s  wall {r.wall:6.1f} s  "
            f"RSS {r.rss_before:6.0f} -> {r.rss_open:6.0f} MB  {per_mb:5.1f} MB/session after the first  "
            f"CPU {r.cpu / max(r.n, 1):5.2f} s/session  load {r.load[0]:.2f} {r.load[1]:.2f} {r.load[2]:.2f}{err}")


def goals(rounds: list[Round]) -> list[str]:
    out = []
    by = {(r.app, r.procs, r.n): r for r in rounds}
    for procs in sorted({r.procs for r in rounds}):
        big = by.get(("wif", procs, max((r.n for r in rounds if r.app == "wif" and r.procs == procs), default=0)))
        one = by.get(("wif", procs, 1))
        if big is not None and big.n >= 50:
            ok = big.delivered == big.n
            out.append(f"{'PASS' if ok else 'FAIL'}  procs={procs}: {big.n} concurrent /wif sessions all delivered "
                       f"({big.delivered}/{big.n})")
        for app in APPS:
            single = by.get((app, procs, 1))
            top = max((r for r in rounds if r.app == app and r.procs == procs and r.n > 1),
                      key=lambda r: r.n, default=None)
            if single is None or top is None or not single.times:
                continue
            ratio = top.median / single.median if top.times else float("inf")
            out.append(f"{'PASS' if ratio <= 3 else 'FAIL'}  procs={procs}: /{app} median at N={top.n} is "
                       f"{ratio:.1f}x a single session's ({top.median:.2f} s vs {single.median:.2f} s; goal <= 3x)")
            per_mb = (top.rss_open - single.rss_open) / (top.n - 1)
            out.append(f"{'PASS' if per_mb <= 8 else 'FAIL'}  procs={procs}: /{app} {per_mb:.1f} MB per session "
                       f"after the first at N={top.n} (goal <= 8 MB)")
        del one
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--apps", nargs="+", default=list(APPS), choices=APPS)
    ap.add_argument("--sizes", nargs="+", type=int, default=list(SIZES))
    ap.add_argument("--procs", nargs="+", type=int, default=list(PROCS))
    ap.add_argument("--timeout", type=float, default=TIMEOUT, help="seconds a client waits for its document")
    ap.add_argument("--fresh", action="store_true", help="a fresh server for every round, not every app")
    ap.add_argument("--quick", action="store_true", help="N = 1 and 10 only, one process")
    ap.add_argument("--server-args", default=CLASSROOM_ARGS, help="more `panel serve` options (default: "
                    f"{CLASSROOM_ARGS!r}, docs/deploy.md \"How many students\"; '' for Bokeh's defaults)")
    ap.add_argument("--via", choices=["viewer", "panel"], default="viewer",
                    help="the server: `wargame-viewer serve` (default, what docs/deploy.md gives a class) or "
                         "`panel serve apps/APP.py` (Bokeh's order of building sessions)")
    args = ap.parse_args(argv)
    sizes = [10] if args.quick else sorted(set(args.sizes))
    procs_list = [1] if args.quick else args.procs
    import tempfile

    rounds: list[Round] = []
    print(f"load average at start: {' '.join(f'{x:.2f}' for x in os.getloadavg())}; {os.cpu_count()} CPUs; "
          f"server: {args.via} serve; options: {args.server_args or '(Bokeh defaults)'}", flush=True)
    for procs in procs_list:
        for app in args.apps:
            plan = [1, *[n for n in sizes if n > 1]]
            groups = [[n] for n in plan] if args.fresh else [plan]
            single: Round | None = None
            for group in groups:
                with tempfile.TemporaryDirectory(prefix="bench-sessions-") as data:
                    server = Server((app,), procs=procs, data=data, log=Path(data) / "serve.log",
                                    extra=tuple(args.server_args.split()), via=args.via)
                    with server:
                        asyncio.run(_warm(server, app, args.timeout))
                        for n in ([1, *group] if args.fresh and group != [1] else group):
                            r = asyncio.run(run_round(server, app, n, procs, args.timeout))
                            if n == 1:
                                single = r
                                if args.fresh and group != [1]:
                                    continue
                            rounds.append(r)
                            print(line(r, single), flush=True)
    print()
    for g in goals(rounds):
        print(g)
    print(f"load average at end: {' '.join(f'{x:.2f}' for x in os.getloadavg())}")
    return 0


async def _warm(server: Server, app: str, timeout: float) -> None:
    """One session per process before the rounds: the first pays the imports and the caches."""
    for _ in range(2):
        await open_session(server.base, app, timeout=timeout)


if __name__ == "__main__":
    import signal

    signal.signal(signal.SIGTERM, lambda *_: sys.exit(1))  # stop the servers on the way out
    sys.exit(main())
