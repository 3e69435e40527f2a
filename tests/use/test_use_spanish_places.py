"""Places on /use by their Spanish names on the Spanish page: the fixture boards' places carry the
USE map's Spanish names (the one source, ``Hex.name_es``), and the naval route answer, the map's
marks and every text of a fixture board's page name them so (USE 4.2.3.3, 4.2.4)."""
from __future__ import annotations

import re

import pytest

from viewer.rules.use import boards, fixtures

#: Fixture places the USE map does not name, with their Spanish names.
OFF_THE_MAP = {"Sicily": "Sicilia", "Crete": "Creta", "Malta": "Malta"}


def _spanish(h) -> str:
    return h.name_es or h.name


def _exonyms() -> dict[str, str]:
    """English name -> Spanish name, as the USE map names its places (and :data:`OFF_THE_MAP`)."""
    real = {h.name: _spanish(h) for h in boards.load("use").hexes.values() if h.name} \
        if boards.real_available() else {}
    return {**OFF_THE_MAP, **real}


def _english_left(board, texts) -> dict[str, list[str]]:
    """Each place of ``board`` whose Spanish name differs from its English one (by the board, or
    by the USE map when the board does not say), found by its English name in ``texts``."""
    found: dict[str, list[str]] = {}
    exonyms = _exonyms()
    for h in board.hexes.values():
        if h.name and (h.name_es or exonyms.get(h.name, h.name)) != h.name:
            word = re.compile(rf"(?<![\w]){re.escape(h.name)}(?![\w])")
            hits = [t[:120] for t in texts if word.search(t)]
            if hits:
                found[h.name] = hits[:2]
    return found


def test_fixture_places_have_the_use_maps_spanish_names():
    real = _exonyms()
    wrong = {}
    for name in fixtures.BOARDS:
        for h in fixtures.board(name).hexes.values():
            if not h.name:
                continue
            want = real.get(h.name)
            if want is None:
                continue   # the map file is not built here: its names cannot be compared
            if _spanish(h) != want:
                wrong[f"{name} {h.label} {h.name}"] = (_spanish(h), want)
    assert not wrong, f"fixture places not named as the USE map names them in Spanish: {wrong}"
    assert fixtures.board("france-1940").hex("3014").name_es == "París"


def _naval_card(board: str, lang: str):
    pytest.importorskip("panel")
    from viewer.calculators.use.movement import NavalMove
    from viewer.state import SessionState
    from viewer.views.common.calculator_card import CalculatorCard

    state = SessionState(lang=lang)
    card = CalculatorCard(calculator=NavalMove(board=board, start="Rotterdam", destination="Brest"), state=state)
    card.recompute()
    return card, state


@pytest.mark.parametrize("board", ["fixture:seas", "use"])
def test_the_naval_route_answer_names_its_ports_in_the_pages_language(board, tmp_path, monkeypatch):
    if board not in boards.names():
        pytest.skip("maps/use.gpkg is not built")
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    card, state = _naval_card(board, "es")
    b = boards.load(board)
    es = [card.result_box.object, card._steps.pane.object]
    assert "Róterdam (" in es[0] and "Róterdam (" in es[1], es
    assert not _english_left(b, es), _english_left(b, es)
    state.lang = "en"
    assert "Rotterdam (" in card.result_box.object and "Rotterdam (" in card._steps.pane.object
    state.lang = "es"
    assert card.result_box.object == es[0]
    # the command line's answer stays in English, as before
    assert "Rotterdam (" in card.calculator.to_json()["result"]["path"]


def test_a_port_may_be_typed_by_its_spanish_name():
    from viewer.calculators.use.movement import NavalMove

    calc = NavalMove(board="fixture:seas", start="Róterdam", destination="amberes")
    assert calc.compute().value["mp"] == 1


@pytest.mark.parametrize("board", ["fixture:france-1940", "fixture:seas"])
def test_a_fixture_boards_spanish_page_names_its_places_in_spanish(board, monkeypatch, tmp_path):
    pytest.importorskip("panel")
    import panel as pn

    from tests.common.spanish_walk import PageWalk
    from viewer.views.common import url

    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    monkeypatch.setattr(url, "url_value", lambda name: board if name == "board" else "")
    walk = PageWalk("use", monkeypatch)
    assert walk.ns["use"].board_name == board
    texts = [text for where, text in walk.collect("es").items() if where[2] >= 0]  # an option's value is never shown
    board_map = walk.ns["board_map"]
    with pn.io.server.set_curdoc(walk.doc):
        board_map.port_select.value = next(h.label for h in board_map.game_state.board.hexes.values() if h.port)
        texts += [board_map.answer.object, *board_map._places.data["text"]]
    b = boards.load(board)
    assert not _english_left(b, texts), _english_left(b, texts)
    if board == "fixture:france-1940":
        assert "París" in board_map._places.data["text"]   # the 2nd Panzer example's marks
