"""WiF 6.1 initiative: each side rolls a d10, the track gives one side a modifier, ties go against the
side that held the initiative, and a space of the track may allow one re-roll after moving the marker."""
from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from viewer.dice import Distribution, die

SIDES = ("axis", "allies")


@dataclass(frozen=True)
class Space:
    """One track space: the side whose roll is modified (or ``none``), the modifier, who may re-roll."""

    side: str
    modifier: int
    reroll: str | None = None   # "axis", "allies", "none" or None when unknown


def modifiers(space: Space) -> tuple[int, int]:
    """(axis modifier, allied modifier) of a space."""
    if space.side == "axis":
        return space.modifier, 0
    if space.side == "allies":
        return 0, space.modifier
    return 0, 0


def winner(axis_roll: int, allied_roll: int, space: Space, holder: str) -> str:
    """Higher modified roll wins; a tie goes against ``holder`` (who had the initiative)."""
    if holder not in SIDES:
        raise ValueError(f"unknown side {holder!r}; allowed: {', '.join(SIDES)}")
    ax, al = modifiers(space)
    a, b = axis_roll + ax, allied_roll + al
    if a == b:
        return "allies" if holder == "axis" else "axis"
    return "axis" if a > b else "allies"


def p_axis(space: Space, holder: str) -> Fraction:
    """P(the Axis wins one roll-off at ``space``)."""
    return Fraction(sum(winner(a, b, space, holder) == "axis" for a in range(1, 11) for b in range(1, 11)), 100)


def difference(space: Space) -> Distribution:
    """Axis modified roll minus Allied modified roll."""
    ax, al = modifiers(space)
    return (die(10) + ax) - (die(10) + al)


def p_axis_with_reroll(space: Space, next_space: Space | None, holder: str) -> Fraction:
    """P(Axis wins) when the side allowed to re-roll at ``space`` does so whenever it lost.

    The re-roll moves the marker one space toward the other side's end (``next_space``); both sides
    roll again with its modifiers and that roll stands. The tie rule still counts the side that held
    the initiative before this phase.
    """
    p1 = p_axis(space, holder)
    if space.reroll not in SIDES or next_space is None:
        return p1
    p2 = p_axis(next_space, holder)
    if space.reroll == "axis":
        return p1 + (1 - p1) * p2
    return p1 * p2
