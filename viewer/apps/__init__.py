"""The served pages: one script per game (``<game>.py``, served at ``/<game>``), the landing page
(``index.py``, served at ``/`` and ``/index``) and the rules reference (``reference.py``).

They ship inside the package, so an installed wheel serves them with ``wargame-viewer serve``
(:func:`serve`, Panel's own server); a checkout's ``apps/*.py`` are two-line wrappers that
:func:`run` them for ``panel serve apps/*.py --index index`` (docs/deploy.md).
"""
from __future__ import annotations

import os
import runpy
import signal
import sys
import time
from collections.abc import Sequence
from pathlib import Path

from viewer.games import GAME_IDS

#: The folder of the page scripts.
APP_DIR = Path(__file__).resolve().parent
#: The landing page's script name; it is also served at ``/``.
INDEX = "index"
#: Pages every install has besides the games' own.
SHARED_APPS = (INDEX, "reference")

#: The pages this process serves, set once by :func:`serve` before the server starts; ``None``
#: under ``panel serve``, where the landing page looks at the scripts beside it instead.
_served: tuple[str, ...] | None = None


def names() -> list[str]:
    """Every page that can be served: the landing page, the reference, then the games in the
    order of viewer/games.py whose script exists."""
    return [n for n in (*SHARED_APPS, *GAME_IDS) if (APP_DIR / f"{n}.py").is_file()]


def path(name: str) -> Path:
    """The script of page ``name``; a ``ValueError`` names the pages there are."""
    if name not in names():
        raise ValueError(f"{name!r} is not an app; the apps are {', '.join(names())}")
    return APP_DIR / f"{name}.py"


def served_games(*folders: Path) -> list[str]:
    """The games whose page this server serves (the landing page links those).

    Under :func:`serve` they are the games it was asked for; otherwise a game is served when its
    script is in one of ``folders`` (the folder ``panel serve`` was given) or in this package."""
    if _served is not None:
        return [g for g in GAME_IDS if g in _served]
    return [g for g in GAME_IDS if any((d / f"{g}.py").is_file() for d in (*folders, APP_DIR))]


def run(name: str, beside: Path | None = None) -> None:
    """Build page ``name`` into the current Bokeh document (what a wrapper in ``apps/`` does).

    ``beside``: the folder of the wrapper, so that the landing page also links a game whose
    script sits only there."""
    runpy.run_path(str(path(name)), init_globals={"APP_FOLDERS": [beside] if beside else []})


#: A built session waits this long for its websocket (docs/deploy.md "A classroom"): Bokeh's
#: default, 15 s, drops sessions a class's browsers have not connected to yet while others are
#: still being built.
UNUSED_SESSION_LIFETIME_MS = 600_000
#: How often the server checks for sessions to drop (Bokeh's default, 17 s; it may be no longer
#: than the lifetime).
CHECK_UNUSED_SESSIONS_MS = 17_000
#: The server pings every open page this often, so that a proxy between (nginx's
#: ``proxy_read_timeout``, 60 s by default) does not close an idle websocket; 0: no pings.
KEEP_ALIVE_MS = 30_000
#: Seconds the supervisor of ``num_procs`` workers waits for them to stop before killing them.
STOP_TIMEOUT = 10.0

#: After building a session, a process of :func:`serve` waits up to this many seconds for the
#: page's websocket before it builds the next one, then :data:`PULL_GAP` more for the document to
#: go out (see :class:`OneBuildAtATime`). A websocket that reaches another process (``--num-procs``
#: without sticky sessions) or never comes costs this much idle time when others are queued.
WEBSOCKET_WAIT = 1.0
PULL_GAP = 0.1

#: True in the supervising process while it forks the workers (see :func:`_supervise`).
_supervising = False


def children(pid: int | None = None) -> list[int]:
    """The running processes that ``pid`` (default: this process) forked (Linux's ``/proc``;
    ``psutil`` elsewhere)."""
    me = os.getpid() if pid is None else pid
    proc = Path("/proc")
    if proc.is_dir():
        out = []
        for entry in proc.iterdir():
            if entry.name.isdigit():
                try:
                    fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
                except (OSError, IndexError):
                    continue
                if int(fields[1]) == me and fields[0] not in ("Z", "X"):
                    out.append(int(entry.name))
        return out
    try:
        import psutil
    except ImportError:
        return []
    return [c.pid for c in psutil.Process(me).children() if c.status() != psutil.STATUS_ZOMBIE]


def _stop_workers(_signum: int, _frame) -> None:
    """The supervisor's SIGTERM and SIGINT handler: pass SIGTERM on to every worker, wait up to
    :data:`STOP_TIMEOUT` for them (SIGKILL after), then exit. Tornado's supervisor would otherwise
    die alone and leave the workers serving, or restart a worker killed by a signal."""
    workers = children()
    for pid in workers:
        try:
            os.kill(pid, signal.SIGTERM)
        except ProcessLookupError:
            pass
    deadline = time.monotonic() + STOP_TIMEOUT
    while workers:
        for pid in list(workers):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                workers.remove(pid)
        if workers and time.monotonic() > deadline:
            for pid in workers:
                try:
                    os.kill(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
            deadline = float("inf")
        elif workers:
            time.sleep(0.05)
    raise SystemExit(0)  # a stop that was asked for


def _in_worker() -> None:
    """Run in each forked worker: stop with the supervisor, and die on SIGTERM (Linux also sends
    it when the supervisor dies without passing it on, e.g. killed by SIGKILL)."""
    global _supervising
    if not _supervising:
        return
    _supervising = False
    parent = os.getppid()
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            ctypes.CDLL(None, use_errno=True).prctl(1, int(signal.SIGTERM))  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            pass
        if os.getppid() != parent:  # the supervisor died before prctl
            os._exit(0)


_fork_hook_registered = False


def _supervise() -> None:
    """Before Bokeh forks ``num_procs`` workers (Tornado's ``fork_processes``): this process,
    which only supervises them, stops them all when it gets SIGTERM or SIGINT."""
    global _supervising, _fork_hook_registered
    if not _fork_hook_registered:
        os.register_at_fork(after_in_child=_in_worker)
        _fork_hook_registered = True
    _supervising = True
    signal.signal(signal.SIGTERM, _stop_workers)
    signal.signal(signal.SIGINT, _stop_workers)


class OneBuildAtATime:
    """A Bokeh handler (added to each page's application by :func:`serve`) that builds this
    process's sessions one at a time, first come first served; after each build the turn passes
    on once the page's websocket has connected (at most :data:`WEBSOCKET_WAIT` seconds) and
    :data:`PULL_GAP` seconds more, so that its document goes out before the next build starts.

    Bokeh builds a session's document while answering the page's request, synchronously, and
    every request that arrived together is started in the same turn of the event loop: without
    this, every page of a class arrives only when the last session is built (docs/deploy.md "How
    many students")."""

    def __init__(self, wait: float = WEBSOCKET_WAIT, gap: float = PULL_GAP):
        from bokeh.application.handlers.handler import Handler

        # subclassing here keeps `import viewer.apps` free of Bokeh (the command line imports it)
        class _Handler(Handler):
            def modify_document(self, doc) -> None:
                return None

            async def on_session_created(handler_self, session_context) -> None:  # noqa: N805
                await self.take_turn(session_context)

        self.wait, self.gap = wait, gap
        self.handler = _Handler()
        self._lock = None

    async def take_turn(self, session_context) -> None:
        """Wait for this process's turn to build the session of ``session_context``; the build
        runs right after the session-created hooks, and the turn passes on after it (see above)."""
        import asyncio

        if self._lock is None:
            self._lock = asyncio.Lock()
        await self._lock.acquire()
        # a task made now first runs once the build (synchronous, next) has returned to the loop
        asyncio.ensure_future(self._pass_on(session_context))

    async def _pass_on(self, session_context) -> None:
        import asyncio

        try:
            loop = asyncio.get_running_loop()
            deadline = loop.time() + self.wait
            while loop.time() < deadline and not self._connected(session_context):
                await asyncio.sleep(0.01)
            await asyncio.sleep(self.gap)
        finally:
            self._lock.release()

    @staticmethod
    def _connected(session_context) -> bool:
        """Whether the session's websocket has connected (to this process)."""
        try:
            return session_context.server_context.application_context.get_session(session_context.id).connection_count > 0
        except Exception:  # not built (an error in the page), or already discarded
            return False


def _application(script: Path, turns: OneBuildAtATime | None):
    """Panel's application for the page script, with ``turns`` (if any) among its handlers."""
    from panel.io.application import build_single_handler_application

    app = build_single_handler_application(str(script))
    if turns is not None:
        app.add(turns.handler)
    return app


def serve(apps: Sequence[str] = (), *, port: int = 5006, address: str | None = None, num_procs: int = 1,
          show: bool = False, allow_websocket_origin: Sequence[str] = (),
          unused_session_lifetime: int = UNUSED_SESSION_LIFETIME_MS, keep_alive: int = KEEP_ALIVE_MS,
          check_unused_sessions: int | None = None, one_build_at_a_time: bool = True) -> None:
    """Serve ``apps`` (default: every page) with Panel's server until interrupted.

    The landing page answers at ``/`` as well as ``/index`` when it is served. BokehJS and every
    extension come from this server (``/static``), never from a CDN. ``unused_session_lifetime``,
    ``keep_alive`` and ``check_unused_sessions`` are Bokeh's server options of those names, in
    milliseconds (docs/deploy.md "A classroom"); ``check_unused_sessions`` defaults to
    :data:`CHECK_UNUSED_SESSIONS_MS` or the lifetime, whichever is shorter.
    ``one_build_at_a_time``: build each process's sessions in turn (:class:`OneBuildAtATime`).

    With ``num_procs`` other than 1 this process forks the workers and supervises them: SIGTERM
    or SIGINT (Ctrl-C) to it stops every worker, then it exits."""
    global _served
    chosen = list(apps) or names()
    for name in chosen:
        path(name)  # a ValueError names the apps there are
    _served = tuple(chosen)
    import panel as pn

    turns = OneBuildAtATime() if one_build_at_a_time else None
    routes = {name: _application(path(name), turns) for name in chosen}
    if INDEX in routes:
        routes = {"/": _application(path(INDEX), turns), **routes}
    host = address or "localhost"
    origins = list(allow_websocket_origin) or [f"{host}:{port}"]
    if host in ("localhost", "127.0.0.1"):
        origins += [o for o in (f"localhost:{port}", f"127.0.0.1:{port}") if o not in origins]
    if check_unused_sessions is None:
        check_unused_sessions = min(CHECK_UNUSED_SESSIONS_MS, unused_session_lifetime)
    import logging

    from bokeh.util.logconfig import basicConfig

    basicConfig(level=logging.INFO, format="%(asctime)s %(message)s")  # Bokeh's options and sessions
    if num_procs != 1:
        _supervise()
    pn.serve(routes, port=port, address=address, websocket_origin=origins, show=show, num_procs=num_procs,
             title={slug: "wargame-viewer" for slug in routes}, liveness=True, verbose=True,
             unused_session_lifetime_milliseconds=unused_session_lifetime,
             check_unused_sessions_milliseconds=check_unused_sessions, keep_alive_milliseconds=keep_alive)
