"""ASL-style tactical boards: hex numbering, terrain, heights, and the board file (YAML).

A board is a geomorphic sheet of 33 columns (A … Z, AA … GG) by 10 rows of flat-topped hexes,
numbered as ASL boards are: board number, column letters, row number (``2W7``). Column B's hexes
sit half a hex above column A's, so the numbering is the ``even-q`` offset of viewer/hexgrid.py
with the printed row number as the offset row.

Heights are in levels. A hex has a ground level (0, or a hill of 1-3) and a terrain:
open ground, woods, building (locations at levels 0 … ``levels``), orchard, wreck. Hexsides may
carry a wall or a hedge. How tall each of these stands for line of sight is **our model**
(:data:`TERRAIN`, :data:`HEXSIDE_FEATURES`), not ASL's chapter A6, which the texts we have do not
contain; see viewer/rules/asl/los.py. Night rules cited: ASL E1.94, E1.941.
"""
from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path

import pandas as pd

from viewer import hexgrid
from viewer.errors import ViewerError
from viewer.safeload import LoadError, load_yaml, paths_trusted

COLUMNS = 33
ROWS = 10
OFFSET = "even-q"
FORMAT = "asl-board/1"
MAX_LEVEL = 3
MAX_GROUND = 3


@dataclass(frozen=True)
class Terrain:
    """How a terrain stands for line of sight in our model (heights in levels above the ground)."""

    obstacle: float = 0.0     # an LOS obstacle this tall (0: none)
    hindrance: float = 0.0    # a hindrance this tall (0: none)
    building: bool = False    # has locations at levels 0 … levels; obstacle = levels + 1


#: Our model's heights. Woods and buildings are obstacles; orchards and wrecks hindrances (a wreck
#: is a half-level hindrance, as the night summary says in its example to ASL E1.94).
TERRAIN: dict[str, Terrain] = {
    "open": Terrain(),
    "woods": Terrain(obstacle=1.0),
    "building": Terrain(building=True),
    "orchard": Terrain(hindrance=1.0),
    "wreck": Terrain(hindrance=0.5),
}

#: Hexside features: walls and hedges, obstacles half a level tall (our model).
HEXSIDE_FEATURES: dict[str, float] = {"wall": 0.5, "hedge": 0.5}


class BoardError(ViewerError):
    """A board file or a hex id that is wrong: names the file, the entry and what is allowed."""

    def __init__(self, origin: str, message: str):
        self.origin = origin
        super().__init__(origin, message)


def column_letters(index: int) -> str:
    """Column index 0 … 32 -> ``A`` … ``Z``, ``AA`` … ``GG`` (ASL doubles the letter)."""
    if not 0 <= index < COLUMNS:
        raise ValueError(f"column index {index} is outside 0..{COLUMNS - 1}")
    letter = chr(ord("A") + index % 26)
    return letter * (index // 26 + 1)


def column_index(letters: str) -> int:
    """``A`` -> 0 … ``GG`` -> 32."""
    letters = letters.upper()
    if not letters or len(set(letters)) != 1 or not letters.isalpha() or len(letters) > 2:
        raise ValueError(f"malformed column {letters!r} (expected A … Z or AA … GG)")
    index = (ord(letters[0]) - ord("A")) + 26 * (len(letters) - 1)
    if index >= COLUMNS:
        raise ValueError(f"column {letters!r} is off the board (A … GG)")
    return index


_HEX_ID = re.compile(r"^\s*(\d*)([A-Za-z]{1,2})(\d{1,2})\s*$")


@dataclass(frozen=True)
class HexInfo:
    """One hex of a board: its id, axial (q, r), ground level and terrain."""

    id: str
    q: int
    r: int
    ground: int = 0
    terrain: str = "open"
    levels: int = 0          # highest building level (buildings only)

    @property
    def obstacle(self) -> float:
        """Obstacle height above the ground (0: none)."""
        t = TERRAIN[self.terrain]
        return float(self.levels + 1) if t.building else t.obstacle

    @property
    def hindrance(self) -> float:
        return TERRAIN[self.terrain].hindrance

    @property
    def location_levels(self) -> tuple[int, ...]:
        """The levels a unit (or a fire) can occupy here: 0 … levels in a building, else 0."""
        return tuple(range(self.levels + 1)) if TERRAIN[self.terrain].building else (0,)


@dataclass
class Board:
    """A board: its number, its hexes by axial key and by id, and its hexside features."""

    number: int
    name: str
    hexes: dict[tuple[int, int], HexInfo]
    hexsides: dict[frozenset, str] = field(default_factory=dict)
    notes: str = ""

    # -- ids ------------------------------------------------------------------------------
    def hex_id(self, h) -> str:
        return self.hexes[(int(h[0]), int(h[1]))].id

    def key(self, hex_id: str) -> tuple[int, int]:
        """``"2W7"`` (or ``"W7"``) -> axial ``(q, r)``; a bad id raises BoardError."""
        m = _HEX_ID.match(str(hex_id))
        if not m:
            raise BoardError("hex", f"malformed hex id {hex_id!r} (expected like {self.number}W7)")
        if m.group(1) and int(m.group(1)) != self.number:
            raise BoardError("hex", f"hex {hex_id!r} is not on board {self.number}")
        try:
            col = column_index(m.group(2))
        except ValueError as exc:
            raise BoardError("hex", str(exc)) from None
        row = int(m.group(3))
        if not 1 <= row <= ROWS:
            raise BoardError("hex", f"row {row} of {hex_id!r} is off the board (1 … {ROWS})")
        q, r = hexgrid.offset_to_axial(col, row, OFFSET)
        return int(q), int(r)

    def info(self, h) -> HexInfo:
        if isinstance(h, str):
            h = self.key(h)
        return self.hexes[(int(h[0]), int(h[1]))]

    def feature(self, a, b) -> str | None:
        return self.hexsides.get(frozenset(((int(a[0]), int(a[1])), (int(b[0]), int(b[1])))))

    def locations(self) -> list[tuple[tuple[int, int], int]]:
        """Every location ``((q, r), level)`` of the board."""
        return [(k, lv) for k, h in self.hexes.items() for lv in h.location_levels]

    def frame(self) -> pd.DataFrame:
        """The hexes as a table: id, q, r, col, row, ground, terrain, levels, obstacle, hindrance."""
        rows = []
        for (q, r), h in self.hexes.items():
            col, row = hexgrid.axial_to_offset(q, r, OFFSET)
            rows.append({"id": h.id, "q": q, "r": r, "col": int(col), "row": int(row), "ground": h.ground,
                         "terrain": h.terrain, "levels": h.levels, "obstacle": h.obstacle,
                         "hindrance": h.hindrance})
        return pd.DataFrame(rows)


def _blank(number: int) -> dict[tuple[int, int], HexInfo]:
    out = {}
    for col in range(COLUMNS):
        for row in range(1, ROWS + 1):
            q, r = hexgrid.offset_to_axial(col, row, OFFSET)
            out[(int(q), int(r))] = HexInfo(f"{number}{column_letters(col)}{row}", int(q), int(r))
    return out


def _int(value, what: str, lo: int, hi: int, origin: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not lo <= value <= hi:
        raise BoardError(origin, f"{what} must be a whole number {lo} … {hi}, not {value!r}")
    return value


def _choice(value, allowed, what: str, origin: str) -> str:
    if value not in allowed:
        close = difflib.get_close_matches(str(value), list(allowed), n=1)
        hint = f" (did you mean {close[0]!r}?)" if close else ""
        raise BoardError(origin, f"unknown {what} {value!r}{hint}; allowed: {', '.join(allowed)}")
    return value


def board_from_dict(data: dict, origin: str = "<board>") -> Board:
    """Validate a board description (see maps/asl/README.md) and build the :class:`Board`."""
    if not isinstance(data, dict):
        raise BoardError(origin, "a board file holds a mapping")
    if data.get("format") != FORMAT:
        raise BoardError(origin, f"format must be {FORMAT!r}, not {data.get('format')!r}")
    unknown = set(data) - {"format", "board", "name", "notes", "hexes", "hexsides"}
    if unknown:
        raise BoardError(origin, f"unknown keys {sorted(unknown)}; allowed: format, board, name, notes, hexes, hexsides")
    number = _int(data.get("board"), "board", 1, 999, origin)
    board = Board(number, str(data.get("name", f"board {number}")), _blank(number), notes=str(data.get("notes", "")))
    for hex_id, spec in (data.get("hexes") or {}).items():
        where = f"{origin}: hexes[{hex_id}]"
        try:
            k = board.key(str(hex_id))
        except BoardError as exc:
            raise BoardError(where, exc.message) from None
        spec = spec or {}
        bad = set(spec) - {"terrain", "ground", "levels"}
        if bad:
            raise BoardError(where, f"unknown keys {sorted(bad)}; allowed: terrain, ground, levels")
        terrain = _choice(spec.get("terrain", "open"), TERRAIN, "terrain", where)
        ground = _int(spec.get("ground", 0), "ground", 0, MAX_GROUND, where)
        if TERRAIN[terrain].building:
            levels = _int(spec.get("levels", 0), "levels", 0, MAX_LEVEL, where)
        elif "levels" in spec:
            raise BoardError(where, f"only buildings have levels, not {terrain}")
        else:
            levels = 0
        old = board.hexes[k]
        board.hexes[k] = HexInfo(old.id, old.q, old.r, ground, terrain, levels)
    for i, spec in enumerate(data.get("hexsides") or []):
        where = f"{origin}: hexsides[{i}]"
        if not isinstance(spec, dict) or set(spec) != {"between", "feature"}:
            raise BoardError(where, "each hexside is {between: [hex, hex], feature: wall|hedge}")
        pair = spec["between"]
        if not isinstance(pair, list) or len(pair) != 2:
            raise BoardError(where, "between names two hexes")
        try:
            a, b = (board.key(str(x)) for x in pair)
        except BoardError as exc:
            raise BoardError(where, exc.message) from None
        if hexgrid.distance(a, b) != 1:
            raise BoardError(where, f"{pair[0]} and {pair[1]} are not adjacent")
        side = frozenset((a, b))
        if side in board.hexsides:
            raise BoardError(where, f"the hexside {pair[0]}|{pair[1]} is listed twice")
        board.hexsides[side] = _choice(spec["feature"], HEXSIDE_FEATURES, "hexside feature", where)
    return board


def _board_dirs() -> list[Path]:
    dirs = []
    pkg = resources.files("viewer") / "maps" / "asl"
    if pkg.is_dir():
        dirs.append(Path(str(pkg)))
    checkout = Path(__file__).resolve().parents[3] / "maps" / "asl"
    if checkout.is_dir():
        dirs.append(checkout)
    return dirs


def bundled_boards() -> dict[str, Path]:
    """Bundled board names and files: the wheel's ``viewer/maps/asl`` first, then the checkout's."""
    found: dict[str, Path] = {}
    for d in _board_dirs():
        for f in sorted(d.glob("*.yaml")):
            found.setdefault(f.stem, f)
    return found


def load_board(name_or_path: str | Path = "teaching") -> Board:
    """A bundled board by name (``"teaching"``) or, from trusted code and the command line only
    (docs/security.md), a board file by path; validated."""
    boards = bundled_boards()
    if str(name_or_path) in boards:
        path = boards[str(name_or_path)]
    elif isinstance(name_or_path, Path) or (str(name_or_path).endswith((".yaml", ".yml")) and paths_trusted()):
        path = Path(name_or_path)
    else:
        raise BoardError(str(name_or_path), f"no bundled board of that name; bundled: {', '.join(boards) or '(none)'}"
                         " (a board file is read only from the command line)")
    try:
        data = load_yaml(path.read_bytes(), str(path), "settings")
    except OSError as exc:
        raise BoardError(str(path), f"cannot read the file ({exc.strerror})") from None
    except LoadError as exc:
        raise BoardError(exc.origin, exc.message) from None
    return board_from_dict(data, str(path))
