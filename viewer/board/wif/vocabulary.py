"""World in Flames (``wif``)
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
"""
from viewer.board.terrain import Vocabulary

#: The names a wif map file may use.
VOCABULARY = Vocabulary(
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
