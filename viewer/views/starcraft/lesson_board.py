"""The Lessons section of /starcraft: the lesson player above a table of its own, the lesson's
models drawn where the step places them and the step's models ringed (docs/lessons.md,
"In the apps"). The table keeps the demo table's terrain and markers but none of its units: only
the lesson's own models are drawn."""
from __future__ import annotations

import dataclasses

import panel as pn
from bokeh.models import ColumnDataSource

from viewer.views.common.lesson_player import LessonBoard, LessonSection
from viewer.state.starcraft.table import StarcraftState
from viewer.views.starcraft.table import StarcraftTableView

GAME = "starcraft"
RING = "#d81b60"


class StarcraftLessonBoard(LessonBoard):
    """The demo table's terrain with no unit of its own, and one more layer: the lesson's models
    (named), the marked ones ringed. The board is not editable in "try it yourself": the lesson's
    models are not the table's units, so the table's drag tool does not move them."""

    help_key = "lessons.try.readonly.starcraft"

    def __init__(self, state):
        game_state = StarcraftState()
        game_state.table = dataclasses.replace(game_state.table, units=())
        self.table = StarcraftTableView(state=state, game_state=game_state)
        self.models = ColumnDataSource({"x": [], "y": [], "id": [], "color": []}, name="lesson-models")
        fig = self.table.figure
        fig.scatter(x="x", y="y", source=self.models, size=22, marker="circle", fill_alpha=0.15,
                    fill_color="color", line_color="color", line_width=3)
        fig.text(x="x", y="y", text="id", source=self.models, text_align="center", text_baseline="middle",
                 text_font_size="9pt", text_color="#222222")
        self.panel = pn.pane.Bokeh(fig, css_classes=["lesson-board"])

    def show(self, player, view) -> set[str]:
        marked = {str(m) for m in view.highlight.get("models") or []}
        cols: dict[str, list] = {"x": [], "y": [], "id": [], "color": []}
        for mid, model in view.state.get("models", {}).items():
            at = model.get("at")
            if isinstance(at, (list, tuple)) and len(at) == 2:
                cols["x"].append(float(at[0]))
                cols["y"].append(float(at[1]))
                cols["id"].append(str(mid))
                cols["color"].append(RING if str(mid) in marked else "#555555")
        self.models.data = cols
        return {"models"} if marked and marked <= set(cols["id"]) else set()


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, StarcraftLessonBoard(shell.state))
