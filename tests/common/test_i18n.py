"""The label catalogue (viewer/i18n): both languages everywhere, placeholders agree, t() behaves."""
from __future__ import annotations

import string
from pathlib import Path

import pytest
import yaml

import viewer.i18n as i18n
from viewer import GAMES
from viewer.i18n import LANGUAGES, CatalogueError, catalogue, t

LABELS = Path(i18n.__file__).parent / "labels"
#: The base files of the catalogue (other areas add their own files beside them).
SHARED_FILES = ("core.yaml", "terrain.yaml", "weather.yaml", "units.yaml")
#: Each game's own file holds at least its name, abbreviation, tagline and status (game.<id>.*).
BASE_FILES = (*SHARED_FILES, *(f"{g}.yaml" for g in GAMES))


def _fields(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def _file_keys(name: str) -> dict:
    return yaml.safe_load((LABELS / name).read_text(encoding="utf-8")) or {}


def test_catalogue_loads_without_duplicate_keys():
    assert catalogue()  # raises CatalogueError on a key defined twice or a missing language


@pytest.mark.parametrize("name", BASE_FILES)
def test_base_files_exist(name):
    assert _file_keys(name)


def test_every_key_has_both_languages_with_text():
    for key, texts in catalogue().items():
        assert set(texts) == set(LANGUAGES), key
        for lang in LANGUAGES:
            assert texts[lang].strip(), f"{key} has empty {lang} text"


def test_placeholders_match_between_languages():
    bad = [key for key, texts in catalogue().items() if _fields(texts["en"]) != _fields(texts["es"])]
    assert not bad, f"placeholders differ between en and es: {bad}"


#: Words spelt alike in English and Spanish.
SHARED_WORDS = {"tundra"}


def _may_match(key: str, text: str) -> bool:
    """Identical en/es is fine for abbreviations, proper names and words both languages share."""
    return (
        key.endswith(".abbr")
        or text.replace(" ", "").isupper()
        or len(text) <= 5
        or text in SHARED_WORDS
        or key in {"game.wif.name", "game.churchill.name"}
    )


@pytest.mark.parametrize("game", GAMES)
def test_each_game_file_names_its_game_in_both_languages(game):
    labels = _file_keys(f"{game}.yaml")
    own = {k: v for k, v in labels.items() if k.startswith(f"game.{game}.")}
    assert set(own) == {f"game.{game}.{part}" for part in ("name", "abbr", "tagline", "status")}
    assert own[f"game.{game}.tagline"]["en"] != own[f"game.{game}.tagline"]["es"]


@pytest.mark.parametrize("name", SHARED_FILES)
def test_spanish_differs_from_english(name):
    labels = _file_keys(name)
    same = [k for k, v in labels.items() if v["en"] == v["es"]]
    unexplained = [k for k in same if not _may_match(k, labels[k]["en"])]
    assert not unexplained, f"{name}: Spanish equals English for {unexplained}"
    assert len(same) <= len(labels) // 2, f"{name}: too many identical labels: {same}"


def test_most_of_the_catalogue_is_translated():
    texts = catalogue().values()
    differ = sum(1 for v in texts if v["en"] != v["es"])
    assert differ >= 0.75 * len(texts)


def test_t_formats_placeholders():
    assert t("rule.number", "en", number="2.4.2") == "Rule 2.4.2"
    assert t("rule.number", "es", number="2.4.2") == "Regla 2.4.2"
    assert t("error.unknown_rule", "es", game="WiF", number="99") == "WiF no tiene la regla 99 en su lista de reglas."


def test_t_defaults_to_english_and_rejects_unknown_languages():
    assert t("ui.language") == "Language"
    assert t("ui.language", "es") == "Idioma"
    with pytest.raises(ValueError, match="unknown language 'fr'"):
        t("ui.language", "fr")


def test_t_rejects_unknown_keys():
    with pytest.raises(KeyError, match="no label 'ui.no_such_label'"):
        t("ui.no_such_label")


def test_every_game_has_name_tagline_and_status():
    for game in GAMES:
        for part in ("name", "abbr", "tagline", "status"):
            assert i18n.has(f"game.{game}.{part}"), f"game.{game}.{part}"


def test_game_abbreviations_are_the_citation_prefixes():
    from viewer.ruleref import GAME_PREFIXES

    for game, prefix in GAME_PREFIXES.items():
        assert t(f"game.{game}.abbr") == prefix


def test_board_vocabulary_has_labels():
    """Every WiF terrain class, hexside feature and climate zone of the map files has a label."""
    board = pytest.importorskip("viewer.board.terrain")
    vocab = board.vocabulary("wif")
    missing = [f"terrain.{n}" for n in vocab.terrain if not i18n.has(f"terrain.{n}")]
    missing += [f"hexside.{n}" for n in vocab.hexside_features if not i18n.has(f"hexside.{n}")]
    missing += [f"climate.{n}" for n in vocab.climate_zones if not i18n.has(f"climate.{n}")]
    assert not missing


def test_weather_conditions():
    for cond in ("fine", "rain", "snow", "storm", "blizzard"):
        assert i18n.has(f"weather.{cond}")
    assert t("weather.blizzard", "es") == "Ventisca"


def test_malformed_label_file_is_reported(tmp_path, monkeypatch):
    (tmp_path / "labels").mkdir()
    (tmp_path / "labels" / "broken.yaml").write_text("ui.x: {en: Only English}\n", encoding="utf-8")

    class _Files:
        def __truediv__(self, name):
            return tmp_path / name

    monkeypatch.setattr(i18n.resources, "files", lambda _name: _Files())
    i18n.catalogue.cache_clear()
    try:
        with pytest.raises(CatalogueError, match="broken.yaml: key 'ui.x' must give exactly en, es"):
            catalogue()
    finally:
        monkeypatch.undo()
        i18n.catalogue.cache_clear()


def test_every_board_vocabulary_name_has_a_label_in_both_languages():
    from viewer.board import terrain
    from viewer.board.terrain import vocabulary

    for game in terrain.GAMES:
        try:
            vocab = vocabulary(game)
        except ValueError:
            continue
        for kind, names in (("terrain", vocab.terrain), ("hexside", vocab.hexside_features),
                            ("climate", vocab.climate_zones)):
            for name in names:
                key = f"{kind}.{name}"
                assert i18n.has(key), (game, key)
                assert t(key, "en") and t(key, "es"), (game, key)
