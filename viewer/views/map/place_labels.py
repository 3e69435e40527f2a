"""Which place names the map can draw at which zoom without one name covering another.

A name is drawn to the right of its place's dot, a box ``width`` pixels wide and ``height`` high
whose size does not change with the zoom, while the distance between two places on screen grows
with it. Two names stop covering each other once the hexes are drawn ``k`` pixels wide, where
``k`` is the smaller of the horizontal and the vertical separation (the left name's width over
their distance across, the height over their distance up, both in hexes). Going through the
places from the most important (the major powers' capitals, then the other capitals, then the
cities, then the ports), each name is given the zoom from which it covers none of the names
already given a smaller one (:func:`label_levels`); the map draws the names of one band of
levels with one text glyph, shown from that band's zoom on (:data:`LEVELS`), so the browser only
switches a few glyphs on and off as the view zooms.
"""
from __future__ import annotations

import numpy as np

#: The bands: a name with level ``k`` is drawn from the first band at or above ``k`` (hex width
#: in screen pixels); names that need more than the last band are drawn from the last.
LEVELS = (0.0, 7.0, 10.0, 14.0, 20.0, 28.0, 40.0, 56.0, 80.0)
#: Estimated width of one character of a name (bold capitals 8 pt, other places 7.5 pt) and the
#: height of a name, in pixels; the x offset of a name from its dot.
CHAR_PX = {True: 6.3, False: 5.6}
NAME_HEIGHT_PX = 11.0
OFFSET_PX = 5.0


def name_widths(names: list[list[str]], bold: list[bool]) -> np.ndarray:
    """Pixel width of each place's name box: its longest name in any language, plus the offset."""
    return np.array([OFFSET_PX + CHAR_PX[b] * max(len(n) for n in ns) for ns, b in zip(names, bold)], dtype=float)


def label_levels(x, y, widths, height: float = NAME_HEIGHT_PX) -> np.ndarray:
    """The hex width (pixels) from which each name covers no name before it; ``x``, ``y`` in
    hexes, in priority order (the first name gets 0)."""
    x, y, widths = np.asarray(x, float), np.asarray(y, float), np.asarray(widths, float)
    n = len(x)
    levels = np.zeros(n)
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in range(1, n):
            dx = x[:i] - x[i]
            dy = np.abs(y[:i] - y[i])
            left = np.where(dx >= 0, widths[i], widths[:i])   # the name of the place further left
            across = np.where(dx != 0, left / np.abs(dx), np.inf)
            up = np.where(dy != 0, height / dy, np.inf)
            apart = np.minimum(across, up)                   # the zoom from which the two do not meet
            clash = apart > levels[:i]                       # ... when the other is drawn before that
            levels[i] = float(apart[clash].max()) if clash.any() else 0.0
    return levels


def level_bands(levels) -> np.ndarray:
    """The index in :data:`LEVELS` of the band that draws each name."""
    bands = np.searchsorted(np.asarray(LEVELS), np.asarray(levels, float), side="left")
    return np.minimum(bands, len(LEVELS) - 1)
