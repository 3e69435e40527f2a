"""Two shortcuts in Panel's design system that every property update pays for (docs/NOTES.md,
page speed).

Panel asks the page's design (Bootstrap here) for its modifiers on *every* property update of a
component, even though it only uses them when the update changes the component's stylesheets;
and working the modifiers out resolves the theme's two CSS paths on disk each time (a
``param.Filename`` resolves its path on every read). On this machine that was 30-45 % of a
language switch's server time on /asl, /churchill, /starcraft and /use (50-110 updates, 3-7 ms
each under load), and part of every click.

:func:`install` (idempotent, once per process) makes both cheap without changing what Panel
sends:

* a property update asks the design only when its changes include ``stylesheets``, the one case
  where Panel uses the answer;
* the modifiers of a (design, component type, theme type, isolated, served) combination are
  worked out once and copied on each call, as Panel copies its own cached per-type modifiers.
  The theme's CSS files are the design's defaults (this project never sets them per page).
"""
from __future__ import annotations

_INSTALLED = False


def install() -> None:
    """Install the two shortcuts into Panel (once per process)."""
    global _INSTALLED
    if _INSTALLED:
        return
    from panel.reactive import Reactive
    from panel.theme.base import Design

    def _update_properties(self, *events, doc):
        changes = {event.name: event.new for event in events}
        if "stylesheets" in changes and self._design:
            params, _ = self._design.params(self, doc)
            if "stylesheets" in params:
                changes["stylesheets"] = params["stylesheets"] + changes["stylesheets"]
        return self._process_param_change(changes)

    original = Design._get_modifiers.__func__
    cache: dict = {}

    def _get_modifiers(cls, viewable, theme=None, isolated=True):
        from panel.io.state import state

        is_server = bool(state.curdoc.session_context) if not state._is_pyodide and state.curdoc else False
        # by the theme's type, not the instance: each session has its own theme objects, and a key
        # per instance would keep every past session's theme alive
        key = (cls, type(viewable), type(theme), isolated, is_server)
        if key not in cache:  # Panel reads only the viewable's type here
            cache[key] = original(cls, viewable, theme, isolated)
        modifiers, child_modifiers = cache[key]
        modifiers = dict(modifiers)
        if "stylesheets" in modifiers:
            modifiers["stylesheets"] = list(modifiers["stylesheets"])
        return modifiers, dict(child_modifiers)

    Reactive._update_properties = _update_properties
    Design._get_modifiers = classmethod(_get_modifiers)
    _INSTALLED = True
