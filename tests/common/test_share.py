"""Sharing saved work by link and resetting a game's saved work (docs/deploy.md "Sharing and resetting")."""
import os
import stat

import pytest

from viewer import userdata
from viewer.views.common import visitor


@pytest.fixture
def data(tmp_path, monkeypatch):
    monkeypatch.setenv(userdata.ENV_VAR, str(tmp_path))
    return tmp_path


def _visitor_store(data, secret: str) -> userdata.UserStore:
    return userdata.UserStore(userdata.visitor_dir(visitor.folder_name("browser", secret * 40)))


def test_each_saved_document_belongs_to_one_game():
    assert userdata.owner("presets", "wif.land-odds", "attack") == "wif"
    assert userdata.owner("charts", None, "use.crt") == "use"
    assert userdata.owner("scenarios", None, "use-fixture-france-1940") == "use"
    assert userdata.owner("settings", None, "asl-night") == "asl"
    assert userdata.owner("settings", None, "churchill") == "churchill"
    # a scenario the user named belongs to the game that names scenarios freely (viewer/games.py)
    assert userdata.owner("scenarios", None, "My opening") == "wif"
    assert userdata.owner("settings", None, "language") is None
    assert userdata.owner("presets", "core.dice", "three") is None


def test_reset_deletes_only_that_games_work(data):
    store = _visitor_store(data, "a")
    store.save("scenarios", "My opening", {"title": "x"})
    store.save("presets", "attack", {"odds": 3}, group="wif.land-odds")
    store.save("scenarios", "use-fixture-france-1940", {"units": []})
    store.save("settings", "churchill", {"step": 2})
    other = _visitor_store(data, "b")
    other.save("scenarios", "My opening", {"title": "theirs"})
    gone = store.reset("wif")
    assert sorted(gone) == [("presets", "wif.land-odds", "attack"), ("scenarios", None, "My opening")]
    assert sorted(store.items()) == [("scenarios", None, "use-fixture-france-1940"), ("settings", None, "churchill")]
    assert other.load("scenarios", "My opening") == {"title": "theirs"}  # another visitor's is untouched


def test_a_shared_link_gives_a_read_only_copy(data):
    teacher, student = _visitor_store(data, "t"), _visitor_store(data, "s")
    teacher.save("scenarios", "Lesson 1", {"title": "Fall Gelb", "units": [1, 2]})
    teacher.save("settings", "churchill", {"step": 3})
    token = userdata.share(teacher, [("scenarios", None, "Lesson 1"), ("settings", None, "churchill")])
    path = userdata.shared_dir() / f"{token}.yaml"
    assert path.is_file() and not (path.stat().st_mode & (stat.S_IWUSR | stat.S_IWGRP | stat.S_IWOTH))
    teacher.save("scenarios", "Lesson 1", {"title": "changed later"})  # the link keeps what was shared
    written = userdata.copy_shared(token, student)
    assert written == [("scenarios", None, "Lesson 1"), ("settings", None, "churchill")]
    assert student.load("scenarios", "Lesson 1") == {"title": "Fall Gelb", "units": [1, 2]}
    assert student.load("settings", "churchill") == {"step": 3}
    # the student's copy is theirs: changing it changes neither the link nor the teacher's
    student.save("scenarios", "Lesson 1", {"title": "my moves"})
    assert userdata.open_shared(token)["documents"][0]["data"]["title"] == "Fall Gelb"
    # opening the link again does not overwrite a scenario the student changed: it comes beside it
    again = userdata.copy_shared(token, student)
    assert again[0] == ("scenarios", None, "Lesson 1 shared")
    assert student.load("scenarios", "Lesson 1") == {"title": "my moves"}
    # a board (a game's fixed name) is loaded: it replaces the student's own
    assert again[1] == ("settings", None, "churchill")


def test_the_shared_area_is_out_of_every_visitors_reach(data):
    student = _visitor_store(data, "s")
    assert userdata.shared_dir() not in student.root.parents
    with pytest.raises(userdata.UserDataError):
        student.save("shared", "x", {})
    with pytest.raises(userdata.UserDataError):
        student.save("scenarios", "../../shared/x", {})


@pytest.mark.parametrize("token", ["", "short", "../../etc/passwd", "a" * 65, "a" * 30 + "/..", "%2e%2e" * 5,
                                   "abc\x00" * 8, "ü" * 30, "a" * 30 + ".yaml"])
def test_a_hostile_token_is_refused_with_what_a_token_is(data, token):
    with pytest.raises(userdata.ShareError, match="24 to 64 letters, digits"):
        userdata.open_shared(token)


def test_an_unknown_or_broken_link_names_the_fault(data):
    student = _visitor_store(data, "s")
    with pytest.raises(userdata.ShareError, match="no shared work under the link"):
        userdata.copy_shared("A" * 32, student)
    folder = userdata.shared_dir()
    folder.mkdir(parents=True)
    (folder / ("B" * 32 + ".yaml")).write_text("documents: [{kind: secrets, name: x, data: {}}]\nformat: 1\n")
    with pytest.raises(userdata.ShareError, match="allowed kinds: settings, presets, charts, scenarios"):
        userdata.copy_shared("B" * 32, student)
    (folder / ("C" * 32 + ".yaml")).write_text("format: 1\ndocuments: [{kind: scenarios, name: ../x, data: {}}]\n")
    with pytest.raises(userdata.UserDataError, match="bad name"):
        userdata.copy_shared("C" * 32, student)
    (folder / ("D" * 32 + ".yaml")).write_text(": not yaml : [")
    with pytest.raises(userdata.ShareError, match="cannot be read"):
        userdata.copy_shared("D" * 32, student)
    assert student.items() == []


def test_sharing_nothing_is_refused(data):
    with pytest.raises(userdata.ShareError, match="nothing to share"):
        userdata.share(_visitor_store(data, "t"), [])


def test_only_named_teachers_may_share_when_the_server_names_them(monkeypatch):
    monkeypatch.delenv(visitor.TEACHERS_VAR, raising=False)
    assert visitor.may_share()
    monkeypatch.setenv(visitor.TEACHERS_VAR, "ms-garcia, mr-smith")
    assert not visitor.may_share()  # outside a served page there is no logged-in user
    assert os.environ[visitor.TEACHERS_VAR]
