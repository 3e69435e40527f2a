"""World in Flames: the map viewer (the europe map) and the calculators (served at /wif)."""
import panel as pn

from viewer.board import load_map
from viewer.calculators import REGISTRY
from viewer.views import AppShell, CalculatorCard, MapView, extension
from viewer.views.calculator_list import WIF_COMBAT, CalculatorList
from viewer.views.map_layers import MapLayers
from viewer.views.scenario_panel import ScenarioPanel
from viewer.views.sections import Sections
from viewer.views.table_editor import TableEditors
from viewer.views.weather import WeatherPanel

extension()
shell = AppShell("game.wif.name")
mapview = MapView(hexmap=load_map("europe"), state=shell.state)
dice = CalculatorCard(calculator=REGISTRY["core.dice"](), state=shell.state)
weather = WeatherPanel(mapview=mapview, state=shell.state)
scenario = ScenarioPanel(mapview=mapview, weather=weather.weather)  # before the layers: they get toggles
layers = MapLayers(view=mapview)
map_row = pn.Row(mapview, layers, sizing_mode="stretch_width")
weather_cards = weather.calculator_cards()
combat = CalculatorList(shell.state, WIF_COMBAT, hexmap=mapview.hexmap, weather=weather.weather)
tables = TableEditors(shell.state)  # the user's copies of the combat tables the cards read
sections = Sections(shell.state, {"ui.map": pn.Column(map_row, scenario, weather, sizing_mode="stretch_width"),
                                  "ui.calculators": pn.Column(dice, *weather_cards, combat, tables,
                                                              sizing_mode="stretch_width")})
shell.page(sections.layout).servable()
