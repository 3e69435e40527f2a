"""Mission-marker control (SC 8.9.1): who may contest, who controls, persistent control, affinity.

Both tables of SC 8.9.1 are here as functions: :func:`may_contest` (who can contest) and
:func:`resolve_control` (computing control, persistent control).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from viewer.errors import Refusal

PLAYERS = ("A", "B")
#: Marker affinity (SC 8.9.1, what it does is in 9.2.1, not in the text): 1, 3 red; 2, 4 blue; 5 none.
AFFINITY = {1: "red", 2: "blue", 3: "red", 4: "blue", 5: "neutral"}
#: Contest radius, measured from the base edge (SC 8.9.1).
CONTEST_RADIUS = 3.0


class ControlError(Refusal):
    """Bad control input."""


def affinity(marker: int) -> str:
    """The affinity of mission marker 1..5 (SC 8.9.1)."""
    if marker not in AFFINITY:
        raise ControlError(f"mission markers are numbered 1..5, not {marker}")
    return AFFINITY[marker]


@dataclass(frozen=True)
class ContestCheck:
    """Why a unit may or may not contest a marker (the second table of SC 8.9.1)."""

    allowed: bool
    reason: str  # ok | reserves | air | burrowed | coherency | no_model


def may_contest(on_table: bool, flying: bool, burrowed: bool, in_coherency: bool,
                model_in_reach: bool) -> ContestCheck:
    """SC 8.9.1: on the battlefield, not Air, not Burrowed, in Coherency, and a model within 3"
    (from its base edge) with line of sight at the marker's elevation (``model_in_reach``)."""
    if not on_table:
        return ContestCheck(False, "reserves")
    if flying:
        return ContestCheck(False, "air")
    if burrowed:
        return ContestCheck(False, "burrowed")
    if not in_coherency:
        return ContestCheck(False, "coherency")
    if not model_in_reach:
        return ContestCheck(False, "no_model")
    return ContestCheck(True, "ok")


@dataclass(frozen=True)
class ControlResult:
    """The verdict for one marker: the new controller (None = neutral) and the table's row."""

    controller: str | None
    row: str  # higher | contested | alone | nobody
    supply_a: int
    supply_b: int


def resolve_control(previous: str | None, supply_a: Iterable[int] | None, supply_b: Iterable[int] | None) -> ControlResult:
    """SC 8.9.1 control. ``supply_a`` / ``supply_b``: the Current Supply of each contesting unit of
    that player (None or empty: not contesting). Higher sum controls; a tie is Contested and
    changes nothing; a lone contester controls even with supply 0; nobody contesting changes
    nothing. A controlled marker never goes back to neutral."""
    if previous not in (None, *PLAYERS):
        raise ControlError(f"previous controller must be A, B or none, not {previous!r}")
    a, b = list(supply_a or ()), list(supply_b or ())
    if any(s < 0 for s in a + b):
        raise ControlError("supply values must not be negative")
    sa, sb = sum(a), sum(b)
    if not a and not b:
        return ControlResult(previous, "nobody", sa, sb)
    if a and not b:
        return ControlResult("A", "alone", sa, sb)
    if b and not a:
        return ControlResult("B", "alone", sa, sb)
    if sa == sb:
        return ControlResult(previous, "contested", sa, sb)
    return ControlResult("A" if sa > sb else "B", "higher", sa, sb)
