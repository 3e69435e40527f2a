"""ASL night rules: the teaching board with fire illumination, LOS threads, the NVR ring and the
night calculators (served at /asl)."""
from viewer.rules.asl.board import load_board
from viewer.views import AppShell, extension
from viewer.views.asl.night import AslNightView
from viewer.views.common.text import label

extension()
shell = AppShell("game.asl.name")
view = AslNightView(board=load_board("teaching"), state=shell.state)
if view.restore_problem:
    shell.report(label("ui.saved_unreadable", shell.state.lang, message=view.restore_problem))
shell.serve(view)
