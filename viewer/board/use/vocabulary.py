"""Unconditional Surrender! (``use``)
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
from viewer.board.terrain import Vocabulary

#: The names a use map file may use.
VOCABULARY = Vocabulary(
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
