"""The conference-winner and production cards read the conference table (no browser)."""
from __future__ import annotations

from viewer.games import section
from viewer.state import SessionState
from viewer.state.churchill.conference import ISSUES, ChurchillState
from viewer.userdata import UserStore
from viewer.views.churchill.table_feed import PRODUCTION_INPUTS, TableFeed
from viewer.views.common.calculator_list import CalculatorList


def _feed(tmp_path, session: ChurchillState | None = None):
    state, session = SessionState(), session or ChurchillState()
    listed = CalculatorList(state, section("churchill", "calculators"), store=UserStore(tmp_path))
    return state, session, TableFeed(state=state, game_state=session, calculators=listed)


def test_production_markers_are_issues_of_the_table():
    assert set(PRODUCTION_INPUTS) <= set(ISSUES)
    assert all(issue.startswith("production-") for issue in PRODUCTION_INPUTS)


def test_conference_winner_card_follows_the_table(tmp_path):  # Churchill 5.27
    state, session, feed = _feed(tmp_path)
    card = feed.calculators.card("churchill.conference-winner")
    card.widgets["tie_leader"].value = "USSR"   # the player's own input: Stalin would break a tie
    assert (card.calculator.uk_won, card.calculator.us_won, card.calculator.ussr_won) == (0, 0, 0)
    session.place("a-bomb", "US", 3)
    session.place("global", "US", 7)            # a chair counts too
    session.place("pol-mil-1", "UK", 1)
    session.place("pol-mil-2", None, 0)         # the centre counts for nobody
    assert (card.calculator.uk_won, card.calculator.us_won, card.calculator.ussr_won) == (1, 2, 0)
    assert card.result.value["winner"] == "US" and card.result.value["us_won"] == 2
    session.move("a-bomb", "USSR", 4)           # US 3 -> centre -> USSR 1
    session.place("pol-mil-2", "USSR", 2)
    assert card.result.value["ussr_won"] == 2 and card.result.value["winner"] == "USSR"
    session.remove("global")                    # a new conference clears the table
    session.remove("pol-mil-2")
    session.remove("a-bomb")
    session.remove("pol-mil-1")
    assert card.calculator.tie_leader == "USSR"  # 0-0-0: Stalin, tied himself, takes it (4.51)
    assert card.result.value["winner"] == "USSR" and card.result.value["uk_won"] == 0


def test_production_card_follows_the_table_and_keeps_the_card_bonus(tmp_path):  # Churchill 6.32
    session = ChurchillState()
    session.place("production-uk", "US", 2)      # before the card is built: it opens filled in
    state, session, feed = _feed(tmp_path, session)
    card = feed.calculators.card("churchill.production")
    card.widgets["ussr_card_bonus"].value = 2    # the player's own inputs
    card.widgets["ussr_production_won_by"].value = "none"
    assert card.calculator.uk_production_won_by == "US"
    assert card.result.value == {"uk": 4 - 1, "us": 6 + 1, "ussr": 3 + 2}
    session.place("production-us-1", "USSR", 7)
    session.place("production-us-2", None, 0)    # in the centre: nobody's
    session.place("strategic-materials", None, 0)
    c = card.calculator
    assert (c.us_production_1_won_by, c.us_production_2_won_by, c.ussr_production_won_by) == ("USSR", "none", "none")
    assert c.strategic_materials == "centre" and c.ussr_card_bonus == 2
    assert card.result.value == {"uk": 4 - 1 + 1, "us": 6 + 1 - 1 + 1, "ussr": 3 + 2 + 1 + 1}
    session.remove("production-uk")
    session.place("strategic-materials", "UK", 4)
    assert card.calculator.uk_production_won_by == "none" and card.calculator.strategic_materials == "UK"
    assert card.result.value == {"uk": 4 + 1, "us": 6 - 1, "ussr": 3 + 2 + 1}
    session.remove("strategic-materials")
    assert card.calculator.strategic_materials == "absent"
    card.widgets["ussr_production_won_by"].value = "USSR"   # no marker on the table: the player's
    session.place("production-uk", "UK", 3)
    assert card.calculator.ussr_production_won_by == "USSR"


def test_the_line_above_the_card_names_what_the_table_gave(tmp_path):
    state, session, feed = _feed(tmp_path)
    session.place("production-us-2", "UK", 5)
    assert not feed.note.visible                 # no card chosen
    feed.calculators.select.value = "churchill.conference-winner"
    assert feed.note.visible and "From your table (Churchill 5.27)" in feed.note.object
    assert "UK 1, USSR 0, US 0" in feed.note.object
    feed.calculators.select.value = "churchill.production"
    assert "US Production 2 by UK" in feed.note.object and "Churchill 6.32" in feed.note.object
    state.lang = "es"
    assert "De tu mesa" in feed.note.object and "Producción EE. UU. 2 por RU" in feed.note.object
    feed.calculators.select.value = "churchill.agenda"
    assert not feed.note.visible
