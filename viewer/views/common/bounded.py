"""Number inputs outside a calculator card, checked on the server with the card's wording.

A Bokeh number input given ``start``/``end`` clamps a typed value in the browser (9 on a 1..6 field
reads 6) before the server sees it. These inputs carry no bounds in the browser: the value reaches
the server, a value outside the bounds is refused with a message naming the field, the value and
the allowed range (worded by :func:`refusal_reason`, as a calculator card words it), the last
accepted value stays in use, and the message goes once the field holds an accepted value.
"""
from __future__ import annotations

from typing import Any, Callable

import panel as pn

from viewer.calculators import CalculatorInputError
from viewer.calculators.format import shown
from viewer.state import SessionState
from viewer.views.common.calculator_card import refusal_reason
from viewer.views.common.text import alert, label, plain


class BoundedInputs:
    """Several number inputs of one panel and the one message box that says which were refused.

    ``add`` a widget with its bounds, a function naming it in a language and what to do with an
    accepted value; :meth:`value` is the value in use (the last accepted one)."""

    def __init__(self, state: SessionState, css_class: str, whole: bool = True):
        self.state, self.whole = state, whole
        self.box = alert("", alert_type="danger", visible=False, css_classes=[css_class])
        self._fields: dict[str, tuple[Any, tuple[Any, Any], Callable[[str], str], Callable[[Any], None] | None]] = {}
        self._may_be_empty: set[str] = set()
        self._accepted: dict[str, Any] = {}
        #: Fields holding a refused value: the value and why, in the order the fields were added.
        self.refused: dict[str, tuple[Any, CalculatorInputError]] = {}
        state.param.watch(lambda *_: self.show(), "lang")

    def add(self, name: str, widget, bounds: tuple[Any, Any], name_of: Callable[[str], str],
            on_accept: Callable[[Any], None] | None = None, may_be_empty: bool = False) -> None:
        """Guard ``widget`` (its browser bounds dropped): ``bounds`` as ``(lo, hi)``, either None;
        ``may_be_empty``: an empty field is accepted (it stands for "not known")."""
        widget.start = widget.end = None
        self._fields[name] = (widget, bounds, name_of, on_accept)
        if may_be_empty:
            self._may_be_empty.add(name)
        self._accepted[name] = widget.value
        widget.param.watch(lambda e: self._changed(name, e.new), "value")

    def value(self, name: str) -> Any:
        """The value field ``name`` stands for: the last one accepted."""
        return self._accepted[name]

    def check(self, name: str, value: Any) -> CalculatorInputError | None:
        """Why ``value`` is refused in field ``name``, or None when it is accepted."""
        lo, hi = self._fields[name][1]
        allowed = [lo, hi]
        # the error's own message is the English wording; the page words it by kind (refusal_reason)
        if value is None and name in self._may_be_empty:
            return None
        if value is None:
            return CalculatorInputError(name, label("ui.input.refused_empty_any", "en"), allowed, kind="empty")
        if self.whole and isinstance(value, float) and not value.is_integer():
            return CalculatorInputError(name, label("ui.input.refused_whole_any", "en", value=value), allowed,
                                        kind="whole_number", value=value)
        if (lo is not None and value < lo) or (hi is not None and value > hi):
            return CalculatorInputError(name, label("ui.input.refused_range", "en", value=value, allowed=f"{lo}..{hi}"),
                                        allowed, kind="range", value=value)
        return None

    def _changed(self, name: str, value: Any) -> None:
        err = self.check(name, value)
        if err is not None:
            self.refused[name] = (value, err)
            self.refused = {n: self.refused[n] for n in self._fields if n in self.refused}
            self.show()
            return
        self.refused.pop(name, None)
        self._accepted[name] = value
        on_accept = self._fields[name][3]
        if on_accept is not None:
            on_accept(value)
        self.show()

    def text(self, lang: str) -> str:
        """The message in ``lang``: each refused value and the value still in use ('' when none)."""
        parts = []
        for name, (value, err) in self.refused.items():
            who = self._fields[name][2](lang)
            reason = refusal_reason(err, lang, value) or plain(err.message)
            kept_value = self._accepted[name]
            kept = (label("ui.input.still_used", lang, value=plain(shown(kept_value, lang))) if kept_value is not None
                    else label("ui.input.still_empty", lang))
            parts.append(f"**{plain(who)}**: {reason}; {kept}")
        return "\n\n".join(parts)

    def show(self) -> None:
        """The message box in the page's language, hidden when nothing is refused."""
        text = self.text(self.state.lang)
        with pn.io.hold():
            if text:
                self.box.object = text
            self.box.visible = bool(text)
