"""ASL night Rally Phase calculators: rally with DM removal, and Recovery (ASL E1.54, E1.56)."""
from __future__ import annotations

from fractions import Fraction

import param

from viewer.calculators import register
from viewer.calculators.base import (
    Calculator,
    CalculatorInputError,
    MissingValue,
    Result,
)
from viewer.calculators.format import listing, percent
from viewer.dice import Distribution
from viewer.ruleref import RuleRef
from viewer.rules.asl import rally

R_DM, R_REC, R_BLDG, R_REC_A = (RuleRef("asl", "E1.54"), RuleRef("asl", "E1.56"), RuleRef("asl", "A10.61"),
                                RuleRef("asl", "A4.44"))
OUTCOME_CODES = {0: "rallied", 1: "dm-removed", 2: "dm-kept"}


@register
class Rally(Calculator):
    """A broken unit's rally attempt: rallied, DM removed on the original DR, or DM kept (E1.54)."""

    slug, game = "asl.rally", "asl"
    rules = (R_DM, R_BLDG)
    result_names = ("outcome", "modified_dr", "p_rallied", "p_dm_removed", "p_dm_kept")
    step_names = ("drm", "rallied", "dm_removed", "dm_kept", "no_dm", "not_attempted", "odds")

    dr = param.Integer(default=0, bounds=(0, 12), doc="The original rally DR (0: not rolled yet; only the odds).")
    broken_morale = param.Integer(default=8, bounds=(2, 12), doc="The unit's printed broken-side morale.")
    building = param.Boolean(default=True, doc="Rallying in a building: -1 DRM (A10.61).")
    other_drm = param.Integer(default=4, bounds=(-10, 10), doc="""
        Every other rally DRM (leader, DM …) as one net number: yours to give, the summary lists none.""")
    dm = param.Boolean(default=True, doc="The unit is under Desperation Morale.")
    attempted = param.Boolean(default=True, doc="The unit tries to rally (if not, the DM stays).")

    def compute(self) -> Result:
        drm = (-1 if self.building else 0) + self.other_drm
        value = dict.fromkeys(self.result_names)
        steps = [self.step("drm", rule=R_BLDG, building=-1 if self.building else 0, other=f"{self.other_drm:+d}",
                           drm=f"{drm:+d}")]
        odds = rally.rally_distribution(drm, self.broken_morale, self.dm)
        value.update(p_rallied=str(odds["rallied"]), p_dm_removed=str(odds["dm-removed"]),
                     p_dm_kept=str(odds["dm-kept"]))
        if not self.attempted:
            steps.append(self.step("not_attempted", rule=R_DM))
            value["outcome"] = "not-attempted"
        elif self.dr:
            if self.dr < 2:
                raise CalculatorInputError("dr", f"a 2d6 roll is 2..12, not {self.dr}", [2, 12])
            out = rally.rally_outcome(self.dr, drm, self.broken_morale, self.dm)
            name = {"rallied": "rallied", "dm-removed": "dm_removed", "dm-kept": "dm_kept" if self.dm else "no_dm"}[out]
            steps.append(self.step(name, rule=R_DM, dr=self.dr, mdr=self.dr + drm, morale=self.broken_morale))
            value.update(outcome=out, modified_dr=self.dr + drm)
        steps.append(self.step("odds", rule=R_DM, rallied=percent(odds["rallied"]), removed=percent(odds["dm-removed"]),
                               kept=percent(odds["dm-kept"])))
        codes = {v: k for k, v in OUTCOME_CODES.items()}
        dist = Distribution({codes[k]: p for k, p in odds.items() if p})
        return Result(value, steps, dist, outcome_labels=OUTCOME_CODES)


@register
class Recovery(Calculator):
    """A Recovery attempt at night: +1 drm (E1.56); the success threshold is yours to give."""

    slug, game = "asl.recovery", "asl"
    rules = (R_REC, R_REC_A)
    result_names = ("drm", "modified_dr", "success", "success_rolls", "p_success")
    step_names = ("drm", "threshold_missing", "roll_ok", "roll_fail", "rolls")

    dr = param.Integer(default=0, bounds=(0, 6), doc="The recovery dr (0: not rolled yet; only the odds).")
    night = param.Boolean(default=True, doc="It is night (+1 drm).")
    other_drm = param.Integer(default=0, bounds=(-6, 6), doc="Other drm (jungle +2 …), from your rules.")
    threshold = param.Integer(default=0, bounds=(0, 12), doc="""
        Success when the modified dr is this or less (not in the night summary; 0: not given).""")

    def compute(self) -> Result:
        drm = rally.recovery_drm(self.night, self.other_drm)
        value = dict.fromkeys(self.result_names)
        value["drm"] = drm
        steps = [self.step("drm", rule=R_REC, night=1 if self.night else 0, other=f"{self.other_drm:+d}", drm=f"{drm:+d}")]
        if self.dr:
            value["modified_dr"] = self.dr + drm
        if not self.threshold:
            steps.append(self.step("threshold_missing", rule=R_REC_A))
            return Result(value, steps, None, [MissingValue("asl.recovery", "success threshold", R_REC_A)])
        rolls = rally.recovery_rolls(drm, self.threshold)
        p = Fraction(len(rolls), 6)
        value.update(success_rolls=rolls, p_success=str(p))
        if self.dr:
            value["success"] = rally.recovery_success(self.dr, drm, self.threshold)
            steps.append(self.step("roll_ok" if value["success"] else "roll_fail", rule=R_REC, dr=self.dr,
                                   mdr=self.dr + drm, threshold=self.threshold))
        steps.append(self.step("rolls", rule=R_REC, rolls=listing(rolls), p=percent(p)))
        dist = Distribution({1: p, 0: 1 - p}) if 0 < p < 1 else Distribution({1 if p else 0: 1})
        return Result(value, steps, dist, outcome_labels={1: "success", 0: "failure"})
