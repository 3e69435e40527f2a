"""What a hostile link, file or typed value can do to the server (docs/security.md): no server
file read through a page, no parser bomb, no upload past its size limit, no saved file lost in
silence, no traceback from the command line."""
from __future__ import annotations

import json
import subprocess
import sys
import time
import tracemalloc
from pathlib import Path

import pytest

from viewer.calculators import REGISTRY, CalculatorInputError
from viewer.calculators.wif.weather import resolve_chart
from viewer.reference.indexer import decode as decode_rulebook
from viewer.rules.asl.board import BoardError, load_board
from viewer.rules.charts import ChartError
from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.weather_chart import parse_weather_chart
from viewer.safeload import (
    MAX_BYTES, MAX_DEPTH, LoadError, csv_rows, decode, load_mapping, load_yaml, trusted_paths,
)
from viewer.userdata import UnreadableSave, UserDataError, UserStore, parse_yaml_mapping

ROOT = Path(__file__).resolve().parents[2]

BILLION_LAUGHS = "\n".join(
    ["a: &a [lol, lol, lol, lol, lol, lol, lol, lol, lol]"]
    + [f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]" for i in range(8)]
    + ["units: *i"]
)


def _bounded(fn, seconds: float = 3.0, megabytes: float = 64.0):
    """Run ``fn``; assert it took at most ``seconds`` of CPU and ``megabytes`` of new memory."""
    tracemalloc.start()
    start = time.process_time()
    try:
        return fn()
    finally:
        used = time.process_time() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        assert used < seconds, f"took {used:.1f} s of CPU"
        assert peak < megabytes * 1e6, f"peaked at {peak / 1e6:.0f} MB"


# ---------------------------------------------------------------------------- parser bombs
def test_the_alias_bomb_is_refused_at_once_with_its_line():
    assert len(BILLION_LAUGHS) < 1100
    with pytest.raises(LoadError, match=r"line 2.*aliases|anchors") as err:
        _bounded(lambda: load_yaml(BILLION_LAUGHS, "bomb.yaml"))
    assert err.value.origin.startswith("bomb.yaml")


@pytest.mark.parametrize("loader", ["scenario", "chart", "preset", "profiles"])
def test_every_web_loader_refuses_the_alias_bomb(loader, tmp_path):
    from viewer.rules.starcraft.profiles import ProfileError
    from viewer.views.starcraft.panel import StarcraftPanel

    def run():
        if loader == "scenario":
            load_scenario(BILLION_LAUGHS, None, origin="bomb.yaml")
        elif loader == "chart":
            parse_weather_chart(BILLION_LAUGHS, "yaml", "bomb.yaml")
        elif loader == "preset":
            parse_yaml_mapping(BILLION_LAUGHS, "bomb.yaml")
        else:
            StarcraftPanel._read_profiles(BILLION_LAUGHS, "bomb.yaml")

    with pytest.raises((ScenarioError, ChartError, UserDataError, ProfileError), match="alias|anchor"):
        _bounded(run)


def test_deep_nesting_is_refused_not_a_recursion_error():
    deep = "[" * 5000 + "]" * 5000
    with pytest.raises(LoadError, match="nest"):
        _bounded(lambda: load_yaml(deep, "deep.yaml"))
    with pytest.raises(LoadError, match=f"nested more than {MAX_DEPTH} deep"):
        load_yaml("[" * 30 + "]" * 30, "deep.yaml")
    nested = "a:\n" + "".join("  " * i + f"k{i}:\n" for i in range(1, 60)) + "  " * 60 + "x: 1\n"
    with pytest.raises(LoadError, match="nested"):
        load_yaml(nested, "deep.yaml")


@pytest.mark.parametrize("fast", [True, False], ids=["libyaml", "pure-python"])
def test_both_parsers_keep_the_same_bounds(fast, monkeypatch):
    import viewer.safeload as safeload

    monkeypatch.setattr(safeload, "_FAST", fast and safeload._FAST)
    for text, fault in ((BILLION_LAUGHS, "alias|anchor"), ("[" * 30 + "]" * 30, "nested more than"),
                        ("? [a]\n: 1\n", "plain value"), ("- " * 3 + "x: &y 1", "anchor")):
        with pytest.raises(LoadError, match=fault):
            load_yaml(text, "t.yaml")
    with pytest.raises(LoadError, match="more than 10 values"):
        load_yaml("[" + ", ".join(["1"] * 20) + "]", "many.yaml", max_nodes=10)
    assert load_yaml("a: [1, {b: c}]\n", "ok.yaml") == {"a": [1, {"b": "c"}]}


def test_too_many_values_are_refused():
    with pytest.raises(LoadError, match="more than 1,000 values"):
        load_yaml("[" + ", ".join(["1"] * 2000) + "]", "many.yaml", max_nodes=1000)


def test_too_many_units_or_too_large_a_file_are_refused_quickly():
    many = "map: europe\nunits:\n" + "".join(f"- {{id: u{i}}}\n" for i in range(5001))
    with pytest.raises(ScenarioError, match="at most 5,000"):
        _bounded(lambda: load_scenario(many, None), seconds=10)
    big = "map: europe\nunits:\n" + "- {id: x, type: INF, power: Germany, hex: '3821'}\n" * 100_000
    with pytest.raises(ScenarioError, match="at most 256 KB"):
        _bounded(lambda: load_scenario(big, None))


@pytest.mark.parametrize("kind", sorted(MAX_BYTES))
def test_every_kind_has_a_size_limit_named_in_the_message(kind):
    limit = MAX_BYTES[kind]
    with pytest.raises(LoadError, match="may be at most") as err:
        decode(b"a" * (limit + 1), "big.txt", kind)
    assert err.value.origin == "big.txt"
    assert decode(b"a" * limit, "ok.txt", kind).text == "a" * limit


# ---------------------------------------------------------------------------- paths
def test_a_scenario_text_that_is_a_path_is_read_as_text_never_opened(tmp_path):
    secret = tmp_path / "secret.yaml"
    secret.write_text("map: europe\nname: OTHER USER SECRET PLAN\n")
    for text in (str(secret), str(tmp_path / "missing.yaml")):
        with pytest.raises(ScenarioError) as err:
            load_scenario(text)
        assert "must be a YAML mapping" in str(err.value)  # the same answer: no existence oracle
        assert "SECRET" not in str(err.value)


def test_a_chart_box_takes_saved_names_only_on_a_page(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path / "data"))
    secret = tmp_path / "secret.csv"
    secret.write_text("password,user\nhunter2,root\n")
    answers = set()
    for spec in (str(secret), str(tmp_path / "missing.yaml"), "../../etc/passwd", "x/../../y"):
        with pytest.raises(CalculatorInputError) as err:
            resolve_chart(spec)
        assert "password" not in err.value.message and "hunter2" not in err.value.message
        answers.add(err.value.message)
    assert len(answers) <= 2 and all("not a file path" in a or "bad name" in a for a in answers)
    with trusted_paths(), pytest.raises(CalculatorInputError, match="secret.csv: cell"):
        resolve_chart(str(secret))  # the command line may read the file it names


def test_an_asl_board_file_is_read_only_by_trusted_code(tmp_path):
    shipped = ROOT / "maps" / "asl" / "teaching.yaml"
    with pytest.raises(BoardError, match="command line"):
        load_board(str(shipped))
    with pytest.raises(BoardError, match="command line"):
        load_board("/etc/passwd.yaml")
    assert load_board("teaching").hexes
    with trusted_paths():
        assert load_board(str(shipped)).hexes
    calc = REGISTRY["asl.los"](board=str(shipped))
    with pytest.raises(CalculatorInputError):
        calc.compute()


def test_saved_names_cannot_leave_the_data_folder(tmp_path):
    store = UserStore(tmp_path)
    for bad in ("../x", "/etc/passwd", "a/b", "..", ".hidden", "x\x00y"):
        with pytest.raises(UserDataError, match="bad name"):
            store.save("charts", bad, {"a": 1})
        with pytest.raises(UserDataError, match="bad name"):
            store.load("charts", bad)


# ---------------------------------------------------------------------------- saved files
def test_an_unreadable_saved_file_is_moved_aside_and_named(tmp_path):
    store = UserStore(tmp_path)
    path = store.save("settings", "churchill", {"step": 3})
    path.write_text("step: [3\n")
    with pytest.raises(UnreadableSave) as err:
        store.load("settings", "churchill")
    backup = err.value.backup
    assert backup is not None and backup.read_text() == "step: [3\n" and not path.exists()
    assert "churchill.yaml" in str(err.value) and backup.name in str(err.value)
    store.save("settings", "churchill", {"step": 4})  # the next save writes a new file beside it
    assert backup.exists() and store.load("settings", "churchill") == {"step": 4}
    assert store.names("settings") == ["churchill"]


def test_churchill_page_reports_a_corrupt_save_and_keeps_it(tmp_path):
    from viewer.state.churchill.conference import ChurchillState

    store = UserStore(tmp_path)
    (tmp_path / "settings").mkdir()
    (tmp_path / "settings" / "churchill.yaml").write_bytes(b"\xff\xfe\x00garbage")
    problem = ChurchillState().restore(store)
    assert problem and "churchill.yaml" in problem
    assert list((tmp_path / "settings").glob("churchill.yaml.unreadable-*"))


def test_use_and_asl_report_a_corrupt_save(tmp_path):
    from viewer.state import SessionState
    from viewer.state.use.board import UseState
    from viewer.views.asl.night import AslNightView

    store = UserStore(tmp_path)
    store.save("scenarios", "use-fixture-seas", {"units": [{"nonsense": 1}]})
    use = UseState(store=store, board_name="fixture:seas")
    assert "kept as" in use.restore_problem and use.units is not None
    store.save("settings", "asl-night", {"fires": 12})
    view = AslNightView(board=load_board("teaching"), state=SessionState(), store=store)
    assert "kept as" in view.restore_problem


# ---------------------------------------------------------------------------- decoding
def test_latin1_text_is_decoded_and_said_so():
    d = decode("nombre: Ca\u00f1\u00f3n\n".encode("latin-1"), "es.yaml")
    assert d.text == "nombre: Ca\u00f1\u00f3n\n" and not d.utf8 and d.encoding == "cp1252"
    assert decode("nombre: Ca\u00f1\u00f3n".encode("utf-8-sig"), "es.yaml").utf8
    assert decode("x: 1".encode("utf-16"), "u16.yaml").text == "x: 1"
    with pytest.raises(LoadError, match="binary"):
        decode(b"PK\x03\x04\x00\x00", "archive.zip")
    assert decode_rulebook("1.1 Reglas\r2.1 M\u00e1s\r".encode("latin-1")) == "1.1 Reglas\n2.1 M\u00e1s\n"


def test_cr_only_line_endings_and_huge_csv_fields_are_clean_errors_or_loads():
    assert csv_rows("a,b\r1,2\r3,4\r", "cr.csv") == [{"a": "1", "b": "2"}, {"a": "3", "b": "4"}]
    with pytest.raises(LoadError, match="line 2.*(longer than|field limit)"):
        csv_rows("a,b\n" + "x" * 200_000 + ",1\n", "huge.csv")
    with pytest.raises(LoadError, match="line 3.*longer than 4 KB"):
        csv_rows("a,b\n1,2\n" + "y" * 5000 + ",1\n", "long.csv")


def test_mixed_keys_and_complex_keys_are_clean_errors():
    with pytest.raises(ScenarioError, match="unknown top-level key"):
        load_scenario("map: europe\n1: x\n")
    with pytest.raises(LoadError, match="plain value"):
        load_mapping("? [a, b]\n: 1\n", "k.yaml")


# ---------------------------------------------------------------------------- the command line
def _cli(*args):
    proc = subprocess.run([sys.executable, "-m", "viewer", *args], capture_output=True, text=True,
                          cwd=ROOT, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.parametrize("content", [
    BILLION_LAUGHS, "[" * 3000, "map: europe\n1: x\nunits: {a: 1}\n", "map: europe\runits: []\r",
    "\xff\xfe garbage", "map: europe\nunits:\n- {id: x, type: '<img src=x onerror=alert(1)>', power: Germany}\n",
])
def test_the_cli_answers_bad_scenarios_with_json_and_exit_2(tmp_path, content):
    path = tmp_path / "bad.yaml"
    path.write_bytes(content.encode("latin-1", errors="replace") if content.startswith("\xff") else content.encode())
    code, out, err = _cli("supply", "--map", "europe", "--scenario", str(path))
    assert "Traceback" not in err and "Traceback" not in out
    if code == 0:
        assert "units" in json.loads(out)
    else:
        assert code == 2 and json.loads(err)["error"]["message"]


def test_the_cli_takes_a_bundled_scenario_by_name():
    code, out, _ = _cli("supply", "--map", "europe", "--scenario", "kiev")
    assert code == 0 and json.loads(out)["units"]


def test_the_cli_reads_a_chart_file_it_is_named(tmp_path):
    chart = tmp_path / "weather.yaml"
    chart.write_text("chart: wif.weather\ncells: []\n")
    code, out, err = _cli("calc", "wif.weather-roll", f"chart={chart}", "roll=5")
    assert code in (0, 2) and "Traceback" not in err
    assert "not a file path" not in out + err


def test_every_markdown_pane_and_alert_renders_raw_html_as_text():
    """Views and apps build Markdown panes and alerts only through viewer.views.common.text."""
    import re

    direct = re.compile(r"pn\.pane\.(Markdown|Alert)\(|pane\.(Markdown|Alert)\(")
    files = [p for folder in ("viewer", "apps") for p in sorted((ROOT / folder).rglob("*.py")) if p.name != "text.py"]
    offenders = [f"{p.relative_to(ROOT)}:{n}" for p in files
                 for n, line in enumerate(p.read_text().splitlines(), 1) if direct.search(line)]
    assert offenders == []
    from viewer.views.common.text import alert, markdown

    for pane in (markdown("<img src=x onerror=alert(1)>"), alert("<script>alert(1)</script>")):
        html = pane._transform_object(pane.object)["object"]
        assert "<img" not in html and "<script" not in html and "&lt;" in html
