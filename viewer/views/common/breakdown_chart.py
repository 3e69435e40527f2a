"""Chances of named outcomes, one bar per row split by outcome (the next weather roll's results
in each climate zone, WiF 8): one Bokeh figure made once per card and updated in place
(docs/architecture.md "Rendering"), so new inputs or a new language send new columns, never a new
chart."""
from __future__ import annotations

from fractions import Fraction

import numpy as np
import panel as pn
from bokeh.models import ColumnDataSource, FactorRange, HoverTool
from bokeh.palettes import Colorblind8
from bokeh.plotting import figure

from viewer.calculators.format import exact
from viewer.views.common.distribution_chart import set_shown
from viewer.views.common.text import label

#: The colour of an outcome nobody can tell yet (its key ends in ``.unknown``).
UNKNOWN_COLOR = "#bdbdbd"


class BreakdownChart:
    """Horizontal bars of ``{row key: {outcome key: chance}}`` (catalogue keys, named in the
    page's language), each bar's segments in the order given and one colour per outcome."""

    def __init__(self, name: str = "") -> None:
        self.source = ColumnDataSource({"row": [], "left": np.zeros(0), "right": np.zeros(0), "color": [],
                                        "outcome": [], "chance": []}, name=name or None)
        self.figure = figure(y_range=FactorRange(), x_range=(0, 1), height=240, sizing_mode="stretch_width",
                             tools="", toolbar_location=None, min_border_left=50)
        self.figure.hbar(y="row", left="left", right="right", height=0.7, color="color", line_color="white",
                         source=self.source, legend_field="outcome")
        self.figure.ygrid.grid_line_color = None
        self.figure.legend.ncols = 3
        self.figure.add_layout(self.figure.legend[0], "below")
        self.hover = HoverTool(tooltips=[("", "@row"), ("", "@outcome"), ("", "@chance")])
        self.figure.add_tools(self.hover)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", height=250, visible=False,
                                  css_classes=["calc-breakdown"])
        self.figure.visible = False
        self._breakdown: dict[str, dict[str, Fraction]] = {}

    def show(self, breakdown: dict[str, dict[str, Fraction]] | None, lang: str) -> None:
        """Draw ``breakdown`` (hide the chart when there is none)."""
        self._breakdown = dict(breakdown or {})
        if not self._breakdown:
            set_shown(self.pane, False)
            return
        self._draw(lang)
        set_shown(self.pane, True)

    def relabel(self, lang: str) -> None:
        """Rows, outcomes, title and axis in ``lang``; the same chances."""
        if self._breakdown:
            self._draw(lang)

    def _draw(self, lang: str) -> None:
        outcomes = list(dict.fromkeys(k for row in self._breakdown.values() for k in row))
        known = [k for k in outcomes if not k.endswith(".unknown")]
        colors = {k: Colorblind8[i % len(Colorblind8)] for i, k in enumerate(known)}
        rows: dict[str, list] = {"row": [], "left": [], "right": [], "color": [], "outcome": [], "chance": []}
        names = [label(r, lang) for r in self._breakdown]
        for name, chances in zip(names, self._breakdown.values()):
            at = Fraction(0)
            for key, p in chances.items():
                rows["row"].append(name)
                rows["left"].append(float(at))
                rows["right"].append(float(at + p))
                rows["color"].append(colors.get(key, UNKNOWN_COLOR))
                rows["outcome"].append(label(key, lang))
                rows["chance"].append(exact(Fraction(p)))
                at += p
        with pn.io.hold():
            self.figure.y_range.factors = names[::-1]   # the first row on top
            self.source.data = {**rows, "left": np.array(rows["left"]), "right": np.array(rows["right"])}
            self.figure.title.text = label("ui.breakdown", lang)
            self.figure.xaxis.axis_label = label("ui.probability", lang)
