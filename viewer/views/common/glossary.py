"""The glossary view: every term of the five games, English <-> Spanish with abbreviations, searchable.

Each term lists the rule cards that use it, as permalinks into the reference; ``?term=<id>`` in
the address shows one term.
"""
from __future__ import annotations

import html

import panel as pn
import param

from viewer import GAMES
from viewer.reference.cards import cards_using, glossary, search_glossary
from viewer.ruleref import GAME_PREFIXES
from viewer.state import SessionState
from viewer.views.common.text import counted, label, markdown


class GlossaryView(pn.viewable.Viewer):
    """A search box, a game filter and the table of matching terms."""

    state = param.ClassSelector(class_=SessionState, doc="The session: language.")

    query = param.String(default="", doc="The search text (either language, accents ignored).")

    term = param.String(default="", doc="One term id to show alone (from the address), or empty.")

    def __init__(self, **params):
        super().__init__(**params)
        self._search = pn.widgets.TextInput(value=self.query, css_classes=["glossary-search"], width=320)
        self._search.param.watch(lambda e: setattr(self, "query", e.new), "value_input")
        self._search.param.watch(lambda e: setattr(self, "query", e.new), "value")
        self.games = pn.widgets.MultiChoice(options=self._game_options(), value=[], width=320,
                                             css_classes=["glossary-games"])
        self.games.param.watch(self._refresh, "value")
        self._count = markdown("", css_classes=["glossary-count"])
        self.table = pn.pane.HTML("", sizing_mode="stretch_width", css_classes=["glossary-table"])
        self.layout = pn.Column(pn.Row(self._search, self.games), self._count, self.table,
                                sizing_mode="stretch_width")
        self.param.watch(self._refresh, ["query", "term"])
        self.state.param.watch(self._relabel, "lang")
        self._relabel()

    def _game_options(self) -> dict[str, str]:
        return {label(f"game.{g}.name", self.state.lang): g for g in GAMES}

    def _relabel(self, *_):
        lang = self.state.lang
        self._search.name = label("glossary.search", lang)
        self._search.placeholder = label("ref.search_placeholder", lang)
        value = list(self.games.value)
        self.games.options = self._game_options()
        self.games.value = value
        self.games.name = label("glossary.games", lang)
        self._refresh()

    def terms(self):
        """The terms shown now: the one in the address, else those matching the search and games."""
        if self.term:
            found = glossary().get(self.term)
            return [found] if found else []
        terms = search_glossary(self.query) if self.query.strip() else list(glossary().values())
        games = set(self.games.value)
        return [t for t in terms if not games or games & set(t.games)]

    def _refresh(self, *_):
        lang = self.state.lang
        terms = self.terms()
        self._count.object = counted("glossary.count", len(terms), lang)
        head = "".join(f"<th>{label(k, lang)}</th>" for k in
                       ("glossary.english", "glossary.spanish", "glossary.abbr", "glossary.games",
                        "glossary.used_in"))
        rows = []
        for t in terms:
            abbr = " / ".join(dict.fromkeys(a for a in (t.abbr_en, t.abbr_es) if a))
            games = ", ".join(GAME_PREFIXES[g] for g in t.games)
            used = ", ".join(f'<a href="./reference?game={c.game}&amp;rule={c.number}&amp;lang={lang}">'
                             f"{GAME_PREFIXES[c.game]} {c.number}</a>" for c in cards_using(t.id)[:8])
            note = t.note(lang)
            note = f'<br><small>{html.escape(note)}</small>' if note else ""
            rows.append(f'<tr class="term-{t.id}"><td>{html.escape(t.en)}{note if lang == "en" else ""}</td>'
                        f"<td>{html.escape(t.es)}{note if lang == 'es' else ''}</td><td>{html.escape(abbr)}</td>"
                        f"<td>{games}</td><td>{used}</td></tr>")
        self.table.object = (f'<table class="glossary" style="width:100%; border-collapse: collapse">'
                              f"<thead><tr>{head}</tr></thead><tbody>{''.join(rows)}</tbody></table>")

    def __panel__(self):
        return self.layout
