"""The app shell every app uses: header with title and language switch, content, rule panel.

Each call builds a fresh page with its own :class:`SessionState`: two browser sessions never
share state. The page loads nothing from outside the server (docs/architecture.md "Offline").
"""
from __future__ import annotations

import panel as pn

from viewer.state import SessionState
from viewer.views.common import layout_batch, relabel_in_place, visitor
from viewer.views.common.layout import SharedDesign, wrapping
from viewer.views.common.language import LanguageSwitch, sync_language_with_url
from viewer.views.common.rulelink import RulePanel, follow_rule_anchors
from viewer.views.common.share import ClassroomBar, classroom_bar
from viewer.views.common.shared_css import share_inline_stylesheets
from viewer.views.common.text import alert, label, markdown, plain

RAW_CSS = """
.rule-panel { position: sticky; top: 0; }
"""

#: How long the server works on an answer before the header's spinner turns (seconds). Panel's
#: own indicator waits 0.5 s before it stops instead: a quick answer looked busy for half a
#: second after it was on the page (docs/NOTES.md "The busy spinner").
SPIN_AFTER = 0.3


def quicken(spinner: pn.indicators.LoadingSpinner) -> pn.indicators.LoadingSpinner:
    """Make a template's busy indicator turn only while an answer takes longer than
    :data:`SPIN_AFTER` and stop as soon as the server is done."""
    # the turning segment is drawn only once the wait is over: until then the ring looks idle
    wait = (f"@keyframes busy-wait {{ from, to {{ background: #f0f0f0; }} }}\n"
            f":host(.loader.spin) div::after {{ animation: busy-wait {SPIN_AFTER}s, "
            f"spin 2s linear {SPIN_AFTER}s infinite; }}")
    spinner.param.update(throttle=0, stylesheets=[*spinner.stylesheets, wait])
    return spinner


def _quiet_location() -> None:
    """The browser reports the address back after the server changed it (``?lang=``): that
    report is no work for the user to wait on, so it does not turn the spinner."""
    from panel.io.location import Location

    Location._busy__ignore = ["href", "pathname", "search", "hash", "reload", "hostname", "port", "protocol"]


def extension() -> None:
    """Load Panel's and HoloViews' Bokeh support once per process, with no external resources:
    a served page takes BokehJS and the extensions from the server's ``/static``; in a notebook
    they are written inline into the output (``inline=True``), so nothing comes from a CDN."""
    import holoviews as hv

    if "bokeh" not in hv.Store.renderers:
        hv.extension("bokeh", logo=False, inline=True)
    pn.extension(raw_css=[RAW_CSS], design=SharedDesign, notifications=False, inline=True)
    _keep_inline_stylesheets()
    share_inline_stylesheets()
    _quiet_location()
    visitor.install()


def _keep_inline_stylesheets() -> None:
    """Keep a notebook's HTML and Markdown panes on the stylesheets they were drawn with.

    Panel 1.9 writes a pane's stylesheets inline when a notebook output is drawn, but when the
    pane's ``object`` changes (a language switch, a lesson step) ``HTMLBasePane._update`` sends
    every property again, the stylesheets as links to Panel's CDN: offline, the browser asks the
    CDN. It sends ``visible`` again too: a pane in a collapsed card (hidden there by the card's
    script, which the pane never hears of) was shown, the card hid it at once and reported it
    back, a layout of the page and a round trip for each relabelled pane. A change of ``object``
    changes neither (a change of ``stylesheets`` or ``visible`` itself goes through Panel's own
    update), so the update here leaves both out."""
    from panel.pane.markup import HTMLBasePane

    update = HTMLBasePane._update
    if getattr(update, "keeps_stylesheets", False):
        return

    def _update(self, ref, model):
        get = self._get_properties

        def object_properties(doc):
            props = get(doc)
            props.pop("stylesheets", None)
            props.pop("visible", None)
            return props

        self._get_properties = object_properties
        try:
            update(self, ref, model)
        finally:
            del self._get_properties

    _update.keeps_stylesheets = True  # type: ignore[attr-defined]
    HTMLBasePane._update = _update  # type: ignore[method-assign]


class AppShell:
    """Header (title, language switch), an error banner, the content and the rule side panel."""

    def __init__(self, title_key: str | None = None, state: SessionState | None = None,
                 url_sync: bool = True):
        self.state = state or SessionState()
        self.title_key = title_key
        self.banner = alert("", alert_type="warning", visible=False, css_classes=["url-error"])
        if url_sync:
            sync_language_with_url(self.state, report=self.report)
        self._title = markdown("", css_classes=["app-title"], margin=(0, 10),
                                       styles={"color": "white", "font-size": "1.4em"})
        self._home = pn.pane.HTML("", margin=(0, 10))
        self._reference = pn.pane.HTML("", margin=(0, 10), css_classes=["reference-link"])
        self.language = LanguageSwitch(state=self.state)
        #: Share… and Reset… of a game's page (None elsewhere); a ``?shared=`` link is copied into
        #: the visitor's saved work here, before the app builds its views and restores its work.
        self.classroom: ClassroomBar | None = None
        game = _game_of(title_key)
        if game and pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            self.classroom = classroom_bar(self.state, game, self.report)
        self._visitor = pn.pane.HTML("", width=0, height=0, margin=0, css_classes=["visitor-id"])
        self.rule_panel = RulePanel(state=self.state)
        follow_rule_anchors(self.state)
        self.main = pn.Column(sizing_mode="stretch_width")
        self.state.param.watch(self._on_lang, "lang")
        self._on_lang()

    def report(self, message: str) -> None:
        """Show a problem with the user's input (URL, file …) without breaking the page."""
        self.banner.object = plain(message)
        self.banner.visible = True

    def _on_lang(self, *_):
        lang = self.state.lang
        title = label("app.title", lang)
        if self.title_key:
            title = f"{title} · {label(self.title_key, lang)}"
        self._title.object = title
        if pn.state.curdoc is not None and pn.state.curdoc.session_context is not None:
            pn.state.curdoc.title = title
        self._home.object = (f'<a href="./?lang={lang}" style="color: white">{label("ui.home", lang)}</a>'
                             if self.title_key else "")
        self._reference.object = (f'<a class="open-reference" href="./reference?lang={lang}" style="color: white">'
                                  f'{label("ref.open_reference", lang)}</a>')

    def serve(self, *content) -> pn.template.BootstrapTemplate:
        """Make the page of ``content`` this session's document. Bokeh walks the model graph
        once for the whole page rather than once per root the template adds, and the browser lays
        each root out once per server message (viewer/views/common/layout_batch.py) and writes a
        new widget title or button label in place (viewer/views/common/relabel_in_place.py)."""
        page = self.page(*content)
        doc = pn.state.curdoc
        if doc is None:
            return page.servable()
        layout_batch.attach(doc)
        relabel_in_place.attach(doc)
        with doc.models.freeze():
            return page.servable()

    def page(self, *content) -> pn.template.BootstrapTemplate:
        """The servable page holding ``content`` beside the rule panel."""
        self.main.objects = list(content)
        self._visitor.object = visitor.cookie_script()
        template = pn.template.BootstrapTemplate(
            title="",
            header=[wrapping(wrapping(self._title, self._home, self._reference, sizing_mode=None,
                                      align_items="center"),
                             self.language, self._visitor, justify_content="space-between",
                             align_items="center")],
            main=[self.banner, *([self.classroom] if self.classroom is not None else []), pn.Row(self.main, self.rule_panel, sizing_mode="stretch_width")],
            header_background="#2b3a42", design=SharedDesign,
        )
        quicken(template.busy_indicator)
        return template


def _game_of(title_key: str | None) -> str | None:
    """The game a page's title key names (``game.<id>.name``), or None (the landing page, the reference)."""
    from viewer.games import GAMES

    parts = (title_key or "").split(".")
    return parts[1] if len(parts) == 3 and parts[0] == "game" and parts[1] in GAMES else None
