"""A section's state (viewer/state/section.py): the page's state, its language held while the
section is hidden."""
from __future__ import annotations

from viewer.ruleref import RuleRef
from viewer.state import SectionState, SessionState


def test_a_hidden_section_keeps_its_language_until_shown():
    page = SessionState()
    section = SectionState(page, shown=False)
    seen = []
    section.param.watch(lambda e: seen.append(e.new), "lang")
    page.lang = "es"
    assert section.lang == "en" and seen == []
    section.shown = True
    assert section.lang == "es" and seen == ["es"]
    page.lang = "en"  # shown: follows at once
    assert section.lang == "en" and seen == ["es", "en"]
    section.shown = False
    section.shown = True  # nothing to catch up
    assert seen == ["es", "en"]


def test_the_rest_of_the_state_is_shared_both_ways_hidden_or_not():
    page = SessionState()
    section = SectionState(page, shown=False)
    section.selected = ("europe", 3, 4)
    assert page.selected == ("europe", 3, 4)
    page.selected = None
    assert section.selected is None
    section.charts_saved += 1
    assert page.charts_saved == 1


def test_opening_the_same_rule_again_shows_it_again_on_the_page():
    page = SessionState()
    section = SectionState(page)
    shown = []
    page.param.watch(lambda e: shown.append(e.new), "open_rule")
    ref = RuleRef("wif", "2.7")
    section.open(ref)
    section.open(ref)  # a trigger, not a change: reaches the page's watchers too
    assert shown == [ref, ref]
    page.open_rule = None
    assert section.open_rule is None
