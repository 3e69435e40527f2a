"""A USE board's places by their names in the reader's language (USE 1.3): the one place the
pages and the calculators turn a hex into a name. The names are the board's own: ``Hex.name``
and, where the map gives one, ``Hex.name_es`` (the USE map's Spanish names; the fixture boards
carry the same ones, viewer/rules/use/fixtures.py)."""
from __future__ import annotations

from viewer.rules.use.board import BoardError, Hex, UseBoard


def place_name(h: Hex, lang: str) -> str:
    """A hex's place by its name in ``lang`` (the map's Spanish name where it has one), else its
    number."""
    return (h.name_es if lang == "es" and h.name_es else h.name) or h.label


def place_title(h: Hex, lang: str) -> str:
    """A hex's place as a list offers it: its name in ``lang`` and its number, "Róterdam (2519)";
    a hex with no name by its number alone."""
    name = place_name(h, lang)
    return name if name == h.label else f"{name} ({h.label})"


def find_place(board: UseBoard, text: str) -> str:
    """The hex number of a place typed by its number, its name or its Spanish name (any case);
    a place the board lacks is refused by :meth:`UseBoard.find`, which lists the places."""
    try:
        return board.find(text)
    except BoardError:
        wanted = str(text).strip().lower()
        for h in board.hexes.values():
            if h.name_es and h.name_es.lower() == wanted:
                return h.label
        raise
