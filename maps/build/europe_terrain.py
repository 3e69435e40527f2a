"""Terrain step of the ``europe`` build: WiF terrain classes from the outlines in ``europe_terrain.yaml``.

A land hex (``clear`` after the land/sea step) takes an outline's class when the outline covers
the hex's centre or at least :data:`AREA_SHARE` of its area; outlines apply in file order, a later
one overriding an earlier one. Lake and sea hexes keep their terrain. The classes are the WiF
vocabulary (``viewer.board.wif.vocabulary``: desert costs supply, WiF 2.4.2; mountain, desert-mountain
and swamp limit air stacking, WiF 2.3.1; weather shifts in the desert, WiF 8.2.1).
"""
from __future__ import annotations

from pathlib import Path

import numpy as np
import yaml

OUTLINES = Path(__file__).with_name("europe_terrain.yaml")
#: share of a hex an outline must cover (when it misses the centre) to give the hex its class
AREA_SHARE = 0.5


def load_outlines(path: Path = OUTLINES) -> list[dict]:
    """The outlines, checked: each needs a name, a WiF class other than sea/lake, a source and a polygon."""
    from viewer.board.wif.vocabulary import VOCABULARY as WIF

    allowed = [c for c in WIF.terrain if c not in ("sea", "lake")]
    out = yaml.safe_load(path.read_text(encoding="utf-8"))["outlines"]
    for o in out:
        missing = [k for k in ("name", "class", "source", "polygon") if not o.get(k)]
        if missing:
            raise SystemExit(f"{path.name}: outline {o.get('name')!r} lacks {', '.join(missing)}")
        if o["class"] not in allowed:
            raise SystemExit(f"{path.name}: outline {o['name']!r} has class {o['class']!r}; allowed: {', '.join(allowed)}")
    return out


def _projected(polygon_lonlat, to_map):
    """A lon/lat ring densified to ~0.1° and projected (so long edges follow the projection)."""
    import shapely

    ring = np.asarray(polygon_lonlat + polygon_lonlat[:1], dtype=float)
    pts = [ring[0]]
    for a, b in zip(ring[:-1], ring[1:]):
        n = max(1, int(np.ceil(np.abs(b - a).max() / 0.1)))
        pts.extend(a + (b - a) * t for t in np.linspace(0, 1, n + 1)[1:])
    pts = np.asarray(pts)
    x, y = to_map.transform(pts[:, 0], pts[:, 1])
    return shapely.make_valid(shapely.Polygon(np.c_[x, y]))


def assign_terrain(sheet, hexes, to_map, outlines=None) -> dict[str, int]:
    """Set ``hexes["terrain"]`` of the land hexes from the outlines; return the hexes each outline took."""
    import shapely

    outlines = load_outlines() if outlines is None else outlines
    land = (hexes["terrain"] == "clear").to_numpy()
    rows = np.flatnonzero(land)
    polys = sheet.polygons(hexes["q"].to_numpy()[rows], hexes["r"].to_numpy()[rows])
    centres = shapely.points(hexes["x"].to_numpy()[rows], hexes["y"].to_numpy()[rows])
    tree = shapely.STRtree(polys)
    hex_area = shapely.area(polys[0])
    terrain = hexes["terrain"].to_numpy(dtype=object).copy()
    taken = {}
    for o in outlines:
        shape = _projected(o["polygon"], to_map)
        cand = tree.query(shape, predicate="intersects")
        share = shapely.area(shapely.intersection(polys[cand], shape)) / hex_area
        hit = cand[shapely.contains(shape, centres[cand]) | (share >= AREA_SHARE)]
        terrain[rows[hit]] = o["class"]
        taken[o["name"]] = len(hit)
    hexes["terrain"] = terrain
    return taken
