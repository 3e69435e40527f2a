"""Share saved work by link and reset it (docs/deploy.md "Sharing and resetting").

A bar above every game's page: **Share…** lets the visitor pick some of their saved work of this
game (a WiF scenario, a board, charts, presets: together, a lesson) and makes a link
``<page>?shared=<token>``; the server keeps a read-only copy (viewer/userdata.py ``share``), so a
later change of the originals, or a visitor, never changes what the link gives. Opening the link
copies the shared work into the opener's own saved work before the page builds its views, so the
page opens with it (a board) or lists it (a scenario). **Reset…** deletes the visitor's saved work
of this game after a confirmation and reloads the page, which then starts afresh.
"""
from __future__ import annotations

import json
from typing import Callable
from urllib.parse import urlencode

import panel as pn
import param

from viewer.state import SessionState
from viewer.userdata import Item, UserDataError, UserStore, copy_shared, share
from viewer.views.common.text import alert, label, markdown, plain
from viewer.views.common.url import url_value
from viewer.views.common.visitor import may_share

PARAM = "shared"


def item_label(item: Item, lang: str) -> str:
    kind, group, name = item
    what = label(f"ui.kind.{kind}", lang)
    return f"{what} · {group} · {name}" if group else f"{what} · {name}"


def item_key(item: Item) -> str:
    kind, group, name = item
    return f"{kind}/{group}/{name}" if group else f"{kind}/{name}"


class ClassroomBar(pn.viewable.Viewer):
    """Share… and Reset… for the saved work of one game, and the note of a link just opened."""

    state = param.ClassSelector(class_=SessionState, doc="The session whose language the bar speaks.")
    game = param.String(default="", doc="The game (viewer/games.py id) whose saved work the bar shares and resets.")
    store = param.ClassSelector(class_=UserStore, doc="The visitor's saved work.")
    report = param.Callable(default=None, allow_None=True, doc="Shows a problem (a bad link) on the page.")

    def __init__(self, **params):
        if "store" not in params:
            params["store"] = UserStore()
        super().__init__(**params)
        self.opened: list[Item] = []
        self._items: list[Item] = []
        self.share_open = pn.widgets.Button(css_classes=["share-open"], visible=may_share())
        self.reset_open = pn.widgets.Button(css_classes=["reset-open"])
        self.choose = pn.widgets.MultiSelect(options={}, size=6, width=420, css_classes=["share-items"])
        self.make = pn.widgets.Button(button_type="primary", css_classes=["share-make"])
        self.link = pn.widgets.TextInput(value="", width=520, css_classes=["share-link"])
        self.share_status = markdown("", css_classes=["share-status"])
        self.share_panel = pn.Column(self.choose, pn.Row(self.make, self.link), self.share_status,
                                     visible=False, css_classes=["share-panel"])
        self.question = markdown("", css_classes=["reset-question"])
        self.confirm = pn.widgets.Button(button_type="danger", css_classes=["reset-confirm"])
        self.cancel = pn.widgets.Button(css_classes=["reset-cancel"])
        self.reset_panel = pn.Column(self.question, pn.Row(self.confirm, self.cancel), visible=False,
                                     css_classes=["reset-panel"])
        self.note = alert("", alert_type="info", visible=False, css_classes=["shared-loaded"])
        self._script = pn.pane.HTML("", width=0, height=0, margin=0, css_classes=["classroom-script"])
        self.share_open.on_click(self._toggle_share)
        self.make.on_click(self._make)
        self.reset_open.on_click(self._ask_reset)
        self.confirm.on_click(self._reset)
        self.cancel.on_click(lambda _e: setattr(self.reset_panel, "visible", False))
        self._layout = pn.Column(pn.Row(self.share_open, self.reset_open), self.share_panel, self.reset_panel,
                                 self.note, self._script, sizing_mode="stretch_width", css_classes=["classroom-bar"])
        self.state.param.watch(self._relabel, "lang")
        self._relabel()

    def __panel__(self):
        return self._layout

    # -- a shared link ------------------------------------------------------------------------
    def open_link(self) -> list[Item]:
        """Copy the work of the page's ``?shared=`` link into the visitor's own (call before the
        page builds its views); a bad link is reported, not raised."""
        token = url_value(PARAM)
        if not token:
            return []
        try:
            self.opened = copy_shared(token, self.store)
        except (UserDataError, OSError) as err:
            if self.report is not None:
                self.report(label("ui.share.bad_link", self.state.lang, message=str(err)))
            return []
        self._relabel()
        self.note.visible = True
        return self.opened

    # -- share --------------------------------------------------------------------------------
    def _refresh(self) -> None:
        try:
            self._items = self.store.items(self.game)
        except (UserDataError, OSError):
            self._items = []
        lang = self.state.lang
        self.choose.options = {item_label(i, lang): item_key(i) for i in self._items}

    def _toggle_share(self, _event=None) -> None:
        with pn.io.hold():
            self._refresh()
            self.reset_panel.visible = False
            self.share_panel.visible = not self.share_panel.visible
            self.share_status.object = "" if self._items else label("ui.share.nothing", self.state.lang)

    def _make(self, _event=None) -> None:
        lang = self.state.lang
        chosen = [i for i in self._items if item_key(i) in set(self.choose.value)]
        if not chosen:
            self.share_status.object = label("ui.share.pick", lang)
            return
        try:
            token = share(self.store, chosen, title=self.game)
        except (UserDataError, OSError) as err:
            self.share_status.object = plain(str(err))
            return
        self.link.value = self._page_url({PARAM: token})
        self.share_status.object = label("ui.share.made", lang, count=len(chosen))

    def _page_url(self, query: dict[str, str]) -> str:
        loc = pn.state.location
        if loc is None:
            return "?" + urlencode(query)
        page = (loc.href or "").split("#")[0].split("?")[0] or (loc.pathname or "")
        return f"{page}?{urlencode(query)}"

    # -- reset --------------------------------------------------------------------------------
    def _ask_reset(self, _event=None) -> None:
        with pn.io.hold():
            self._refresh()
            self.share_panel.visible = False
            self.question.object = label("ui.reset_saved.question", self.state.lang, count=len(self._items))
            self.reset_panel.visible = True

    def _reset(self, _event=None) -> None:
        try:
            gone = self.store.reset(self.game)
        except (UserDataError, OSError) as err:
            self.question.object = plain(str(err))
            return
        self.question.object = label("ui.reset_saved.done", self.state.lang, count=len(gone))
        # start afresh: open the page again without ?shared= (which would copy the link's work anew)
        loc = pn.state.location
        query = {k: v for k, v in (loc.query_params if loc is not None else {}).items() if k != PARAM}
        target = (loc.pathname if loc is not None else "") + ("?" + urlencode(query) if query else "")
        self._script.object = f"<script>window.location.replace({_js_string(target or '.')});</script>"

    # -- language -----------------------------------------------------------------------------
    def _relabel(self, *_):
        lang = self.state.lang
        with pn.io.hold():
            self.share_open.label = label("ui.share.open", lang)
            self.reset_open.label = label("ui.reset_saved.open", lang)
            self.choose.name = label("ui.share.what", lang)
            self.make.label = label("ui.share.make", lang)
            self.link.name = label("ui.share.link", lang)
            self.confirm.label = label("ui.reset_saved.confirm", lang)
            self.cancel.label = label("ui.cancel", lang)
            if self.opened:
                names = ", ".join(item_label(i, lang) for i in self.opened)
                self.note.object = label("ui.share.loaded", lang, items=plain(names))
            if self.share_panel.visible:
                self._refresh()


def _js_string(text: str) -> str:
    """``text`` as a JavaScript string literal safe inside a ``<script>`` element."""
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def classroom_bar(state: SessionState, game: str, report: Callable[[str], None] | None) -> ClassroomBar:
    """The bar of one game's page, with the page's ``?shared=`` link already opened."""
    bar = ClassroomBar(state=state, game=game, report=report)
    bar.open_link()
    return bar
