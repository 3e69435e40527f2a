"""The generic chart machinery (viewer.rules.charts) and the shipped Weather Chart."""
from __future__ import annotations

import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
import pytest

from viewer.rules.charts import Chart, ChartError, ChartSchema, UnknownCell, load_chart, parse_chart
from viewer.rules.wif import weather as W
from viewer.rules.wif.weather_chart import (
    load_weather_chart, parse_weather_chart, shipped_chart, weather_schema, with_user_cells,
)


def test_the_shipped_chart_holds_only_the_worked_examples_cells():
    chart = shipped_chart()
    known = sorted(chart.cells)
    assert known == sorted(
        [(("may-jun", 1), "asterisks")]
        + [(("jul-aug", 10), z) for z in W.ZONES] + [(("jul-aug", 10), "asterisks")])
    assert all("worked example" in c.source for c in chart.cells.values())
    assert not chart.complete and len(chart.missing()) == weather_schema().size - len(known)


def test_an_unknown_cell_names_the_chart_and_the_cell():
    with pytest.raises(UnknownCell) as info:
        shipped_chart().get(("jan-feb", 5), "arctic")
    assert (info.value.chart, info.value.cell, str(info.value.rule)) == ("wif.weather", "jan-feb/5/arctic", "WiF 8")


def test_schema_round_trip():
    schema = weather_schema()
    assert ChartSchema.from_dict(schema.to_dict()) == schema
    assert schema.axis_names == ("bimonth", "roll") and len(schema.row_keys()) == 6 * 13


@pytest.mark.parametrize("text, cell, words", [
    ("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 4, arctic: Strom}\n", "jan-feb/4/arctic",
     "did you mean 'storm'"),
    ("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 14, arctic: fine}\n", "jan-feb/14/arctic",
     "not a row"),
    ("chart: wif.weather\ncells:\n- {bimonth: winter, roll: 4, arctic: fine}\n", "winter/4/arctic",
     "not a row"),
    ("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 4, asterisks: 5}\n", "jan-feb/4/asterisks",
     "out of range"),
    ("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 4, asterisks: two}\n", "jan-feb/4/asterisks",
     "not a whole number"),
    ("chart: wif.weather\ncells:\n- {bimonth: jan-feb, roll: 4, arctc: fine}\n", "jan-feb/4",
     "did you mean 'arctic'"),
])
def test_a_malformed_chart_file_is_rejected_naming_file_cell_and_allowed_values(tmp_path, text, cell, words):
    path = tmp_path / "my-chart.yaml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(ChartError) as info:
        load_weather_chart(path)
    msg = str(info.value)
    assert str(path) in msg and f"cell {cell}" in msg and words in msg
    assert info.value.cell == cell and info.value.allowed


def test_the_allowed_values_are_listed():
    with pytest.raises(ChartError) as info:
        parse_weather_chart("cells:\n- {bimonth: jan-feb, roll: 4, arctic: hail}\n", origin="typed")
    assert "allowed: fine, rain, snow, storm, blizzard" in str(info.value)
    assert str(info.value).startswith("typed: cell jan-feb/4/arctic")


def test_other_file_faults(tmp_path):
    bad = tmp_path / "bad.yaml"
    bad.write_text("cells: [", encoding="utf-8")
    with pytest.raises(ChartError, match="bad.yaml, line"):
        load_weather_chart(bad)
    other = tmp_path / "other.yaml"
    other.write_text("chart: wif.crt\ncells: []\n", encoding="utf-8")
    with pytest.raises(ChartError, match="expected 'wif.weather'"):
        load_weather_chart(other)
    with pytest.raises(ChartError, match="unknown chart file type"):
        load_weather_chart(tmp_path / "chart.txt")
    twice = tmp_path / "twice.yaml"
    twice.write_text("cells:\n- {bimonth: jan-feb, roll: 4, arctic: fine}\n- {bimonth: jan-feb, roll: 4, arctic: rain}\n")
    with pytest.raises(ChartError, match="given twice"):
        load_weather_chart(twice)


def test_a_shipped_cell_needs_a_source():
    schema = weather_schema()
    with pytest.raises(ChartError, match="needs a source"):
        parse_chart("cells:\n- {bimonth: jan-feb, roll: 4, arctic: fine}\n", "yaml", schema, "x")


def test_csv_round_trip_and_user_sources(tmp_path):
    path = tmp_path / "mine.csv"
    path.write_text("bimonth,roll,arctic,asterisks\njan-feb,4,blizzard,\njan-feb,5,,1\n", encoding="utf-8")
    chart = load_weather_chart(path)
    assert chart.get(("jan-feb", 4), "arctic") == "blizzard" and chart.get(("jan-feb", 5), "asterisks") == 1
    assert chart.source(("jan-feb", 4), "arctic") == "user: mine.csv"
    assert not chart.known(("jan-feb", 4), "asterisks")
    again = parse_chart(chart.to_csv(), "csv", weather_schema(), "again")
    assert again.cells == chart.cells


def test_a_user_chart_merges_over_the_shipped_cells_but_may_not_contradict_them():
    user = parse_weather_chart("cells:\n- {bimonth: jan-feb, roll: 4, arctic: snow}\n", origin="u.yaml")
    merged = with_user_cells(user)
    assert merged.get(("jan-feb", 4), "arctic") == "snow" and merged.get(("jul-aug", 10), "north-monsoon") == "storm"
    wrong = parse_weather_chart("cells:\n- {bimonth: jul-aug, roll: 10, north-monsoon: fine}\n", origin="w.yaml")
    with pytest.raises(ChartError, match="jul-aug/10/north-monsoon.*disagrees"):
        with_user_cells(wrong)
    assert with_user_cells(wrong, override=True).get(("jul-aug", 10), "north-monsoon") == "fine"


cells = st.dictionaries(
    st.tuples(st.sampled_from(W.BIMONTHS), st.integers(1, 13), st.sampled_from(W.ZONES)),
    st.sampled_from(W.CONDITIONS), max_size=25)


@settings(max_examples=40, deadline=None)
@given(cells, st.dictionaries(st.tuples(st.sampled_from(W.BIMONTHS), st.integers(1, 13)),
                              st.integers(0, 3), max_size=10))
def test_yaml_and_csv_round_trips_keep_every_cell_and_source(zone_cells, asterisks):
    chart = Chart(weather_schema())
    for (b, r, z), v in zone_cells.items():
        chart.set((b, r), z, v, f"src {b} {r}")
    for (b, r), v in asterisks.items():
        chart.set((b, r), "asterisks", v, "other source")
    back = parse_chart(chart.to_yaml(), "yaml", weather_schema(), "rt")
    assert back.cells == chart.cells
    csv_back = parse_chart(chart.to_csv(), "csv", weather_schema(), "rt", default_source="csv")
    assert {k: c.value for k, c in csv_back.cells.items()} == {k: c.value for k, c in chart.cells.items()}


def test_a_file_may_carry_its_own_schema(tmp_path):
    doc = {"chart": "demo.table", "schema": {"id": "demo.table", "rule": "WiF 2.7",
                                             "rows": [{"name": "roll", "values": {"from": 1, "to": 3}}],
                                             "columns": [{"name": "result", "allowed": ["hit", "miss"]}]},
           "cells": [{"roll": 1, "result": "hit", "source": "example"}]}
    path = tmp_path / "table.yaml"
    path.write_text(yaml.safe_dump(doc), encoding="utf-8")
    chart = load_chart(path)
    assert chart.get((1,), "result") == "hit" and chart.missing() == ["2/result", "3/result"]
    assert chart.to_dict(include_schema=True)["schema"]["id"] == "demo.table"


# -- result codes declared by the chart file, open axes, notes (land combat, air-to-air) ----
# The schema and codes below are made up for the tests (DEMO is no game's table).
DEMO = {"id": "demo.results", "rule": "WiF 2.7",
        "rows": [{"name": "column", "values": ["1:1", "2:1"], "pattern": "[0-9]+:[0-9]+"},
                 {"name": "roll", "values": {"from": 2, "to": 4}, "pattern": "-?[0-9]+"}],
        "columns": [{"name": "result", "type": "code", "codes": {}}]}


def demo_schema():
    return ChartSchema.from_dict(DEMO, "demo")


def test_code_cells_need_codes_the_file_declares():
    doc = "chart: demo.results\ncodes:\n  result: {Q1: first demo code, q2: second demo code}\ncells:\n" \
          "- {column: '2:1', roll: 3, result: q1, source: me}\n- {column: '2:1', roll: 4, result: Q2, source: me}\n"
    chart = parse_chart(doc, "yaml", demo_schema(), "demo.yaml")
    assert chart.get(("2:1", 3), "result") == "Q1" and chart.get(("2:1", 4), "result") == "q2"  # declared spelling
    assert chart.schema.column("result").meaning("Q1") == "first demo code"
    with pytest.raises(ChartError) as info:
        parse_chart(doc.replace("result: Q2", "result: q2x"), "yaml", demo_schema(), "demo.yaml")
    assert "demo.yaml: cell 2:1/4/result" in str(info.value) and "did you mean" in str(info.value)
    assert info.value.allowed == ["Q1", "q2"]


@pytest.mark.parametrize("codes, words", [
    ("{result: {'': nothing}}", "does not look like a result code"),
    ("{result: {'A B': two words}}", "does not look like a result code"),
    ("{result: {Q1: ''}}", "needs a short meaning"),
    ("{roll: {Q1: x}}", "names no code column"),
    ("[Q1, Q2]", "must map a column"),
])
def test_malformed_code_declarations_are_rejected(codes, words):
    with pytest.raises(ChartError, match=words):
        parse_chart(f"chart: demo.results\ncodes: {codes}\ncells: []\n", "yaml", demo_schema(), "demo.yaml")


def test_an_open_axis_accepts_values_matching_its_pattern_and_sorts_them():
    chart = Chart(demo_schema())
    chart.declare_codes({"result": {"Q1": "demo"}})
    for row in [("5:1", 23), ("2:1", 21), ("1:1", -1), ("2:1", 3)]:
        chart.set(row, "result", "Q1", "me")
    assert chart.get(("5:1", 23), "result") == "Q1"
    with pytest.raises(ChartError, match="not a row"):
        chart.set(("two to one", 3), "result", "Q1", "me")
    rows = [(c["column"], c["roll"]) for c in chart.to_dict()["cells"]]
    assert rows == [("1:1", -1), ("2:1", 3), ("2:1", 21), ("5:1", 23)]
    assert "1:1/2/result" in chart.missing() and "5:1/23/result" not in chart.missing()


def test_codes_round_trip_through_yaml_and_csv():
    chart = Chart(demo_schema())
    chart.declare_codes({"result": {"Q1": "first: with a colon", "Q2": "second"}})
    chart.set(("1:1", 2), "result", "Q2", "me")
    chart.set(("2:1", 22), "result", "Q1", "my copy")
    for fmt, text in (("yaml", chart.to_yaml()), ("csv", chart.to_csv())):
        back = parse_chart(text, fmt, demo_schema(), "rt", default_source="csv")
        assert {k: c.value for k, c in back.cells.items()} == {k: c.value for k, c in chart.cells.items()}
        assert back.schema.declared_codes() == chart.schema.declared_codes()
    assert chart.to_csv().startswith("# code result Q1: first: with a colon\n")
    with pytest.raises(ChartError, match="code line"):
        parse_chart("# code result\ncolumn,roll,result\n", "csv", demo_schema(), "x.csv")


def test_merging_a_users_codes_over_a_chart_that_declares_none():
    base = Chart(demo_schema())
    user = parse_chart("codes: {result: {Q1: demo}}\ncells:\n- {column: '1:1', roll: 2, result: Q1, source: me}\n",
                       "yaml", demo_schema(), "u")
    merged = base.merged(user)
    assert merged.get(("1:1", 2), "result") == "Q1" and merged.schema.declared_codes() == {"result": {"Q1": "demo"}}


def test_notes_are_validated_and_kept():
    ok = "notes:\n- {fact: the table is read with 2d10, source: a forum, confidence: low}\ncells: []\n"
    chart = parse_chart(ok, "yaml", demo_schema(), "n")
    assert chart.notes == ({"fact": "the table is read with 2d10", "source": "a forum", "confidence": "low"},)
    assert chart.to_dict()["notes"] == list(chart.notes)
    with pytest.raises(ChartError, match="needs a fact and its source"):
        parse_chart("notes:\n- {fact: no source}\ncells: []\n", "yaml", demo_schema(), "n")
    with pytest.raises(ChartError, match="confidence"):
        parse_chart(ok.replace("low}", "certain}"), "yaml", demo_schema(), "n")


def test_code_schema_round_trip():
    schema = demo_schema().with_codes({"result": {"Q1": "demo"}}, "t")
    assert ChartSchema.from_dict(schema.to_dict()) == schema
