"""The StarCraft TMG table view: terrain, mission markers with their 3" contest zones, models on
round bases that the player drags (Bokeh's PointDrawTool), and the selected model's engagement,
move and range zones; beside it, who controls each marker and which units are engaged.

The view draws what :class:`viewer.state.starcraft.table.StarcraftState` derives (SC 8.5.3, 8.7.3,
8.9.1); dragging a model updates the state from the models source's change event.
"""
from __future__ import annotations

import math

import panel as pn
import param
from bokeh.models import ColumnDataSource, HoverTool, PointDrawTool
from bokeh.plotting import figure

from viewer.rules.starcraft import geometry as G
from viewer.state import SessionState
from viewer.state.starcraft.table import StarcraftState, terrain_patches
from viewer.views.common.swatch_key import key_html, key_pane, swatch
from viewer.views.common.text import label, markdown
from viewer.views.starcraft.names import model_name, unit_name

OWNER_COLORS = {"A": "#c0392b", "B": "#2e64c8", None: "#7f7f7f"}
TERRAIN_COLORS = {"impassable": "#6d6d6d", "standable": "#a58a5c", "ramp": "#c9b27c", "grass": "#7fbf6a", "open": "#d9d2c3"}
MOVE_COLOR, RANGE_COLOR = "#2ca25f", "#e6550d"
AFFINITY_KEYS = {1: "red", 2: "blue", 3: "red", 4: "blue", 5: "neutral"}


class StarcraftTableView(pn.viewable.Viewer):
    """The table figure (named ``sctable``) and its status panel."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=StarcraftState, doc="The table drawn: terrain, models, selection.")

    def __init__(self, **params):
        params.setdefault("game_state", StarcraftState())
        super().__init__(**params)
        state = self.state
        t = self.game_state.table
        fig = figure(name="sctable", x_range=(0, t.width), y_range=(0, t.height), width=620, height=620,
                     match_aspect=True, tools="", toolbar_location="above")
        fig.grid.grid_line_alpha = 0.15
        self.terrain = ColumnDataSource(terrain_patches(t))
        self.terrain.data["color"] = [TERRAIN_COLORS[k] for k in self.terrain.data["kind"]]
        fig.patches("xs", "ys", source=self.terrain, fill_color="color", line_color="#444444", fill_alpha=0.8)
        self.contest = ColumnDataSource({"x": [], "y": [], "r": [], "color": [], "label": []})
        fig.circle("x", "y", radius="r", source=self.contest, fill_color="color", fill_alpha=0.12,
                   line_color="color", line_dash="dashed")
        fig.scatter("x", "y", source=self.contest, marker="square", size=14, fill_color="color", line_color="black")
        fig.text("x", "y", text="label", source=self.contest, text_align="center", text_baseline="middle",
                 text_color="white", text_font_size="9pt")
        self.zone_sources = {k: ColumnDataSource({"xs": [], "ys": []}) for k in ("move", "range", "engagement")}
        fig.patches("xs", "ys", source=self.zone_sources["move"], fill_color=MOVE_COLOR, fill_alpha=0.15, line_alpha=0.4)
        fig.patches("xs", "ys", source=self.zone_sources["range"], fill_alpha=0, line_color=RANGE_COLOR, line_width=2)
        fig.patches("xs", "ys", source=self.zone_sources["engagement"], fill_alpha=0, line_color="black", line_dash="dotted")
        self.models = ColumnDataSource(self._model_data(), name="sc-models")
        rend = fig.circle("x", "y", radius="r", source=self.models, fill_color="color", line_color="black",
                          nonselection_fill_alpha=0.8, selection_line_width=3)
        self.draw = PointDrawTool(renderers=[rend], add=False, drag=True)
        fig.add_tools(self.draw, HoverTool(renderers=[rend], tooltips="@name"))
        # each model's number on its base (it follows a drag at once), and its name beside the
        # base where there is room for it; both moved and renamed in place (refresh)
        fig.text("x", "y", text="number", source=self.models, text_align="center", text_baseline="middle",
                 text_font_size="7pt", text_font_style="bold", text_color="white", nonselection_text_alpha=1.0)
        self.names = ColumnDataSource({"x": [], "y": [], "name": [], "align": [], "baseline": []},
                                      name="sc-model-names")
        fig.text("x", "y", text="name", source=self.names, text_align="align", text_baseline="baseline",
                 text_font_size=f"{NAME_PT}pt", text_color="#111111")
        fig.toolbar.active_tap = self.draw
        fig.toolbar.active_drag = self.draw
        self.figure = fig
        self.models.on_change("data", self._on_models)
        self.models.selected.on_change("indices", self._on_pick)
        self.status = markdown("", css_classes=["sc-status"], width=360)
        self.key = key_pane("sc-key", width=620)
        self.game_state.param.watch(self.refresh, ["table", "selected", "weapon_range"])
        state.param.watch(self.refresh, "lang")
        self.refresh()

    # -- data ----------------------------------------------------------------------------------
    def _model_data(self) -> dict[str, list]:
        cols: dict[str, list] = {"id": [], "unit": [], "x": [], "y": [], "r": [], "color": [], "name": [],
                                 "number": []}
        table, lang = self.game_state.table, self.state.lang
        for u in table.units:
            if not u.on_table:
                continue
            for i, m in enumerate(u.models, 1):
                for k, v in zip(cols, (m.id, u.id, m.x, m.y, m.radius, OWNER_COLORS[u.owner],
                                       model_name(table, m.id, lang), str(i))):
                    cols[k].append(v)
        return cols

    def _sync_models(self) -> None:
        """The drawn bases and their names follow the table (a move made in Python, a language
        switch); a drag already placed its base, so the source is set only when it differs."""
        data = self._model_data()
        if any(list(self.models.data.get(k, [])) != data[k] for k in data):
            self.models.data = data
        t = self.game_state.table
        self.names.data = place_names(data["x"], data["y"], data["r"], data["name"], t.width, t.height)

    def _on_models(self, attr, old, new):
        """A drag ended: move every model whose position changed (SC 8.5.3 zones follow)."""
        moves = {}
        for mid, x, y in zip(new["id"], new["x"], new["y"]):
            m = self.game_state.model(mid)
            if abs(m.x - x) > 1e-9 or abs(m.y - y) > 1e-9:
                moves[mid] = (x, y)
        if moves:
            self.game_state.drag(moves)

    def _on_pick(self, attr, old, new):
        if new:
            self.game_state.selected = self.models.data["id"][new[0]]

    # -- drawing -------------------------------------------------------------------------------
    def refresh(self, *_):
        with pn.io.hold():
            self._sync_models()
            rows = self.game_state.control()
            self.contest.data = {"x": [r["x"] for r in rows], "y": [r["y"] for r in rows],
                                 "r": [3.0 for _ in rows], "color": [OWNER_COLORS[r["controller"]] for r in rows],
                                 "label": [str(r["number"]) for r in rows]}
            for k, rings in self.game_state.zones().items():
                self.zone_sources[k].data = {"xs": [r[0] for r in rings], "ys": [r[1] for r in rings]}
            self.status.object = self._status(rows)
            self.key.object = key_html_for(self.state.lang)

    def _status(self, rows) -> str:
        lang = self.state.lang
        lines = [f"### {label('sc.ui.objectives', lang)}"]
        table = self.game_state.table
        lines[:0] = [alert_line(label("sc.ui.too_far", lang, model=model_name(table, mid, lang), moved=f"{moved:g}",
                                      speed=f"{speed:g}")) for mid, moved, speed in self.game_state.too_far]
        for r in rows:
            who = r["controller"] or label("sc.ui.neutral", lang)
            lines.append("- " + label("sc.ui.marker_row", lang, number=r["number"],
                                      affinity=label(f"sc.ui.affinity.{AFFINITY_KEYS[r['number']]}", lang),
                                      owner=who, a=r["supply_a"], b=r["supply_b"],
                                      verdict=label(f"sc.ui.row.{r['row']}", lang)))
            for unit, reason in cannot_contest(self.game_state.table, r["number"]):
                lines.append("    - " + label("sc.ui.cannot_contest", lang, unit=unit_name(unit, lang), number=r["number"],
                                              reason=label(f"sc.ui.contest_reason.{reason}", lang)))
        lines.append(f"### {label('sc.ui.engaged', lang)}")
        pairs = self.game_state.engaged_pairs()
        lines += [f"- {unit_name(table.unit(a), lang)} ↔ {unit_name(table.unit(b), lang)}" for a, b in pairs] or [f"- {label('sc.ui.none', lang)}"]
        if self.game_state.selected:
            unit = self.game_state.unit_of_selected()
            lines.append(f"### {label('sc.ui.selected', lang)}")
            lines.append(label("sc.ui.selected_row", lang, model=model_name(table, self.game_state.selected, lang),
                               tag=label(f"sc.ui.tag.{unit.tag}", lang), supply=unit.supply, speed=unit.speed))
            reason = self.game_state.selected_may_not_contest()
            if reason:
                lines.append("\n" + label("sc.ui.never_contests", lang, unit=unit_name(unit, lang),
                                          reason=label(f"sc.ui.contest_reason.{reason}", lang)))
        return "\n".join(lines)

    def __panel__(self):
        return pn.Row(pn.Column(pn.pane.Bokeh(self.figure), self.key), self.status)


#: The names' font size (points), and the size of one character and of a line in inches on the
#: 620-pixel table of a 36" side (about 15 pixels an inch): what :func:`place_names` reserves.
NAME_PT = 8
NAME_CHAR, NAME_LINE = 0.4, 0.75
#: Where a name may go, tried in this order: beside the base's edge up-right, up-left,
#: down-right, down-left (x and y direction, text align, text baseline).
NAME_SPOTS = ((1, 1, "left", "bottom"), (-1, 1, "right", "bottom"), (1, -1, "left", "top"), (-1, -1, "right", "top"))


def place_names(xs, ys, rs, names, width: float, height: float) -> dict[str, list]:
    """Each model's name at the first spot beside its base (:data:`NAME_SPOTS`) inside the
    ``width`` × ``height`` table that covers no other base and no name placed before it; a model of
    a tight group may get none (its number is on its base and the hover names it)."""
    bases = list(zip(xs, ys, rs))
    taken: list[tuple[float, float, float, float]] = []
    out: dict[str, list] = {"x": [], "y": [], "name": [], "align": [], "baseline": []}
    for i, (x, y, r) in enumerate(bases):
        edge = r / math.sqrt(2)
        w, h = NAME_CHAR * len(names[i]), NAME_LINE
        for dx, dy, align, baseline in NAME_SPOTS:
            ax, ay = x + dx * edge, y + dy * edge
            box = (min(ax, ax + dx * w), min(ay, ay + dy * h), max(ax, ax + dx * w), max(ay, ay + dy * h))
            inside = box[0] >= 0 and box[1] >= 0 and box[2] <= width and box[3] <= height
            if inside and not any(_box_meets_circle(box, bx, by, br) for j, (bx, by, br) in enumerate(bases) if j != i) \
                    and not any(_boxes_meet(box, t) for t in taken):
                taken.append(box)
                for k, v in zip(out, (ax, ay, names[i], align, baseline)):
                    out[k].append(v)
                break
    return out


def key_html_for(lang: str) -> str:
    """What each colour and mark of the table means: the terrain kinds (SC 8.5.3), each side's
    models, the markers' contest zones (SC 8.9.1) and the selected model's zones."""
    entries = [swatch(TERRAIN_COLORS[k], label(f"sc.ui.key.{k}", lang)) for k in TERRAIN_COLORS]
    entries += [swatch(OWNER_COLORS[side], label("sc.ui.key.side", lang, side=side), "circle") for side in ("A", "B")]
    entries += [swatch(OWNER_COLORS[None], label("sc.ui.key.contest", lang), "ring"),
                swatch("#000000", label("sc.ui.key.engagement", lang), "dotted"),
                swatch(MOVE_COLOR, label("sc.ui.key.move", lang)),
                swatch(RANGE_COLOR, label("sc.ui.key.range", lang), "line")]
    return key_html(label("sc.ui.key", lang), entries)


def alert_line(text: str) -> str:
    """A warning line at the head of the status panel."""
    return f"**⚠ {text}**\n"


def _boxes_meet(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _box_meets_circle(box, x, y, r) -> bool:
    nx, ny = min(max(x, box[0]), box[2]), min(max(y, box[1]), box[3])
    return math.hypot(nx - x, ny - y) < r


def cannot_contest(table, number: int) -> list[tuple]:
    """Units with a model's base within 3" of marker ``number`` that still may not contest it, with
    the reason of SC 8.9.1 (air, burrowed, coherency, or no model there with line of sight at the
    marker's elevation)."""
    marker = next(m for m in table.markers if m.number == number)
    out = []
    for unit in table.units:
        if not unit.on_table:
            continue
        near = any(math.hypot(m.x - marker.x, m.y - marker.y) - m.radius - marker.radius
                   <= G.CONTEST_RADIUS + G.CONTACT_EPS for m in unit.models)
        check = G.contest_check(unit, marker, table)
        if near and not check.allowed:
            out.append((unit, check.reason))
    return out
