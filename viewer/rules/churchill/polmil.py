"""The Political-Military table and its placement rules (Churchill 5.12, 4.31, 4.32, 3.23).

The table (red die = row, blue die = column) is the text's own; the frequencies follow from it.
"""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import numpy as np

#: 6x6 table, row = red die 1..6, column = blue die 1..6 (Churchill 5.12).
TABLE = (
    ("france", "holland", "belgium", "denmark", "czechoslovakia", "norway"),
    ("finland", "austria", "hungary", "yugoslavia", "greece", "baltic-states"),
    ("poland", "romania", "bulgaria", "siam", "dutch-east-indies", "malaya"),
    ("vietnam", "cambodia-laos", "persia", "middle-east", "poland", "france"),
    ("austria", "greece", "siam", "bulgaria", "romania", "cambodia-laos"),
    ("yugoslavia", "czechoslovakia", "malaya", "vietnam", "middle-east", "persia"),
)
#: Every location in first-appearance order (row by row).
LOCATIONS = tuple(dict.fromkeys(loc for row in TABLE for loc in row))
#: The five colonies (Churchill 3.23); the rest are countries. Norway and Finland are Arctic Front boxes (3.25).
COLONIES = ("siam", "dutch-east-indies", "vietnam", "cambodia-laos", "malaya")
ARCTIC = ("norway", "finland")
MAX_NETWORKS = 2  # per location, one player's only (4.31)
MAX_ALIGNMENT = 1  # per location (4.32)
MARKERS = ("network", "alignment")


def location(red: int, blue: int) -> str:
    """The location of a roll (Churchill 5.12)."""
    for name, v in (("red", red), ("blue", blue)):
        if not 1 <= v <= 6:
            raise ValueError(f"{name}: a d6 shows 1..6, not {v}")
    return TABLE[red - 1][blue - 1]


def counts() -> dict[str, int]:
    """How many of the 36 rolls give each location."""
    names, n = np.unique(np.array(TABLE).ravel(), return_counts=True)
    return {loc: int(dict(zip(names, n))[loc]) for loc in LOCATIONS}


def probabilities() -> dict[str, Fraction]:
    return {loc: Fraction(c, 36) for loc, c in counts().items()}


def grid_probability() -> np.ndarray:
    """The 6x6 grid of each cell's location probability (for a heat map)."""
    p = probabilities()
    return np.array([[float(p[loc]) for loc in row] for row in TABLE])


def p_at_least_once(loc: str, rolls: int) -> Fraction:
    """Chance that ``rolls`` Pol-Mil rolls hit ``loc`` at least once."""
    if loc not in LOCATIONS:
        raise ValueError(f"location: {loc!r}; allowed: {', '.join(LOCATIONS)}")
    return 1 - (1 - probabilities()[loc]) ** rolls


@dataclass(frozen=True)
class LocationState:
    """Markers in one country or colony: whose Networks (owner, count) and whose Alignment marker."""

    network_owner: str | None = None
    networks: int = 0
    alignment_owner: str | None = None

    def __post_init__(self):
        if not 0 <= self.networks <= MAX_NETWORKS:
            raise ValueError(f"networks: {self.networks} is outside 0..{MAX_NETWORKS}")
        if (self.networks == 0) != (self.network_owner is None):
            raise ValueError("network_owner: give an owner exactly when there are Networks")


@dataclass(frozen=True)
class Placement:
    """What one Pol-Mil chance did (Churchill 5.12 placement rules 1-5)."""

    rule: int
    action: str
    after: LocationState


def place(state: LocationState, player: str, marker: str) -> Placement:
    """One Network or Alignment chance of ``player`` at a location (Churchill 5.12 rules 1-4)."""
    if marker not in MARKERS:
        raise ValueError(f"marker: {marker!r}; allowed: {', '.join(MARKERS)}")
    if marker == "network":
        if state.network_owner not in (None, player):
            left = state.networks - 1
            return Placement(1, "removed_network", LocationState(state.network_owner if left else None, left,
                                                                  state.alignment_owner))
        if state.networks >= MAX_NETWORKS:
            return Placement(2, "discarded_at_limit", state)
        return Placement(2, "placed_network", LocationState(player, state.networks + 1, state.alignment_owner))
    if state.network_owner != player:
        return Placement(3, "alignment_lost", state)
    if state.alignment_owner not in (None, player):
        return Placement(4, "removed_alignment", LocationState(player, state.networks, None))
    if state.alignment_owner == player:
        return Placement(3, "discarded_at_limit", state)
    return Placement(3, "placed_alignment", LocationState(player, state.networks, player))


def place_repeated(state: LocationState, player: str, marker: str, times: int) -> list[Placement]:
    """Several chances at the same location are carried out one after another (rule 5)."""
    out = []
    for _ in range(times):
        out.append(place(state, player, marker))
        state = out[-1].after
    return out
