"""Save, load, download and upload a calculator's inputs (docs/architecture.md "User data")."""
from __future__ import annotations

import io

import panel as pn
import yaml

from viewer.userdata import UserDataError, UserStore, check_name, parse_yaml_mapping
from viewer.views.common.layout import wrapping
from viewer.views.common.text import label, markdown, plain
from viewer.views.common.upload import Upload


class PresetBar:
    """A row of controls under a calculator card; ``card`` applies inputs and shows errors."""

    def __init__(self, card, store: UserStore):
        self.card = card
        self.store = store
        self.slug = card.calculator.slug
        self.name = pn.widgets.TextInput(value="", width=180, css_classes=["preset-name"])
        self.save = pn.widgets.Button(color="primary", width=90, css_classes=["preset-save"])
        self.saved = pn.widgets.Select(options=self._names(), width=180, css_classes=["preset-list"])
        self.load = pn.widgets.Button(width=90, css_classes=["preset-load"])
        self.download = pn.widgets.FileDownload(callback=self._download, filename=f"{self.slug}.yaml",
                                                width=150, css_classes=["preset-download"])
        self.upload = Upload(kind="preset", state=card.state, width=220, css_classes=["preset-upload"],
                             read=lambda text, origin: parse_yaml_mapping(text, origin), done=self._uploaded,
                             fail=lambda message: self.card.show_problem("file", message))
        self.status = markdown("", margin=(0, 10), css_classes=["preset-status"])
        self.save.on_click(self._save)
        self.load.on_click(self._load)
        self.layout = wrapping(self.name, self.save, self.saved, self.load, self.download, self.upload,
                               self.status, css_classes=["preset-bar"])

    def _names(self) -> list[str]:
        try:
            return self.store.names("presets", group=self.slug)
        except UserDataError:
            return []

    def relabel(self, lang: str) -> None:
        self.name.placeholder = label("ui.preset_name", lang)
        self.save.label = label("ui.save", lang)
        self.saved.label = label("ui.saved_presets", lang)
        self.load.label = label("ui.load", lang)
        self.download.label = label("ui.download", lang)
        self.upload.widget.label = label("ui.upload_inputs", lang)

    # ------------------------------------------------------------------ actions
    def _save(self, _event=None) -> None:
        lang, name = self.card.state.lang, self.name.value.strip()
        try:
            check_name(name)
        except UserDataError:
            # the card makes the message inert (plain), the typed name with it
            self.card.show_problem("preset", label("ui.preset_bad_name", lang, name=name) if name
                                   else label("ui.preset_name_missing", lang))
            return
        try:
            self.store.save("presets", name, self.card.calculator.inputs(), group=self.slug)
        except (UserDataError, OSError) as err:
            self.card.show_problem("preset", str(err))
            return
        self.saved.options = self._names()
        self.saved.value = self.name.value.strip()
        self.status.object = label("ui.preset_saved", lang, name=plain(self.name.value.strip()))

    def _load(self, _event=None) -> None:
        if not self.saved.value:
            return
        try:
            data = self.store.load("presets", self.saved.value, group=self.slug)
        except UserDataError as err:
            self.card.show_problem("preset", str(err))
            return
        self.card.apply_inputs(data)

    def _download(self):
        text = yaml.safe_dump({"calculator": self.slug, "inputs": self.card.calculator.inputs()},
                              sort_keys=False, allow_unicode=True)
        return io.BytesIO(text.encode("utf-8"))

    def _uploaded(self, data: dict, origin: str, note: str) -> None:
        lang = self.card.state.lang
        if "calculator" in data and data["calculator"] != self.slug:
            self.card.show_problem("file", label("ui.wrong_calculator", lang, file=origin,
                                                 found=data["calculator"], wanted=self.slug))
            return
        inputs = data.get("inputs", data)
        if not isinstance(inputs, dict):
            self.card.show_problem("file", label("ui.inputs_not_mapping", lang, file=origin))
            return
        self.card.apply_inputs(inputs)
