"""Churchill rule cards: one per present rule, both languages, linked to the calculators, own words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from viewer.calculators import REGISTRY
from viewer.i18n import catalogue
from viewer.reference import cards, rulelist
from viewer.reference.cards import fold

SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


def test_every_present_rule_has_a_card_in_both_languages():
    present = [n for n, e in rulelist.rules("churchill").items() if e.present]
    have = cards.cards("churchill")
    assert set(present) == set(have)
    for card in have.values():
        assert card.summary("en").strip() and card.summary("es").strip() and card.summary("en") != card.summary("es")
        assert len(card.numbers("en")) == len(card.numbers("es"))


def test_calculators_and_cards_link_both_ways():
    for slug, cls in REGISTRY.items():
        for ref in cls.rules:
            card = cards.card_for(ref)
            if ref.game == "churchill" and card is not None:
                assert slug in card.calculators, (slug, ref)
    assert "churchill.issue-move" in cards.get_card("churchill", "5.23").calculators


def test_no_run_of_twelve_seed_words():
    if not SEEDS.is_dir():
        pytest.skip(f"{SEEDS} is absent")
    words = lambda t: re.findall(r"\w+", fold(t))
    grams = set()
    for seed in SEEDS.glob("*.txt"):
        w = words(seed.read_text(encoding="utf-8", errors="replace"))
        grams.update(tuple(w[i:i + 12]) for i in range(len(w) - 11))
    texts = [" ".join([c.summary(lang), *c.numbers(lang)]) for c in cards.cards("churchill").values() for lang in ("en", "es")]
    texts += [v[lang] for k, v in catalogue().items() if "churchill" in k for lang in ("en", "es")]
    copied = [t for t in texts if any(tuple(words(t)[i:i + 12]) in grams for i in range(len(words(t)) - 11))]
    assert not copied
