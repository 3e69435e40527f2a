"""One hover box for the hex under the mouse: its label, its terrain, and one line per visible
layer that says something about it (country, climate zone, sea area, weather, ZOC, places, units).

Each layer used to bring its own hover tool, so a hex under four layers showed four boxes stacked
on each other and cut at the board's edge. Here one :class:`~bokeh.models.HoverTool` on the base
hexes runs one small JavaScript formatter (:data:`_HOVER_JS`) that looks the hovered hex up in
each registered layer's source, by its ``q``/``r`` in the view's plane (and its sheet), and only
in layers whose renderer is visible. Nothing is sent per hex: a layer's source is the one it
draws from, its names (a coded layer's palette tags, or a list given here) and the line titles
are a few strings, renamed with the language (docs/architecture.md "Rendering").

Two kinds of source are looked up: per-sheet hex sources (``q``, ``r`` and ``code`` or
``label``: the overlays of :mod:`viewer.views.map.overlays`), and point sources with a ``sheet``
column (the sheet's index in the map) beside ``q`` and ``r`` (place names, unit counters), where
several rows may share one hex.
"""
from __future__ import annotations

import json

import numpy as np
from bokeh.models import ColumnDataSource, CustomJSHover, HoverTool

#: The box: one line per entry, long lines wrapped (never cut by the board's edge at 300 px).
TOOLTIP = ('<div class="hex-hover" style="white-space: pre-line; max-width: 300px; '
           'font-size: 12px; line-height: 1.35">@label{custom}</div>')

_HOVER_JS = """
const s = sheets.indexOf(special_vars.name);
if (s < 0) return value;
const base = bases[s];
const i = special_vars.index;
const q = base.data.q[i], r = base.data.r[i];
if (texts._parsed_from !== texts.tags[0]) {   // the words, parsed again when they change
  texts._parsed = JSON.parse(texts.tags[0]); texts._parsed_from = texts.tags[0];
}
const T = texts._parsed;
const lines = [T.hex + ': ' + (widths[s] ? String(value).padStart(widths[s], '0') : value)];
const t = T.terrain[base.data.t[i]];
if (t) lines.push(T.terrain_title + ': ' + t);
function rows(ds, sheet) {
  const data = ds.data, Q = data.q;
  if (Q === undefined) return [];
  if (ds._hexq !== Q || ds._hexn !== Q.length) {   // (re)build the index when the data change
    const m = new Map(), R = data.r, S = data.sheet;
    for (let j = 0; j < Q.length; j++) {
      const k = (S === undefined ? '' : S[j]) + ',' + Q[j] + ',' + R[j];
      const got = m.get(k);
      if (got === undefined) m.set(k, [j]); else got.push(j);
    }
    ds._hexidx = m; ds._hexq = Q; ds._hexn = Q.length;
  }
  return ds._hexidx.get((data.sheet === undefined ? '' : sheet) + ',' + q + ',' + r) || [];
}
function sides(data, e, names) {   // segments whose middle is on this hex's edge (hexsides, rails), or ends in it

  const size = sizes[s], pointy = orients[s] === 'pointytop', k = Math.sqrt(3);
  const cx = pointy ? size * k * (q + r / 2) : size * 1.5 * q;
  const cy = pointy ? -size * 1.5 * r : -size * k * (r + q / 2);
  const out = [], X0 = data.x0, Y0 = data.y0, X1 = data.x1, Y1 = data.y1, N = data[e.name_field], F = data[e.field];
  const sub = T.sub_names[e.name];
  const near = (x, y, d) => (x - cx) * (x - cx) + (y - cy) * (y - cy) < d * d;
  for (let j = 0; j < X0.length; j++) {
    const hit = e.kind === 'ends' ? near(X0[j], Y0[j], size / 4) || near(X1[j], Y1[j], size / 4)
                                  : near((X0[j] + X1[j]) / 2, (Y0[j] + Y1[j]) / 2, size);
    if (!hit) continue;
    const what = names && names.length ? names[F[j]] : F[j];
    const own = N ? (sub && sub.length ? sub[N[j]] : N[j]) : '';
    out.push(own ? what + ' (' + own + ')' : what);
  }
  return out;
}
for (const e of entries) {
  const rend = e.renderers.length > 1 ? e.renderers[s] : e.renderers[0];
  if (!rend || !rend.visible || (e.shown && !e.shown.visible)) continue;
  const data = rend.data_source.data;
  const names = e.mapper ? e.mapper.tags : T.names[e.name];
  const found = e.kind !== 'rows' ? sides(data, e, names)
    : rows(rend.data_source, s).map(j => names && names.length ? names[data[e.field][j]] : data[e.field][j]);
  const values = [];
  for (const v of found) {
    if (v !== undefined && v !== null && v !== '' && !values.includes(String(v))) values.push(String(v));
  }
  if (!values.length) continue;
  const text = values.join(e.join);
  const title = T.titles[e.name];
  lines.push(title ? title + ': ' + text : text);
}
return lines.join('\\n');
"""


def label_column(labels) -> tuple[np.ndarray, int]:
    """A sheet's hex labels as the browser receives them: labels of digits only, all of one
    width (WiF's ``0412``), as integers and that width, the box printing them with their zeros
    (a binary column instead of a list of strings); any other labels as they are, and 0."""
    labels = np.asarray(labels, dtype=str)
    widths = np.char.str_len(labels) if len(labels) else np.zeros(0, dtype=int)
    if not len(labels) or not np.char.isdigit(labels).all() or widths.min() != widths.max() or widths[0] > 9:
        return labels, 0
    numbers = labels.astype(np.int64)
    return numbers.astype(np.int16 if numbers.max() <= np.iinfo(np.int16).max else np.int32), int(widths[0])


class HexHover:
    """The view's one hover box over the base hexes (renderer ``base-<sheet>`` of each sheet)."""

    def __init__(self, figure, renderers, sheets, sources: list, widths: list[int] | None = None):
        """``widths``: per sheet, the digits of its hex numbers when its base source holds them
        as integers (:func:`label_column`), 0 when it holds the labels as text."""
        self._entries: dict[str, dict] = {}
        self._words: dict = {"hex": "", "terrain_title": "", "terrain": []}
        sheets = list(sheets)
        # the words live in a model of their own: renaming them (a language switch) changes one
        # string, not the formatter's arguments, whose change makes Bokeh walk the model graph;
        # a property change, not a column, so that the several renames of one held change
        # (each layer's) go out as one string
        self.texts = ColumnDataSource({}, tags=[self._words_json()], name="hex-hover-words")
        self.formatter = CustomJSHover(code=_HOVER_JS, args={
            "sheets": [f"base-{s.name}" for s in sheets], "bases": list(sources), "texts": self.texts,
            "sizes": [float(s.size) for s in sheets], "orients": [s.orientation for s in sheets],
            "widths": list(widths or [0] * len(sheets)),
            "entries": []})
        self.tool = HoverTool(renderers=list(renderers), tooltips=TOOLTIP, formatters={"@label": self.formatter},
                              name="hex-hover")
        figure.add_tools(self.tool)

    def add(self, name: str, renderers, field: str = "label", title: str = "", mapper=None,
            names: list[str] | None = None, shown=None, join: str = ", ", rank: int = 2,
            sides: bool = False, name_field: str = "", ends: bool = False,
            sub_names: list[str] | None = None) -> None:
        """Say, for a hovered hex, what layer ``name`` holds there: the ``field`` of its rows (a
        code's name from ``mapper.tags`` or ``names``), after ``title``, when the layer is drawn.

        ``renderers``: one per sheet (a per-sheet hex source each) or one renderer whose source
        has a ``sheet`` column. ``shown``: another renderer whose visibility also gates the line
        (a text layer sharing the dots' source). ``join``: between several rows of one hex.
        ``rank``: lines of lower rank come first (0 the map's regions, 1 the weather, 2 the
        game's overlays, 3 the units). ``sides``: a segment source (``x0 … y1``, one renderer):
        the rows whose middle lies on the hex's edge, a hexside feature or a railway, with their
        ``name_field`` (a river's name) in brackets, a code named by ``sub_names`` when given.
        ``ends``: a segment source whose rows start or end in the hex (the joins and links between
        sheets).
        """
        entry = {"name": name, "renderers": list(renderers), "field": field, "title": title,
                 "names": list(names or []), "sub_names": list(sub_names or []), "join": join, "rank": rank,
                 "kind": "ends" if ends else "sides" if sides else "rows", "name_field": name_field}
        if mapper is not None:
            entry["mapper"] = mapper
        if shown is not None:
            entry["shown"] = shown
        self._entries[name] = entry
        self._send()
        self._send_words()

    def update(self, name: str, title: str | None = None, names: list[str] | None = None) -> None:
        """Rename layer ``name``'s line (``title``) or its codes (``names``): a few strings."""
        entry = self._entries[name]
        if title is not None:
            entry["title"] = title
        if names is not None:
            entry["names"] = list(names)
        self._send_words()

    def rename(self, names: dict[str, list[str]], sub_names: dict[str, list[str]] | None = None) -> None:
        """Rename several layers' codes at once (one message of a few strings): ``names`` of the
        ``field`` codes, ``sub_names`` of the ``name_field`` codes. The layers' sources and colour
        mappers are left alone, so the board is not repainted."""
        for name, words in names.items():
            self._entries[name]["names"] = list(words)
        for name, words in (sub_names or {}).items():
            self._entries[name]["sub_names"] = list(words)
        self._send_words()

    def retitle(self, titles: dict[str, str]) -> None:
        """Rename several layers' lines at once (one message), e.g. on a language switch."""
        for name, title in titles.items():
            self._entries[name]["title"] = title
        self._send_words()

    def relabel(self, hex_title: str, terrain_title: str, terrain_names: list[str]) -> None:
        """The first two lines' titles and the terrain names, in the page's language."""
        self._words.update(hex=hex_title, terrain_title=terrain_title, terrain=list(terrain_names))
        self._send_words()

    def entries(self) -> dict[str, dict]:
        """The layers the box reports, by name (title, field, names)."""
        return self._entries

    def _send(self) -> None:
        """The layers' sources and renderers (model references: sent when a layer is added)."""
        entries = sorted(self._entries.values(), key=lambda e: e["rank"])  # stable: added order within a rank
        self.formatter.args = dict(self.formatter.args, entries=[
            {k: v for k, v in e.items() if k not in ("title", "names", "sub_names")} for e in entries])

    def words(self) -> dict:
        """What the box's words are now, as the browser reads them (``hex``, ``terrain_title``,
        ``terrain``, and ``titles`` and ``names`` by layer)."""
        return json.loads(self.texts.tags[0])

    def _words_json(self) -> str:
        return json.dumps({**self._words,
                           "titles": {n: e["title"] for n, e in self._entries.items()},
                           "names": {n: e["names"] for n, e in self._entries.items()},
                           "sub_names": {n: e["sub_names"] for n, e in self._entries.items()}})

    def _send_words(self) -> None:
        """The line titles, code names and terrain names: one string."""
        text = self._words_json()
        if self.texts.tags[0] != text:
            self.texts.tags = [text]
