"""Line of sight on an ASL-style board: **our own model**, labelled as such wherever it is shown.

ASL's own line-of-sight rules (chapter A6) are not in the texts we have; the night summary only
says that LOS obstacles of height one or more can leave blind hexes that a fire does not light
(ASL E1.941). This module therefore states a small exact model and explains every verdict.

The model
* A location is ``(hex, level)``; its sight point is the hex centre at height ground + level.
* The sight line is the straight 3-D segment between the two sight points. Which hexes it
  crosses, which hexsides it runs along and which vertices it passes through comes from the exact
  trace :func:`viewer.hexgrid.segment_trace` (fractions, no centre stepping, no nudge).
* Only hexes between the two ends count: the terrain of the viewer's and the target's own hexes
  never blocks, nor do walls and hedges on their hexsides.
* In a hex it crosses, the line is **blocked** if anywhere inside that hex it runs below the
  ground (a hill), or at or below the top of an obstacle (woods; a building is its top level + 1
  tall); it is **hindered** if it runs at or below the top of a hindrance (orchard, wreck).
  "At or below" makes an obstacle block a line at exactly its own height.
* Crossing a hexside with a wall or hedge, the line is blocked at or below its top (the higher
  ground of the two hexes + 1/2).
* Along a hexside (the line runs exactly on it) the line is blocked only if **both** hexes block;
  a single blocking side is reported as grazed. Through a vertex, walls and hedges block only when
  there is one on each side of the line. Both cases are always reported with every hex involved.

Heights are exact fractions; the verdict is symmetric (A to B equals B to A).
"""
from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import lru_cache

from viewer import hexgrid
from viewer.rules.asl.board import HEXSIDE_FEATURES, Board

Hex = tuple[int, int]
Location = tuple[Hex, int]


@dataclass(frozen=True)
class Block:
    """One thing that stops or hinders the line: what, where (hex ids) and at which heights."""

    kind: str                 # "ground", "obstacle", "hindrance", "hexside", "graze"
    where: tuple[str, ...]    # hex ids (two for a hexside, three for a vertex)
    what: str                 # terrain or hexside feature
    top: Fraction             # height of the thing's top (levels)
    line: Fraction            # the sight line's lowest height there (levels)
    at: str = "hex"           # "hex", "side" (along a hexside), "cross" (crossing one), "vertex"


@dataclass(frozen=True)
class Note:
    """A geometric case the verdict points out: ``along`` a hexside or through a ``vertex``."""

    kind: str
    where: tuple[str, ...]


@dataclass
class Verdict:
    """The LOS verdict: ``clear``, ``hindered`` or ``blocked``, explained by its parts."""

    a: Location
    b: Location
    status: str
    blocks: list[Block] = field(default_factory=list)
    hindrances: list[Block] = field(default_factory=list)
    grazes: list[Block] = field(default_factory=list)
    notes: list[Note] = field(default_factory=list)

    @property
    def clear(self) -> bool:
        """True unless blocked (a hindered line is still a line of sight)."""
        return self.status != "blocked"


@lru_cache(maxsize=65536)
def _trace(a: Hex, b: Hex) -> tuple:
    """The exact trace between two hex centres (it does not depend on levels: cached)."""
    return tuple(hexgrid.segment_trace(a, b))


def sight_height(board: Board, loc: Location) -> int:
    """Height of a location's sight point: its hex's ground level + the location's level."""
    (h, level) = loc
    info = board.info(h)
    if level not in info.location_levels:
        raise ValueError(f"{info.id} has no level {level}; its levels: {', '.join(map(str, info.location_levels))}")
    return info.ground + level


def _hex_test(board: Board, h: Hex, zmin: Fraction, at: str) -> tuple[Block | None, Block | None]:
    """(block, hindrance) for the line's lowest height ``zmin`` inside hex ``h``."""
    info = board.info(h)
    if zmin < info.ground:
        return Block("ground", (info.id,), "hill", Fraction(info.ground), zmin, at), None
    if info.obstacle > 0:
        top = info.ground + Fraction(info.obstacle)
        if zmin <= top:
            return Block("obstacle", (info.id,), info.terrain, top, zmin, at), None
    if info.hindrance > 0:
        top = info.ground + Fraction(info.hindrance)
        if zmin <= top:
            return None, Block("hindrance", (info.id,), info.terrain, top, zmin, at)
    return None, None


def _side_block(board: Board, p: Hex, q: Hex, z: Fraction, ends: set, at: str) -> Block | None:
    feature = board.feature(p, q)
    if feature is None or p in ends or q in ends:
        return None
    top = max(board.info(p).ground, board.info(q).ground) + Fraction(HEXSIDE_FEATURES[feature])
    if z <= top:
        return Block("hexside", (board.hex_id(p), board.hex_id(q)), feature, top, z, at)
    return None


def line_of_sight(board: Board, a: Location, b: Location) -> Verdict:
    """The verdict for the sight line between locations ``a`` and ``b`` (see the module's model)."""
    za, zb = sight_height(board, a), sight_height(board, b)
    ha, hb = (int(a[0][0]), int(a[0][1])), (int(b[0][0]), int(b[0][1]))
    verdict = Verdict((ha, a[1]), (hb, b[1]), "clear")
    if ha == hb:
        return verdict
    ends = {ha, hb}

    def z(t: Fraction) -> Fraction:
        return za + t * (zb - za)

    ax, ay = hexgrid.lattice_center(ha)
    bx, by = hexgrid.lattice_center(hb)
    for piece in _trace(ha, hb):
        kind = piece[0]
        if kind in ("hex", "side"):
            _, t0, t1, hexes = piece
            if any(h not in board.hexes for h in hexes):
                continue
            zmin = min(z(t0), z(t1))
            if kind == "hex":
                if hexes[0] in ends:
                    continue
                blk, hin = _hex_test(board, hexes[0], zmin, "hex")
                if blk:
                    verdict.blocks.append(blk)
                if hin:
                    verdict.hindrances.append(hin)
                continue
            ids = tuple(board.hex_id(h) for h in hexes)
            verdict.notes.append(Note("along", ids))
            tests = [_hex_test(board, h, zmin, "side") for h in hexes]
            blocking = [blk for blk, _ in tests if blk]
            if len(blocking) == 2:
                verdict.blocks.append(Block(blocking[0].kind, ids, " / ".join(b.what for b in blocking),
                                            max(b.top for b in blocking), zmin, "side"))
            else:
                verdict.grazes.extend(Block("graze", b.where, b.what, b.top, zmin, "side") for b in blocking)
                verdict.hindrances.extend(hin for _, hin in tests if hin)
        elif kind == "cross":
            _, t, (p, q) = piece
            if p in board.hexes and q in board.hexes:
                blk = _side_block(board, p, q, z(t), ends, "cross")
                if blk:
                    verdict.blocks.append(blk)
        else:  # vertex
            _, t, hexes = piece
            on_board = [h for h in hexes if h in board.hexes]
            verdict.notes.append(Note("vertex", tuple(board.hex_id(h) for h in on_board)))
            vx, vy = ax + t * (bx - ax), ay + t * (by - ay)
            sides: dict[int, list[Block]] = {1: [], -1: []}
            for i, p in enumerate(on_board):
                for q in on_board[i + 1:]:
                    blk = _side_block(board, p, q, z(t), ends, "vertex")
                    if blk is None:
                        continue
                    c1, c2 = hexgrid.shared_hexside(p, q)
                    wx, wy = c2 if (c1[0] == vx and c1[1] == vy) else c1
                    s = (bx - ax) * (wy - vy) - (by - ay) * (wx - vx)
                    if s != 0:
                        sides[1 if s > 0 else -1].append(blk)
            if sides[1] and sides[-1]:
                verdict.blocks.append(Block("hexside", tuple(board.hex_id(h) for h in on_board),
                                            " / ".join(b.what for b in sides[1] + sides[-1]),
                                            max(b.top for b in sides[1] + sides[-1]), z(t), "vertex"))
            else:
                verdict.grazes.extend(sides[1] + sides[-1])
    verdict.status = "blocked" if verdict.blocks else ("hindered" if verdict.hindrances else "clear")
    return verdict


def parse_location(board: Board, text: str) -> Location:
    """``"2W7"`` (level 0) or ``"2W7@2"`` / ``"2W7:2"`` -> ``((q, r), level)``; errors name the allowed levels."""
    text = str(text).strip()
    hex_id, level = text, 0
    for sep in ("@", ":"):
        if sep in text:
            hex_id, lv = text.split(sep, 1)
            try:
                level = int(lv)
            except ValueError:
                raise ValueError(f"level {lv!r} in {text!r} is not a whole number") from None
    h = board.key(hex_id)
    info = board.info(h)
    if level not in info.location_levels:
        raise ValueError(f"{info.id} has no level {level}; its levels: {', '.join(map(str, info.location_levels))}")
    return h, level
