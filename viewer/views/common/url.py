"""Values from the page's address (``?board=``, ``?map=`` …): text, bounded, never trusted.

A value is decoded as UTF-8 with undecodable bytes replaced (``%ff`` reads as "�", which no
allowed value matches, so the page names the allowed ones), cut to :data:`MAX_LENGTH` characters,
and shown on the page only as text (docs/security.md).
"""
from __future__ import annotations

import panel as pn

MAX_LENGTH = 200


def url_value(name: str) -> str:
    """The first ``?name=`` value of the page's address, or '' (outside a served page too)."""
    if pn.state.curdoc is None:
        return ""
    values = (pn.state.session_args or {}).get(name) or [b""]
    value = values[0]
    if isinstance(value, (bytes, bytearray)):
        value = bytes(value).decode("utf-8", errors="replace")
    return str(value).strip()[:MAX_LENGTH]
