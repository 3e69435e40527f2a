"""The rulebook indexer (viewer.reference.indexer) and the ``index`` verb of the command line.

On the seeds in ../shared/seeds (skipped when absent) precision and recall against hand-made lists
of each seed's true section numbers must both reach 0.95; a small synthetic rulebook written for
these tests must give an exact tree.
"""
from __future__ import annotations

import json
from pathlib import Path

import pytest

from viewer.cli import main
from viewer.reference.indexer import follows, index_file, index_text, number_key

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"

#: The true numbered sections of each seed, by hand (number as printed, OCR spaces removed).
#: Churchill prints 4.32 as "4.23" (kept once: a set) and 5.23 as "5.3"; USE prints 4.2.2 as
#: "4.2. 2". ASL's seed is a summary in three Roman-numbered parts.
TRUE_SECTIONS = {
    "wif": """
        1 1.1 1.2 1.3 2 2.1 2.1.1 2.1.2 2.1.3 2.1.4 2.2 2.3 2.3.1 2.4 2.4.1 2.4.2 2.4.3 2.5 2.6 2.7 2.8
        3 3.1 4 4.1 4.1.1 4.1.2 4.1.3 4.1.4 4.2 5 5.1 6 6.1 6.2 7 8 8.1 8.2 8.2.1 8.2.2 8.2.3 8.2.4
        8.2.5 8.2.6 8.2.7 8.2.8 8.2.9 8.2.10 9 9.1 9.2 9.3 9.4 9.5 9.6 9.7 9.8 9.9 9.10 10 10.1 10.2 11
        11.1 11.2 11.3 11.4 11.4.1 11.4.2 11.4.3 11.4.4 11.4.5 11.4.6 11.5 11.5.1 11.5.2 11.5.3 11.5.4
        11.5.5 11.5.6 11.5.7 11.5.8 11.5.9 11.5.10 11.5.11 11.6 11.7 11.7.1 11.8 11.9 11.10 11.11
        11.11.1 11.11.2 11.11.3 11.11.4 11.11.5 11.11.6
    """,
    "use": """
        1.0 1.1 1.1.1 1.1.2 1.1.3 1.1.4 1.1.5 1.1.6 1.2 1.2.1 1.3 1.3.1 1.3.2 1.3.3 1.3.4 1.3.5 1.3.6
        1.3.7 1.3.8 1.3.9 1.4 1.5 1.6 1.7 1.7.1 1.7.1.1 2.0 2.1 2.1.1 2.1.2 2.1.2.1 2.2 2.2.1 2.3 2.3.1
        3.0 3.1 3.2 3.2.1 3.2.2 3.2.2.1 3.2.3 3.3 4.0 4.1 4.1.1 4.1.2 4.1.3 4.1.4 4.2 4.2.1 4.2.2
        4.2.2.1 4.2.3 4.2.3.1 4.2.3.2 4.2.3.3 4.2.3.4 4.2.3.5 4.2.3.6 4.2.3.7 4.2.4 4.2.4.1 4.2.4.2
        4.2.4.3 4.2.4.4 5.0
    """,
    "churchill": """
        1.0 2.0 3.0 3.1 3.2 3.2.1 3.22 3.23 3.24 3.25 3.26 3.27 3.28 3.3 3.31 3.32 3.33 3.4 4.0 4.1 4.2
        4.21 4.22 4.23 4.23.1 4.23.2 4.23.3 4.23.4 4.23.5 4.23.6 4.23.7 4.3 4.31 4.23 4.33 4.4 4.41 4.42
        4.43 4.44 4.5 4.51 4.52 4.53 4.6 4.7 5.0 5.11 5.12 5.13 5.14 5.2 5.21 5.22 5.3 5.24 5.25 5.26
        5.27 6.0 6.1 6.2 6.21 6.22 6.3 6.31 6.32 6.4 6.5 6.6 6.7 6.8 6.81 6.9 6.91 6.92 6.10
    """,
    "starcraft": """
        8 8.1 8.2 8.2.1 8.2.2 8.3 8.3.1 8.3.2 8.3.3 8.4 8.4.1 8.4.2 8.5 8.5.1 8.5.2 8.5.3 8.5.4 8.5.5
        8.6 8.6.1 8.6.2 8.7 8.7.1 8.7.2 8.7.3 8.7.4 8.7.5 8.7.6 8.7.7 8.8 8.8.1 8.9 8.9.1 8.9.2 8.9.3
        8.9.4 8.9.5 8.9.6 8.10
    """,
    "asl": "V VI VII",
}
SEED_GAMES = {"000": "wif", "001": "churchill", "002": "starcraft", "003": "use", "004": "asl"}


def _seed(game: str) -> Path:
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is absent")
    prefix = next(p for p, g in SEED_GAMES.items() if g == game)
    return next(SEEDS.glob(f"{prefix}_*.txt"))


def precision_recall(found: list[str], truth: set[str]) -> tuple[float, float]:
    hits = len(set(found) & truth)
    return hits / max(1, len(set(found))), hits / len(truth)


@pytest.mark.parametrize("game", list(TRUE_SECTIONS))
def test_precision_and_recall_on_each_seed(game):
    idx = index_file(_seed(game), game)
    truth = set(TRUE_SECTIONS[game].split())
    precision, recall = precision_recall(idx.numbers(), truth)
    missing = sorted(truth - set(idx.numbers()))
    extra = sorted(set(idx.numbers()) - truth)
    assert precision >= 0.95 and recall >= 0.95, (game, precision, recall, missing, extra)


@pytest.mark.parametrize("game, numbers", [
    ("wif", ["2.4.2", "8.2.2", "11.9", "11.11.6"]),
    ("use", ["4.2.4", "4.2.4.4", "4.2.2"]),
    ("starcraft", ["8.3.1", "8.9", "8"]),
    ("churchill", ["5.24", "6.10"]),
    ("asl", ["V", "VI", "VII"]),
])
def test_named_sections_are_found(game, numbers):
    found = index_file(_seed(game), game).numbers()
    for number in numbers:
        assert number in found, number


def test_table_of_contents_and_page_numbers_are_not_sections():
    idx = index_file(_seed("wif"), "wif")
    # the contents list 11.12 ... 24 (text absent) and prints page numbers; none may appear
    assert not {"11.12", "12", "13", "14.5", "24"} & set(idx.numbers())
    assert idx.get("1").first_line > 290  # the body's "1. Introducción", not the contents entry
    churchill = index_file(_seed("churchill"), "churchill")
    assert all(not n.isdigit() for n in churchill.numbers())  # "1. Cuando …", "4 se usarán …"


def test_headings_broken_across_lines_and_glued_headings():
    wif = index_file(_seed("wif"), "wif")
    assert wif.get("11.9").title == "Ataque a tierra"
    use = index_file(_seed("use"), "use")
    one, intro = use.get("1.0"), use.get("1.1")
    assert one.first_line == intro.first_line == 40  # "1.0 Información General 1.1 Introducción"
    assert one.title == "Información General" and intro.title == "Introducción"
    asl = index_file(_seed("asl"), "asl")
    assert asl.get("VII").first_line == 14 and asl.get("VII").title.startswith("FASE DE REAGRUPAMIENTO")


def test_a_heading_stops_where_its_first_sentence_begins():
    """A heading printed on one line with the start of its text keeps only its own words."""
    text = ("1. Basics\nStart.\n1.1 Procedure Each unit with a marker may move\nWords.\n"
            "1.2 Order Segment: At the start of the turn\nWords.\n1.3 SummaryEvery player moves\nWords.\n"
            "1.4 Phase 4: Scoring and Upkeep\nWords.\n1.5 Phase 1: the Movement Phase\nWords.\n")
    idx = index_text(text, "wif")
    assert [idx.get(n).title for n in ("1.1", "1.2", "1.3", "1.4", "1.5")] == [
        "Procedure", "Order Segment", "Summary", "Phase 4: Scoring and Upkeep", "Phase 1: the Movement Phase"]


def test_sections_cover_the_text_in_reading_order():
    idx = index_file(_seed("wif"), "wif")
    lines = [s.first_line for s in idx.sections]
    assert lines == sorted(lines)
    for a, b in zip(idx.sections, idx.sections[1:]):
        assert a.last_line in (b.first_line - 1, b.first_line)
    assert idx.get("2.4.2").parent == "2.4" and idx.get("2.4").parent == "2"
    assert "abastecimiento" in idx.text("2.4.2").lower()


# ------------------------------------------------------------------ synthetic rulebook: exact tree

SYNTHETIC = """\
Contents
1. Basics ........ 2
2. Moving ........ 5
1. Basics
Every game starts here.
1.1 Dice
Roll two dice; see 2.1 for moving.
1.2 Range
Count hexes (see 1.1).
2. Moving
2.1: terrain costs
Pay for every hex.
1. pay the cost
2. move on
2.1.1 Rivers cost
more
Add one.
2.2 Stopping
Halt at the river. 2.3 Supply
Trace a line.
7
3. Combat
Fight.
3.1 Odds
Divide.
"""

EXPECTED_TREE = [
    ("1", "Basics", 4, 5, None),
    ("1.1", "Dice", 6, 7, "1"),
    ("1.2", "Range", 8, 9, "1"),
    ("2", "Moving", 10, 10, None),
    ("2.1", "terrain costs", 11, 14, "2"),
    ("2.1.1", "Rivers cost more", 15, 17, "2.1"),
    ("2.2", "Stopping", 18, 19, "2"),
    ("2.3", "Supply", 19, 21, "2"),
    ("3", "Combat", 22, 23, None),
    ("3.1", "Odds", 24, 25, "3"),
]


def test_synthetic_rulebook_gives_the_exact_tree():
    idx = index_text(SYNTHETIC, "wif")
    got = [(s.number, s.title, s.first_line, s.last_line, s.parent) for s in idx.sections]
    assert got == EXPECTED_TREE
    assert [s.number for s in idx.children(None)] == ["1", "2", "3"]
    assert [s.number for s in idx.search("rivers")] == ["2.1.1"]
    assert [s.number for s in idx.search("DIVIDE")] == ["3.1"]


def test_numbers_glued_to_their_title():
    idx = index_text("2. Basics\nText.\n2.1Dice rolls\nRoll.\n2.2 Range\nCount 2.5km.\n", "wif")
    assert [(s.number, s.title) for s in idx.sections] == [("2", "Basics"), ("2.1", "Dice rolls"),
                                                           ("2.2", "Range")]


def test_number_keys_and_order():
    assert number_key("2.4.2") == (2, 4, 2)
    assert number_key("7.0", top_level="N.0") == (7,)
    assert number_key("4.23.1", "decimal", "N.0") == (4, 2, 3, 1)
    assert follows((2, 4, 3), (2, 5)) and follows((2, 8), (3,)) and follows((2,), (2, 1))
    assert not follows((2, 4), (2, 3)) and not follows((8, 7, 3), (1,)) and not follows((2, 1), (2, 9))


def test_empty_and_binary_input():
    assert index_text("", "wif").sections == []
    from viewer.reference.indexer import decode

    with pytest.raises(ValueError, match="binary"):
        decode(b"\x00\x01PK")
    assert decode("Año".encode("latin-1")) == "Año"


# ------------------------------------------------------------------ command line


def test_cli_index_prints_the_sections(tmp_path, capsys):
    book = tmp_path / "book.txt"
    book.write_text(SYNTHETIC, encoding="utf-8")
    assert main(["index", str(book), "--game", "wif"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["game"] == "wif"
    assert [(s["number"], s["title"], s["first_line"], s["last_line"]) for s in out["sections"]] == \
        [row[:4] for row in EXPECTED_TREE]


def test_cli_index_bad_input_exits_2(tmp_path, capsys):
    assert main(["index", str(tmp_path / "missing.txt"), "--game", "wif"]) == 2
    err = json.loads(capsys.readouterr().err)["error"]
    assert err["parameter"] == "rulebook" and "missing.txt" in err["message"]
    assert main(["index", str(tmp_path / "missing.txt"), "--game", "chess"]) == 2
    err = json.loads(capsys.readouterr().err)["error"]
    assert err["parameter"] == "game" and "wif" in err["allowed"]
