"""The StarCraft TMG side panel: target choice, weapon range, ending a Scoring Phase, and the
calculator cards fed by the selected attacker and target (SC 8.7.3, 8.7.7, 8.9.1); the player's
own profile file, with its format written out and a commented template to download."""
from __future__ import annotations

import panel as pn
import param

from viewer.games import section
from io import BytesIO

from viewer.rules.starcraft.profiles import ProfileError, profiles_from_text, template
from viewer.state import SessionState
from viewer.state.starcraft.table import UNIT_STATES, StarcraftState, profile_inputs
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.common.bounded import BoundedInputs
from viewer.views.common.text import alert, label, markdown, plain
from viewer.views.common.upload import Upload
from viewer.views.starcraft.names import unit_options

#: The StarCraft calculators, in the order shown.
SC_CALCULATORS = section("starcraft", "calculators")


class StarcraftPanel(pn.viewable.Viewer):
    """Controls beside the table and the calculators they feed."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=StarcraftState, doc="The table: models, selection, target and range.")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        self.target = pn.widgets.Select(options={"": ""}, value="", width=240, css_classes=["sc-target"])
        self.range = pn.widgets.FloatInput(value=game_state.weapon_range, step=1, width=240, css_classes=["sc-range"])
        self.settle = pn.widgets.Button(width=240, css_classes=["sc-settle"])
        #: The selected model's unit's states the objectives read (SC 4.4, 8.9.1), shown while a
        #: model is selected.
        self.unit_states = {k: pn.widgets.Checkbox(value=False, visible=False, width=360, css_classes=[f"sc-{k}"])
                            for k in UNIT_STATES}
        for k, box in self.unit_states.items():
            box.param.watch(lambda e, k=k: self._set_unit_state(k, e.new), "value")
        self.help = markdown("", width=360)
        self.upload_label = markdown("", width=360)
        self.format = markdown("", width=380, css_classes=["sc-profile-format"])
        self.template = pn.widgets.FileDownload(callback=self._template, filename="starcraft-profiles.yaml",
                                                width=240, css_classes=["sc-profile-template"])
        self.profile_note = markdown("", width=380, css_classes=["sc-profile-note"])
        self.calculators = CalculatorList(state, SC_CALCULATORS)
        self.profiles: dict = {}
        self.origin = ""
        self._error: ProfileError | None = None   # the file refused last, worded again on a language switch
        self.upload = Upload(kind="profiles", state=state, width=240, css_classes=["sc-profiles"],
                             read=self._read, done=self._load_profiles, fail=self._profile_problem)
        self.problem = alert("", alert_type="warning", visible=False)
        self.attacker_profile = pn.widgets.Select(options=[], width=200)
        self.weapon = pn.widgets.Select(options=[], width=200)
        self.target_profile = pn.widgets.Select(options=[], width=200)
        self.attacker_profile.param.watch(self._weapons, "value")
        for w in (self.weapon, self.target_profile):
            w.param.watch(self._feed_profiles, "value")
        self.target.param.watch(lambda e: setattr(self.game_state, "target", e.new or ""), "value")
        #: The weapon range's bounds are checked here, not clamped by the browser.
        self.numbers = BoundedInputs(state, "sc-range-refused", whole=False)
        self.numbers.add("range", self.range, game_state.param["weapon_range"].bounds,
                         lambda lang: label("sc.ui.weapon_range", lang),
                         lambda v: setattr(self.game_state, "weapon_range", float(v)))
        self.settle.on_click(lambda _: self.game_state.settle_markers())
        game_state.param.watch(self._targets, ["selected", "table"])
        game_state.param.watch(self._show_unit_states, ["selected", "table"])
        self._show_unit_states()
        game_state.param.watch(self._feed, ["selected", "target", "table", "weapon_range"])
        state.param.watch(self._relabel, "lang")
        self._relabel()

    def _relabel(self, *_):
        lang = self.state.lang
        self.target.name = label("sc.ui.target", lang)
        self.range.name = label("sc.ui.weapon_range", lang)
        self.settle.label = label("sc.ui.settle", lang)
        for k, box in self.unit_states.items():
            box.name = label(f"sc.ui.unit_state.{k}", lang)
        self.help.object = label("sc.ui.help", lang)
        self.upload_label.object = label("sc.ui.profiles", lang)
        self.format.object = label("sc.ui.profile_format", lang)
        self.template.label = label("sc.ui.profile_template", lang)
        if self._error is not None and self.problem.visible:
            self._show_problem(self._error.text(lang))
        self._note()
        self._targets()
        if self.profiles:
            self._weapons()
        self.attacker_profile.name = label("sc.ui.profile.attacker", lang)
        self.weapon.name = label("sc.ui.profile.weapon", lang)
        self.target_profile.name = label("sc.ui.profile.target", lang)

    def _targets(self, *_):
        """The enemies of the selected model's unit, by their names (all units when none is selected)."""
        gs = self.game_state
        options = {"": "", **unit_options(gs.table, gs.enemy_units(), self.state.lang)}
        if self.target.options != options:
            with pn.io.hold():
                value = self.target.value
                self.target.options = options
                self.target.value = value if value in options.values() else ""

    def _show_unit_states(self, *_):
        """The boxes show the selected model's unit's states; hidden while nothing is selected."""
        unit = self.game_state.unit_of_selected()
        with pn.io.hold():
            for k, box in self.unit_states.items():
                box.visible = unit is not None
                if unit is not None and box.value != getattr(unit, k):
                    box.value = getattr(unit, k)

    def _set_unit_state(self, state: str, value: bool) -> None:
        unit = self.game_state.unit_of_selected()
        if unit is not None:
            self.game_state.set_unit_state(unit.id, **{state: value})

    def _feed(self, *_):
        attack = self.game_state.attack_inputs()
        if attack:
            self.calculators.fill("starcraft.ranged-attack", **attack)
            self.calculators.fill("starcraft.melee", target_models=attack["target_models"])
        charge = self.game_state.charge_inputs()
        if charge:
            self.calculators.fill("starcraft.charge", **charge)

    # -- the user's own profiles (none are shipped) --------------------------------------------
    @staticmethod
    def _read_profiles(text: str, origin: str) -> dict:
        """Parse the user's profile file: every fault, with the file's name."""
        return profiles_from_text(text, origin)

    def _read(self, text: str, origin: str) -> dict:
        """:meth:`_read_profiles` in the upload's worker thread, the faults worded in the page's
        language; the refusal is kept to word it again on a language switch."""
        self._error = None
        try:
            return self._read_profiles(text, origin)
        except ProfileError as err:
            self._error = err
            raise ValueError(err.text(self.state.lang)) from None

    def _template(self) -> BytesIO:
        return BytesIO(template(self.state.lang).encode("utf-8"))

    def _profile_problem(self, message: str) -> None:
        if self._error is not None and message != self._error.text(self.state.lang):
            self._error = None   # refused before it was read (size, encoding): the box's own words
        self._show_problem(message)
        self.upload.widget.clear()   # the same file, corrected, may be chosen again

    def _show_problem(self, message: str) -> None:
        self.problem.object = plain(message).replace("\n", "  \n")
        self.problem.visible = True

    def _load_profiles(self, profiles: dict, origin: str, note: str) -> None:
        """A file's profiles replace those loaded before, also from a file of the same name."""
        self.profiles = dict(profiles)
        self.origin = origin
        self._error = None
        self.problem.visible = bool(note)
        self.problem.object = plain(note)
        names = list(self.profiles)
        with pn.io.hold():
            self.attacker_profile.options = names
            self.target_profile.options = names
            self._weapons()
            self._note()
        self.upload.widget.clear()   # the same file, corrected, may be chosen again

    def _note(self) -> None:
        """What is loaded, and that ``phase: assault`` weapons are the ranged ones."""
        lang = self.state.lang
        if not self.profiles:
            self.profile_note.object = ""
            return
        self.profile_note.object = label("sc.ui.profiles_loaded", lang, n=len(self.profiles), file=plain(self.origin),
                                         names=plain(", ".join(self.profiles)))

    def _weapons(self, *_):
        prof, lang = self.profiles.get(self.attacker_profile.value), self.state.lang
        self.weapon.options = {label(f"sc.ui.weapon_kind.{w.phase}", lang, weapon=w.name): w.name
                               for w in prof.weapons} if prof else {}
        self._feed_profiles()

    def _feed_profiles(self, *_):
        a, w, t = self.attacker_profile.value, self.weapon.value, self.target_profile.value
        # while a new file's names reach the selects one by one, a select may still hold a name
        # of the file before: feed only a choice the loaded profiles all hold
        if not (a in self.profiles and t in self.profiles and w in {x.name for x in self.profiles[a].weapons}):
            return
        values = profile_inputs(self.profiles, a, w, t)
        phase = self.profiles[a].weapon(w).phase
        self.calculators.fill("starcraft.ranged-attack" if phase == "assault" else "starcraft.melee", **values)

    def __panel__(self):
        return pn.Column(self.help, *self.unit_states.values(), self.target, self.range, self.numbers.box, self.settle, self.upload_label, self.format, self.template,
                         self.upload, self.problem, self.profile_note, self.attacker_profile, self.weapon, self.target_profile, self.calculators, width=420)
