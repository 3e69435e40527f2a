"""Label lookup for views: every visible string comes from the catalogue (viewer.i18n)."""
from __future__ import annotations

from ..i18n import has, t


def label(key: str, lang: str, **fmt) -> str:
    """The catalogue label ``key``; an unknown key shows itself so a gap is visible, not fatal."""
    return t(key, lang, **fmt) if has(key) else key


def label_any(keys: list[str], lang: str, default: str) -> str:
    """The first of ``keys`` the catalogue has, else ``default``."""
    for key in keys:
        if has(key):
            return t(key, lang)
    return default
