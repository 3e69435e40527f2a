"""Night Visibility Range: the NVR Table at setup and the NVR change in the Rally Phase.

* NVR change (the night summary, section VII; ASL E1.2): only after the first Game Turn and only
  when the Wind Change DR's coloured die is 6. White 1-3 lowers the NVR (not below 0, or 2 with
  snow terrain); white 5-6 raises it (not above 6, or 9 with snow); white 4 raises it only while
  no starshell or IR has been fired in the game, else nothing changes. The step is 1 hex, except
  with Scattered clouds and a Half or Full Moon: a further dr divided by 3 (Half) or 2 (Full),
  fractions rounded up. The exact distribution over all the dice is enumerated.
* NVR Table (the public eASLRB excerpt recorded in charts-public §3.1, rule E1.11 there): coloured
  dr -> Cloud Cover (+1 in December, January, February; Overcast weather forces Overcast), white
  dr -> Moon Phase, the two cross-indexed give a modifier to a base of 3 (6 with ground or deep
  snow). The stored table's last row reads "≥ 6" and has no row for 5: that row is **doubtful**
  and a final dr of 5 is reported as a missing cell unless the user picks a reading.
"""
from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import cast

CLOUDS = ("none", "scattered", "overcast")
MOONS = ("none", "half", "full")
#: The NVR modifier cross-index (charts-public §3.1): MODIFIER[cloud][moon].
MODIFIER = {
    "none": {"none": 0, "half": 1, "full": 2},
    "scattered": {"none": -1, "half": 0, "full": 1},
    "overcast": {"none": -2, "half": -1, "full": 0},
}
#: Readings of the doubtful last row: as stored (≥ 6, a 5 unknown) or read as ≥ 5.
LAST_ROW_READINGS = ("as-stored", "five-or-more")


def bounds(snow: bool) -> tuple[int, int]:
    """NVR limits: 0-6, or 2-9 with snow terrain."""
    return (2, 9) if snow else (0, 6)


def change_amount(clouds: str, moon: str, dr: int | None) -> int | None:
    """Hexes of one change: 1, or dr/3 (Half Moon) or dr/2 (Full Moon) FRU with Scattered clouds.

    Returns None when the further dr is needed but not given.
    """
    if clouds == "scattered" and moon in ("half", "full"):
        if not dr:
            return None
        return math.ceil(dr / (2 if moon == "full" else 3))
    return 1


def direction(colored: int, white: int, first_turn: bool, starshell_fired: bool) -> int:
    """-1, 0 or +1: which way the Wind Change DR moves the NVR."""
    if first_turn or colored != 6:
        return 0
    if white <= 3:
        return -1
    if white == 4:
        return 0 if starshell_fired else 1
    return 1


@dataclass(frozen=True)
class Change:
    nvr: int
    direction: int
    amount: int | None
    new_nvr: int | None
    clamped: bool


def new_nvr(nvr: int, colored: int, white: int, *, first_turn: bool = False, snow: bool = False,
            starshell_fired: bool = False, clouds: str = "none", moon: str = "none", dr: int | None = None) -> Change:
    """The NVR after one Wind Change DR (coloured, white) and, if needed, the further dr."""
    lo, hi = bounds(snow)
    if not lo <= nvr <= hi:
        raise ValueError(f"NVR {nvr} is outside {lo}..{hi}" + (" (snow terrain)" if snow else ""))
    d = direction(colored, white, first_turn, starshell_fired)
    if d == 0:
        return Change(nvr, 0, 0, nvr, False)
    a = change_amount(clouds, moon, dr)
    if a is None:
        return Change(nvr, d, None, None, False)
    raw = nvr + d * a
    new = min(hi, max(lo, raw))
    return Change(nvr, d, a, new, new != raw)


def change_distribution(nvr: int, *, first_turn: bool = False, snow: bool = False, starshell_fired: bool = False,
                        clouds: str = "none", moon: str = "none") -> dict[int, Fraction]:
    """Exact distribution of the new NVR over the coloured, white and further dice (216 cases)."""
    counts: dict[int, int] = {}
    for c in range(1, 7):
        for w in range(1, 7):
            for dr in range(1, 7):
                change = new_nvr(nvr, c, w, first_turn=first_turn, snow=snow, starshell_fired=starshell_fired,
                                 clouds=clouds, moon=moon, dr=dr)
                n = cast(int, change.new_nvr)  # the further dr is given, so the new NVR is known
                counts[n] = counts.get(n, 0) + 1
    return {k: Fraction(v, 216) for k, v in sorted(counts.items())}


def cloud_cover(final_dr: int, last_row: str = "as-stored") -> str | None:
    """Cloud Cover for the final coloured dr; None for the doubtful 5 when read as stored."""
    return _row(final_dr, last_row, CLOUDS)


def moon_phase(white: int, last_row: str = "as-stored") -> str | None:
    """Moon Phase for the white dr (rows: ≤2 Full, 3-4 Half, last row No Moon)."""
    return _row(white, last_row, ("full", "half", "none"))


def _row(dr: int, last_row: str, names: tuple[str, str, str]) -> str | None:
    if last_row not in LAST_ROW_READINGS:
        raise ValueError(f"unknown reading {last_row!r}; allowed: {', '.join(LAST_ROW_READINGS)}")
    if dr <= 2:
        return names[0]
    if dr <= 4:
        return names[1]
    if dr >= 6 or last_row == "five-or-more":
        return names[2]
    return None


def base_nvr(clouds: str, moon: str, snow: bool = False) -> int:
    """3 (6 with ground or deep snow) + the Cloud Cover × Moon Phase modifier."""
    return (6 if snow else 3) + MODIFIER[clouds][moon]
