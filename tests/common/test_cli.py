"""The command line, run as a user would: ``python -m viewer VERB ...`` in a subprocess."""
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from viewer.calculators import REGISTRY
from viewer.dice import parse

ROOT = Path(__file__).resolve().parents[2]


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "viewer", *args], capture_output=True,
                          text=True, encoding="utf-8", cwd=ROOT, timeout=120)
    return proc.returncode, proc.stdout, proc.stderr


def test_calc_list_prints_every_slug():
    code, out, _ = run("calc", "--list")
    assert code == 0
    assert out.splitlines() == sorted(REGISTRY)


def test_calc_prints_the_calculator_json():
    code, out, err = run("calc", "core.dice", "expression=4d10 keep highest 2", "target=15")
    assert code == 0, err
    data = json.loads(out)
    assert set(data) == {"calculator", "inputs", "result", "steps", "distribution"}
    assert data["inputs"] == {"expression": "4d10 keep highest 2", "target": 15}
    dist = parse("4d10 keep highest 2")
    assert Fraction(data["result"]["p_ge_fraction"]) == dist.p_ge(15)
    assert Fraction(data["result"]["p_le_fraction"]) == dist.p_le(15)
    assert data["distribution"] == dist.to_json()
    assert "WiF 2.7" in [s["rule"] for s in data["steps"]]


def test_calc_spanish_steps():
    code, out, _ = run("calc", "core.dice", "--lang", "es")
    english = json.loads(run("calc", "core.dice")[1])
    spanish = json.loads(out)
    assert code == 0 and spanish["result"] == english["result"]
    assert [s["text"] for s in spanish["steps"]] != [s["text"] for s in english["steps"]]


@pytest.mark.parametrize("args, parameter, allowed", [
    (["calc", "core.dise"], "calculator", sorted(REGISTRY)),
    (["calc", "core.dice", "taget=3"], "taget", ["expression", "target"]),
    (["calc", "core.dice", "target"], "target", ["expression", "target"]),
    (["calc", "core.dice", "target=3", "target=4"], "target", ["expression", "target"]),
    (["calc", "core.dice", "target=high"], "target", [-100000, 100000]),
    (["calc", "core.dice", "target=999999"], "target", [-100000, 100000]),
    (["calc", "core.dice", "expression=2d"], "expression", None),
    (["calc"], "calculator", sorted(REGISTRY)),
    (["nonsense"], "verb", ["calc", "index", "lessons", "serve", "supply"]),
    ([], "verb", ["calc", "index", "lessons", "serve", "supply"]),
    (["serve", "atlantis"], "app", ["index", "reference", "wif", "use", "asl", "churchill", "starcraft"]),
    (["serve", "--port", "http"], "port", [1, 65535]),
    (["serve", "--port", "70000"], "port", [1, 65535]),
    (["serve", "--num-procs", "-1"], "num-procs", [0, 64]),
    (["serve", "--unused-session-lifetime", "0"], "unused-session-lifetime", [1, 86_400_000]),
    (["serve", "--keep-alive", "soon"], "keep-alive", [0, 86_400_000]),
    (["calc", "core.dice", "--lang", "fr"], "lang", ["en", "es"]),
    (["calc", "asl.fortification-hip", "events=unit-fires, dances"], "events",
     list(REGISTRY["asl.fortification-hip"].param["events"].objects)),
])
def test_bad_input_exits_2_with_json_error_on_stderr(args, parameter, allowed):
    code, out, err = run(*args)
    assert code == 2 and out == ""
    assert "Traceback" not in err
    error = json.loads(err)["error"]
    assert set(error) == {"parameter", "message", "allowed"}
    assert error["parameter"] == parameter and error["message"]
    if allowed is not None:
        assert error["allowed"] == allowed
    else:
        assert error["allowed"]


def test_a_list_of_names_read_from_text_names_each_bad_one():
    """Names separated by commas: each unknown one is named (with a close match), the good ones
    are not, and the good form gives the names in the order written."""
    code, _, err = run("calc", "asl.fortification-hip", "events=unit-fires, dances, tem-claimd")
    message = json.loads(err)["error"]["message"]
    assert code == 2 and "'dances'" in message and "'tem-claimd' (did you mean 'tem-claimed'?)" in message
    assert "'unit-fires'" not in message
    code, out, err = run("calc", "asl.fortification-hip", "events=tem-claimed,unit-fires")
    assert code == 0, err
    data = json.loads(out)
    assert data["inputs"]["events"] == ["tem-claimed", "unit-fires"] and data["result"]["revealed_by"] == "tem-claimed"


def test_main_entry_point_returns_status(capsys):
    from viewer.__main__ import main

    assert main(["calc", "core.dice", "expression=d6", "target=6"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["p_ge_fraction"] == "1/6"
    assert main(["calc", "core.dice", "expression=d0"]) == 2
    captured = capsys.readouterr()
    assert captured.out == "" and json.loads(captured.err)["error"]["parameter"] == "expression"


def test_version():
    code, out, err = run("--version")
    from viewer import __version__

    assert code == 0 and out.strip() == f"wargame-viewer {__version__}" and __version__.startswith("0.")


NAMED = """
import sys
sys.argv[0] = {argv0!r}
from viewer.cli import main
raise SystemExit(main({argv!r}))
"""


@pytest.mark.parametrize("argv0, name", [("/somewhere/bin/wargame-viewer", "wargame-viewer"),
                                         ("/somewhere/viewer/__main__.py", "python -m viewer")])
def test_usage_and_errors_name_the_program_as_it_was_run(argv0, name):
    def named(*argv):
        proc = subprocess.run([sys.executable, "-c", NAMED.format(argv0=argv0, argv=list(argv))], capture_output=True,
                              text=True, encoding="utf-8", cwd=ROOT, timeout=120)
        return proc.returncode, proc.stdout, proc.stderr

    code, out, _ = named("--help")
    assert code == 0 and out.startswith(f"usage: {name} ")
    code, out, _ = named("serve", "--help")
    assert code == 0 and out.startswith(f"usage: {name} serve ")
    code, out, err = named("calc", "--lang", "fr")
    assert code == 2 and out == ""
    error = json.loads(err)["error"]
    assert error["message"] == f"{name} calc: 'fr' is not a known lang"
    code, out, err = named("calc", "--bogus")
    assert code == 2 and json.loads(err)["error"]["message"] == f"{name}: unrecognized arguments: --bogus"


def test_the_module_is_named_python_m_viewer():
    code, out, _ = run("--help")
    assert code == 0 and out.startswith("usage: python -m viewer ")
