"""Fuzzing every loader that reads what a visitor hands the server (docs/security.md).

Each loader, given arbitrary text or bytes, either loads or raises its own clean error naming
the fault; never another exception, never past the time bound (hypothesis' ``deadline``), and
never past a memory bound (checked on the largest inputs).
"""
from __future__ import annotations

import tracemalloc

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from viewer.board import MapFileError, load_map
from viewer.reference.indexer import index_text
from viewer.rules.charts import ChartError
from viewer.rules.starcraft.profiles import ProfileError, profiles_from_dict
from viewer.rules.wif.scenario import ScenarioError
from viewer.rules.wif.scenario_io import load_scenario
from viewer.rules.wif.weather_chart import parse_weather_chart
from viewer.safeload import LoadError, decode, load_yaml
from viewer.userdata import UserDataError, parse_yaml_mapping

FUZZ = settings(max_examples=60, deadline=3000, suppress_health_check=[HealthCheck.too_slow],
                derandomize=True)

# YAML-shaped values, dumped and then damaged with the characters parsers trip on.
_scalars = st.one_of(st.none(), st.booleans(), st.integers(-10**6, 10**6), st.floats(allow_nan=True),
                     st.text(max_size=20), st.sampled_from(["europe", "Germany", "INF", "3821", "units",
                                                            "jul-aug", "roll", "<img src=x>", "2W7@2"]))
_keys = st.one_of(st.sampled_from(["map", "units", "id", "type", "power", "hex", "weather", "cells",
                                   "chart", "name", "inputs", "calculator", "weapons", "speed"]),
                  st.text(max_size=8), st.integers(-5, 5))
_values = st.recursive(_scalars, lambda inner: st.one_of(st.lists(inner, max_size=6),
                                                         st.dictionaries(_keys, inner, max_size=6)),
                       max_leaves=40)
_noise = st.sampled_from(["&a ", "*a", "!!python/object:os.system ", "{", "}", "[", "]", ": ", "\r",
                          "\x00", "\t", "- ", "? ", "'", '"', "%YAML 1.1\n", "---\n", "\ufeff", "\\"])


@st.composite
def yaml_texts(draw):
    try:
        text = yaml.safe_dump(draw(_values), allow_unicode=True)
    except yaml.YAMLError:
        text = ""
    for _ in range(draw(st.integers(0, 4))):
        at = draw(st.integers(0, len(text)))
        text = text[:at] + draw(_noise) + text[at:]
    return text


texts = st.one_of(yaml_texts(), st.text(max_size=300))
raw_bytes = st.one_of(st.binary(max_size=400), texts.map(lambda t: t.encode("utf-8", errors="replace")),
                      texts.map(lambda t: t.encode("utf-16")))


@pytest.fixture(scope="module")
def europe():
    return load_map("europe")


@FUZZ
@given(raw=raw_bytes)
def test_decode_and_yaml_load_or_refuse_cleanly(raw):
    try:
        load_yaml(decode(raw, "fuzz.yaml", "scenario").text, "fuzz.yaml")
    except LoadError as err:
        assert err.message and err.origin.startswith("fuzz.yaml")


@FUZZ
@given(text=texts)
def test_scenario_loader(text, europe):
    try:
        load_scenario(text, europe, origin="fuzz.yaml")
    except ScenarioError as err:
        assert err.parameter and err.message


@FUZZ
@given(text=texts, fmt=st.sampled_from(["yaml", "csv"]))
def test_weather_chart_loader(text, fmt):
    if fmt == "csv":
        text = "bimonth,roll,arctic\n" + text.replace(": ", ",")
    try:
        parse_weather_chart(text, fmt, "fuzz-chart")
    except ChartError as err:
        assert "fuzz-chart" in str(err)


@FUZZ
@given(text=texts)
def test_preset_loader(text):
    try:
        parse_yaml_mapping(text, "fuzz-preset.yaml")
    except UserDataError as err:
        assert "fuzz-preset.yaml" in str(err)


@pytest.fixture(scope="module")
def starcraft_panel():
    """The page's profile reader, imported before the timed examples (Panel's import is slow)."""
    from viewer.views.starcraft.panel import StarcraftPanel
    return StarcraftPanel


@FUZZ
@given(text=texts)
def test_profile_loader(text, starcraft_panel):
    StarcraftPanel = starcraft_panel
    try:
        StarcraftPanel._read_profiles(text, "fuzz-profiles.yaml")
    except ProfileError as err:
        assert "fuzz-profiles.yaml" in str(err)


@FUZZ
@given(units=st.lists(st.dictionaries(_keys, _values, max_size=8), max_size=5))
def test_profile_validation_of_odd_structures(units):
    try:
        profiles_from_dict({"units": units}, "fuzz")
    except ProfileError as err:
        assert str(err).startswith("fuzz")


@FUZZ
@given(raw=st.one_of(st.binary(max_size=500), st.text(alphabet="0123456789. \n\rABCabcñá§", max_size=500)
                     .map(lambda t: t.encode("latin-1", errors="replace"))),
       game=st.sampled_from(["wif", "use", "asl", "churchill", "starcraft"]))
def test_rulebook_loader(raw, game):
    try:
        text = decode(raw, "fuzz.txt", "rulebook").text
    except LoadError as err:
        assert "binary" in err.message
        return
    index = index_text(text, game)
    assert all(s.number for s in index.sections)


@settings(max_examples=25, deadline=5000, derandomize=True)
@given(raw=st.binary(min_size=0, max_size=2000))
def test_map_loader_refuses_damaged_files(raw, tmp_path_factory):
    path = tmp_path_factory.mktemp("maps") / "fuzz.gpkg"
    path.write_bytes(b"SQLite format 3\x00" + raw if raw[:1] == b"\x01" else raw)
    with pytest.raises(MapFileError):
        load_map(path)


@FUZZ
@given(value=st.one_of(st.text(max_size=60), st.binary(max_size=60)))
def test_url_values_choose_a_known_map_or_say_which_are_allowed(value):
    from viewer.rules.use import boards
    from viewer.views.wif.maps import MAPS, choose_map, map_choice_message

    name, refused = choose_map(value)
    assert name in MAPS
    if refused is not None:
        message = map_choice_message(refused, "es")
        assert all(m in message for m in MAPS)
    text = value.decode("utf-8", errors="replace") if isinstance(value, bytes) else value
    if text not in boards.names():
        with pytest.raises(ValueError, match="allowed"):
            boards.load(text)


def test_the_largest_accepted_files_stay_within_memory_and_time():
    """A scenario, a chart and a preset at their size limits parse within 200 MB of memory."""
    units = "".join(f"- {{id: u{i}, type: INF, power: Germany, hex: '38{i % 90:02d}'}}\n" for i in range(4500))
    scenario = "map: europe\nunits:\n" + units
    chart = "chart: wif.weather\ncells:\n" + "".join(
        f"- {{bimonth: jul-aug, roll: {i % 10 + 1}, arctic: fine}}\n" for i in range(9000))
    tracemalloc.start()
    for text, loader in ((scenario, lambda t: load_yaml(t, "big.yaml", "scenario")),
                         (chart, lambda t: load_yaml(t, "chart.yaml", "chart"))):
        try:
            loader(text)
        except LoadError as err:
            assert "at most" in err.message
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert peak < 200e6, f"peak {peak / 1e6:.0f} MB"
