"""The game manifest (viewer/games.py) is the one list of games: every layer agrees with it."""
from pathlib import Path

import pytest

from viewer import GAMES, games
from viewer.board.terrain import GAMES as VOCABULARY_GAMES
from viewer.calculators import REGISTRY
from viewer.i18n import has
from viewer.ruleref import GAME_PREFIXES, RuleRef

ROOT = Path(__file__).resolve().parents[2]


def test_every_layer_lists_the_declared_games():
    assert GAMES == games.GAME_IDS == tuple(games.GAMES)
    assert set(GAME_PREFIXES) == set(GAMES)
    assert set(VOCABULARY_GAMES) == set(GAMES) | {"demo"}


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_a_declared_game_has_its_folder_in_every_layer(game_id):
    assert (ROOT / "viewer" / "rules" / game_id / "__init__.py").is_file()
    assert (ROOT / "apps" / f"{game_id}.py").is_file()
    assert has(f"game.{game_id}.name") and has(f"game.{game_id}.tagline")
    assert str(RuleRef(game_id, "1.1")).startswith(games.game(game_id).prefix + " ")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_the_manifest_lists_exactly_the_games_calculators(game_id):
    declared = games.game(game_id).calculators()
    assert len(declared) == len(set(declared)), "a calculator listed twice"
    registered = {s for s in REGISTRY if s.startswith(game_id + ".")}
    assert set(declared) == registered, (
        f"registered but not in a section: {sorted(registered - set(declared))}; "
        f"declared but not registered: {sorted(set(declared) - registered)}")


def test_an_unknown_game_is_a_clear_error():
    from viewer.views.common.landing import picture

    with pytest.raises(ValueError, match="unknown game 'newgame'; allowed: wif, use"):
        picture("newgame")
    with pytest.raises(ValueError, match="has no section 'nope'; allowed: weather, combat"):
        games.section("wif", "nope")


@pytest.mark.parametrize("game_id", games.GAME_IDS)
def test_every_game_has_a_landing_picture(game_id):
    from viewer.views.common.landing import picture

    svg = picture(game_id)
    assert svg.startswith("<svg") and svg.count("<") > 3
