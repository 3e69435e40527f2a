"""``python -m viewer supply``: the JSON shape and exit 2 with the error JSON."""
import json
import subprocess
import sys
from pathlib import Path

from viewer.cli import main

ROOT = Path(__file__).resolve().parents[2]
SYRIA = ROOT / "maps" / "scenarios" / "syria.yaml"


def run(argv, capsys):
    code = main(argv)
    captured = capsys.readouterr()
    return code, json.loads(captured.err if code == 2 else captured.out)   # errors go to stderr


def test_supply_prints_every_unit(capsys):
    code, out = run(["supply", "--map", "europe", "--scenario", str(SYRIA)], capsys)
    assert code == 0 and set(out) == {"units"}
    assert {"GD", "Manstein", "Rundstedt"} <= set(out["units"])
    for unit in out["units"].values():
        assert set(unit) == {"in_supply", "chain", "reason"}
        assert (unit["reason"] is None) == unit["in_supply"]
        for leg in unit["chain"]:
            assert set(leg) == {"kind", "hexes", "cost", "budget", "sea_areas", "landing_port", "to"}
            assert leg["kind"] in ("basic", "rail") and leg["cost"] <= leg["budget"]
    run_leg = out["units"]["Rundstedt"]["chain"][0]
    assert run_leg["landing_port"] and run_leg["sea_areas"][0] == "Eastern Mediterranean"


def test_bad_scenario_exits_2_with_the_error_json(tmp_path, capsys):
    bad = tmp_path / "bad.yaml"
    bad.write_text("map: europe\nunits:\n  - {id: a, type: INF, power: Germany, hex: '9999'}\n")
    code, out = run(["supply", "--map", "europe", "--scenario", str(bad)], capsys)
    assert code == 2
    err = out["error"]
    assert set(err) == {"parameter", "message", "allowed"} and "units[0]" in err["parameter"]


def test_missing_file_and_unknown_map(tmp_path, capsys):
    code, out = run(["supply", "--map", "europe", "--scenario", str(tmp_path / "none.yaml")], capsys)
    assert code == 2 and out["error"]["parameter"] == "scenario"
    code, out = run(["supply", "--map", "atlantis", "--scenario", str(SYRIA)], capsys)
    assert code == 2 and out["error"]["parameter"] == "map" and "europe" in out["error"]["allowed"]


def test_module_entry_point():
    p = subprocess.run([sys.executable, "-m", "viewer", "supply", "--map", "europe", "--scenario",
                        str(ROOT / "maps" / "scenarios" / "kiev.yaml")], capture_output=True, text=True, cwd=ROOT)
    assert p.returncode == 0 and json.loads(p.stdout)["units"]["inf-kiev"]["in_supply"] is True
