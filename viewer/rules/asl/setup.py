"""Night setup: cloaking counters, HIP and "?" counters, fortifications HIP (ASL E1.2, E1.16, E1.41, E1.411).

From the night summary (section VI):
* the Scenario Attacker's infantry that enters from offboard starts cloaked; each force counts its
  cloaking counters separately, one per squad-equivalent (squads and half-squads; crews too for
  the Japanese). Vehicles and units that are passengers/riders/crew (PRC) cannot be cloaked;
* the Scenario Defender may set up to 25 % of its squad-equivalents HIP, fractions rounded up,
  and receives one "?" counter per squad-equivalent;
* fortifications set up HIP and stay hidden until their TEM is claimed, an enemy unit enters the
  location, or a friendly unit pays the extra MF to enter or leave it in an enemy unit's LOS (the
  example adds: its occupant breaks and routs in enemy LOS). Out of enemy LOS entering or leaving
  costs no extra MF.

How much a half-squad or a crew weighs as a squad-equivalent, and how a fractional count of
counters rounds, the summary does not say: both are **settings** the user gives.
"""
from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from fractions import Fraction

from viewer.errors import Refusal

UNIT_KINDS = ("squad", "hs", "crew", "smc", "sw", "vehicle", "prc", "gun")
#: Kinds never cloaked, offboard or not (E1.41: only infantry entering from offboard).
NOT_CLOAKED = ("vehicle", "prc", "gun")
ROUNDINGS = ("up", "down")
_ITEM = re.compile(r"^\s*(\d+)\s+([a-z]+)(?:\s+(onboard|offboard))?\s*$")


class SetupError(Refusal):
    """A force description that cannot be read, naming the part and what is allowed. ``fault``
    says which fault of a force list it is (``form``: no ``N kind``; ``kind``: no such unit kind;
    ``none``: no force at all), ``item`` the part and ``force`` the force it is in."""

    def __init__(self, message: str, allowed=None, parameter: str | None = None, *, fault: str = "",
                 item: str = "", force: str = ""):
        super().__init__(message, allowed, parameter)
        self.fault, self.item, self.force = fault, item, force


@dataclass
class Force:
    name: str
    units: list[tuple[int, str, bool]] = field(default_factory=list)   # (count, kind, offboard)


def parse_forces(text: str) -> list[Force]:
    """``"A: 5 squad, 2 hs, 1 vehicle; B: 3 squad, 1 squad onboard"`` -> forces.

    Each force is ``name: items`` (the name may be left out), items ``N kind [onboard|offboard]``
    with kinds squad, hs, crew, smc, sw, vehicle, prc, gun; offboard is the default.
    """
    forces = []
    for i, chunk in enumerate(p for p in str(text).split(";") if p.strip()):
        name, _, body = chunk.rpartition(":")
        force = Force(name.strip() or f"force {i + 1}")
        for item in (x for x in body.split(",") if x.strip()):
            m = _ITEM.match(item.lower())
            if not m:
                raise SetupError(f"cannot read {item.strip()!r} in {force.name}: write 'N kind [onboard]'",
                                 fault="form", item=item.strip(), force=force.name)
            if m.group(2) not in UNIT_KINDS:
                raise SetupError(f"unknown unit kind {m.group(2)!r} in {force.name}; allowed: {', '.join(UNIT_KINDS)}",
                                 fault="kind", item=m.group(2), force=force.name)
            force.units.append((int(m.group(1)), m.group(2), m.group(3) != "onboard"))
        forces.append(force)
    if not forces:
        raise SetupError("no force given", fault="none")
    return forces


def squad_equivalents(squads: int, half_squads: int, crews: int, japanese: bool,
                      hs_weight: Fraction, crew_weight: Fraction) -> Fraction:
    """Squads + half-squads × weight (+ crews × weight for the Japanese only)."""
    return squads + half_squads * Fraction(hs_weight) + (crews * Fraction(crew_weight) if japanese else 0)


def rounded(value: Fraction, rounding: str) -> int:
    if rounding not in ROUNDINGS:
        raise SetupError(f"unknown rounding {rounding!r}; allowed: {', '.join(ROUNDINGS)}")
    return math.ceil(value) if rounding == "up" else math.floor(value)


@dataclass(frozen=True)
class CloakCount:
    force: str
    squad_equivalents: Fraction
    counters: int
    ineligible: tuple[str, ...]
    #: The same units as ``(count, kind, offboard)``, for a reader to name them.
    left_out: tuple[tuple[int, str, bool], ...] = ()


def cloak_counters(forces: list[Force], japanese: bool, hs_weight: Fraction, crew_weight: Fraction,
                   rounding: str = "up") -> list[CloakCount]:
    """Cloaking counters per force (ASL E1.41, E1.411) and the units that cannot be cloaked."""
    out = []
    for f in forces:
        n = {k: 0 for k in UNIT_KINDS}
        ineligible, left_out = [], []
        for count, kind, offboard in f.units:
            if kind in NOT_CLOAKED:
                ineligible.append(f"{count} {kind}")
            elif not offboard:
                ineligible.append(f"{count} {kind} onboard")
            else:
                n[kind] += count
                continue
            left_out.append((count, kind, offboard))
        se = squad_equivalents(n["squad"], n["hs"], n["crew"], japanese, hs_weight, crew_weight)
        out.append(CloakCount(f.name, se, rounded(se, rounding), tuple(ineligible), tuple(left_out)))
    return out


def hip_allowance(squad_eq: Fraction) -> int:
    """Up to 25 % of the squad-equivalents set up HIP, fractions rounded up (ASL E1.2)."""
    return math.ceil(Fraction(squad_eq) / 4)


#: Events of the fortification HIP state machine, and whether each reveals the fortification.
FORTIFICATION_EVENTS = {
    "unit-fires": False,              # its occupant fires (the unit may lose concealment)
    "unit-loses-concealment": False,
    "illuminated": False,             # e.g. a starshell lights the location
    "fired-on": False,
    "enemy-adjacent": False,          # an enemy unit enters an adjacent hex
    "enemy-enters": True,             # an enemy unit enters the location
    "tem-claimed": True,
    "extra-mf-in-enemy-los": True,
    "extra-mf-out-of-los": False,     # and out of enemy LOS no extra MF is paid at all
    "breaks-routs-in-enemy-los": True,
    "breaks-routs-out-of-los": False,
}


def fortification_hip(events: list[str]) -> list[tuple[str, bool]]:
    """Walk the events in order: ``(event, still_hip)`` after each (ASL E1.16)."""
    hip, out = True, []
    for e in events:
        if e not in FORTIFICATION_EVENTS:
            raise SetupError(f"unknown event {e!r}; allowed: {', '.join(FORTIFICATION_EVENTS)}")
        if FORTIFICATION_EVENTS[e]:
            hip = False
        out.append((e, hip))
    return out
