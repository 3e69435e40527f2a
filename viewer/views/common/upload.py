"""The one file box of every app: bounded, decoded, parsed off the server's event loop.

The box hands its reader the file's *content* (never a path), refuses a file past its kind's
size limit (:data:`viewer.safeload.MAX_BYTES`), decodes it with :func:`viewer.safeload.decode`
(saying so when it is not UTF-8) and runs the reader in a worker thread, so one slow or hostile
file never holds the pages of other visitors (docs/security.md). The message names the file just
uploaded, in the page's language.
"""
from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import Any

import panel as pn
import param
from panel.io.state import set_curdoc

from viewer.safeload import MAX_BYTES, Decoded, LoadError, decode, size_text
from viewer.state import SessionState
from viewer.views.common.text import label

#: Uploads of all sessions are read here, two at a time, beside the event loop.
_READERS = ThreadPoolExecutor(max_workers=2, thread_name_prefix="upload")


class Upload(pn.viewable.Viewer):
    """A file input whose content goes to ``read`` in a worker thread and whose result goes to
    ``done`` (or the fault's message to ``fail``) back on the page."""

    kind = param.Selector(default="scenario", objects=list(MAX_BYTES), doc="""
        The kind of file, which sets the size limit (viewer.safeload.MAX_BYTES).""")

    state = param.ClassSelector(class_=SessionState, doc="The session whose language the messages use.")

    read = param.Callable(doc="""
        ``read(text, origin) -> result``: parses the decoded text; runs off the event loop, so it
        must not touch the page. Raise a ValueError whose message says what is wrong.""")

    done = param.Callable(doc="``done(result, origin, note)``: shows the result; ``note`` is a notice or ''.")

    fail = param.Callable(doc="``fail(message)``: shows why the file could not be used.")

    busy = param.Boolean(default=False, doc="True while a file is being read.")

    def __init__(self, accept: str = ".yaml,.yml", **params: Any):
        widget_params = {k: params.pop(k) for k in ("width", "css_classes", "name") if k in params}
        super().__init__(**params)
        self.widget = pn.widgets.FileInput(accept=accept, multiple=False, **widget_params)
        self.widget.param.watch(self._on_file, ["value", "filename"])

    def _origin(self) -> str:
        return self.widget.filename or label("ui.uploaded_file", self.state.lang)

    def _on_file(self, *_events) -> None:
        raw = self.widget.value
        if not raw:
            return
        origin, lang = self._origin(), self.state.lang
        try:
            decoded = decode(raw, origin, self.kind)
        except LoadError as err:
            self.fail(label("ui.upload.failed", lang, file=origin, message=err.message))
            return
        note = "" if decoded.utf8 else label("ui.upload.not_utf8", lang, file=origin, encoding=decoded.encoding)
        doc = pn.state.curdoc
        if doc is None or doc.session_context is None:
            self._finish(origin, note, *self._run(decoded, origin))
            return
        self.busy = True
        future = _READERS.submit(self._run_for, doc, decoded, origin)
        future.add_done_callback(partial(self._back_on_page, doc, origin, note))

    def _run_for(self, doc, decoded: Decoded, origin: str) -> tuple[bool, Any]:
        with set_curdoc(doc):  # the visitor's data folder, should the reader look there
            return self._run(decoded, origin)

    def _run(self, decoded: Decoded, origin: str) -> tuple[bool, Any]:
        try:
            return True, self.read(decoded.text, origin)
        except RecursionError:
            return False, label("ui.upload.failed", self.state.lang, file=origin,
                                message=label("ui.upload.too_deep", self.state.lang))
        except (ValueError, KeyError, TypeError) as err:
            return False, str(err)

    def _back_on_page(self, doc, origin: str, note: str, future) -> None:
        ok, value = future.result()
        with set_curdoc(doc):
            pn.state.execute(partial(self._finish, origin, note, ok, value), schedule=True)

    def _finish(self, origin: str, note: str, ok: bool, value: Any) -> None:
        self.busy = False
        if ok:
            self.done(value, origin, note)
        else:
            self.fail(value)

    @staticmethod
    def limit_text(kind: str) -> str:
        return size_text(MAX_BYTES[kind])

    def __panel__(self):
        return self.widget
