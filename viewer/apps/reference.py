"""The rules reference: rule cards, search, glossary and your own rulebook (served at /reference)."""
from viewer.views import AppShell, extension
from viewer.views.common.reference import ReferenceView

extension()
shell = AppShell("ref.title")
reference = ReferenceView(state=shell.state, report=shell.report)
reference.bind_url()
shell.serve(reference)
