"""The per-game rule lists: every rule number a game's rulebook has or cites, with its title.

The lists are data files shipped in the package (``viewer/reference/data/rules-<game>.yaml``);
nothing here reads the rulebooks at run time. Each file looks like::

    game: wif
    numbering: dotted          # dotted | decimal (how a number's parent is found, see below)
    top_level: "N"             # "N" (WiF: 2, 2.1) or "N.0" (USE, Churchill: 2.0, 2.1)
    rules:
      - {number: "2.4.2", en: Tracing supply lines, es: Trazar líneas de abastecimiento}
      - {number: "14.5", en: Terrain, es: Terreno, present: false, title_source: toc}

Entry keys: ``number`` (required); ``en`` and ``es`` (the title, both or neither);
``present`` (default true: the available text contains the rule; false: the text only cites it);
``title_source`` (``heading`` printed section heading, the default for present rules; ``toc``
the text's table of contents; ``citation`` the name the text gives where it cites the rule;
``topic`` no printed name, a short label of our own for what the citing passage is about);
``parent`` (only to override the computed parent); ``printed_as`` (the number as misprinted
in the text); ``note`` (free text).

Parents. ``dotted`` numbering drops the last dotted part (``2.4.2`` -> ``2.4`` -> ``2``);
``decimal`` numbering (ASL, Churchill) drops the last digit of a multi-digit last part first
(``E1.941`` -> ``E1.94``, ``4.21`` -> ``4.2``) and a dotted part after that (``4.23.1`` ->
``4.23``). A bare top-level number is written in the file's ``top_level`` style (``7`` ->
``7.0`` for USE). The parent is the nearest such ancestor that the list holds, or None.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import Iterator

import yaml

from viewer.errors import Refusal, ViewerError
from viewer.i18n import check_language
from viewer.ruleref import _NUMBER, GAME_PREFIXES, RuleRef

#: Where a title comes from (see the module docstring).
TITLE_SOURCES = ("heading", "toc", "citation", "topic")
NUMBERINGS = ("dotted", "decimal")
TOP_LEVELS = ("N", "N.0")
_ENTRY_KEYS = {"number", "en", "es", "present", "title_source", "parent", "printed_as", "note"}
_FILE_KEYS = {"game", "numbering", "top_level", "source", "rules"}


class RuleListError(Refusal):
    """A rule-list file is malformed: the message names the file and the entry."""


class UnknownRuleError(ViewerError, KeyError):
    """A rule number that the game's rule list does not hold."""

    def __init__(self, game: str, number: str):
        self.game, self.number = game, number
        super().__init__("rule", f"no rule {number!r} in the rule list of game {game!r}")

    def __str__(self) -> str:
        prefix = GAME_PREFIXES.get(self.game, self.game)
        return f"{prefix} {self.number}: no rule {self.number!r} in the rule list of game {self.game!r}"


@dataclass(frozen=True)
class RuleEntry:
    """One rule of a game's list."""

    game: str
    number: str
    title_en: str | None
    title_es: str | None
    present: bool = True
    parent: str | None = None
    title_source: str | None = None
    printed_as: str | None = None
    note: str | None = None

    def title(self, lang: str = "en") -> str:
        """The title in ``lang`` (``en`` or ``es``); an empty string when the text gives none."""
        check_language(lang)
        return (self.title_en if lang == "en" else self.title_es) or ""

    @property
    def ref(self) -> RuleRef:
        return RuleRef(self.game, self.number)

    def __str__(self) -> str:
        title = f" {self.title_en}" if self.title_en else ""
        return f"{GAME_PREFIXES[self.game]} {self.number}{title}"


# --------------------------------------------------------------------------- parents


def _top(part: str, top_level: str) -> str:
    return f"{part}.0" if top_level == "N.0" and part.isdigit() else part


def ancestors(number: str, numbering: str = "dotted", top_level: str = "N") -> Iterator[str]:
    """The candidate ancestors of ``number``, nearest first (see the module docstring)."""
    parts = number.split(".")
    if top_level == "N.0" and len(parts) == 2 and parts[1] == "0":
        return  # "7.0" is itself a top-level section
    while len(parts) > 1:
        last = parts[-1]
        if numbering == "decimal" and len(last) > 1 and last.isdigit():
            parts = parts[:-1] + [last[:-1]]
        else:
            parts = parts[:-1]
        if len(parts) == 1:
            yield _top(parts[0], top_level)
        else:
            yield ".".join(parts)


# --------------------------------------------------------------------------- loading


def _fail(where: str, message: str):
    raise RuleListError(f"{where}: {message}")


def _check_entry(where: str, raw: object, game: str) -> dict:
    if not isinstance(raw, dict):
        _fail(where, f"expected a mapping with 'number', got {raw!r}")
    unknown = set(raw) - _ENTRY_KEYS
    if unknown:
        _fail(where, f"unknown key(s) {', '.join(sorted(unknown))}; allowed: {', '.join(sorted(_ENTRY_KEYS))}")
    number = raw.get("number")
    if not isinstance(number, str) or not _NUMBER.match(number):
        _fail(where, f"'number' must be a quoted rule number like \"2.4.2\", got {number!r}")
    where = f"{where} (number {number})"
    en, es = raw.get("en"), raw.get("es")
    if (en is None) != (es is None):
        _fail(where, "give the title in both 'en' and 'es', or in neither")
    for lang, text in (("en", en), ("es", es)):
        if text is not None and (not isinstance(text, str) or not text.strip()):
            _fail(where, f"title '{lang}' must be non-empty text")
    present = raw.get("present", True)
    if not isinstance(present, bool):
        _fail(where, f"'present' must be true or false, got {present!r}")
    source = raw.get("title_source", ("heading" if present else "toc") if en is not None else None)
    if source is not None and source not in TITLE_SOURCES:
        _fail(where, f"'title_source' must be one of {', '.join(TITLE_SOURCES)}, got {source!r}")
    if en is None and "title_source" in raw:
        _fail(where, "'title_source' given without a title")
    return {**raw, "present": present, "title_source": source}


def parse_rule_list(data: object, where: str, game: str | None = None) -> dict[str, RuleEntry]:
    """Validate the parsed content of a rule-list file and build its entries, in file order."""
    if not isinstance(data, dict):
        _fail(where, "expected a mapping with 'game', 'numbering', 'top_level' and 'rules'")
    unknown = set(data) - _FILE_KEYS
    if unknown:
        _fail(where, f"unknown top-level key(s) {', '.join(sorted(unknown))}")
    file_game = data.get("game")
    if file_game not in GAME_PREFIXES:
        _fail(where, f"'game' must be one of {', '.join(GAME_PREFIXES)}, got {file_game!r}")
    if game is not None and file_game != game:
        _fail(where, f"file is for game {file_game!r}, expected {game!r}")
    numbering = data.get("numbering", "dotted")
    if numbering not in NUMBERINGS:
        _fail(where, f"'numbering' must be one of {', '.join(NUMBERINGS)}, got {numbering!r}")
    top_level = str(data.get("top_level", "N"))
    if top_level not in TOP_LEVELS:
        _fail(where, f"'top_level' must be one of {', '.join(TOP_LEVELS)}, got {top_level!r}")
    rows = data.get("rules")
    if not isinstance(rows, list) or not rows:
        _fail(where, "'rules' must be a non-empty list")

    checked: dict[str, dict] = {}
    for i, raw in enumerate(rows, start=1):
        entry = _check_entry(f"{where}: rules entry {i}", raw, file_game)
        number = entry["number"]
        if number in checked:
            _fail(where, f"rules entry {i}: number {number} is listed twice")
        entry["_where"] = f"{where}: rules entry {i} (number {number})"
        checked[number] = entry

    out: dict[str, RuleEntry] = {}
    for number, entry in checked.items():
        if "parent" in entry:
            parent = entry["parent"]
            if parent is not None and parent not in checked:
                _fail(entry["_where"], f"parent {parent!r} is not in the list")
        else:
            parent = next((a for a in ancestors(number, numbering, top_level) if a in checked), None)
        out[number] = RuleEntry(
            game=file_game,
            number=number,
            title_en=entry.get("en"),
            title_es=entry.get("es"),
            present=entry["present"],
            parent=parent,
            title_source=entry["title_source"],
            printed_as=entry.get("printed_as"),
            note=entry.get("note"),
        )
    return out


def load_rule_file(path: str | Path, game: str | None = None) -> dict[str, RuleEntry]:
    """Load and validate one rule-list file (any path); errors name the file and the entry."""
    path = Path(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as exc:
        raise RuleListError(f"{path.name}: not valid YAML: {exc}") from None
    return parse_rule_list(data, path.name, game)


def data_file(game: str):
    """The packaged rule-list file of ``game`` (an importlib.resources Traversable)."""
    if game not in GAME_PREFIXES:
        raise ValueError(f"unknown game {game!r}; allowed: {', '.join(GAME_PREFIXES)}")
    return resources.files(__package__) / "data" / f"rules-{game}.yaml"


@lru_cache(maxsize=None)
def _rules(game: str) -> dict[str, RuleEntry]:
    res = data_file(game)
    try:
        data = yaml.safe_load(res.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise RuleListError(f"rules-{game}.yaml: the rule list of game {game!r} is missing") from None
    except yaml.YAMLError as exc:
        raise RuleListError(f"rules-{game}.yaml: not valid YAML: {exc}") from None
    return parse_rule_list(data, f"rules-{game}.yaml", game)


def rules(game: str) -> dict[str, RuleEntry]:
    """All rules of ``game`` keyed by number, in rulebook order (a fresh dict each call)."""
    return dict(_rules(game))


def _alternatives(number: str) -> tuple[str, ...]:
    """Equivalent spellings of a top-level number: ``7`` and ``7.0``."""
    if number.isdigit():
        return (f"{number}.0",)
    if re.fullmatch(r"\d+\.0", number):
        return (number[:-2],)
    return ()


def lookup(ref: RuleRef | tuple[str, str]) -> RuleEntry:
    """The entry of ``ref``; raises :class:`UnknownRuleError` naming the game and number.

    A top-level number matches in either spelling (``USE 7`` finds ``7.0``, ``WiF 8.0`` finds ``8``).
    """
    game, number = (ref.game, ref.number) if isinstance(ref, RuleRef) else ref
    table = _rules(game)
    for candidate in (number, *_alternatives(number)):
        if candidate in table:
            return table[candidate]
    raise UnknownRuleError(game, number)


def has(ref: RuleRef | tuple[str, str]) -> bool:
    """Whether the game's rule list holds ``ref``."""
    try:
        lookup(ref)
    except UnknownRuleError:
        return False
    return True


def children(ref: RuleRef | tuple[str, str]) -> list[RuleEntry]:
    """The entries whose parent is ``ref``, in rulebook order."""
    entry = lookup(ref)
    return [e for e in _rules(entry.game).values() if e.parent == entry.number]


def absent(game: str) -> list[RuleEntry]:
    """The rules the text cites but does not contain (``present: false``)."""
    return [e for e in _rules(game).values() if not e.present]
