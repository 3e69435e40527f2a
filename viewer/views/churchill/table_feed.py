"""The calculator cards that read the conference table: the issues each nation has won
(Churchill 5.27) for the conference winner, and who won each Production issue and Strategic
Materials (Churchill 6.32) for production.

Whenever the table's issues change (an issue moved, placed, taken off, a saved table restored)
those inputs are filled again through :meth:`CalculatorList.fill`; the inputs the table cannot
know (tie-breaks, Leaders' status, conference card, Arctic naval markers, Murmansk) stay as the
player set them. A line above the cards says which inputs come from the table.
"""
from __future__ import annotations

import panel as pn
import param

from viewer.rules.churchill.agenda import issues_won
from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.common.text import label, markdown

WINNER, PRODUCTION = "churchill.conference-winner", "churchill.production"
#: The cards this feed fills.
FED = (WINNER, PRODUCTION)

#: Production issue marker -> the production card's "won by" input (Churchill 6.32). The table's
#: markers (Churchill 3.4, :data:`~viewer.state.churchill.conference.ISSUES`) carry no kind field:
#: their ids name the Production issues and the nation each belongs to (UK, US 1, US 2).
PRODUCTION_INPUTS = {"production-uk": "uk_production_won_by", "production-us-1": "us_production_1_won_by",
                     "production-us-2": "us_production_2_won_by"}
#: The table has no USSR Production marker: that input stays as the player sets it (a conference
#: card may bring one, Churchill 6.32).
STRATEGIC_MATERIALS = "strategic-materials"


def won_by(game_state: ChurchillState, issue: str) -> str:
    """The nation whose track or chair holds ``issue`` (Churchill 5.27), else ``"none"`` (in the
    centre, where a Production issue is void, or off the table)."""
    pos = game_state.position(issue)
    return "none" if pos is None or pos.centre else str(pos.track)


def table_inputs(game_state: ChurchillState) -> dict[str, dict]:
    """The inputs of each fed card that the table knows, by slug.

    Conference winner: the issues on each nation's track or in its chair (Churchill 5.27,
    :func:`~viewer.rules.churchill.agenda.issues_won`). Production (Churchill 6.32): who holds each
    Production issue marker (:data:`PRODUCTION_INPUTS`; "none" when it is in the centre or off the
    table), and Strategic Materials off the table ("absent"), in the centre, or won by a nation.
    """
    won = issues_won(game_state.positions())
    materials = game_state.position(STRATEGIC_MATERIALS)
    return {
        WINNER: {"uk_won": won["UK"], "us_won": won["US"], "ussr_won": won["USSR"]},
        PRODUCTION: {**{name: won_by(game_state, issue) for issue, name in PRODUCTION_INPUTS.items()},
                     "strategic_materials": ("absent" if materials is None else
                                             "centre" if materials.centre else str(materials.track))},
    }


class TableFeed(pn.viewable.Viewer):
    """The Churchill calculator list, its conference-winner and production cards filled from the table."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    game_state = param.ClassSelector(class_=ChurchillState, doc="The conference table the cards read.")

    calculators = param.ClassSelector(class_=CalculatorList, doc="The calculator list whose cards are filled.")

    def __init__(self, **params):
        super().__init__(**params)
        self.note = markdown("", visible=False, css_classes=["churchill-table-feed"], sizing_mode="stretch_width")
        self.game_state.param.watch(self._feed, "issues")
        self.calculators.select.param.watch(self._show_note, "value")
        self.state.param.watch(self._show_note, "lang")
        self._feed()
        self.layout = pn.Column(self.note, self.calculators, sizing_mode="stretch_width")

    def _feed(self, *_) -> None:
        with pn.io.hold():
            for slug, values in table_inputs(self.game_state).items():
                self.calculators.fill(slug, **values)
            self._show_note()

    def _show_note(self, *_) -> None:
        """The line naming what the shown card takes from the table (hidden for the other cards)."""
        slug = self.calculators.select.value
        if slug not in FED:
            self.note.visible = False
            return
        lang = self.state.lang
        values = table_inputs(self.game_state)[slug]

        def name(v: object) -> str:
            return label(f"churchill.option.{v}", lang)

        if slug == WINNER:
            text = label("churchill.feed.conference-winner", lang, uk=values["uk_won"], us=values["us_won"],
                         ussr=values["ussr_won"])
        else:
            text = label("churchill.feed.production", lang, uk=name(values["uk_production_won_by"]),
                         us1=name(values["us_production_1_won_by"]), us2=name(values["us_production_2_won_by"]),
                         materials=name(values["strategic_materials"]))
        self.note.object = text
        self.note.visible = True

    def __panel__(self):
        return self.layout
