"""The Churchill board drawn with Bokeh: conference table, score track, fronts, Pol-Mil boxes, A-bomb track.

Geometry comes from :mod:`viewer.rules.churchill.board`; the issues from the session
(:class:`~viewer.state.churchill.conference.ChurchillState`). Clicking a table box puts the chosen issue
there. The Front and A-bomb tracks are the placeholder layout until the user sets his board's.
"""
from __future__ import annotations

from collections import Counter

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, Label, TapTool
from bokeh.plotting import figure

from viewer.calculators.format import exact
from viewer.rules.churchill import board
from viewer.rules.churchill.polmil import probabilities
from viewer.rules.churchill.table import CHAIR, COLOURS, NATIONS
from viewer.state import SessionState
from viewer.state.churchill.conference import ISSUES, ChurchillState
from viewer.views.common.text import label

#: The column of issues off the table, left of the UK track and above the US one.
STORAGE_X, STORAGE_Y, STORAGE_STEP = -10.3, 9.4, 0.68
PAPER = "#f3ead2"
#: Where each chair's name goes: above the UK chair, below the others (outside the table's tracks).
CHAIR_LABEL = {"UK": (0.0, 0.75, "bottom"), "USSR": (0.0, -0.75, "top"), "US": (0.0, -0.75, "top")}
LOCATION_W, LOCATION_H = 1.0, 0.7
SCORE_H = 1.0


def _location_label(x: float, y: float, theater: str) -> tuple[float, float, str, str]:
    """Anchor, alignment and baseline of a Pol-Mil location's name, outside its theater's ring."""
    cx, cy = board.THEATER_CENTRE[theater]
    r = max(((x - cx) ** 2 + (y - cy) ** 2) ** 0.5, 1e-9)
    c, s = (x - cx) / r, (y - cy) / r
    gap = 0.12
    if c > 0.2:
        return x + LOCATION_W / 2 + gap, y, "left", "middle"
    if c < -0.2:
        return x - LOCATION_W / 2 - gap, y, "right", "middle"
    if s > 0:
        return x, y + LOCATION_H / 2 + gap, "center", "bottom"
    return x, y - LOCATION_H / 2 - gap, "center", "top"


def _issue_xy(game_state: ChurchillState) -> dict:
    """Marker positions: stacked slightly when several issues share a box; storage column otherwise.

    Only the issues off the table are named beside their markers; on the table a name would run across
    the tracks, so it is the marker's tooltip."""
    xs, ys, names, colours, ids, texts = [], [], [], [], [], []
    seen: Counter = Counter()
    stored = 0
    for issue in ISSUES:
        pos = game_state.position(issue)
        if pos is None:
            x, y = STORAGE_X, STORAGE_Y - STORAGE_STEP * stored
            stored += 1
            colour = "#777777"
            texts.append(issue)
        else:
            key = (pos.track, pos.box)
            k = seen[key]
            seen[key] += 1
            bx, by = board.box_xy(pos.track, pos.box)
            x, y = bx + 0.28 * (k % 3) - 0.28, by - 0.28 * (k // 3) + 0.2
            colour = "#222222" if pos.centre else COLOURS[pos.track]
            texts.append("")
        xs.append(x)
        ys.append(y)
        ids.append(issue)
        colours.append(colour)
        names.append(issue)
    return {"x": xs, "y": ys, "issue": ids, "colour": colours, "name": names, "text": texts}


#: The selected issue's ring (px across) and where an issue's name starts, clear of that ring's outline.
RING_PX = 20
RING_GAP_PX = RING_PX // 2 + 4


class ChurchillBoard(pn.viewable.Viewer):
    """The board of one session; clicking a conference-table box places the selected issue."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=ChurchillState, doc="The conference table, the fronts and the stepper's place.")

    def __init__(self, **params):
        super().__init__(**params)
        game_state, state = self.game_state, self.state
        self.figure = figure(name="churchill-board", x_range=(-11.3, 28.2), y_range=(-17.5, 11.6),
                             tools="pan,wheel_zoom,reset", toolbar_location="above", height=780,
                             sizing_mode="stretch_width", background_fill_color=PAPER)
        self.figure.axis.visible = False
        self.figure.grid.visible = False
        self._draw_table()
        self._draw_military()
        self._draw_issues()
        game_state.param.watch(self._refresh_issues, ["issues", "selected_issue"])
        game_state.param.watch(self._refresh_turn, ["step", "agenda_winner", "conference_winner", "scores", "leadership"])
        game_state.param.watch(self._redraw_tracks, "settings")
        state.param.watch(self._relabel, "lang")
        self._relabel()
        self.pane = pn.pane.Bokeh(self.figure, sizing_mode="stretch_width", css_classes=["churchill-board"])

    # ------------------------------------------------------------------ drawing
    def _draw_table(self):
        f = self.figure
        f.circle(x=0, y=0, radius=8.4, radius_dimension="min", fill_color="#8a6a43", fill_alpha=0.35, line_color="#5a4326")
        rows = board.table_boxes()
        self.table_source = ColumnDataSource({
            "x": [r["x"] for r in rows], "y": [r["y"] for r in rows], "track": [r["track"] for r in rows],
            "box": [r["box"] for r in rows], "kind": [r["kind"] for r in rows],
            "colour": ["#f6f1e3" if r["kind"] == "centre" else COLOURS[r["track"]] for r in rows],
            "alpha": [1.0 if r["kind"] == "centre" else (0.9 if r["kind"] == "chair" else 0.25) for r in rows],
            "size": [1.3 if r["kind"] != "track" else 0.85 for r in rows],
            "text": ["0" if r["kind"] == "centre" else ("" if r["kind"] == "chair" else str(r["box"])) for r in rows],
            "line": [2 for _ in rows], "name": ["" for _ in rows]}, name="churchill-table")
        rend = f.rect(x="x", y="y", width="size", height="size", source=self.table_source, fill_color="colour",
                      fill_alpha="alpha", line_color="#3b2f1c", line_width="line", name="churchill-table")
        rend.nonselection_glyph = None
        rend.selection_glyph = None
        f.text(x="x", y="y", text="text", source=self.table_source, text_align="center", text_baseline="middle",
               text_font_size="9pt")
        self._chair_labels = {}
        for n in NATIONS:
            x, y = board.box_xy(n, CHAIR)
            dx, dy, baseline = CHAIR_LABEL[n]
            self._chair_labels[n] = Label(x=x + dx, y=y + dy, text="", text_align="center", text_baseline=baseline,
                                          text_font_style="bold", text_font_size="9pt", text_color=COLOURS[n])
            f.add_layout(self._chair_labels[n])
        self.table_source.selected.on_change("indices", self._on_tap)
        f.add_tools(TapTool(renderers=[rend]), HoverTool(renderers=[rend], tooltips=[("", "@name")]))
        score = board.score_boxes_xy()
        self.score_source = ColumnDataSource({"x": [s["x"] for s in score], "y": [s["y"] for s in score],
                                              "ytop": [s["y"] + SCORE_H / 2 - 0.06 for s in score],
                                              "text": [str(s["box"]) for s in score]})
        f.rect(x="x", y="y", width=0.9, height=SCORE_H, source=self.score_source, fill_color="#fffaf0", line_color="#555")
        # the box's number at its top, the nations' marks below it
        f.text(x="x", y="ytop", text="text", source=self.score_source, text_align="center", text_baseline="top",
               text_font_size="7pt", text_color="#999")
        self.score_marks = ColumnDataSource({"x": [], "y": [], "colour": []})
        f.scatter(x="x", y="y", source=self.score_marks, size=9, fill_color="colour", line_color="white", marker="circle")
        self._score_titles = [Label(x=-5.1, y=y, text=t, text_align="right", text_baseline="middle", text_font_size="8pt")
                              for t, y in board.SCORE_ROW_Y.items()]
        for lab in self._score_titles:
            f.add_layout(lab)
        self._storage_title = Label(x=STORAGE_X - 0.3, y=STORAGE_Y + 0.6, text="", text_align="left",
                                    text_baseline="bottom", text_font_size="9pt")
        f.add_layout(self._storage_title)  # above the first issue and its selection ring

    def _draw_military(self):
        f = self.figure
        s = self.game_state.settings
        for cx, cy in board.THEATER_CENTRE.values():
            f.circle(x=cx, y=cy, radius=board.THEATER_RADIUS, radius_dimension="min", fill_color="#dfe8ee", fill_alpha=0.6, line_color="#889")
            f.scatter(x=[cx], y=[cy], size=26, marker="square", fill_color="#333", line_color="#000")
        fronts = board.front_boxes(s)
        self.front_source = ColumnDataSource({k: [r[k] for r in fronts] for k in ("x", "y", "front", "owner", "box")}
                                             | {"colour": [COLOURS[r["owner"]] for r in fronts], "name": ["" for _ in fronts]})
        fr = f.rect(x="x", y="y", width=0.55, height=0.55, source=self.front_source, fill_color="colour",
                    fill_alpha=0.45, line_color="colour", name="churchill-fronts")
        locs = board.location_boxes()
        p = probabilities()
        anchors = [_location_label(r["x"], r["y"], r["theater"]) for r in locs]
        self.location_source = ColumnDataSource({
            "x": [r["x"] for r in locs], "y": [r["y"] for r in locs], "location": [r["location"] for r in locs],
            "lx": [a[0] for a in anchors], "ly": [a[1] for a in anchors], "align": [a[2] for a in anchors],
            "baseline": [a[3] for a in anchors],
            "p": [float(p[r["location"]]) for r in locs], "pct": [f"2d6: {exact(p[r['location']])}" for r in locs],
            "heat": [0.25 + 9 * float(p[r["location"]]) for r in locs],
            "line": ["#b8860b" if r["colony"] else "#444" for r in locs], "name": ["" for _ in locs]})
        lr = f.rect(x="x", y="y", width=LOCATION_W, height=LOCATION_H, source=self.location_source, fill_color="#c0392b",
                    fill_alpha="heat", line_color="line", line_width=2, name="churchill-locations")
        f.text(x="lx", y="ly", text="name", source=self.location_source, text_align="align", text_baseline="baseline",
               text_font_size="7pt")
        ab = board.abomb_boxes(s)
        self.abomb_source = ColumnDataSource({"x": [r["x"] for r in ab], "y": [r["y"] for r in ab],
                                              "colour": ["#f1c40f" if r["trinity"] else "#fffaf0" for r in ab]})
        f.rect(x="x", y="y", width=1.0, height=0.8, source=self.abomb_source, fill_color="colour", line_color="#555")
        lead = board.leadership_circles()
        self.lead_source = ColumnDataSource({"x": [r["x"] for r in lead], "y": [r["y"] for r in lead],
                                             "theater": [r["theater"] for r in lead], "text": ["", ""],
                                             "colour": ["#fffaf0", "#fffaf0"]})
        # a box wide enough for "lidera: EE. UU." on one line
        f.rect(x="x", y="y", width=4.6, height=1.0, source=self.lead_source, fill_color="colour", fill_alpha=0.5, line_color="#555")
        f.text(x="x", y="y", text="text", source=self.lead_source, text_align="center", text_baseline="middle",
               text_font_size="8pt", text_font_style="bold")
        self._theater_labels = {th: Label(x=cx - 2.5, y=cy + 6.35, text="", text_align="center", text_baseline="bottom",
                                          text_font_style="bold", text_font_size="12pt")
                                for th, (cx, cy) in board.THEATER_CENTRE.items()}
        self._placeholder = Label(x=-10.8, y=-16.5, text="", text_baseline="top", text_color="#a00", text_font_size="8pt")
        self._abomb_title = Label(x=-5.2, y=ab[0]["y"] if ab else -9.4, text="", text_align="right",
                                  text_baseline="middle", text_font_size="8pt")
        for lab in (*self._theater_labels.values(), self._placeholder, self._abomb_title):
            f.add_layout(lab)
        f.add_tools(HoverTool(renderers=[lr], tooltips=[("", "@name"), ("", "@pct")]),
                    HoverTool(renderers=[fr], tooltips=[("", "@name")]))

    def _redraw_tracks(self, *_):
        """Front and A-bomb tracks after the user set his board's box counts."""
        s = self.game_state.settings
        fronts = board.front_boxes(s)
        self.front_source.data = {k: [r[k] for r in fronts] for k in ("x", "y", "front", "owner", "box")} | {
            "colour": [COLOURS[r["owner"]] for r in fronts], "name": ["" for _ in fronts]}
        ab = board.abomb_boxes(s)
        self.abomb_source.data = {"x": [r["x"] for r in ab], "y": [r["y"] for r in ab],
                                  "colour": ["#f1c40f" if r["trinity"] else "#fffaf0" for r in ab]}
        self._relabel()

    def _draw_issues(self):
        self.issue_source = ColumnDataSource(_issue_xy(self.game_state), name="churchill-issues")
        markers = self.figure.scatter(x="x", y="y", source=self.issue_source, size=13, marker="hex", fill_color="colour",
                                      line_color="white", line_width=1.5, name="churchill-issues")
        self.figure.add_tools(HoverTool(renderers=[markers], tooltips=[("", "@name")]))
        self.figure.text(x="x", y="y", text="text", source=self.issue_source, x_offset=RING_GAP_PX, text_baseline="middle",
                         text_font_size="7pt")
        self._selected_ring = ColumnDataSource({"x": [], "y": []})
        self.figure.scatter(x="x", y="y", source=self._selected_ring, size=RING_PX, marker="circle", fill_alpha=0,
                            line_color="#f39c12", line_width=3, name="churchill-selected")
        self.turn_ring = ColumnDataSource({"x": [], "y": []})
        self.figure.scatter(x="x", y="y", source=self.turn_ring, size=44, marker="circle", fill_alpha=0,
                            line_color="#f39c12", line_width=4, line_dash="dashed")

    # ------------------------------------------------------------------ behaviour
    def _on_tap(self, attr, old, new):
        if not new:
            return
        i = new[0]
        track, box = self.table_source.data["track"][i], self.table_source.data["box"][i]
        self.game_state.place(self.game_state.selected_issue, None if track == "centre" else track, box)
        self.table_source.selected.indices = []

    def tap_box(self, track: str | None, box: int) -> None:
        """What a click on a table box does (also used by notebooks and tests)."""
        rows = list(zip(self.table_source.data["track"], self.table_source.data["box"]))
        self._on_tap("indices", [], [rows.index(("centre" if track is None else track, 0 if track is None else box))])

    def _refresh_issues(self, *_):
        data = _issue_xy(self.game_state)
        data["name"] = [label(f"churchill.issue.{i}", self.state.lang) for i in data["issue"]]
        data["text"] = [n if t else "" for n, t in zip(data["name"], data["text"])]
        self.issue_source.data = data
        k = data["issue"].index(self.game_state.selected_issue)
        self._selected_ring.data = {"x": [data["x"][k]], "y": [data["y"][k]]}

    def _refresh_turn(self, *_):
        from viewer.rules.churchill.stepper import conference_steps

        steps = conference_steps(self.game_state.agenda_winner, self.game_state.conference_winner)
        actor = steps[min(self.game_state.step, len(steps) - 1)].actor
        if actor is None:
            self.turn_ring.data = {"x": [], "y": []}
        else:
            x, y = board.box_xy(actor, CHAIR)
            self.turn_ring.data = {"x": [x], "y": [y]}
        marks = {"x": [], "y": [], "colour": []}
        for j, n in enumerate(NATIONS):
            tens, ones = divmod(max(0, int(self.game_state.scores.get(n, 0))), 10)
            for row, v in (("x10", min(tens, 9)), ("x1", ones)):
                marks["x"].append(-4.5 + v + 0.22 * (j - 1))
                marks["y"].append(board.SCORE_ROW_Y[row] - 0.27)
                marks["colour"].append(COLOURS[n])
        self.score_marks.data = marks
        lead = self.game_state.leadership
        self.lead_source.data = {**self.lead_source.data,
                                 "text": [label("churchill.board.leads", self.state.lang, nation=label(f"churchill.option.{lead[t]}", self.state.lang))
                                          for t in self.lead_source.data["theater"]],
                                 "colour": [COLOURS[lead[t]] for t in self.lead_source.data["theater"]]}

    def _relabel(self, *_):
        lang = self.state.lang
        self.figure.title.text = label("churchill.board.title", lang)
        self.table_source.data = {**self.table_source.data, "name": [
            label("churchill.board.centre", lang) if t == "centre" else
            label("churchill.board.chair", lang, nation=label(f"churchill.option.{t}", lang)) if b == CHAIR else
            label("churchill.board.box", lang, nation=label(f"churchill.option.{t}", lang), box=b)
            for t, b in zip(self.table_source.data["track"], self.table_source.data["box"])]}
        self.location_source.data = {**self.location_source.data, "name": [
            label(f"churchill.location.{loc}", lang) for loc in self.location_source.data["location"]]}
        self.front_source.data = {**self.front_source.data, "name": [
            label(f"churchill.front.{fr}", lang) + f" {b}" for fr, b in
            zip(self.front_source.data["front"], self.front_source.data["box"])]}
        for th, lab in self._theater_labels.items():
            lab.text = label(f"churchill.theater.{th}", lang)
        for n, lab in self._chair_labels.items():
            lab.text = label(f"churchill.option.{n}", lang)
        self._placeholder.text = label("churchill.board.placeholder", lang) if self.game_state.settings.placeholder else ""
        self._abomb_title.text = label("churchill.board.abomb", lang)
        # two lines: one would run into the score track beside it
        self._storage_title.text = label("churchill.board.storage", lang).replace(" ", "\n", 1)
        self._refresh_issues()
        self._refresh_turn()

    def __panel__(self):
        return self.pane
