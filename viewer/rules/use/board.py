"""The USE board as the rules see it: hexes by number, hexside features, sea zones, map boxes,
straits and canals (USE 1.3).

Pure data with small look-ups; the real map (``maps/use.gpkg``) and the fixture boards of the
tests both become a :class:`UseBoard` (:func:`viewer.rules.use.fixtures.board` and
:func:`from_hexmap`). Hex keys are the printed numbers ``AABB`` (:mod:`viewer.rules.use.grid`).

Hex terrain names are the Movement Table's rows (``clear``, ``rough`` ... USE 4.2.1); ``sea`` is
a water-only hex (1.3.3). Hexside features: ``river``, ``transport-line`` (a transport line crosses
the hexside, 1.3.7), ``land-border`` (1.3.4), ``strait`` (1.3.6), ``sea`` (water only, 1.3.3), ``canal`` (4.2.4.2), ``prohibited-land`` and
``prohibited-naval`` (the Movement Table's prohibited hexsides, 4.2.3.2, 4.2.4.1).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property
from typing import Iterable, Mapping

import numpy as np

from viewer.errors import Refusal
from viewer.rules.use import grid

HEXSIDE_FEATURES = ("river", "sea", "land-border", "strait", "transport-line", "canal", "prohibited-land", "prohibited-naval")
#: The six map boxes (USE 1.3.5), by id.
MAP_BOXES = ("arabian-sea", "central-russia", "north-atlantic", "northeast-america", "south-atlantic",
             "western-indian-ocean")
#: The box friendly to the Soviets; every other box is friendly to the Western Allies (USE 2.3).
SOVIET_BOX = "central-russia"
#: Countries closed to every unit (USE 1.3.8).
PROHIBITED_COUNTRIES = ("Persia", "Saudi Arabia", "Switzerland")


class BoardError(Refusal):
    """A board that breaks a fact of the rules, or a look-up of something the board lacks."""


@dataclass(frozen=True)
class Hex:
    """One hex (USE 1.3.1-1.3.8)."""

    label: str
    terrain: str = "clear"
    name: str = ""
    name_es: str = ""             # the place's Spanish name where the map gives one
    country: str = ""
    neutral: bool = False
    coastal: bool = False
    greyed: bool = False          # muted hex with a dot: air movement only (1.3.2)
    city: bool = False            # capital, city, factory or port symbol (1.3.1)
    capital: bool = False
    port: bool = False
    sea_zones: frozenset = frozenset()
    fortress: str = ""            # the nationality of a fortress in the hex, "" if none (4.2.3.5)
    climate: str = ""
    edge_central_russia: bool = False   # USSR hex on the east map edge, linked to Central Russia (1.3.5)
    closed: bool = False          # flagged prohibited by the map file (1.3.8)

    @property
    def land(self) -> bool:
        return self.terrain not in ("sea", "lake")

    @property
    def prohibited(self) -> bool:
        """Closed to every unit (1.3.8)."""
        return self.closed or self.country in PROHIBITED_COUNTRIES


@dataclass(frozen=True)
class Canal:
    """A canal (USE 4.2.4.2): a port at each end and the hexes it runs through."""

    name: str
    ends: tuple[str, str]
    hexes: tuple[str, ...] = ()


@dataclass(frozen=True)
class Strait:
    """A strait symbol (USE 1.3.6, 4.2.4.4): the hexside it crosses and the two sea zones it parts."""

    name: str
    hexes: tuple[str, ...]
    zones: tuple[str, ...]


@dataclass
class UseBoard:
    """Hexes, hexsides and the sea-zone / map-box graph (USE 1.3)."""

    name: str
    hexes: dict[str, Hex]
    hexsides: dict[frozenset, frozenset] = field(default_factory=dict)
    #: adjacent sea zones (an unordered pair, no strait between them)
    zone_links: set[frozenset] = field(default_factory=set)
    straits: tuple[Strait, ...] = ()
    canals: tuple[Canal, ...] = ()
    #: map box -> the sea zones listed in it (4.2.4.3)
    box_zones: dict[str, frozenset] = field(default_factory=dict)
    #: pairs of map boxes joined by an arrow (4.2.4.3)
    box_links: set[frozenset] = field(default_factory=set)
    numbering: str = grid.DEFAULT_NUMBERING
    fixture: bool = True
    notes: tuple[str, ...] = ()

    # -- look-ups ------------------------------------------------------------------------------
    def hex(self, label: str) -> Hex:
        try:
            return self.hexes[label]
        except KeyError:
            raise BoardError(f"hex {label!r} is not on board {self.name!r}") from None

    def find(self, name: str) -> str:
        """The hex number of a named place (``Paris``), or the number itself."""
        if name in self.hexes:
            return name
        for h in self.hexes.values():
            if h.name.lower() == str(name).strip().lower():
                return h.label
        names = sorted(h.name for h in self.hexes.values() if h.name)
        raise BoardError(f"no hex or place {name!r} on board {self.name!r}; places: {', '.join(names)}")

    def neighbors(self, label: str) -> list[str]:
        return [n for n in grid.neighbors(label, self.numbering) if n in self.hexes]

    def side(self, a: str, b: str) -> frozenset:
        return self.hexsides.get(frozenset((a, b)), frozenset())

    def distance(self, a: str, b: str) -> int:
        return grid.distance(a, b, self.numbering)

    @property
    def zones(self) -> list[str]:
        found: set[str] = set()
        for h in self.hexes.values():
            found |= h.sea_zones
        for pair in self.zone_links:
            found |= pair
        for s in self.straits:
            found |= set(s.zones)
        for zs in self.box_zones.values():
            found |= zs
        return sorted(found, key=_zone_sort)

    def ports(self) -> list[str]:
        return [h.label for h in self.hexes.values() if h.port]

    # -- arrays (built once, used by the searches) ---------------------------------------------
    @cached_property
    def labels(self) -> np.ndarray:
        return np.asarray(sorted(self.hexes), dtype=str)

    @cached_property
    def index(self) -> dict[str, int]:
        return {lbl: i for i, lbl in enumerate(self.labels)}

    @cached_property
    def edges(self) -> tuple[np.ndarray, np.ndarray]:
        """Every directed pair of neighbouring hexes, as two index arrays (vectorised)."""
        from viewer import hexgrid
        q, r = grid.labels_to_axial(self.labels, self.numbering)
        code = (q + 512) * 4096 + (r + 512)
        order = np.argsort(code)
        nq, nr = hexgrid.neighbor_arrays(q, r)
        ncode = (np.asarray(nq) + 512) * 4096 + (np.asarray(nr) + 512)
        at = np.clip(np.searchsorted(code[order], ncode), 0, len(code) - 1)
        hit = code[order][at] == ncode
        src = np.broadcast_to(np.arange(len(q))[:, None], ncode.shape)[hit]
        return src.astype(np.int64), order[at][hit].astype(np.int64)

    def edge_feature(self, feature: str) -> np.ndarray:
        """A boolean per directed edge: does the hexside carry ``feature``? (cached per board)"""
        cache = self.__dict__.setdefault("_edge_features", {})
        if feature not in cache:
            cache[feature] = self._edge_feature(feature)
        return cache[feature]

    def _edge_feature(self, feature: str) -> np.ndarray:
        src, dst = self.edges
        lab = self.labels.tolist()
        return np.fromiter((feature in self.side(lab[a], lab[b]) for a, b in zip(src, dst)), bool, len(src))

    def hex_column(self, attr: str) -> np.ndarray:
        """One attribute of every hex, in ``labels`` order (cached per board)."""
        cache = self.__dict__.setdefault("_hex_columns", {})
        if attr not in cache:
            cache[attr] = np.asarray([getattr(self.hexes[lbl], attr) for lbl in self.labels.tolist()])
        return cache[attr]

    @cached_property
    def land_closed(self) -> np.ndarray:
        """Per hex: closed to land movement and ZOC (sea, greyed 1.3.2, prohibited 1.3.8) or a
        non-coastal hex of a neutral country (2.1.1)."""
        land = self.hex_column("land")
        return (~land | self.hex_column("greyed") | self.hex_column("prohibited")
                | (self.hex_column("neutral") & ~self.hex_column("coastal")))


def _zone_sort(z: str):
    return (0, int(z), "") if str(z).isdigit() else (1, 0, str(z))


def build(name: str, hexes: Iterable[Mapping], hexsides: Iterable[Mapping] = (), *, zone_links=(),
          straits=(), canals=(), box_zones: Mapping | None = None, box_links=(),
          numbering: str = grid.DEFAULT_NUMBERING, fixture: bool = True, notes=()) -> UseBoard:
    """A board from plain dicts (fixtures, files); every hex number and feature is checked."""
    grid.check_numbering(numbering)
    hx: dict[str, Hex] = {}
    for spec in hexes:
        spec = dict(spec)
        lbl = str(spec.pop("label"))
        grid.parse(lbl)
        spec["sea_zones"] = frozenset(str(z) for z in spec.get("sea_zones", ()))
        try:
            hx[lbl] = Hex(label=lbl, **spec)
        except TypeError as err:
            raise BoardError(f"board {name!r}, hex {lbl}: {err}") from None
    sides: dict[frozenset, frozenset] = {}
    for spec in hexsides:
        a, b = str(spec["a"]), str(spec["b"])
        if a not in hx or b not in hx:
            raise BoardError(f"board {name!r}: hexside {a}|{b} names a hex not on the board")
        if b not in grid.neighbors(a, numbering):
            raise BoardError(f"board {name!r}: {a} and {b} are not neighbours ({numbering})")
        feats = frozenset(spec["features"])
        bad = feats - set(HEXSIDE_FEATURES)
        if bad:
            raise BoardError(f"board {name!r}: hexside {a}|{b}: unknown features {sorted(bad)}; "
                             f"allowed: {', '.join(HEXSIDE_FEATURES)}")
        key = frozenset((a, b))
        sides[key] = sides.get(key, frozenset()) | feats
    st = tuple(Strait(s["name"], tuple(map(str, s["hexes"])), tuple(map(str, s["zones"]))) for s in straits)
    for s in st:
        key = frozenset(s.hexes)
        sides[key] = sides.get(key, frozenset()) | {"strait"}
    boxes = {k: frozenset(map(str, v)) for k, v in (box_zones or {}).items()}
    for k in boxes:
        if k not in MAP_BOXES:
            raise BoardError(f"board {name!r}: unknown map box {k!r}; allowed: {', '.join(MAP_BOXES)}")
    links = {frozenset(p) for p in box_links}
    for p in links:
        if not p <= set(MAP_BOXES):
            raise BoardError(f"board {name!r}: box link {sorted(p)} names an unknown map box")
    cn = tuple(Canal(c["name"], tuple(c["ends"]), tuple(c.get("hexes", ()))) for c in canals)
    return UseBoard(name, hx, sides, {frozenset(map(str, p)) for p in zone_links}, st, cn, boxes, links,
                    numbering, fixture, tuple(notes))
