"""Every rule the product cites is in its game's rule list (docs/architecture.md "Rule references and languages").

Scans the sources and data under ``viewer/``, ``apps/`` and ``notebooks/`` (``.py``, ``.yaml``,
``.yml``, ``.ipynb``) for ``RuleRef("wif", "2.4.2")`` calls and textual citations written with the
game prefixes of :data:`viewer.ruleref.GAME_PREFIXES` (``WiF 2.4.2``, ``USE 4.1``,
``ASL E1.94``, ``Churchill 7.74``, ``SC 8.3``; a list such as ``WiF 2.2, 2.4.2`` cites each
number), and fails listing every citation whose number the game's list lacks.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from viewer.reference import rulelist
from viewer.ruleref import GAME_PREFIXES, RuleRef

ROOT = Path(__file__).resolve().parents[2]
SCANNED_DIRS = ("viewer", "apps", "notebooks")
SUFFIXES = {".py", ".yaml", ".yml", ".ipynb"}
#: The rule lists themselves are not citations.
EXCLUDED = (ROOT / "viewer" / "reference" / "data",)

_NUM = r"(?:[A-Z]?\d+|[A-Z])(?:\.\d+)*[a-z]?"
_PREFIX_TO_GAME = {prefix: game for game, prefix in GAME_PREFIXES.items()}
_TEXTUAL = re.compile(
    r"(?<![\w.])(" + "|".join(map(re.escape, _PREFIX_TO_GAME)) + r")\s+(" + _NUM + r")(?![\w(])"
    r"((?:\s*,\s*\d+(?:\.\d+)+(?![\w(]))*)"
)
_LIST_ITEM = re.compile(r"\d+(?:\.\d+)+")
_CALL = re.compile(
    r"RuleRef\(\s*(?:game\s*=\s*)?[\"'](\w+)[\"']\s*,\s*(?:number\s*=\s*)?[\"']([^\"']*)[\"']"
)


def find_citations(text: str) -> list[tuple[str, str, int]]:
    """``(game, number, line)`` for every rule citation in ``text``."""
    found = []

    def line_of(pos: int) -> int:
        return text.count("\n", 0, pos) + 1

    for m in _CALL.finditer(text):
        found.append((m.group(1), m.group(2), line_of(m.start())))
    for m in _TEXTUAL.finditer(text):
        game = _PREFIX_TO_GAME[m.group(1)]
        line = line_of(m.start())
        found.append((game, m.group(2), line))
        for extra in _LIST_ITEM.findall(m.group(3) or ""):
            found.append((game, extra, line))
    return found


def check_citation(game: str, number: str) -> str | None:
    """Why the citation is bad, or None when the game's rule list holds it."""
    try:
        ref = RuleRef(game, number)
    except ValueError as exc:
        return str(exc)
    if not rulelist.has(ref):
        return f"{ref} is not in the rule list of {game!r}"
    return None


def bad_citations(text: str, where: str = "<text>") -> list[str]:
    out = []
    for game, number, line in find_citations(text):
        problem = check_citation(game, number)
        if problem:
            out.append(f"{where}:{line}: {problem}")
    return out


def scanned_files() -> list[Path]:
    files = []
    for folder in SCANNED_DIRS:
        base = ROOT / folder
        if not base.is_dir():
            continue
        for path in sorted(base.rglob("*")):
            if path.suffix not in SUFFIXES or not path.is_file():
                continue
            if any(part in {".ipynb_checkpoints", "__pycache__"} for part in path.parts):
                continue
            if any(path.is_relative_to(ex) for ex in EXCLUDED):
                continue
            files.append(path)
    return files


# ------------------------------------------------------------------ the scanner itself


def test_scanner_finds_calls_and_textual_citations():
    sample = """
    rule = RuleRef("wif", "2.4.2")
    other = RuleRef(game='use', number='4.2.3.1')
    # Supply is traced per WiF 8.2.2 (and ASL E1.94; Churchill 7.74; SC 8.7.4; USE 7.4).
    blocks ZOC (WiF 2.2, 2.4.2, 8.2.9)
    """
    found = {(g, n) for g, n, _ in find_citations(sample)}
    assert found == {
        ("wif", "2.4.2"), ("use", "4.2.3.1"), ("wif", "8.2.2"), ("asl", "E1.94"),
        ("churchill", "7.74"), ("starcraft", "8.7.4"), ("use", "7.4"),
        ("wif", "2.2"), ("wif", "8.2.9"),
    }
    assert bad_citations(sample) == []


def test_scanner_reports_every_bad_citation():
    sample = (
        'RuleRef("wif", "99.9")\n'
        "see WiF 2.4.2 and WiF 2.4.9, also USE 4.7.7\n"
        "blocks ZOC (WiF 2.2, 8.2.99)\n"
        'RuleRef("asl", "not-a-number")\n'
    )
    bad = bad_citations(sample, "sample.py")
    joined = "\n".join(bad)
    assert len(bad) == 5, joined
    for text in ("sample.py:1: WiF 99.9", "sample.py:2: WiF 2.4.9", "sample.py:2: USE 4.7.7",
                 "sample.py:3: WiF 8.2.99", "sample.py:4: malformed rule number"):
        assert text in joined


def test_scanner_ignores_lookalikes():
    sample = "SCS units; the USER said; WiFi 2.4; ASLEEP 3; opción 13; 1.5 x 2"
    assert find_citations(sample) == []


def test_top_level_numbers_in_either_spelling():
    assert check_citation("use", "7") is None  # USE numbers its sections 7.0
    assert check_citation("wif", "8.0") is None  # WiF numbers its sections 8


# ------------------------------------------------------------------ the product


def test_scan_covers_the_product():
    files = scanned_files()
    assert any(p.suffix == ".py" for p in files)


def test_every_cited_rule_is_in_its_games_list():
    bad = []
    for path in scanned_files():
        text = path.read_text(encoding="utf-8", errors="replace")
        bad += bad_citations(text, str(path.relative_to(ROOT)))
    if bad:
        pytest.fail("rule citations missing from the rule lists:\n" + "\n".join(bad))
