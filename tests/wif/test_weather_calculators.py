"""The WiF weather calculators, directly and through the command line (python -m viewer calc)."""
from __future__ import annotations

import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from viewer.calculators import REGISTRY
from viewer.state.userdata import UserStore

ROOT = Path(__file__).resolve().parents[2]
ROLL, EFFECTS, ODDS = (REGISTRY[s] for s in ("wif.weather-roll", "wif.weather-effects", "wif.odds-shift"))


def run(*args):
    proc = subprocess.run([sys.executable, "-m", "viewer", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, timeout=120)
    if args[:2] == ("calc", "--list"):
        return proc.returncode, proc.stdout.split()
    text = proc.stderr if proc.returncode == 2 else proc.stdout   # errors go to stderr
    return proc.returncode, json.loads(text) if text.strip() else None


def test_the_calculators_are_registered():
    code, slugs = run("calc", "--list")
    assert code == 0
    assert {"wif.weather-roll", "wif.weather-effects", "wif.odds-shift"} <= set(slugs) & set(REGISTRY)


def test_weather_roll_example_of_wif_8_on_the_command_line():
    code, data = run("calc", "wif.weather-roll", "bimonth=jul-aug", "raw_roll=8", "last_asterisks=2")
    assert code == 0
    res = data["result"]
    assert res["modified_roll"] == 10 and res["asterisks"] == 1 and res["north-monsoon"] == "storm"
    assert all(res[z] == "fine" for z in ("arctic", "north-temperate", "south-temperate", "mediterranean",
                                          "south-monsoon"))
    assert data["missing"] == [{"chart": "wif.weather", "cell": "jul-aug/10/impulse_advance", "rule": "WiF 8"}]
    assert [d["fraction"] for d in data["distribution"]] == ["1/10"] * 10
    assert data["distribution"][0]["outcome"] == 3
    assert any("WiF 8" == s["rule"] for s in data["steps"])


def test_an_unknown_row_is_named_and_the_rest_still_computed():
    calc = ROLL(bimonth="jan-feb", raw_roll=5, last_asterisks=0)
    res = calc.compute()
    assert res.value["modified_roll"] == 5 and res.value["arctic"] is None
    assert {m.cell for m in res.missing} == {f"jan-feb/5/{c}" for c in (
        "arctic", "north-temperate", "south-temperate", "mediterranean", "north-monsoon", "south-monsoon",
        "asterisks", "impulse_advance")}
    assert res.distribution.p_eq(5) == Fraction(1, 10)


def test_a_user_chart_file_completes_the_roll(tmp_path):
    path = tmp_path / "mine.yaml"
    path.write_text("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 5, arctic: blizzard, "
                    "asterisks: 1, impulse_advance: 2}\n", encoding="utf-8")
    code, data = run("calc", "wif.weather-roll", "bimonth=jan-feb", "raw_roll=5", "last_asterisks=0",
                     f"chart={path}")
    assert code == 0
    assert data["result"]["arctic"] == "blizzard" and data["result"]["impulse_advance"] == 2
    assert "jan-feb/5/arctic" not in {m["cell"] for m in data["missing"]}


def test_a_saved_chart_is_found_by_name(tmp_path, monkeypatch):
    monkeypatch.setenv("WARGAME_VIEWER_DATA", str(tmp_path))
    UserStore().save("charts", "my copy", {"chart": "wif.weather", "cells": [
        {"bimonth": "mar-apr", "roll": 2, "mediterranean": "rain", "source": "my copy"}]}, group="wif.weather")
    res = ROLL(bimonth="mar-apr", raw_roll=2, last_asterisks=0, chart="my copy").compute()
    assert res.value["mediterranean"] == "rain"


def test_a_bad_chart_is_a_clear_error_on_the_command_line(tmp_path):
    path = tmp_path / "bad.yaml"
    path.write_text("cells:\n- {bimonth: jan-feb, roll: 5, arctic: sunny}\n", encoding="utf-8")
    code, data = run("calc", "wif.weather-roll", f"chart={path}")
    assert code == 2
    err = data["error"]
    assert err["parameter"] == "chart" and "jan-feb/5/arctic" in err["message"]
    assert err["allowed"] == ["fine", "rain", "snow", "storm", "blizzard"]


@pytest.mark.parametrize("args, shifted", [
    (["odds=12:1", "weather=rain"], "11:1"), (["odds=3:2", "weather=rain"], "1:1"),
    (["odds=11:1", "weather=storm"], "9:1"), (["odds=3:1", "weather=snow"], "3:2"),
    (["odds=3:1", "weather=snow", "special_share=0.5"], "3:1"),
    (["odds=12:1", "weather=blizzard", "special_share=1"], "11:1"),
    (["odds=12:1", "weather=rain", "special_share=1"], "11:1"),
])
def test_odds_shift_examples_of_8_2_7(args, shifted):
    code, data = run("calc", "wif.odds-shift", *args)
    assert code == 0 and data["result"]["shifted"] == shifted


def test_odds_shift_missing_column_and_bombardment():
    code, data = run("calc", "wif.odds-shift", "odds=6:1", "weather=storm", "bombardment=0*", "inferred_columns=false")
    assert code == 0
    assert data["result"]["shifted"] is None and data["result"]["columns_dropped"] == 2
    assert data["missing"][0]["chart"] == "wif.land-combat-columns"
    assert data["result"]["bombardment_modifier"] is None  # no bombardment in Storm
    code, data = run("calc", "wif.odds-shift", "odds=3:1", "weather=rain", "bombardment=0*")
    assert data["result"]["bombardment_modifier"] == 1  # '0*' reads '1' in Rain
    code, data = run("calc", "wif.odds-shift", "odds=6:1", "weather=storm",
                     "columns=1:1,3:2,2:1,3:1,4:1,5:1,6:1,7:1,8:1,9:1,10:1,11:1,12:1")
    assert data["result"]["shifted"] == "4:1" and "missing" not in data


@pytest.mark.parametrize("odds,shifted", [("4:1", "3:2"), ("10:1", "7:1")])
def test_odds_shift_blizzard_with_the_inferred_columns(odds, shifted):
    """WiF 8.2.7: Blizzard drops three columns; 4:1 and 10:1 need columns between 3:1 and 9:1, which
    the setting "columns 4:1 ... 8:1 inferred from 8.2.7's examples" supplies (on by default) and
    names as inferred in the steps; without it the calculator refuses and names the missing cell."""
    code, data = run("calc", "wif.odds-shift", f"odds={odds}", "weather=blizzard")
    assert code == 0 and data["result"]["shifted"] == shifted and data["result"]["columns_dropped"] == 3
    assert data["inputs"]["inferred_columns"] is True and "missing" not in data
    assert "inferred from 8.2.7's examples" in data["steps"][0]["text"] and data["steps"][0]["rule"] == "WiF 8.2.7"
    code, data = run("calc", "wif.odds-shift", f"odds={odds}", "weather=blizzard", "inferred_columns=false")
    assert code == 0 and data["result"]["shifted"] is None
    assert data["missing"] == [{"chart": "wif.land-combat-columns", "cell": f"{odds} -3 columns", "rule": "WiF 11.16.5"}]


def test_the_inferred_columns_are_named_only_when_the_answer_uses_them():
    """WiF 8.2.7: Rain 12:1 -> 11:1 stays within the text's columns: no inference is named."""
    code, data = run("calc", "wif.odds-shift", "odds=12:1", "weather=rain")
    assert data["result"]["shifted"] == "11:1" and "inferred" not in data["steps"][0]["text"]
    land = REGISTRY["wif.land-odds"](attack=24, defence=2, weather="rain").compute()
    assert not any(s.key.endswith(".ladder_inferred") for s in land.steps)


def test_odds_shift_the_users_columns_take_precedence_over_the_inferred_ones():
    """WiF 8.2.7, 11.16.5: a user's list without 5:1 is read as it stands, inferred setting on or off."""
    cols = "columns=1:1,3:2,2:1,3:1,4:1,6:1,8:1,9:1,10:1,11:1,12:1"
    code, data = run("calc", "wif.odds-shift", "odds=10:1", "weather=blizzard", cols)
    assert code == 0 and data["result"]["shifted"] == "6:1"  # 9:1, 8:1, 6:1 on the user's ladder
    assert "your land combat chart" in data["steps"][0]["text"]


def test_odds_shift_bad_input():
    code, data = run("calc", "wif.odds-shift", "odds=lots")
    assert code == 2 and data["error"]["parameter"] == "odds"
    code, data = run("calc", "wif.odds-shift", "weather=hail")
    assert code == 2 and data["error"]["allowed"] == ["fine", "rain", "snow", "storm", "blizzard"]


def test_weather_effects_on_a_desert_hex_in_blizzard():
    code, data = run("calc", "wif.weather-effects", "zone_weather=blizzard", "terrain=desert",
                     "map_class=pacific", "--lang", "es")
    assert code == 0
    res = data["result"]
    assert res["effective_weather"] == "snow" and res["supply_range"] == 3 and res["supply_hex_cost"] == 3
    assert res["invasion_allowed"] is False and res["odds_shift"] == -2 and res["odds_shift_special"] == 0
    assert res["air_missions"] == "rebase-only"  # the zone has Blizzard (setting rebase_only_by=zone)
    assert "Nieve" in data["steps"][0]["text"] and data["steps"][0]["rule"] == "WiF 8.2.1"


def test_weather_effects_settings_change_the_lake():
    printed = EFFECTS(zone_weather="blizzard", terrain="lake").compute()
    corrected = EFFECTS(zone_weather="blizzard", terrain="lake", lake_freeze="snow-blizzard").compute()
    assert printed.value["effective_terrain"] == "lake" and corrected.value["effective_terrain"] == "clear"
