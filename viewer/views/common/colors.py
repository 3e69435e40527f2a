"""Colours the views use: terrain classes, hexside features, overlays and the selection outline."""
from __future__ import annotations

import zlib

#: Terrain class -> fill colour (names are the map files' identifiers, viewer.board.terrain).
TERRAIN_COLORS = {
    "clear": "#e9e4c8",
    "forest": "#7fa865",
    "mountain": "#a08c73",
    "desert": "#f0d58c",
    "desert-mountain": "#c9a66b",
    "swamp": "#8fb8a8",
    "lake": "#8ec3e6",
    "jungle": "#3f7f4f",
    "sea": "#cfe6f5",
}
UNKNOWN_TERRAIN_COLOR = "#bdbdbd"
#: Fill of every land hex when the terrain layer is off (water keeps its colour).
PLAIN_LAND_COLOR = "#ece8d6"
#: Terrain classes that stay coloured on the plain map: water is not terrain one can hide.
WATER_TERRAIN = ("sea", "lake")

#: Hexside feature -> line colour for hexside overlays.
HEXSIDE_COLORS = {
    "river": "#2f6db5",
    "alpine": "#5b3a1e",
    "lake": "#4aa3df",
    "all-sea": "#1f4e79",
    "strait": "#c0392b",
    "rail": "#222222",
    "road": "#8e6c3a",
}

#: Hexside feature -> line style of its glyph: width and dash (Bokeh ``line_dash``).
#: A railway is a dark line with white ties drawn over it (``RAIL_TIES``), the printed maps' sign.
HEXSIDE_STYLES = {
    "river": {"line_width": 3, "line_dash": "solid"},
    "alpine": {"line_width": 5, "line_dash": "solid"},
    "lake": {"line_width": 4, "line_dash": "solid"},
    "all-sea": {"line_width": 3, "line_dash": "dotted"},
    "strait": {"line_width": 5, "line_dash": "dashed"},
    "rail": {"line_width": 3, "line_dash": "solid"},
    "road": {"line_width": 2, "line_dash": "dashdot"},
}
#: The white dashes drawn on a railway's dark line (its "ties").
RAIL_TIES = {"line_color": "#ffffff", "line_width": 1.2, "line_dash": [4, 4]}

SELECTION_COLOR = "#d7263d"

# ---------------------------------------------------------------- political and maritime layers
#: Major power -> colour, after the printed maps' convention of one colour per major power.
POWER_COLORS = {
    "Germany": "#5a5a5a",
    "Italy": "#4f9a4a",
    "France": "#3f6fc4",
    "Commonwealth": "#c9a15e",
    "USSR": "#b8352e",
    "Japan": "#e0b422",
    "USA": "#2e8b8b",
    "China": "#8c5a2b",
}
NEUTRAL_COLORS = ("#efe3b0", "#d8c8e8", "#c8e0d0", "#f2c9b8", "#cfd8e8", "#e8d0c0", "#dde8b8", "#f0d8e0")
CLIMATE_COLORS = {
    "arctic": "#9ecae1",
    "north-temperate": "#74c476",
    "south-temperate": "#a1d99b",
    "mediterranean": "#fdae6b",
    "north-monsoon": "#9e9ac8",
    "south-monsoon": "#bcbddc",
}
SEA_COLORS = ("#a6dbe0", "#7fc8cf", "#c4e8eb", "#93d1c6", "#b3e2d4", "#8cc9db", "#cdebf2", "#9fd6cf")
CHOKEPOINT_COLOR = "#d7263d"
#: shade of a major power's colour for its home country, aligned minors and territories
SHADE = {"major": 0.0, "territory": 0.35, "minor": 0.55}


def mix(hex_color: str, white: float) -> str:
    """``hex_color`` mixed with white (0: the colour, 1: white)."""
    r, g, b = (int(hex_color[i:i + 2], 16) for i in (1, 3, 5))
    out = [round(c + (255 - c) * white) for c in (r, g, b)]
    return "#" + "".join(f"{c:02x}" for c in out)


def stable_pick(name: str, palette) -> str:
    """The same colour of ``palette`` for ``name`` in every session."""
    return palette[zlib.crc32(name.encode("utf-8")) % len(palette)]


def terrain_color(name: str) -> str:
    return TERRAIN_COLORS.get(name, UNKNOWN_TERRAIN_COLOR)


def plain_color(name: str) -> str:
    """A terrain class's fill on the plain map: water as on the terrain map, all land one colour."""
    return terrain_color(name) if name in WATER_TERRAIN else PLAIN_LAND_COLOR
