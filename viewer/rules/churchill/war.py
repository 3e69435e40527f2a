"""The War Phase odds and the end of the game (Churchill 4.33, 4.4, 6.10).

Front strength is computed by rules not in the text (7.x): it is an input here. The two-box advance
of strength 10 or more (7.74) and the A-bomb modifiers (6.10.2) are likewise not in the text.
"""
from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction

import numpy as np

from viewer.rules.churchill.table import NATIONS

D10 = np.arange(1, 11)  # a d10's 0 reads 10 (Churchill 2.0)
D6 = np.arange(1, 7)
CONDITION_1_MAX = 15  # 4.41
CONDITION_2_BASE = 15  # 4.42: 1d6 + 15
TOURNAMENT_PENALTY = 5  # 4.43
ABOMB_SUCCESS = 4  # 6.10: 4-6 advances


@dataclass(frozen=True)
class FrontAdvance:
    """One Front's advance attempt (Churchill 4.33)."""

    offensive_left: int
    stopped: bool
    gated: bool
    p_advance: Fraction
    two_box_rule: bool  # strength >= 10: the 7.74 two-box rule applies (not in the text)


def front_advance(strength: int, offensive: int = 0, army_reserves: int = 0, gated: bool = False) -> FrontAdvance:
    """Each Axis army reserve cancels an offensive marker, or stops the Front if none is left; a Front
    then advances one box on a d10 roll at most its strength (0 reads 10). ``gated``: the entry box is
    Normandy without Second Front, or Manchuria without USSR Declares War on Japan, in the centre (6.21, 6.22)."""
    for name, v in (("strength", strength), ("offensive", offensive), ("army_reserves", army_reserves)):
        if v < 0:
            raise ValueError(f"{name}: {v} is below 0")
    stopped = army_reserves > offensive
    left = max(offensive - army_reserves, 0)
    if stopped or gated:
        return FrontAdvance(left, stopped, gated, Fraction(0), False)
    p = Fraction(int((D10 <= strength).sum()), 10)
    return FrontAdvance(left, False, False, p, strength >= 10)


def abomb_p(modifier: int = 0) -> Fraction:
    """Chance that the US A-bomb marker advances: 1d6 + modifier of 4 or more (Churchill 6.10)."""
    return Fraction(int((D6 + modifier >= ABOMB_SUCCESS).sum()), 6)


def _rank(vp: Mapping[str, int]) -> list[str]:
    return sorted(NATIONS, key=lambda n: -vp[n])


def final_tie_break(tied: list[str], us_trinity: bool, ussr_alone_in_germany: bool) -> tuple[str, int]:
    """Churchill 4.44: the US with the A-bomb, else the USSR alone in Germany, else Churchill (even untied)."""
    if "US" in tied and us_trinity:
        return "US", 1
    if "USSR" in tied and ussr_alone_in_germany:
        return "USSR", 2
    return "UK", 3


def _top(vp: Mapping[str, int], us_trinity: bool, ussr_alone: bool) -> str:
    best = max(vp.values())
    tied = [n for n in NATIONS if n in vp and vp[n] == best]
    return tied[0] if len(tied) == 1 else final_tie_break(tied, us_trinity, ussr_alone)[0]


@dataclass(frozen=True)
class Victory:
    """The final result: which condition applies and each nation's exact chance of winning."""

    condition: int
    difference: int
    odds: dict[str, Fraction]
    second_tied: bool
    unresolved: Fraction = Fraction(0)  # chance of a case the text does not decide


def victory(vp: Mapping[str, int], germany: bool, japan: bool, tournament: bool = False,
            us_trinity: bool = False, ussr_alone_in_germany: bool = False) -> Victory:
    """Each nation's chance of winning from the final scores (Churchill 4.41-4.44), by enumerating the dice.

    Condition 3 dice: the leader subtracts his d6, the second half of his (rounded up), the last adds
    his; two tied for first both subtract, two tied for second (or last) both add. Three tied: all subtract.
    Condition 2 with a tie for second place is not covered by the text: 4.44 then picks among them.
    """
    vp = {n: int(vp[n]) for n in NATIONS}
    order = _rank(vp)
    diff = vp[order[0]] - vp[order[-1]]
    odds = dict.fromkeys(NATIONS, Fraction(0))
    tb = (us_trinity, ussr_alone_in_germany)
    second_tied = False
    if germany and japan:
        if diff <= CONDITION_1_MAX:
            odds[_top(vp, *tb)] = Fraction(1)
            return Victory(1, diff, odds, False)
        first = _top(vp, *tb)
        rest = {n: v for n, v in vp.items() if n != first}
        seconds = [n for n in NATIONS if rest.get(n) == max(rest.values())]
        second_tied = len(seconds) > 1
        second: str | None = seconds[0] if not second_tied else final_tie_break(seconds, *tb)[0]
        if second not in seconds:  # 4.44 names no one among those tied for second: not in the text
            second = None
        unresolved = Fraction(0)
        for r in ([None] if tournament else D6):
            w = second if tournament or r is None or diff > CONDITION_2_BASE + r else first
            share = Fraction(1) if tournament else Fraction(1, 6)
            if w is None:
                unresolved += share
            else:
                odds[w] += share
        return Victory(2, diff, odds, second_tied, unresolved)
    if tournament:
        mod = dict(vp)
        for n in [n for n in NATIONS if vp[n] == vp[order[0]]]:
            mod[n] -= TOURNAMENT_PENALTY
        odds[_top(mod, *tb)] = Fraction(1)
        return Victory(3, diff, odds, False)
    signs = _condition3_signs(vp)
    total = 0
    for rolls in itertools.product(range(1, 7), repeat=3):
        mod = {n: vp[n] + signs[n](r) for n, r in zip(NATIONS, rolls)}
        odds[_top(mod, *tb)] += 1
        total += 1
    return Victory(3, diff, {n: Fraction(v, total) for n, v in odds.items()}, False)


def _condition3_signs(vp: Mapping[str, int]) -> dict:
    """The change each nation's d6 makes to its score under Condition 3 (Churchill 4.43)."""
    values = sorted(set(vp.values()), reverse=True)
    sub = lambda r: -r
    half = lambda r: -math.ceil(r / 2)
    add = lambda r: r
    if len(values) == 3:
        kinds = {values[0]: sub, values[1]: half, values[2]: add}
    elif len(values) == 1:
        kinds = {values[0]: sub}
    else:  # two tied for first (the other is last) or two tied for second: the pair shares one rule
        kinds = {values[0]: sub, values[1]: add}
    return {n: kinds[vp[n]] for n in NATIONS}


def condition3_change(rank: str, roll: int) -> int:
    """The 4.43 change of one score: 'first' -roll, 'second' -ceil(roll/2), 'last' +roll."""
    return {"first": -roll, "second": -math.ceil(roll / 2), "last": roll}[rank]
