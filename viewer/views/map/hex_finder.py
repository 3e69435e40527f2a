"""Finding a hex on a map view: its printed number shown once the view is zoomed in far enough to
read it, and "go to hex" by number or by place name (docs/NOTES.md, "Hex numbers and go to hex").

Hex numbers are sent only for the hexes in view, and only when few enough are in view to read:
the page's first document carries none, and at full view none are drawn (they would cover the map).
"""
from __future__ import annotations

from typing import Any

import numpy as np
import panel as pn
import param
from bokeh.events import RangesUpdate
from bokeh.models import BoxAnnotation, ColumnDataSource, CustomJS

from viewer import hexgrid
from viewer.views.common.text import label, markdown, plain

#: The map view these parts serve (a :class:`viewer.views.map.mapview.MapView`, which builds them:
#: not imported here, so that the two modules do not import each other).
MapView = Any

#: The most hex numbers drawn at once; zoomed out further, none are drawn.
MAX_NUMBERS = 600

#: Hexes across the view after "go to hex" (the hex in the middle, its neighbourhood around it).
GO_TO_SPAN = 14


class HexNumbers:
    """The printed numbers of the hexes in view, drawn under each hex's top edge when at most
    :data:`MAX_NUMBERS` hexes are in view."""

    def __init__(self, view: MapView, limit: int = MAX_NUMBERS):
        self.view, self.limit = view, limit
        h = view.hexmap.hexes
        xs, ys = np.empty(len(h)), np.empty(len(h))
        sheet_of = h["sheet"].to_numpy()
        q, r = h["q"].to_numpy(), h["r"].to_numpy()
        self.size = 1.0
        for name, sheet in view.hexmap.sheets.items():
            rows = sheet_of == name
            dq, dr = view.shifts[name]
            xs[rows], ys[rows] = hexgrid.hex_to_pixel(q[rows] + dq, r[rows] + dr, sheet.size, sheet.orientation)
            self.size = float(sheet.size)
        self.x, self.y = xs, ys
        self.text = h["label"].astype(str).to_numpy()
        self._rows = np.array([], dtype=int)
        self.source = ColumnDataSource({"x": np.array([]), "y": np.array([]), "text": np.array([], dtype=object)},
                                       name="map-hex-numbers")
        self.renderer = view.figure.text(
            x="x", y="y", text="text", source=self.source, text_font_size="7pt", text_align="center",
            text_baseline="top", text_color="#333333", text_alpha=0.85, y_offset=-1, name="map-hex-number-text")
        view.figure.on_event(RangesUpdate, self._on_ranges)

    def in_view(self, x0: float, x1: float, y0: float, y1: float) -> np.ndarray:
        """Rows of the hexes whose centre lies in the box."""
        return np.flatnonzero((self.x >= x0) & (self.x <= x1) & (self.y >= y0) & (self.y <= y1))

    def show(self, x0: float, x1: float, y0: float, y1: float, limit: int | None = None) -> int:
        """Draw the numbers of the hexes in the box (none when more than ``limit``, by default
        the view's limit); returns how many are drawn."""
        rows = self.in_view(x0, x1, y0, y1)
        if len(rows) > (self.limit if limit is None else limit):
            rows = rows[:0]
        if np.array_equal(rows, self._rows):  # nothing to send (a view event repeats the same box)
            return len(rows)
        self._rows = rows
        top = self.size * 0.8  # just under the hex's top edge, clear of the place dots at the centre
        self.source.data = {"x": self.x[rows], "y": self.y[rows] + top, "text": self.text[rows]}
        return len(rows)

    def _on_ranges(self, event) -> None:
        if None in (event.x0, event.x1, event.y0, event.y1):
            return
        self.show(event.x0, event.x1, event.y0, event.y1)


#: Fits the box the server put in the hidden annotation ``box`` into the plot's frame, widened to
#: the frame's aspect so that hexes keep their shape, and marks the ranges as set by the user: a
#: DataRange1d otherwise works its bounds out again at the next change of data (BokehJS
#: ``DataRange1d.update``), and the view would jump back.
_FIT_JS = """
const view = Bokeh.index.find_one_by_id(plot.id);
if (!view) return;
const w = view.frame.bbox.width, h = view.frame.bbox.height;
const cx = (box.left + box.right) / 2, cy = (box.bottom + box.top) / 2;
let hx = (box.right - box.left) / 2, hy = (box.top - box.bottom) / 2;
if (!(hx > 0 && hy > 0 && w > 0 && h > 0)) return;
if (hx / hy > w / h) { hy = hx * h / w; } else { hx = hy * w / h; }
for (const [range, start, end] of [[plot.x_range, cx - hx, cx + hx], [plot.y_range, cy - hy, cy + hy]]) {
  range.have_updated_interactively = true;
  range.setv({start, end});
}
"""


class ViewBox:
    """Moves a view onto a box of the map, the whole box in view and hexes kept in shape (only
    the browser knows the frame's size, so the fit runs there)."""

    def __init__(self, figure):
        # an annotation never drawn: the page's document carries it, and its change moves the view
        self.box = BoxAnnotation(visible=False, name="map-view-box", left=0, right=0, top=0, bottom=0)
        figure.add_layout(self.box)
        self.box.js_on_change("right", CustomJS(args={"plot": figure, "box": self.box}, code=_FIT_JS))

    def fit(self, x0: float, x1: float, y0: float, y1: float) -> None:
        """Show the box ``x0..x1 x y0..y1`` (``right`` last: its change runs the fit, so it is
        nudged when the same box is asked for again)."""
        self.box.update(left=x0, bottom=y0, top=y1)
        self.box.right = x1 if x1 != self.box.right else x1 + abs(x1 - x0) * 1e-9


class GoToHex(pn.viewable.Viewer):
    """A box to type a hex number (``3821``) or a place's name in either language (``Warsaw``,
    ``Varsovia``): the hex is selected and the view centred on it, or a message names what was
    not found and what the box takes."""

    query = param.String(default="", doc="What was typed: a hex number or a place name.")

    def __init__(self, view: MapView, numbers: HexNumbers | None = None, **params):
        super().__init__(**params)
        self.view, self.numbers = view, numbers
        self._places = self._place_index()
        self.box = ViewBox(view.figure)
        self.input = pn.widgets.TextInput(css_classes=["map-go-to"], sizing_mode="stretch_width")
        self.message = markdown("", css_classes=["map-go-to-message"], visible=False)
        self.input.param.watch(lambda e: setattr(self, "query", e.new), "value")
        self.param.watch(self._on_query, "query")
        view.state.param.watch(self._relabel, "lang")
        self._relabel()
        self._layout = pn.Column(self.input, self.message, sizing_mode="stretch_width", margin=0)

    def _place_index(self) -> dict[str, tuple]:
        """Place name (either language, lower case) -> its hex key."""
        out: dict[str, tuple] = {}
        f = self.view.hexmap.features
        for row in f.drop_duplicates("name").to_dict("records") if len(f) else []:
            key = (row["sheet"], int(row["q"]), int(row["r"]))
            for name in (row.get("name"), row.get("name_es")):
                if isinstance(name, str) and name.strip():
                    out.setdefault(name.strip().casefold(), key)
        return out

    def find(self, text: str) -> tuple:
        """The key of the hex ``text`` names: a hex number, else a place name; KeyError naming
        what was not found."""
        text = text.strip()
        hexes = self.view.hexmap.hexes
        matches = np.flatnonzero((hexes["label"].astype(str) == text).to_numpy())
        if len(matches):
            row = int(matches[0])
            return (str(hexes["sheet"].iat[row]), int(hexes["q"].iat[row]), int(hexes["r"].iat[row]))
        key = self._places.get(text.casefold())
        if key is None:
            raise KeyError(text)
        return key

    def go_to(self, text: str) -> tuple | None:
        """Select the hex ``text`` names and centre the view on it; returns its key (None, and a
        message, when nothing has that number or name)."""
        lang = self.view.state.lang
        if not text.strip():
            self.message.visible = False
            return None
        try:
            key = self.find(text)
        except KeyError:
            self.message.object = label("ui.map.go_to_unknown", lang, text=plain(text.strip()),
                                        example=self._examples(lang)[0])
            self.message.visible = True
            return None
        self.message.visible = False
        x, y = self.view.overlays.centre(key)
        half = GO_TO_SPAN * self._hex_width() / 2
        with pn.io.hold():
            self.box.fit(x - half, x + half, y - half, y + half)
            if self.numbers is not None:  # the frame is wider than tall: numbers for twice the width
                self.numbers.show(x - 2 * half, x + 2 * half, y - half, y + half, limit=4 * self.numbers.limit)
            self.view.select(key)
        return key

    def _examples(self, lang: str) -> tuple[str, str]:
        """A hex number and a place name of this map, for the box's hint."""
        hexes = self.view.hexmap.hexes
        number = str(hexes["label"].iat[len(hexes) // 2])
        f = self.view.hexmap.features
        if not len(f):
            return number, ""
        row = f.iloc[0]
        name = row.get("name_es") if lang == "es" else None
        return number, str(name if isinstance(name, str) and name.strip() else row["name"])

    def _hex_width(self) -> float:
        sheet = next(iter(self.view.hexmap.sheets.values()))
        return float(sheet.size) * (3 ** 0.5)

    def _on_query(self, *_):
        self.go_to(self.query)

    def _relabel(self, *_):
        lang = self.view.state.lang
        self.input.name = label("ui.map.go_to", lang)
        number, place = self._examples(lang)
        self.input.placeholder = label("ui.map.go_to_hint" if place else "ui.map.go_to_hint_number", lang,
                                       number=number, place=place)
        if self.message.visible:
            self.go_to(self.query)

    def __panel__(self):
        return self._layout
