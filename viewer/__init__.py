"""wargame-viewer: rules reference and hex-map viewer for board and miniatures wargames.

Layers (imports point down only): ``viewer.cli`` -> ``viewer.apps`` -> ``viewer.views`` -> ``viewer.state`` ->
``viewer.calculators`` / ``viewer.reference`` -> ``viewer.i18n`` -> ``viewer.rules`` ->
``viewer.board`` -> ``viewer.hexgrid`` / ``viewer.dice``.
"""
__version__ = "0.1.0"

from viewer.games import GAME_IDS

#: Game ids, the same everywhere: rules package, calculator slug prefix, app file and URL
#: (declared in viewer/games.py).
GAMES = GAME_IDS
