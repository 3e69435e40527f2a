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

    def open(self, ref: RuleRef) -> None:
        """Open ``ref`` in the side panel (re-opening the same rule shows it again)."""
        if self.open_rule == ref:
            self.param.trigger("open_rule")
        else:
            self.open_rule = ref
