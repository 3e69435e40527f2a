"""The chart editor: type, load, validate, save and download a user's chart.

It edits a :class:`~viewer.views.common.chart_targets.ChartTarget`: one table of a game
(``TableTarget``) or a chart of a game's own kind (the WiF Weather Chart). The
text holds only the user's cells (YAML, or CSV with the same columns); the shipped cells from the
rulebook's examples are merged under them. Tables whose results are codes the rulebook never
prints (land combat, air-to-air) take the user's own codes: declared in the text under ``codes:``
(or ``# code`` lines in CSV), or one at a time with the code row, each with a short meaning. Every fault is shown with the file, the cell
and the allowed values; nothing is kept until it validates. Saved charts live in the user's data
folder and survive a restart (docs/architecture.md "User data").
"""
from __future__ import annotations

import io
from pathlib import Path

import panel as pn
import param

from viewer.rules.charts import Chart, ChartError
from viewer.state import SessionState
from viewer.userdata import UserDataError, UserStore
from viewer.views.common.chart_cells import CellInputs
from viewer.views.common.chart_targets import ChartTarget
from viewer.views.common.text import alert, label, markdown, plain
from viewer.views.common.upload import Upload

FORMATS = ("yaml", "csv")


class ChartEditor(pn.viewable.Viewer):
    """Edit a user's copy of one chart: its ``target``."""

    target = param.ClassSelector(class_=ChartTarget, doc="The chart edited and where its copy is kept.")

    state = param.ClassSelector(class_=SessionState, doc="The session: language.")

    store = param.ClassSelector(class_=UserStore, doc="Where saved charts live.")

    def __init__(self, **params):
        params.setdefault("state", SessionState())
        if params.get("store") is None:
            params["store"] = UserStore()
        if params.get("target") is None:
            raise TypeError("ChartEditor needs target=, the chart it edits (a ChartTarget)")
        super().__init__(**params)
        schema = self.target.base().schema
        self.user: Chart = Chart(schema)
        self.text = pn.widgets.TextAreaInput(value=self.user.to_yaml(), height=220, sizing_mode="stretch_width",
                                             css_classes=["chart-text"])
        self.format = pn.widgets.RadioButtonGroup(options=list(FORMATS), value="yaml", css_classes=["chart-format"])
        self.validate_button = pn.widgets.Button(width=120, css_classes=["chart-validate"])
        self.name_input = pn.widgets.TextInput(value="", width=180, css_classes=["chart-name"])
        self.save = pn.widgets.Button(color="primary", width=100, css_classes=["chart-save"])
        self.saved = pn.widgets.Select(options=self.target.names(), width=180, css_classes=["chart-list"])
        self.load = pn.widgets.Button(width=100, css_classes=["chart-load"])
        self.upload = Upload(accept=".yaml,.yml,.csv", kind="chart", state=self.state, width=220,
                             css_classes=["chart-upload"], read=self._read_upload, done=self._uploaded,
                             fail=self._fail)
        self.download = pn.widgets.FileDownload(callback=self._download, filename=f"{self.target.chart_id}.yaml",
                                                width=150, css_classes=["chart-download"])
        self.cells = cells = CellInputs(schema)
        self.cell_axes, self.cell_column, self.cell_value, self.cell_set = cells.axes, cells.column, cells.value, cells.set
        self.code_name, self.code_meaning, self.code_declare = cells.code_name, cells.code_meaning, cells.code_declare
        self.name_input.visible = self.target.named   # a table has one copy: the one the calculators read
        self.error = alert("", alert_type="danger", visible=False, css_classes=["chart-error"])
        self.status = markdown("", css_classes=["chart-status"], margin=(0, 10))
        self.help = markdown("", margin=(0, 10))
        self.validate_button.on_click(lambda _e: self.apply_text())
        self.save.on_click(lambda _e: self.save_as(self.name_input.value.strip()))
        self.load.on_click(lambda _e: self.load_saved(self.saved.value))
        self.format.param.watch(self._reformat, "value")
        self.cell_set.on_click(lambda _e: self.set_cell())
        self.code_declare.on_click(lambda _e: self.declare_code())
        self.body = [
            self.format, self.text, cells.code_row, cells.cell_row,
            pn.Row(self.validate_button, self.name_input, self.save, self.saved, self.load),
            pn.Row(self.upload, self.download), self.error, self.status,
        ]
        # the body is put in the page the first time the card opens (a lighter page until then)
        self._card = pn.Card(self.help, title="", collapsed=True, sizing_mode="stretch_width",
                             css_classes=["chart-editor"])
        self._card.param.watch(self._opened, "collapsed")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    def open(self) -> None:
        """Open the editor's card (its body is built then)."""
        self._card.collapsed = False

    def _opened(self, event) -> None:
        if not event.new and len(self._card.objects) == 1:
            self._card.extend(self.body)

    # ------------------------------------------------------------------ actions
    def _origin(self) -> str:
        return self.name_input.value.strip() or label("ui.chart.typed", self.state.lang)

    def parse(self, text: str | None = None, fmt: str | None = None, origin: str | None = None) -> Chart:
        return self.target.parse(self.text.value if text is None else text, fmt or self.format.value,
                                 origin or self._origin())

    def _fail(self, err: Exception) -> None:
        self.error.object = plain(err)
        self.error.visible = True

    def apply_text(self, origin: str | None = None, name: str = "") -> bool:
        """Validate the text and use the chart; False (with the fault shown) if it is malformed."""
        try:
            chart = self.parse(origin=origin)
        except (ChartError, UserDataError) as err:
            self._fail(err)
            return False
        return self._use(chart, name)

    def _use(self, chart: Chart, name: str = "") -> bool:
        try:
            merged = self.target.use(chart, name)
        except (ChartError, UserDataError) as err:
            self._fail(err)
            return False
        self.user = chart
        self.error.visible = False
        self.status.object = label("ui.chart.valid", self.state.lang, user=len(chart.cells),
                                   known=len(merged.cells), total=merged.schema.size)
        return True

    def save_as(self, name: str) -> bool:
        if not self.apply_text(name=name):
            return False
        try:
            self.target.save(name, self.user)
        except (UserDataError, OSError) as err:
            self._fail(err)
            return False
        self.saved.options = self.target.names()
        shown = name if self.target.named else self.target.chart_id   # a table is saved under its id
        self.saved.value = shown
        self.status.object += "\n\n" + label("ui.chart.saved", self.state.lang, name=shown)
        self.state.charts_saved += 1   # the page's open calculators read the saved copy now
        return True

    def load_saved(self, name: str | None) -> bool:
        if not name:
            return False
        try:
            chart = self.target.load(name)
        except (ChartError, UserDataError) as err:
            self._fail(err)
            return False
        self.format.value = "yaml"
        self.text.value = chart.to_yaml()
        self.name_input.value = name
        return self.apply_text(origin=name, name=name)

    @staticmethod
    def _format_of(filename: str) -> str:
        return "csv" if Path(filename).suffix.lower() == ".csv" else "yaml"

    def _read_upload(self, text: str, origin: str) -> tuple[str, Chart]:
        """Parse an uploaded chart (in the upload's worker thread)."""
        return text, self.target.parse(text, self._format_of(origin), origin)

    def _uploaded(self, parsed: tuple[str, Chart], origin: str, note: str) -> None:
        text, chart = parsed
        self.format.param.update(value=self._format_of(origin))
        self.text.value = text
        if self._use(chart) and note:
            self.status.object += "\n\n" + plain(note)

    def _reformat(self, event) -> None:
        try:
            chart = self.parse(fmt=event.old)
        except ChartError:
            return  # keep the text as typed; validating will show the fault
        self.text.value = chart.to_csv() if event.new == "csv" else chart.to_yaml()

    def set_cell(self) -> bool:
        """Set the cell chosen in the cell row to the typed value (checked against the schema)."""
        try:
            chart = self.parse()
            chart.set(self.cells.row_key(), self.cell_column.value,
                      self.cell_value.value, f"user: {self._origin()}", self._origin())
        except ChartError as err:
            self._fail(err)
            return False
        self.text.value = chart.to_csv() if self.format.value == "csv" else chart.to_yaml()
        return self.apply_text()

    def declare_code(self) -> bool:
        """Declare the typed result code and its meaning for the chosen (or only) code column."""
        try:
            chart = self.parse()
            column = self.cells.code_column([c.name for c in chart.schema.code_columns])
            chart.declare_codes({column: {self.code_name.value: self.code_meaning.value}}, self._origin())
        except (ChartError, IndexError) as err:
            self._fail(err)
            return False
        self.text.value = chart.to_csv() if self.format.value == "csv" else chart.to_yaml()
        self.code_name.value = self.code_meaning.value = ""
        return self.apply_text()

    def _download(self):
        self.download.filename = f"{self.target.chart_id}.{self.format.value}"
        return io.BytesIO(self.text.value.encode("utf-8"))

    def _on_lang(self, *_):
        lang = self.state.lang
        self._card.title = label(self.target.title_key, lang)
        self.help.object = label(self.target.help_key, lang)
        self.validate_button.label = label("ui.chart.validate", lang)
        self.name_input.placeholder = label("ui.chart.name", lang)
        self.save.label = label("ui.save", lang)
        self.saved.name = label("ui.chart.saved_charts", lang)
        self.load.label = label("ui.load", lang)
        self.download.label = label("ui.download", lang)
        self.cells.relabel(lang)
        merged = self.target.in_use()
        self.status.object = label("ui.chart.valid", lang, user=len(self.user.cells), known=len(merged.cells),
                                   total=merged.schema.size)

    def __panel__(self):
        return self._card
