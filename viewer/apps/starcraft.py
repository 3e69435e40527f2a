"""StarCraft: Tabletop Miniatures Game: the gridless table and the Part 8 calculators (served at
/starcraft). Drag models on the demo table (maps/starcraft/demo-table.yaml) and watch engagement,
movement and range zones and mission-marker control update; the cards beside it take the selected
attacker and target. The models' places are saved for the visitor at every move and put back on
a reload (settings ``starcraft-table``)."""
import panel as pn

from viewer.state.starcraft.table import StarcraftState
from viewer.userdata import UserStore
from viewer.views import AppShell, extension
from viewer.views.common.sections import Sections
from viewer.views.common.text import label
from viewer.views.starcraft.panel import StarcraftPanel
from viewer.views.starcraft.rounds import RoundTrackerView
from viewer.views.starcraft.table import StarcraftTableView
from viewer.views.common.lesson_player import open_lessons_from_url
from viewer.views.starcraft.lesson_board import lesson_section

extension()
shell = AppShell("game.starcraft.name")
sc = StarcraftState()
store = UserStore()
problem = sc.restore(store)
if problem:
    shell.report(label("ui.saved_unreadable", shell.state.lang, message=problem))
sc.param.watch(lambda _e: sc.save(store), "table")
table = StarcraftTableView(state=shell.state, game_state=sc)
panel = StarcraftPanel(state=shell.state, game_state=sc)
sections = Sections(state=shell.state, sections={"sc.ui.table": pn.Row(table, panel, sizing_mode="stretch_width"),
                                                 "sc.ui.rounds": lambda: RoundTrackerView(state=shell.state, game_state=sc),
                                                 "ui.lessons": lambda: lesson_section(shell)})
open_lessons_from_url(sections)
shell.serve(sections)
