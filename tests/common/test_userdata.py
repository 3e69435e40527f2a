"""User data: saved presets survive a new store (a restart), bad names and files are explained."""
import re

import pytest

from viewer.state.userdata import ENV_VAR, UserDataError, UserStore, data_dir


def test_save_and_load_survive_a_new_store(tmp_path):
    UserStore(tmp_path).save("presets", "big attack", {"expression": "4d10 keep highest 2", "target": 12},
                             group="core.dice")
    again = UserStore(tmp_path)
    assert again.names("presets", group="core.dice") == ["big attack"]
    assert again.load("presets", "big attack", group="core.dice") == {
        "expression": "4d10 keep highest 2", "target": 12}


def test_the_folder_follows_the_environment(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    assert UserStore().root == tmp_path / "x"


@pytest.mark.parametrize("name", ["", "../escape", ".hidden", "a/b", "x" * 65])
def test_bad_names_are_refused_with_what_is_allowed(tmp_path, name):
    with pytest.raises(UserDataError, match="letters, digits"):
        UserStore(tmp_path).save("presets", name, {})


def test_unknown_kind_lists_the_kinds(tmp_path):
    with pytest.raises(UserDataError, match="settings, presets, charts, scenarios"):
        UserStore(tmp_path).save("secrets", "a", {})


def test_a_malformed_file_names_the_file_and_line(tmp_path):
    store = UserStore(tmp_path)
    path = store.save("settings", "prefs", {"lang": "es"})
    path.write_text("lang: [es\n")
    with pytest.raises(UserDataError, match=r"prefs\.yaml, line \d+: not valid YAML"):
        store.load("settings", "prefs")
    path.write_text("- just\n- a list\n")
    with pytest.raises(UserDataError, match="expected a mapping"):
        store.load("settings", "prefs")


def test_a_failed_write_keeps_the_previous_file(tmp_path):
    store = UserStore(tmp_path)
    store.save("settings", "prefs", {"lang": "es"})
    with pytest.raises(Exception):
        store.save("settings", "prefs", {"bad": object()})
    assert store.load("settings", "prefs") == {"lang": "es"}
    assert [p.name for p in (tmp_path / "settings").iterdir()] == ["prefs.yaml"]


def test_a_malformed_saved_chart_is_reported_not_ignored(tmp_path):
    from viewer.rules.charts import ChartError
    from viewer.rules.wif import tables

    store = UserStore(tmp_path)
    assert tables.chart("wif.its-war", store=store) == tables.shipped("wif.its-war")  # nothing saved
    path = store.path("charts", "wif.its-war")
    path.parent.mkdir(parents=True)
    path.write_text("cells: [oops\n")
    with pytest.raises(ChartError, match=r"wif\.its-war\.yaml, line \d+"):
        tables.chart("wif.its-war", store=store)


def test_restore_hands_a_good_file_to_the_caller(tmp_path):
    store = UserStore(tmp_path)
    store.save("settings", "table", {"models": {"a": [1, 2]}})
    got: list[dict] = []
    assert store.restore("settings", "table", got.append, (KeyError,)) == ""
    assert got == [{"models": {"a": [1, 2]}}]
    assert store.path("settings", "table").exists()


def test_restore_of_a_missing_file_says_nothing_and_calls_nothing(tmp_path):
    got: list[dict] = []
    assert UserStore(tmp_path).restore("settings", "table", got.append, (KeyError,)) == ""
    assert got == []


def test_restore_of_a_malformed_file_names_it_and_keeps_it_aside(tmp_path):
    store = UserStore(tmp_path)
    path = store.save("settings", "table", {"models": {}})
    path.write_text("models: [oops\n")
    got: list[dict] = []
    problem = store.restore("settings", "table", got.append, (KeyError,))
    assert re.search(r"table\.yaml, line \d+: not valid YAML .*; it was kept as table\.yaml\.unreadable-", problem)
    assert got == [] and not path.exists()
    assert [p.name.split("-")[0] for p in path.parent.iterdir()] == ["table.yaml.unreadable"]


def test_restore_sets_aside_a_file_the_caller_refuses(tmp_path):
    store = UserStore(tmp_path)
    path = store.save("settings", "table", {"other": 1})

    def apply(data: dict) -> None:
        data["models"]

    problem = store.restore("settings", "table", apply, (KeyError,))
    assert problem.startswith(f"{path}: 'models'; it was kept as table.yaml.unreadable-")
    assert not path.exists()


def test_restore_lets_an_unexpected_fault_through(tmp_path):
    store = UserStore(tmp_path)
    store.save("settings", "table", {"models": {}})

    def apply(data: dict) -> None:
        raise RuntimeError("a bug, not a bad file")

    with pytest.raises(RuntimeError):
        store.restore("settings", "table", apply, (KeyError,))
    assert store.path("settings", "table").exists()
