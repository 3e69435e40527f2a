"""Each game's saved work stays its own: the USE boards (kind ``scenarios``) are kept in a folder of
their own and never listed among WiF's saved scenarios (docs/deploy.md "Whose data is it")."""
import pytest

from viewer.board import load_map
from viewer.state.use.board import SAVE_GROUP, UseState
from viewer.state.wif.scenario import ScenarioState
from viewer.userdata import UserDataError, UserStore, copy_shared, share

SITUATION = {"map": "europe", "name": "Poland test", "at_war": [["Germany", "Poland"]],
             "units": [{"id": "g1", "type": "INF", "power": "Germany", "hex": "3821"}]}


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


@pytest.fixture
def store(tmp_path):
    return UserStore(tmp_path)


def test_use_boards_are_not_wif_scenarios(store, europe):
    use = UseState(store=store, board_name="fixture:france-1940")
    use.add_unit("Guards", "soviet", "land", "infantry", "2711")  # saved on every change
    wif = ScenarioState(hexmap=europe)
    wif.load(SITUATION, "Poland test")
    wif.save(store, "My opening")
    assert wif.saved_names(store) == ["My opening"]
    assert store.path("scenarios", "use-fixture-france-1940", SAVE_GROUP).is_file()
    assert store.items("use") == [("scenarios", SAVE_GROUP, "use-fixture-france-1940")]
    assert store.items("wif") == [("scenarios", None, "My opening")]
    again = UseState(store=store, board_name="fixture:france-1940")
    assert "Guards" in {u.id for u in again.units}


def test_an_old_use_save_is_moved_into_the_games_folder_and_out_of_wifs_list(store, europe):
    old = store.save("scenarios", "use-fixture-france-1940", {"board": "fixture:france-1940", "units": [
        {"id": "Old Guard", "faction": "soviet", "cls": "land", "type": "infantry", "hex": "2711"}]})
    assert ScenarioState(hexmap=europe).saved_names(store) == []  # listed for USE only, even before moving
    use = UseState(store=store, board_name="fixture:france-1940")
    assert [u.id for u in use.units] == ["Old Guard"] and not use.restore_problem
    assert not old.exists() and store.path("scenarios", "use-fixture-france-1940", SAVE_GROUP).is_file()


def test_wif_refuses_a_name_another_game_keeps(store, europe):
    wif = ScenarioState(hexmap=europe)
    wif.load(SITUATION, "Poland test")
    with pytest.raises(UserDataError, match="'use'"):
        wif.save(store, "use-fixture-france-1940")
    assert store.names("scenarios") == []


def test_a_shared_use_board_lands_in_the_students_use_folder(store, tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path / "base"))
    UseState(store=store, board_name="fixture:france-1940").add_unit("Guards", "soviet", "land", "infantry", "2711")
    token = share(store, store.items("use"))
    student = UserStore(tmp_path / "student")
    assert copy_shared(token, student) == [("scenarios", SAVE_GROUP, "use-fixture-france-1940")]
    assert "Guards" in {u.id for u in UseState(store=student, board_name="fixture:france-1940").units}
    assert student.names("scenarios", game="wif") == []
