"""Whose data folder the running code uses (docs/deploy.md "Whose data is it")."""
import pytest

from viewer import userdata
from viewer.views.common import visitor


def test_outside_a_served_page_the_base_folder_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv(userdata.ENV_VAR, str(tmp_path))
    visitor.install()
    assert userdata.data_dir() == tmp_path
    assert userdata.UserStore().root == tmp_path


def test_a_visitor_gets_a_folder_of_their_own(tmp_path, monkeypatch):
    monkeypatch.setenv(userdata.ENV_VAR, str(tmp_path))
    name = visitor.folder_name("browser", "x" * 40)
    monkeypatch.setattr(userdata, "_visitor", lambda: name)
    assert userdata.data_dir() == tmp_path / "visitors" / name
    store = userdata.UserStore()
    store.save("presets", "mine", {"a": 1}, group="core.dice")
    assert (tmp_path / "visitors" / name / "presets" / "core.dice" / "mine.yaml").is_file()
    other = visitor.folder_name("browser", "y" * 40)
    monkeypatch.setattr(userdata, "_visitor", lambda: other)
    assert userdata.UserStore().names("presets", group="core.dice") == []


def test_folder_names_are_hashes_that_cannot_leave_the_visitors_folder():
    a, b = visitor.folder_name("user", "alice"), visitor.folder_name("user", "../../etc")
    assert a != b and a.startswith("user-") and "/" not in b and ".." not in b
    assert visitor.folder_name("browser", "alice") != visitor.folder_name("user", "alice")
    with pytest.raises(userdata.UserDataError):
        userdata.visitor_dir("../escape")
