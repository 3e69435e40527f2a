"""The per-game rule lists (viewer/reference/data/rules-<game>.yaml) and their loader."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from viewer import GAMES
from viewer.reference import rulelist
from viewer.reference.rulelist import RuleEntry, RuleListError, UnknownRuleError
from viewer.ruleref import RuleRef

#: The Spanish rulebooks, beside the repository (``../shared/seeds``); optional.
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
SEED_PREFIX = {"wif": "000", "churchill": "001", "starcraft": "002", "use": "003", "asl": "004"}


def seed_text(game: str) -> str:
    if not SEEDS.is_dir():
        pytest.skip(f"no rulebook texts at {SEEDS}")
    files = sorted(SEEDS.glob(f"{SEED_PREFIX[game]}_*.txt"))
    if not files:
        pytest.skip(f"no seed {SEED_PREFIX[game]}_*.txt in {SEEDS}")
    return files[0].read_text(encoding="utf-8", errors="replace")


# ------------------------------------------------------------------ the lists


@pytest.mark.parametrize("game", GAMES)
def test_every_game_has_a_list(game):
    entries = rulelist.rules(game)
    assert entries, game
    for number, entry in entries.items():
        assert isinstance(entry, RuleEntry)
        assert entry.game == game and entry.number == number
        RuleRef(game, number)  # well-formed
        assert (entry.title_en is None) == (entry.title_es is None)


@pytest.mark.parametrize("game", GAMES)
def test_numbers_are_unique_in_the_file(game):
    raw = yaml.safe_load(rulelist.data_file(game).read_text(encoding="utf-8"))
    numbers = [row["number"] for row in raw["rules"]]
    duplicates = {n for n in numbers if numbers.count(n) > 1}
    assert not duplicates
    assert all(isinstance(n, str) for n in numbers), "quote every number (2.10 is not 2.1)"


@pytest.mark.parametrize("game", GAMES)
def test_parents_exist_and_are_ancestors(game):
    entries = rulelist.rules(game)
    for entry in entries.values():
        if entry.parent is None:
            continue
        assert entry.parent in entries, entry
        parent_head = entry.parent[:-2] if entry.parent.endswith(".0") else entry.parent
        assert entry.number.startswith(parent_head), entry
        assert entry.parent != entry.number


@pytest.mark.parametrize("game", GAMES)
def test_present_rules_have_titles_or_notes(game):
    for entry in rulelist.rules(game).values():
        if entry.present:
            assert entry.title_en, entry


def test_known_shapes():
    wif = rulelist.rules("wif")
    assert wif["2.4.2"].parent == "2.4" and wif["2.4"].parent == "2" and wif["2"].parent is None
    assert wif["14.5"].present is False and wif["14.5"].title("es") == "Terreno"
    assert wif["11.11.6"].present and not wif["11.12"].present
    use = rulelist.rules("use")
    assert use["7.4"].present is False and use["7.4"].parent == "7.0"
    assert use["4.2.3.1"].parent == "4.2.3" and use["1.1"].parent == "1.0"
    church = rulelist.rules("churchill")
    assert church["7.74"].present is False and church["7.74"].parent == "7.0"
    assert church["4.21"].parent == "4.2" and church["4.23.1"].parent == "4.23"
    assert church["6.10"].parent == "6.0" and church["6.91"].parent == "6.9"
    asl = rulelist.rules("asl")
    assert asl["E1.941"].parent == "E1.94" and asl["E1.411"].parent == "E1.41"
    sc = rulelist.rules("starcraft")
    assert sc["8.10"].parent == "8" and sc["8.7.4"].parent == "8.7"


def test_absent_rules_are_listed():
    for game, number in [("wif", "14.5"), ("use", "7.4"), ("churchill", "7.74"), ("asl", "G.5"),
                         ("starcraft", "4.6")]:
        entry = rulelist.lookup(RuleRef(game, number))
        assert entry.present is False
        assert entry in rulelist.absent(game)


# ------------------------------------------------------------------ lookup and entries


def test_lookup_and_title():
    entry = rulelist.lookup(RuleRef("wif", "8.1"))
    assert entry.title("en") == "Climate zones"
    assert entry.title("es") == "Zonas climáticas"
    assert entry.ref == RuleRef("wif", "8.1")
    assert str(entry) == "WiF 8.1 Climate zones"
    with pytest.raises(ValueError, match="unknown language"):
        entry.title("fr")
    untitled = rulelist.lookup(RuleRef("wif", "14.1.2"))
    assert untitled.title("es") == "" and untitled.title_en is None and not untitled.present


def test_lookup_top_level_in_either_spelling():
    assert rulelist.lookup(RuleRef("use", "7")).number == "7.0"
    assert rulelist.lookup(RuleRef("wif", "8.0")).number == "8"
    assert rulelist.lookup(("churchill", "6")).number == "6.0"


def test_unknown_rule_error_names_game_and_number():
    with pytest.raises(UnknownRuleError) as info:
        rulelist.lookup(RuleRef("wif", "99.9"))
    assert isinstance(info.value, KeyError)
    assert "99.9" in str(info.value) and "wif" in str(info.value)
    assert (info.value.game, info.value.number) == ("wif", "99.9")
    assert not rulelist.has(RuleRef("use", "4.9"))
    assert rulelist.has(RuleRef("use", "4.2.4.4"))


def test_children():
    kids = [e.number for e in rulelist.children(RuleRef("wif", "2.4"))]
    assert kids == ["2.4.1", "2.4.2", "2.4.3"]


def test_unknown_game():
    with pytest.raises(ValueError, match="unknown game"):
        rulelist.rules("chess")


def test_widened_numbers():
    for game, number in [("asl", "E1.941"), ("asl", "G.5"), ("asl", "A10.61"), ("churchill", "7.74")]:
        RuleRef(game, number)
    with pytest.raises(ValueError):
        RuleRef("asl", "E(C)1.2")


# ------------------------------------------------------------------ validation errors


def _write(tmp_path, text: str) -> Path:
    path = tmp_path / "rules-wif.yaml"
    path.write_text(text, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    "body, message",
    [
        ('rules:\n  - {number: "2.1", en: Terrain, es: Terreno}\n  - {number: "2.1", en: A, es: B}\n',
         "number 2.1 is listed twice"),
        ('rules:\n  - {number: "2.1", en: Terrain}\n', "rules entry 1 (number 2.1): give the title in both"),
        ('rules:\n  - {number: 2.1, en: Terrain, es: Terreno}\n', "rules entry 1: 'number' must be a quoted"),
        ('rules:\n  - {number: "2.1", en: Terrain, es: Terreno, colour: red}\n', "unknown key(s) colour"),
        ('rules:\n  - {number: "2.1", en: A, es: B, present: maybe}\n', "'present' must be true or false"),
        ('rules:\n  - {number: "2.1", en: A, es: B, parent: "9"}\n', "parent '9' is not in the list"),
        ('rules:\n  - {number: "2.1", en: A, es: B, title_source: guess}\n', "'title_source' must be one of"),
        ('rules: []\n', "'rules' must be a non-empty list"),
    ],
)
def test_validation_names_file_and_entry(tmp_path, body, message):
    path = _write(tmp_path, "game: wif\nnumbering: dotted\ntop_level: 'N'\n" + body)
    with pytest.raises(RuleListError) as info:
        rulelist.load_rule_file(path)
    assert "rules-wif.yaml" in str(info.value)
    assert message in str(info.value)


def test_validation_checks_the_game(tmp_path):
    path = _write(tmp_path, 'game: use\nrules:\n  - {number: "1.0", en: A, es: B}\n')
    with pytest.raises(RuleListError, match="expected 'wif'"):
        rulelist.load_rule_file(path, game="wif")


def test_lists_ship_in_the_package():
    source = Path(rulelist.__file__).read_text(encoding="utf-8")
    assert "shared" not in source  # never read ../shared at run time
    for game in GAMES:
        assert rulelist.data_file(game).is_file()


# ------------------------------------------------------------------ against the Spanish texts


def _normalise(text: str) -> str:
    return re.sub(r"(\d\.)[ \t]+(?=\d)", r"\1", text)  # OCR: "4.2. 2" -> "4.2.2"


def _heading_pattern(number: str) -> re.Pattern:
    n = re.escape(number)
    # at a line start, or after a space and followed by a capitalised word (headings run into
    # the previous line in the OCR, e.g. "1.0 Información General 1.1 Introducción")
    return re.compile(
        rf"(?m)(^[ \t]*{n}(?![\d])[.:]?(?:\s|$))|((?<=\s){n}[.:]?[ \t]+[A-ZÁÉÍÓÚÑ¿])|(Parte {n}\b)"
    )


@pytest.mark.parametrize("game", ["wif", "use", "churchill", "starcraft"])
def test_present_rules_occur_in_the_spanish_text(game):
    text = _normalise(seed_text(game))
    missing = []
    for entry in rulelist.rules(game).values():
        if not entry.present:
            continue
        printed = entry.printed_as or entry.number
        printed = _normalise(printed)
        candidates = {printed, printed + ".0"} if printed.isdigit() else {printed}
        if printed.endswith(".0"):
            candidates.add(printed[:-2])
        if not any(_heading_pattern(c).search(text) for c in candidates):
            missing.append(entry.number)
    assert not missing, f"{game}: present rules not found as headings in the seed: {missing}"


@pytest.mark.parametrize("game", GAMES)
def test_every_number_is_traceable_to_the_text(game):
    """No invented numbers: each number (or its printed form) occurs in the Spanish text."""
    text = _normalise(seed_text(game))
    missing = []
    for entry in rulelist.rules(game).values():
        if game == "asl" and entry.number == "E1":
            continue  # the night chapter itself; the text cites only its rules (E1.94 ...)
        printed = _normalise(entry.printed_as or entry.number)
        forms = {printed}
        if printed.endswith(".0"):
            forms.add(printed[:-2])
        elif printed.isdigit():
            forms.add(printed + ".0")
        if not any(re.search(rf"(?<![\w.]){re.escape(f)}(?!\.?\d)", text) for f in forms):
            missing.append(entry.number)
    assert not missing, f"{game}: numbers not found in the seed text: {missing}"
