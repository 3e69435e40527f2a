"""USE 4.2.4.1 at the straits and canals of the real board, fed by who holds each city and which
countries are neutral (2.1.1, 2.3, 2.3.1): the rules, the /use state's strait list, the
``use.naval-move`` calculator and the command line."""
import json
import subprocess
import sys

import pytest

from viewer.board import bundled_maps
from viewer.calculators import REGISTRY
from viewer.calculators.base import CalculatorInputError
from viewer.rules.use import fixtures
from viewer.rules.use.allegiance import NEUTRAL, START_ALLEGIANCE, Allegiance, all_friendly
from viewer.rules.use.naval import passages, strait_closure
from viewer.rules.use.units import FACTIONS, Situation, Unit
from viewer.state.use.board import UseState
from viewer.userdata import UserStore

WA, AX, SU = "western-allies", "axis", "soviet"
needs_board = pytest.mark.skipif("use" not in bundled_maps(), reason="maps/use.gpkg is not built")


def _expected(board, strait, faction, allegiance=START_ALLEGIANCE, cities=None):
    """4.2.4.1 read straight from the hexes: closed when either strait hex holds a city or a
    fortress of another faction, or both hexes are of neutral countries."""
    cities = cities or {}

    def side(country):
        return allegiance.get(country, NEUTRAL) if country else NEUTRAL
    for h in strait.hexes:
        x = board.hexes[h]
        holder = cities.get(h) or side(x.country) if x.city else None
        if holder not in (None, NEUTRAL, faction):
            return False
        if x.fortress and side(x.fortress) not in (NEUTRAL, faction):
            return False
    return not all(board.hexes[h].country and side(board.hexes[h].country) == NEUTRAL for h in strait.hexes)


@pytest.fixture
def use_state(tmp_path):
    return UseState(store=UserStore(tmp_path), board_name="use")


@needs_board
@pytest.mark.parametrize("faction", FACTIONS)
def test_every_strait_of_the_board_at_start(use_state, faction):
    """USE 4.2.4.1: the /use strait list with no unit placed, strait by strait, for each faction."""
    b = use_state.board
    assert len(b.straits) >= 7
    use_state.faction = faction
    listed = {name: ok for name, _, ok in use_state.passages()}
    for st in b.straits:
        assert listed[st.name] is _expected(b, st, faction), (st.name, faction)


@needs_board
def test_gibraltar_and_the_turkish_straits_at_start(use_state):
    """USE 4.2.4.1: Gibraltar is an Allied city (closed to the Axis and the Soviets, open to the
    Western Allies); the Dardanelles and the Bosporus have two neutral Turkish hexes (closed to all)."""
    why = {}
    for f in FACTIONS:
        use_state.faction = f
        why[f] = {name: reason for name, _, reason in use_state.passage_reasons()}
    assert why[AX]["Strait of Gibraltar"] == ("enemy-city", "7507")
    assert why[SU]["Strait of Gibraltar"] == ("enemy-city", "7507")
    assert why[WA]["Strait of Gibraltar"] is None
    for f in FACTIONS:
        assert why[f]["Dardanelles"] == ("neutral", "") and why[f]["Bosporus"] == ("neutral", "")
    assert why[AX]["Strait of Messina"] is None and why[WA]["Strait of Messina"][0] == "enemy-city"
    assert why[SU]["Kerch Strait"] is None and why[AX]["Kerch Strait"] == ("enemy-city", "5164")


@needs_board
def test_the_user_changes_who_holds_a_city_and_who_is_neutral(use_state, tmp_path):
    """USE 2.3.1, 4.2.4.1: an Axis Gibraltar opens the strait to the Axis (Tangier is neutral, not
    enemy); Turkey on the Axis side opens its straits to the Axis and closes them to the others
    (Istanbul becomes an enemy city); the changes survive a reload."""
    use_state.faction = AX
    use_state.set_city("7507", AX)
    use_state.set_country("Turkey", AX)
    listed = {n: ok for n, _, ok in use_state.passages()}
    assert listed["Strait of Gibraltar"] and listed["Dardanelles"] and listed["Bosporus"]
    use_state.faction = WA
    why = {n: r for n, _, r in use_state.passage_reasons()}
    assert why["Bosporus"] == ("enemy-city", "6356") and why["Strait of Gibraltar"] == ("enemy-city", "7507")
    assert why["Dardanelles"] is None  # one Axis-side hex without a city, no longer both neutral
    again = UseState(store=UserStore(tmp_path), board_name="use")
    assert again.countries == {"Turkey": AX} and again.cities == {"7507": AX}
    again.set_city("7507", "")
    assert again.cities == {}
    with pytest.raises(ValueError, match="not a country"):
        again.set_country("Atlantis", AX)
    with pytest.raises(ValueError, match="allegiance must be one of"):
        again.set_country("Spain", "fascist")


@needs_board
def test_an_enemy_unit_still_closes_an_open_strait(use_state):
    """USE 4.2.4.1: an enemy unit in either strait hex closes it."""
    b = use_state.board
    st = next(s for s in b.straits if s.name == "Strait of Gibraltar")
    s = Allegiance().situation(b, [Unit("U-boat", AX, "naval", "surface", "7506")])
    assert strait_closure(b, s, st, WA) == ("enemy-unit", "7506")


def test_fixture_boards_keep_the_reading_of_their_examples():
    """USE 4.2.4.4 examples (Istanbul -> Athens): the fixture opens with every port friendly and no
    country neutral, so the strait is open; with the board's real allegiance neutral Turkey closes it."""
    b = fixtures.seas()
    dard = next(s for s in b.straits if s.name == "Dardanelles")
    assert strait_closure(b, all_friendly(b, WA), dard, WA) is None
    assert strait_closure(b, Allegiance().situation(b), dard, WA) == ("neutral", "")
    assert dict((n, r) for n, _, r in passages(b, Situation(), WA))["Dardanelles"] is None


def _naval(**kw):
    return REGISTRY["use.naval-move"].from_inputs(**kw).compute()


@needs_board
def test_calculator_axis_marseille_to_bordeaux_avoids_gibraltar():
    """USE 4.2.4.1: the Axis may not pass Gibraltar (Allied city) nor Suez; no route reaches Bordeaux."""
    r = _naval(board="use", start="Marseille", destination="Bordeaux", faction="axis")
    assert r.value["legal"] is False and r.value["path"] is None
    assert "Strait of Gibraltar" in r.value["closed"]
    keys = [s.key.rsplit(".", 1)[1] for s in r.steps]
    assert "closed_enemy_city" in keys and "closed_neutral" in keys and "unreachable" in keys
    assert any(s.key.endswith("control_allegiance") and str(s.rule) == "USE 2.3" for s in r.steps)
    wa = _naval(board="use", start="Marseille", destination="Bordeaux", faction="western-allies")
    assert "sea zone 16" in str(wa.value["path"])
    assert "Strait of Gibraltar" not in wa.value["closed"]


@needs_board
def test_calculator_settings_change_the_answer():
    """USE 2.3.1, 4.2.4.1: held by the Axis, Gibraltar, Marseille and Bordeaux let the Axis through."""
    r = _naval(board="use", start="Marseille", destination="Bordeaux", faction="axis",
               city_control="Gibraltar=axis, Marseille=axis, Bordeaux=axis")
    assert r.value["straits"] == 1 and "Strait of Gibraltar" not in r.value["closed"]
    turkey = _naval(board="use", start="Athens", destination="Sevastopol", faction="soviet",
                    allegiance="Turkey=soviet, Greece=soviet")
    assert turkey.value["straits"] == 2
    closed = _naval(board="use", start="Athens", destination="Sevastopol", faction="soviet", allegiance="Greece=soviet")
    assert closed.value["path"] is None and "Dardanelles" in closed.value["closed"]
    old = _naval(board="use", start="Athens", destination="Sevastopol", faction="soviet", control="all-friendly")
    assert old.value["straits"] == 2  # the 4.2.4.4 example's own reading


@needs_board
@pytest.mark.parametrize("field,text,fault", [("allegiance", "Narnia=axis", "not one of the board's names"),
                                              ("allegiance", "Spain=fascist", "not allowed"),
                                              ("city_control", "Gibraltar", "not NAME=VALUE"),
                                              ("city_control", "Gibraltar=neutral", "not allowed")])
def test_calculator_bad_settings_are_named(field, text, fault):
    with pytest.raises(CalculatorInputError) as e:
        _naval(board="use", start="Marseille", destination="Bordeaux", **{field: text})
    assert e.value.parameter == field and fault in e.value.message and e.value.allowed


@needs_board
def test_cli_naval_move_reads_the_settings():
    """The command line takes the same settings (USE 4.2.4.1)."""
    def run(*args):
        out = subprocess.run([sys.executable, "-m", "viewer", "calc", "use.naval-move", "board=use", "start=Marseille",
                              "destination=Bordeaux", "faction=axis", *args], capture_output=True, text=True)
        return out.returncode, json.loads(out.stdout if out.returncode == 0 else out.stderr)
    code, plain = run()
    assert code == 0 and plain["result"]["path"] is None and "Strait of Gibraltar" in plain["result"]["closed"]
    code, held = run("city_control=Gibraltar=axis,Marseille=axis,Bordeaux=axis")
    assert code == 0 and "sea zone 16" in held["result"]["path"]
    code, bad = run("allegiance=Spain=maybe")
    assert code == 2 and bad["error"]["parameter"] == "allegiance"


def _passage_cities(board):
    """The named hexes of the board's straits and canals: the cities that can close them."""
    hexes = [h for st in board.straits for h in st.hexes] + [h for c in board.canals for h in (*c.ends, *c.hexes)]
    return [board.hexes[h] for h in hexes if board.hexes[h].name]


@needs_board
def test_a_city_closing_a_passage_is_named_in_the_readers_language():
    """USE 4.2.4.1 in Spanish: the calculator names the enemy city that closes a strait by the
    map's Spanish name (Messina closes its strait to the Western Allies at the start)."""
    from viewer.i18n import has, t
    from viewer.rules.use import boards
    for h in _passage_cities(boards.load("use")):
        assert h.name_es, f"{h.name} has no Spanish name on the map"
        if h.name_es != h.name:
            assert has(f"value.{h.name}") and t(f"value.{h.name}", "es") == h.name_es, h.name
            assert t(f"value.{h.name}", "en") == h.name
    r = _naval(board="use", start="Naples", destination="Athens", faction=WA)
    closing = [s for s in r.steps if s.key.endswith("closed_enemy_city")]
    assert any(str(s.params["place"]) == "Messina" for s in closing), [s.params for s in closing]
    messina = next(s for s in closing if str(s.params["place"]) == "Messina")
    assert "Mesina" in messina.text("es") and "Messina" not in messina.text("es")
    assert "Messina" in messina.text("en")


@needs_board
def test_the_board_names_its_cities_in_the_readers_language(tmp_path):
    """The /use city and port lists and the closed-strait line name each place by the map's name
    in the page's language (Łódź is Lodz, Tripoli (Lebanon) is Trípoli (Líbano)); the city chosen
    stays chosen across a language switch."""
    from viewer.state import SessionState
    from viewer.views.use.board import UseMap, place_name
    state = SessionState()
    view = UseMap(state=state, game_state=UseState(store=UserStore(tmp_path), board_name="use"))
    board = view.game_state.board
    lodz, tripoli = board.find("Łódź"), board.find("Tripoli (Lebanon)")
    view.city_select.value = lodz
    view.game_state.faction = WA
    for lang in ("es", "en", "es"):
        state.lang = lang
        cities = {v: k for k, v in view.city_select.options.items()}
        ports = {v: k for k, v in view.port_select.options.items()}
        assert view.city_select.value == lodz
        for options in (cities, ports):
            for hex, shown in options.items():
                if hex:
                    assert shown == f"{place_name(board.hexes[hex], lang)} ({hex})"
        assert cities[lodz] == (f"Lodz ({lodz})" if lang == "es" else f"Łódź ({lodz})")
        assert ports[tripoli] == (f"Trípoli (Líbano) ({tripoli})" if lang == "es" else f"Tripoli (Lebanon) ({tripoli})")
        messina = "Mesina" if lang == "es" else "Messina"
        assert f"la ciudad enemiga {messina}" in view.answer.object if lang == "es" else \
            f"the enemy city {messina}" in view.answer.object


@needs_board
def test_a_neutral_countrys_inland_hexes_close_to_land_movement(use_state):
    """USE 2.1.1: no land move through a non-coastal hex of a neutral country; the country list is
    the user's allegiance setting, so siding Spain with the Axis opens its interior again."""
    from viewer.rules.use.movement import land_reach

    b = use_state.board
    inland = [h.label for h in b.hexes.values() if h.country == "Spain" and h.land and not h.coastal
              and not h.greyed and not h.prohibited]
    coast = [h.label for h in b.hexes.values() if h.country == "Spain" and h.coastal and h.land and not h.greyed]
    start = next(x for x in coast if any(n in inland for n in b.neighbors(x)))
    use_state.units = [Unit("Legion", AX, "land", "infantry", start)]
    use_state.unit = "Legion"
    neutral = use_state.reach()
    assert not set(neutral.cost) & set(inland)
    use_state.set_country("Spain", AX)
    sided = use_state.reach()
    assert set(sided.cost) & set(inland)
    s = Allegiance().situation(b, [Unit("Legion", AX, "land", "infantry", start)])
    assert not set(land_reach(b, s, "Legion").cost) & set(inland)
