"""Panel + Bokeh presentation. Views bind state to calculators and draw results; no rules here."""
from viewer.views.common import locked_events, panel_speed

panel_speed.install()  # before any component is built (docs/NOTES.md, page speed)
locked_events.install()  # clicks edit the boards' Bokeh sources (docs/NOTES.md)

from viewer.views.common.calculator_card import CalculatorCard
from viewer.views.common.language import LanguageSwitch
from viewer.views.common.rulelink import RuleLink, RulePanel
from viewer.views.common.shell import AppShell, extension
from viewer.views.map.hexinfo import HexInfo
from viewer.views.map.mapview import MapView

__all__ = ["AppShell", "CalculatorCard", "HexInfo", "LanguageSwitch", "MapView", "RuleLink",
           "RulePanel", "extension"]
