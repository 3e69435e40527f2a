"""The agenda, ties and the conference winner (Churchill 4.21, 4.5, 5.13, 5.14, 5.27)."""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from viewer.rules.churchill.table import (
    NATIONS,
    TIE_BREAK_ORDER,
    TRACK_BOXES,
    Position,
    card_value,
    check_nation,
    starting_left_of,
)


@dataclass(frozen=True)
class TieBreak:
    """How a tie among ``tied`` was broken (Churchill 4.5): by a Leader (``leader``) or by the US rule."""

    tied: tuple[str, ...]
    winner: str
    leader: str | None
    offered: tuple[str, ...]
    by_us_rule: bool


def break_tie(tied: Iterable[str], committed: Iterable[str] = (), active: Iterable[str] = NATIONS,
              choice: str | None = None) -> TieBreak:
    """Break a tie that is not the final victory (Churchill 4.51-4.53).

    Leaders are offered the tie from Stalin to his left; the first of ``committed`` whose Leader is
    ``active`` breaks it (and becomes inactive). A tied Leader takes it himself; an uninvolved one, or
    the US when no Leader is used and the US is not tied, gives it to ``choice`` (one of the tied).
    """
    tied = tuple(n for n in NATIONS if n in set(tied))
    if len(tied) < 2:
        raise ValueError(f"tied: a tie needs two or three nations, not {list(tied)}")
    committed, active = set(committed), set(active)
    for n in committed | active:
        check_nation(n)
    offered: list[str] = []
    for n in TIE_BREAK_ORDER:
        if n not in active:
            continue
        offered.append(n)
        if n in committed:
            return TieBreak(tied, n if n in tied else _chosen(choice, tied, n), n, tuple(offered), False)
    if "US" in tied:
        return TieBreak(tied, "US", None, tuple(offered), True)
    return TieBreak(tied, _chosen(choice, tied, "US"), None, tuple(offered), True)


class TieChoiceNeeded(ValueError):
    """A tie whose winner ``chooser`` picks among ``tied`` was given no such pick (4.51)."""

    def __init__(self, chooser: str, tied: tuple[str, ...], choice: str | None):
        super().__init__(f"choice: {chooser} chooses who wins the tie; allowed: {', '.join(tied)} (not {choice!r})")
        self.chooser, self.tied = chooser, tied


def _chosen(choice: str | None, tied: tuple[str, ...], chooser: str) -> str:
    if choice not in tied:
        raise TieChoiceNeeded(chooser, tied, choice)
    return choice


@dataclass(frozen=True)
class Agenda:
    """The Agenda Segment's result (Churchill 4.21, 5.13, 5.14)."""

    values: dict[str, int]
    winner: str
    tie: TieBreak | None
    lowest_other: int
    difference: int
    placement: Position
    beyond_track: bool
    order: tuple[str, str, str]


def agenda(cards: Mapping[str, int], committed: Iterable[str] = (), active: Iterable[str] = NATIONS,
           choice: str | None = None) -> Agenda:
    """Winner of the agenda and where his issue goes: ``winner value - lowest other value`` boxes
    up his track (0: the centre); then pairs into the centre starting left of the winner.

    ``cards`` are the printed values (a Chief of Staff's d6 roll already in); the UK gets +1.
    A difference above 6 is not covered by the text: it is shown at box 6 and flagged.
    """
    values = {n: card_value(int(cards[n]), n, "agenda") for n in NATIONS}
    top = max(values.values())
    tied = [n for n in NATIONS if values[n] == top]
    tie = break_tie(tied, committed, active, choice) if len(tied) > 1 else None
    winner = tie.winner if tie else tied[0]
    lowest = min(v for n, v in values.items() if n != winner)
    diff = values[winner] - lowest
    return Agenda(values, winner, tie, lowest, diff, Position.make(winner, min(diff, TRACK_BOXES)),
                  diff > TRACK_BOXES, starting_left_of(winner))


@dataclass(frozen=True)
class ConferenceResult:
    """Issues won per nation and the conference winner (Churchill 5.27, 4.52)."""

    won: dict[str, int]
    winner: str
    tie: TieBreak | None


def issues_won(positions: Iterable[Position]) -> dict[str, int]:
    """Each nation wins every issue on its track or in its chair; centre issues are nobody's (5.27)."""
    won = dict.fromkeys(NATIONS, 0)
    for p in positions:
        if p.track is not None:
            won[p.track] += 1
    return won


def conference_winner(won: Mapping[str, int], committed: Iterable[str] = (), active: Iterable[str] = NATIONS,
                      choice: str | None = None) -> ConferenceResult:
    """Most issues won wins the conference; ties by 4.52/4.53."""
    won = {n: int(won[n]) for n in NATIONS}
    if any(v < 0 for v in won.values()):
        raise ValueError("won: a count of issues cannot be negative")
    top = max(won.values())
    tied = [n for n in NATIONS if won[n] == top]
    tie = break_tie(tied, committed, active, choice) if len(tied) > 1 else None
    return ConferenceResult(won, tie.winner if tie else tied[0], tie)
