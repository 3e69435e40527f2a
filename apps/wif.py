"""World in Flames: the map viewer and the calculators (served at /wif).

``?map=`` picks the map: ``europe`` (the default: one 100 km sheet, the lightest page) or
``wif-world`` (Europe, Asia, the Pacific, the off-map areas and the American mini-map, each at its
own scale, joins drawn; viewer/views/world.py). A wrong value shows a message naming the allowed
maps, in the page's language, and the default map.
"""
import panel as pn

from viewer.board import bundled_maps, load_map
from viewer.calculators import REGISTRY
from viewer.views import AppShell, CalculatorCard, MapView, extension
from viewer.views.calculator_list import WIF_COMBAT, CalculatorList
from viewer.views.map_layers import MapLayers
from viewer.views.scenario_panel import ScenarioPanel
from viewer.views.sections import Sections
from viewer.views.table_editor import TableEditors
from viewer.views.weather import WeatherPanel
from viewer.views.world import MAPS, choose_map, report_map_choice
from viewer.views.url import url_value

extension()
shell = AppShell("game.wif.name")
available = [m for m in MAPS if m in bundled_maps()]
asked = url_value("map")
map_name, refused = choose_map(asked, available)
if refused is not None:
    report_map_choice(shell, refused, available)
mapview = MapView(hexmap=load_map(map_name), state=shell.state)
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
