"""The WiF combat and war charts (WiF 11), through the shared chart machinery (viewer.rules.charts).

Each chart ships in ``viewer/rules/wif/data/<name>.yaml`` with only the cells the rulebook text
reveals, each with its source (the land combat and air-to-air tables reveal none: they ship with
their known facts as notes, and a ``code`` result column whose codes the user declares). A user's
own copy (saved in the per-user data folder as kind ``charts`` under the chart id) is merged over it. An unknown cell raises
:class:`viewer.rules.charts.UnknownCell`; calculators report it as a missing value.
"""
from __future__ import annotations

from pathlib import Path

from viewer.rules.charts import Chart, ChartError, UnknownCell, load_chart, user_chart

DATA = Path(__file__).with_name("data")
#: chart id -> shipped file name.
FILES = {
    "wif.strategic-bombing": "strategic-bombing.yaml",
    "wif.its-war": "its-war.yaml",
    "wif.initiative-track": "initiative-track.yaml",
    "wif.ground-strike-terrain": "ground-strike-terrain.yaml",
    "wif.aa-table": "aa-table.yaml",
    "wif.aa-columns": "aa-columns.yaml",
    "wif.naval-combat": "naval-combat.yaml",
    # no cell and no result code of these two is public: they ship empty, with notes (see the files)
    "wif.land-combat": "land_combat.yaml",
    "wif.air-to-air": "air_to_air.yaml",
}

__all__ = ["FILES", "UnknownCell", "ChartError", "shipped", "chart", "save_user_chart"]


def shipped(chart_id: str) -> Chart:
    """The chart as shipped: schema and the cells the text reveals."""
    try:
        name = FILES[chart_id]
    except KeyError:
        raise ChartError(chart_id, "unknown chart", allowed=sorted(FILES)) from None
    return load_chart(DATA / name)


def chart(chart_id: str, user: bool = True, store=None) -> Chart:
    """The shipped chart with the user's saved cells merged over it (user values win)."""
    base = shipped(chart_id)
    if not user:
        return base
    mine = user_chart(base, store)
    return base.merged(mine, override=True) if mine is not None else base


def save_user_chart(chart_obj: Chart, store=None):
    """Keep a user's chart (cells only) in the per-user data folder."""
    from viewer.userdata import UserStore
    return (store or UserStore()).save("charts", chart_obj.id, chart_obj.to_dict())
