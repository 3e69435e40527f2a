"""Where a WiF scenario comes from and goes to: the worked scenarios shipped as lessons, a YAML
file the user loads or downloads, and the scenarios saved in the user's data folder.

:class:`Messages` is the editor's one message line: an edit that fails shows what is wrong (the
scenario loader names the field and what is allowed) and changes nothing.
"""
from __future__ import annotations

import io
import re

import panel as pn

from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import load_scenario
from viewer.state.wif.scenario import ScenarioState, bundled_scenarios
from viewer.userdata import UserDataError, UserStore
from viewer.views.common.text import alert, label, label_any, plain
from viewer.views.common.upload import Upload


def lesson_map(path) -> str | None:
    """The ``map:`` a lesson file names (read from its text, without parsing the whole file)."""
    m = re.search(r"^map:\s*([\w.-]+)", path.read_text(encoding="utf-8"), flags=re.MULTILINE)
    return m.group(1) if m else None


class Messages:
    """The editor's message line; :meth:`do` runs an edit and reports a failure."""

    def __init__(self, state):
        self.state = state
        self.pane = alert("", alert_type="warning", visible=False, css_classes=["scenario-message"])

    def do(self, fn, *args) -> bool:
        try:
            fn(*args)
        except (ScenarioError, UserDataError, ValueError, KeyError) as err:
            self.show(label("ui.scenario.error", self.state.lang, message=plain(err)), "warning")
            return False
        self.pane.visible = False
        return True

    def fail(self, key: str) -> None:
        """Show a catalogue message as a refused edit."""
        self.show(label("ui.scenario.error", self.state.lang, message=label(key, self.state.lang)), "warning")

    def show(self, text: str, kind: str = "info") -> None:
        self.pane.object = text
        self.pane.alert_type = kind
        self.pane.visible = True


class ScenarioFiles(pn.viewable.Viewer):
    """Lessons, file load and download, and the user's saved scenarios."""

    def __init__(self, scenario: ScenarioState, state, store: UserStore, messages: Messages):
        super().__init__()
        self.scenario, self.state, self.store, self.messages = scenario, state, store, messages
        # only the lessons written for the map on show (the world lessons need ?map=wif-world)
        shown = getattr(scenario.hexmap, "name", None)
        self.lessons = {k: p for k, p in bundled_scenarios().items()
                        if shown is None or lesson_map(p) in (None, shown)}
        self.lesson = pn.widgets.Select(options=list(self.lessons), width=260, css_classes=["scenario-lesson"])
        self.load_lesson = pn.widgets.Button(color="primary", width=140, css_classes=["scenario-load-lesson"])
        self.load_lesson.on_click(lambda _e: self.messages.do(self.scenario.load_lesson, self.lesson.value))
        self.file = Upload(kind="scenario", state=state, width=260, css_classes=["scenario-file"],
                           read=self._read_file,
                           done=self._file_loaded, fail=lambda msg: self.messages.show(
                               label("ui.scenario.error", self.state.lang, message=plain(msg)), "warning"))
        self.download = pn.widgets.FileDownload(callback=self.yaml_file, filename="scenario.yaml", width=200,
                                                css_classes=["scenario-download"])
        self.save_name = pn.widgets.TextInput(width=200, css_classes=["scenario-save-name"])
        self.save = pn.widgets.Button(width=100, css_classes=["scenario-save"])
        self.save.on_click(self._save)
        self.saved = pn.widgets.Select(options=self.scenario.saved_names(self.store), width=200,
                                       css_classes=["scenario-saved"])
        self.load_saved = pn.widgets.Button(width=140, css_classes=["scenario-load-saved"])
        self.load_saved.on_click(self._load_saved)
        self.layout = pn.Column(pn.Row(self.lesson, self.load_lesson), pn.Row(self.file, self.download),
                                pn.Row(self.save_name, self.save, self.saved, self.load_saved),
                                sizing_mode="stretch_width")

    def _read_file(self, text: str, origin: str):
        """Parse an uploaded scenario (in the upload's worker thread); a fault names the file."""
        try:
            return load_scenario(text, self.scenario.hexmap, origin=origin)
        except ScenarioError as err:
            if origin in str(err):
                raise
            raise ValueError(f"{origin}: {err}") from None

    def _file_loaded(self, scenario, origin: str, note: str) -> None:
        if self.messages.do(self.scenario.load, scenario, origin) and note:
            self.messages.show(plain(note), "info")

    def yaml_file(self):
        """The current scenario as a YAML file (what the download button sends)."""
        return io.StringIO(self.scenario.to_yaml())

    def _save(self, _event):
        name = self.save_name.value.strip()
        if self.messages.do(self.scenario.save, self.store, name):
            self.saved.options = self.scenario.saved_names(self.store)
            self.messages.show(label("ui.scenario.saved", self.state.lang, name=plain(name)), "success")

    def _load_saved(self, _event):
        if self.saved.value:
            self.messages.do(self.scenario.load_saved, self.store, self.saved.value)

    def relabel(self, lang: str) -> None:
        self.lesson.name = label("ui.scenario.lesson", lang)
        chosen = self.lesson.value   # the lessons by their names; the choice kept
        self.lesson.options = {label_any([f"ui.scenario.name.{k}"], lang, k): k for k in self.lessons}
        self.lesson.value = chosen
        self.load_lesson.label = label("ui.scenario.load_lesson", lang)
        self.file.widget.name = label("ui.scenario.file", lang)
        self.download.label = label("ui.scenario.download", lang)
        self.save_name.name = label("ui.scenario.save_name", lang)
        self.save.label = label("ui.scenario.save", lang)
        self.saved.name = label("ui.scenario.saved_list", lang)
        self.load_saved.label = label("ui.scenario.load_saved", lang)

    def __panel__(self):
        return self.layout
