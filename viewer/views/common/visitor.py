"""Whose saved work a served page reads and writes (docs/deploy.md "Whose data is it").

A visitor who logged in (Panel's ``--basic-auth`` or an OAuth provider: ``pn.state.user``) keeps
their work under their user name; anyone else under a random id kept in a cookie of their browser
(set on the first visit, a year long, this site only). Either is turned into a folder name by a
one-way hash, so no name or cookie can reach outside ``<data folder>/visitors/``, and a visitor
can read only the folder of their own id.
"""
from __future__ import annotations

import hashlib
import os
import re
import secrets
from weakref import WeakKeyDictionary

import panel as pn

from viewer.userdata import set_visitor_resolver

COOKIE = "wargame_viewer_visitor"
_ID = re.compile(r"^[A-Za-z0-9_-]{32,64}$")
_FOLDERS: WeakKeyDictionary = WeakKeyDictionary()
#: The id given to a browser that came without one, until the page tells the browser to keep it.
_ISSUED: WeakKeyDictionary = WeakKeyDictionary()


def folder_name(kind: str, secret: str) -> str:
    """The folder of a user name (``kind="user"``) or a browser's cookie (``"browser"``)."""
    return f"{kind}-{hashlib.sha256(f'{kind}:{secret}'.encode()).hexdigest()[:32]}"


def visitor_folder() -> str | None:
    """The folder name of the visitor of the page being served, or None outside a served page."""
    doc = pn.state.curdoc
    if doc is None or doc.session_context is None:
        return None
    name = _FOLDERS.get(doc)
    if name is None:
        name = _identify(doc)
        _FOLDERS[doc] = name
    return name


def _identify(doc) -> str:
    user = pn.state.user
    if user:
        return folder_name("user", str(user))
    cookie = str((pn.state.cookies or {}).get(COOKIE) or "")
    if not _ID.match(cookie):
        cookie = secrets.token_urlsafe(32)
        _ISSUED[doc] = cookie
    return folder_name("browser", cookie)


def cookie_script() -> str:
    """The script that makes the browser keep the id it was just given ('' when it came with one
    or logged in). The id is ``[A-Za-z0-9_-]`` only, so it needs no quoting."""
    visitor_folder()
    doc = pn.state.curdoc
    cookie = _ISSUED.get(doc) if doc is not None else None
    if not cookie:
        return ""
    return (f"<script>document.cookie = '{COOKIE}={cookie}; path=/; max-age=31536000; SameSite=Strict';"
            "</script>")


#: Login names (comma-separated) allowed to make share links; unset: every visitor may
#: (docs/deploy.md "Sharing and resetting").
TEACHERS_VAR = "WARGAME_VIEWER_TEACHERS"


def may_share() -> bool:
    """Whether the visitor of the page may make share links: everyone, unless the server names its
    teachers in ``WARGAME_VIEWER_TEACHERS`` (then only those logged-in users)."""
    named = {n.strip() for n in os.environ.get(TEACHERS_VAR, "").split(",") if n.strip()}
    if not named:
        return True
    user = pn.state.user if pn.state.curdoc is not None else None
    return bool(user) and str(user) in named


def install() -> None:
    """Give every served page's session the data folder of its visitor."""
    set_visitor_resolver(visitor_folder)
