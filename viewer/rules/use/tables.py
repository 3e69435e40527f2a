"""The USE charts through the shared chart machinery (viewer.rules.charts).

Each chart ships in ``viewer/rules/use/data/<name>.yaml`` with only the values the rulebook's
examples reveal, each with its source; the player's own copy (saved in the per-user data folder,
kind ``charts``, under the chart id) is merged over it. An unknown cell raises
:class:`viewer.rules.charts.UnknownCell`, which calculators report as a missing value.
"""
from __future__ import annotations

import copy
from functools import lru_cache
from pathlib import Path

from viewer.rules.charts import Chart, ChartError, UnknownCell, load_chart, user_chart

DATA = Path(__file__).with_name("data")
FILES = {"use.movement": "movement.yaml", "use.attack-cost": "attack-cost.yaml",
         "use.crt": "crt.yaml", "use.national-will": "national-will.yaml"}

__all__ = ["FILES", "UnknownCell", "ChartError", "shipped", "chart", "save_user_chart", "Costs", "NOT_TERRAIN",
           "row_names", "terrain_names"]


@lru_cache(maxsize=None)
def _shipped(chart_id: str) -> Chart:
    try:
        return load_chart(DATA / FILES[chart_id])
    except KeyError:
        raise ChartError(chart_id, "unknown chart", allowed=sorted(FILES)) from None


def shipped(chart_id: str) -> Chart:
    """The chart as shipped (a fresh copy: callers may add cells to it)."""
    return copy.deepcopy(_shipped(chart_id))


def chart(chart_id: str, user: bool = True, store=None) -> Chart:
    """The shipped chart with the user's saved cells merged over it (user values win)."""
    base = shipped(chart_id)
    if not user:
        return base
    mine = user_chart(base, store)
    return base.merged(mine, override=True) if mine is not None else base


#: Movement Table rows that are not the terrain of a hex: the calculators take them from their
#: own inputs (an enemy city, a river ...) or from naval and box movement (USE 4.2.1, 4.2.4).
NOT_TERRAIN = ("enemy-city", "enemy-fortress", "river", "sea-zone", "port", "canal", "map-box", "strait",
               "air-hex", "central-russia-box")


def row_names(chart_obj: Chart) -> list[str]:
    """The rows of a one-axis chart: those its schema lists, then any other a cell names (a row
    the player's copy adds), in the chart's order."""
    axis = chart_obj.schema.rows[0]
    listed = [str(v) for v in axis.values]
    extra = sorted({str(row[0]) for row, _ in chart_obj.cells} - set(listed), key=axis.sort_key)
    return listed + extra


def terrain_names(chart_obj: Chart) -> list[str]:
    """The Movement Table rows that name a hex's terrain (``clear``, ``rough`` and any the
    player's copy adds)."""
    return [r for r in row_names(chart_obj) if r not in NOT_TERRAIN]


def save_user_chart(chart_obj: Chart, store=None):
    from viewer.userdata import UserStore
    return (store or UserStore()).save("charts", chart_obj.id, chart_obj.to_dict())


class Costs:
    """Movement costs read from the ``use.movement`` and ``use.attack-cost`` charts (USE 4.2.1).

    ``Costs.shipped()`` uses only the revealed values; ``Costs(movement=..., attack=...)`` any
    charts (a user's copy). :meth:`item` raises :class:`UnknownCell` naming the missing cell.
    """

    def __init__(self, movement: Chart | None = None, attack: Chart | None = None):
        self.movement = movement if movement is not None else shipped("use.movement")
        self.attack_chart = attack if attack is not None else shipped("use.attack-cost")

    @classmethod
    def shipped(cls) -> "Costs":
        return cls()

    @classmethod
    def user(cls, store=None) -> "Costs":
        return cls(chart("use.movement", store=store), chart("use.attack-cost", store=store))

    def item(self, name: str) -> tuple[int, str]:
        """``(cost, kind)`` of a Movement Table row; kind is ``base`` or ``plus``."""
        cost = self.movement.get((name,), "cost")
        try:
            kind = self.movement.get((name,), "kind")
        except UnknownCell:
            kind = "base"
        return int(cost), kind

    def cost(self, name: str) -> int:
        return self.item(name)[0]

    def attack(self, weather: str) -> int:
        """The "+" cost of attacking a unit in ``weather`` (4.2.3.3)."""
        return int(self.attack_chart.get((weather,), "cost"))
