"""The rules reference: rule tree per game, search in both languages, the card, the user's own text.

State (``ReferenceState``: game, rule, search text, glossary term) lives in the address
(``/reference?game=wif&rule=2.4.2``) through Panel's location sync; a wrong game or rule there
shows a message naming what is allowed and leaves the page usable. Related rules on a card open
in this view (their links are bound to a private navigation session), so following them never
leaves the page. An uploaded rulebook is indexed in memory for this session only.
"""
from __future__ import annotations

import html
from urllib.parse import parse_qs, urlencode

import panel as pn
import param

from viewer import GAMES
from viewer.games import GAME_IDS
from viewer.reference import rulelist
from viewer.reference.cards import cards, glossary, search_rules
from viewer.reference.indexer import RulebookIndex, index_text
from viewer.ruleref import GAME_PREFIXES, RuleRef
from viewer.safeload import LoadError, decode
from viewer.state import SessionState
from viewer.views.common.glossary import GlossaryView
from viewer.views.common.rulelink import CardBody
from viewer.views.common.sections import Sections
from viewer.views.common.text import counted, label, markdown, plain
from viewer.views.common.upload import Upload

_INDENT = "\u00a0\u00a0\u00a0"
_URL_FIELDS = ("game", "rule", "q", "term")


#: The user's text keeps its line breaks but wraps at the pane's width (a <pre> would not).
_PRE_STYLE = "white-space: pre-wrap; overflow-wrap: anywhere; word-break: normal; max-width: 100%; margin: 0"


def _pre(text: str) -> str:
    """``text`` (the user's rulebook) as inert preformatted HTML that wraps."""
    return f'<pre style="{_PRE_STYLE}">{html.escape(text)}</pre>' if text else ""


def tree_entry(number: str, title: str, present: bool, lang: str) -> str:
    """One line of the rule tree: number and title; a rule the text only cites, or one without a
    title, says so in words."""
    if not present:
        return f"{number} · {title} ({label('ref.cited_only', lang)})" if title else \
            f"{number} · {label('ref.cited_untitled', lang)}"
    return f"{number} {title}" if title else f"{number} · {label('ref.untitled', lang)}"


class ReferenceState(param.Parameterized):
    """What the reference shows; every field is kept in the address."""

    game = param.Parameter(default=GAME_IDS[0], doc="The game id (?game=); the first declared game by default.")

    rule = param.Parameter(default=None, doc="The rule number shown (?rule=), or None.")

    q = param.Parameter(default=None, doc="The search text (?q=), or None.")

    term = param.Parameter(default=None, doc="A glossary term id (?term=), or None.")


class ReferenceView(pn.viewable.Viewer):
    """The reference app's content: cards (tree, search, card, your text), glossary, your rulebook."""

    state = param.ClassSelector(class_=SessionState, doc="The session: language.")

    def __init__(self, report=None, **params):
        super().__init__(**params)
        self.report = report or (lambda message: None)
        self.ref = ReferenceState()
        self.nav = SessionState(lang=self.state.lang)
        self.user_text: str | None = None
        self.user_file: str = ""
        self.user_index: RulebookIndex | None = None
        self._note = ""   # the upload's notice (a file not in UTF-8), shown with the section count

        self.game_choice = pn.widgets.RadioButtonGroup(options={GAME_PREFIXES[g]: g for g in GAMES}, value=GAME_IDS[0],
                                                 color="primary", variant="outline", css_classes=["ref-game"])
        self._search = pn.widgets.TextInput(css_classes=["ref-search"], sizing_mode="stretch_width")
        self.results_info = markdown("", css_classes=["ref-results-info"])
        self.results = pn.widgets.Select(options={}, size=8, css_classes=["ref-results"],
                                          sizing_mode="stretch_width", visible=False)
        self._tree_title = markdown("")
        self.tree = pn.widgets.Select(options={}, size=26, css_classes=["ref-tree"], sizing_mode="stretch_width")
        self._hint = markdown("", css_classes=["ref-hint"])
        self.card = CardBody(state=self.state, links=self.nav, show_permalink=False)
        self.user_title = markdown("", css_classes=["ref-user-title"])
        # the user's text in <pre>, escaped: pn.pane.Str lets markup in it through to the page
        self.user_text_pane = pn.pane.HTML("", css_classes=["ref-user-text"], sizing_mode="stretch_width", visible=False,
                                      styles={"white-space": "pre-wrap", "font-size": "0.9em",
                                              "background": "#f6f6f0", "padding": "6px"})
        left = pn.Column(self.game_choice, self._search, self.results_info, self.results, self._tree_title,
                         self.tree, width=380)
        right = pn.Column(self._hint, self.card, self.user_title, self.user_text_pane, sizing_mode="stretch_width")
        cards_tab = pn.Row(left, right, sizing_mode="stretch_width")

        self.glossary = GlossaryView(state=self.state)
        self._upload = Upload(accept=".txt,text/plain", kind="rulebook", state=self.state, css_classes=["ref-upload"],
                              read=lambda text, origin: (text, index_text(text, self.game)),
                              done=self._uploaded, fail=self.report)
        self.upload_info = markdown("", css_classes=["ref-upload-info"])
        self.book_search = pn.widgets.TextInput(css_classes=["ref-book-search"], width=360)
        self.book_hits = pn.widgets.Select(options={}, size=14, css_classes=["ref-book-sections"], width=360)
        self._book_text = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["ref-book-text"],
                                      styles={"white-space": "pre-wrap", "font-size": "0.9em"})
        self.book_game = pn.widgets.Select(options={}, value=GAME_IDS[0], width=360, css_classes=["ref-book-game"])
        book_tab = pn.Column(self.book_game, self.upload_info, self._upload,
                             pn.Row(pn.Column(self.book_search, self.book_hits), self._book_text,
                                    sizing_mode="stretch_width"), sizing_mode="stretch_width")
        self.sections = Sections(state=self.state, sections={"ref.cards_tab": cards_tab,
                                                             "ref.glossary_tab": self.glossary,
                                                             "ref.rulebook_tab": book_tab})
        self.layout = self.sections.layout

        self.game_choice.param.watch(lambda e: setattr(self.ref, "game", e.new), "value")
        self.book_game.param.watch(lambda e: setattr(self.ref, "game", e.new), "value")
        self._search.param.watch(lambda e: setattr(self.ref, "q", e.new or None), "value_input")
        self._search.param.watch(lambda e: setattr(self.ref, "q", e.new or None), "value")
        self.results.param.watch(self._pick, "value")
        self.tree.param.watch(self._pick, "value")
        self.book_search.param.watch(self._book_refresh, "value_input")
        self.book_hits.param.watch(self._book_show, "value")
        self.nav.param.watch(self._follow, "open_rule")
        self.ref.param.watch(self._on_game, "game")
        self.ref.param.watch(self._on_rule, "rule")
        self.ref.param.watch(self._on_query, "q")
        self.ref.param.watch(self._on_term, "term")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    # ------------------------------------------------------------------ address

    def bind_url(self) -> None:
        """Keep game, rule, search and term in the address (served apps only).

        The address is read as text, not through ``Location.sync``, which parses query values as
        JSON and would turn ``rule=9.10`` into the number 9.1.
        """
        location = pn.state.location
        if location is None:
            return

        def from_url(*_):
            raw = parse_qs((location.search or "").lstrip("?"))
            values = {k: raw[k][0] for k in _URL_FIELDS if raw.get(k)}
            changed = {k: v for k, v in values.items() if getattr(self.ref, k) != v}
            if changed:
                self.ref.param.update(**changed)

        def to_url(*_):
            query = {k: v[0] for k, v in parse_qs((location.search or "").lstrip("?")).items()}
            for k in _URL_FIELDS:
                value = getattr(self.ref, k)
                if value in (None, ""):
                    query.pop(k, None)
                else:
                    query[k] = str(value)
            search = "?" + urlencode(query) if query else ""
            if search != (location.search or ""):
                location.search = search

        from_url()
        to_url()
        location.param.watch(from_url, "search")
        self.ref.param.watch(to_url, list(_URL_FIELDS))

    # ------------------------------------------------------------------ state -> view

    @property
    def game(self) -> str:
        return self.ref.game if self.ref.game in GAMES else GAME_IDS[0]

    def _on_lang(self, *_):
        lang = self.state.lang
        self.nav.lang = lang
        self._search.name = label("ref.search", lang)
        self._search.placeholder = label("ref.search_placeholder", lang)
        self._tree_title.object = f"**{label('ref.tree', lang)}**"
        self.upload_info.object = label("index.none", lang) if self.user_index is None else self.upload_info.object
        self.book_search.name = label("index.search", lang)
        self._upload.widget.name = label("index.upload", lang)
        self.book_game.param.update(name=label("index.game", lang),
                                    options={label(f"game.{g}.name", lang): g for g in GAMES})
        if self.user_index is not None:
            self._book_info()
        self._fill_tree()
        self._on_query()
        self._show()

    def _on_game(self, event=None):
        game = self.ref.game
        if game not in GAMES:
            self.report(label("ref.bad_game", self.state.lang, value=game, allowed=", ".join(GAMES)))
            self.ref.param.update(game=GAME_IDS[0], rule=None)
            return
        self.game_choice.value = game
        self.book_game.value = game
        if self.user_text is not None:
            self.user_index = index_text(self.user_text, game)
            self._book_info()
            self._book_refresh()
        self._fill_tree()
        if event is not None and self.ref.rule is not None and not rulelist.has((game, str(self.ref.rule))):
            self.ref.rule = None
        self._on_query()
        self._show()

    def _on_rule(self, *_):
        rule = self.ref.rule
        if rule is not None and not isinstance(rule, str):
            self.ref.rule = str(rule)
            return
        if rule and not rulelist.has((self.game, rule)):
            numbers = list(rulelist.rules(self.game))
            examples = ", ".join(numbers[:3] + ["…", numbers[-1]])
            self.report(label("ref.bad_rule", self.state.lang, game=GAME_PREFIXES[self.game], value=rule,
                              examples=examples))
            self.ref.rule = None
            return
        self._show()

    def _on_query(self, *_):
        lang = self.state.lang
        q = (self.ref.q or "").strip() if isinstance(self.ref.q, str) else str(self.ref.q or "")
        if self._search.value != q and self._search.value_input != q:
            self._search.value = q
        if not q:
            self.results.visible = False
            self.results_info.object = ""
            return
        found = search_rules(q, game=self.game)
        options = {f"{e.number} · {e.title(lang)}": e.number for e in found}
        self.results.options = options
        self.results.value = None
        self.results.visible = bool(found)
        self.results_info.object = (counted("ref.results", len(found), lang) if found
                                     else label("ref.no_results", lang, query=q))

    def _on_term(self, *_):
        term = self.ref.term
        if term and term not in glossary():
            self.report(label("glossary.unknown_term", self.state.lang, value=term))
            self.ref.term = None
            return
        self.glossary.term = term or ""
        if term:
            self.sections.switch.value = "ref.glossary_tab"

    def _fill_tree(self):
        lang = self.state.lang
        with_cards = cards(self.game)
        options = {}
        for entry in rulelist.rules(self.game).values():
            depth = 0
            parent = entry.parent
            while parent:
                depth += 1
                parent = rulelist.lookup((self.game, parent)).parent
            options[_INDENT * depth + tree_entry(entry.number, entry.title(lang), entry.present, lang)] = entry.number
        self.tree.options = options
        self.tree.value = self.ref.rule if self.ref.rule in options.values() else None
        self._hint.object = "" if with_cards else label("ref.no_cards_for_game", lang)

    def _show(self):
        lang = self.state.lang
        rule = self.ref.rule
        if not rule:
            self.card.show(None)
            self._hint.object = label("ref.pick_rule", lang) if cards(self.game) else label("ref.no_cards_for_game", lang)
            self.user_title.object = ""
            self._set_user_text("")
            return
        self._hint.object = ""
        ref = RuleRef(self.game, rule)
        self.card.show(ref)
        if self.tree.value != rule:
            self.tree.value = rule
        self._show_user_text(rule)

    def _show_user_text(self, rule: str):
        lang = self.state.lang
        if self.user_index is None:
            self.user_title.object = f"*{label('index.none', lang)}*"
            self._set_user_text("")
            return
        section = self.user_index.get(rule)
        if section is None:
            self.user_title.object = label("index.not_found", lang, number=rule)
            self._set_user_text("")
            return
        self.user_title.object = "**" + label("index.your_text", lang, number=section.number,
                                               first=section.first_line, last=section.last_line) + "**"
        self._set_user_text(_pre(self.user_index.text(section.number)))

    def _set_user_text(self, html: str) -> None:
        """The user's section, or no pane at all (not an empty shaded strip) when there is none."""
        with pn.io.hold():
            self.user_text_pane.object = html
            self.user_text_pane.visible = bool(html)

    # ------------------------------------------------------------------ view -> state

    def _pick(self, event):
        if event.new:
            self.ref.rule = event.new

    def _follow(self, event):
        if event.new is not None:
            self.ref.param.update(game=event.new.game, rule=event.new.number)
            self.nav.open_rule = None

    def open(self, game: str, number: str) -> None:
        self.ref.param.update(game=game, rule=number)

    # ------------------------------------------------------------------ the user's rulebook

    def load_rulebook(self, raw: bytes, filename: str = "") -> None:
        """Index a rulebook for this session (kept in memory only): what the file box does."""
        lang = self.state.lang
        try:
            text = decode(raw, filename or label("ui.uploaded_file", lang), "rulebook").text
        except LoadError as exc:
            self.report(label("index.bad_file", lang, file=plain(filename), reason=plain(exc.message)))
            return
        self._uploaded((text, index_text(text, self.game)), filename, "")

    def _uploaded(self, indexed, filename: str, note: str) -> None:
        self.user_text, self.user_index = indexed
        self.user_file = filename
        self._note = note
        self._book_info()
        self._book_refresh()
        self._show()

    def _book_info(self) -> None:
        """How many sections the rulebook has, read as the chosen game's rulebook."""
        if self.user_index is None:
            return
        lang, note = self.state.lang, self._note
        self.upload_info.object = counted("index.sections", len(self.user_index.sections), lang,
                                          file=plain(self.user_file), game=label(f"game.{self.game}.name", lang)) + \
            (f"\n\n{plain(note)}" if note else "")

    def _book_refresh(self, *_):
        if self.user_index is None:
            return
        q = self.book_search.value_input or ""
        hits = self.user_index.search(q) if q.strip() else self.user_index.sections
        self.book_hits.options = {f"{s.number} {s.title}": s.number for s in hits}

    def _book_show(self, event):
        if event.new and self.user_index is not None:
            self._book_text.object = _pre(self.user_index.text(event.new))
            if rulelist.has((self.game, event.new)):
                self.ref.rule = event.new

    def __panel__(self):
        return self.layout
