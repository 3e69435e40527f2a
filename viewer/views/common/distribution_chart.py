"""The exact distribution of a calculator's result as bars: one Bokeh figure made once per card and
updated in place (docs/architecture.md "Rendering"), so a new input or a new language sends new
columns and labels, never a new chart."""
from __future__ import annotations

import numpy as np
import panel as pn
from bokeh.models import ColumnDataSource, FactorRange, HoverTool
from bokeh.plotting import figure

from viewer.views.common.text import label

#: Bar colours: at or over the target, under it, and every bar when there is no target.
OVER, UNDER = "#d95f02", "#4c78a8"


def set_shown(pane: pn.pane.Bokeh, shown: bool) -> None:
    """Show or hide a chart: the pane and its figure, since a pane hidden from the start still
    drew its figure as an empty frame in the page. The figure first: the pane takes its
    visibility back from a hidden figure."""
    pane.object.visible = shown
    pane.visible = shown


class DistributionChart:
    """Bars of a distribution: ``outcomes`` (as text) against their ``probabilities``."""

    def __init__(self, name: str = "") -> None:
        """``name``: the bars' source's name in the page (``chart-<slug>`` on a calculator card)."""
        self.source = ColumnDataSource({"x": [], "top": np.zeros(0), "color": [], "side": []}, name=name or None)
        self.figure = figure(x_range=FactorRange(), height=250, sizing_mode="stretch_width", tools="",
                             toolbar_location=None, min_border_left=50)
        self.figure.vbar(x="x", top="top", width=0.8, color="color", source=self.source, legend_field="side")
        self.figure.y_range.start = 0
        self.figure.xgrid.grid_line_color = None
        self.figure.legend.location = "top_right"
        self.hover = HoverTool(tooltips=[("", "@x"), ("", "@top{0.0000}")])
        self.figure.add_tools(self.hover)
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", height=260, visible=False,
                                  css_classes=["calc-chart"])
        self.figure.visible = False
        self._target: int | None = None

    @property
    def outcomes(self) -> list[str]:
        """The bars' outcomes as drawn (empty when no distribution is shown)."""
        return list(self.source.data["x"]) if self.pane.visible else []

    @property
    def probabilities(self) -> list[float]:
        return [float(p) for p in self.source.data["top"]] if self.pane.visible else []

    def show(self, result, target, lang: str) -> None:
        """Draw ``result``'s distribution (hide the chart when it has none); bars at or over
        ``target`` are coloured apart. Result codes (``outcome_labels``) name their bars."""
        dist = result.distribution if result is not None else None
        if dist is None:
            set_shown(self.pane, False)
            return
        rows = dist.to_json()
        outcomes = [r["outcome"] for r in rows]
        if result.outcome_labels:
            names = [str(result.outcome_labels.get(o, o)) for o in outcomes]
            target = None
        else:
            names = [str(o) for o in outcomes]
        self._target = target
        over = [target is not None and o >= target for o in outcomes]
        with pn.io.hold():
            self.figure.x_range.factors = names
            self.source.data = {"x": names, "top": np.array([float(r["probability"]) for r in rows]),
                                "color": [OVER if o else UNDER for o in over],
                                "side": self._sides(over, lang)}
            self.figure.legend.visible = target is not None
            set_shown(self.pane, True)
        self.relabel(lang)

    def _sides(self, over: list[bool], lang: str) -> list[str]:
        if self._target is None:
            return [""] * len(over)
        at, below = (label("ui.at_least_target", lang, target=self._target),
                     label("ui.below_target", lang, target=self._target))
        return [at if o else below for o in over]

    def relabel(self, lang: str) -> None:
        """Title, axes, hover and legend in ``lang``; the bars stay."""
        x, y = label("ui.outcome", lang), label("ui.probability", lang)
        with pn.io.hold():
            self.figure.title.text = label("ui.distribution", lang)
            self.figure.xaxis.axis_label, self.figure.yaxis.axis_label = x, y
            self.hover.tooltips = [(x, "@x"), (y, "@top{0.0000}")]
            if self._target is not None and len(self.source.data["x"]):
                over = [c == OVER for c in self.source.data["color"]]
                self.source.patch({"side": [(slice(0, len(over)), self._sides(over, lang))]})
