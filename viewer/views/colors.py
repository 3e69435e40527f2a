"""Colours the views use: terrain classes, overlays and the selection outline."""
from __future__ import annotations

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

SELECTION_COLOR = "#d7263d"


def terrain_color(name: str) -> str:
    return TERRAIN_COLORS.get(name, UNKNOWN_TERRAIN_COLOR)
