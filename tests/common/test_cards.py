"""Rule cards and the glossary (viewer.reference.cards): load, cross-link, search, both languages,
and never the rulebook's own sentences."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from viewer.calculators import REGISTRY
from viewer.i18n import LANGUAGES, catalogue
from viewer.reference import cards, rulelist
from viewer.reference.cards import CardError, fold, parse_cards

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"
NOTEBOOKS = ROOT / "notebooks"


def _raw(game="wif"):
    return yaml.safe_load((ROOT / "viewer" / "reference" / "data" / f"cards-{game}.yaml").read_text(encoding="utf-8"))


# ------------------------------------------------------------------ coverage


def test_every_present_wif_rule_has_a_card():
    present = [e.number for e in rulelist.rules("wif").values() if e.present]
    have = cards.cards("wif")
    missing = [n for n in present if n not in have]
    assert not missing, f"WiF rules without a card: {missing}"
    assert len(have) == len(present) == 99


def test_cards_follow_rulebook_order():
    order = list(rulelist.rules("wif"))
    numbers = list(cards.cards("wif"))
    assert numbers == sorted(numbers, key=order.index)


def test_every_card_has_both_languages_and_a_title():
    for card in cards.cards("wif").values():
        for lang in LANGUAGES:
            assert card.summary(lang).strip(), (card.number, lang)
            assert card.title(lang).strip(), (card.number, lang)
        assert len(card.numbers("en")) == len(card.numbers("es"))
        assert card.summary("en") != card.summary("es"), card.number


# ------------------------------------------------------------------ links


def test_links_resolve():
    terms = cards.glossary()
    for card in cards.cards("wif").values():
        for ref in card.related_refs():
            assert rulelist.has(ref), (card.number, ref)
        for slug in card.calculators:
            assert slug in REGISTRY, (card.number, slug)
        for tid in card.terms:
            assert tid in terms, (card.number, tid)
        for nb in card.notebooks:
            assert (NOTEBOOKS / nb).is_file(), (card.number, nb)


def test_overlays_name_layers_of_the_map():
    layers = set(pytest.importorskip("viewer.views.map.map_layers").LAYERS)
    layers |= set(pytest.importorskip("viewer.views.wif.supply_layers").LAYER_RULES)
    linked = {o for c in cards.cards("wif").values() for o in c.overlays}
    assert linked and linked <= layers, linked - layers
    assert {"zoc", "stacking", "supply_chain", "railways", "rivers"} <= linked


def test_calculators_and_cards_link_both_ways():
    linked = {slug for c in cards.cards("wif").values() for slug in c.calculators}
    assert "core.dice" in linked
    for slug, cls in REGISTRY.items():
        for ref in cls.rules:
            card = cards.card_for(ref)
            if card is not None:
                assert slug in card.calculators, (slug, ref)


@pytest.mark.parametrize("mutate, message", [
    (lambda c: c.update(calculators=["wif.no-such-calculator"]), "calculator 'wif.no-such-calculator' does not exist"),
    (lambda c: c.update(related=["99.9"]), "related rule 99.9 is not in the rule list"),
    (lambda c: c.update(number="99.9"), "rule 99.9 is not in the rule list"),
    (lambda c: c.update(number="14.5"), "not in the available text"),
    (lambda c: c.update(terms=["no-such-term"]), "glossary term 'no-such-term' does not exist"),
    (lambda c: c["es"].pop("summary"), "'es' must be a mapping with a non-empty 'summary'"),
    (lambda c: c.update(colour="red"), "unknown key(s) colour"),
    (lambda c: c.update(notebooks=["../x.py"]), "must be a file name ending in .ipynb"),
])
def test_a_broken_card_fails_naming_file_and_card(mutate, message):
    data = _raw()
    card = data["cards"][10]
    mutate(card)
    with pytest.raises(CardError) as err:
        parse_cards(data, "cards-wif.yaml", "wif", calculators=set(REGISTRY))
    assert "cards-wif.yaml: card 11" in str(err.value)
    assert message in str(err.value)


def test_duplicate_card_is_rejected():
    data = _raw()
    data["cards"].append(dict(data["cards"][0]))
    with pytest.raises(CardError, match="listed twice"):
        parse_cards(data, "cards-wif.yaml", "wif")


def test_games_without_cards_yet_return_empty():
    assert cards.cards("asl") == {} or all(c.game == "asl" for c in cards.cards("asl").values())
    assert cards.get_card("wif", "14.5") is None  # cited rule, no text, no card
    assert cards.get_card("wif", "8.0").number == "8"  # either spelling of a top-level number


# ------------------------------------------------------------------ search


def test_fold_ignores_accents_and_case():
    assert fold("Línea de ABASTECIMIENTO, ZOC") == "linea de abastecimiento zoc"


@pytest.mark.parametrize("query, expected", [
    ("zona de control", "2.2"),
    ("Zona de Control", "2.2"),
    ("abastecimiento", "2.4"),
    ("supply", "2.4"),
    ("Trazar lineas de abastecimiento", "2.4.2"),  # accents dropped by the user
    ("ventisca", "8"),
    ("puntos de sorpresa", "11.5.6"),
    ("surprise points", "11.5.6"),
    ("arrasamiento", "11.11.6"),
    ("2.4.2", "2.4.2"),
])
def test_search_finds_cards_in_both_languages(query, expected):
    found = [c.number for c in cards.search(query, game="wif")]
    assert expected in found[:8], (query, found[:8])


def test_search_by_number_puts_that_card_first():
    assert cards.search("11.9", game="wif")[0].number == "11.9"


def test_search_in_one_language_only():
    assert cards.search("ventisca", game="wif", lang="en") == [] or all(
        "ventisca" not in fold(c.searchable("en")) for c in cards.search("ventisca", game="wif", lang="en"))
    assert cards.search("ventisca", game="wif", lang="es")


# ------------------------------------------------------------------ glossary


def test_glossary_covers_all_five_games_with_abbreviations():
    terms = cards.glossary()
    for game in ("wif", "use", "asl", "churchill", "starcraft"):
        assert any(game in t.games for t in terms.values()), game
    pairs = {(t.abbr_en, t.abbr_es) for t in terms.values()}
    for pair in [("ZOC", "ZOC"), ("SCS", "BCS"), ("HQ", "CG"), ("NVR", "NVR"), ("HIP", "HIP"), ("VP", "PV")]:
        assert pair in pairs, pair


def test_glossary_search_both_ways():
    ids = lambda q: [t.id for t in cards.search_glossary(q)]  # noqa: E731
    assert "zoc" in ids("zona de control")
    assert "zoc" in ids("zone of control")
    assert "hex-dot" in ids("punto hexagono")
    assert "scs" in ids("BCS")
    assert "hq" in ids("cuartel general")
    assert "asl-nvr" in ids("NVR")


def test_every_glossary_term_has_both_languages():
    for term in cards.glossary().values():
        assert term.en.strip() and term.es.strip()
        assert (term.note_en is None) == (term.note_es is None)


def test_cards_link_to_glossary_terms_and_back():
    assert "2.2" in [c.number for c in cards.cards_using("zoc")]


# ------------------------------------------------------------------ own words


def _words(text: str) -> list[str]:
    return re.findall(r"\w+", fold(text))


def _all_project_text() -> list[tuple[str, str]]:
    out = []
    for card in cards.cards("wif").values():
        for lang in LANGUAGES:
            out.append((f"card {card.number} {lang}", " ".join([card.summary(lang), *card.numbers(lang)])))
    for term in cards.glossary().values():
        out.append((f"term {term.id}", " ".join(filter(None, [term.note_en, term.note_es]))))
    for key, texts in catalogue().items():
        for lang in LANGUAGES:
            out.append((f"label {key} {lang}", texts[lang]))
    return out


def test_no_run_of_twelve_seed_words_in_cards_or_labels():
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is absent")
    n = 12
    grams = set()
    for seed in sorted(SEEDS.glob("*.txt")):
        words = _words(seed.read_text(encoding="utf-8", errors="replace"))
        grams.update(tuple(words[i:i + n]) for i in range(len(words) - n + 1))
    copied = []
    for where, text in _all_project_text():
        words = _words(text)
        for i in range(len(words) - n + 1):
            if tuple(words[i:i + n]) in grams:
                copied.append(f"{where}: {' '.join(words[i:i + n])}")
                break
    assert not copied, "rulebook wording found:\n" + "\n".join(copied)
