"""Fire illumination at night: which locations a Blaze or a Flame lights (ASL E1.94, E1.941).

From the night summary (section V):
* a Blaze lights the locations within a radius of 2 × the number of levels burning in its hex;
  a burning vehicle wreck counts as one burning level (radius 2) though it is only a half-level
  hindrance (its example to E1.94);
* a location in that radius is lit only if some burning location of that hex sees it: a LOS
  obstacle between them leaves it dark, a **blind hex** (E1.941). Hindrances do not stop light;
* a Flame lights its own location only;
* Kindling (starting a fire on purpose) is not allowed at night unless a scenario rule says so.

LOS is our own model (viewer/rules/asl/los.py). A location is lit if any burning location sees it.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from viewer import hexgrid
from viewer.rules.asl.board import Board
from viewer.rules.asl.los import Block, Location, Verdict, line_of_sight

FIRE_KINDS = ("blaze", "flame", "wreck")
#: Location states of the overlay.
STATES = ("lit", "blind", "dark")


@dataclass(frozen=True)
class Fire:
    """A fire in a location: ``blaze``, ``flame`` or a burning ``wreck`` (at level 0)."""

    hex: tuple[int, int]
    level: int
    kind: str = "blaze"

    def __post_init__(self):
        if self.kind not in FIRE_KINDS:
            raise ValueError(f"unknown fire kind {self.kind!r}; allowed: {', '.join(FIRE_KINDS)}")
        if self.kind == "wreck" and self.level != 0:
            raise ValueError("a burning wreck is at level 0")


@dataclass
class LocationLight:
    """What the fires do to one location: its state, the fires that light it, what blinds it."""

    state: str = "dark"
    lit_by: list[Location] = field(default_factory=list)
    blinded_by: list[tuple[Location, Block]] = field(default_factory=list)


@dataclass
class Illumination:
    """The result: per location, and the radius of each burning hex."""

    locations: dict[Location, LocationLight]
    radii: dict[tuple[int, int], int]

    def state(self, loc: Location) -> str:
        light = self.locations.get(loc)
        return light.state if light else "dark"

    def hex_state(self, board: Board, h) -> str:
        """``lit`` if any location of the hex is lit, ``blind`` if in a radius but none lit, else ``dark``."""
        states = {self.state((h, lv)) for lv in board.info(h).location_levels}
        return "lit" if "lit" in states else ("blind" if "blind" in states else "dark")

    def blind_hexes(self, board: Board) -> list[tuple[int, int]]:
        return sorted({loc[0] for loc in self.locations if self.hex_state(board, loc[0]) == "blind"})


def burning_levels(fires: list[Fire], h) -> int:
    """Levels burning in hex ``h`` (Blazes on distinct levels; a burning wreck counts as one)."""
    h = (int(h[0]), int(h[1]))
    levels = {f.level for f in fires if f.hex == h and f.kind == "blaze"}
    return len(levels) + (1 if any(f.hex == h and f.kind == "wreck" for f in fires) else 0)


def blaze_radius(levels: int) -> int:
    """ASL E1.94: radius 2 × burning levels."""
    if levels < 0:
        raise ValueError(f"burning levels must be >= 0, not {levels}")
    return 2 * levels


def kindling_allowed(night: bool, scenario_allows: bool = False) -> bool:
    """ASL E1.94: no Kindling at night unless a scenario rule allows it."""
    return (not night) or scenario_allows


def check_fires(board: Board, fires: list[Fire]) -> None:
    for f in fires:
        info = board.info(f.hex)
        if f.level not in info.location_levels:
            raise ValueError(f"{info.id} has no level {f.level} to burn; its levels: "
                             f"{', '.join(map(str, info.location_levels))}")


def illuminate(board: Board, fires: list[Fire]) -> Illumination:
    """Which locations the fires light, which stay blind and which are out of every radius."""
    check_fires(board, fires)
    out: dict[Location, LocationLight] = {}
    radii: dict[tuple[int, int], int] = {}
    for f in fires:
        if f.kind == "flame":
            out.setdefault((f.hex, f.level), LocationLight()).lit_by.append((f.hex, f.level))
    for h in sorted({f.hex for f in fires if f.kind != "flame"}):
        radius = blaze_radius(burning_levels(fires, h))
        radii[h] = radius
        sources = sorted({(h, f.level) for f in fires if f.hex == h and f.kind != "flame"})
        for target in hexgrid.disk(h, radius):
            if target not in board.hexes:
                continue
            for lv in board.info(target).location_levels:
                loc = (target, lv)
                light = out.setdefault(loc, LocationLight())
                for src in sources:
                    v: Verdict = line_of_sight(board, src, loc)
                    if v.clear:
                        light.lit_by.append(src)
                    else:
                        light.blinded_by.append((src, v.blocks[0]))
    for light in out.values():
        light.state = "lit" if light.lit_by else ("blind" if light.blinded_by else "dark")
    return Illumination(out, radii)
