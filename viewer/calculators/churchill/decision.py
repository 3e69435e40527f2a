"""Churchill Decision Segment calculators: production, directed offensives, theater leadership, Pol-Mil (6.3-6.9, 5.12)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, Result
from viewer.calculators.churchill.conference import NOBODY, R
from viewer.calculators.format import percent
from viewer.dice import Distribution
from viewer.rules.churchill import decision as dec
from viewer.rules.churchill import polmil as pm
from viewer.rules.churchill.table import NATIONS


@register
class Production(Calculator):
    """Production markers of each nation this conference (Churchill 4.23.3, 6.32)."""

    slug, game = "churchill.production", "churchill"
    rules = (R("4.23.3"), R("6.3"), R("6.32"))
    result_names = ("uk", "us", "ussr")
    step_names = ("base", "card", "took", "own_issue", "strategic_materials", "arctic", "murmansk", "total")

    uk_card_bonus = param.Integer(default=0, bounds=(-10, 10), doc="Production the conference card gives (or takes from) the UK.")
    us_card_bonus = param.Integer(default=0, bounds=(-10, 10), doc="Production the conference card gives the US.")
    ussr_card_bonus = param.Integer(default=0, bounds=(-10, 10), doc="Production the conference card gives the USSR.")
    uk_production_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won the UK Production issue (none: not in play or in the centre).")
    us_production_1_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won the first US Production issue.")
    us_production_2_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won the second US Production issue.")
    ussr_production_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won a USSR Production issue (if the conference has one).")
    strategic_materials = param.Selector(default="absent", objects=list(dec.STRATEGIC_MATERIALS), doc="""
        Strategic Materials: not in this conference, ended in the centre, or won by a nation.""")
    arctic_naval = param.Integer(default=0, bounds=(0, dec.NAVAL_CAP), doc="Naval markers in the Arctic Theater box (3 or more: USSR +1).")
    murmansk = param.Boolean(default=False, doc="The conference card grants the USSR a Murmansk convoy marker.")

    def compute(self) -> Result:
        issues = [(o, None if w == "none" else w) for o, w in (
            ("UK", self.uk_production_won_by), ("US", self.us_production_1_won_by),
            ("US", self.us_production_2_won_by), ("USSR", self.ussr_production_won_by))]
        p = dec.production({"UK": self.uk_card_bonus, "US": self.us_card_bonus, "USSR": self.ussr_card_bonus},
                           issues, self.strategic_materials, self.arctic_naval, self.murmansk)
        steps = []
        for n, reason, v in p.items:
            if reason == "base":
                steps.append(self.step("base", rule=R("4.23.3"), nation=n, value=v))
            elif reason == "card":
                steps.append(self.step("card", rule=R("6.32"), nation=n, value=f"{v:+d}"))
            elif reason.startswith("took_"):
                steps.append(self.step("took", rule=R("6.32"), nation=n, owner=reason[5:]))
            elif reason == "own_issue":
                steps.append(self.step("own_issue", rule=R("6.32"), nation=n))
            elif reason in ("strategic_materials", "arctic", "murmansk"):
                steps.append(self.step(reason, rule=R("6.32"), nation=n))
        steps.append(self.step("total", rule=R("6.3"), uk=p.total["UK"], us=p.total["US"], ussr=p.total["USSR"]))
        return Result({"uk": p.total["UK"], "us": p.total["US"], "ussr": p.total["USSR"]}, steps)


@register
class DirectedOffensive(Calculator):
    """Which support markers a Directed Offensive takes (Churchill 6.7)."""

    slug, game = "churchill.directed-offensive", "churchill"
    rules = (R("6.7"), R("6.5"), R("6.21"))
    result_names = ("naval", "offensive", "unmet", "theater_naval_after")
    step_names = ("land", "amphibious", "naval", "offensive", "partial", "no_second_front")

    entry = param.Selector(default="amphibious", objects=list(dec.NAVAL_THRESHOLD), doc="The entry box: land, amphibious, or Normandy.")
    theater_naval = param.Integer(default=2, bounds=(0, dec.NAVAL_CAP), doc="Naval markers already in the theater box.")
    production = param.Integer(default=2, bounds=(0, 20), doc="Production the flag owner has left for this Directed Offensive.")
    second_front_in_centre = param.Boolean(default=True, doc="Second Front ended this conference in the centre (needed to enter Normandy).")

    def compute(self) -> Result:
        d = dec.directed_offensive(self.entry, self.theater_naval, self.production)
        steps = [self.step("land" if self.entry == "land" else "amphibious", rule=R("6.7"), threshold=d.threshold,
                           have=self.theater_naval)]
        if d.naval:
            steps.append(self.step("naval", rule=R("6.7"), n=d.naval, after=d.theater_naval_after))
        if d.offensive:
            steps.append(self.step("offensive", rule=R("6.7"), n=d.offensive))
        if d.unmet:
            steps.append(self.step("partial", rule=R("6.7"), n=d.unmet))
        if self.entry == "normandy" and not self.second_front_in_centre:
            steps.append(self.step("no_second_front", rule=R("6.21")))
        return Result({"naval": d.naval, "offensive": d.offensive, "unmet": d.unmet,
                       "theater_naval_after": d.theater_naval_after}, steps)


@register
class TheaterLeadership(Calculator):
    """Support markers from theater commands and Theater Leadership issues (Churchill 6.91, 6.92)."""

    slug, game = "churchill.theater-leadership", "churchill"
    rules = (R("6.9"), R("6.91"), R("6.92"), R("4.23.5"))
    result_names = ("europe_holder", "pacific_holder", "uk_europe", "uk_pacific", "us_europe", "us_pacific",
                    "ussr_europe", "ussr_pacific")
    step_names = ("command", "issue", "holder", "order_note")

    europe_holder = param.Selector(default="UK", objects=list(dec.COMMANDERS), doc="Who holds the Europe command now (campaign start: the UK).")
    pacific_holder = param.Selector(default="US", objects=list(dec.COMMANDERS), doc="Who holds the Pacific command now (campaign start: the US).")
    europe_issue_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won the Europe Leadership issue (none: not won).")
    pacific_issue_won_by = param.Selector(default="none", objects=list(NOBODY), doc="Who won the Pacific Leadership issue.")
    europe_new_holder = param.Selector(default="UK", objects=list(dec.COMMANDERS), doc="Whom the Europe issue's winner gives the command.")
    pacific_new_holder = param.Selector(default="US", objects=list(dec.COMMANDERS), doc="Whom the Pacific issue's winner gives the command.")

    def compute(self) -> Result:
        winners = {"europe": None if self.europe_issue_won_by == "none" else self.europe_issue_won_by,
                   "pacific": None if self.pacific_issue_won_by == "none" else self.pacific_issue_won_by}
        lead = dec.theater_leadership({"europe": self.europe_holder, "pacific": self.pacific_holder}, winners,
                                      {"europe": self.europe_new_holder, "pacific": self.pacific_new_holder})
        steps = []
        for n, th, reason, k in lead.items:
            steps.append(self.step(reason, rule=R("6.91" if reason == "command" else "6.92"), nation=n, theater=th, n=k))
        for th in dec.THEATERS:
            if winners[th]:
                steps.append(self.step("holder", rule=R("6.92"), nation=winners[th], theater=th, holder=lead.holders[th]))
        steps.append(self.step("order_note", rule=R("6.91")))
        m = lead.markers
        return Result({"europe_holder": lead.holders["europe"], "pacific_holder": lead.holders["pacific"],
                       **{f"{n.lower()}_{th}": m[n][th] for n in NATIONS for th in dec.THEATERS}}, steps)


@register
class PolMil(Calculator):
    """The Pol-Mil table as an exact distribution, and what a roll does at a location (Churchill 5.12)."""

    slug, game = "churchill.pol-mil", "churchill"
    rules = (R("5.12"), R("4.31"), R("4.32"), R("3.23"))
    result_names = ("location", "colony", "p_location", "p_at_least_once", "actions", "networks_after",
                    "network_owner_after", "alignment_owner_after")
    step_names = ("roll", "chance", "rule1", "rule2_placed", "rule2_discarded", "rule3_lost", "rule3_placed",
                  "rule3_discarded", "rule4", "rule5", "network_owner_needed")

    red = param.Integer(default=3, bounds=(1, 6), doc="The red die (row).")
    blue = param.Integer(default=4, bounds=(1, 6), doc="The blue die (column).")
    rolls = param.Integer(default=1, bounds=(1, 12), doc="How many Pol-Mil rolls the card calls for (for the chance of this location).")
    player = param.Selector(default="UK", objects=list(NATIONS), doc="The player placing the marker.")
    marker = param.Selector(default="network", objects=list(pm.MARKERS), doc="Network or Alignment marker.")
    times = param.Integer(default=1, bounds=(1, 6), doc="Chances at this same location (carried out one after another).")
    network_owner = param.Selector(default="none", objects=list(NOBODY), doc="Whose Networks are there now.")
    networks = param.Integer(default=0, bounds=(0, pm.MAX_NETWORKS), doc="How many Networks are there (0-2).")
    alignment_owner = param.Selector(default="none", objects=list(NOBODY), doc="Whose Alignment marker is there now.")

    def compute(self) -> Result:
        loc = pm.location(self.red, self.blue)
        p = pm.probabilities()[loc]
        owner = None if self.network_owner == "none" else self.network_owner
        try:
            state = pm.LocationState(owner, self.networks, None if self.alignment_owner == "none" else self.alignment_owner)
        except ValueError as err:
            raise CalculatorInputError("network_owner", str(err), list(NOBODY),
                                       said=self.step("network_owner_needed")) from None
        steps = [self.step("roll", rule=R("5.12"), red=self.red, blue=self.blue, location=loc),
                 self.step("chance", rule=R("5.12"), location=loc, count=pm.counts()[loc], p=percent(p), rolls=self.rolls,
                           p_any=percent(pm.p_at_least_once(loc, self.rolls)))]
        done = pm.place_repeated(state, self.player, self.marker, self.times)
        if self.times > 1:
            steps.append(self.step("rule5", rule=R("5.12"), times=self.times))
        keys = {"removed_network": "rule1", "placed_network": "rule2_placed", "discarded_at_limit": "rule2_discarded",
                "alignment_lost": "rule3_lost", "placed_alignment": "rule3_placed", "removed_alignment": "rule4"}
        for d in done:
            key = keys[d.action]
            if d.action == "discarded_at_limit" and self.marker == "alignment":
                key = "rule3_discarded"
            steps.append(self.step(key, rule=R("5.12"), player=self.player, location=loc))
        after = done[-1].after
        dist = Distribution({i: pm.probabilities()[name] for i, name in enumerate(pm.LOCATIONS)})
        return Result({"location": loc, "colony": loc in pm.COLONIES, "p_location": str(p),
                       "p_at_least_once": str(pm.p_at_least_once(loc, self.rolls)),
                       "actions": [d.action for d in done], "networks_after": after.networks,
                       "network_owner_after": after.network_owner, "alignment_owner_after": after.alignment_owner},
                      steps, dist, outcome_labels=dict(enumerate(pm.LOCATIONS)))
