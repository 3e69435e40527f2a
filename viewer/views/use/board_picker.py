"""The board a /use page shows: the USE map or a fixture board of the rulebook's worked examples
(France 1940 holds the 2nd Panzer of USE 4.2.3.3), picked from a list of their names.

A board is opened through the page's address (``?board=``), so picking one loads the page for it
(its map, units and calculators built once, never rebuilt on a click); the calculators that take a
board open on the one shown (:func:`follow_board`).
"""
from __future__ import annotations

import panel as pn
import param

from viewer.calculators import REGISTRY
from viewer.rules.use import boards
from viewer.state import SessionState
from viewer.views.common.text import label, markdown


def board_title(name: str, lang: str) -> str:
    """A board's name for a reader: "USE map", "France 1940 (worked examples)" ..."""
    return label(f"use.board_name.{name.replace(':', '.')}", lang)


def follow_board(calculators, board: str) -> dict[str, dict]:
    """Open every calculator of ``calculators`` (a CalculatorList) that takes a board on ``board``,
    with its default places if the board has them, else with two of the board's own ports; a
    calculator the board cannot serve (France 1940 has one port) keeps its worked-example board.
    Returns the inputs filled in, by slug."""
    filled = {}
    for slug in calculators.slugs:
        cls = REGISTRY[slug]
        if "board" not in cls.param or board not in cls.param["board"].objects:
            continue
        for values in _candidates(cls, board):
            if _computes(cls, values):
                calculators.fill(slug, **values)
                filled[slug] = values
                break
    return filled


def _candidates(cls, board: str):
    yield {"board": board}
    if "start" in cls.param and "destination" in cls.param:
        ports = sorted(h.name or h.label for h in boards.load(board).hexes.values() if h.port)
        if len(ports) >= 2:
            yield {"board": board, "start": ports[0], "destination": ports[-1]}


def _computes(cls, values: dict) -> bool:
    try:
        cls(**values).compute()
    except Exception:  # any refusal: the calculator stays on its own board
        return False
    return True


class BoardPicker(pn.viewable.Viewer):
    """A select of the boards, by name; choosing one loads the page for that board."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language.")

    board = param.String(default="", doc="The board the page shows ('use' or 'fixture:<name>').")

    def __init__(self, **params):
        super().__init__(**params)
        self.names = boards.names()
        self.select = pn.widgets.Select(options={}, value=None, width=300, css_classes=["use-board-select"])
        self.hint = markdown("", css_classes=["use-board-hint"], sizing_mode="stretch_width")
        self._relabel()
        self.select.value = self.board
        self.select.param.watch(self._go, "value")
        self.state.param.watch(self._relabel, "lang")

    def _relabel(self, *_):
        lang = self.state.lang
        with pn.io.hold():
            self.select.name = label("use.board.pick", lang)
            self.select.options = {board_title(n, lang): n for n in self.names}
            self.hint.object = label("use.board.hint", lang)

    def query(self, name: str) -> dict[str, str]:
        """The address change that opens board ``name`` (the language stays)."""
        return {"board": name, "lang": self.state.lang}

    def _go(self, event):
        location = pn.state.location
        if not event.new or event.new == self.board or location is None:
            return
        location.update_query(**self.query(event.new))
        location.reload = True    # after the address: the browser loads the new board's page

    def __panel__(self):
        return pn.Row(self.select, self.hint, sizing_mode="stretch_width")
