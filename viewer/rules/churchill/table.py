"""The conference table: seating, issue positions and issue movement (Churchill 3.2.1, 5.22-5.26).

The table has a centre (box 0) and three national tracks of boxes 1-6; the Leader's chair is the
seventh box of each track (Churchill 5.23). Play passes clockwise Churchill -> Stalin -> Roosevelt
(Churchill 5.12), so the player "to the left" is the next one clockwise.
"""
from __future__ import annotations

from dataclasses import dataclass

#: Nations in clockwise seating order from Churchill (Churchill 5.12, 4.21).
NATIONS = ("UK", "USSR", "US")
LEADERS = {"UK": "churchill", "USSR": "stalin", "US": "roosevelt"}
COLOURS = {"UK": "#2e8b3a", "US": "#2456b3", "USSR": "#c0392b"}
TRACK_BOXES = 6
#: The issue markers (Churchill 3.4), by id; their names are labels ``churchill.issue.<id>``.
ISSUES = ("directed-offensive-uk", "directed-offensive-us", "directed-offensive-ussr", "production-uk",
          "production-us-1", "production-us-2", "pol-mil-1", "pol-mil-2", "leadership-europe",
          "leadership-pacific", "a-bomb", "global", "second-front", "ussr-dwoj", "strategic-materials")
CHAIR = 7
#: The order in which Leaders are offered a tie-break: Stalin, then to his left (Churchill 4.5).
TIE_BREAK_ORDER = ("USSR", "US", "UK")
CARD_KINDS = ("advisor", "leader", "chief_of_staff")
#: Readings of a debate in 5.23 won by the debater by more than the issue's distance from the centre.
OVERSHOOT_READINGS = ("debater_track", "stop_at_centre")


def check_nation(nation: str, what: str = "nation") -> str:
    if nation not in NATIONS:
        raise ValueError(f"{what}: {nation!r} is not a nation; allowed: {', '.join(NATIONS)}")
    return nation


def left_of(nation: str) -> str:
    """The next player clockwise (Churchill 5.12): UK -> USSR -> US -> UK."""
    return NATIONS[(NATIONS.index(check_nation(nation)) + 1) % 3]


def clockwise_from(nation: str) -> tuple[str, str, str]:
    """``nation`` and then the others clockwise."""
    i = NATIONS.index(check_nation(nation))
    return NATIONS[i % 3], NATIONS[(i + 1) % 3], NATIONS[(i + 2) % 3]


def starting_left_of(nation: str) -> tuple[str, str, str]:
    """The order of an activity that starts left of ``nation`` (Churchill 4.21, 4.23, 6.0)."""
    return clockwise_from(left_of(nation))


@dataclass(frozen=True)
class Position:
    """Where an issue is: ``track`` None and box 0 is the centre; box 7 is ``track``'s chair (captured)."""

    track: str | None = None
    box: int = 0

    def __post_init__(self):
        if self.track is None:
            if self.box != 0:
                raise ValueError(f"box: the centre is box 0, not {self.box}")
        else:
            check_nation(self.track, "track")
            if not 1 <= self.box <= CHAIR:
                raise ValueError(f"box: {self.box} is outside 1..{CHAIR} on the {self.track} track")

    @property
    def centre(self) -> bool:
        return self.track is None

    @property
    def captured(self) -> bool:
        return self.box >= CHAIR

    @classmethod
    def make(cls, track: str | None, box: int) -> Position:
        """From a track name ('centre' or a nation) and a box; box 0 is always the centre."""
        if track in (None, "centre") or box == 0:
            return cls()
        return cls(track, box)

    def signed(self, mover: str) -> int:
        """Distance on ``mover``'s axis: positive on his track, negative on another's."""
        return 0 if self.centre else (self.box if self.track == mover else -self.box)

    def label(self) -> str:
        if self.centre:
            return "centre"
        return f"{self.track} chair" if self.captured else f"{self.track} {self.box}"


@dataclass(frozen=True)
class Move:
    """The end of a move of ``n`` boxes: ``raw`` is the box reached on the mover's track
    (beyond 7 on the extended track of 5.23, negative if still on another track)."""

    position: Position
    raw: int
    through_centre: bool


def steps_toward(pos: Position, mover: str, n: int) -> Move:
    """Move an issue ``n`` boxes toward ``mover``'s chair (Churchill 5.22).

    From the centre or the mover's own track it goes ``n`` boxes up his track; from another
    track it first comes back to the centre and then goes up his. The chair stops it (box 7).
    """
    check_nation(mover, "mover")
    if n < 0:
        raise ValueError(f"boxes: cannot move {n} boxes (a value below 0)")
    start = pos.signed(mover)
    raw = start + n
    if raw < 0:
        end = Position(pos.track, -raw)
    elif raw == 0:
        end = Position()
    else:
        end = Position(mover, min(raw, CHAIR))
    return Move(end, raw, start < 0 <= raw)


def toward_centre(pos: Position, n: int, debater: str, reading: str = "debater_track") -> Move:
    """Move an issue ``n`` boxes toward the centre (Churchill 5.23, debater ahead).

    Past the centre it goes on up ``debater``'s track (``reading='debater_track'``, the extended
    track of the 5.23 comment) or stops in the centre (``'stop_at_centre'``): the text does not say.
    """
    if reading not in OVERSHOOT_READINGS:
        raise ValueError(f"reading: {reading!r}; allowed: {', '.join(OVERSHOOT_READINGS)}")
    if n < 0:
        raise ValueError(f"boxes: cannot move {n} boxes (a value below 0)")
    if not pos.centre and n <= pos.box:
        return Move(Position.make(pos.track, pos.box - n), pos.box - n, n == pos.box and n > 0)
    if reading == "stop_at_centre":
        return Move(Position(), 0, not pos.centre)
    raw = n - pos.box
    return Move(Position(debater, min(raw, CHAIR)), raw, not pos.centre)


def card_value(value: int, nation: str, context: str, kind: str = "advisor", bonus: int = 0) -> int:
    """A card's modified value (Churchill 3.32, 5.13, 5.24).

    Agenda: the UK +1 (Imperial General Staff) is the only modifier. Meeting: the card's attribute
    ``bonus``; in a debate a Soviet advisor or Chief of Staff card gets +1 (Nyet), a Leader card never.
    """
    check_nation(nation)
    if kind not in CARD_KINDS:
        raise ValueError(f"kind: {kind!r}; allowed: {', '.join(CARD_KINDS)}")
    if context == "agenda":
        return value + (1 if nation == "UK" else 0)
    if context not in ("advance", "debate"):
        raise ValueError(f"context: {context!r}; allowed: agenda, advance, debate")
    nyet = 1 if (context == "debate" and nation == "USSR" and kind != "leader") else 0
    return max(0, value + bonus) + nyet


@dataclass(frozen=True)
class MoveOutcome:
    """What an advance (and its debate, if any) did to an issue."""

    start: Position
    end: Position
    captured_by: str | None
    would_capture: bool
    advance_value: int
    debate_value: int | None
    difference: int | None
    stopped_in_centre: bool
    path: tuple[str, ...]


def resolve(start: Position, mover: str, advance: int, debater: str | None = None, debate: int = 0,
            conditional: bool = False, stop_in_centre: bool = False, debater_stops: bool = False,
            reading: str = "debater_track") -> MoveOutcome:
    """An advance of ``advance`` boxes by ``mover``, debated by ``debater`` with ``debate`` (Churchill 5.22-5.24).

    If the advance would reach the mover's chair the debate comes first and only the difference moves
    the issue (5.23); otherwise the advance is made and the debater then moves it toward his own chair.
    A conditional issue entering the centre may be stopped there by whoever is moving it (5.22).
    """
    if start.captured:
        raise ValueError("start: a captured issue can no longer be advanced or debated (5.23)")
    if debater is not None and debater == mover:
        raise ValueError(f"debater: {debater} cannot debate his own advance; allowed: the other two nations")
    path = [start.label()]
    first = steps_toward(start, mover, advance)
    would = first.raw >= CHAIR
    stopped = False
    if would:
        if debater is None:
            end = first.position
            path.append(end.label())
            return MoveOutcome(start, end, mover, True, advance, None, None, False, tuple(path))
        diff = advance - debate
        if diff > 0:
            mv = steps_toward(start, mover, diff)
        elif diff < 0 and (start.centre or start.track == debater):
            mv = steps_toward(start, debater, -diff)
        elif diff < 0:
            mv = toward_centre(start, -diff, debater, reading)
        else:
            mv = Move(start, start.signed(mover), False)
        end = mv.position
        if conditional and mv.through_centre and (stop_in_centre if diff > 0 else debater_stops):
            end, stopped = Position(), True
        path.append(end.label())
        cap = end.track if end.captured else None
        return MoveOutcome(start, end, cap, True, advance, debate, diff, stopped, tuple(path))
    end = first.position
    if conditional and (first.through_centre or end.centre) and stop_in_centre and not start.centre:
        end, stopped = Position(), True
    path.append(end.label())
    if debater is not None:
        second = steps_toward(end, debater, debate)
        end2 = second.position
        if conditional and (second.through_centre or end2.centre) and debater_stops and not end.centre:
            end2, stopped = Position(), True
        end = end2
        path.append(end.label())
    cap = end.track if end.captured else None
    return MoveOutcome(start, end, cap, False, advance, debate if debater else None, None, stopped, tuple(path))


def score_boxes(score: int) -> tuple[int, int]:
    """The x10 and x1 score-track boxes of ``score`` (Churchill 3.2.1: 21 -> boxes 2 and 1)."""
    if score < 0:
        raise ValueError(f"score: {score} is below 0")
    return divmod(score, 10)
