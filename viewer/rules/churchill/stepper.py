"""One conference as a list of steps: the sequence of play of Churchill 4.1 with whose turn it is.

Agenda (4.21, 5.13, 5.14), Meeting card by card starting left of the agenda winner (4.22, 5.21),
Decision activities each starting left of the conference winner (4.23, 6.0), War Phase (4.3).
"""
from __future__ import annotations

from dataclasses import dataclass

from viewer.rules.churchill.table import NATIONS, starting_left_of

HAND = 7  # advisor cards dealt each conference (5.13)

DECISION = (("directed_offensives", "6.1"), ("conditionals", "6.2"), ("production", "6.3"),
            ("allocation", "6.4"), ("leadership", "6.9"), ("a_bomb", "6.10"), ("global", "6.11"))


@dataclass(frozen=True)
class Step:
    """One step: ``key`` names what is done (a label), ``rule`` where, ``actor`` whose turn (None: all)."""

    phase: str
    key: str
    rule: str
    actor: str | None = None
    card: int = 0  # the meeting card number of the actor (1..7)


def conference_steps(agenda_winner: str = "US", conference_winner: str = "UK", cards: int = HAND) -> list[Step]:
    """The steps of one conference (Churchill 4.1). Passes (4.22) are not expanded: each turn may be one."""
    if agenda_winner not in NATIONS or conference_winner not in NATIONS:
        raise ValueError(f"winner: allowed {', '.join(NATIONS)}")
    steps = [Step("conference", "card", "5.11"), Step("conference", "deal", "5.13"),
             Step("conference", "agenda_cards", "5.13"),
             Step("conference", "agenda_issue", "5.14", agenda_winner)]
    steps += [Step("conference", "agenda_pair", "5.14", n) for n in starting_left_of(agenda_winner)]
    order = starting_left_of(agenda_winner)
    for k in range(1, cards + 1):
        steps += [Step("meeting", "advance", "5.22", n, k) for n in order]
    steps.append(Step("meeting", "end_meeting", "5.27"))
    steps.append(Step("decision", "conference_winner", "5.27", conference_winner))
    for key, rule in DECISION:
        steps += [Step("decision", key, rule, n) for n in starting_left_of(conference_winner)]
    steps += [Step("war", "networks", "4.31"), Step("war", "alignment", "4.32"),
              Step("war", "reserves", "4.33"), Step("war", "fronts", "4.33")]
    return steps


def debate_order(actor: str) -> tuple[str, str]:
    """Who may debate an advance, first option to the player on the advancer's left (5.24)."""
    order = starting_left_of(actor)
    return order[0], order[1]
