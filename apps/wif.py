"""World in Flames: the map viewer (demo map for now) and the calculators (served at /wif)."""
from viewer.board import load_map
from viewer.calculators import REGISTRY
from viewer.views import AppShell, CalculatorCard, MapView, extension
from viewer.views.sections import Sections

extension()
shell = AppShell("game.wif.name")
mapview = MapView(hexmap=load_map("demo"), state=shell.state)
dice = CalculatorCard(calculator=REGISTRY["core.dice"](), state=shell.state)
sections = Sections(shell.state, {"ui.map": mapview, "ui.calculators": dice})
shell.page(sections.layout).servable()
