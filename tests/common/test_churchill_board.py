"""The Churchill board's texts: none overlaps a box, a marker or another text, in English and Spanish,
and every text follows the page's language when it changes (no browser).

Text boxes are estimated from the font size, the text's characters and the figure's pixels per data
unit at the page widths of 1024 and 1280 px. The character widths are wider than Arial's (Liberation
Sans, the font Chromium draws Bokeh's "helvetica" with on Debian) so the estimate errs on the large side.
"""
from __future__ import annotations

import itertools
from pathlib import Path

import pytest
import yaml
from bokeh.models import GlyphRenderer, Label, Rect, Scatter, Text

from viewer.rules.churchill.table import NATIONS
from viewer.state import SessionState
from viewer.state.churchill.conference import ChurchillState
from viewer.views.churchill.board import ChurchillBoard
from viewer.views.common.text import label

LABELS = Path(__file__).resolve().parents[2] / "viewer" / "i18n" / "labels" / "churchill.yaml"

#: Page widths and what the page's margins leave of them to the figure's frame, and what the
#: title and the toolbar above take of the figure's height (measured: 1024 -> 984 px, 640 -> 605 px).
WIDTHS = (1024, 1280)
SIDE_PX, TOP_PX = 50, 45
PAD_PX = 1.0  # kept free around every text


def _em(ch: str) -> float:
    """A character's width in em, above Arial's own (W 0.94, M 0.83, capitals at most 0.78)."""
    if ch in "MWmw@%":
        return 1.0
    if ch.isupper():
        return 0.8
    if ch.isdigit() or ch.islower():
        return 0.62
    return 0.4


def _font_px(size: str) -> float:
    if size.endswith("pt"):
        return float(size[:-2]) * 4 / 3
    if size.endswith("px"):
        return float(size[:-2])
    raise ValueError(size)


def _text_size(text: str, size: str, bold: bool) -> tuple[float, float]:
    """Width and height (px) of a possibly multi-line text."""
    px = _font_px(size)
    lines = text.split("\n")
    width = max(sum(_em(c) for c in line) for line in lines) * px * (1.1 if bold else 1.0)
    return width, len(lines) * 1.25 * px


class Scale:
    """Data units to px of the figure's frame at a page width."""

    def __init__(self, fig, page_width: int):
        self.fig = fig
        self.ux = (page_width - SIDE_PX) / (fig.x_range.end - fig.x_range.start)
        self.uy = (fig.height - TOP_PX) / (fig.y_range.end - fig.y_range.start)

    def px(self, x, y):
        return (x - self.fig.x_range.start) * self.ux, (self.fig.y_range.end - y) * self.uy

    def frame(self):
        return (0.0, 0.0, (self.fig.x_range.end - self.fig.x_range.start) * self.ux,
                (self.fig.y_range.end - self.fig.y_range.start) * self.uy)


_ENUMS = {"left", "right", "center", "top", "middle", "bottom", "alphabetic", "hanging", "ideographic"}


def _col(glyph, attr, data, n):
    """A glyph's property row by row: a column of its source, or one value (an alignment's name is a value)."""
    v = getattr(glyph, attr)
    if isinstance(v, str) and v in data and not (attr in ("text_align", "text_baseline") and v in _ENUMS):
        return list(data[v])
    return [v] * n


def _text_box(sc, x, y, text, size, bold, align, baseline, dx=0.0, dy=0.0):
    """A text's box in screen px: (left, top, right, bottom)."""
    w, h = _text_size(text, size, bold)
    sx, sy = sc.px(x, y)
    sx, sy = sx + dx, sy + dy
    left = {"left": sx, "center": sx - w / 2, "right": sx - w}[align]
    top = {"top": sy, "middle": sy - h / 2, "bottom": sy - h, "alphabetic": sy - h, "hanging": sy}[baseline]
    return (left - PAD_PX, top - PAD_PX, left + w + PAD_PX, top + h + PAD_PX)


def board_items(board: ChurchillBoard, page_width: int):
    """The drawn texts (box, text, container) and the boxes and markers they must keep off, in screen px."""
    fig = board.figure
    sc = Scale(fig, page_width)
    texts, solids = [], []
    rects: dict[int, list] = {}  # source id -> its boxes: a text of the same source on a box is its caption
    for r in fig.renderers:
        if not isinstance(r, GlyphRenderer) or not r.visible:
            continue
        g, data = r.glyph, r.data_source.data
        n = len(next(iter(data.values()))) if data else 1
        if isinstance(g, Rect):
            for i, (x, y, w, h) in enumerate(zip(*(_col(g, a, data, n) for a in ("x", "y", "width", "height")))):
                (x0, y0), (x1, y1) = sc.px(x - w / 2, y + h / 2), sc.px(x + w / 2, y - h / 2)
                rects.setdefault(id(r.data_source), []).append((x0, y0, x1, y1))
                solids.append(((x0, y0, x1, y1), f"box at ({x:.2f}, {y:.2f})", r.name))
        elif isinstance(g, Scatter) and g.fill_alpha != 0:
            for x, y, s in zip(*(_col(g, a, data, n) for a in ("x", "y", "size"))):
                sx, sy = sc.px(x, y)
                solids.append(((sx - s / 2, sy - s / 2, sx + s / 2, sy + s / 2), f"marker at ({x:.2f}, {y:.2f})", r.name))
        elif isinstance(g, Scatter):  # a ring (the selected issue, the nation to play): its outline counts
            for x, y, s, lw in zip(*(_col(g, a, data, n) for a in ("x", "y", "size", "line_width"))):
                sx, sy, half = *sc.px(x, y), s / 2 + lw / 2
                solids.append(((sx - half, sy - half, sx + half, sy + half), f"ring at ({x:.2f}, {y:.2f})", r.name))
    for r in fig.renderers:
        if not isinstance(r, GlyphRenderer) or not isinstance(r.glyph, Text):
            continue
        g, data = r.glyph, r.data_source.data
        n = len(next(iter(data.values()))) if data else 1
        cols = [_col(g, a, data, n) for a in ("x", "y", "text", "text_font_size", "text_align", "text_baseline",
                                               "x_offset", "y_offset")]
        bold = g.text_font_style == "bold"
        for x, y, t, size, align, base, dx, dy in zip(*cols):
            if t:
                box = _text_box(sc, x, y, t, size, bold, align, base, dx, dy)
                sx, sy = sc.px(x, y)
                own = [b for b in rects.get(id(r.data_source), []) if b[0] <= sx + dx <= b[2] and b[1] <= sy + dy <= b[3]]
                texts.append((box, t, own[0] if own else None, r.data_source.name))
    for lab in fig.center:
        if isinstance(lab, Label) and lab.visible and lab.text:
            box = _text_box(sc, lab.x, lab.y, lab.text, lab.text_font_size, lab.text_font_style == "bold",
                            lab.text_align, lab.text_baseline, lab.x_offset, -lab.y_offset)
            texts.append((box, lab.text, None, None))
    return sc, texts, solids


def _meets(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _inside(a, b) -> bool:
    return a[0] >= b[0] - PAD_PX and a[1] >= b[1] - PAD_PX and a[2] <= b[2] + PAD_PX and a[3] <= b[3] + PAD_PX


def overlaps(board: ChurchillBoard, page_width: int) -> list[str]:
    """Every text that overlaps another, a box or a marker, leaves its own box, or leaves the frame."""
    sc, texts, solids = board_items(board, page_width)
    frame = sc.frame()
    found = []
    for box, t, own, source in texts:
        if not _inside(box, frame):
            found.append(f"{t!r} leaves the board")
        if own is not None and not _inside(box, own):
            found.append(f"{t!r} does not fit its box")
        for sbox, what, renderer in solids:
            # an issue (and its ring) on a table box covers that box's number, as a counter does on the board
            mx, my = (sbox[0] + sbox[2]) / 2, (sbox[1] + sbox[3]) / 2
            on_its_box = (source == "churchill-table" and renderer in ("churchill-issues", "churchill-selected")
                          and own is not None
                          and own[0] <= mx <= own[2] and own[1] <= my <= own[3])
            if sbox != own and not on_its_box and _meets(box, sbox):
                found.append(f"{t!r} overlaps the {what}")
    for (a, ta, *_), (b, tb, *_) in itertools.combinations(texts, 2):
        if _meets(a, b):
            found.append(f"{ta!r} overlaps {tb!r}")
    return found


def _board(lang: str = "en"):
    state, session = SessionState(), ChurchillState()
    state.lang = lang
    return state, session, ChurchillBoard(game_state=session, state=state)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_text_overlaps_on_a_fresh_board(lang, width):
    """Every issue off the table: the longest texts of the board, beside the chairs and the score track."""
    _, _, board = _board(lang)
    assert overlaps(board, width) == []


@pytest.mark.parametrize("lang", ["en", "es"])
def test_no_text_overlaps_with_issues_on_the_table(lang):
    """Issues placed on every track and the centre, Churchill 5.22: the markers take no text with them."""
    _, session, board = _board(lang)
    session.place("ussr-dwoj", "US", 6)
    session.place("leadership-pacific", "USSR", 7)
    session.place("a-bomb", "UK", 1)
    session.place("global", None, 0)
    for width in WIDTHS:
        assert overlaps(board, width) == []


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_selection_ring_keeps_off_every_label(lang, width):
    """The ring round the selected issue (the first one on a fresh board, then one on the table)
    touches neither its own label nor another text."""
    _, session, board = _board(lang)
    assert board._selected_ring.data["x"] and overlaps(board, width) == []
    session.place(session.selected_issue, "US", 6)
    assert not [o for o in overlaps(board, width) if "ring" in o]


def test_the_estimate_sees_an_overlap():
    """Two texts drawn on the same point are found, so a clean board is not the estimate's blind spot."""
    _, _, board = _board()
    first = board._theater_labels["europe"]
    second = board._theater_labels["pacific"]
    second.x, second.y = first.x, first.y
    assert any("overlaps" in o for o in overlaps(board, 1280))


def _board_texts(board: ChurchillBoard) -> list[str]:
    _, texts, _ = board_items(board, 1280)
    return [t for _, t, *_ in texts] + [board.figure.title.text]


def test_every_board_text_follows_the_language():
    """Chair letters, who leads and every title switch in place: the same models, Spanish texts."""
    state, session, board = _board("en")
    models = {id(m) for m in board.figure.center} | {id(r) for r in board.figure.renderers}
    english = _board_texts(board)
    assert {label(f"churchill.option.{n}", "en") for n in NATIONS} <= set(english)
    assert any(t.startswith("leads:") for t in board.lead_source.data["text"])
    state.lang = "es"
    spanish = _board_texts(board)
    assert {id(m) for m in board.figure.center} | {id(r) for r in board.figure.renderers} == models
    assert {"RU", "EE. UU.", "URSS"} <= set(spanish)
    assert not {"UK", "US", "USSR"} & set(spanish)
    assert all(t.startswith("lidera:") for t in board.lead_source.data["text"])
    assert label("churchill.board.title", "es") in spanish and label("churchill.theater.europe", "es") in spanish
    # no text is left in English: none reads as an English label whose Spanish differs
    assert [t for t in spanish if t.replace("\n", " ") in _ENGLISH_ONLY] == []
    state.lang = "en"
    assert sorted(_board_texts(board)) == sorted(english)


_ENGLISH_ONLY = {v["en"] for v in yaml.safe_load(LABELS.read_text(encoding="utf-8")).values()
                 if isinstance(v, dict) and v.get("en") != v.get("es")}
