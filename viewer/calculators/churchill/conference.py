"""Churchill conference calculators: issue movement, agenda, conference winner (Churchill 4.21-5.27)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, Result
from viewer.ruleref import RuleRef
from viewer.rules.churchill import agenda as ag
from viewer.rules.churchill.table import (
    CARD_KINDS,
    CHAIR,
    NATIONS,
    OVERSHOOT_READINGS,
    TRACK_BOXES,
    Position,
    card_value,
    resolve,
)


def R(n: str) -> RuleRef:
    return RuleRef("churchill", n)


TRACKS = ("centre", *NATIONS)
NOBODY = ("none", *NATIONS)


def where(p: Position) -> str:
    return "centre" if p.centre else (f"{p.track} chair" if p.captured else f"{p.track} {p.box}")


def _nations(flags: dict[str, bool]) -> list[str]:
    return [n for n in NATIONS if flags[n]]


def _tie_refused(calc: Calculator, err: ValueError) -> CalculatorInputError:
    """A tie given no winner, said in the page's language (4.51)."""
    if isinstance(err, ag.TieChoiceNeeded):
        return CalculatorInputError("tie_choice", str(err), list(err.tied),
                                    said=calc.step("tie_choice_needed", chooser=err.chooser))
    return CalculatorInputError("tie_choice", str(err), list(NATIONS))


def _tie_steps(calc: Calculator, tie: ag.TieBreak | None, rule: RuleRef) -> list:
    if tie is None:
        return []
    steps = [calc.step("tie", rule=rule, tied=", ".join(tie.tied), offered=", ".join(tie.offered) or "-")]
    if tie.leader:
        steps.append(calc.step("tie_leader", rule=R("4.51"), leader=tie.leader, winner=tie.winner))
    else:
        steps.append(calc.step("tie_us", rule=R("4.53"), winner=tie.winner))
    return steps


class _TieInputs(Calculator):
    __abstract = True
    tie_leader = param.Selector(default="none", objects=list(NOBODY), doc="""
        In a tie, the Leader committed to break it (Leaders are offered from Stalin to his left; the first one committed decides).""")
    tie_choice = param.Selector(default="none", objects=list(NOBODY), doc="""
        Whom an uninvolved Leader (or the US when no Leader is used and the US is not tied) gives the tie to.""")
    uk_leader_active = param.Boolean(default=True, doc="Churchill's Leader is active (may break a tie).")
    us_leader_active = param.Boolean(default=True, doc="Roosevelt's Leader is active.")
    ussr_leader_active = param.Boolean(default=True, doc="Stalin's Leader is active.")

    def _tie_args(self) -> dict:
        active = _nations({"UK": self.uk_leader_active, "US": self.us_leader_active, "USSR": self.ussr_leader_active})
        if self.tie_leader != "none" and self.tie_leader not in active:
            raise CalculatorInputError("tie_leader", f"{self.tie_leader}'s Leader is inactive and cannot break a tie", active)
        return {"committed": [] if self.tie_leader == "none" else [self.tie_leader], "active": active,
                "choice": None if self.tie_choice == "none" else self.tie_choice}


@register
class IssueMove(Calculator):
    """Advance an issue with a card, maybe debated, and see where it lands (Churchill 5.22-5.26)."""

    slug, game = "churchill.issue-move", "churchill"
    rules = (R("5.22"), R("5.23"), R("5.24"), R("5.25"), R("5.26"), R("3.32"))
    result_names = ("start", "end", "captured_by", "would_capture", "advance_value", "debate_value", "difference",
                    "stopped_in_centre")
    step_names = ("advance", "nyet", "leader", "cos", "would_capture", "captured", "debate_first", "diff_advancer",
                  "diff_debater", "diff_zero", "moved", "debated", "stopped", "captured_by_debater", "overshoot")

    track = param.Selector(default="centre", objects=list(TRACKS), doc="The track the issue is on (centre = box 0).")
    box = param.Integer(default=0, bounds=(0, TRACK_BOXES), doc="The issue's box on that track (0 = centre).")
    mover = param.Selector(default="UK", objects=list(NATIONS), doc="The nation advancing the issue.")
    card = param.Integer(default=3, bounds=(0, 12), doc="""
        The advancing card's printed value (a Chief of Staff: the d6 rolled; a Leader: the Leader's value).""")
    card_kind = param.Selector(default="advisor", objects=list(CARD_KINDS), doc="Advisor, Leader or Chief of Staff card.")
    bonus = param.Integer(default=0, bounds=(-6, 6), doc="The card's attribute bonus or penalty for this issue (e.g. +1 to production issues).")
    debater = param.Selector(default="none", objects=list(NOBODY), doc="The nation debating the advance (the player to the advancer's left has first option).")
    debate_card = param.Integer(default=2, bounds=(0, 12), doc="The debating card's printed value.")
    debate_kind = param.Selector(default="advisor", objects=list(CARD_KINDS), doc="The debating card's kind.")
    debate_bonus = param.Integer(default=0, bounds=(-6, 6), doc="The debating card's attribute bonus or penalty.")
    conditional = param.Boolean(default=False, doc="The issue is Second Front or USSR Declares War on Japan.")
    stop_in_centre = param.Boolean(default=False, doc="A conditional issue entering the centre is stopped there by the advancer.")
    debater_stops = param.Boolean(default=False, doc="A conditional issue entering the centre is stopped there by the debater.")
    overshoot = param.Selector(default="debater_track", objects=list(OVERSHOOT_READINGS), doc="""
        Setting (the text is silent): a capture debate won by more than the issue's distance from the centre
        carries it on to the debater's track, or stops it in the centre.""")

    def compute(self) -> Result:
        if (self.track == "centre") != (self.box == 0):
            raise CalculatorInputError("box", "the centre is box 0 and a track box is 1..6", {"centre": [0], "track": [1, TRACK_BOXES]})
        if self.debater == self.mover:
            raise CalculatorInputError("debater", f"{self.mover} cannot debate his own advance", [n for n in NOBODY if n != self.mover])
        for kind, val, name in ((self.card_kind, self.card, "card"), (self.debate_kind, self.debate_card, "debate_card")):
            if kind == "chief_of_staff" and not 1 <= val <= 6:
                raise CalculatorInputError(name, "a Chief of Staff's value is a d6 roll, 1..6", [1, 6])
        debater = None if self.debater == "none" else self.debater
        if debater and self.card_kind == "leader" and self.debate_kind != "leader":
            raise CalculatorInputError("debate_kind", "an issue advanced with a Leader can only be debated by another Leader (5.24)", ["leader"])
        start = Position.make(self.track, self.box)
        v = card_value(self.card, self.mover, "advance", self.card_kind, self.bonus)
        steps = [self.step("advance", rule=R("5.22"), nation=self.mover, card=self.card, bonus=f"{self.bonus:+d}", value=v)]
        if self.card_kind == "leader":
            steps.append(self.step("leader", rule=R("5.26"), nation=self.mover))
        if self.card_kind == "chief_of_staff":
            steps.append(self.step("cos", rule=R("5.25"), roll=self.card))
        w = 0
        if debater:
            w = card_value(self.debate_card, debater, "debate", self.debate_kind, self.debate_bonus)
            if debater == "USSR" and self.debate_kind != "leader":
                steps.append(self.step("nyet", rule=R("3.32"), value=w))
        try:
            out = resolve(start, self.mover, v, debater, w, self.conditional, self.stop_in_centre, self.debater_stops,
                          self.overshoot)
        except ValueError as err:
            raise CalculatorInputError("track", str(err)) from None
        if out.would_capture:
            steps.append(self.step("would_capture", rule=R("5.23"), nation=self.mover, chair=CHAIR))
            if debater is None:
                steps.append(self.step("captured", rule=R("5.23"), nation=self.mover))
            else:
                steps.append(self.step("debate_first", rule=R("5.23"), debater=debater, value=w))
                d = out.difference
                key = "diff_advancer" if d > 0 else "diff_debater" if d < 0 else "diff_zero"
                steps.append(self.step(key, rule=R("5.23"), advance=v, debate=w, diff=abs(d), end=where(out.end)))
                if d < 0 and not start.centre and start.track not in (debater,) and -d > start.box:
                    steps.append(self.step("overshoot", rule=R("5.23"), reading=self.overshoot))
        else:
            steps.append(self.step("moved", rule=R("5.22"), path=" → ".join(out.path[:2])))
            if debater:
                steps.append(self.step("debated", rule=R("5.24"), debater=debater, value=w, end=where(out.end)))
        if out.stopped_in_centre:
            steps.append(self.step("stopped", rule=R("5.22")))
        if out.captured_by and out.captured_by != self.mover:
            steps.append(self.step("captured_by_debater", rule=R("5.24"), nation=out.captured_by))
        return Result({"start": where(start), "end": where(out.end), "captured_by": out.captured_by,
                       "would_capture": out.would_capture, "advance_value": v, "debate_value": out.debate_value,
                       "difference": out.difference, "stopped_in_centre": out.stopped_in_centre}, steps)


@register
class Agenda(_TieInputs):
    """The Agenda Segment: winner, where his issue goes, who then puts pairs in the centre (Churchill 4.21, 5.13, 5.14)."""

    slug, game = "churchill.agenda", "churchill"
    rules = (R("4.21"), R("5.13"), R("5.14"), R("4.51"), R("4.53"), R("3.32"))
    result_names = ("uk_value", "us_value", "ussr_value", "winner", "difference", "placement", "pair_order")
    step_names = ("values", "uk_bonus", "winner", "tie", "tie_leader", "tie_us", "placement", "centre", "beyond", "pairs",
                  "tie_choice_needed")

    uk_card = param.Integer(default=2, bounds=(0, 12), doc="Churchill's advisor card (printed value; a Chief of Staff: the d6 rolled).")
    us_card = param.Integer(default=4, bounds=(0, 12), doc="Roosevelt's advisor card.")
    ussr_card = param.Integer(default=1, bounds=(0, 12), doc="Stalin's advisor card.")

    def compute(self) -> Result:
        tie_args = self._tie_args()
        try:
            a = ag.agenda({"UK": self.uk_card, "US": self.us_card, "USSR": self.ussr_card}, **tie_args)
        except ValueError as err:
            raise _tie_refused(self, err) from None
        steps = [self.step("uk_bonus", rule=R("3.32"), card=self.uk_card, value=a.values["UK"]),
                 self.step("values", rule=R("5.13"), uk=a.values["UK"], us=a.values["US"], ussr=a.values["USSR"])]
        steps += _tie_steps(self, a.tie, R("4.51"))
        steps.append(self.step("winner", rule=R("5.13"), winner=a.winner))
        if a.difference == 0:
            steps.append(self.step("centre", rule=R("5.14")))
        else:
            steps.append(self.step("placement", rule=R("5.14"), winner=a.winner, value=a.values[a.winner],
                                   lowest=a.lowest_other, diff=a.difference, box=a.placement.box))
        if a.beyond_track:
            steps.append(self.step("beyond", rule=R("5.14"), diff=a.difference))
        steps.append(self.step("pairs", rule=R("4.21"), order=" → ".join(a.order)))
        return Result({"uk_value": a.values["UK"], "us_value": a.values["US"], "ussr_value": a.values["USSR"],
                       "winner": a.winner, "difference": a.difference, "placement": where(a.placement),
                       "pair_order": list(a.order)}, steps)


@register
class ConferenceWinner(_TieInputs):
    """Who won the conference: most issues on his track or in his chair (Churchill 5.27, 4.52)."""

    slug, game = "churchill.conference-winner", "churchill"
    rules = (R("5.27"), R("4.23"), R("4.52"), R("4.53"))
    result_names = ("winner", "uk_won", "us_won", "ussr_won", "decision_order")
    step_names = ("count", "winner", "tie", "tie_leader", "tie_us", "order", "tie_choice_needed")

    uk_won = param.Integer(default=3, bounds=(0, 40), doc="Issues on the UK track or in Churchill's chair.")
    us_won = param.Integer(default=2, bounds=(0, 40), doc="Issues on the US track or in Roosevelt's chair.")
    ussr_won = param.Integer(default=2, bounds=(0, 40), doc="Issues on the USSR track or in Stalin's chair.")

    def compute(self) -> Result:
        won = {"UK": self.uk_won, "US": self.us_won, "USSR": self.ussr_won}
        tie_args = self._tie_args()
        try:
            r = ag.conference_winner(won, **tie_args)
        except ValueError as err:
            raise _tie_refused(self, err) from None
        order = ag.starting_left_of(r.winner)
        steps = [self.step("count", rule=R("5.27"), uk=self.uk_won, us=self.us_won, ussr=self.ussr_won)]
        steps += _tie_steps(self, r.tie, R("4.52"))
        steps += [self.step("winner", rule=R("5.27"), winner=r.winner),
                  self.step("order", rule=R("4.23"), order=" → ".join(order))]
        return Result({"winner": r.winner, "uk_won": self.uk_won, "us_won": self.us_won, "ussr_won": self.ussr_won,
                       "decision_order": list(order)}, steps)
