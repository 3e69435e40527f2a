"""The state every app shares: language, the selected hex and the rule open beside the view."""
from __future__ import annotations

import param

from viewer.i18n import DEFAULT_LANGUAGE, LANGUAGES
from viewer.ruleref import RuleRef


class SessionState(param.Parameterized):
    """One browser session's (or one notebook's) state. Never shared between sessions."""

    lang = param.Selector(
        default=DEFAULT_LANGUAGE, objects=list(LANGUAGES), doc="""
        Language of every label; kept in the URL as ``?lang=``.""",
    )

    selected = param.Tuple(
        default=None, length=3, allow_None=True, doc="""
        The selected hex as ``(sheet, q, r)``, or None.""",
    )

    open_rule = param.ClassSelector(
        class_=RuleRef, default=None, allow_None=True, doc="""
        The rule shown in the side panel beside the current view, or None when it is closed.""",
    )

    charts_saved = param.Integer(default=0, bounds=(0, None), doc="""
        How many charts the player saved this session; an open calculator reads its charts
        again when it changes, so a saved table counts at once.""")

    def open(self, ref: RuleRef) -> None:
        """Open ``ref`` in the side panel (re-opening the same rule shows it again)."""
        if self.open_rule == ref:
            self.param.trigger("open_rule")
        else:
            self.open_rule = ref
