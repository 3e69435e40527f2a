"""Small USE rules: sequence of play (1.2), hex range (1.4), Sorties (1.5), counting turns (1.6),
National Will (2.1.2), islands and land borders (1.3.3, 1.3.4), who attacks (5.0)."""
from __future__ import annotations

from viewer.rules.use.board import UseBoard
from viewer.rules.use.units import FACTIONS, check_faction

# -- 1.2 sequence of play -------------------------------------------------------------------
#: Phases in order; ``axis-only`` phases are played by the Axis alone (1.2).
PHASES = ("weather", "declaration-of-war", "economy", "strategic-warfare", "strategic-movement",
          "operations", "out-of-supply", "replacement", "upgrade", "mobilization", "diplomacy",
          "victory-check", "end-of-turn")
AXIS_ONLY = ("weather", "strategic-warfare")
NO_FACTION = ("victory-check", "end-of-turn")
DIPLOMACY_POLICIES = ("appeasement", "nazi-soviet-pact", "moscow-treaty")


def phase_steps(policies: tuple[str, ...] = ()) -> list[tuple[str, str | None]]:
    """Every (phase, faction) step of a turn in order (1.2): each faction completes a phase
    before the next faction plays it; the Diplomacy Phase is skipped unless a listed policy is
    in effect."""
    out: list[tuple[str, str | None]] = []
    for phase in PHASES:
        if phase == "diplomacy" and not set(policies) & set(DIPLOMACY_POLICIES):
            continue
        if phase in NO_FACTION:
            out.append((phase, None))
        else:
            for f in (("axis",) if phase in AXIS_ONLY else FACTIONS):
                out.append((phase, f))
    return out


# -- 1.4 range ------------------------------------------------------------------------------
def hexes_in_range(board: UseBoard, origin: str, n: int) -> set[str]:
    """Hexes within a range of ``n`` (1.4): the start hex is not counted but is in range; greyed
    hexes count."""
    if n < 0:
        raise ValueError(f"a range is 0 or more, not {n}")
    return {h for h in board.hexes if board.distance(origin, h) <= n}


# -- 1.5 Sorties ----------------------------------------------------------------------------
MAX_SORTIES = 6


def add_sorties(current: int, change: int) -> int:
    """New Sorties total, kept within 0..6 (1.5; replacements remove 2, 8.1)."""
    if not 0 <= current <= MAX_SORTIES:
        raise ValueError(f"Sorties run 0..6, not {current}")
    return max(0, min(MAX_SORTIES, current + change))


def can_activate(sorties: int) -> bool:
    """A unit with 6 Sorties cannot be activated (1.5)."""
    return sorties < MAX_SORTIES


# -- 1.6 turns ------------------------------------------------------------------------------
MONTHS = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")


def parse_turn(text: str) -> tuple[int, int]:
    """``"jun-41"`` or ``"jun 1941"`` -> (1941, 6)."""
    parts = str(text).replace("'", " ").replace("-", " ").split()
    if len(parts) != 2 or parts[0][:3].lower() not in MONTHS or not parts[1].isdigit():
        raise ValueError(f"a turn is a month and a year, e.g. jun-41, not {text!r}")
    year = int(parts[1])
    year = 1900 + year if year < 100 else year
    return year, MONTHS.index(parts[0][:3].lower()) + 1


def format_turn(year: int, month: int) -> str:
    return f"{MONTHS[month - 1]}-{year % 100:02d}"


def turns_later(turn: str, n: int) -> str:
    """The turn ``n`` turns after ``turn``, the current one not counted (1.6; 1 turn = 1 month)."""
    year, month = parse_turn(turn)
    k = year * 12 + month - 1 + n
    return format_turn(k // 12, k % 12 + 1)


# -- 2.1.2 National Will --------------------------------------------------------------------
def apply_will(will: int, changes: list[int]) -> list[int]:
    """The Will after each change, in order, kept within 0..99 (2.1.2, 2.1.2.1)."""
    if not 0 <= will <= 99:
        raise ValueError(f"National Will runs 0..99, not {will}")
    out = []
    for c in changes:
        will = max(0, min(99, will + c))
        out.append(will)
    return out


def will_status(will: int, enemy_controlled_cities: int) -> str:
    """``active``, ``collapsed`` (Will 0, 13.2) or ``conquered`` (collapsed with a city under
    enemy control, 13.2.2)."""
    if will > 0:
        return "active"
    return "conquered" if enemy_controlled_cities > 0 else "collapsed"


# -- 1.3.3 / 1.3.4 --------------------------------------------------------------------------
def is_island(board: UseBoard, hex: str) -> bool:
    """An island: land hexes ringed by sea, none of them on a transport line (1.3.3)."""
    if not board.hexes[hex].land:
        return False
    group, todo = {hex}, [hex]
    while todo:
        h = todo.pop()
        for n in board.neighbors(h):
            if n not in group and board.hexes[n].land:
                group.add(n)
                todo.append(n)
    for h in group:
        if any("transport-line" in side for pair, side in board.hexsides.items() if h in pair):
            return False
    return True


def is_land_border(board: UseBoard, a: str, b: str) -> bool:
    """A land border hexside; one crossed by a strait is not (1.3.4)."""
    side = board.side(a, b)
    return "land-border" in side and "strait" not in side


# -- 5.0 --------------------------------------------------------------------------------------
def attacker(initiator: str) -> str:
    """The attacker of a combat is the faction that started it (5.0), e.g. the faction whose
    warship intercepts a moving convoy."""
    return check_faction(initiator)
