"""Which USE boards exist: the fixture boards of the worked examples and, once built, the real
board ``maps/use.gpkg`` (read through :func:`viewer.rules.use.hexmap.from_hexmap`)."""
from __future__ import annotations

from functools import lru_cache

from viewer.rules.use import fixtures
from viewer.rules.use.board import UseBoard

REAL = "use"


def real_available() -> bool:
    try:
        from viewer.board import bundled_maps
        return REAL in bundled_maps()
    except Exception:  # a broken map file is reported when it is opened, not here
        return False


def names() -> list[str]:
    return ([REAL] if real_available() else []) + [f"fixture:{n}" for n in fixtures.BOARDS]


@lru_cache(maxsize=8)
def load(name: str) -> UseBoard:
    """A board by name: ``use`` (the real map) or ``fixture:<name>``."""
    if name == REAL:
        from viewer.board import shared_map
        from viewer.rules.use.hexmap import from_hexmap
        return from_hexmap(shared_map(REAL))
    if name.startswith("fixture:") and name[8:] in fixtures.BOARDS:
        return fixtures.board(name[8:])
    raise ValueError(f"unknown USE board {name!r}; allowed: {', '.join(names())}")
