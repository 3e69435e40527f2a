"""The Lessons section of /starcraft: the lesson player above a table of its own, the lesson's
models drawn where the step places them and the step's models ringed (docs/lessons.md,
"In the apps"). The table keeps the demo table's terrain and markers but none of its units: only
the lesson's own models are drawn.

"Try it yourself": the learner chooses one of the lesson's models and says whether it is in base
contact with an enemy or within 1" of one; the casualty answer (SC 8.7.5) reads those facts of
the models. Any value the step's calculator takes (a speed, a distance, a supply) may be changed
too (:class:`TrialValues`)."""
from __future__ import annotations

import dataclasses

import panel as pn
from bokeh.models import ColumnDataSource

from viewer.views.common.lesson_player import LessonSection
from viewer.views.common.lesson_trial import TrialBoard
from viewer.views.common.text import label
from viewer.state.starcraft.table import StarcraftState
from viewer.views.starcraft.table import StarcraftTableView

GAME = "starcraft"
RING = "#d81b60"


#: What a model is within 1" of when the learner says it is and the lesson names no enemy.
ENEMY = "enemy"


class StarcraftLessonBoard(TrialBoard):
    """The demo table's terrain with no unit of its own, and one more layer: the lesson's models
    (named), the marked ones ringed. The lesson's models are not the table's units (its drag tool
    does not move them): a trial changes their facts with the controls."""

    help_key = "lessons.try.starcraft"

    def __init__(self, state):
        self.model = pn.widgets.Select(options=[], width=120, css_classes=["lesson-try-model"])
        self.contact = pn.widgets.Checkbox(value=False, css_classes=["lesson-try-contact"])
        self.reach = pn.widgets.Checkbox(value=False, css_classes=["lesson-try-reach"])
        super().__init__(state, extra=[self.model, self.contact, self.reach])
        self._busy = False
        self.model.param.watch(self._on_model, "value")
        self.contact.param.watch(self._on_fact, "value")
        self.reach.param.watch(self._on_fact, "value")
        state.param.watch(self._on_lang, "lang")
        self._on_lang()
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

    def _on_lang(self, *_):
        lang = self.session.lang
        self.model.name = label("lessons.try.starcraft.model", lang)
        self.contact.name = label("lessons.try.starcraft.contact", lang)
        self.reach.name = label("lessons.try.starcraft.reach", lang)

    # ------------------------------------------------------------------ try it yourself
    def begin(self, player, view) -> None:
        models = list((self.trial or {}).get("models", {}))
        marked = [str(m) for m in view.highlight.get("models") or [] if str(m) in models]
        self._busy = True
        try:
            self.model.options = models
            self.model.value = (marked or models or [None])[0]
            self.model.visible = self.contact.visible = self.reach.visible = bool(models)
            self._facts()
        finally:
            self._busy = False

    def _facts(self) -> None:
        model = ((self.trial or {}).get("models") or {}).get(self.model.value) or {}
        self.contact.value = bool(model.get("base_contact", False))
        self.reach.value = bool(model.get("in_range_of"))

    def _on_model(self, _event):
        busy, self._busy = self._busy, True
        try:
            self._facts()
        finally:
            self._busy = busy

    def _on_fact(self, _event):
        if self._busy or self.trial is None:
            return
        self.set_facts(self.model.value, contact=self.contact.value, reach=self.reach.value)

    def set_facts(self, model_id: str, contact: bool, reach: bool) -> None:
        """Model ``model_id`` in base contact with an enemy or not, within 1" of one or not (what
        the checkboxes do). A model in base contact is within 1" too (SC 8.7.5)."""
        if self.trial is None:
            return
        model = (self.trial.get("models") or {}).get(model_id)
        if model is None:
            return
        reach = reach or contact
        enemies = [str(e) for m in self.trial["models"].values() for e in m.get("in_range_of") or ()]
        model["base_contact"] = bool(contact)
        if not reach:
            model["in_range_of"] = []
        elif not model.get("in_range_of"):
            model["in_range_of"] = [enemies[0] if enemies else ENEMY]
        busy, self._busy = self._busy, True
        try:
            self._facts()
        finally:
            self._busy = busy
        self.emit()


def lesson_section(shell) -> LessonSection:
    """The player and the board; opens the lesson and step of a ``?lesson=&step=`` permalink."""
    return LessonSection.build(shell, GAME, StarcraftLessonBoard(shell.state))
