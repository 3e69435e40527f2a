"""What the overlays draw, computed by the rules for one scenario: each unit's supply (WiF 2.4),
the selected unit's chain and range, each side's ZOC (WiF 2.2) and the over-stacked hexes
(WiF 2.3). No Panel here: a plain data store the views read.

The weather comes from the session's weather panel: the scenario is traced with the panel's
zones in place of its own (WiF 2.4.2: each leg's length by the weather in the tracing hex).
"""
from __future__ import annotations

import dataclasses
import time

import numpy as np

from viewer.board import HexMap


def _supply():
    """The supply engine (imported late: it is the heaviest rules package)."""
    from viewer.rules.wif import supply

    return supply


@dataclasses.dataclass
class Results:
    """One recomputation's output."""

    supply: dict            # unit id -> the engine's per-unit result
    in_supply: dict         # unit id -> True / False / None (unknown)
    zoc: dict               # side (``axis``, ``allies``, an unaligned minor) -> bool per hexes row
    stacking: list          # the stacking rules' faults
    seconds: float = 0.0


def _flag(result) -> bool | None:
    value = result.get("in_supply") if isinstance(result, dict) else getattr(result, "in_supply", None)
    return None if value is None else bool(value)


class ScenarioResults:
    """Computes and keeps the rules' answers for the current scenario of a session."""

    def __init__(self, hexmap: HexMap):
        self.hexmap = hexmap
        self.results: Results | None = None

    def compute(self, scenario) -> Results:
        """Every unit's supply, each side's ZOC and the stacking faults."""
        from viewer.rules.wif.stacking import stacking_faults
        from viewer.rules.wif.zoc import zoc_by_side

        start = time.perf_counter()
        if scenario is None:
            self.results = Results({}, {}, {}, [], 0.0)
            return self.results
        supply = _supply().trace_all(self.hexmap, scenario) if scenario.units else {}
        in_supply = {uid: _flag(r) for uid, r in supply.items()}
        zoc = {side: np.asarray(m, dtype=bool) for side, m in zoc_by_side(self.hexmap, scenario).items()}
        faults = list(stacking_faults(self.hexmap, scenario))
        self.results = Results(supply, in_supply, zoc, faults, time.perf_counter() - start)
        return self.results

    def supply_range(self, scenario, unit_id: str):
        """The range overlay data of the selected unit (or source)."""
        return _supply().supply_range(self.hexmap, scenario, unit_id)
