"""The chart editor's cell and code rows: pick a cell by its row values and column, type a value;
declare a result code and its meaning (for tables whose results are codes the user supplies)."""
from __future__ import annotations

import panel as pn

from viewer.rules.charts import ChartSchema
from viewer.views.common.calculator_card import OPTION_FAMILIES
from viewer.views.common.text import label, label_any


class CellInputs:
    """Widgets for one cell (an input per row axis, the column, the value) and for one code."""

    def __init__(self, schema: ChartSchema):
        self.schema = schema
        # a list for a closed axis, free text for an open one (the chart checks it on set)
        self.axes = [pn.widgets.TextInput(value=str(a.values[0]) if a.values else "", width=90)
                     if a.pattern else pn.widgets.Select(options=list(a.values), width=110)
                     for a in schema.rows]
        self.column = pn.widgets.Select(options=list(schema.column_names), width=160)
        self.value = pn.widgets.TextInput(value="", width=110, css_classes=["chart-cell-value"])
        self.set = pn.widgets.Button(width=110, css_classes=["chart-cell-set"])
        self.code_name = pn.widgets.TextInput(value="", width=90, css_classes=["chart-code-name"])
        self.code_meaning = pn.widgets.TextInput(value="", width=220, css_classes=["chart-code-meaning"])
        self.code_declare = pn.widgets.Button(width=130, css_classes=["chart-code-declare"])
        self.code_row = pn.Row(self.code_name, self.code_meaning, self.code_declare,
                               visible=bool(schema.code_columns))
        self.cell_row = pn.Row(*self.axes, self.column, self.value, self.set)

    def row_key(self) -> tuple:
        """The row values typed or chosen, one per axis."""
        return tuple(w.value for w in self.axes)

    def code_column(self, columns: list[str]) -> str:
        """The code column a declared code goes to: the chosen column if it takes codes, else the first."""
        return self.column.value if self.column.value in columns else columns[0]

    def relabel(self, lang: str) -> None:
        for axis, widget in zip(self.schema.rows, self.axes):
            widget.name = label_any([f"ui.chart.axis.{axis.name}"], lang, axis.name)
            if isinstance(widget, pn.widgets.Select):  # a row value by its name (weather, terrain …)
                value = widget.value
                widget.options = {label_any([f"{f}.{v}" for f in OPTION_FAMILIES], lang, str(v)): v
                                  for v in axis.values}
                widget.value = value
        self.column.name = label("ui.chart.column", lang)
        value = self.column.value
        self.column.options = {label_any([f"{f}.{c}" for f in OPTION_FAMILIES], lang, str(c)): c
                               for c in self.schema.column_names}
        self.column.value = value
        self.value.name = label("ui.chart.value", lang)
        self.set.label = label("ui.chart.set_cell", lang)
        self.code_name.name = label("ui.chart.code", lang)
        self.code_meaning.name = label("ui.chart.meaning", lang)
        self.code_declare.label = label("ui.chart.declare_code", lang)


__all__ = ["CellInputs"]
