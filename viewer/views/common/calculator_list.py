"""A list of calculators: a chooser of their titles (in the session's language) and the chosen card.

Nothing is built until a calculator is chosen (the page stays light); cards are then kept, so each
keeps its inputs. :meth:`CalculatorList.fill` sets a card's inputs now or when it is first built,
which is how a map fills the cards from the hex a player picks (``viewer/views/<game>/``).
"""
from __future__ import annotations

import panel as pn
import param

from viewer.calculators import REGISTRY
from viewer.state import SessionState
from viewer.userdata import UserStore
from viewer.views.common.calculator_card import CalculatorCard
from viewer.views.common.chooser import Chooser


class CalculatorList(pn.viewable.Viewer):
    """Choose one of ``slugs`` and show its :class:`CalculatorCard`."""

    state = param.ClassSelector(class_=SessionState, doc="The session: language, saved presets.")

    slugs = param.List(default=[], doc="The calculators' slugs, in the order shown.")

    store = param.ClassSelector(class_=UserStore, default=None, allow_None=True,
                                doc="Where the cards' presets are saved (default: the visitor's folder).")

    prompt = param.String(default="ui.calculator_list.pick", allow_None=True, doc="""
        Catalogue key of the empty first entry; None: the first calculator is shown at once.""")

    css_class = param.String(default="calculator-list-select", doc="CSS class of the Select.")

    def __init__(self, state: SessionState | None = None, slugs=(), **params):
        super().__init__(state=state or SessionState(), slugs=list(slugs), **params)
        for slug in self.slugs:
            if slug not in REGISTRY:
                raise ValueError(f"unknown calculator {slug!r}; allowed: {', '.join(sorted(REGISTRY))}")
        self.context: dict[str, dict] = {}
        self.chooser = Chooser(state=self.state, keys=self.slugs, title=lambda s, lang: REGISTRY[s].title(lang),
                               build=self._build, prompt=self.prompt, css_class=self.css_class,
                               label_key="ui.calculator_list.choose" if self.prompt else None,
                               summary=(lambda s, lang: REGISTRY[s].summary(lang)) if self.prompt else None,
                               overview_key="ui.calculator_list.overview")
        self.select = self.chooser.select
        self.cards: dict[str, CalculatorCard] = self.chooser.built
        self.layout = pn.Column(self.chooser, sizing_mode="stretch_width", css_classes=["calculator-list"])

    def _build(self, slug: str) -> CalculatorCard:
        calc = REGISTRY[slug](**self.context.get(slug, {}))
        return CalculatorCard(calculator=calc, state=self.state, store=self.store)

    @property
    def shown(self) -> CalculatorCard | None:
        """The card shown now (None when no calculator is chosen)."""
        return self.chooser.shown

    def card(self, slug: str) -> CalculatorCard:
        """The card of ``slug`` (built on first use with any inputs filled in before)."""
        return self.chooser.item(slug)

    def fill(self, slug: str, **values) -> None:
        """Set inputs of ``slug``'s card (now, or when it is first built); values a card does not
        take, or outside its choices, are left out."""
        cls = REGISTRY[slug]
        values = {k: v for k, v in values.items() if k in cls.param and _fits(cls.param[k], v)}
        self.context.setdefault(slug, {}).update(values)
        if slug in self.cards:
            self.cards[slug].apply_inputs(values)

    def __panel__(self):
        return self.layout


def _fits(p, value) -> bool:
    """``value`` is among parameter ``p``'s choices (each item of it, for a list of choices)."""
    if not hasattr(p, "objects"):
        return True
    if isinstance(p, param.ListSelector) and isinstance(value, (list, tuple)):
        return all(v in p.objects for v in value)
    return value in p.objects
