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


def test_the_rulebook_pane_shows_only_with_a_section_to_show(view):
    """No shaded empty strip under the card: the pane of the user's text shows only when the
    loaded rulebook has the open rule's section."""
    view.open("wif", "2.1")
    assert not view.user_text_pane.visible
    view.load_rulebook(b"2. Range\n2.1 Dice\nRoll a ten-sided die.\n", "mine.txt")
    view.open("wif", "2.1")
    assert view.user_text_pane.visible and "ten-sided" in view.user_text_pane.object
    view.open("wif", "2.7")
    assert not view.user_text_pane.visible


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
    assert g._count.object == "1 término"
    g.query = ""
    g.games.value = ["asl"]
    assert all("asl" in t.games for t in g.terms())
    g.term = "zoc"
    assert [t.id for t in g.terms()] == ["zoc"]
    assert "rule=2.2" in g.table.object  # linked to the cards that use it


def test_every_label_key_of_the_reference_views_exists():
    keys = {"glossary.count_one", "ref.results_one", "index.sections_one"}  # by counted()
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
    assert shown.startswith("<pre ") and "pre-wrap" in shown and _pre("") == ""


def test_the_uploaded_text_wraps_at_the_pane_width(view):
    long_line = "2.1 Dice " + "word " * 400
    view.load_rulebook(f"1. Basics\nIntro.\n{long_line}\n".encode(), "long.txt")
    view.open("wif", "2.1")
    assert "white-space: pre-wrap" in view.user_text_pane.object and "overflow-wrap: anywhere" in view.user_text_pane.object
    view.book_hits.value = "2.1"
    assert "white-space: pre-wrap" in view._book_text.object


def test_your_rulebook_has_a_game_select_in_both_languages(view):
    view.load_rulebook("1. Basics\nIntro.\n4.2.4 Naval movement\nSea zones.\n".encode(), "mine.txt")
    names = view.book_game.options
    assert set(names.values()) == {"wif", "use", "asl", "churchill", "starcraft"}
    assert "World in Flames" in names and view.book_game.value == "wif"
    assert "read as the rulebook of World in Flames" in view.upload_info.object
    view.book_game.value = "use"
    assert view.ref.game == "use" and view.game_choice.value == "use"
    assert "Unconditional Surrender!" in view.upload_info.object
    view.game_choice.value = "asl"
    assert view.book_game.value == "asl"
    select = view.book_game
    view.state.lang = "es"
    assert view.book_game is select and select.name == "¿De qué juego es el reglamento?"
    assert "leído como el reglamento de" in view.upload_info.object


def test_one_section_and_one_card_are_singular_in_both_languages(view):
    view.load_rulebook(b"2.1 Dice\nRoll a die.\n", "one.txt")
    assert view.upload_info.object.startswith("1 numbered section found in one.txt")
    from viewer.views.common.reference import counted

    assert counted("ref.results", 1, "en") == "1 card found"
    assert counted("ref.results", 1, "es") == "1 ficha encontrada"
    assert counted("ref.results", 2, "es") == "2 fichas encontradas"
    view.state.lang = "es"
    assert view.upload_info.object.startswith("1 apartado numerado encontrado")
    view.state.lang = "en"
    for q in ("zona de control", "supply", "2.4.2", "weather"):
        view.ref.q = q
        n = len(view.results.options)
        if n:
            assert view.results_info.object == (f"{n} cards found" if n != 1 else "1 card found")


def test_rules_without_a_title_read_sensibly_in_the_tree(view):
    from viewer.reference import rulelist

    untitled = [e.number for e in rulelist.rules("wif").values() if not e.title("en")]
    assert "11.16.5" in untitled
    for lang in ("en", "es"):
        view.state.lang = lang
        entry = next(k for k, v in view.tree.options.items() if v == "11.16.5")
        assert entry.strip().startswith("11.16.5 · (") and "  (" not in entry.strip()
        assert "no title" in entry or "sin título" in entry


def test_notebooks_on_a_card_are_download_links():
    state = SessionState()
    body = CardBody(state=state, links=SessionState())
    card = _cards_with_notebooks()[0]
    body.show(RuleRef(card.game, card.number))
    html = body.onward.object
    assert 'class="notebook-link"' in html and 'download="' in html and "data:application/x-ipynb+json;base64," in html
    assert "<code>notebooks/" not in html


def test_a_cards_calculators_are_named_never_shown_by_their_keys():
    """The card names its calculators in the page's language; the calculator's key (``asl.nvr``)
    is no text on the page."""
    import re

    from viewer.reference.cards import cards

    card = next(c for g in ("wif", "use", "asl", "churchill", "starcraft") for c in cards(g).values()
                if c.calculators)
    for lang in ("en", "es"):
        state = SessionState(lang=lang)
        body = CardBody(state=state, links=SessionState())
        body.show(RuleRef(card.game, card.number))
        text = re.sub(r"<[^>]*>", "", body.onward.object)
        assert 'class="calc-link"' in body.onward.object
        for key in card.calculators:
            assert key not in text, (lang, key, text)


def _cards_with_notebooks():
    from viewer.reference.cards import cards

    return [c for g in ("wif", "use", "asl", "churchill", "starcraft") for c in cards(g).values() if c.notebooks]
