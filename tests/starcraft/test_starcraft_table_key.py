"""The /starcraft table's key: every colour the table draws is named, in the page's language."""
from __future__ import annotations

import re

import pytest

pytest.importorskip("panel")

from viewer.state import SessionState  # noqa: E402
from viewer.state.starcraft.table import StarcraftState, terrain_patches  # noqa: E402
from viewer.views.starcraft.table import OWNER_COLORS, StarcraftTableView  # noqa: E402


def _colours(html: str) -> set[str]:
    return {c.lower() for c in re.findall(r"#[0-9a-fA-F]{6}", html)}


def test_the_key_names_every_colour_of_the_table_in_both_languages():
    sc = StarcraftState()
    view = StarcraftTableView(state=SessionState(), game_state=sc)
    drawn = {c.lower() for c in view.terrain.data["color"]} | {c.lower() for c in view.models.data["color"]}
    assert len(set(terrain_patches(sc.table)["kind"])) >= 3, "the demo table shows several kinds of piece"
    english = view.key.object
    assert drawn <= _colours(english), "a colour on the table is missing from its key"
    assert OWNER_COLORS[None].lower() in _colours(english)   # the neutral contest zone
    assert "Grass" in english and "player A's models" in english and "engagement zone" in english
    view.state.lang = "es"
    spanish = view.key.object
    assert spanish != english and _colours(spanish) == _colours(english)
    assert "Hierba" in spanish and "miniaturas del jugador B" in spanish and "Grass" not in spanish
