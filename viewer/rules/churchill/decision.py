"""The Decision Segment: production, directed offensives, theater leadership (Churchill 4.23, 6.3-6.9)."""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from viewer.rules.churchill.table import NATIONS, check_nation

#: Base production per conference (Churchill 4.23.3; the 6.31 table itself is not in the text).
BASE_PRODUCTION = {"US": 6, "UK": 4, "USSR": 3}
#: Naval markers a theater needs before an amphibious Directed Offensive takes offensive markers (6.7).
NAVAL_THRESHOLD = {"land": 0, "amphibious": 3, "normandy": 5}
NAVAL_CAP = 5  # naval markers per theater box (6.5)
DIRECTED_OFFENSIVE_COST = 2  # production markers per Directed Offensive (6.7)
THEATERS = ("europe", "pacific")
COMMANDERS = ("UK", "US")  # who may hold a theater command (6.9)
STRATEGIC_MATERIALS = ("absent", "centre", *NATIONS)


@dataclass(frozen=True)
class Production:
    """Production markers per nation with the items that made them (Churchill 6.3)."""

    total: dict[str, int]
    items: tuple[tuple[str, str, int], ...]  # (nation, reason, change)


def production(card_bonus: Mapping[str, int] | None = None, production_issues: Sequence[tuple[str, str | None]] = (),
               strategic_materials: str = "absent", arctic_naval: int = 0, murmansk: bool = False) -> Production:
    """Production of the three nations (Churchill 4.23.3, 6.32).

    ``production_issues``: (owner, winner) per Production issue in the conference (winner None if it
    ended in the centre). A nation winning another's issue takes one marker from it; its own, none.
    Strategic Materials in the centre gives each nation one marker; won, only its winner. Three or more
    naval markers in the Arctic Theater box and a Murmansk convoy (from the conference card) give the USSR one each.
    """
    items: list[tuple[str, str, int]] = [(n, "base", BASE_PRODUCTION[n]) for n in NATIONS]
    for n, b in (card_bonus or {}).items():
        check_nation(n)
        if b:
            items.append((n, "card", int(b)))
    for owner, winner in production_issues:
        check_nation(owner, "owner")
        if winner is None:
            continue
        check_nation(winner, "winner")
        if winner == owner:
            items.append((owner, "own_issue", 0))
        else:
            items += [(winner, f"took_{owner}", 1), (owner, f"lost_to_{winner}", -1)]
    if strategic_materials not in STRATEGIC_MATERIALS:
        raise ValueError(f"strategic_materials: {strategic_materials!r}; allowed: {', '.join(STRATEGIC_MATERIALS)}")
    if strategic_materials == "centre":
        items += [(n, "strategic_materials", 1) for n in NATIONS]
    elif strategic_materials != "absent":
        items.append((strategic_materials, "strategic_materials", 1))
    if not 0 <= arctic_naval <= NAVAL_CAP:
        raise ValueError(f"arctic_naval: {arctic_naval} is outside 0..{NAVAL_CAP} (a theater box holds at most five)")
    if arctic_naval >= 3:
        items.append(("USSR", "arctic", 1))
    if murmansk:
        items.append(("USSR", "murmansk", 1))
    total = dict.fromkeys(NATIONS, 0)
    for n, _, v in items:
        total[n] += v
    return Production(total, tuple(items))


@dataclass(frozen=True)
class DirectedOffensive:
    """How the flag owner meets one Directed Offensive (Churchill 6.7)."""

    naval: int
    offensive: int
    unmet: int
    theater_naval_after: int
    threshold: int


def directed_offensive(entry: str, theater_naval: int, production: int = DIRECTED_OFFENSIVE_COST) -> DirectedOffensive:
    """Two markers per Directed Offensive: on a land entry box offensive only; on an amphibious one
    naval until the theater holds 3 (5 for Normandy), then offensive. ``production`` short of 2 funds part."""
    if entry not in NAVAL_THRESHOLD:
        raise ValueError(f"entry: {entry!r}; allowed: {', '.join(NAVAL_THRESHOLD)}")
    if not 0 <= theater_naval <= NAVAL_CAP:
        raise ValueError(f"theater_naval: {theater_naval} is outside 0..{NAVAL_CAP}")
    if production < 0:
        raise ValueError(f"production: {production} is below 0")
    funded = min(production, DIRECTED_OFFENSIVE_COST)
    threshold = NAVAL_THRESHOLD[entry]
    naval = min(max(threshold - theater_naval, 0), funded)
    return DirectedOffensive(naval, funded - naval, DIRECTED_OFFENSIVE_COST - funded, theater_naval + naval, threshold)


@dataclass(frozen=True)
class Leadership:
    """Theater leadership after the Decision Segment and support markers earned (Churchill 6.91, 6.92)."""

    holders: dict[str, str]
    markers: dict[str, dict[str, int]]  # nation -> theater -> markers
    items: tuple[tuple[str, str, str, int], ...]  # (nation, theater, reason, markers)


def theater_leadership(holders: Mapping[str, str], issue_winners: Mapping[str, str | None],
                       new_holders: Mapping[str, str | None] | None = None) -> Leadership:
    """One marker per command held (held at the start of the activity) and two per Theater Leadership
    issue won, in that theater; the issue's winner (Stalin too) sets who leads it (6.91, 6.92)."""
    new_holders = new_holders or {}
    items: list[tuple[str, str, str, int]] = []
    after = {}
    for th in THEATERS:
        h = holders[th]
        if h not in COMMANDERS:
            raise ValueError(f"{th}_holder: {h!r}; allowed: {', '.join(COMMANDERS)}")
        items.append((h, th, "command", 1))
        w = issue_winners.get(th)
        after[th] = h
        if w is not None:
            check_nation(w, f"{th}_issue_winner")
            items.append((w, th, "issue", 2))
            nh = new_holders.get(th) or h
            if nh not in COMMANDERS:
                raise ValueError(f"{th}_new_holder: {nh!r}; allowed: {', '.join(COMMANDERS)}")
            after[th] = nh
    markers = {n: dict.fromkeys(THEATERS, 0) for n in NATIONS}
    for n, th, _, k in items:
        markers[n][th] += k
    return Leadership(after, markers, tuple(items))
