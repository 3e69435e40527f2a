"""The land combat results table (chart ``wif.land-combat``, WiF 11.16.5) as a user-completed chart,
and ``wif.land-odds``'s outcome distribution read from it.

The table ships with no cell and no result code (the rulebook text prints none). Every chart with
codes below is a TEST FIXTURE, made up here with codes T1..T4 that no printed table uses: it
checks the machinery, it says nothing about the game.
"""
from __future__ import annotations

import itertools
import json
import subprocess
import sys
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.calculators import REGISTRY
from viewer.rules.charts import Chart, ChartError, chart_from_dict
from viewer.rules.wif import land, tables
from viewer.userdata import ENV_VAR, UserStore

ROOT = Path(__file__).resolve().parents[2]
FAKE_CODES = {"T1": "test fixture code one", "T2": "test fixture code two",
              "T3": "test fixture code three", "T4": "test fixture code four"}


def fake_code(table: str, roll: int) -> str:
    """The fixture's made-up rule for a cell: bands of modified rolls, shifted on the blitz table."""
    roll += 2 if table == "blitz" else 0
    return "T1" if roll <= 6 else "T2" if roll <= 12 else "T3" if roll <= 18 else "T4"


def fake_chart(rows=range(-10, 36), columns=("2:1", "3:2", "1:1", "11:1"), tables_=land.TABLES) -> dict:
    """A user chart document (as typed or saved) covering ``rows`` of ``columns``."""
    return {"chart": land.LAND_CHART, "codes": {"result": FAKE_CODES},
            "cells": [{"table": t, "column": c, "roll": r, "result": fake_code(t, r), "source": "test fixture"}
                      for t in tables_ for c in columns for r in rows]}


@pytest.fixture
def store(tmp_path, monkeypatch):
    monkeypatch.setenv(ENV_VAR, str(tmp_path))
    return UserStore(tmp_path)


def save(store, doc) -> Chart:
    base = tables.shipped(land.LAND_CHART)
    chart = chart_from_dict(doc, base.schema, origin="fixture")
    tables.save_user_chart(chart, store)
    return chart


def brute_force(table: str, drm: int, row_range=None) -> dict[str, Fraction]:
    counts = Counter()
    for d1, d2 in itertools.product(range(1, 11), repeat=2):
        total = d1 + d2 + drm
        if row_range:
            total = min(max(total, row_range[0]), row_range[1])
        counts[fake_code(table, total)] += 1
    return {code: Fraction(n, 100) for code, n in counts.items()}


# -- the shipped file -------------------------------------------------------------------------------
def test_the_shipped_table_has_no_cell_and_no_code_but_documented_notes():
    chart = tables.shipped(land.LAND_CHART)
    assert chart.cells == {} and chart.schema.column("result").codes == ()
    assert chart.schema.axis("table").values == ("assault", "blitz")
    assert chart.schema.axis("roll").values == tuple(range(2, 21))
    # the columns listed are exactly the neighbours the 8.2.7 examples show
    assert chart.schema.axis("column").values == ("1:1", "3:2", "2:1", "3:1", "9:1", "10:1", "11:1", "12:1")
    assert len(chart.notes) >= 3 and all(n["source"] and n["confidence"] for n in chart.notes)
    # the '*' placement is kept as a note with its (weak) source, never as a cell
    star = [n for n in chart.notes if "'*'" in n["fact"]]
    assert star and star[0]["confidence"] == "low-medium" and "matrixgames" in star[0]["source"]


def test_the_air_to_air_table_ships_empty_with_the_example_facts_as_notes():
    chart = tables.shipped("wif.air-to-air")
    assert chart.cells == {} and chart.schema.column("result").codes == ()
    facts = " ".join(n["fact"] for n in chart.notes)
    assert "+5" in facts and "7 against 4" in facts
    # an open axis: a differential beyond the listed -4..+4 is accepted as a row
    assert chart.check_row((6, 21)) == (6, 21)


def test_a_cell_needs_a_declared_code_naming_the_declared_ones():
    base = tables.shipped(land.LAND_CHART)
    doc = {"chart": land.LAND_CHART, "cells": [{"table": "assault", "column": "2:1", "roll": 7, "result": "T1",
                                                "source": "me"}]}
    with pytest.raises(ChartError, match="no code is declared yet"):
        chart_from_dict(doc, base.schema, origin="mine.yaml")
    doc["codes"] = {"result": {"T2": "two"}}
    with pytest.raises(ChartError) as info:
        chart_from_dict(doc, base.schema, origin="mine.yaml")
    assert "mine.yaml: cell assault/2:1/7/result" in str(info.value) and info.value.allowed == ["T2"]


# -- the distribution ---------------------------------------------------------------------------------
@pytest.mark.parametrize("table, drm", [("assault", 0), ("assault", 3), ("blitz", -4), ("blitz", 5)])
def test_land_odds_distribution_matches_brute_force_enumeration_of_2d10(store, table, drm):
    save(store, fake_chart())
    r = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine", table=table, drm=drm).compute()
    assert r.value["shifted_column"] == "2:1" and not r.missing
    got = {r.outcome_labels[o]: p for o, p in r.distribution.items()}
    assert got == brute_force(table, drm)
    assert sum(got.values()) == 1
    assert r.value["rolls"] == f"{2 + drm}..{20 + drm}"
    shown = [s for s in r.steps if s.key.endswith(".outcome")]
    assert [s.params["code"] for s in shown] == [c for c in FAKE_CODES if c in got]
    assert "test fixture code" in shown[0].text("en")


def test_the_weather_shift_picks_the_column_read(store):
    save(store, fake_chart(columns=("3:2",), tables_=("assault",)))
    # 3:1 in Storm drops two columns to 3:2 (8.2.7), whose rows the fixture fills
    r = REGISTRY["wif.land-odds"](attack=6, defence=2, weather="storm", drm=1).compute()
    assert r.value["shifted_column"] == "3:2" and r.distribution is not None
    assert {r.outcome_labels[o]: p for o, p in r.distribution.items()} == brute_force("assault", 1)


def test_a_row_range_reads_totals_beyond_it_at_the_end_rows(store):
    save(store, fake_chart(rows=range(0, 24)))
    r = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine", drm=6, row_range="0-23").compute()
    assert {r.outcome_labels[o]: p for o, p in r.distribution.items()} == brute_force("assault", 6, (0, 23))
    clamped = [s for s in r.steps if s.key.endswith(".clamped")]
    assert clamped and clamped[0].params["rolls"] == "24..26"


@settings(max_examples=25, deadline=None)
@given(drm=st.integers(-12, 15), blitz=st.booleans())
def test_probabilities_sum_to_one_for_any_modifier(drm, blitz):
    chart = chart_from_dict(fake_chart(), tables.shipped(land.LAND_CHART).schema, origin="fixture")
    table = "blitz" if blitz else "assault"
    found = land.result_distribution(chart, table, "2:1", drm)
    assert not found.missing and sum(found.codes.values()) == 1
    assert found.codes == {c: p for c, p in brute_force(table, drm).items()} and list(found.codes) == \
        [c for c in FAKE_CODES if c in found.codes]


# -- missing cells ---------------------------------------------------------------------------------
def test_without_the_users_table_the_card_names_the_missing_cells_and_keeps_every_step(store):
    r = REGISTRY["wif.land-odds"](attack=24, defence=2, weather="rain", table="blitz", drm=2).compute()
    assert (r.value["column"], r.value["shifted_column"]) == ("12:1", "11:1")  # 8.2.7: Rain 12:1 -> 11:1
    assert r.distribution is None and r.value["outcomes"] is None
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.land-combat", "blitz/11:1/4..22/result")]
    text = [s for s in r.steps if s.key.endswith(".table_missing")][0].text("en")
    assert "blitz" in text and "11:1" in text and "4..22" in text
    assert [s.key.rsplit(".", 1)[1] for s in r.steps] == ["round", "ratio", "column", "shift", "shifted", "rolls",
                                                            "table_missing"]


def test_a_partly_filled_column_names_only_the_rows_it_lacks(store):
    save(store, fake_chart(rows=range(2, 16), columns=("2:1",), tables_=("assault",)))
    r = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine").compute()
    assert [m.cell for m in r.missing] == ["assault/2:1/16..20/result"] and r.distribution is None
    low = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine", drm=-5).compute()
    assert [m.cell for m in low.missing] == ["assault/2:1/-3..1/result"]   # totals -3..15
    ok = REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine", drm=-5, row_range="2-15").compute()
    assert not ok.missing and ok.distribution is not None   # the user says their rows run 2..15


def test_a_malformed_saved_chart_is_an_error_naming_it(store):
    store.save("charts", land.LAND_CHART, {"chart": land.LAND_CHART, "cells": [
        {"table": "assault", "column": "2:1", "roll": 7, "result": "T9", "source": "me"}]})
    with pytest.raises(Exception) as info:
        REGISTRY["wif.land-odds"](attack=20, defence=10, weather="fine").compute()
    assert info.value.parameter == "chart" and "assault/2:1/7/result" in info.value.message


# -- command line ------------------------------------------------------------------------------------
def run(*args, env_dir):
    import os
    env = {**os.environ, ENV_VAR: str(env_dir)}
    proc = subprocess.run([sys.executable, "-m", "viewer", *args], capture_output=True, text=True,
                          encoding="utf-8", cwd=ROOT, timeout=120, env=env)
    return proc.returncode, proc.stdout, proc.stderr


def test_cli_distribution_with_labels_and_bad_input(store, tmp_path):
    save(store, fake_chart(columns=("2:1",), tables_=("assault",)))
    code, out, err = run("calc", "wif.land-odds", "attack=20", "defence=10", "weather=fine", "drm=1",
                         env_dir=tmp_path)
    assert code == 0, err
    data = json.loads(out)
    got = {e["label"]: Fraction(e["fraction"]) for e in data["distribution"]}
    assert got == brute_force("assault", 1) and "missing" not in data
    code, _, err = run("calc", "wif.land-odds", "row_range=9-2", env_dir=tmp_path)
    assert code == 2 and json.loads(err)["error"]["parameter"] == "row_range"
    code, _, err = run("calc", "wif.land-odds", "table=overrun", env_dir=tmp_path)
    assert code == 2 and json.loads(err)["error"]["allowed"] == ["assault", "blitz"]


# -- air-to-air (chart wif.air-to-air, 14.3.2): the same code machinery ---------------------------------
def fake_a2a(columns=range(-8, 9)) -> dict:
    """A made-up air-to-air chart (TEST FIXTURE): code by roll band, shifted by the column."""
    return {"chart": "wif.air-to-air", "codes": {"result": FAKE_CODES},
            "cells": [{"differential": c, "roll": r, "result": fake_code("assault", r + c), "source": "test fixture"}
                      for c in columns for r in range(2, 21)]}


def test_air_to_air_distribution_for_both_sides_matches_enumeration(store):
    chart = chart_from_dict(fake_a2a(), tables.shipped("wif.air-to-air").schema, origin="fixture")
    tables.save_user_chart(chart, store)
    r = REGISTRY["wif.air-to-air"](your_value=7, their_value=4).compute()   # Ex. 11.5.9: +3 and -3
    assert (r.value["your_column"], r.value["their_column"]) == ("+3", "-3") and not r.missing
    assert {r.outcome_labels[o]: p for o, p in r.distribution.items()} == brute_force("assault", 3)
    theirs = [s for s in r.steps if s.key.endswith(".outcome_their")]
    assert {s.params["code"]: Fraction(s.params["fraction"]) for s in theirs} == brute_force("assault", -3)


def test_air_to_air_names_the_missing_column(store):
    chart = chart_from_dict(fake_a2a(columns=[4]), tables.shipped("wif.air-to-air").schema, origin="fixture")
    tables.save_user_chart(chart, store)
    r = REGISTRY["wif.air-to-air"](your_value=8, their_value=3).compute()   # +5 reads +4 (Ex. 11.5.9)
    assert r.value["your_column"] == "+4" and r.distribution is not None
    assert [(m.chart, m.cell) for m in r.missing] == [("wif.air-to-air", "-5/2..20/result")]
    off = REGISTRY["wif.air-to-air"](your_value=8, their_value=3, cap_at_plus_4=False).compute()
    assert off.distribution is None and [m.cell for m in off.missing] == ["+5/2..20/result", "-5/2..20/result"]
