"""The reference views without a browser: rule panel card, reference view state, glossary view,
uploaded rulebook; and every label key the reference views use exists in both languages."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from viewer.i18n import has
from viewer.reference import RuleRef
from viewer.state import SessionState
from viewer.views import RulePanel
from viewer.views.common.glossary import GlossaryView
from viewer.views.common.reference import ReferenceView
from viewer.views.common.rulelink import CardBody

ROOT = Path(__file__).resolve().parents[2]
SEEDS = Path(__file__).resolve().parents[3] / "shared" / "seeds"


@pytest.fixture
def view():
    messages = []
    v = ReferenceView(state=SessionState(), report=messages.append)
    v.messages = messages
    return v


def test_rule_panel_shows_the_card_with_links_onward():
    state = SessionState(lang="es")
    panel = RulePanel(state=state)
    state.open(RuleRef("wif", "2.2"))
    card = panel.card
    assert "Zonas de control" in card.body.object
    assert "zona de control" in card.summary.object
    assert "Cifras" in card.numbers.object
    assert 'href="./reference?game=wif&rule=2.2&lang=es"' in card.onward.object
    assert len(card.related.objects) == 5  # related rules as rule links
    assert "zona de control (ZOC)" in card.terms.object
    state.lang = "en"
    assert "Zones of control" in card.body.object and "zone of control (ZOC)" in card.terms.object


def test_rule_panel_lists_calculators_of_the_rule():
    state = SessionState()
    panel = RulePanel(state=state)
    state.open(RuleRef("wif", "2.7"))
    assert "core.dice" in panel.card.onward.object and "Dice roll" in panel.card.onward.object


def test_related_links_open_in_the_given_session():
    state, nav = SessionState(), SessionState()
    body = CardBody(state=state, links=nav)
    body.show(RuleRef("wif", "2.7"))
    body.related.objects[0].clicks += 1
    assert nav.open_rule is not None and state.open_rule is None


def test_reference_view_shows_a_rule_and_follows_related_links(view):
    view.open("wif", "2.4.2")
    assert "Tracing supply lines" in view.card.body.object
    assert view.tree.value == "2.4.2"
    view.nav.open(RuleRef("wif", "8.2.2"))
    assert view.ref.rule == "8.2.2" and view.nav.open_rule is None


def test_reference_search_in_both_languages(view):
    view.ref.q = "zona de control"
    assert "2.2" in view.results.options.values()
    view.ref.q = "SUPPLY"
    assert "2.4.2" in view.results.options.values()
    view.ref.q = "qwertyuiop"
    assert not view.results.visible and "qwertyuiop" in view.results_info.object


def test_bad_game_and_rule_are_reported_not_raised(view):
    view.ref.game = "chess"
    assert view.ref.game == "wif"
    assert "chess" in view.messages[-1] and "wif, use, asl, churchill, starcraft" in view.messages[-1]
    view.ref.rule = "99.9"
    assert view.ref.rule is None and "99.9" in view.messages[-1] and "2.4" not in view.messages[-1].split("such as")[0]
    view.ref.rule = 8  # a number read from the address as JSON
    assert view.ref.rule == "8" and "Weather" in view.card.body.object
    view.ref.term = "nonsense"
    assert "nonsense" in view.messages[-1] and view.ref.term is None


def test_other_games_show_their_rule_list(view):
    view.ref.game = "use"
    view.ref.q = "movimiento naval"
    assert "4.2.4" in view.results.options.values()
    view.open("use", "4.2.4")
    assert view.game_choice.value == "use"
    assert "4.2.4" in view.tree.options.values()
    from viewer.reference.cards import get_card

    card = get_card("use", "4.2.4")
    expected = card.text["en"].summary if card is not None else "later issue"
    assert expected in view.card.summary.object



def test_uploaded_rulebook_text_beside_the_card(view):
    text = "1. Basics\nIntro.\n2. Range\n2.1 Dice\nRoll a ten-sided die.\n"
    view.load_rulebook(text.encode("utf-8"), "mine.txt")
    assert "3 numbered sections" in view.upload_info.object and "mine.txt" in view.upload_info.object
    view.open("wif", "2.7")
    assert "no section 2.7" in view.user_title.object
    view.open("wif", "2.1")
    assert "lines 4–5" in view.user_title.object and "ten-sided" in view.user_text_pane.object
    view.book_search.value_input = "ten-sided"
    assert list(view.book_hits.options.values()) == ["2.1"]


def test_binary_upload_is_refused_with_a_message(view):
    view.load_rulebook(b"\x00\x01\x02PK", "book.pdf")
    assert "book.pdf" in view.messages[-1] and view.user_index is None


def test_seed_rulebook_beside_the_card():
    if not SEEDS.is_dir():
        pytest.skip("seeds absent")
    v = ReferenceView(state=SessionState())
    v.load_rulebook(next(SEEDS.glob("000_*.txt")).read_bytes(), "wif.txt")
    v.open("wif", "2.4.2")
    assert "2.4.2" in v.user_title.object and "Trazar" in v.user_text_pane.object


def test_glossary_view_filters_and_shows_one_term():
    g = GlossaryView(state=SessionState(lang="es"))
    g.query = "cuartel general"
    assert "CG" in g.table.object and len(g.terms()) == 1
    g.query = ""
    g.games.value = ["asl"]
    assert all("asl" in t.games for t in g.terms())
    g.term = "zoc"
    assert [t.id for t in g.terms()] == ["zoc"]
    assert "rule=2.2" in g.table.object  # linked to the cards that use it


def test_every_label_key_of_the_reference_views_exists():
    keys = set()
    for name in ("viewer/views/common/reference.py", "viewer/views/common/glossary.py", "viewer/views/common/rulelink.py",
                 "viewer/views/common/shell.py", "viewer/views/common/landing.py"):
        keys |= set(re.findall(r"""(?:label|t)\(\s*["']((?:ref|glossary|index|rule|ui)\.[\w.]+)["']""",
                               (ROOT / name).read_text()))
    keys |= {"ref.cards_tab", "ref.glossary_tab", "ref.rulebook_tab"}
    missing = sorted(k for k in keys if not has(k))
    assert not missing


def test_an_uploaded_rulebooks_markup_is_shown_as_text(view):
    from viewer.views.common.reference import _pre

    shown = _pre("1.1 <img src=x onerror=alert(1)>\nbody <script>alert(2)</script>\n")
    assert "<img" not in shown and "<script" not in shown and "&lt;img src=x" in shown
    assert shown.startswith("<pre>") and _pre("") == ""
