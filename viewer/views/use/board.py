"""The /use map: units, a selected unit's movement reach (cost per hex, where it must stop, what
it may attack), enemy ZOC per faction, and naval reach from a selected port (USE 1.7, 4.2.3,
4.2.4). The rules' answers come from :class:`viewer.state.use.board.UseState`; this view only draws.
"""
from __future__ import annotations

import panel as pn
import param
from bokeh.models import ColumnDataSource

from viewer.board import shared_map
from viewer.rules.use import grid
from viewer.calculators.use.places import place_name, place_title
from viewer.rules.use.board import MAP_BOXES
from viewer.rules.use.hexmap import SHEET, to_hexmap
from viewer.state import SessionState
from viewer.state.use.board import UseState
from viewer.views.common.bounded import BoundedInputs
from viewer.views.common.text import alert, label, label_any, markdown
from viewer.views.map.mapview import MapView
from viewer.views.use.board_picker import board_title
from viewer.views.use.unit_names import board_label, unit_name

#: One colour per layer, no two alike, each in the map's legend (``map.layer.<name>``).
COLORS = {"use-air": "#74add1", "use-strategic": "#a6d96a", "use-range": "#fee08b", "use-passages-open": "#e7298a",
          "use-passages-closed": "#252525", "use-reach": "#1a9641", "use-stop": "#d7191c", "use-attack": "#fdae61",
          "use-ezoc": "#7b3294", "use-naval": "#2c7bb6", "use-example": "#00e5ff"}
#: The layers in drawing order (the legend lists them in this order).
LAYERS = ("use-range", "use-ezoc", "use-reach", "use-air", "use-strategic", "use-naval", "use-passages-open",
          "use-passages-closed", "use-attack", "use-stop", "use-example")
#: Each layer's fill opacity, on the map and in its legend swatch.
ALPHAS = {"use-air": 0.45, "use-strategic": 0.55, "use-range": 0.35, "use-passages-open": 0.6,
          "use-passages-closed": 0.6, "use-reach": 0.35, "use-stop": 0.45, "use-attack": 0.6,
          "use-ezoc": 0.25, "use-naval": 0.5, "use-example": 0.5}
FACTION_COLORS = {"axis": "#5a5a5a", "western-allies": "#3f6fc4", "soviet": "#b8352e"}
#: The unit labels' font size (points) and the screen pixels between two stacked labels (more
#: than the text's height, 8 pt being about 11 px).
LABEL_PT = 8
LABEL_STEP = 13
#: Units this many hexes from a stack's top unit or closer share its label stack.
NEAR = 1


def stacked_labels(hexes: list[str], xs: list[float], ys: list[float], numbering: str) -> tuple[list[float], list[int]]:
    """Where each unit's label goes: ``(label_y, dy)``, the data height it hangs from and its screen
    offset in pixels. The highest unit not yet in a stack starts one, with every unplaced unit
    within :data:`NEAR` hexes of it; their labels hang from its marker, one line each (left to
    right), so that at any zoom two near labels are :data:`LABEL_STEP` pixels apart and no label is
    more than a hex from its counter. A lone unit's label sits just above it."""
    n = len(hexes)
    label_y, dy = [0.0] * n, [0] * n
    placed = [False] * n
    for top in sorted(range(n), key=lambda i: (-ys[i], xs[i])):
        if placed[top]:
            continue
        ids = [i for i in range(n) if not placed[i] and
               (i == top or grid.distance(hexes[top], hexes[i], numbering) <= NEAR)]
        for row, i in enumerate(sorted(ids, key=lambda i: (xs[i], -ys[i]))):
            label_y[i], dy[i] = ys[top], -10 - LABEL_STEP * row
            placed[i] = True
    return label_y, dy


class UseMap(pn.viewable.Viewer):
    """Map, unit markers, overlays and the selection widgets of the /use page."""

    state = param.ClassSelector(class_=SessionState, doc="The page's session: language and selection.")

    game_state = param.ClassSelector(class_=UseState, doc="The board, its units and the selection.")

    def __init__(self, **params):
        super().__init__(**params)
        state, game_state = self.state, self.game_state
        board = game_state.board
        self._board_name = game_state.board_name  # the map is drawn for this board only
        hexmap = shared_map("use") if not board.fixture else to_hexmap(board)
        self.mapview = MapView(hexmap=hexmap, state=state, height=760)   # the keys take about 250 px of it
        ov = self.mapview.overlays
        fig = self.mapview.figure
        for name in LAYERS:
            ov.add(name, legend_key=f"map.layer.{name}")
            ov.swatch(name, COLORS[name], alpha=max(ALPHAS[name], 0.45))
        self._units = ColumnDataSource({"x": [], "y": [], "color": []}, name="use-units")
        fig.scatter("x", "y", source=self._units, size=16, color="color", line_color="white", name="use-units")
        # the labels on the overlay canvas, from a source of their own: renaming them (a language
        # switch) repaints the labels, not the board
        self._unit_labels = ColumnDataSource({"x": [], "color": [], "text": [], "label_y": [], "dy": []},
                                             name="use-unit-labels")
        fig.text("x", "label_y", text="text", source=self._unit_labels, text_font_size=f"{LABEL_PT}pt",
                 y_offset="dy", text_align="center", text_color="color", text_font_style="bold",
                 name="use-unit-labels", level="overlay")
        self._places = ColumnDataSource({"x": [], "y": [], "text": []}, name="use-place-marks")
        fig.text("x", "y", text="text", source=self._places, text_font_size="10pt", text_font_style="bold",
                 y_offset=14, text_align="center", text_color="#003c4d", name="use-place-labels")
        if board.fixture:   # a few hexes: open on them, not on the extent the labels give the auto range
            self.mapview.zoom_to()
        self.fixture_note = alert("", alert_type="info", visible=board.fixture,
                                          css_classes=["use-fixture-note"])
        self.unit_select = pn.widgets.Select(options={}, css_classes=["use-unit-select"], width=260)
        self.port_select = pn.widgets.Select(options={}, css_classes=["use-port-select"], width=260)
        self.ezoc_select = pn.widgets.Select(options={}, value=game_state.ezoc_faction, css_classes=["use-ezoc-select"], width=200)
        self.naval_faction = pn.widgets.Select(options={}, value=game_state.faction, width=200,
                                               css_classes=["use-naval-faction"])
        self.first_step = pn.widgets.Checkbox(value=game_state.first_step_stops, css_classes=["use-first-step"])
        self.box_cost = pn.widgets.Select(options={}, value=game_state.box_cost, width=200)
        self.allegiance_note = markdown("", visible=not board.fixture, css_classes=["use-allegiance-note"], width=270)
        self.country_select = pn.widgets.Select(options=[], width=200, visible=not board.fixture,
                                                css_classes=["use-country-select"])
        self.country_side = pn.widgets.Select(options={}, width=200, visible=not board.fixture,
                                              css_classes=["use-country-side"])
        self.city_select = pn.widgets.Select(options={}, width=200, visible=not board.fixture,
                                             css_classes=["use-city-select"])
        self.city_holder = pn.widgets.Select(options={}, width=200, visible=not board.fixture,
                                             css_classes=["use-city-holder"])
        self._syncing = False
        self.country_select.param.watch(self._show_allegiance, "value")
        self.city_select.param.watch(self._show_allegiance, "value")
        self.country_side.param.watch(self._set_country, "value")
        self.city_holder.param.watch(self._set_city, "value")
        self.strategic = pn.widgets.Checkbox(value=game_state.strategic, css_classes=["use-strategic"])
        self.strategic.param.watch(lambda e: setattr(game_state, "strategic", e.new), "value")
        self.range = pn.widgets.IntInput(value=game_state.range, width=120, css_classes=["use-range"])
        self.answer = markdown("", css_classes=["use-answer"], sizing_mode="stretch_width")
        #: The range ring's bounds are checked here, not clamped by the browser (USE 1.4).
        self.numbers = BoundedInputs(self.state, "use-range-refused")
        self.numbers.add("range", self.range, game_state.param["range"].bounds, lambda lang: label("use.range", lang),
                         lambda v: setattr(game_state, "range", int(v)))
        self.unit_select.param.watch(lambda e: setattr(game_state, "unit", e.new or ""), "value")
        self.port_select.param.watch(lambda e: setattr(game_state, "port", e.new or ""), "value")
        self.ezoc_select.param.watch(lambda e: setattr(game_state, "ezoc_faction", e.new), "value")
        self.naval_faction.param.watch(lambda e: setattr(game_state, "faction", e.new), "value")
        self.first_step.param.watch(lambda e: setattr(game_state, "first_step_stops", e.new), "value")
        self.box_cost.param.watch(lambda e: setattr(game_state, "box_cost", e.new), "value")
        game_state.param.watch(self.redraw, ["unit", "port", "units", "ezoc_faction", "faction", "first_step_stops",
                                      "box_cost", "weather", "range", "strategic", "countries", "cities"])
        state.param.watch(self._relabel, "lang")
        state.param.watch(self.redraw, "charts_saved")   # a saved Movement Table counts at once
        state.param.watch(self._on_tap, "selected")
        # the controls under the hex panel, in the one column beside the board: the board keeps
        # the rest of the page's width
        self.mapview.beside = [pn.Column(
            self.unit_select, self.strategic, self.range, self.numbers.box, self.ezoc_select, self.first_step,
            self.port_select, self.naval_faction, self.box_cost, self.allegiance_note, self.country_select,
            self.country_side, self.city_select, self.city_holder, css_classes=["use-controls"])]
        self._relabel()
        self.redraw()

    # -- helpers ---------------------------------------------------------------------------
    def _find(self, hex: str):
        try:
            return self.mapview.hexmap.find(hex)
        except Exception:
            q, r = grid.to_axial(hex, self.game_state.board.numbering)
            return (SHEET, q, r)

    def _relabel(self, *_):
        lang, game_state = self.state.lang, self.game_state
        self.fixture_note.object = label("use.fixture_note", lang, board=board_title(game_state.board_name, lang))
        self.unit_select.name = label("use.pick_unit", lang)
        self.port_select.name = label("use.pick_port", lang)
        self.ezoc_select.name = label("use.ezoc_for", lang)
        self.naval_faction.name = label("use.naval_faction", lang)
        self.first_step.name = label("use.first_step", lang)
        self.box_cost.name = label("use.box_cost", lang)
        self.range.name = label("use.range", lang)
        self.strategic.name = label("use.strategic", lang)
        self.allegiance_note.object = label("use.allegiance.note", lang)
        self.country_select.name = label("use.allegiance.country", lang)
        self.country_side.name = label("use.allegiance.side", lang)
        self.city_select.name = label("use.allegiance.city", lang)
        self.city_holder.name = label("use.allegiance.holder", lang)
        if not game_state.board.fixture:
            self._allegiance_options()
        factions = {label(f"use.faction.{f}", lang): f for f in self.game_state.param.faction.objects}
        self.ezoc_select.options, self.naval_faction.options = factions, dict(factions)
        self.box_cost.options = {label(f"use.box_cost.{b}", lang): b for b in self.game_state.param.box_cost.objects}
        self._options()
        self.redraw()

    def _options(self):
        lang, b = self.state.lang, self.game_state.board
        self.unit_select.options = {label("use.none", lang): "", **{
            f"{unit_name(u.id, lang)} ({u.hex})": u.id for u in self.game_state.units}}
        ports = sorted((h for h in b.hexes.values() if h.port), key=lambda h: place_name(h, lang))
        self.port_select.options = {label("use.none", lang): "", **{place_title(h, lang): h.label
                                                                   for h in ports}}

    def _allegiance_options(self):
        lang, b = self.state.lang, self.game_state.board
        sides = {label("use.allegiance.neutral" if a == "neutral" else f"use.faction.{a}", lang): a
                 for a in ("axis", "western-allies", "soviet", "neutral")}
        holders = {label("use.allegiance.own", lang): "", **{label(f"use.faction.{f}", lang): f
                                                          for f in ("axis", "western-allies", "soviet")}}
        with pn.io.hold():
            self._syncing = True
            try:
                countries = sorted({h.country for h in b.hexes.values() if h.country})
                named = {label_any([f"value.{c}"], lang, c): c for c in countries}   # by their names
                cities = sorted((h for h in b.hexes.values() if h.city), key=lambda h: place_name(h, lang))
                city_options = {place_title(h, lang): h.label for h in cities}
                if not self.country_select.options:
                    self.country_select.param.update(options=named, value=countries[0] if countries else None)
                    self.city_select.param.update(options=city_options,
                                                  value=cities[0].label if cities else None)
                else:
                    self.country_select.options, self.city_select.options = named, city_options
                self.country_side.options, self.city_holder.options = sides, holders
            finally:
                self._syncing = False
        self._show_allegiance()

    def _show_allegiance(self, *_):
        """The chosen country's allegiance and the chosen city's holder, without setting them."""
        gs, was = self.game_state, self._syncing
        self._syncing = True
        try:
            if self.country_select.value:
                self.country_side.value = gs.allegiance.of(self.country_select.value)
            if self.city_select.value:
                self.city_holder.value = gs.cities.get(self.city_select.value, "")
        finally:
            self._syncing = was

    def _set_country(self, event):
        if not self._syncing and self.country_select.value and event.new:
            self.game_state.set_country(self.country_select.value, event.new)

    def _set_city(self, event):
        if not self._syncing and self.city_select.value:
            self.game_state.set_city(self.city_select.value, event.new or "")

    def _on_tap(self, *_):
        key = self.state.selected
        if key is None:
            return
        hex = self.mapview.hexmap.label(key)
        here = [u.id for u in self.game_state.units if u.hex == hex]
        if here:
            self.unit_select.value = here[0]
        elif hex in self.game_state.board.hexes and self.game_state.board.hexes[hex].port:
            self.port_select.value = hex

    # -- drawing ---------------------------------------------------------------------------
    def redraw(self, *_):
        lang, game_state, ov = self.state.lang, self.game_state, self.mapview.overlays
        if game_state.board_name != self._board_name:
            return
        if set(self.unit_select.options.values()) != {"", *(u.id for u in game_state.units)}:
            self._options()
        xs, ys, colors, texts, shown, seen = [], [], [], [], [], {}
        for u in game_state.units:
            if u.hex not in game_state.board.hexes:
                continue
            x, y = ov.centre(self._find(u.hex))
            n = seen[u.hex] = seen.get(u.hex, -1) + 1
            xs.append(x + 0.35 * n)
            ys.append(y)
            shown.append(u.hex)
            colors.append(FACTION_COLORS[u.faction])
            texts.append(f"{board_label(u.id, lang)}{' S' + str(u.sorties) if u.sorties else ''}"
                         f"{'' if u.supply == 'full' else ' ·' + label('use.supply.' + u.supply, lang)}")
        label_y, dy = stacked_labels(shown, xs, ys, game_state.board.numbering)
        units = {"x": xs, "y": ys, "color": colors}
        if dict(self._units.data) != units:   # a relabel leaves the markers alone
            self._units.data = units
        self._unit_labels.data = {"x": xs, "color": colors, "text": texts, "label_y": label_y, "dy": dy}
        ring = sorted(game_state.range_hexes())
        ov.set("use-range", hexes=[self._find(h) for h in ring], color=COLORS["use-range"], alpha=ALPHAS["use-range"])
        passages = game_state.passage_reasons()
        for name, is_open in (("use-passages-open", True), ("use-passages-closed", False)):
            ov.set(name, hexes=[self._find(h) for _, hx, why in passages for h in hx
                                if h in game_state.board.hexes and (why is None) == is_open],
                   color=COLORS[name], alpha=ALPHAS[name])
        air = sorted(game_state.air_ends())
        ov.set("use-air", hexes=[self._find(h) for h in air], color=COLORS["use-air"], alpha=ALPHAS["use-air"])
        sm = game_state.strategic_reach()
        sm_hexes = sorted(sm["ends"]) if sm else []
        ov.set("use-strategic", hexes=[self._find(h) for h in sm_hexes], color=COLORS["use-strategic"], alpha=ALPHAS["use-strategic"])
        z = game_state.ezoc()
        ov.set("use-ezoc", hexes=[self._find(h) for h in sorted(z)], color=COLORS["use-ezoc"], alpha=ALPHAS["use-ezoc"],
               label=[", ".join(sorted(z[h])) for h in sorted(z)])
        lines = [label("use.ezoc_count", lang, n=len(z), faction=label(f"use.faction.{game_state.ezoc_faction}", lang))]
        if air:
            lines.append(label("use.air_summary", lang, unit=unit_name(game_state.unit, lang), n=len(air)))
        if sm is not None:
            lines.append(label("use.sm_refused." + sm["refused"], lang) if sm["refused"] else
                         label("use.sm_summary", lang, unit=unit_name(game_state.unit, lang), n=len(sm["ends"]) - 1))
        reach = None if game_state.strategic else game_state.reach()
        if reach is None:
            for name in ("use-reach", "use-stop", "use-attack"):
                ov.set(name)
            if game_state.unit and not air and not game_state.strategic:
                lines.append(label("use.not_land", lang, unit=unit_name(game_state.unit, lang)))
        else:
            hexes = sorted(reach.cost)
            ov.set("use-reach", hexes=[self._find(h) for h in hexes], color=COLORS["use-reach"], alpha=ALPHAS["use-reach"],
                   label=[f"{h}: {reach.cost[h]} MP" for h in hexes])
            stops = sorted(reach.must_stop)
            ov.set("use-stop", hexes=[self._find(h) for h in stops], color=COLORS["use-stop"], alpha=ALPHAS["use-stop"])
            targets = sorted({a.target for a in reach.attacks})
            ov.set("use-attack", hexes=[self._find(h) for h in targets], color=COLORS["use-attack"], alpha=ALPHAS["use-attack"])
            lines.append(label("use.reach_summary", lang, unit=unit_name(game_state.unit, lang), mp=reach.mp,
                               n=sum(1 for h in reach.cost if reach.cost[h]),
                               stops=", ".join(stops) or "-"))
            for a in reach.attacks[:12]:
                kinds = " / ".join(label(f"use.attack_kind.{k}", lang) for k, ok in
                                   (("mobile", a.mobile), ("assault", a.assault)) if ok)
                lines.append(label("use.attack_line", lang, origin=a.origin, target=a.target, defender=a.defender,
                                   cost=a.cost, kinds=kinds or "-"))
            for box, mp in reach.boxes.items():
                lines.append(label("use.box_reach" if mp is not None else "use.box_reach_unknown", lang,
                                   box=label(f"use.box.{box}", lang), mp=mp))
            for m in reach.missing:
                lines.append(label("use.missing", lang, cell=m.cell, chart=m.chart))
        nav = game_state.naval()
        if nav is None:
            ov.set("use-naval")
        else:
            ends = [r for r in nav.routes.values() if r.target.startswith("port:") and r.can_end]
            ov.set("use-naval", hexes=[self._find(r.target[5:]) for r in ends], color=COLORS["use-naval"],
                   alpha=ALPHAS["use-naval"], label=[f"{r.mp if r.mp is not None else str(r.mp_known) + '+'} MP" for r in ends])
            lines.append(label("use.naval_summary", lang, port=game_state.port, n=len(ends),
                               closed=", ".join(label_any([f"value.{c}"], lang, c) for c in nav.closed) or "-"))
            for r in sorted(nav.routes.values(), key=lambda r: (r.mp_known, r.target))[:15]:
                mp = r.mp if r.mp is not None else label("use.mp_plus_straits", lang, mp=r.mp_known, n=r.straits)
                lines.append(label("use.route_line", lang, target=_place(game_state.board, r.target, lang), mp=mp,
                                   path=" → ".join(_place(game_state.board, n, lang) for n in r.nodes)))
        faction = label(f"use.faction.{game_state.faction}", lang)
        for key, _, why in passages:
            name = label_any([f"value.{key}"], lang, key)   # the strait or canal by its name
            if why is None:
                lines.append(label("use.passage_open", lang, name=name, faction=faction))
            else:
                b = game_state.board
                place = place_name(b.hexes[why[1]], lang) if why[1] in b.hexes else why[1]
                lines.append(label(f"use.passage_closed.{why[0]}", lang, name=name, faction=faction, place=place))
        self.answer.object = "\n".join(f"- {x}" for x in lines)

    def mark(self, places: dict[str, str]) -> None:
        """Mark ``places`` (hex number -> the name written beside it) on the map; {} clears them."""
        hexes = [h for h in places if h in self.game_state.board.hexes]
        xy = [self.mapview.overlays.centre(self._find(h)) for h in hexes]
        with pn.io.hold():
            self.mapview.overlays.set("use-example", hexes=[self._find(h) for h in hexes], color=COLORS["use-example"],
                                      alpha=ALPHAS["use-example"], label=[places[h] for h in hexes])
            self._places.data = {"x": [x for x, _ in xy], "y": [y for _, y in xy], "text": [places[h] for h in hexes]}

    def __panel__(self):
        return pn.Column(self.fixture_note, self.mapview, self.answer, sizing_mode="stretch_width")


def _place(board, node: str, lang: str) -> str:
    kind, _, name = node.partition(":")
    if kind == "port" and name in board.hexes:
        return place_name(board.hexes[name], lang)
    if kind == "box" and name in MAP_BOXES:
        return label(f"use.box.{name}", lang)
    return label("use.zone", lang, zone=name)
