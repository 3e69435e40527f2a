"""ASL night rules: the teaching board with fire illumination, LOS threads, the NVR ring and the
night calculators (served at /asl)."""
from viewer.rules.asl.board import load_board
from viewer.views import AppShell, extension
from viewer.views.asl.night import AslNightView
from viewer.views.common.text import label
from viewer.views.common.lesson_player import open_lessons_from_url
from viewer.views.common.sections import Sections
from viewer.views.asl.lesson_board import lesson_section

extension()
shell = AppShell("game.asl.name")
view = AslNightView(board=load_board("teaching"), state=shell.state)
if view.restore_problem:
    shell.report(label("ui.saved_unreadable", shell.state.lang, message=view.restore_problem))
sections = Sections(state=shell.state, sections={"ui.map": view, "ui.lessons": lambda: lesson_section(shell)})
open_lessons_from_url(sections)
shell.serve(sections)
