"""The served pages: one script per game (``<game>.py``, served at ``/<game>``), the landing page
(``index.py``, served at ``/`` and ``/index``) and the rules reference (``reference.py``).

They ship inside the package, so an installed wheel serves them with ``wargame-viewer serve``
(:func:`serve`, Panel's own server); a checkout's ``apps/*.py`` are two-line wrappers that
:func:`run` them for ``panel serve apps/*.py --index index`` (docs/deploy.md).
"""
from __future__ import annotations

import runpy
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


def serve(apps: Sequence[str] = (), *, port: int = 5006, address: str | None = None, num_procs: int = 1,
          show: bool = False, allow_websocket_origin: Sequence[str] = ()) -> None:
    """Serve ``apps`` (default: every page) with Panel's server until interrupted.

    The landing page answers at ``/`` as well as ``/index`` when it is served. BokehJS and every
    extension come from this server (``/static``), never from a CDN."""
    global _served
    chosen = list(apps) or names()
    for name in chosen:
        path(name)  # a ValueError names the apps there are
    _served = tuple(chosen)
    import panel as pn

    routes: dict[str, Path] = {name: path(name) for name in chosen}
    if INDEX in routes:
        routes = {"/": routes[INDEX], **routes}
    host = address or "localhost"
    origins = list(allow_websocket_origin) or [f"{host}:{port}"]
    if host in ("localhost", "127.0.0.1"):
        origins += [o for o in (f"localhost:{port}", f"127.0.0.1:{port}") if o not in origins]
    pn.serve(routes, port=port, address=address, websocket_origin=origins, show=show, num_procs=num_procs,
             title={slug: "wargame-viewer" for slug in routes}, liveness=True, verbose=True)
