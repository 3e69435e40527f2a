"""Rule links, rule cards and the side panel they open (docs/architecture.md "Rule references and languages").

A :class:`RuleLink` renders one :class:`~viewer.reference.RuleRef` as a link-styled button;
clicking it opens the rule in the :class:`RulePanel` beside the current view, never a new page.
"""
from __future__ import annotations

import base64
import html
from functools import lru_cache
from pathlib import Path
from urllib.parse import unquote

import panel as pn
import param

from viewer.i18n import t
from viewer.ruleref import RuleRef
from viewer.state import SessionState
from viewer.views.common.text import label, markdown


def _entry(ref: RuleRef):
    """The rule list entry for ``ref``, or None when the list does not know it."""
    from viewer.reference import rulelist

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
        self.button = pn.widgets.Button(
            label=str(self.ref), color="light", variant="outline",
            css_classes=["rule-link"], margin=(0, 4), height=30,
            stylesheets=[":host .bk-btn {text-decoration: underline; color: #1a5fb4; text-transform: none;}"],
        )
        # No tooltip and no language watcher: a Bokeh tooltip is a model of its own, and
        # retitling hundreds of them on a language switch cost seconds. The panel shows the title.
        self.button.on_click(lambda _event: self.state.open(self.ref))

    def __panel__(self):
        return self.button


#: The hash a rule link sets: ``#rule-<game>-<number, dots as underscores>`` (a valid CSS id, as
#: the page's own scripts read a hash as a selector); :func:`follow_rule_anchors` opens it.
RULE_HASH = "#rule-"


def rule_hash(ref: RuleRef) -> str:
    """The page hash that opens ``ref`` (``#rule-wif-2_4_2``)."""
    return f"{RULE_HASH}{ref.game}-{ref.number.replace('.', '_')}"


def rule_of_hash(value: str) -> RuleRef | None:
    """The rule a hash set by :func:`rule_hash` names, or None for any other hash."""
    if not value.startswith(RULE_HASH) or "-" not in value[len(RULE_HASH):]:
        return None
    game, number = value[len(RULE_HASH):].split("-", 1)
    try:
        return RuleRef(game, number.replace("_", "."))
    except ValueError:
        return None


def rule_anchor(ref: RuleRef) -> str:
    """``ref`` as a plain link that opens it in the page's side panel (:func:`follow_rule_anchors`);
    drawn inside an HTML pane, it costs no model of its own."""
    return f'<a class="rule-link" href="{html.escape(rule_hash(ref), quote=True)}">{html.escape(str(ref))}</a>'


def follow_rule_anchors(state: SessionState) -> None:
    """Open the rule of every rule link the visitor clicks (:func:`rule_anchor`) in ``state``'s side
    panel. The link sets the page's hash; the hash is cleared again so that the same link opens
    its rule a second time. A hash that is not a known rule is left alone."""
    location = pn.state.location
    if location is None:
        return

    def follow(event):
        ref = rule_of_hash(unquote(event.new or ""))
        if ref is None:
            return
        state.open(ref)
        doc = pn.state.curdoc
        if doc is not None and doc.session_context is not None:
            doc.add_next_tick_callback(lambda: setattr(location, "hash", ""))
        else:
            location.hash = ""

    location.param.watch(follow, "hash")


def _overlay_key(name: str) -> str:
    """The catalogue key of a map layer's name (its toggle label)."""
    try:
        from viewer.views.map.map_layers import LAYERS
    except ImportError:
        LAYERS = {}
    return LAYERS.get(name, f"map.layer.{name}")


def _calculator_title(slug: str, lang: str) -> str:
    return label(f"calc.{slug}.title", lang)


def reference_url(ref: RuleRef, lang: str) -> str:
    """The permalink of a rule's card in the reference app."""
    return f"./reference?game={ref.game}&rule={ref.number}&lang={lang}"


class CardBody(pn.viewable.Viewer):
    """A rule card drawn for a session: heading, summary, numbers, and links onward.

    Related rules render as :class:`RuleLink` buttons bound to ``links`` (the session whose open
    rule they set); calculators, glossary terms and the permalink are plain links. A rule with no
    card shows what the rule list knows (title, or that the text only cites it).
    """

    state = param.ClassSelector(class_=SessionState, doc="The session whose language is used.")

    links = param.ClassSelector(class_=SessionState, doc="The session related-rule links open in.")

    show_permalink = param.Boolean(default=True, doc="Show a link to the card in the reference app.")

    def __init__(self, **params):
        super().__init__(**params)
        if self.links is None:
            self.links = self.state
        self.ref: RuleRef | None = None
        self.body = markdown("", sizing_mode="stretch_width", css_classes=["rule-panel-body"])
        self.summary = markdown("", sizing_mode="stretch_width", css_classes=["rule-card-summary"])
        self.numbers = markdown("", sizing_mode="stretch_width", css_classes=["rule-card-numbers"])
        self.onward = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["rule-card-links"])
        self._related_title = markdown("", margin=(0, 10))
        self.related = pn.FlexBox(css_classes=["rule-card-related"])
        self.terms = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["rule-card-terms"])
        self.layout = pn.Column(self.body, self.summary, self.numbers, self.onward,
                                self._related_title, self.related, self.terms,
                                sizing_mode="stretch_width", css_classes=["rule-card"])
        #: (rule, language) drawn now, and the rule whose related links the FlexBox holds: a
        #: language switch re-words the card in place and keeps the links (their labels are rule
        #: numbers), so it creates no model and changes no layout (docs/NOTES.md, page speed).
        self._drawn: tuple | None = None
        self._related_of: RuleRef | None = None
        self.state.param.watch(lambda *_: self.show(self.ref), "lang")

    def show(self, ref: RuleRef | None) -> None:
        lang = self.state.lang
        if self._drawn == (ref, lang):  # the page and its side panel both ask on a switch
            return
        self._drawn = (ref, lang)
        self.ref = ref
        with pn.io.hold():
            self._draw(ref, lang)

    def _draw(self, ref: RuleRef | None, lang: str) -> None:
        from viewer.reference.cards import card_for, glossary

        for pane in (self.summary, self.numbers, self.onward, self._related_title, self.terms):
            if pane.object:
                pane.object = ""
        card = card_for(ref) if ref is not None else None
        if card is None or not card.related or ref != self._related_of:
            if self.related.objects:
                self.related.objects = []
            self._related_of = None
        if ref is None:
            self.body.object = ""
            return
        entry = _entry(ref)
        game = label(f"game.{ref.game}.name", lang)
        if entry is None:
            self.body.object = f"**{game}** · {ref.number}\n\n{t('rule.unknown', lang)}"
            return
        if not entry.present:
            self.body.object = f"**{game}** · {ref.number} {entry.title(lang)}\n\n{t('rule.not_in_text', lang)}"
            return
        self.body.object = f"**{game}** · {ref}\n\n### {entry.title(lang)}"
        if card is None:
            self.summary.object = t("ref.no_card", lang)
            return
        self.summary.object = card.summary(lang)
        if card.numbers(lang):
            items = "\n".join(f"- {n}" for n in card.numbers(lang))
            self.numbers.object = f"**{t('ref.numbers', lang)}**\n\n{items}"
        onward = []
        if card.calculators:
            calcs = ", ".join(
                f'<a class="calc-link" href="./{ref.game}?lang={lang}" data-calculator="{s}">'
                f'{_calculator_title(s, lang)}</a>' for s in card.calculators)
            onward.append(f"<b>{t('ref.calculators', lang)}</b>: {calcs}")
        if card.overlays:
            overlays = ", ".join(f'<a class="overlay-link" href="./{ref.game}?lang={lang}">'
                                 f"{label(_overlay_key(o), lang)}</a>" for o in card.overlays)
            onward.append(f"<b>{t('ref.overlays', lang)}</b>: {overlays}")
        if card.notebooks:
            onward.append(f"<b>{t('ref.notebooks', lang)}</b>: " + ", ".join(notebook_link(n, lang)
                                                                           for n in card.notebooks))
        if self.show_permalink:
            onward.append(f'<a class="card-permalink" href="{reference_url(ref, lang)}">{t("ref.permalink", lang)}</a>')
        self.onward.object = "<br>".join(onward)
        if card.related:
            self._related_title.object = f"**{t('ref.related', lang)}**"
            if self._related_of != ref:
                self.related.objects = [RuleLink(ref=r, state=self.links) for r in card.related_refs()]
                self._related_of = ref
        if card.terms:
            terms = glossary()
            chips = ", ".join(
                f'<a class="term-link" href="./reference?lang={lang}&amp;term={tid}" '
                f'title="{terms[tid].label(other_language(lang))}">{terms[tid].label(lang)}</a>'
                for tid in card.terms)
            self.terms.object = f"<b>{t('ref.terms', lang)}</b>: {chips}"

    def __panel__(self):
        return self.layout


def other_language(lang: str) -> str:
    return "es" if lang == "en" else "en"


class RulePanel(pn.viewable.Viewer):
    """The side panel showing the open rule's card beside the current view."""

    state = param.ClassSelector(class_=SessionState, doc="The session whose open rule is shown.")

    def __init__(self, **params):
        super().__init__(**params)
        self.card = CardBody(state=self.state)
        self.body = self.card.body
        self._close = pn.widgets.Button(label="", color="light", width=90)
        self._close.on_click(lambda _event: setattr(self.state, "open_rule", None))
        self.frame = pn.Card(
            self.card, self._close, title="", collapsible=False, width=360,
            visible=False, css_classes=["rule-panel"],
        )
        self.state.param.watch(self._refresh, ["open_rule", "lang"])
        self._refresh()

    def _refresh(self, *_):
        lang = self.state.lang
        ref = self.state.open_rule
        self._close.label = label("ui.close", lang)
        if ref is None:
            self.frame.visible = False
            return
        self.card.show(ref)
        self.frame.title = f"{label('ui.rule', lang)} {ref}"
        self.frame.visible = True

    def __panel__(self):
        return self.frame


#: The checkout's notebooks (the sdist ships them; an installed wheel has none).
NOTEBOOKS = Path(__file__).resolve().parents[3] / "notebooks"


@lru_cache(maxsize=32)
def _notebook_data(name: str) -> str | None:
    path = NOTEBOOKS / name
    if Path(name).name != name or not path.is_file():
        return None
    return base64.b64encode(path.read_bytes()).decode("ascii")


def notebook_link(name: str, lang: str) -> str:
    """A link that downloads notebook ``name`` (to open in JupyterLab), named by its title; where
    the notebooks are not installed, the title and where to find them."""
    title = html.escape(name.removesuffix(".ipynb").replace("-", " "))
    data = _notebook_data(name)
    if data is None:
        return f'{title} ({html.escape(t("ref.notebook_elsewhere", lang))})'
    return (f'<a class="notebook-link" download="{html.escape(name)}" '
            f'href="data:application/x-ipynb+json;base64,{data}">{title}</a>')
