"""The rulebook indexer: split a user's own plain-text rulebook into its numbered sections.

The project ships no rulebook text; a user points this at *their* copy (``python -m viewer index
RULEBOOK.txt --game wif`` or the upload box of the reference app) and gets the section tree::

    >>> idx = index_text("1. Intro\\nWords.\\n1.1 Dice\\nRoll.\\n2. Range\\nCount.\\n", "wif")
    >>> [(s.number, s.title, s.first_line, s.last_line, s.parent) for s in idx.sections]
    [('1', 'Intro', 1, 2, None), ('1.1', 'Dice', 3, 4, '1'), ('2', 'Range', 5, 6, None)]

How it copes with OCR'd text (the seeds in ``../shared/seeds`` are the test bed):

1. **Candidates.** A number at the start of a line (``2.4.2 Title``, ``8.3.1: Title``,
   ``3.2.1. Title``, ``4.2. 2 Title`` with a stray space, a number alone on its line with the title
   on the next), a dotted number glued after the end of the previous sentence on the same line
   (``… General 1.1 Introducción``), and Roman-numbered parts in capitals (``V. ILUMINACIÓN …``,
   ``… enemiga. VII. FASE DE …``).
2. **Table of contents and page numbers.** A candidate followed by dot leaders and a page
   number, or whose title runs on into a line that ends in a page number, or that is followed by a
   line holding only a number, is a contents entry, not a section. Bare numbers that begin a line
   with lower-case text (``4 se usarán …``) are page numbers and never candidates; numbered list
   items (``1. Cuando …``) are not sections in games whose chapters read ``N.0``.
3. **Reading order.** Sections run in order: each is the next sibling of the last one (allowing
   up to three missing numbers), its first child, or the next sibling of an ancestor. The chain
   of candidates with the most weight that obeys this rule is kept (dynamic programming over all
   candidates), so a stray cross-reference, list item or contents line that breaks the order is
   dropped while the true headings, which form a long chain, survive.
4. **Headings broken across lines.** A short title continued by a short lower-case line
   (``11.9 Ataque a`` / ``tierra``) is joined.

Numbering styles come from the game's rule list (``dotted``/``decimal``; chapters ``N`` or
``N.0``); decimal numbering (Churchill, ASL) reads ``4.23`` as the third child of ``4.2``.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from importlib import resources

import yaml

from viewer.reference.cards import _matches

_UPPER = "A-ZÁÉÍÓÚÑÜ"
_LOWER = "a-záéíóúñü"
# A number at the start of a line: 2.4.2 | 8.3.1: | 3.2.1. | 4.2. 2 | 7. | 2.4.2Trazar (glued)
_LINE_START = re.compile(
    r"^\s*(?P<num>\d{1,2}(?:\.\s?\d{1,3})*)(?P<sep>\.:?|:)?(?=\s|$|(?<=\d)[A-ZÁÉÍÓÚÑ][a-záéíóúñ]{2})\s*(?P<rest>.*)$")
# A dotted number glued after the end of the previous sentence or heading words.
_MID_LINE = re.compile(
    rf"(?<=[{_UPPER}{_LOWER}.:;!?)\]”\"])\s+(?P<num>\d{{1,2}}(?:\.\d{{1,3}})+)(?P<sep>\.:?|:)?\s+(?P<rest>[{_UPPER}¿¡“\"].*)$")
# "Parte 8: Title" / "Chapter 3. Title": a numbered part or chapter.
_PART = re.compile(
    r"^\s*(?:Parte|Part|Cap[ií]tulo|Chapter|Secci[oó]n|Section)\s+(?P<num>\d{1,2})\s*[:.]?\s+(?P<rest>\S.*)$", re.I)
_LEADERS = re.compile(r"(?:\.\s*){3,}\s*\.?\d{1,3}\b|…\s*\d{1,3}\b")
_PAGE_TAIL = re.compile(r"\s\d{1,3}$")
_ONLY_NUMBER = re.compile(r"^\s*\d{1,3}\s*$")
_REFERENCE_BEFORE = re.compile(r"(?:\(|\bver|\bvéase|\bsee|\bregla|\brule|\by|\bo|\band|\bor|,|/|-)\s*$", re.I)
_ROMAN_VALUES = {"I": 1, "V": 5, "X": 10}
#: How far a sibling may jump ahead (headings lost to OCR).
MAX_GAP = 3
#: How many earlier candidates a heading's predecessor is sought among (keeps long books linear).
LOOKBACK = 400


@dataclass
class Section:
    """One numbered section of the user's rulebook (lines are 1-based, inclusive)."""

    number: str
    title: str
    first_line: int
    last_line: int
    parent: str | None = None
    key: tuple = field(default=(), repr=False, compare=False)

    def to_json(self) -> dict:
        return {"number": self.number, "title": self.title, "first_line": self.first_line,
                "last_line": self.last_line, "parent": self.parent}


@dataclass
class RulebookIndex:
    """The sections of a rulebook, in reading order, with the text to show and search."""

    game: str | None
    sections: list[Section]
    lines: list[str]

    def numbers(self) -> list[str]:
        return [s.number for s in self.sections]

    def get(self, number: str) -> Section | None:
        """The section printed as ``number`` (``7`` also finds ``7.0``)."""
        wanted = {number, number[:-2] if number.endswith(".0") else f"{number}.0"}
        return next((s for s in self.sections if s.number in wanted), None)

    def text(self, number: str) -> str:
        section = self.get(number)
        if section is None:
            raise KeyError(number)
        return "\n".join(self.lines[section.first_line - 1:section.last_line])

    def children(self, number: str | None) -> list[Section]:
        return [s for s in self.sections if s.parent == number]

    def search(self, query: str) -> list[Section]:
        """Sections whose number, title or text match ``query`` (accent-insensitive)."""
        return [s for s in self.sections
                if query.strip() == s.number or _matches(query, f"{s.title} {self.text(s.number)}")]

    def to_json(self) -> dict:
        return {"game": self.game, "sections": [s.to_json() for s in self.sections]}


@dataclass
class _Candidate:
    number: str
    key: tuple
    title: str
    line: int  # 0-based
    col: int
    weight: float
    roman: bool = False
    alternatives: tuple = ()


# --------------------------------------------------------------------------- numbering


def numbering_of(game: str | None) -> tuple[str, str]:
    """``(numbering, top_level)`` of a game's rule list; ``("dotted", "N")`` when unknown."""
    if game is None:
        return "dotted", "N"
    try:
        res = resources.files(__package__) / "data" / f"rules-{game}.yaml"
        data = yaml.safe_load(res.read_text(encoding="utf-8"))
    except (FileNotFoundError, yaml.YAMLError):
        return "dotted", "N"
    return data.get("numbering", "dotted"), str(data.get("top_level", "N"))


def number_key(number: str, numbering: str = "dotted", top_level: str = "N") -> tuple[int, ...]:
    """A sortable tree key: ``2.4.2`` -> (2, 4, 2); decimal ``4.23.1`` -> (4, 2, 3, 1); ``7.0`` -> (7,)."""
    parts = [int(p) for p in number.split(".")]
    if top_level == "N.0" and len(parts) == 2 and parts[1] == 0:
        parts = parts[:1]
    if numbering == "decimal" and len(parts) >= 2:
        second = str(parts[1])
        parts = [parts[0], *[int(d) for d in second], *parts[2:]]
    return tuple(parts)


def roman_value(text: str) -> int:
    total = 0
    for i, ch in enumerate(text):
        value = _ROMAN_VALUES[ch]
        nxt = _ROMAN_VALUES[text[i + 1]] if i + 1 < len(text) else 0
        total += -value if value < nxt else value
    return total


def follows(a: tuple, b: tuple, gap: int = MAX_GAP) -> bool:
    """Whether a section numbered ``b`` may come right after one numbered ``a``."""
    c = 0
    while c < min(len(a), len(b)) and a[c] == b[c]:
        c += 1
    if c == len(b):  # b equals a or is an ancestor of a
        return False
    if c == len(a):  # b is a descendant of a: its first child (or one a little later)
        return all(part <= 2 for part in b[c:])
    if not a[c] < b[c] <= a[c] + gap:
        return False
    return all(part <= 2 for part in b[c + 1:])


# --------------------------------------------------------------------------- candidates


#: Where a heading's own words end and its section's first sentence begins on the same line: a
#: capitalised word glued to the heading (``ResumenCada …``), a colon followed by a capitalised
#: word and two lower-case ones (``Fase 4: Puntuación y Mantenimiento`` stays whole), or a
#: capitalised sentence opener after the heading's first word (``Procedimiento … Una unidad …``).
_GLUED_SENTENCE = re.compile(r"(?<=[a-záéíóúñ]{4})(?=[A-ZÁÉÍÓÚÑ][a-záéíóúñ])")
_COLON_SENTENCE = re.compile(r":\s+(?=[A-ZÁÉÍÓÚÑ]\S*\s+[a-záéíóúñ]\S*\s+[a-záéíóúñ])")
_SENTENCE_OPENER = re.compile(r"(?<=\S)\s+(?:Una?|El|La|Los|Las|Cada|Cuando|Según|Al|Each|The|If|When|An?|This)\s+"
                              r"(?=[a-záéíóúñ])")


def _clean_title(rest: str) -> str:
    rest = _LEADERS.split(rest)[0]
    rest = re.split(r"(?<=[a-záéíóúñ\)])\.\s|\s{2,}", rest.strip(), maxsplit=1)[0]
    for cut in (_GLUED_SENTENCE, _COLON_SENTENCE, _SENTENCE_OPENER):
        rest = cut.split(rest, maxsplit=1)[0]
    words = rest.split()
    title = " ".join(words[:12])
    return title.strip(" .:;-")


def _next_nonblank(lines: list[str], i: int, limit: int = 4) -> list[tuple[int, str]]:
    out = []
    j = i + 1
    while j < len(lines) and len(out) < limit:
        if lines[j].strip():
            out.append((j, lines[j].strip()))
        j += 1
    return out


def _looks_like_contents(rest: str, following: list[tuple[int, str]]) -> bool:
    """Dot leaders and a page number, a title that runs into a page number, or a lone number."""
    if _LEADERS.search(rest) or re.search(r"\.{3}", rest):
        return True
    if rest and _PAGE_TAIL.search(rest) and len(rest) < 60:
        return True
    for _, text in following[:3]:
        if _ONLY_NUMBER.match(text):
            return True
        if _LINE_START.match(text) and re.match(r"^\s*\d+\.\d", text):
            break  # the next heading: stop looking
        if len(text) >= 45 or text.endswith((".", ":", ";")):
            break  # body text
        if _PAGE_TAIL.search(text):
            return True
    return False


def _candidates(lines: list[str], numbering: str, top_level: str) -> list[_Candidate]:
    found: list[_Candidate] = []
    for i, line in enumerate(lines):
        following = _next_nonblank(lines, i)
        p = _PART.match(line)
        if p:
            found.append(_Candidate(p.group("num"), (int(p.group("num")),), _clean_title(p.group("rest")),
                                    i, 0, 1.0))
        m = _LINE_START.match(line)
        if m:
            number = re.sub(r"\s", "", m.group("num"))
            sep, rest = m.group("sep") or "", m.group("rest").strip()
            dotted = "." in number
            ok = True
            if not dotted and (top_level == "N.0" or not sep.startswith(".")):
                ok = False  # bare numbers: page numbers, list items in N.0 games
            if ok and rest:
                first = rest[0]
                lower_ok = sep.endswith(":")
                if not (first.isupper() or first in "¿¡“\"" or (lower_ok and first.isalpha())):
                    ok = False
                if len(re.findall(rf"[{_UPPER}{_LOWER}]", rest[:20])) < 2:
                    ok = False
            if ok and not rest:  # number alone: the title is on the next line
                if following and following[0][1][:1].isupper() and not _LINE_START.match(following[0][1]):
                    rest = following[0][1]
                    following = following[1:]
                else:
                    ok = False
            if ok:
                try:
                    key = number_key(number, numbering, top_level)
                except ValueError:
                    key = None
                if key and key[0] > 0:
                    alternatives = _alternatives(number, key, top_level)
                    weight = -1.0 if _looks_like_contents(rest, following) else 1.0
                    title = _clean_title(_cut_glued(rest))
                    # a short title continued by a short lower-case line (a broken heading)
                    if (weight > 0 and following and len(rest) < 30 and len(following[0][1]) < 25
                            and following[0][1][:1].islower() and not following[0][1].endswith((".", ":"))):
                        title = f"{title} {following[0][1]}".strip()
                    found.append(_Candidate(number, key, title, i, m.start("num"), weight,
                                            alternatives=alternatives))
        for g in _MID_LINE.finditer(line):
            if m and g.start("num") <= m.end("num"):
                continue
            before = line[:g.start("num")]
            if _REFERENCE_BEFORE.search(before):
                continue
            number = g.group("num")
            rest = g.group("rest")
            if _LEADERS.search(rest) or re.search(r"\.{3}", rest):
                weight = -1.0
            else:
                weight = 0.8
            key = number_key(number, numbering, top_level)
            found.append(_Candidate(number, key, _clean_title(_cut_glued(rest)), i, g.start("num"), weight,
                                    alternatives=_alternatives(number, key, top_level)))
        for r in re.finditer(r"(?:^|(?<=[.!?:]\s))\s*([IVX]{1,4})\.?\s+(?=[" + _UPPER + r"]{3,})", line):
            seg = line[r.start(1):]
            rm = re.match(rf"(?P<num>[IVX]{{1,4}})\.?\s+(?P<rest>[{_UPPER}]{{3,}}(?:\s+[{_UPPER}]+)+)", seg)
            if rm:
                found.append(_Candidate(rm.group("num"), (roman_value(rm.group("num")),),
                                        rm.group("rest").strip(), i, r.start(1), 1.0, roman=True))
    found.sort(key=lambda c: (c.line, c.col))
    return found


def _alternatives(number: str, key: tuple, top_level: str) -> tuple:
    """Other readings of a decimal number: ``6.10`` may be the tenth section of 6, not 6.1.0."""
    dotted = number_key(number, "dotted", top_level)
    return (dotted,) if dotted != key else ()


def _cut_glued(rest: str) -> str:
    """The heading words before a second heading glued on the same line."""
    m = re.search(r"\s\d{1,2}(?:\.\d{1,3})+\s+[" + _UPPER + "]", rest)
    return rest[:m.start()] if m else rest


# --------------------------------------------------------------------------- the chain


def _best_chain(found: list[_Candidate]) -> list[_Candidate]:
    """The heaviest subsequence in reading order in which each number follows the previous one."""
    from dataclasses import replace

    cands = [variant for c in found
             for variant in (c, *(replace(c, key=alt, alternatives=()) for alt in c.alternatives))]
    n = len(cands)
    if not n:
        return []
    best = [c.weight for c in cands]
    prev = [-1] * n
    for j in range(n):
        if cands[j].weight <= 0:
            continue
        for i in range(max(0, j - LOOKBACK), j):
            if best[i] + cands[j].weight > best[j] and cands[i].weight > 0 \
                    and (cands[i].line, cands[i].col) < (cands[j].line, cands[j].col) \
                    and follows(cands[i].key, cands[j].key):
                best[j] = best[i] + cands[j].weight
                prev[j] = i
    end = max(range(n), key=lambda k: best[k])
    if best[end] <= 0:
        return []
    chain = []
    while end != -1:
        chain.append(cands[end])
        end = prev[end]
    return chain[::-1]


def index_text(text: str, game: str | None = None, numbering: str | None = None,
               top_level: str | None = None) -> RulebookIndex:
    """Index a plain-text rulebook (``game`` picks the numbering style of its rule list)."""
    default_numbering, default_top = numbering_of(game)
    numbering = numbering or default_numbering
    top_level = top_level or default_top
    lines = text.splitlines()
    cands = _candidates(lines, numbering, top_level)
    arabic = _best_chain([c for c in cands if not c.roman])
    roman = _best_chain([c for c in cands if c.roman])
    if len(roman) < 2:
        roman = []
    chosen = sorted(arabic + roman, key=lambda c: (c.line, c.col))
    last_text_line = max((i + 1 for i, line in enumerate(lines) if line.strip()), default=0)
    sections: list[Section] = []
    for k, c in enumerate(chosen):
        if k + 1 < len(chosen):
            nxt = chosen[k + 1]
            last = nxt.line + 1 if nxt.col > 0 else nxt.line  # a glued heading shares its line
            last = max(c.line + 1, last)
        else:
            last = last_text_line
        sections.append(Section(c.number, c.title, c.line + 1, last, key=(c.roman, c.key)))
    # parents: the nearest earlier section whose key is a prefix of this one
    stack: list[Section] = []
    for s in sections:
        roman, key = s.key
        while stack and not (stack[-1].key[0] == roman and key[:len(stack[-1].key[1])] == stack[-1].key[1]
                             and len(stack[-1].key[1]) < len(key)):
            stack.pop()
        s.parent = stack[-1].number if stack else None
        stack.append(s)
    return RulebookIndex(game, sections, lines)


def index_file(path, game: str | None = None) -> RulebookIndex:
    """Index a rulebook file (UTF-8, or Latin-1 when it is not valid UTF-8)."""
    from pathlib import Path

    raw = Path(path).read_bytes()
    return index_text(decode(raw), game)


def decode(raw: bytes, origin: str = "rulebook") -> str:
    """Text of a rulebook file (viewer.safeload.decode: UTF-8, else Windows-1252/Latin-1; binary
    data and files past the rulebook size limit are refused with a LoadError)."""
    from viewer.safeload import decode as decode_text

    return decode_text(raw, origin, "rulebook").text
