"""Landing page: the five games (served at /); a game links to its app when this server serves it
(viewer/apps/__init__.py: served_games)."""
from viewer.apps import served_games
from viewer.views import AppShell, extension
from viewer.views.common.landing import Landing

extension()
shell = AppShell()
served = served_games(*globals().get("APP_FOLDERS", ()))
shell.serve(Landing(state=shell.state, built=served))
