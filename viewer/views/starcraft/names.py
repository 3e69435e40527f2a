"""What the page calls a unit and a model of the table: the demo table's units have names of our
own in the catalogue (``sc.unit.<unit id>`` in viewer/i18n/labels/starcraft.yaml, both
languages); a unit without one shows the name its table file gives, else its id. A model is its
unit's name and its place in the unit (1, 2 ...), the order of the table file."""
from __future__ import annotations

from viewer.rules.starcraft.table import Table, Unit
from viewer.views.common.text import label, label_any


def unit_name(unit: Unit, lang: str) -> str:
    """The unit's name in ``lang``."""
    return label_any([f"sc.unit.{unit.id}"], lang, unit.name or unit.id)


def model_name(table: Table, model_id: str, lang: str) -> str:
    """The model's name in ``lang``: its unit's name and its number in the unit."""
    unit = table.unit_of(model_id)
    number = next(i for i, m in enumerate(unit.models, 1) if m.id == model_id)
    return label("sc.ui.model_name", lang, unit=unit_name(unit, lang), number=number)


def unit_options(table: Table, unit_ids, lang: str) -> dict[str, str]:
    """A select's options for ``unit_ids``: each unit's name -> its id."""
    return {unit_name(table.unit(u), lang): u for u in unit_ids}
