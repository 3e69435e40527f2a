"""Rule cards and the glossary: the project's own summaries of each rule, in English and Spanish.

Cards are data, one file per game (``data/cards-<game>.yaml``), validated when loaded: every card
names a rule of the game's rule list, gives a summary in both languages, and links only to rules,
calculators, glossary terms and notebooks that exist. The glossary (``data/glossary.yaml``) holds
the terms of every game, English <-> Spanish with their abbreviations.

    >>> card = get_card("wif", "2.2")
    >>> card.title("es")
    'Zonas de control'
    >>> [c.number for c in search("zona de control", game="wif")][:1]
    ['2.2']
"""
from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from functools import lru_cache
from importlib import resources
from pathlib import Path

import yaml

from viewer.errors import Refusal
from viewer.i18n import LANGUAGES, check_language
from viewer.reference import rulelist
from viewer.ruleref import GAME_PREFIXES, RuleRef

_CARD_KEYS = {"number", "en", "es", "related", "calculators", "overlays", "notebooks", "terms"}
_TEXT_KEYS = {"summary", "numbers"}
_TERM_KEYS = {"id", "games", "en", "es", "abbr_en", "abbr_es", "note_en", "note_es"}
_NOTEBOOK = re.compile(r"^[\w.\-]+\.ipynb$")


class CardError(Refusal):
    """A card or glossary file is malformed or links to something that does not exist."""


@dataclass(frozen=True)
class CardText:
    summary: str
    numbers: tuple[str, ...] = ()


@dataclass(frozen=True)
class Card:
    """One rule card: the rule, its summary per language and its links."""

    game: str
    number: str
    text: dict = field(hash=False, compare=False)  # {lang: CardText}
    related: tuple[str, ...] = ()
    calculators: tuple[str, ...] = ()
    overlays: tuple[str, ...] = ()
    notebooks: tuple[str, ...] = ()
    terms: tuple[str, ...] = ()

    @property
    def ref(self) -> RuleRef:
        return RuleRef(self.game, self.number)

    @property
    def entry(self) -> rulelist.RuleEntry:
        return rulelist.lookup(self.ref)

    def title(self, lang: str = "en") -> str:
        return self.entry.title(lang)

    def summary(self, lang: str = "en") -> str:
        return self.text[check_language(lang)].summary

    def numbers(self, lang: str = "en") -> tuple[str, ...]:
        return self.text[check_language(lang)].numbers

    def related_refs(self) -> list[RuleRef]:
        return [RuleRef(self.game, n) for n in self.related]

    def searchable(self, lang: str) -> str:
        """All the card's words in ``lang`` (number, title, summary, numbers, glossary terms)."""
        terms = glossary()
        words = [self.number, self.title(lang), self.summary(lang), *self.numbers(lang)]
        for tid in self.terms:
            term = terms[tid]
            words += [term.term(lang), term.abbr(lang) or ""]
        return " ".join(words)

    def to_json(self, lang: str = "en") -> dict:
        return {"game": self.game, "number": self.number, "title": self.title(lang),
                "summary": self.summary(lang), "numbers": list(self.numbers(lang)),
                "related": list(self.related), "calculators": list(self.calculators),
                "overlays": list(self.overlays), "notebooks": list(self.notebooks),
                "terms": list(self.terms)}


@dataclass(frozen=True)
class Term:
    """One glossary entry."""

    id: str
    games: tuple[str, ...]
    en: str
    es: str
    abbr_en: str | None = None
    abbr_es: str | None = None
    note_en: str | None = None
    note_es: str | None = None

    def term(self, lang: str) -> str:
        return getattr(self, check_language(lang))

    def abbr(self, lang: str) -> str | None:
        return getattr(self, f"abbr_{check_language(lang)}")

    def note(self, lang: str) -> str | None:
        return getattr(self, f"note_{check_language(lang)}")

    def label(self, lang: str) -> str:
        """``zona de control (ZOC)``."""
        abbr = self.abbr(lang)
        return f"{self.term(lang)} ({abbr})" if abbr and abbr != self.term(lang) else self.term(lang)


# --------------------------------------------------------------------------- text search


def fold(text: str) -> str:
    """Lower case without accents or punctuation: ``'Línea, ZOC'`` -> ``'linea zoc'``."""
    text = unicodedata.normalize("NFKD", text)
    text = "".join(ch for ch in text if not unicodedata.combining(ch))
    return " ".join(re.sub(r"[^\w.]+", " ", text.lower()).split())


def _matches(query: str, haystack: str) -> bool:
    q = fold(query)
    if not q:
        return False
    hay = fold(haystack)
    return q in hay or all(word in hay for word in q.split())


# --------------------------------------------------------------------------- loading


def _fail(where: str, message: str):
    raise CardError(f"{where}: {message}")


def _strings(where: str, value, name: str) -> tuple[str, ...]:
    if value is None:
        return ()
    if not isinstance(value, list) or not all(isinstance(v, str) and v.strip() for v in value):
        _fail(where, f"'{name}' must be a list of non-empty strings, got {value!r}")
    return tuple(value)


def parse_glossary(data: object, where: str = "glossary.yaml") -> dict[str, Term]:
    """Validate the parsed glossary file; terms keyed by id, in file order."""
    if not isinstance(data, dict) or not isinstance(data.get("terms"), list):
        _fail(where, "expected a mapping with a 'terms' list")
    out: dict[str, Term] = {}
    for i, raw in enumerate(data["terms"], start=1):
        at = f"{where}: term {i}"
        if not isinstance(raw, dict):
            _fail(at, f"expected a mapping, got {raw!r}")
        unknown = set(raw) - _TERM_KEYS
        if unknown:
            _fail(at, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(_TERM_KEYS))}")
        tid = raw.get("id")
        if not isinstance(tid, str) or not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", tid):
            _fail(at, f"'id' must be lower-case words joined by '-', got {tid!r}")
        at = f"{at} ({tid})"
        if tid in out:
            _fail(at, "id is listed twice")
        for lang in LANGUAGES:
            if not isinstance(raw.get(lang), str) or not raw[lang].strip():
                _fail(at, f"'{lang}' must be non-empty text")
        if ("note_en" in raw) != ("note_es" in raw):
            _fail(at, "give the note in both 'note_en' and 'note_es', or in neither")
        games = _strings(at, raw.get("games"), "games")
        bad = [g for g in games if g not in GAME_PREFIXES]
        if not games or bad:
            _fail(at, f"'games' must list games among {', '.join(GAME_PREFIXES)}, got {raw.get('games')!r}")
        out[tid] = Term(id=tid, games=games, en=raw["en"], es=raw["es"],
                        abbr_en=raw.get("abbr_en"), abbr_es=raw.get("abbr_es"),
                        note_en=raw.get("note_en"), note_es=raw.get("note_es"))
    return out


def parse_cards(data: object, where: str, game: str | None = None,
                terms: dict[str, Term] | None = None, calculators=None) -> dict[str, Card]:
    """Validate the parsed content of a card file against the rule list, glossary and calculators.

    ``calculators`` maps the known slugs to their classes (default: :data:`viewer.calculators.REGISTRY`);
    a calculator whose ``rules`` cite a rule is added to that rule's card (links both ways). A plain
    set of slugs validates the card's own links only.
    """
    if not isinstance(data, dict):
        _fail(where, "expected a mapping with 'game' and 'cards'")
    file_game = data.get("game")
    if file_game not in GAME_PREFIXES:
        _fail(where, f"'game' must be one of {', '.join(GAME_PREFIXES)}, got {file_game!r}")
    if game is not None and file_game != game:
        _fail(where, f"file is for game {file_game!r}, expected {game!r}")
    rows = data.get("cards")
    if not isinstance(rows, list):
        _fail(where, "'cards' must be a list")
    if terms is None:
        terms = glossary()
    if calculators is None:
        from viewer.calculators import REGISTRY  # calculators sit below reference

        calculators = dict(REGISTRY)
    # Links both ways: a calculator that cites a rule appears on that rule's card.
    cited_by: dict[str, list[str]] = {}
    for slug, cls in (calculators.items() if isinstance(calculators, dict) else ()):
        for ref in getattr(cls, "rules", ()):
            if ref.game == file_game and rulelist.has(ref):
                cited_by.setdefault(rulelist.lookup(ref).number, []).append(slug)
    out: dict[str, Card] = {}
    for i, raw in enumerate(rows, start=1):
        at = f"{where}: card {i}"
        if not isinstance(raw, dict):
            _fail(at, f"expected a mapping, got {raw!r}")
        unknown = set(raw) - _CARD_KEYS
        if unknown:
            _fail(at, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(_CARD_KEYS))}")
        number = raw.get("number")
        if not isinstance(number, str):
            _fail(at, f"'number' must be a quoted rule number, got {number!r}")
        at = f"{at} (number {number})"
        try:
            entry = rulelist.lookup((file_game, number))
        except (KeyError, ValueError):
            _fail(at, f"rule {number} is not in the rule list of {file_game!r}")
        if not entry.present:
            _fail(at, f"rule {number} is not in the available text (present: false); cards cover present rules")
        if entry.number in out:
            _fail(at, "a card for this rule is listed twice")
        text = {}
        for lang in LANGUAGES:
            block = raw.get(lang)
            if not isinstance(block, dict) or not isinstance(block.get("summary"), str) or not block["summary"].strip():
                _fail(at, f"'{lang}' must be a mapping with a non-empty 'summary'")
            extra = set(block) - _TEXT_KEYS
            if extra:
                _fail(at, f"'{lang}' has unknown key(s) {', '.join(sorted(extra))}")
            text[lang] = CardText(block["summary"].strip(), _strings(at, block.get("numbers"), f"{lang}.numbers"))
        if len(text["en"].numbers) != len(text["es"].numbers):
            _fail(at, "'numbers' must have as many items in 'en' as in 'es'")
        related = _strings(at, raw.get("related"), "related")
        for other in related:
            if not rulelist.has((file_game, other)):
                _fail(at, f"related rule {other} is not in the rule list of {file_game!r}")
        calcs = _strings(at, raw.get("calculators"), "calculators")
        for slug in calcs:
            if slug not in calculators:
                _fail(at, f"calculator {slug!r} does not exist; known: {', '.join(sorted(calculators))}")
        term_ids = _strings(at, raw.get("terms"), "terms")
        for tid in term_ids:
            if tid not in terms:
                _fail(at, f"glossary term {tid!r} does not exist")
        notebooks = _strings(at, raw.get("notebooks"), "notebooks")
        for nb in notebooks:
            if not _NOTEBOOK.match(nb):
                _fail(at, f"notebook {nb!r} must be a file name ending in .ipynb")
        overlays = _strings(at, raw.get("overlays"), "overlays")
        calcs = tuple(dict.fromkeys([*calcs, *sorted(cited_by.get(entry.number, []))]))
        out[entry.number] = Card(game=file_game, number=entry.number, text=text, related=related,
                                 calculators=calcs, overlays=overlays, notebooks=notebooks, terms=term_ids)
    return out


def _data(name: str):
    return resources.files(__package__) / "data" / name


@lru_cache(maxsize=1)
def _glossary() -> dict[str, Term]:
    res = _data("glossary.yaml")
    try:
        data = yaml.safe_load(res.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise CardError(f"glossary.yaml: not valid YAML: {exc}") from None
    return parse_glossary(data)


def glossary() -> dict[str, Term]:
    """Every glossary term keyed by id (a fresh dict each call)."""
    return dict(_glossary())


@lru_cache(maxsize=None)
def _cards(game: str) -> dict[str, Card]:
    if game not in GAME_PREFIXES:
        raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAME_PREFIXES)}")
    res = _data(f"cards-{game}.yaml")
    if not res.is_file():
        return {}  # the game's cards arrive with its own issue
    try:
        data = yaml.safe_load(res.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise CardError(f"cards-{game}.yaml: not valid YAML: {exc}") from None
    return parse_cards(data, f"cards-{game}.yaml", game)


def load_card_file(path: str | Path, game: str | None = None) -> dict[str, Card]:
    """Load and validate a card file at any path (errors name the file and the card)."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise CardError(f"{path.name}: not valid YAML: {exc}") from None
    return parse_cards(data, path.name, game)


def cards(game: str) -> dict[str, Card]:
    """The cards of ``game`` keyed by rule number, in rulebook order (empty if none yet)."""
    return dict(_cards(game))


def get_card(game: str, number: str) -> Card | None:
    """The card of a rule (either spelling of a top-level number), or None when it has none."""
    try:
        entry = rulelist.lookup((game, number))
    except (KeyError, ValueError):
        return None
    return _cards(game).get(entry.number)


def card_for(ref: RuleRef) -> Card | None:
    return get_card(ref.game, ref.number)


def search(query: str, game: str | None = None, lang: str | None = None) -> list[Card]:
    """Cards whose number, title, summary, numbers or terms match ``query``.

    Matching ignores case and accents and accepts the words in any order; both languages are
    searched unless ``lang`` is given. A query that is a rule number puts that card first.
    """
    games = [game] if game else list(GAME_PREFIXES)
    langs = [lang] if lang else list(LANGUAGES)
    q = query.strip()
    hits: list[tuple[int, Card]] = []
    for g in games:
        for card in _cards(g).values():
            if q == card.number:
                hits.append((0, card))
            elif any(_matches(q, card.title(la)) for la in langs):
                hits.append((1, card))
            elif any(_matches(q, card.searchable(la)) for la in langs):
                hits.append((2, card))
    return [c for _, c in sorted(hits, key=lambda h: h[0])]


def search_rules(query: str, game: str, lang: str | None = None) -> list[rulelist.RuleEntry]:
    """Rules of ``game`` whose card or whose title in the rule list matches ``query``.

    Cards come first (see :func:`search`); rules without a card follow when their number or
    title matches, so games whose cards have not arrived yet are searchable too.
    """
    langs = [lang] if lang else list(LANGUAGES)
    found = [c.entry for c in search(query, game=game, lang=lang)]
    seen = {e.number for e in found}
    q = query.strip()
    for entry in rulelist.rules(game).values():
        if entry.number in seen:
            continue
        if q == entry.number or any(_matches(q, entry.title(la)) for la in langs if entry.title(la)):
            found.append(entry)
    return found


def search_glossary(query: str, game: str | None = None) -> list[Term]:
    """Glossary terms matching ``query`` in either language or abbreviation (accent-insensitive)."""
    out = []
    for term in _glossary().values():
        if game and game not in term.games:
            continue
        hay = " ".join(filter(None, [term.en, term.es, term.abbr_en, term.abbr_es]))
        if _matches(query, hay):
            out.append(term)
    return out


def cards_using(term_id: str) -> list[Card]:
    """Every card (all games) that lists glossary term ``term_id``."""
    return [c for g in GAME_PREFIXES for c in _cards(g).values() if term_id in c.terms]
