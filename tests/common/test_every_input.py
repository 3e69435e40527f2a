"""Every input of every calculator changed on its card, in English and in Spanish, as a newcomer
would change it: each choice picked (a spread of them), each box ticked, each number moved one
step within its bounds. The card's texts (summary, result, steps, message and option names) must
then read as sentences: no Python value, no internal key, no chance in another format. A field
left as free text must be one where writing is the point, and a typo in it is refused by name."""
from __future__ import annotations

import pytest

pn = pytest.importorskip("panel")

from tests.common.spanish_walk import _clean  # noqa: E402
from tests.common.visible_text import bad_text  # noqa: E402
from viewer.calculators import REGISTRY  # noqa: E402
from viewer.state import SessionState  # noqa: E402
from viewer.userdata import UserStore  # noqa: E402
from viewer.views.common.calculator_card import CalculatorCard  # noqa: E402

#: Inputs that stay free text, and why writing is the point there (board places are picked).
FREE_TEXT = {
    "asl.illumination.fires": "on /asl the board's fire list stands in its place; text for presets and notebooks",
    "asl.cloak.forces": "each side's counts of squads, half-squads, vehicles and crews",
    "core.dice.expression": "a dice expression (2d6+1)",
    "starcraft.ranged-attack.surge_die": "a die expression (d3+1)",
    "starcraft.melee.surge_die": "a die expression (d3+1)",
    "starcraft.template.surge_die": "a die expression (d3+1)",
    "starcraft.template.collateral": "a list of model counts",
    "starcraft.control.contesting_a": "a list of supply values",
    "starcraft.control.contesting_b": "a list of supply values",
    "starcraft.score.vp_a": "a list of victory points",
    "starcraft.score.vp_b": "a list of victory points",
    "starcraft.deploy.deployed": "a list of supply values",
    "starcraft.disengage.enemy_supplies": "a list of supply values",
    "use.national-will.events": "a list of events, each added from the list beside it",
    "use.naval-move.enemy_hexes": "hex numbers of the map (thousands: typed, as 'go to hex')",
    "use.naval-move.allegiance": "changes of countries' allegiance (Spain=axis)",
    "use.naval-move.city_control": "cities held by another faction (Gibraltar=axis)",
    "use.range.origin": "a hex number of the map, or a port or sea zone for sea range",
    "use.range.target": "a hex number of the map",
    "wif.naval-search.sections": "a list of box sections",
    "wif.naval-search.nav_sections": "a list of box sections",
    "wif.naval-search.carrier_sections": "a list of box sections",
    "wif.naval-search.search_numbers": "a list of search numbers",
    "wif.naval-search.opponent_sections": "a list of box sections",
    "wif.naval-search.opponent_air_sections": "a list of box sections",
    "wif.naval-result.results": "a list of combat results (X, D, A)",
    "wif.naval-result.rolls": "a list of die rolls",
    "wif.aa-fire.rolls": "a list of die rolls",
    "wif.land-odds.columns": "a chart's column headings, from the player's copy",
    "wif.land-odds.row_range": "a span of chart rows, from the player's copy",
    "wif.weather-roll.chart": "a saved chart's name",
    "wif.odds-shift.odds": "odds as written on the chart (12:1)",
    "wif.odds-shift.columns": "a chart's column headings, from the player's copy",
    "wif.odds-shift.bombardment": "a list of bombardment factors",
}
#: Free-text fields where any text is a value (an empty list, a chart's own headings).
ANY_TEXT = {"wif.weather-roll.chart", "wif.land-odds.columns", "wif.odds-shift.columns"}
TYPO = "zq?9"


@pytest.fixture(scope="module")
def store(tmp_path_factory):
    return UserStore(tmp_path_factory.mktemp("every-input"))


def _card(slug, store):
    return CalculatorCard(calculator=REGISTRY[slug](), state=SessionState(), store=store)


def _texts(card) -> list[str]:
    texts = [card.summary.object, card.result_box.object, card._steps.pane.object]
    if card.error_box.visible:
        texts.append(card.error_box.object)
    for widget in card.widgets.values():
        if isinstance(widget, (pn.widgets.Select, pn.widgets.MultiChoice)) and isinstance(widget.options, dict):
            texts += list(widget.options)
    return [_clean(str(t)) for t in texts]


def _tries(card, name, widget) -> list:
    """The values a newcomer would give input ``name``: a spread of its choices, the other tick,
    one step of a number within its bounds."""
    value = widget.value
    if isinstance(widget, pn.widgets.Checkbox):
        return [not value]
    options = widget.options.values() if isinstance(getattr(widget, "options", None), dict) else \
        getattr(widget, "options", [])
    options = list(options)
    if isinstance(widget, pn.widgets.MultiChoice):
        return [list(value) + [o] for o in options if o not in value][:2]
    if isinstance(widget, pn.widgets.Select):
        return options[::max(1, len(options) // 3)][:4]
    if isinstance(widget, (pn.widgets.IntInput, pn.widgets.FloatInput)):
        lo, hi = card.calculator.param[name].bounds or (None, None)
        return [v for v in (value + 1, value - 1) if (lo is None or v >= lo) and (hi is None or v <= hi)][:1]
    return []


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_every_input_changed_reads_well_in_both_languages(slug, store):
    card = _card(slug, store)
    found = []
    for lang in ("en", "es"):
        card.state.lang = lang
        for name, widget in card.widgets.items():
            start = widget.value
            for value in _tries(card, name, widget):
                widget.value = value
                found += [(lang, name, value, bad, text[:160]) for text in _texts(card) if (bad := bad_text(text))]
            widget.value = start
    assert not found, "\n".join(map(str, found[:10]))


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_free_text_is_kept_where_writing_is_the_point_and_a_typo_is_named(slug, store):
    card = _card(slug, store)
    for name, widget in card.widgets.items():
        key = f"{slug}.{name}"
        if type(widget) is not pn.widgets.TextInput or not widget.visible:
            continue
        assert key in FREE_TEXT, f"{key} is free text: pick it from a list or on the board, or say why in FREE_TEXT"
        if key in ANY_TEXT:
            continue
        start, said = widget.value, {}
        for lang in ("en", "es"):
            card.state.lang = lang
            widget.value = TYPO
            assert card.error_box.visible and TYPO.lower() in card.error_box.object.lower(), (key, card.error_box.object)
            said[lang] = card.error_box.object.split("**:", 1)[-1]   # the reason, after the field's name
            widget.value = start
        assert not card.error_box.visible, (key, card.error_box.object)
        assert said["en"] != said["es"], f"{key}: the reason is not worded in Spanish: {said['es']}"


def test_the_free_text_list_names_only_free_text_fields(store):
    """An entry left in FREE_TEXT for a field now picked from a list fails, so the list stays true."""
    text = set()
    for slug in REGISTRY:
        card = _card(slug, store)
        text |= {f"{slug}.{n}" for n, w in card.widgets.items() if type(w) is pn.widgets.TextInput}
    assert set(FREE_TEXT) <= text, sorted(set(FREE_TEXT) - text)


def test_a_board_change_moves_a_place_choice_to_a_place_of_the_new_board(store):
    """The naval route's ends are the board's ports and boxes by name; on another board they are
    that board's, and an end the new board lacks moves to one it has (USE 4.2.4)."""
    card = _card("use.naval-move", store)
    start = card.widgets["start"]
    assert isinstance(start, pn.widgets.Select) and start.options["Rotterdam (2519)"] == "Rotterdam"
    card.state.lang = "es"
    assert start.options["Róterdam (2519)"] == "Rotterdam"
    card.widgets["board"].value = "fixture:france-1940"
    assert list(start.options.values()) == ["Calais"] and start.value == "Calais"
    assert card.calculator.start == "Calais"


@pytest.mark.parametrize("typed, en, es", [
    ("zq?9", "cannot read zq?9", "no se puede leer zq?9"),
    ("Narnia=axis", "Narnia is not a name of this board", "Narnia no es un nombre de este tablero"),
    ("Belgium=zz", "zz is not a faction allowed there", "zz no es un bando admitido ahí"),
])
def test_an_allegiance_typo_is_worded_in_the_page_language(store, typed, en, es):
    """A USE allegiance change is free text (2.3.1); its faults name the bad part in the page's
    language, and the allowed names are the board's, named (Bélgica), not keys."""
    card = _card("use.naval-move", store)
    card.widgets["allegiance"].value = typed
    assert en in card.error_box.object and "NAME=VALUE" not in card.error_box.object
    card.state.lang = "es"
    assert es in card.error_box.object and "like Spain" not in card.error_box.object
    if typed.startswith("Narnia"):
        assert "Bélgica" in card.error_box.object and "Belgium" not in card.error_box.object
