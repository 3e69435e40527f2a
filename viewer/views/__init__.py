"""Panel + Bokeh presentation. Views bind state to calculators and draw results; no rules here."""
from .calculator_card import CalculatorCard
from .hexinfo import HexInfo
from .language import LanguageSwitch
from .mapview import MapView
from .rulelink import RuleLink, RulePanel
from .shell import AppShell, extension

__all__ = ["AppShell", "CalculatorCard", "HexInfo", "LanguageSwitch", "MapView", "RuleLink",
           "RulePanel", "extension"]
