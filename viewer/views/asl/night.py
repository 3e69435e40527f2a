"""The ASL night board page: the board, fire and LOS tools, the NVR ring, and the calculators.

State lives in :class:`viewer.state.asl.night.AslNightState` and is saved in the user data folder
(settings ``asl-night``) at every change, so fires, the LOS thread and the NVR ring survive a
reload and a server restart; the lit/blind overlay and the LOS thread
show what the asl.illumination and asl.los calculator cards compute (their steps, with rule
links, sit beside the board), so the view computes no rule itself (ASL E1.94, E1.941).
"""
from __future__ import annotations

import panel as pn
import param

from viewer.calculators import REGISTRY
from viewer.games import section
from viewer.rules.asl.board import Board
from viewer.state import SessionState
from viewer.state.asl.night import SAVED, AslNightState
from viewer.userdata import UserStore
from viewer.views.asl.board import BoardFigure
from viewer.views.common.calculator_card import CalculatorCard
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.common.swatch_key import key_pane
from viewer.views.common.text import alert, label, markdown

#: The night calculators offered beside the board, in this order.
ASL_NIGHT = section("asl", "night")
FIRE_BUTTONS = ("blaze", "flame", "wreck")


class AslNightView(pn.viewable.Viewer):
    """Board + tools + the illumination and LOS cards; every label from the catalogue."""

    board = param.ClassSelector(class_=Board, doc="The ASL board drawn: hexes, levels and what blocks sight.")

    board_name = param.String(default="teaching", doc="The bundled or saved board's name the calculators read.")

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    game_state = param.ClassSelector(class_=AslNightState, doc="""
        The night on the board: selected hex, level, fires, LOS ends and NVR (saved per visitor).""")

    store = param.ClassSelector(class_=UserStore, doc="Where this visitor's night is saved.")

    def __init__(self, **params):
        params.setdefault("state", SessionState())
        params.setdefault("game_state", AslNightState())
        if params.get("store") is None:
            params["store"] = UserStore()
        super().__init__(**params)
        board, board_name, state = self.board, self.board_name, self.state
        self.figure = BoardFigure(board, self._on_tap)
        self.light_card = CalculatorCard(calculator=REGISTRY["asl.illumination"](board=board_name, fires=""),
                                         state=state)
        self.los_card = CalculatorCard(calculator=REGISTRY["asl.los"](board=board_name), state=state)
        self.calcs = CalculatorList(state, ASL_NIGHT)
        self.model_note = alert("", alert_type="info", css_classes=["asl-model-note"])
        self.selected = markdown("", css_classes=["asl-selected"])
        self.level = pn.widgets.Select(options=[0], value=0, width=90, css_classes=["asl-level"])
        self.fire_buttons = {k: pn.widgets.Button(css_classes=[f"asl-fire-{k}"]) for k in FIRE_BUTTONS}
        self.clear_button = pn.widgets.Button(css_classes=["asl-clear-fires"])
        #: The fires on the board, in the illumination card: set on the board, put out by their ×.
        self.fire_list = pn.widgets.MultiChoice(options={}, value=[], css_classes=["asl-fire-list"],
                                                sizing_mode="stretch_width", min_width=280)
        self.light_card.replace_field("fires", self.fire_list)
        self.los_from = pn.widgets.Button(css_classes=["asl-los-from"])
        self.los_to = pn.widgets.Button(css_classes=["asl-los-to"])
        self.legend = key_pane("asl-legend-pane", sizing_mode="stretch_width")
        self.verdict = markdown("", css_classes=["asl-verdict"])
        self.light_summary = markdown("", css_classes=["asl-light-summary"])
        self.nvr = pn.widgets.IntSlider(start=0, end=9, value=self.game_state.nvr, width=180, css_classes=["asl-nvr"])
        self.show_nvr = pn.widgets.Checkbox(value=False, css_classes=["asl-show-nvr"])
        self.nvr_note = markdown("", css_classes=["asl-nvr-note"])
        self._wire()
        state.param.watch(self._relabel, "lang")
        self._relabel()
        self._restore()
        self.game_state.param.watch(self._save, list(SAVED))
        tools = pn.Column(self.selected, self.level,
                          pn.FlexBox(*self.fire_buttons.values(), self.clear_button, flex_wrap="wrap"),
                          self.light_summary, pn.FlexBox(self.los_from, self.los_to, flex_wrap="wrap"), self.verdict,
                          pn.FlexBox(self.nvr, self.show_nvr, flex_wrap="wrap", align_items="center"),
                          self.nvr_note, width=380)
        board = pn.Column(pn.pane.Bokeh(self.figure.figure, sizing_mode="stretch_width"), self.legend,
                          sizing_mode="stretch_width")
        # the board beside its tools; the two cards one under the other, each the page's width
        self.layout = pn.Column(
            self.model_note,
            pn.Row(board, tools, sizing_mode="stretch_width"),
            self.light_card, self.los_card,
            self.calcs, sizing_mode="stretch_width")

    # ------------------------------------------------------------------ wiring
    def _wire(self) -> None:
        for kind, button in self.fire_buttons.items():
            button.on_click(lambda _e, k=kind: self.game_state.add_fire(k))
        self.clear_button.on_click(lambda _e: self.game_state.clear_fires())
        self.los_from.on_click(lambda _e: self._set_los("los_a"))
        self.los_to.on_click(lambda _e: self._set_los("los_b"))
        self.level.param.watch(lambda e: setattr(self.game_state, "level", int(e.new)), "value")
        self.nvr.param.watch(lambda e: setattr(self.game_state, "nvr", e.new), "value")
        self.show_nvr.param.watch(lambda e: setattr(self.game_state, "show_nvr", e.new), "value")
        self.game_state.param.watch(self._on_fires, "fires")
        self.fire_list.param.watch(self._unlisted_fires, "value")
        self.game_state.param.watch(self._on_los, ["los_a", "los_b"])
        self.game_state.param.watch(self._on_select, "selected")
        self.game_state.param.watch(self._on_ring, ["nvr", "show_nvr", "selected"])
        self.light_card.widgets["fires"].param.watch(self._typed_fires, "value")
        for name in ("a", "b"):
            self.los_card.widgets[name].param.watch(self._typed_los, "value")

    def _restore(self) -> None:
        self.restore_problem = self.game_state.restore(self.store, self.board)
        self.nvr.value, self.show_nvr.value = self.game_state.nvr, self.game_state.show_nvr

    def _save(self, *_):
        self.game_state.save(self.store)

    def _on_tap(self, hex_id: str) -> None:
        self.game_state.selected = hex_id

    def _set_los(self, end: str) -> None:
        if self.game_state.selected:
            setattr(self.game_state, end, self.game_state.location())

    def _on_select(self, *_):
        hid = self.game_state.selected
        self.figure.show_selection(hid)
        levels = list(self.board.info(hid).location_levels) if hid else [0]
        self.level.options = levels
        self.level.value = levels[-1] if self.game_state.level not in levels else self.game_state.level
        self.game_state.level = int(self.level.value)
        self._describe()

    def _on_fires(self, *_):
        with pn.io.hold():
            self._list_fires()
            self.light_card.apply_inputs({"fires": ", ".join(self.game_state.fires)})
            self.figure.show_fires(self.game_state.fires)

    def _list_fires(self) -> None:
        """The fire list holds the board's fires, each named in the page's language."""
        lang, fires = self.state.lang, list(self.game_state.fires)
        names = {}
        for fire in fires:
            loc, _, kind = fire.partition(" ")
            names[f"{loc} {label('ui.asl.fire_kind.' + (kind or 'blaze'), lang)}"] = fire
        self.fire_list.param.update(options=names, value=fires)

    def _unlisted_fires(self, event):
        """A fire put out in the list (its ×) is put out on the board."""
        kept = [f for f in self.game_state.fires if f in event.new]
        if kept != list(self.game_state.fires):
            self.game_state.fires = kept

    def _on_los(self, *_):
        values = {k: v for k, v in (("a", self.game_state.los_a), ("b", self.game_state.los_b)) if v}
        if values:
            self.los_card.apply_inputs(values)
        self._draw_thread()

    def _typed_fires(self, *_):
        """Fires the illumination card takes (a preset, a file) are the board's fires once it accepts them."""
        if self.light_card.error is None:
            typed = [f.strip() for f in str(self.light_card.widgets["fires"].value).split(",") if f.strip()]
            if typed != list(self.game_state.fires):
                with pn.io.hold():
                    self.game_state.fires = typed  # the fire marks, and the saved state
                    self._draw_light()
                return
        self._draw_light()

    def _typed_los(self, *_):
        """Ends picked in the LOS card (or given by a preset) are the board's thread once it accepts them."""
        if self.los_card.error is None:
            a, b = (str(self.los_card.widgets[k].value).strip() for k in ("a", "b"))
            if (a, b) != (self.game_state.los_a, self.game_state.los_b):
                with pn.io.hold():
                    self.game_state.param.update(los_a=a, los_b=b)  # redraws the thread and saves
                return
        self._draw_thread()

    def _on_ring(self, *_):
        self.figure.show_ring(self.game_state.selected, self.game_state.nvr, self.game_state.show_nvr)

    # ------------------------------------------------------------------ drawing
    def _draw_light(self, *_):
        result = self.light_card.result
        hexes = result.value["hexes"] if (result is not None and self.game_state.fires) else {}
        self.figure.show_light(hexes)
        lang = self.state.lang
        if not self.game_state.fires:
            self.light_summary.object = label("ui.asl.no_fires", lang)
            return
        lit = sum(1 for s in hexes.values() if s == "lit")
        blind = sorted(h for h, s in hexes.items() if s == "blind")
        self.light_summary.object = label("ui.asl.light_summary", lang, lit=lit, blind=len(blind),
                                          hexes=", ".join(blind) or "-")

    def _draw_thread(self, *_):
        a, b = self.game_state.los_a, self.game_state.los_b
        result = self.los_card.result if (a and b) else None
        status = result.value["status"] if result is not None else None
        self.figure.show_thread(a, b, status)
        lang = self.state.lang
        if not (a and b):
            self.verdict.object = label("ui.asl.los_pick", lang, a=a or "-", b=b or "-")
            return
        steps = [s.text(lang) for s in result.steps[1:]] if result is not None else []
        self.verdict.object = "\n".join([f"**{label('ui.asl.verdict', lang)}**"] + [f"- {t}" for t in steps])

    def _describe(self):
        lang = self.state.lang
        hid = self.game_state.selected
        if not hid:
            self.selected.object = label("ui.asl.pick_hex", lang)
            return
        info = self.board.info(hid)
        self.selected.object = label("ui.asl.selected", lang, hex=hid,
                                     terrain=label(f"ui.asl.terrain.{info.terrain}", lang), ground=info.ground,
                                     levels=", ".join(map(str, info.location_levels)))

    def _relabel(self, *_):
        lang = self.state.lang
        self.model_note.object = label("ui.asl.model_note", lang)
        self.level.name = label("ui.asl.level", lang)
        for kind, button in self.fire_buttons.items():
            button.label = label(f"ui.asl.fire.{kind}", lang)
        self.clear_button.label = label("ui.asl.clear_fires", lang)
        self.fire_list.param.update(name=label("ui.asl.fires", lang), placeholder=label("ui.asl.fires_none", lang))
        self._list_fires()
        self.los_from.label = label("ui.asl.los_from", lang)
        self.los_to.label = label("ui.asl.los_to", lang)
        self.nvr.name = label("ui.asl.nvr", lang)
        self.show_nvr.name = label("ui.asl.show_nvr", lang)
        self.nvr_note.object = label("ui.asl.nvr_note", lang)
        self.figure.relabel(lang)
        self.legend.object = self.figure.legend_html(lang)
        self._describe()
        self._draw_light()
        self._draw_thread()

    def __panel__(self):
        return self.layout
