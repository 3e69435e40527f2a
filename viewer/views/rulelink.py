"""Rule links and the side panel they open (DESIGN.md "Rule references and languages").

A :class:`RuleLink` renders one :class:`~viewer.reference.RuleRef` as a link-styled button;
clicking it opens the rule in the :class:`RulePanel` beside the current view, never a new page.
"""
from __future__ import annotations

import panel as pn
import param

from ..i18n import t
from ..reference.ruleref import RuleRef
from ..state import SessionState
from .text import label


def _entry(ref: RuleRef):
    """The rule list entry for ``ref``, or None when the list does not know it."""
    from ..reference import rulelist

    try:
        return rulelist.lookup(ref)
    except KeyError:
        return None


class RuleLink(pn.viewable.Viewer):
    """A rule number shown as a link that opens the rule beside the current view."""

    ref = param.ClassSelector(class_=RuleRef, doc="The rule this link opens.")

    state = param.ClassSelector(class_=SessionState, doc="The session whose side panel opens.")

    def __init__(self, **params):
        super().__init__(**params)
        self._button = pn.widgets.Button(
            label=str(self.ref), color="light", variant="outline",
            css_classes=["rule-link"], margin=(0, 4), height=30,
            stylesheets=[":host .bk-btn {text-decoration: underline; color: #1a5fb4; text-transform: none;}"],
        )
        self._button.on_click(lambda _event: self.state.open(self.ref))
        self.state.param.watch(self._update_tooltip, "lang")
        self._update_tooltip()

    def _update_tooltip(self, *_):
        entry = _entry(self.ref)
        self._button.description = entry.title(self.state.lang) if entry else None

    def __panel__(self):
        return self._button


class RulePanel(pn.viewable.Viewer):
    """The side panel showing the open rule: game, number, title, or that the text lacks it."""

    state = param.ClassSelector(class_=SessionState, doc="The session whose open rule is shown.")

    def __init__(self, **params):
        super().__init__(**params)
        self._body = pn.pane.Markdown("", sizing_mode="stretch_width", css_classes=["rule-panel-body"])
        self._close = pn.widgets.Button(label="", color="light", width=90)
        self._close.on_click(lambda _event: setattr(self.state, "open_rule", None))
        self._layout = pn.Card(
            self._body, self._close, title="", collapsible=False, width=320,
            visible=False, css_classes=["rule-panel"],
        )
        self.state.param.watch(self._refresh, ["open_rule", "lang"])
        self._refresh()

    def _refresh(self, *_):
        lang = self.state.lang
        ref = self.state.open_rule
        self._close.label = label("ui.close", lang)
        if ref is None:
            self._layout.visible = False
            return
        entry = _entry(ref)
        game = label(f"game.{ref.game}.name", lang)
        if entry is None:
            text = f"**{game}** · {ref.number}\n\n{t('rule.unknown', lang)}"
        elif not entry.present:
            text = f"**{game}** · {ref.number} {entry.title(lang)}\n\n{t('rule.not_in_text', lang)}"
        else:
            text = f"**{game}** · {ref.number}\n\n### {entry.title(lang)}\n\n{t('rule.card_pending', lang)}"
        self._layout.title = f"{label('ui.rule', lang)} {ref}"
        self._body.object = text
        self._layout.visible = True

    def __panel__(self):
        return self._layout
