"""Unconditional Surrender! World War 2 in Europe: the map with movement reach, enemy zones of
control and naval reach, an activation step-through and the calculators (served at /use).

``?board=`` picks the board: ``use`` (the USE map, once ``maps/use.gpkg`` exists; then the
default) or a fixture board of the worked examples (``fixture:france-1940`` ...), labelled as such;
the board select above the map sets it, and the calculators that take a board open on it.
"""
import panel as pn

from viewer.games import section
from viewer.rules.use import boards
from viewer.state.use.board import UseState
from viewer.views import AppShell, extension
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.common.sections import Sections
from viewer.views.common.text import label
from viewer.views.common.url import url_value
from viewer.views.use.activation import UseActivation
from viewer.views.use.board import UseMap
from viewer.views.use.board_picker import BoardPicker, follow_board
from viewer.rules.use import tables as use_tables
from viewer.views.common.tables import TableEditors
from viewer.views.use.units import UseUnits
from viewer.views.common.lesson_player import open_lessons_from_url
from viewer.views.use.lesson_board import lesson_section

USE_CALCULATORS = section("use", "calculators")

extension()
shell = AppShell("game.use.name")
asked = url_value("board")
available = boards.names()
if asked and asked not in available:
    shell.report(label("use.bad_board", shell.state.lang, board=asked, allowed=", ".join(available)))
use = UseState(board_name=asked if asked in available else available[0])
if use.restore_problem:
    shell.report(label("ui.saved_unreadable", shell.state.lang, message=use.restore_problem))
board_map = UseMap(state=shell.state, game_state=use)
activation = UseActivation(state=shell.state, game_state=use, board_map=board_map)
picker = BoardPicker(state=shell.state, board=use.board_name)
units = UseUnits(state=shell.state, game_state=use, hexmap=board_map.mapview.hexmap)


def calculators():
    """The calculators section, built when first shown; those that take a board open on the page's."""
    calculator_list = CalculatorList(shell.state, USE_CALCULATORS)
    follow_board(calculator_list, use.board_name)
    return pn.Column(calculator_list, TableEditors(state=shell.state, tables=use_tables), sizing_mode="stretch_width")


sections = Sections(state=shell.state, sections={"ui.map": pn.Column(picker, board_map, units, activation, sizing_mode="stretch_width"),
                                                 "ui.calculators": calculators,
                                                 "ui.lessons": lambda: lesson_section(shell)})
open_lessons_from_url(sections)
shell.serve(sections)
