"""Open everything a page can show and collect its visible text from the Bokeh models (shared by
tests/common/test_spanish.py and a run by hand: ``python -m tests.common.spanish_walk wif``)."""
from __future__ import annotations

import html
import re

import panel as pn
from bokeh.models.css import StyleSheet
from bokeh.models.glyph import Glyph

from tests.common.page_watch import build_page
from viewer.views.common.chooser import Chooser
from viewer.views.common.sections import Sections

TAG = re.compile(r"<[^>]+>")
#: Model properties that hold text a visitor reads.
#: CSS classes of panes that show both languages on purpose (the glossary's table).
BILINGUAL = {"glossary-table"}
#: Inputs whose text is an identifier, the same in every language (a lesson's file name).
IDENTIFIERS = {"lesson-save-name"}
TEXT_PROPS = ("text", "title", "label", "labels", "options", "axis_label", "placeholder",
              "value_label", "tooltip")


def _clean(text: str) -> str:
    text = html.unescape(text)  # Panel's HTML model carries its markup escaped
    text = re.sub(r"<(style|script)\b.*?</\1>", " ", text, flags=re.S)
    return " ".join(html.unescape(TAG.sub(" ", text)).split())


def model_texts(models) -> dict[tuple, str]:
    """``(model id, property, index) -> text`` of every text property of ``models``; an option is
    ``(value, label)`` and yields both, the label under index ``i`` and the value under ``-1 - i``."""
    out: dict[tuple, str] = {}
    for m in models:
        if isinstance(m, (Glyph, StyleSheet)):  # a glyph's text is a column name; its values are map data
            continue
        if (BILINGUAL | IDENTIFIERS) & set(getattr(m, "css_classes", None) or ()):
            continue
        props = m.properties()
        for prop in TEXT_PROPS:
            if prop not in props:
                continue
            v = getattr(m, prop)
            if isinstance(v, str):
                s = _clean(v)
                if s:
                    out[(m.id, prop, 0, type(m).__name__)] = s
            elif isinstance(v, (list, tuple)):
                for i, o in enumerate(v):
                    if isinstance(o, (list, tuple)) and len(o) == 2:
                        out[(m.id, prop, -1 - i, type(m).__name__)] = str(o[0])
                        o = o[1]
                    if isinstance(o, str) and o.strip():
                        out[(m.id, prop, i, type(m).__name__)] = _clean(o)
            elif v is not None and isinstance(getattr(v, "text", None), str):  # a Title model
                out[(m.id, prop, 0, type(m).__name__)] = _clean(v.text)
            elif v is not None and isinstance(getattr(v, "value", None), str):  # a Value spec
                out[(m.id, prop, 0, type(m).__name__)] = _clean(v.value)
    return out


class PageWalk:
    """A page built in-process, with every section, chooser item and card opened."""

    def __init__(self, name: str, monkeypatch):
        self.made: list = []
        for cls in (Sections, Chooser):
            init = cls.__init__

            def recording(obj, *a, _init=init, **k):
                _init(obj, *a, **k)
                self.made.append(obj)
            monkeypatch.setattr(cls, "__init__", recording)
        self.doc, self.ns = build_page(name, monkeypatch)
        self.state = self.ns["shell"].state

    def _roots(self):
        views = pn.state._views
        return [views[r.ref["id"]][0] for r in self.doc.roots if r.ref["id"] in views]

    def _open_cards(self) -> bool:
        opened = False
        for root in self._roots():
            if not hasattr(root, "select"):
                continue
            for card in root.select(pn.Card):
                if card.collapsed:
                    card.collapsed = False
                    opened = True
        return opened

    def _models(self):
        self.doc.models.recompute()
        return list(self.doc.models)

    def collect(self, lang: str) -> dict[tuple, str]:
        """Every text the page shows in ``lang``, with every part opened in turn."""
        texts: dict[tuple, str] = {}
        with pn.io.server.set_curdoc(self.doc):
            self.state.lang = lang
            seen: set[int] = set()
            while True:
                self._open_cards()
                texts.update(model_texts(self._models()))
                todo = [s for s in self.made if id(s) not in seen]
                if not todo:
                    break
                for s in todo:
                    seen.add(id(s))
                    if isinstance(s, Sections):
                        for k in s.keys:
                            s.switch.value = k
                    else:
                        first = s.select.value
                        for k in s.keys:
                            s.select.value = k
                            self._open_cards()
                            texts.update(model_texts(self._models()))
                        s.select.value = first
        return texts


if __name__ == "__main__":
    import sys

    import pytest

    mp = pytest.MonkeyPatch()
    walk = PageWalk(sys.argv[1], mp)
    for lang in sys.argv[2:] or ["en", "es"]:
        for key, text in walk.collect(lang).items():
            print(lang, key, repr(text[:200]))
