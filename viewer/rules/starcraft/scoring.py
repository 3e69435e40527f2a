"""Scoring and the end of the game (SC 8.9.3, 8.9.6, 8.10).

Victory points per round come from the Mission Card (not in the text): they are inputs.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from viewer.errors import Refusal

#: The survivor's bonus when the other player has nothing left on the table or in reserve (SC 8.9.3).
WIPE_OUT_BONUS = 10


class ScoringError(Refusal):
    """Bad scoring input."""


def first_player_after_round(vp_a: int, vp_b: int) -> str | None:
    """SC 8.9.6: fewer VP takes the First Player marker; None = a tie, roll off (3.2)."""
    if vp_a == vp_b:
        return None
    return "A" if vp_a < vp_b else "B"


def wiped_out(models_on_table: int, units_in_reserve: int) -> bool:
    """SC 8.9.3: a player with no model on the table and no unit in reserve ends the game."""
    return models_on_table == 0 and units_in_reserve == 0


@dataclass(frozen=True)
class Score:
    """Totals and the winner (A, B, or None for a tie to break by the Mission Card, else a draw)."""

    total_a: int
    total_b: int
    cumulative_a: tuple[int, ...]
    cumulative_b: tuple[int, ...]
    winner: str | None


def final_score(vp_a: Sequence[int], vp_b: Sequence[int], wiped: str | None = None,
                reserve_vp_a: int = 0, reserve_vp_b: int = 0) -> Score:
    """Add each round's VP; +10 to the survivor if ``wiped`` (the player wiped out, SC 8.9.3);
    ``reserve_vp_a`` is what A scores for B's units still in reserve, counted as destroyed at the
    start of the final Scoring Phase (SC 8.10, the amount set by the Mission Card)."""
    if wiped not in (None, "A", "B"):
        raise ScoringError(f"wiped out must be A, B or none, not {wiped!r}")
    if len(vp_a) != len(vp_b):
        raise ScoringError(f"both players need the same number of rounds ({len(vp_a)} vs {len(vp_b)})")
    if len(vp_a) > 5:
        raise ScoringError(f"a game lasts at most 5 rounds, not {len(vp_a)}")
    if any(v < 0 for v in (*vp_a, *vp_b, reserve_vp_a, reserve_vp_b)):
        raise ScoringError("victory points must not be negative")
    cum_a, cum_b, ta, tb = [], [], 0, 0
    for a, b in zip(vp_a, vp_b):
        ta, tb = ta + a, tb + b
        cum_a.append(ta)
        cum_b.append(tb)
    ta += reserve_vp_a + (WIPE_OUT_BONUS if wiped == "B" else 0)
    tb += reserve_vp_b + (WIPE_OUT_BONUS if wiped == "A" else 0)
    winner = None if ta == tb else ("A" if ta > tb else "B")
    return Score(ta, tb, tuple(cum_a), tuple(cum_b), winner)
