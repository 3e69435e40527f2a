"""The landing page says, for each game, what its app lets you do and where to start (a lesson or
a worked example the game declares in viewer/games.py), in English and Spanish; every start link
opens something that exists."""
from __future__ import annotations

import html
import re
from urllib.parse import parse_qs, urlsplit

import pytest

pytest.importorskip("panel")

from viewer import lessons  # noqa: E402
from viewer.games import GAME_IDS, game  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.views.common.landing import Landing  # noqa: E402


def _start_href(card_html: str, g: str) -> str:
    m = re.search(rf'class="start-{g} start-here" href="([^"]+)"', card_html)
    assert m, card_html
    return html.unescape(m.group(1))


@pytest.mark.parametrize("lang, words", [("en", ("In the app:", "Start here:")),
                                         ("es", ("En la aplicación:", "Empieza aquí:"))])
def test_every_game_says_what_its_app_does_and_where_to_start(lang, words):
    landing = Landing(state=SessionState(lang=lang))
    for g, card in landing.cards.items():
        text = card.object
        assert all(w in text for w in words), g
        href = _start_href(text, g)
        url = urlsplit(href)
        assert url.path == f"./{g}"
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        assert query["lang"] == lang
        if "lesson" in query:   # the lesson exists and its title, in the page's language, is named
            lesson = lessons.load(f"{g}/{query['lesson']}")
            assert html.escape(lesson.title(lang)) in text
        else:
            assert query == {"board": "fixture:france-1940", "lang": lang} and g == "use"
            assert ("2nd Panzer" if lang == "en" else "2.º Panzer") in text


def test_the_cards_follow_the_language_in_place():
    state = SessionState()
    landing = Landing(state=state)
    panes = dict(landing.cards)
    en = {g: c.object for g, c in landing.cards.items()}
    state.lang = "es"
    assert landing.cards == panes
    assert all(landing.cards[g].object != en[g] and "lang=es" in landing.cards[g].object for g in GAME_IDS)


def test_every_game_declares_a_start():
    assert all(game(g).start for g in GAME_IDS)


def test_a_game_not_served_shows_no_start_link():
    landing = Landing(state=SessionState(), built=["wif"])
    assert "start-here" in landing.cards["wif"].object
    assert "start-here" not in landing.cards["asl"].object
