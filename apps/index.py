"""Landing page: the five games (served at /)."""
from viewer.views import AppShell, extension
from viewer.views.landing import Landing

extension()
shell = AppShell()
shell.page(Landing(shell.state).layout).servable()
