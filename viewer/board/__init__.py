"""Map and board model, GeoPackage IO and validation (docs/architecture.md "Boards and maps").

Public API::

    from viewer.board import HexMap, Sheet, load_map, save_map, bundled_maps, MapFileError

    m = load_map("demo")            # a bundled map by name, or a path to a .gpkg
    m.hexes                         # DataFrame: sheet, q, r, label, terrain, attributes
    m.neighbors(("main", 3, 2))     # sheet adjacency + extra edges (WiF 2.1.1)
    m.hex_at(lon, lat)              # geographic maps: the (sheet, q, r) key or None
    m.chokepoint("Western Mediterranean", "Cape St Vincent")   # WiF 11.4.4 passages
"""
from viewer.board.errors import MapError, MapFileError
from viewer.board.gpkg import FORMAT_VERSION, bundled_maps, load_map, save_map, shared_map
from viewer.board.model import HexKey, HexMap
from viewer.board.sheet import Sheet
from viewer.board.terrain import (
    CHOKEPOINT_TESTS,
    EDGE_KINDS,
    FEATURE_KINDS,
    GAMES,
    REGION_KINDS,
    Vocabulary,
    vocabulary,
)

__all__ = [
    "shared_map",
    "CHOKEPOINT_TESTS",
    "EDGE_KINDS",
    "FEATURE_KINDS",
    "FORMAT_VERSION",
    "GAMES",
    "HexKey",
    "HexMap",
    "MapError",
    "MapFileError",
    "REGION_KINDS",
    "Sheet",
    "Vocabulary",
    "bundled_maps",
    "load_map",
    "save_map",
    "vocabulary",
]
