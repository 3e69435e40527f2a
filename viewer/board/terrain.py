"""Board vocabularies: the shape of the names which terrain classes, hexside features and climate zones a map may use.

This module is data only. Colours belong to the views and display names to the label
catalogue (``terrain.<name>``, ``hexside.<name>``, ``climate.<name>``); here every name is
the identifier stored in map files.

Each game that has a board declares its vocabulary in ``viewer/board/<game>/vocabulary.py``
(the per-game folder of this layer, docs/adding-a-game.md) as ``VOCABULARY``; the ``demo``
map's vocabulary is in ``viewer/board/demo/``. This module names no game.

"""
from __future__ import annotations

import importlib
import importlib.util
from dataclasses import dataclass
from functools import lru_cache

from viewer.games import GAME_IDS

#: Board vocabularies: one per declared game (viewer/games.py) plus the demo map's.
GAMES = (*GAME_IDS, "demo")

#: Region kinds a map may name. ``off_map_area`` follows WiF 2.1.3. USE: ``sea_zone`` (numbered
#: sea zones, USE 1.3.6), ``map_box`` (USE 1.3.5), ``strait`` (USE 4.2.4.4), ``canal`` (USE 4.2.4.2).
REGION_KINDS = ("sea_area", "climate_zone", "country", "off_map_area", "sea_zone", "map_box", "strait", "canal")

#: Hex attribute column -> region kind it refers to (a dangling name is a load error).
REGION_COLUMNS = {"sea_area": "sea_area", "climate_zone": "climate_zone", "country": "country"}

#: Point-feature kinds. A hex may hold several (a capital that is also a major port).
#: Major/minor ports: WiF 2.3.1 stacking and 11.2 port attack; capitals: WiF 2.5.
#: USE: ``port`` (one kind of port, USE 1.3.1) and ``fortress`` (USE 4.2.3.5-4.2.3.6).
FEATURE_KINDS = ("city", "capital", "major-port", "minor-port", "port", "fortress")

#: How a chokepoint's controlling places decide the passage (WiF 11.4.4):
#:
#: * ``any-adjacent``: closed if an enemy major power controls any hex next to the canal (1, 2);
#: * ``friendly``: closed unless the place is friendly-controlled (3, the Turkish straits);
#: * ``two-of``: closed if enemy major powers control at least two of the places (4);
#: * ``surface``: closed to surface naval units if an enemy major power controls the place (5);
#: * ``controls``: closed if an enemy major power controls the place (6).
CHOKEPOINT_TESTS = ("any-adjacent", "friendly", "two-of", "surface", "controls")

#: Kinds of extra adjacency edges beyond a sheet's own hexsides (WiF 2.1.1 adjacency
#: cases 2-4, 2.1.2 special connection):
#:
#: * ``sheet-join``: same-numbered hexes on either side of a join between two maps (case 2);
#: * ``grey-loc`` / ``rail-loc``: off-map hexes joined by a grey line of communication or a
#:   railway drawn as one (case 3, 2.1.3);
#: * ``off-map``: an off-map hex and a map-edge hex (case 4);
#: * ``large-hex-dot``: a large hex-dot and an off-map hex (2.1.1 "only large hex-dots are
#:   adjacent to off-map hexes");
#: * ``blue-loc``: hex-dots joined as if by a blue line of communication (2.1.2, 2.1.3).
EDGE_KINDS = ("sheet-join", "grey-loc", "rail-loc", "off-map", "large-hex-dot", "blue-loc")


@dataclass(frozen=True)
class Vocabulary:
    """The names a game's map files may use."""

    game: str
    terrain: tuple[str, ...]
    hexside_features: tuple[str, ...]
    climate_zones: tuple[str, ...]
    #: terrain of hex-dots (sea hexes), or None when the game has no hex-dots
    hex_dot_terrain: str | None = None


def vocabulary(game: str) -> Vocabulary:
    """The vocabulary of ``game``; a clear ``ValueError`` for unknown games or games without one yet."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAMES)}")
    if game not in VOCABULARIES:
        raise ValueError(
            f"game {game!r} has no board vocabulary yet; games with one: {', '.join(VOCABULARIES)}")
    return _load(game)


@lru_cache(maxsize=None)
def _load(game: str) -> Vocabulary:
    return importlib.import_module(f"viewer.board.{game}.vocabulary").VOCABULARY


def _declared() -> tuple[str, ...]:
    return tuple(g for g in GAMES if importlib.util.find_spec(f"viewer.board.{g}") is not None)


#: The games (and maps) that declare a board vocabulary, in manifest order.
VOCABULARIES: tuple[str, ...] = _declared()
