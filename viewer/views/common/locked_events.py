"""Widget events (a button's click) that always run under the page's document lock
(docs/NOTES.md, "Clicks outside the document lock").

Bokeh runs a server callback while holding the session's document lock, and refuses a change to
one of its models made without it (``RuntimeError: _pending_writes should be non-None ...``).
Panel 1.9 handles a widget's event inside that lock, except when a value change of the same page
is still waiting for its debounce: then it schedules the event as a coroutine that Panel marks
``nolock``, so the click's callbacks run unlocked. Panel's own panes cope (their updates go
through ``panel.io.unlocked``), but this project's boards are Bokeh figures whose sources the
views update directly, and a click right after choosing a value (a level, then "LOS from") lost
the update with a traceback in the server log.

:func:`install` marks Panel's event coroutine with ``panel.io.with_lock``, Panel's public way
to ask for a locked callback, so that every click runs as Bokeh's own callbacks do."""
from __future__ import annotations


def install() -> None:
    """Mark Panel's widget-event coroutine as needing the document lock (once per process)."""
    from panel.io import with_lock
    from panel.reactive import Syncable

    coroutine = Syncable._event_coroutine
    if getattr(coroutine, "lock", False):
        return
    Syncable._event_coroutine = with_lock(coroutine)  # type: ignore[method-assign]
