"""``starcraft.control`` (both tables of SC 8.9.1) and ``starcraft.score`` (SC 8.9.3, 8.9.6, 8.10)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Result
from viewer.calculators.starcraft.common import StarcraftCalculator, int_list, sc
from viewer.rules.starcraft.control import may_contest, resolve_control
from viewer.rules.starcraft.scoring import final_score, first_player_after_round


@register
class ControlCalculator(StarcraftCalculator):
    """Who controls a mission marker after this Scoring Phase, and whether one unit may contest."""

    slug = "starcraft.control"
    rules = (sc("8.9.1"),)
    result_names = ("controller", "row", "supply_a", "supply_b", "unit_may_contest", "unit_reason")
    step_names = ("sums", "higher", "contested", "alone", "nobody", "unit_ok", "unit_no")

    previous = param.Selector(default="none", objects=["none", "A", "B"], doc="Who controls the marker now (none = neutral).")
    contesting_a = param.String(default="7", doc="Current Supply of each of A's contesting units, comma separated (empty: none).")
    contesting_b = param.String(default="7", doc="Current Supply of each of B's contesting units, comma separated (empty: none).")
    unit_on_table = param.Boolean(default=True, doc="Unit check: the unit is on the battlefield (not in Reserves).")
    unit_air = param.Boolean(default=False, doc="Unit check: the unit has the Air (Flying) Combat Tag.")
    unit_burrowed = param.Boolean(default=False, doc="Unit check: the unit is Burrowed.")
    unit_in_coherency = param.Boolean(default=True, doc="Unit check: the unit is in Coherency.")
    unit_in_reach = param.Boolean(default=True, doc="Unit check: a model within 3\" (base edge), with LoS, same elevation.")

    def compute(self) -> Result:
        a, b = int_list("contesting_a", self.contesting_a), int_list("contesting_b", self.contesting_b)
        prev = None if self.previous == "none" else self.previous
        res = resolve_control(prev, a, b)
        owner = res.controller or "none"
        steps = [self.step("sums", sc("8.9.1"), a=res.supply_a, b=res.supply_b)]
        steps.append(self.step(res.row, sc("8.9.1"), owner=owner))
        check = may_contest(self.unit_on_table, self.unit_air, self.unit_burrowed, self.unit_in_coherency, self.unit_in_reach)
        steps.append(self.step("unit_ok" if check.allowed else "unit_no", sc("8.9.1"), reason=check.reason))
        return Result({"controller": owner, "row": res.row, "supply_a": res.supply_a, "supply_b": res.supply_b,
                       "unit_may_contest": check.allowed, "unit_reason": check.reason}, steps)


@register
class ScoreCalculator(StarcraftCalculator):
    """Victory points round by round, the wipe-out bonus, reserves counted destroyed, the winner."""

    slug = "starcraft.score"
    rules = (sc("8.9.3"), sc("8.9.6"), sc("8.10"))
    result_names = ("total_a", "total_b", "cumulative_a", "cumulative_b", "winner", "next_first_player")
    step_names = ("rounds", "wipe", "reserves", "winner", "tie", "initiative", "initiative_tie")

    vp_a = param.String(default="3, 2", doc="A's VP scored in each round so far (Mission Card), comma separated.")
    vp_b = param.String(default="1, 2", doc="B's VP scored in each round so far, comma separated.")
    wiped_out = param.Selector(default="none", objects=["none", "A", "B"], doc="A player left with no model on the table and none in Reserves.")
    reserve_vp_a = param.Integer(default=0, bounds=(0, 1000), doc="VP A earns for B's units still in Reserves at the final Scoring Phase (counted destroyed).")
    reserve_vp_b = param.Integer(default=0, bounds=(0, 1000), doc="VP B earns for A's units still in Reserves at the final Scoring Phase.")

    def compute(self) -> Result:
        from viewer.calculators.base import CalculatorInputError
        from viewer.rules.starcraft.scoring import ScoringError

        a, b = int_list("vp_a", self.vp_a), int_list("vp_b", self.vp_b)
        wiped = None if self.wiped_out == "none" else self.wiped_out
        said = (self.step("rounds_differ", a=len(a), b=len(b)) if len(a) != len(b)
                else self.step("too_many_rounds", n=len(a)) if len(a) > 5 else None)
        try:
            s = final_score(a, b, wiped, self.reserve_vp_a, self.reserve_vp_b)
        except ScoringError as err:
            raise CalculatorInputError("vp_b", str(err), "one value per round for each player, at most 5",
                                       said=said) from None
        steps = [self.step("rounds", sc("8.9.2"), a=sum(a), b=sum(b))]
        if wiped:
            steps.append(self.step("wipe", sc("8.9.3"), loser=wiped, winner="B" if wiped == "A" else "A"))
        if self.reserve_vp_a or self.reserve_vp_b:
            steps.append(self.step("reserves", sc("8.10"), a=self.reserve_vp_a, b=self.reserve_vp_b))
        steps.append(self.step("winner", sc("8.10"), winner=s.winner, a=s.total_a, b=s.total_b) if s.winner
                     else self.step("tie", sc("8.10"), a=s.total_a))
        nxt = first_player_after_round(s.cumulative_a[-1] if a else 0, s.cumulative_b[-1] if b else 0)
        steps.append(self.step("initiative", sc("8.9.6"), player=nxt) if nxt else self.step("initiative_tie", sc("8.9.6")))
        return Result({"total_a": s.total_a, "total_b": s.total_b, "cumulative_a": list(s.cumulative_a),
                       "cumulative_b": list(s.cumulative_b), "winner": s.winner or "tie",
                       "next_first_player": nxt or "roll-off"}, steps)
