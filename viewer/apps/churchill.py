"""Churchill: the conference table and the fronts as a board, a conference stepper and the calculators (served at /churchill).

The board state (issues, stepper, scores) is saved in the user's data folder after every change
and restored when the page is opened again.
"""
import panel as pn

from viewer.games import section
from viewer.state.churchill.conference import ChurchillState
from viewer.userdata import UserStore
from viewer.views import AppShell, extension
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.churchill.board import ChurchillBoard
from viewer.views.churchill.moves import IssueMover
from viewer.views.churchill.settings import BoardSettingsPanel
from viewer.views.churchill.stepper import ConferenceStepper
from viewer.views.churchill.table_feed import TableFeed
from viewer.views.common.sections import Sections
from viewer.views.common.text import label
from viewer.views.common.lesson_player import open_lessons_from_url
from viewer.views.churchill.lesson_board import lesson_section

extension()
shell = AppShell("game.churchill.name")
store = UserStore()
session = ChurchillState()
problem = session.restore(store)
if problem:
    shell.report(label("ui.saved_unreadable", shell.state.lang, message=problem))
session.param.watch(lambda *_: session.save(store), ["issues", "step", "agenda_winner", "conference_winner", "scores",
                                                     "leadership", "settings"])
board = ChurchillBoard(game_state=session, state=shell.state)
mover = IssueMover(game_state=session, state=shell.state)
stepper = ConferenceStepper(game_state=session, state=shell.state)
settings = BoardSettingsPanel(game_state=session, state=shell.state)


def calculators() -> TableFeed:
    """The calculator cards; the conference winner and production read the table (table_feed.py)."""
    listed = CalculatorList(shell.state, section("churchill", "calculators"), store=store)
    return TableFeed(state=shell.state, game_state=session, calculators=listed)


sections = Sections(state=shell.state, sections={
    "churchill.section.board": pn.Column(stepper, mover, board, settings, sizing_mode="stretch_width"),
    "ui.calculators": calculators,
    "ui.lessons": lambda: lesson_section(shell),
})
open_lessons_from_url(sections)
shell.serve(sections)
