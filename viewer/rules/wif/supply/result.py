"""Result values of the supply engine (WiF 2.4.2): legs, chains, reasons.

Everything here is plain data the views, the command line and the notebook read:

* :class:`Leg`: one supply line of a chain, ``kind`` ``"basic"`` or ``"rail"`` (WiF 2.4.2: a leg
  from a secondary source to a primary source is a rail supply line, every other leg is basic),
  the hexes it runs through as map labels (the tracer's hex first; counting follows WiF 2.8: the
  start hex does not count, the final hex does), what it costs against its budget (WiF 8.2.2), the
  sea areas of an overseas part and the port where it lands, and the source it reaches.
* :class:`Reason`: why a unit is out of supply, as a label-catalogue key
  (``supply.reason.<code>``) with parameters plus an English text for the command line.
* :class:`UnitSupply`: the verdict for one unit.
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING, Protocol

from viewer.ruleref import RuleRef

if TYPE_CHECKING:
    from viewer.rules.wif.scenario_units import Unit

R_SUPPLY = RuleRef("wif", "2.4")
R_WHEN = RuleRef("wif", "2.4.1")
R_LINES = RuleRef("wif", "2.4.2")
R_OUT = RuleRef("wif", "2.4.3")
R_RANGE = RuleRef("wif", "8.2.2")
R_PORTS = RuleRef("wif", "8.2.10")
R_CHOKEPOINTS = RuleRef("wif", "11.4.4")
R_COUNTING = RuleRef("wif", "2.8")

BASIC, RAIL = "basic", "rail"


@dataclass(frozen=True)
class Leg:
    """One supply line of a chain (WiF 2.4.2)."""

    kind: str                 # "basic" | "rail"
    hexes: list               # map labels, tracer's hex first
    cost: int                 # what the entered hexes count (WiF 2.4.2, 2.8)
    budget: int               # the most it may count, by the weather in the tracer's hex (WiF 8.2.2)
    to: str                   # the source reached: a city/capital name or an HQ unit id
    to_kind: str = "primary"  # "primary" | "secondary"
    sea_areas: list = field(default_factory=list)   # the overseas part, in order
    landing_port: str | None = None                 # the far-side port, which counts 1
    embark: str | None = None                       # label of the hex where the line put to sea
    counted: list = field(default_factory=list)     # labels of the hexes that counted (cost > 0)

    def to_json(self) -> dict:
        return {"kind": self.kind, "hexes": list(self.hexes), "cost": self.cost, "budget": self.budget,
                "sea_areas": list(self.sea_areas), "landing_port": self.landing_port, "to": self.to}


@dataclass(frozen=True)
class Reason:
    """Why a unit is out of supply: catalogue key ``supply.reason.<code>``, its parameters, English text."""

    code: str
    params: dict
    text: str
    rule: RuleRef = R_LINES

    @property
    def key(self) -> str:
        return f"supply.reason.{self.code}"


@dataclass(frozen=True)
class UnitSupply:
    """The supply verdict for one unit (WiF 2.4)."""

    unit: str
    in_supply: bool
    chain: list = field(default_factory=list)        # list[Leg], the unit's leg first
    reason: Reason | None = None
    at_sea: bool = False                             # units at sea are always in supply (WiF 2.4.1)
    emergency_hq: str | None = None                  # option 13: the face-up HQ it could lean on (WiF 2.4.3)

    def to_json(self) -> dict:
        """The command line's shape: ``{"in_supply", "chain", "reason"}``."""
        return {"in_supply": self.in_supply, "chain": [leg.to_json() for leg in self.chain],
                "reason": None if self.reason is None else self.reason.text}

    def to_dict(self) -> dict:
        """Everything, for views (legs in full, the reason's key and parameters)."""
        d = asdict(self)
        if self.reason is not None:
            d["reason"] = {"key": self.reason.key, "params": self.reason.params, "text": self.reason.text,
                           "rule": str(self.reason.rule)}
        return d


class _Resolver(Protocol):
    """What traces the full verdict of one unit (``trace._Tracer``)."""

    def resolve(self, u: Unit) -> UnitSupply: ...


class LazyUnitSupply(UnitSupply):
    """A verdict whose chain, reason and emergency HQ are built on first access.

    :func:`~viewer.rules.wif.supply.trace.trace_all` decides ``in_supply`` for every unit at once
    (vectorised searches); the chain of legs (or the reason) of one unit costs its own search and
    is only needed for the unit a player selects or for the command line. ``resolve()`` returns the
    full :class:`UnitSupply`; it must agree on ``in_supply`` (checked: a mismatch is an engine bug).
    """

    _full: UnitSupply | None = None
    _tracer: _Resolver | None = None
    _u: Unit
    _resolve: Callable[[], UnitSupply]

    def __init__(self, unit: str, in_supply: bool, resolve: Callable[[], UnitSupply]):
        # frozen: fill the instance dict directly (one call; hundreds are made per trace)
        self.__dict__.update(unit=unit, in_supply=bool(in_supply), at_sea=False, _resolve=resolve, _full=None)

    @classmethod
    def make(cls, unit: Unit, in_supply: bool, tracer: _Resolver) -> LazyUnitSupply:
        """The verdict of ``unit`` (a scenario unit), resolved by ``tracer.resolve(unit)`` when read:
        no per-unit closure, one instance dict (the trace makes hundreds)."""
        out = object.__new__(cls)
        object.__setattr__(out, "__dict__", {"unit": unit.id, "in_supply": in_supply, "_u": unit,
                                             "_tracer": tracer})
        return out

    def resolved(self) -> UnitSupply:
        """The full verdict (computed once)."""
        full = self._full
        if full is None:
            full = self._tracer.resolve(self._u) if self._tracer is not None else self._resolve()
            if full.in_supply != self.in_supply:
                raise RuntimeError(f"supply of unit {self.unit!r}: the batched verdict ({self.in_supply}) "
                                   f"and the traced chain ({full.in_supply}) disagree")
            object.__setattr__(self, "_full", full)
        return full

    @property
    def chain(self) -> list:
        return self.resolved().chain

    @property
    def reason(self) -> Reason | None:
        return self.resolved().reason

    @property
    def emergency_hq(self) -> str | None:
        return self.resolved().emergency_hq

    def __eq__(self, other):
        if not isinstance(other, UnitSupply):
            return NotImplemented
        names = ("unit", "in_supply", "chain", "reason", "at_sea", "emergency_hq")
        return all(getattr(self, k) == getattr(other, k) for k in names)
    # unhashable: a class body defining __eq__ and no __hash__ gets __hash__ = None from Python
