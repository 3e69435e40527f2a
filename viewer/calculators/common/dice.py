"""``core.dice``: the exact distribution of a dice expression and P(<= target), P(>= target)."""
from __future__ import annotations

import param

from viewer.calculators import register
from viewer.calculators.base import Calculator, CalculatorInputError, Result, Step
from viewer.calculators.format import percent
from viewer.dice import ALLOWED_FORMS, DiceExpressionError, distribution_of, parse_expression
from viewer.ruleref import RuleRef

#: A WiF d10's 0 face reads 10, so a d10 gives 1..10.
D10_RULE = RuleRef("wif", "2.7")


@register
class DiceCalculator(Calculator):
    """Roll a dice expression: exact probabilities of reaching, or staying under, a target."""

    slug = "core.dice"
    game = "core"
    rules = (D10_RULE,)
    result_names = ("p_le", "p_ge", "p_le_fraction", "p_ge_fraction", "mean", "min", "max")
    step_names = ("roll", "roll_one", "keep_highest", "keep_lowest", "subtract", "d10", "modifier",
                  "clamp", "range", "p_le", "p_ge")
    card_hides = ("p_le", "p_ge")   # shown exactly as p_le_fraction, p_ge_fraction

    expression = param.String(default="2d6", doc="""
        The dice to roll, e.g. 2d6, d10+2, 2d6-1, 4d10 keep highest 2, 3d6kh2 or
        d10 clamp 1..10. Faces run 1..S; a d10's 0 reads 10 (WiF 2.7).""")

    target = param.Integer(default=7, bounds=(-100_000, 100_000), doc="""
        The total to compare with: the result gives P(total <= target) and P(total >= target).""")

    def compute(self) -> Result:
        try:
            expr = parse_expression(self.expression)
            dist = distribution_of(expr)
        except DiceExpressionError as err:
            raise CalculatorInputError("expression", err.problem, list(ALLOWED_FORMS), kind="dice",
                                     value=self.expression) from None
        steps: list[Step] = []
        for term in expr.terms:
            if term.count == 1:
                steps.append(self.step("roll_one", sides=term.sides))
            elif term.keep is None or term.keep == term.count:
                steps.append(self.step("roll", count=term.count, sides=term.sides))
            else:
                name = "keep_highest" if term.highest else "keep_lowest"
                steps.append(self.step(name, count=term.count, sides=term.sides, keep=term.keep))
            if term.sign < 0:
                steps.append(self.step("subtract", count=term.count, sides=term.sides))
        if 10 in expr.sides_used:
            steps.append(self.step("d10", rule=D10_RULE))
        if expr.modifier:
            steps.append(self.step("modifier", modifier=expr.modifier))
        if expr.clamp:
            steps.append(self.step("clamp", lo=expr.clamp[0], hi=expr.clamp[1]))
        p_le, p_ge, mean = dist.p_le(self.target), dist.p_ge(self.target), dist.mean()
        steps.append(self.step("range", min=dist.min, max=dist.max, mean=float(mean)))
        steps.append(self.step("p_le", target=self.target, fraction=str(p_le), percent=percent(p_le)))
        steps.append(self.step("p_ge", target=self.target, fraction=str(p_ge), percent=percent(p_ge)))
        value = {
            "p_le": float(p_le),
            "p_ge": float(p_ge),
            "p_le_fraction": str(p_le),
            "p_ge_fraction": str(p_ge),
            "mean": float(mean),
            "min": dist.min,
            "max": dist.max,
        }
        return Result(value=value, steps=steps, distribution=dist)
