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
    (["nonsense"], "verb", ["calc", "index", "supply", "lessons"]),
    (["calc", "core.dice", "--lang", "fr"], "lang", ["en", "es"]),
])
def test_bad_input_exits_2_with_json_error(args, parameter, allowed):
    code, out, err = run(*args)
    assert code == 2
    assert "Traceback" not in out + err
    error = json.loads(out)["error"]
    assert set(error) == {"parameter", "message", "allowed"}
    assert error["parameter"] == parameter and error["message"]
    if allowed is not None:
        assert error["allowed"] == allowed
    else:
        assert error["allowed"]


def test_main_entry_point_returns_status(capsys):
    from viewer.__main__ import main

    assert main(["calc", "core.dice", "expression=d6", "target=6"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["result"]["p_ge_fraction"] == "1/6"
    assert main(["calc", "core.dice", "expression=d0"]) == 2
    assert json.loads(capsys.readouterr().out)["error"]["parameter"] == "expression"


def test_version_and_the_program_name_in_usage():
    proc = subprocess.run([sys.executable, "-m", "viewer", "--version"], capture_output=True, text=True)
    assert proc.returncode == 0 and proc.stdout.strip().startswith("wargame-viewer 0.")
    from viewer.cli import program_name

    assert program_name() in ("python -m viewer", "wargame-viewer")
