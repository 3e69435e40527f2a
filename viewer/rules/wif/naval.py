"""WiF naval combat rules: search (11.5.5 with 8.2.4), surprise (11.5.6), results (11.5.8), ASW (11.5.10).

Pure functions over plain values; probabilities are exact :class:`~fractions.Fraction` on a d10
that reads 1..10 (2.7). Readings the text leaves open are arguments, named in the docstrings.
"""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from viewer.dice import Distribution
from viewer.rules.wif.fractions import round_wif

WEATHERS = ("fine", "rain", "snow", "storm", "blizzard")
#: Weather in which NAVs and carriers raise a section's search number (8.2.4).
AIR_SEARCH_WEATHER = ("fine", "rain", "snow")
#: Weather that adds 1 to the search roll (8.2.4, 11.5.5).
WET_WEATHER = ("rain", "snow", "storm", "blizzard")
MODES = ("combat", "interception", "port-attack")
SECTIONS = (0, 1, 2, 3, 4)
#: The text implies each section's printed search number equals its number (digest C, ambiguity 19).
DEFAULT_SEARCH_NUMBERS = (0, 1, 2, 3, 4)


def check_weather(weather: str) -> str:
    if weather not in WEATHERS:
        raise ValueError(f"unknown weather {weather!r}; allowed: {', '.join(WEATHERS)}")
    return weather


# -- 11.5.5 search -------------------------------------------------------------------------------
def convoy_roll_modifier(enemy_cp: int, weather: str, mode: str = "combat") -> int:
    """-1 per 10 (or fraction) enemy convoy points; not for interception, port attacks, Storm, Blizzard."""
    if enemy_cp < 0:
        raise ValueError("enemy convoy points cannot be negative")
    if mode != "combat" or weather in ("storm", "blizzard"):
        return 0
    return -math.ceil(enemy_cp / 10)


def weather_roll_modifier(weather: str) -> int:
    """+1 to the search roll in Rain, Snow, Storm or Blizzard (8.2.4)."""
    return 1 if check_weather(weather) in WET_WEATHER else 0


def carrier_range_bonus(longest_range: int) -> int:
    """SiF option 27: longest carrier-plane range 1-3 -> +0, 4-6 -> +1, 7+ -> +2 (0 = no plane)."""
    if longest_range <= 3:
        return 0
    return 1 if longest_range <= 6 else 2


def section_bonus(weather: str, nav: bool, carrier: bool, option_27: bool = False,
                  carrier_range: int = 0) -> int:
    """The search-number bonus of one section (8.2.4).

    +1 in Fine, Rain or Snow when the section holds a NAV or an (undamaged) carrier of the side.
    Reading of the open point (digest C, ambiguity 20): option 27 replaces only the carrier's +1
    by the range table; a NAV still gives +1; the bonuses do not add up (the larger counts).
    """
    if check_weather(weather) not in AIR_SEARCH_WEATHER:
        return 0
    nav_bonus = 1 if nav else 0
    cv_bonus = (carrier_range_bonus(carrier_range) if option_27 else 1) if carrier else 0
    return max(nav_bonus, cv_bonus)


@dataclass(frozen=True)
class Search:
    """One side's search: the roll modifier and each occupied section's modified search number."""

    roll_modifier: int
    modified: dict[int, int]          # section -> modified search number

    def included(self, roll: int) -> list[int]:
        """Sections whose units a raw d10 ``roll`` includes: modified roll <= modified number."""
        return sorted(s for s, n in self.modified.items() if roll + self.roll_modifier <= n)

    def p_included(self, section: int) -> Fraction:
        """P(the section's units are included) on a d10 reading 1..10."""
        need = self.modified[section] - self.roll_modifier
        return Fraction(max(0, min(10, need)), 10)

    def p_any(self) -> Fraction:
        """P(this side's search succeeds at all) = P(its best section is included)."""
        return max((self.p_included(s) for s in self.modified), default=Fraction(0))

    def highest_distribution(self) -> Distribution:
        """Distribution of the highest included section over the d10 (-1: nothing included)."""
        weights: dict[int, int] = {}
        for roll in range(1, 11):
            inc = self.included(roll)
            key = max(inc) if inc else -1
            weights[key] = weights.get(key, 0) + 1
        return Distribution.from_weights(weights)


def search(weather: str, sections: list[int], nav_sections: Sequence[int] = (), carrier_sections: Sequence[int] = (),
           enemy_cp: int = 0, mode: str = "combat", option_27: bool = False, carrier_range: int = 0,
           search_numbers: tuple[int, ...] = DEFAULT_SEARCH_NUMBERS) -> Search:
    """The search of one side (11.5.5, 8.2.4, 11.4.6 for interceptions, 11.2 for port attacks)."""
    check_weather(weather)
    if mode not in MODES:
        raise ValueError(f"unknown mode {mode!r}; allowed: {', '.join(MODES)}")
    mod = weather_roll_modifier(weather) + convoy_roll_modifier(enemy_cp, weather, mode)
    modified = {}
    for s in sorted(set(sections)):
        modified[s] = search_numbers[s] + section_bonus(
            weather, s in nav_sections, s in carrier_sections, option_27, carrier_range)
    return Search(mod, modified)


def p_combat(a: Search, b: Search) -> Fraction:
    """P(at least one side's search succeeds): the two rolls are independent."""
    return 1 - (1 - a.p_any()) * (1 - b.p_any())


# -- 11.5.6 surprise -----------------------------------------------------------------------------
#: What surprise points buy (11.5.6): option -> cost (per target, column or point where it applies).
SURPRISE_COSTS = {
    "avoid_combat": 4, "choose_type": 4, "select_target": 3, "own_column_right": 2,
    "opponent_column_left": 2, "own_air_to_air_up": 2, "opponent_air_to_air_down": 2,
    "own_aa_column_up": 2, "opponent_aa_column_down": 2,
}


def surprise_points(own_highest_modified_sn: int, opponent_raw_roll: int, surprised: bool = False) -> int:
    """Modified search number of one's highest included section + the opponent's raw search roll."""
    return 0 if surprised else own_highest_modified_sn + opponent_raw_roll


#: Purchases made at most once per combat (WiF 11.5.6): affordable or not, never "twice".
ONE_OFF = ("avoid_combat", "choose_type")


def affordable(points: int) -> dict[str, int | bool]:
    """What ``points`` can buy (WiF 11.5.6): for each one-off purchase (avoid the combat, choose
    its type) whether it is affordable, yes or no; for a repeatable option how many times it fits
    (repeatable options of cost > points left out)."""
    return {k: (points >= c if k in ONE_OFF else points // c) for k, c in SURPRISE_COSTS.items()
            if k in ONE_OFF or points >= c}


# -- 11.5.8 results ------------------------------------------------------------------------------
RESULTS = ("X", "D", "A")
DOWNGRADE = {"X": "D", "D": "A", "A": "half-A"}
#: Final states of one target at the end of the round.
STATES = ("intact", "aborts", "damaged", "damaged-aborts", "destroyed", "cp-destroyed")
STATE_CODE = {s: i for i, s in enumerate(STATES)}
TARGETS = ("ship", "convoy", "transport")


def defence_factor(printed: int, target: str = "ship", damaged: bool = False, sif_option_9: bool = False) -> int:
    """The number a d10 must not exceed for a result to apply (11.5.8).

    Base-game convoy points defend at 5; under SiF option 9 transports (TRS/ANFI) defend at half
    their printed factor (rounded per 2.6 before the roll comparison) and convoys at their printed
    factor. A damaged unit defends 1 higher.
    """
    if target not in TARGETS:
        raise ValueError(f"unknown target {target!r}; allowed: {', '.join(TARGETS)}")
    if target == "convoy" and not sif_option_9:
        base = Fraction(5)
    elif target == "transport" and sif_option_9:
        base = Fraction(printed, 2)
    else:
        base = Fraction(printed)
    return round_wif(base + (1 if damaged else 0))


@dataclass(frozen=True)
class TargetState:
    damaged: bool = False
    destroyed: bool = False
    aborts: bool = False
    halves: int = 0
    cp_lost: bool = False

    def final(self) -> str:
        if self.destroyed:
            return "destroyed"
        if self.cp_lost:
            return "cp-destroyed"
        aborts = self.aborts or self.halves >= 2
        if self.damaged:
            return "damaged-aborts" if aborts else "damaged"
        return "aborts" if aborts else "intact"


def apply_result(state: TargetState, result: str, roll: int, printed: int, target: str = "ship",
                 sif_option_9: bool = False) -> TargetState:
    """Apply one X/D/A to a target with a d10 ``roll``: roll <= defence -> as is, else downgraded."""
    if state.destroyed or state.aborts or state.cp_lost:
        return state   # no result on a destroyed unit or one already given an A (11.5.8)
    dfn = defence_factor(printed, target, state.damaged, sif_option_9)
    eff = result if roll <= dfn else DOWNGRADE[result]
    sif_cp = target == "convoy" and sif_option_9
    if eff == "X":
        return TargetState(state.damaged, True)
    if eff == "D":
        if sif_cp:
            return TargetState(state.damaged, cp_lost=True)   # SiF: D destroys 1 CP of the 2-CP ship
        if state.damaged:
            return TargetState(True, True)
        return TargetState(True, False, state.aborts, state.halves)
    if eff == "A":
        return TargetState(state.damaged, False, True, state.halves)
    return TargetState(state.damaged, False, False, state.halves + 1)


def order_results(results: list[str]) -> list[str]:
    """All X first, then all D, then all A (11.5.8)."""
    bad = [r for r in results if r not in RESULTS]
    if bad:
        raise ValueError(f"unknown result {bad[0]!r}; allowed: {', '.join(RESULTS)}")
    return sorted(results, key=RESULTS.index)


def final_state(results: list[str], rolls: list[int], printed: int, target: str = "ship",
                damaged: bool = False, sif_option_9: bool = False) -> str:
    """The end-of-round state after the ordered results with the given defence rolls."""
    state = TargetState(damaged=damaged)
    for res, roll in zip(order_results(results), rolls):
        state = apply_result(state, res, roll, printed, target, sif_option_9)
    return state.final()


def state_distribution(results: list[str], printed: int, target: str = "ship", damaged: bool = False,
                       sif_option_9: bool = False) -> dict[str, Fraction]:
    """Exact distribution of the end-of-round state over every defence roll (a Markov chain)."""
    states = {TargetState(damaged=damaged): Fraction(1)}
    for res in order_results(results):
        nxt: dict[TargetState, Fraction] = {}
        for st, p in states.items():
            for roll in range(1, 11):
                new = apply_result(st, res, roll, printed, target, sif_option_9)
                nxt[new] = nxt.get(new, 0) + p / 10
        states = nxt
    out: dict[str, Fraction] = {}
    for st, p in states.items():
        out[st.final()] = out.get(st.final(), 0) + p
    return out


def ships(naval_units: int, convoy_points: int, sif_option_9: bool = False) -> int:
    """Ships in the Naval Combat Table row: units + 5 CP per ship (SiF 9: every 2 CP or fraction).

    The base game does not say how a remainder of CP counts (digest C, ambiguity 14): whole 5s only.
    """
    if naval_units < 0 or convoy_points < 0:
        raise ValueError("counts cannot be negative")
    return naval_units + (math.ceil(convoy_points / 2) if sif_option_9 else convoy_points // 5)


# -- 11.5.10 ASW ---------------------------------------------------------------------------------
CONVOY_ASW_BY_YEAR = {1942: 1, 1943: 2}


def asw_parts(bcs: int, carriers: int, air_sea_factors: float, weather: str, us_cw_cp: int, year: int,
              halve_air_in_rain_snow: bool = False) -> dict[str, Fraction]:
    """The ASW ("GAS") factor sources of 11.5.10; before 1942 convoys give nothing.

    Whether 8.2.3 halves the air-to-sea factors counted here in Rain/Snow is open (digest C,
    ambiguity 22): ``halve_air_in_rain_snow`` chooses.
    """
    check_weather(weather)
    if min(bcs, carriers, air_sea_factors, us_cw_cp) < 0:
        raise ValueError("counts cannot be negative")
    air = Fraction(air_sea_factors) if weather in AIR_SEARCH_WEATHER else Fraction(0)
    if halve_air_in_rain_snow and weather in ("rain", "snow"):
        air /= 2
    per5 = 3 if year >= 1944 else CONVOY_ASW_BY_YEAR.get(year, 0)
    return {"bcs": Fraction(2 * bcs), "carriers": Fraction(carriers), "air": air,
            "convoys": Fraction((us_cw_cp // 5) * per5)}
