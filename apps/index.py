"""Landing page: the five games (served at /); a game links to its app when apps/<game>.py exists."""
from pathlib import Path

from viewer import GAMES
from viewer.views import AppShell, extension
from viewer.views.common.landing import Landing

extension()
shell = AppShell()
served = [g for g in GAMES if (Path(__file__).with_name(f"{g}.py")).exists()]
shell.serve(Landing(state=shell.state, built=served))
