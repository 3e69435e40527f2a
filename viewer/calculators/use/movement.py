"""USE movement calculators: ``use.move-cost`` and ``use.attack-cost`` (4.2.1, 4.2.3.3, 4.2.3.4),
``use.naval-move`` (4.2.4) and ``use.range`` (1.4)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.calculators.format import value_name
from viewer.calculators.use.parts import PartStep, counted
from viewer.calculators.named import Named
from viewer.calculators.use.places import find_place, place_name, place_title
from viewer.i18n import t
from viewer.ruleref import RuleRef
from viewer.rules.charts import UnknownCell
from viewer.rules.use import basics, boards, grid
from viewer.rules.use.costs import step_cost
from viewer.rules.use.allegiance import (
    CONTROLS,
    Allegiance,
    AllegianceError,
    all_friendly,
    parse_cities,
    parse_countries,
)
from viewer.rules.use.naval import BOX_COSTS, NavalGraph, passages, zones_in_range
from viewer.rules.use.tables import Costs, row_names, terrain_names
from viewer.rules.use.units import FACTIONS, SUPPLY, Unit

R = {k: RuleRef("use", k) for k in ("1.4", "2.1.1", "2.3", "2.3.1", "3.3", "4.2", "4.2.1", "4.2.3.1", "4.2.3.3", "4.2.3.4", "4.2.3.5",
                                    "4.2.4", "4.2.4.1", "4.2.4.4")}


def _missing(err: UnknownCell) -> MissingValue:
    return MissingValue(err.chart, err.cell, err.rule)


def _costs() -> Costs:
    try:
        return Costs.user()
    except Exception as err:  # a broken user chart is named, never a traceback
        raise CalculatorInputError("chart", str(err)) from None


def _rows(name: str) -> list[str] | None:
    """The chart rows input ``name`` may name now (the shipped ones when the player's copy is
    broken: computing names that problem)."""
    try:
        costs = Costs.user()
    except Exception:
        costs = Costs.shipped()
    if name == "terrain":
        return terrain_names(costs.movement)
    if name == "weather":
        return row_names(costs.attack_chart)
    return None


def _row(name: str, word: str, allowed: list[str], chart_id: str) -> str:
    """``word`` if it names one of ``allowed`` rows of chart ``chart_id``; else an input error
    naming it (a row the chart has but nobody filled in is a missing value instead)."""
    word = word.strip()
    if word not in allowed:
        raise CalculatorInputError(
            name, f"{word!r} is not a row of chart {chart_id} (the shipped rows and your copy's); "
            "add the row with its cost to your copy of the chart to use it", allowed)
    return word


class _StepInputs(Calculator):
    __abstract = True
    terrain = param.String(default="clear", doc="""
        Terrain of the hex entered: a terrain row of the Movement Table (clear, rough, or one your
        copy of the chart adds).""")
    river = param.Boolean(default=False, doc="A river hexside is crossed (+1 MP, 4.2.1).")
    enemy_city = param.Boolean(default=False, doc="The hex entered holds an enemy city.")
    enemy_fortress = param.Boolean(default=False, doc="The hex entered holds an enemy fortress.")
    mp_left = param.Integer(default=10, bounds=(0, 10), doc="Movement points the unit has left.")

    @classmethod
    def choices(cls, name: str) -> list[str] | None:
        return _rows(name) if name in cls.param else None

    def _parts_steps(self, sc, steps):
        """One step per Movement Table row, by its translated name; a base cost below the highest
        one is shown as not added (4.2.1)."""
        kept = counted(sc.parts)
        for part in sc.parts:
            item, cost, kind = part
            name = "part" if any(part is k for k in kept) else "part_not_added"
            steps.append(PartStep(self.label_key("step", name), {"item": item, "cost": cost,
                                  "kind": "+" if kind == "plus" else ""}, R["4.2.1"]))


@register
class MoveCost(_StepInputs):
    """The MP cost of one step of land movement: base costs do not add, "+" costs do (4.2.1);
    a transport line makes the step clear unless the hex holds an enemy city, fortress or land
    unit (4.2.3.4). A hex holding an enemy land unit is never entered: its cost is paid only as
    part of an attack, and the unit stays where it is (3.3, 4.2.3.3): "attack only"."""

    slug, game = "use.move-cost", "use"
    rules = (R["4.2.1"], R["4.2.3.4"], R["4.2.3.3"])
    result_names = ("cost", "legal", "mp_after", "transport_bonus", "attack_only")
    step_names = ("part", "part_not_added", "transport", "total", "legal", "illegal", "missing", "attack_only")
    transport_line = param.Boolean(default=False, doc="A transport line joins the two hexes (4.2.3.4).")
    enemy_unit = param.Boolean(default=False, doc="The hex entered holds an enemy land unit (no transport bonus).")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        try:
            costs = _costs()
            terrain = _row("terrain", self.terrain, terrain_names(costs.movement), "use.movement")
            sc = step_cost(costs, terrain, river=self.river, transport=self.transport_line,
                           enemy_city=self.enemy_city, enemy_fortress=self.enemy_fortress,
                           enemy_unit=self.enemy_unit)
        except UnknownCell as err:
            return Result(value, [self.step("missing", rule=R["4.2.1"], cell=err.cell)], None, [_missing(err)])
        steps = []
        if sc.transport:
            steps.append(self.step("transport", rule=R["4.2.3.4"]))
        self._parts_steps(sc, steps)
        steps.append(self.step("total", rule=R["4.2.1"], cost=sc.total))
        if self.enemy_unit:
            steps.append(self.step("attack_only", rule=R["4.2.3.3"], cost=sc.total))
            value.update(cost=sc.total, legal=False, mp_after=self.mp_left, transport_bonus=sc.transport,
                         attack_only=True)
            return Result(value, steps)
        ok = sc.total <= self.mp_left
        steps.append(self.step("legal" if ok else "illegal", rule=R["4.2.1"], cost=sc.total, mp=self.mp_left))
        value.update(cost=sc.total, legal=ok, mp_after=self.mp_left - sc.total if ok else self.mp_left,
                     transport_bonus=sc.transport, attack_only=False)
        return Result(value, steps)


@register
class AttackCost(_StepInputs):
    """What a Mobile Attack or an Assault costs: the full cost of entering the defender's hex plus
    the attack cost of the weather, paid before the combat (4.2.3.3); which attack is allowed."""

    slug, game = "use.attack-cost", "use"
    rules = (R["4.2.3.3"], R["4.2.3.1"], R["4.2.3.5"])
    result_names = ("cost", "legal", "mp_after", "mobile_allowed", "assault_allowed")
    step_names = ("part", "part_not_added", "total", "legal", "illegal", "missing", "fortress_target", "after_mobile",
                  "leave_fortress")
    weather = param.String(default="clear", doc="""
        Weather in the defender's hex: a row of the attack-cost chart (clear, or one your copy adds).""")
    mobile_attacks_made = param.Integer(default=0, bounds=(0, 10), doc="Mobile Attacks the unit already made this activation.")
    defender_in_fortress = param.Boolean(default=False, doc="The defender occupies a fortress (only an Assault may target it).")
    attacker_in_fortress = param.Boolean(default=False, doc="The attacker occupies a fortress (it leaves it first, 0 MP).")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        try:
            costs = _costs()
            terrain = _row("terrain", self.terrain, terrain_names(costs.movement), "use.movement")
            weather = _row("weather", self.weather, row_names(costs.attack_chart), "use.attack-cost")
            sc = step_cost(costs, terrain, river=self.river, enemy_city=self.enemy_city,
                           enemy_fortress=self.enemy_fortress, enemy_unit=True, attacking=True,
                           weather=weather)
        except UnknownCell as err:
            return Result(value, [self.step("missing", rule=R["4.2.3.3"], cell=err.cell)], None, [_missing(err)])
        steps = []
        if self.attacker_in_fortress:
            steps.append(self.step("leave_fortress", rule=R["4.2.3.5"]))
        self._parts_steps(sc, steps)
        ok = sc.total <= self.mp_left
        steps.append(self.step("total", rule=R["4.2.3.3"], cost=sc.total))
        steps.append(self.step("legal" if ok else "illegal", rule=R["4.2.1"], cost=sc.total, mp=self.mp_left))
        mobile = ok and not self.defender_in_fortress
        assault = ok and self.mobile_attacks_made == 0
        if self.defender_in_fortress:
            steps.append(self.step("fortress_target", rule=R["4.2.3.5"]))
        if self.mobile_attacks_made:
            steps.append(self.step("after_mobile", rule=R["4.2.3.1"]))
        value.update(cost=sc.total, legal=ok, mp_after=self.mp_left - sc.total if ok else self.mp_left,
                     mobile_allowed=mobile, assault_allowed=assault)
        return Result(value, steps)


@register
class NavalMove(Calculator):
    """Cheapest naval route between two ports or map boxes: 1 MP a sea zone (the start port's
    own included), 0 into or out of port, canal, strait and map-box costs (4.2.4); straits and
    canals closed by enemy cities, fortresses and units and by neutral shores (4.2.4.1). Who holds
    each city and which countries are neutral is a setting (:mod:`viewer.rules.use.allegiance`)."""

    slug, game = "use.naval-move", "use"
    rules = (R["4.2.4"], R["4.2.4.1"], R["4.2.4.4"])
    result_names = ("mp", "mp_known", "straits", "path", "legal", "closed")
    step_names = ("no_place", "pair_form", "pair_name", "pair_value", "allowance", "leg", "straits", "strait_missing", "total", "legal", "too_far",
                  "cannot_end", "unreachable", "control_allegiance", "control_all_friendly",
                  "closed_enemy_city", "closed_enemy_fortress", "closed_enemy_unit", "closed_neutral")
    board = param.Selector(default="fixture:seas", objects=boards.names(), doc="Board: the USE map or a fixture board.")
    start = param.String(default="Rotterdam", doc="Start: a port (name or hex number) or a map box id.")
    destination = param.String(default="Brest", doc="Destination: a port (name or hex number) or a map box id.")
    faction = param.Selector(default="western-allies", objects=list(FACTIONS), doc="The moving unit's faction.")
    supply = param.Selector(default="full", objects=list(SUPPLY), doc="Supply state (10 MP in full supply, else 5; 4.2).")
    enemy_hexes = param.String(default="", doc="Hexes holding enemy units, comma separated (they close straits and canals).")
    box_cost = param.Selector(default="every-box", objects=list(BOX_COSTS), doc="""
        What entering a map box from a sea zone costs: every-box (the map-box cost for every box
        entered) or box-to-box (that cost only from another box; from a zone, your chart's row
        map-box-from-zone). The text shows only box to box.""")
    control = param.Selector(default="auto", objects=["auto", *CONTROLS], doc="""
        Who holds the cities: allegiance (each city held by its country's faction, neutral
        countries by nobody, with your changes below), all-friendly (every port friendly to the
        mover and no country neutral: the reading of the 4.2.4 worked examples, which name no
        allegiance), or auto (allegiance on the real board, all-friendly on a fixture board).""")
    allegiance = param.String(default="", doc="""
        Changes to the countries' allegiance, like Spain=axis, Turkey=neutral (axis,
        western-allies, soviet or neutral). The board opens with the three leading powers, France,
        Italy and their overseas territories in their factions and every other country neutral:
        a setting, since the country list is not in the rulebook text.""")
    city_control = param.String(default="", doc="""
        Cities held by another faction than their country's, like Gibraltar=axis or 7507=axis
        (a city's name or hex number = axis, western-allies or soviet; 2.3.1).""")

    def places(self, name: str, lang: str = "en") -> dict[str, str] | None:
        """Both ends are picked from the board's ports, by name, and its map boxes (USE 4.2.4)."""
        if name not in ("start", "destination"):
            return None
        b = boards.load(self.board)
        ports = sorted((place_title(h, lang), h.name or h.label) for h in b.hexes.values() if h.port)
        box_names = sorted((t(f"use.box.{box}", lang), box) for box in b.box_zones)
        return dict(ports + box_names)

    def _place(self, b, text: str, name: str) -> str:
        typed = text.strip()
        if typed in b.box_zones:
            return f"box:{typed}"
        try:
            return find_place(b, typed)
        except ValueError as err:
            raise CalculatorInputError(name, str(err), sorted(b.box_zones) + [h.name for h in b.hexes.values() if h.port],
                                       said=self.step("no_place", place=typed)) from None

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        b = boards.load(self.board)
        start, dest = self._place(b, self.start, "start"), self._place(b, self.destination, "destination")
        enemy = "axis" if self.faction != "axis" else "western-allies"
        units = []
        for i, h in enumerate(x.strip() for x in self.enemy_hexes.split(",") if x.strip()):
            if h not in b.hexes:
                raise CalculatorInputError("enemy_hexes", f"{h!r} is not a hex of {self.board}", None,
                                           said=self.step("no_hex", hex=h))
            units.append(Unit(f"enemy{i}", enemy, "land", "infantry", h))
        control = self.control if self.control != "auto" else ("all-friendly" if b.fixture else "allegiance")
        steps = [self.step("allowance", rule=RuleRef("use", "4.2"), mp=10 if self.supply == "full" else 5)]
        try:   # checked whoever holds the cities: a typo is named even when they are all friendly
            changes = parse_countries(b, self.allegiance), parse_cities(b, self.city_control)
        except AllegianceError as err:
            said = self.step(f"pair_{err.fault}", item=err.item) if err.fault else None
            raise CalculatorInputError(err.parameter, err.message, err.allowed, said=said) from None
        if control == "allegiance":
            al = Allegiance().changed(*changes)
            s = al.situation(b, units)
            steps.append(self.step("control_allegiance", rule=R["2.3"],
                                   neutral=", ".join(al.neutral_countries(b)) or "-",
                                   changes=", ".join(x for x in (self.allegiance.strip(), self.city_control.strip()) if x)
                                   or "-"))
        else:
            s = all_friendly(b, self.faction, units)
            steps.append(self.step("control_all_friendly", rule=R["4.2.4"]))
        mp = 10 if self.supply == "full" else 5
        g = NavalGraph(b, s, self.faction, _costs(), self.box_cost)
        reach = g.search(start, 99)
        miss = [_missing(m) for m in reach.missing if m.cell.startswith("strait") or m.cell.startswith("map-box")]
        value["closed"] = ", ".join(g.closed) or "-"
        for name, _, why in passages(b, s, self.faction):
            if why is not None:
                place = _place_named(b, why[1]) if why[1] in b.hexes else why[1]
                steps.append(self.step("closed_" + why[0].replace("-", "_"), rule=R["4.2.4.1"], what=name, place=place))
        key = dest if dest.startswith("box:") else f"port:{dest}"
        if key not in reach.routes:
            steps.append(self.step("unreachable", rule=R["4.2.4"], place=self.destination))
            value.update(legal=False)
            return Result(value, steps, None, miss)
        r = reach.routes[key]
        for a, c in zip(r.nodes, r.nodes[1:]):
            e = g.edges.get((a, c)) or g.edges.get((a.replace("port:", "dock:"), c.replace("port:", "dock:"))) \
                or g.edges.get((a.replace("port:", "dock:"), c))
            steps.append(self.step("leg", rule=R["4.2.4"], a=_show(b, a), b=_show(b, c),
                                   cost=e[0] if e else "?", kind=e[2] if e else ""))
        if r.straits:
            steps.append(self.step("straits", rule=R["4.2.4.4"], n=r.straits))
            if r.mp is None:
                steps.append(self.step("strait_missing", rule=R["4.2.4.4"]))
        total = r.mp if r.mp is not None else r.mp_known
        steps.append(self.step("total", rule=R["4.2.4"], mp=r.mp if r.mp is not None else f"{r.mp_known}+"))
        legal = (r.can_end and total <= mp) if r.mp is not None else None
        if not r.can_end:
            steps.append(self.step("cannot_end", rule=R["4.2.4.1"]))
        if legal is not None:
            steps.append(self.step("legal" if legal else "too_far", rule=R["4.2.4"], mp=mp))
        value.update(mp=r.mp, mp_known=r.mp_known, straits=r.straits,
                     path=Named.of(lambda lang: " → ".join(_node_text(b, n, lang) for n in r.nodes)), legal=legal)
        return Result(value, steps, None, miss if r.straits or key.startswith("box:") else [])


def _place_named(b, hex: str) -> Named:
    """A hex's place by its name in every language (:func:`place_name`)."""
    return Named.of(lambda lang: place_name(b.hexes[hex], lang))


def _show(b, node: str) -> Named | str:
    """A route's node: a port by its name in every language and its number; a sea zone or map
    box as its key, named in each language when shown (value.zone:, value.box:)."""
    kind, _, name = node.partition(":")
    if kind in ("port", "dock") and name in b.hexes:
        return Named.of(lambda lang: f"{place_name(b.hexes[name], lang)} ({name})")
    return f"{kind}:{name}"


def _node_text(b, node: str, lang: str) -> str:
    """A route's node in ``lang``, as a step names it."""
    shown = _show(b, node)
    if isinstance(shown, Named):
        return shown.text(lang)
    return value_name(NavalMove.slug, shown, lang) or shown


@register
class Range(Calculator):
    """Range (1.4): hexes are counted without the unit's own hex (which is in range); sea zones
    and map boxes count the unit's own, and straits and canals are free."""

    slug, game = "use.range", "use"
    rules = (R["1.4"],)
    result_names = ("distance", "in_range", "hexes", "zones")
    step_names = ("hex_distance", "hex_count", "zones", "in", "out", "no_place")
    origin = param.String(default="3055", doc="Hex number of the unit (AABB), or a port / sea zone / box for sea range.")
    target = param.String(default="3060", doc="Hex number to check (hex range).")
    range = param.Integer(default=5, bounds=(0, 99), doc="The range in hexes or sea zones.")
    kind = param.Selector(default="hexes", objects=["hexes", "sea-zones"], doc="Count hexes or sea zones / map boxes.")
    board = param.Selector(default="fixture:seas", objects=boards.names(), doc="Board for sea-zone range.")

    def compute(self) -> Result:
        value = dict.fromkeys(self.result_names)
        n = self.range
        if self.kind == "hexes":
            for name in ("origin", "target"):
                typed = getattr(self, name).strip()
                try:
                    grid.parse(typed)
                except ValueError as err:
                    raise CalculatorInputError(name, str(err), "four digits AABB",
                                               said=self.step("not_a_hex_number", hex=typed)) from None
            d = grid.distance(self.origin.strip(), self.target.strip())
            inside = d <= n
            steps = [self.step("hex_distance", rule=R["1.4"], a=self.origin, b=self.target, d=d),
                     self.step("hex_count", rule=R["1.4"], n=n, count=3 * n * (n + 1) + 1),
                     self.step("in" if inside else "out", rule=R["1.4"])]
            value.update(distance=d, in_range=inside, hexes=3 * n * (n + 1) + 1)
            return Result(value, steps)
        b = boards.load(self.board)
        start = self.origin.strip()
        if start not in b.hexes and start not in b.box_zones and start not in b.zones:
            try:
                start = b.find(start)
            except ValueError as err:
                raise CalculatorInputError("origin", str(err), b.zones, said=self.step("no_place", place=start)) from None
        zones = sorted(zones_in_range(b, start, n))
        steps = [self.step("zones", rule=R["1.4"], n=n, zones=", ".join(zones))]
        value.update(zones=", ".join(zones))
        return Result(value, steps)


__all__ = ["MoveCost", "AttackCost", "NavalMove", "Range", "basics"]
