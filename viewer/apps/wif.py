"""World in Flames: the map viewer and the calculators (served at /wif).

``?map=`` picks the map: ``europe`` (the default: one 100 km sheet, the lightest page) or
``wif-world`` (Europe, Asia, the Pacific, the off-map areas and the American mini-map, each at its
own scale, joins drawn; viewer/board/layout.py). A wrong value shows a message naming the allowed
maps, in the page's language, and the default map.
"""
import panel as pn

from viewer.board import bundled_maps, shared_map
from viewer.state import SectionState
from viewer.calculators import REGISTRY
from viewer.views import AppShell, CalculatorCard, MapView, extension
from viewer.games import section
from viewer.views.common.calculator_list import CalculatorList
from viewer.views.map.map_layers import MapLayers
from viewer.views.wif.scenario_panel import ScenarioPanel
from viewer.views.common.sections import Sections
from viewer.rules.wif import tables as wif_tables
from viewer.views.common.tables import TableEditors
from viewer.views.wif.hex_weather import link_to_map
from viewer.views.wif.weather import WeatherPanel
from viewer.views.wif.maps import MAPS, choose_map, report_map_choice
from viewer.views.common.url import url_value
from viewer.views.common.lesson_player import open_lessons_from_url
from viewer.views.wif.lesson_board import lesson_section

extension()
shell = AppShell("game.wif.name")
available = [m for m in MAPS if m in bundled_maps()]
asked = url_value("map")
map_name, refused = choose_map(asked, available)
if refused is not None:
    report_map_choice(shell, refused, available)
# each section's views see the page's state with its language held while the section is hidden
map_state, calc_state = SectionState(shell.state), SectionState(shell.state)
mapview = MapView(hexmap=shared_map(map_name), state=map_state)
weather = WeatherPanel(mapview=mapview, state=map_state)
scenario = ScenarioPanel(mapview=mapview, weather=weather.weather)  # before the layers: they get toggles
layers = MapLayers(view=mapview)
mapview.beside = [layers]


def calculators():
    """The calculators section, built when first shown."""
    dice = CalculatorCard(calculator=REGISTRY["core.dice"](), state=calc_state)
    combat = CalculatorList(calc_state, section("wif", "combat"))
    link_to_map(combat, mapview.hexmap, weather.weather, calc_state)
    tables = TableEditors(state=calc_state, tables=wif_tables)  # the user's copies of the tables the cards read
    return pn.Column(dice, weather.weather_calculators(calc_state), combat, tables, sizing_mode="stretch_width")


# the weather controls come right after the map (the scenario editor, longer, below them)
sections = Sections(state=shell.state, sections={"ui.map": pn.Column(mapview, weather, scenario, sizing_mode="stretch_width"),
                                                 "ui.calculators": calculators,
                                                 "ui.lessons": lambda: lesson_section(shell)},
                    states={"ui.map": map_state, "ui.calculators": calc_state})
open_lessons_from_url(sections)
shell.serve(sections)
