"""Board vocabulary per game: which terrain classes, hexside features and climate zones a map may use.

This module is data only. Colours belong to the views and display names to the label
catalogue (``terrain.<name>``, ``hexside.<name>``, ``climate.<name>``); here every name is
the identifier stored in map files.

World in Flames (``wif``)
-------------------------
Only what the rule digests name (``shared/rules/wif-*.md``); the Terrain Effects Chart
itself is printed on the Asian map and is not in the rulebook (WiF 2.1).

Terrain classes:

* ``clear``: a frozen lake hex is treated as clear terrain (WiF 8.2.9).
* ``forest``: swamp hexes are treated as forest in Snow or Blizzard (WiF 8.2.9).
* ``mountain``: air stacking limit 0 (WiF 2.3.1); MTN units pay 1 MP less off the
  European maps (WiF 11.11.2).
* ``desert`` and ``desert-mountain``: shifted weather (WiF 8.2.1), +1 to supply path
  cost (WiF 2.4.2), air stacking 0 for desert-mountain (WiF 2.3.1).
* ``swamp``: air stacking limit 0 (WiF 2.3.1), treated as forest when frozen (WiF 8.2.9).
* ``lake``: lake hexes freeze and are then clear (WiF 8.2.9).
* ``jungle``: halves tactical factors in the ground-strike example (WiF 11.9,
  Ex. 11.9-a); Japanese infantry pay 1 MP less to enter (WiF 11.11.2).
* ``sea``: the notional hex of a hex-dot; land units may not be in it (WiF 2.1.1). A hex
  whose terrain is ``sea`` must carry the ``hex_dot`` flag and vice versa.

No other class (tundra, steppe, rough …) is named in the digests, so none is listed.

Hexside features (WiF 2.1.1 "Hexside: feature flags (river, alpine, lake, all-sea,
strait, …); rail and road crossing"):

* ``river``: affects combat across it (WiF 2.1.1, Ex. 2.6); a frozen lake hexside is
  treated as a river hexside (WiF 8.2.9).
* ``alpine``: blocks ZOC (WiF 2.2) and supply (WiF 2.4.2); only MTN cross (WiF 11.11.2).
* ``lake``: blocks ZOC and supply unless frozen (WiF 2.2, 2.4.2, 8.2.9).
* ``all-sea``: a hexside with no land at all (WiF 2.1.1); blocks ZOC (WiF 2.2).
* ``strait``: an all-sea hexside land units may cross (WiF 11.11.2); blocks ZOC
  (WiF 2.2); rail crosses it with a rail line on both sides (WiF 2.4.2, 11.10).
* ``rail``: a rail line crosses the hexside, i.e. the two hexes are rail-connected
  (WiF 11.10 "every hex entered must be rail-connected to the hex left").
* ``road``: a road crosses the hexside (WiF 11.11.2, option 17 "along a rail line or road").

Climate zones: the six of WiF 8.1.

The ``demo`` game is the bundled demonstration map; it uses the WiF vocabulary.

Unconditional Surrender! (``use``)
----------------------------------
Only what the USE digest names (``shared/rules/use-rules.md``); the Terrain Key and the
Movement Table are on the player aids and not in the rulebook text, so no cost is attached here.

Terrain classes:

* ``clear``: 1 MP (USE 4.2.1 examples); a transport-line step counts as clear (USE 4.2.3.4).
* ``rough``: "terreno abrupto", 2 MP, not added to an enemy city's 2 (USE 4.2.1 example).
* ``sea``: a water hex, with only water in it (USE 1.3.3); a lake hex is water with no sea zone.

Hex flags stored as columns (not classes): ``greyed`` (greyed hex with a dot, closed to land and
naval movement, open to air, USE 1.3.2), ``prohibited`` (a hex of Persia, Saudi Arabia or
Switzerland, closed to all units, USE 1.3.8), ``island`` (USE 1.3.3), ``sea_zones`` (the zones a
hex belongs to, ``"10;11"``, USE 1.3.6) and ``map_box`` (the box a map-edge hex links to, USE
1.3.5).

Hexside features:

* ``river``: +1 MP to cross (USE 4.2.1 examples).
* ``sea``: a hexside with only water (USE 1.3.3).
* ``land-border``: an international or disputed border with land on it; never where a strait
  crosses (USE 1.3.4).
* ``strait``: a strait symbol; it separates two sea zones and costs naval units a crossing
  (USE 1.3.6, 4.2.4.1, 4.2.4.4).
* ``transport-line``: a railway or road joins the two hexes; no distinction (USE 1.3.7, 4.1,
  4.2.2, 4.2.3.4).
* ``canal``: a hexside the canal crosses; naval units cross land along it (USE 4.2.4.1-4.2.4.2).
* ``prohibited-land`` / ``prohibited-naval``: hexsides the Movement Table closes (USE 4.1.3,
  4.2.3.2, 4.2.4.1); the table is not in the text, so the bundled board has none.

Climate zones: the four of USE 1.3.9 (cold north of the blue line, temperate, warm, desert south
of the yellow line).
"""
from __future__ import annotations

from dataclasses import dataclass

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


WIF = Vocabulary(
    game="wif",
    terrain=(
        "clear",
        "forest",
        "mountain",
        "desert",
        "desert-mountain",
        "swamp",
        "lake",
        "jungle",
        "sea",
    ),
    hexside_features=("river", "alpine", "lake", "all-sea", "strait", "rail", "road"),
    climate_zones=(
        "arctic",
        "north-temperate",
        "south-temperate",
        "mediterranean",
        "north-monsoon",
        "south-monsoon",
    ),
    hex_dot_terrain="sea",
)

USE = Vocabulary(
    game="use",
    terrain=("clear", "rough", "sea"),
    hexside_features=(
        "river",
        "sea",
        "land-border",
        "strait",
        "transport-line",
        "canal",
        "prohibited-land",
        "prohibited-naval",
    ),
    climate_zones=("cold", "temperate", "warm", "desert"),
    hex_dot_terrain=None,
)

VOCABULARIES: dict[str, Vocabulary] = {
    "wif": WIF,
    "use": USE,
    "demo": Vocabulary("demo", WIF.terrain, WIF.hexside_features, WIF.climate_zones, "sea"),
}


def vocabulary(game: str) -> Vocabulary:
    """The vocabulary of ``game``; a clear ``ValueError`` for unknown games or games without one yet."""
    if game not in GAMES:
        raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAMES)}")
    try:
        return VOCABULARIES[game]
    except KeyError:
        raise ValueError(
            f"game {game!r} has no board vocabulary yet; games with one: {', '.join(VOCABULARIES)}"
        ) from None
