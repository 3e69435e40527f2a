"""Label lookup for views: every visible string comes from the catalogue (viewer.i18n)."""
from __future__ import annotations

import panel as pn

from viewer.i18n import has, t


def label(key: str, lang: str, **fmt) -> str:
    """The catalogue label ``key``; an unknown key shows itself so a gap is visible, not fatal."""
    return t(key, lang, **fmt) if has(key) else key


def counted(key: str, count: int, lang: str, **fmt) -> str:
    """The label ``key`` for ``count`` things: ``key + "_one"`` for exactly one."""
    return label(f"{key}_one" if count == 1 else key, lang, count=count, **fmt)


def label_any(keys: list[str], lang: str, default: str) -> str:
    """The first of ``keys`` the catalogue has, else ``default``."""
    for key in keys:
        if has(key):
            return t(key, lang)
    return default


#: Markdown renders with raw HTML shown as text: a value from a URL, a file or a user can never
#: become markup or script on the page (docs/security.md).
TEXT_ONLY = {"html": False}


def markdown(object: str = "", **params) -> pn.pane.Markdown:
    """A Markdown pane whose raw HTML is shown as text (every Markdown pane of the views)."""
    return pn.pane.Markdown(object, renderer_options=dict(TEXT_ONLY), **params)


def alert(object: str = "", **params) -> pn.pane.Alert:
    """An alert (banner, error line) whose raw HTML is shown as text."""
    return pn.pane.Alert(object, renderer_options=dict(TEXT_ONLY), **params)


def plain(text: object) -> str:
    """``text`` (a user's value, a message quoting one) made inert for a Markdown pane: no
    autolink (``<...>``), no link or image (``[..](..)``). Raw HTML is already shown as text by
    :data:`TEXT_ONLY`; everything else reads as written."""
    return str(text).replace("\\", "\\\\").replace("<", "\\<").replace("](", "]\\(").replace("![", "\\![")
