"""The gridless table (SC 8.5.3, 8.9.1): a rectangle in inches, terrain pieces, models on round
bases owned by units, and mission markers 1-5.

A table is read from a YAML mapping (``maps/starcraft/*.yaml``; :func:`load_table`) and validated
with errors that name the file, the entry and the field. Geometry is in :mod:`.geometry`.
"""
from __future__ import annotations

from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from shapely.geometry import Point, Polygon

from viewer.errors import Refusal
from viewer.safeload import LoadError, load_yaml

#: Terrain sizes (SC 8.5.3): 0, 1, 2 and 3 (meaning 3 or more).
SIZES = (0, 1, 2, 3)
TAGS = ("ground", "flying")
OWNERS = ("A", "B")
ELEVATIONS = ("ground", "intermediate", "high")


class TableError(Refusal):
    """A table file or value is wrong: names where and what is allowed."""


@dataclass(frozen=True)
class Terrain:
    """A terrain piece: footprint polygon, Size, and its kind (SC 8.5.3).

    ``standable``: its top is horizontal and models may stand on it (reached by access points);
    ``grass``: GRASS (does not block movement, removed once crossed); ``ramp``: Size 1,
    intermediate, entered only by its two access points."""

    id: str
    polygon: Polygon
    size: int
    grass: bool = False
    ramp: bool = False
    standable: bool = False
    access_points: tuple[tuple[float, float], ...] = ()

    @property
    def impassable(self) -> bool:
        """Size 2 or more blocks movement, except Grass (SC 8.5.3)."""
        return self.size >= 2 and not self.grass

    @property
    def level(self) -> str:
        """The elevation of a model standing on it (SC 8.5.3)."""
        if self.ramp:
            return "intermediate"
        return "high" if self.size >= 3 else ("intermediate" if self.size >= 1 else "ground")


@dataclass(frozen=True)
class Model:
    """A model: a round base (radius in inches) at (x, y); ``elevation`` None = worked out from
    the terrain under it (flying models have none)."""

    id: str
    x: float
    y: float
    radius: float = 0.5
    elevation: str | None = None

    @property
    def base(self):
        return Point(self.x, self.y).buffer(self.radius, quad_segs=16)


@dataclass(frozen=True)
class Unit:
    """A unit: its owner, Combat Tag, Current Supply, models, and the states that matter to
    objectives (coherency, SC 4.4 not in the text, is a flag the player sets)."""

    id: str
    owner: str
    tag: str
    supply: int
    models: tuple[Model, ...]
    name: str = ""
    speed: float = 0.0
    on_table: bool = True
    burrowed: bool = False
    in_coherency: bool = True

    @property
    def flying(self) -> bool:
        return self.tag == "flying"


@dataclass(frozen=True)
class Marker:
    """Mission marker 1-5 at (x, y) (Size 0 for line of sight, SC 8.9.1)."""

    number: int
    x: float
    y: float
    radius: float = 0.0
    controller: str | None = None


@dataclass(frozen=True)
class LosSettings:
    """Our own line-of-sight model (rule 7.1.1 is not in the text): a straight line between
    centres is blocked by a piece of a size in ``blocking_sizes`` (3 = 3+) or, if
    ``grass_blocks``, by Grass, unless one end stands inside that piece."""

    blocking_sizes: tuple[int, ...] = (2, 3)
    grass_blocks: bool = True


@dataclass(frozen=True)
class Table:
    """The whole table."""

    width: float
    height: float
    terrain: tuple[Terrain, ...] = ()
    units: tuple[Unit, ...] = ()
    markers: tuple[Marker, ...] = ()
    los: LosSettings = field(default_factory=LosSettings)
    name: str = ""

    def unit(self, unit_id: str) -> Unit:
        for u in self.units:
            if u.id == unit_id:
                return u
        raise TableError(f"unknown unit {unit_id!r}; units: {[u.id for u in self.units]}")

    def unit_of(self, model_id: str) -> Unit:
        for u in self.units:
            if any(m.id == model_id for m in u.models):
                return u
        raise TableError(f"unknown model {model_id!r}")

    def move_model(self, model_id: str, x: float, y: float) -> Table:
        """A new table with ``model_id`` at (x, y)."""
        unit = self.unit_of(model_id)
        models = tuple(replace(m, x=float(x), y=float(y)) if m.id == model_id else m for m in unit.models)
        units = tuple(replace(u, models=models) if u.id == unit.id else u for u in self.units)
        return replace(self, units=units)

    def with_unit(self, unit_id: str, **changes: Any) -> Table:
        self.unit(unit_id)
        return replace(self, units=tuple(replace(u, **changes) if u.id == unit_id else u for u in self.units))

    def with_marker(self, number: int, **changes: Any) -> Table:
        return replace(self, markers=tuple(replace(m, **changes) if m.number == number else m for m in self.markers))


# -- loading -----------------------------------------------------------------------------------
def _need(entry: dict, key: str, where: str, kind=None):
    if key not in entry:
        raise TableError(f"{where}: missing field {key!r}")
    value = entry[key]
    if kind is not None and not isinstance(value, kind):
        raise TableError(f"{where}: field {key!r} must be {getattr(kind, '__name__', kind)}, not {value!r}")
    return value


def _choice(value, allowed, where, key):
    if value not in allowed:
        raise TableError(f"{where}: {key} {value!r} is not allowed; allowed: {list(allowed)}")
    return value


def table_from_dict(data: dict, source: str = "table") -> Table:
    """Build and validate a :class:`Table` from a mapping (the YAML layout)."""
    if not isinstance(data, dict):
        raise TableError(f"{source}: expected a mapping with width, height, terrain, units, markers")
    width = float(_need(data, "width", source, (int, float)))
    height = float(_need(data, "height", source, (int, float)))
    if width <= 0 or height <= 0:
        raise TableError(f"{source}: width and height must be positive inches")
    terrain = []
    for i, t in enumerate(data.get("terrain") or []):
        where = f"{source}: terrain[{i}]"
        pts = _need(t, "polygon", where, list)
        poly = Polygon([(float(x), float(y)) for x, y in pts])
        if len(pts) < 3 or not poly.is_valid or poly.area <= 0:
            raise TableError(f"{where}: polygon must be at least 3 points enclosing an area, without self-crossings")
        size = _choice(_need(t, "size", where, int), SIZES, where, "size")
        terrain.append(Terrain(str(_need(t, "id", where)), poly, size, bool(t.get("grass", False)),
                               bool(t.get("ramp", False)), bool(t.get("standable", False)),
                               tuple((float(x), float(y)) for x, y in t.get("access_points", []))))
        if terrain[-1].ramp and size != 1:
            raise TableError(f"{where}: a ramp is Size 1 terrain (SC 8.5.3), not Size {size}")
    units, seen = [], set()
    for i, u in enumerate(data.get("units") or []):
        where = f"{source}: units[{i}]"
        models = []
        for j, m in enumerate(_need(u, "models", where, list)):
            mw = f"{where}.models[{j}]"
            mid = str(_need(m, "id", mw))
            if mid in seen:
                raise TableError(f"{mw}: model id {mid!r} is used twice")
            seen.add(mid)
            radius = float(m.get("radius", u.get("radius", 0.5)))
            if radius <= 0:
                raise TableError(f"{mw}: radius must be positive inches")
            elev = m.get("elevation")
            if elev is not None:
                _choice(elev, ELEVATIONS, mw, "elevation")
            models.append(Model(mid, float(_need(m, "x", mw)), float(_need(m, "y", mw)), radius, elev))
        supply = _need(u, "supply", where, int)
        if supply < 0:
            raise TableError(f"{where}: supply must not be negative")
        units.append(Unit(str(_need(u, "id", where)), _choice(_need(u, "owner", where), OWNERS, where, "owner"),
                          _choice(_need(u, "tag", where), TAGS, where, "tag"), supply, tuple(models),
                          str(u.get("name", "")), float(u.get("speed", 0)), bool(u.get("on_table", True)),
                          bool(u.get("burrowed", False)), bool(u.get("in_coherency", True))))
    markers = []
    for i, m in enumerate(data.get("markers") or []):
        where = f"{source}: markers[{i}]"
        num = _choice(_need(m, "number", where, int), (1, 2, 3, 4, 5), where, "number")
        ctrl = m.get("controller")
        if ctrl is not None:
            _choice(ctrl, OWNERS, where, "controller")
        markers.append(Marker(num, float(_need(m, "x", where)), float(_need(m, "y", where)),
                              float(m.get("radius", 0.0)), ctrl))
    los = data.get("los") or {}
    settings = LosSettings(tuple(los.get("blocking_sizes", (2, 3))), bool(los.get("grass_blocks", True)))
    for s in settings.blocking_sizes:
        _choice(s, SIZES, f"{source}: los", "blocking size")
    return Table(width, height, tuple(terrain), tuple(units), tuple(markers), settings, str(data.get("name", "")))


def load_table(path: str | Path) -> Table:
    """Read a table layout YAML file (see ``maps/starcraft/README.md``)."""
    path = Path(path)
    try:
        data = load_yaml(path.read_bytes(), str(path), "table")
    except OSError as err:
        raise TableError(f"{path}: cannot read the table file: {err.strerror or err}") from None
    except LoadError as err:
        raise TableError(str(err)) from None
    return table_from_dict(data, str(path))


def demo_table_path() -> Path:
    """The shipped demo layout (``maps/starcraft/demo-table.yaml``)."""
    from importlib import resources

    candidates = [Path(str(resources.files("viewer") / "maps")), Path(__file__).resolve().parents[3] / "maps"]
    for d in candidates:
        f = d / "starcraft" / "demo-table.yaml"
        if f.is_file():
            return f
    raise TableError("the demo table maps/starcraft/demo-table.yaml is not installed")
