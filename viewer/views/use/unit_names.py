"""A unit's name as the page shows it: the fixture boards' units from the catalogue
(``use.unit.*``; the worked examples' units under the names the Spanish rulebook gives them,
USE 4.2.3.1, 4.2.3.3), any other unit under the name its player typed."""
from __future__ import annotations

import re

from viewer.views.common.text import label_any


def unit_key(unit_id: str) -> str:
    """The catalogue key of a unit's name: ``use.unit.2nd-panzer``."""
    return "use.unit." + re.sub(r"[^a-z0-9]+", "-", unit_id.lower()).strip("-")


def unit_name(unit_id: str, lang: str) -> str:
    """The shown name of the unit ``unit_id``: its catalogue name, else the id itself."""
    return label_any([unit_key(unit_id)], lang, unit_id) if unit_id else unit_id


#: The longest unit label drawn on the board (characters); a longer name ends in "…" there and
#: is whole in the unit list and the hover.
BOARD_CHARS = 16


def board_label(unit_id: str, lang: str) -> str:
    """The unit's name as its board label: at most :data:`BOARD_CHARS` characters."""
    name = unit_name(unit_id, lang)
    return name if len(name) <= BOARD_CHARS else name[:BOARD_CHARS - 1].rstrip() + "…"
