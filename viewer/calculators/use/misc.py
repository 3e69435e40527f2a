"""USE calculators: ``use.stacking`` (3.3), ``use.national-will`` (2.1.2) and ``use.combat``
(5.0, the resolution sequence with the user's Combat Results Table)."""
from __future__ import annotations

import re
from dataclasses import dataclass

import param

from viewer.calculators import register
from viewer.calculators.format import cell_name, percent
from viewer.calculators.base import Calculator, CalculatorInputError, MissingValue, Result
from viewer.ruleref import RuleRef
from viewer.rules.charts import UnknownCell
from viewer.rules.use import basics, tables
from viewer.rules.use.combat import DRM_CAP, ROUNDING, cell_probabilities, final_value
from viewer.rules.use.stacking import CATEGORIES, LIMIT


@register
class Stacking(Calculator):
    """At most one bomber, convoy, fighter, land unit and warship in a hex; never enemy units
    together; no limit in a map box (3.3)."""

    slug, game = "use.stacking", "use"
    rules = (RuleRef("use", "3.3"),)
    result_names = ("legal", "over")
    step_names = ("count", "over", "enemies", "box", "legal")
    bombers = param.Integer(default=1, bounds=(0, 20), doc="Bombers in the hex.")
    convoys = param.Integer(default=0, bounds=(0, 20), doc="Convoys in the hex.")
    fighters = param.Integer(default=1, bounds=(0, 20), doc="Fighters in the hex.")
    land = param.Integer(default=1, bounds=(0, 20), doc="Land units in the hex.")
    warships = param.Integer(default=0, bounds=(0, 20), doc="Warships in the hex.")
    enemies_together = param.Boolean(default=False, doc="Units of two factions would share the hex.")
    map_box = param.Boolean(default=False, doc="The place is a map box (no limit).")

    def compute(self) -> Result:
        r = RuleRef("use", "3.3")
        counts = dict(zip(CATEGORIES, (self.bombers, self.convoys, self.fighters, self.land, self.warships)))
        steps = [self.step("count", rule=r, category=c, n=n) for c, n in counts.items() if n]
        if self.map_box:
            steps.append(self.step("box", rule=r))
            return Result({"legal": True, "over": "-"}, steps)
        over = [c for c, n in counts.items() if n > LIMIT]
        for c in over:
            steps.append(self.step("over", rule=r, category=c, n=counts[c]))
        if self.enemies_together:
            steps.append(self.step("enemies", rule=r))
        ok = not over and not self.enemies_together
        steps.append(self.step("legal", rule=r, ok="✔" if ok else "✘"))
        return Result({"legal": ok, "over": ", ".join(over) or "-"}, steps)


@dataclass(frozen=True)
class _Cells:
    """Chart cells named in a step, each by its parts' names in the reader's language."""
    ids: tuple[str, ...]

    def text(self, lang: str) -> str:
        return ", ".join(cell_name(c, lang) for c in self.ids)


@register
class NationalWill(Calculator):
    """National Will after a series of events, kept within 0-99; a country at 0 collapses, and a
    collapsed country with a city under enemy control is conquered (2.1.2, 2.1.2.1)."""

    slug, game = "use.national-will", "use"
    rules = (RuleRef("use", "2.1.2"), RuleRef("use", "2.1.2.1"))
    result_names = ("will", "status", "track")
    step_names = ("start", "event", "clamped", "missing", "status")
    will = param.Integer(default=15, bounds=(0, 99), doc="National Will before the events.")
    events = param.String(default="land-unit-eliminated, capital-lost", doc="""
        Events in order, comma separated, an event as often as it happens: a row of the National
        Will Effects table (the shipped rows and those your copy adds) or a signed number (e.g. -2).""")
    enemy_cities = param.Integer(default=0, bounds=(0, 999), doc="The country's cities under enemy control.")
    sequences = ("events",)

    @classmethod
    def choices(cls, name: str) -> list[str] | None:
        """The events of the National Will Effects table as it is now (the shipped one when the
        player's copy is broken: computing names that problem)."""
        if name != "events":
            return None
        try:
            return tables.row_names(tables.chart("use.national-will"))
        except Exception:
            return tables.row_names(tables.shipped("use.national-will"))

    def compute(self) -> Result:
        chart = tables.chart("use.national-will")
        value = dict.fromkeys(self.result_names)
        steps = [self.step("start", rule=RuleRef("use", "2.1.2"), will=self.will)]
        will, track, miss = self.will, [self.will], []
        events = [e.strip() for e in self.events.split(",") if e.strip()]
        rows = tables.row_names(chart)
        unknown = [e for e in events if e not in rows and not _signed(e)]
        if unknown:
            raise CalculatorInputError(
                "events", f"neither a row of chart use.national-will (the shipped rows and your copy's) nor a "
                f"signed number: {', '.join(map(repr, unknown))}; add the row with its change to your copy of "
                "the chart to use it", rows, said=self.step("unknown_events", events=", ".join(unknown)))
        for ev in events:
            if _signed(ev):
                change = int(ev)
            else:
                try:
                    change = int(chart.get((ev,), "change"))
                except UnknownCell as err:
                    miss.append(MissingValue(err.chart, err.cell, RuleRef("use", "2.1.2.1")))
                    steps.append(self.step("missing", rule=RuleRef("use", "2.1.2.1"), event=ev))
                    continue
            new = basics.apply_will(will, [change])[0]
            steps.append(self.step("event", rule=RuleRef("use", "2.1.2.1"), event=ev, change=f"{change:+d}", will=new))
            if new != will + change:
                steps.append(self.step("clamped", rule=RuleRef("use", "2.1.2")))
            will = new
            track.append(will)
        status = basics.will_status(will, self.enemy_cities)
        steps.append(self.step("status", rule=RuleRef("use", "2.1.2"), status=status))
        value.update(will=will, status=status, track=" → ".join(map(str, track)))
        return Result(value, steps, None, miss)


@register
class Combat(Calculator):
    """One combat (USE 5.0): each side's die plus its own modifiers (capped at ±10, maybe halved,
    never below 1: the player aid's Combat Resolution Sequence, charts-public.md 2.1, not the 5.0
    text), and with the user's Combat Results Table the exact chance of each result."""

    slug, game = "use.combat", "use"
    rules = (RuleRef("use", "5.0"),)
    result_names = ("attacker_values", "defender_values", "outcomes", "cells_needed")
    step_names = ("sequence", "cap", "halve", "values", "missing", "outcome")
    attacker_drm = param.Integer(default=0, bounds=(-40, 40), doc="The attacker's total modifier (its own list; the lists are not in the text).")
    defender_drm = param.Integer(default=0, bounds=(-40, 40), doc="The defender's total modifier.")
    attacker_halves = param.Boolean(default=False, doc="An attacker's modifier halves its result after the roll.")
    defender_halves = param.Boolean(default=False, doc="A defender's modifier halves its result after the roll.")
    rounding = param.Selector(default="down", objects=list(ROUNDING), doc="How a halved odd value rounds (not stated: your choice).")

    def compute(self) -> Result:
        # The sequence, the +-10 cap, the halving and the floor of 1 come from the player aid's
        # Combat Resolution Sequence (charts-public.md 2.1), not from the 5.0 text: those steps
        # cite no rule number and name their source in their own text.
        r = RuleRef("use", "5.0")
        steps = [self.step("sequence")]
        for side, drm in (("attacker", self.attacker_drm), ("defender", self.defender_drm)):
            if abs(drm) > DRM_CAP:
                steps.append(self.step("cap", side=side, drm=f"{drm:+d}", capped=f"{max(-10, min(10, drm)):+d}"))
        if self.attacker_halves or self.defender_halves:
            steps.append(self.step("halve", rounding=self.rounding))
        att = final_value(self.attacker_drm, self.attacker_halves, self.rounding)
        dfn = final_value(self.defender_drm, self.defender_halves, self.rounding)
        steps.append(self.step("values", a=f"{att.min}..{att.max}", d=f"{dfn.min}..{dfn.max}"))
        chart = tables.chart("use.crt")
        probs = cell_probabilities(att, dfn)
        codes: dict[str, object] = {}
        missing = []
        for (a, d), p in sorted(probs.items()):
            try:
                code = chart.get((a, d), "result")
            except UnknownCell as err:
                missing.append(MissingValue(err.chart, err.cell, r))
                continue
            codes[code] = codes.get(code, 0) + p
        if missing:
            steps.append(self.step("missing", rule=r, n=len(missing), cells=_Cells(tuple(m.cell for m in missing[:6]))))
        for code, p in codes.items():
            steps.append(self.step("outcome", rule=r, code=code, p=percent(p), fraction=str(p)))
        value = {"attacker_values": _pmf(att), "defender_values": _pmf(dfn),
                 "outcomes": "; ".join(f"{c} {percent(p)}" for c, p in codes.items()) or "-",
                 "cells_needed": len(probs)}
        return Result(value, steps, att, missing)


def _signed(text: str) -> bool:
    """``text`` is a whole number, signed or not (``-2``, ``+1``, ``3``)."""
    return re.fullmatch(r"[+-]?\d+", text) is not None


def _pmf(d) -> str:
    return ", ".join(f"{v}: {p}" for v, p in d.items())
