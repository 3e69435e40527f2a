"""World in Flames supply (WiF 2.4): sources, chains of legs, overseas supply, range overlays.

Public API (pure Python; what the views, the command line, tests and notebooks call)::

    from viewer.rules.wif.supply import trace_all, supply_range

    results = trace_all(hexmap, scenario)      # unit id -> UnitSupply
    results["GD"].in_supply, results["GD"].chain, results["GD"].reason
    results["GD"].to_json()                    # the CLI shape {"in_supply", "chain", "reason"}
    supply_range(hexmap, scenario, "Manstein") # DataFrame: label, cost, reachable, blocked_reason

Modules: :mod:`.graph` (static sparse graph per map: one fixed CSR structure, weights per power),
:mod:`.state` (what a move does not change: politics, control, weather, kept per map by value),
:mod:`.units` (the units as arrays, kept per map: after a move only the moved unit is re-read),
:mod:`.context` (a power's masks: ZOC, control, hexsides, weather, sea areas, chokepoints),
:mod:`.sources` (primary and secondary sources), :mod:`.legs` (the searches and the overseas part),
:mod:`.reach` (every unit's verdict from a few reversed multi-source searches per power),
:mod:`.trace` (verdicts, and chains traced on request), :mod:`.range` (the range overlay),
:mod:`.result` (result values).

``bench/supply.py`` times a full recomputation after a move (300 units, europe map) against the
same recomputation with networkx doing the searches.
"""
from viewer.rules.wif.supply.context import (
    AREA_BLOCKS,
    EDGE_BLOCKS,
    HEX_BLOCKS,
    SideView,
    side_view,
)
from viewer.rules.wif.supply.graph import MapGraph, map_graph
from viewer.rules.wif.supply.range import supply_range
from viewer.rules.wif.supply.result import BASIC, RAIL, Leg, Reason, UnitSupply
from viewer.rules.wif.supply.sources import Source, Sources, find_sources
from viewer.rules.wif.supply.trace import trace_all, trace_each


def trace_unit(hexmap, scenario, unit_id: str) -> UnitSupply:
    """Supply of one unit (WiF 2.4); raises ``KeyError`` naming the unknown id."""
    if unit_id not in scenario.units:
        raise KeyError(f"no unit {unit_id!r} in the scenario; units: {', '.join(sorted(scenario.units))}")
    return trace_all(hexmap, scenario, [unit_id])[unit_id]


__all__ = [
    "AREA_BLOCKS",
    "BASIC",
    "EDGE_BLOCKS",
    "HEX_BLOCKS",
    "RAIL",
    "Leg",
    "MapGraph",
    "Reason",
    "SideView",
    "Source",
    "Sources",
    "UnitSupply",
    "find_sources",
    "map_graph",
    "side_view",
    "supply_range",
    "trace_all",
    "trace_each",
    "trace_unit",
]
