"""The calculator contract (viewer.calculators) and the core.dice calculator."""
import itertools
import json
from collections import Counter
from fractions import Fraction

import param
import pytest

from viewer.calculators import REGISTRY, Calculator, CalculatorInputError, Result, Step, get, register
from viewer.calculators.common.dice import DiceCalculator
from viewer.dice import ALLOWED_FORMS, parse
from viewer.i18n import LANGUAGES, has, t
from viewer.ruleref import RuleRef

DICE = REGISTRY["core.dice"]


def brute_sum(n, sides, modifier=0):
    counts = Counter(sum(r) + modifier for r in itertools.product(range(1, sides + 1), repeat=n))
    return {o: Fraction(c, sides**n) for o, c in counts.items()}


# -- registry and labels ----------------------------------------------------------------------
def test_registry_holds_core_dice():
    assert DICE is DiceCalculator and get("core.dice") is DiceCalculator
    assert all(slug == cls.slug for slug, cls in REGISTRY.items())


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_every_calculator_is_labelled_in_every_language(slug):
    cls = REGISTRY[slug]
    keys = [cls.label_key("title"), cls.label_key("summary")]
    keys += [cls.label_key("param", p) for p in cls.input_names()]
    keys += [cls.label_key("result", r) for r in cls.result_names]
    keys += [cls.label_key("step", s) for s in cls.step_names]
    missing = [k for k in keys if not has(k)]
    assert not missing, f"{slug}: no label for {missing}"
    for key in keys:
        assert all(t(key, lang).strip() for lang in LANGUAGES)


@pytest.mark.parametrize("slug", sorted(REGISTRY))
def test_every_calculator_declares_what_it_returns(slug):
    cls = REGISTRY[slug]
    for name in cls.input_names():
        assert cls.param[name].doc, f"{slug}: parameter {name} has no doc"
    assert all(isinstance(r, RuleRef) for r in cls.rules)
    result = cls().compute()
    assert isinstance(result, Result)
    assert set(result.value) == set(cls.result_names)
    prefix = cls.label_key("step") + "."
    for step in result.steps:
        assert step.key.startswith(prefix) and step.key[len(prefix):] in cls.step_names
        for lang in LANGUAGES:
            assert step.text(lang)  # the params fill the template in both languages


def test_step_texts_format_in_both_languages_for_every_branch():
    calc = DICE(expression="4d10 keep lowest 2 - 1d4 - d6kh1 + 3d6 + 2 clamp 0..30", target=9)
    names = {s.key.rsplit(".", 1)[1] for s in calc.compute().steps}
    calc2 = DICE(expression="d6 - 2d8 kh 1", target=2)
    names |= {s.key.rsplit(".", 1)[1] for s in calc2.compute().steps}
    assert names == set(DICE.step_names)
    for c in (calc, calc2):
        for step in c.compute().steps:
            en, es = step.text("en"), step.text("es")
            assert en and es and en != es and "{" not in en + es


def test_register_rejects_bad_classes():
    class NoSlug(Calculator):
        def compute(self):
            return Result({})

    with pytest.raises(ValueError, match="slug"):
        register(NoSlug)

    class Clash(DiceCalculator):
        pass

    with pytest.raises(ValueError, match="already registered"):
        register(Clash)

    class WrongGame(Calculator):
        slug = "wif.thing"
        game = "use"

    with pytest.raises(ValueError, match="game"):
        register(WrongGame)
    assert set(REGISTRY) == {c.slug for c in REGISTRY.values()}


def test_unknown_slug_suggests():
    with pytest.raises(CalculatorInputError) as info:
        get("core.dise")
    assert info.value.parameter == "calculator"
    assert "core.dice" in info.value.message and "core.dice" in info.value.allowed


# -- from_inputs ------------------------------------------------------------------------------
def test_from_inputs_types_values():
    calc = DICE.from_inputs(expression="3d6", target="-4")
    assert calc.target == -4 and calc.expression == "3d6"
    assert calc.inputs() == {"expression": "3d6", "target": -4}


@pytest.mark.parametrize("raw, parameter, allowed, words", [
    ({"taget": "3"}, "taget", ["expression", "target"], "did you mean 'target'"),
    ({"target": "seven"}, "target", list(DICE.param["target"].bounds), "whole number"),
    ({"target": "7.5"}, "target", list(DICE.param["target"].bounds), "whole number"),
    ({"target": "1000001"}, "target", list(DICE.param["target"].bounds), "outside"),
])
def test_from_inputs_errors_name_parameter_and_allowed(raw, parameter, allowed, words):
    with pytest.raises(CalculatorInputError) as info:
        DICE.from_inputs(**raw)
    err = info.value
    assert err.parameter == parameter and words in err.message
    assert err.to_json()["error"]["allowed"] == allowed
    json.dumps(err.to_json())


class Toy(Calculator):
    """A calculator used only here, to exercise the conversions the dice calculator lacks."""

    slug = "core.toy"
    weather = param.Selector(default="fine", objects=["fine", "rain", "snow"], doc="weather")
    factor = param.Number(default=1.0, bounds=(0, 10), doc="factor")
    night = param.Boolean(default=False, doc="night")

    def compute(self):
        return Result({"x": self.factor})


def test_from_inputs_selector_number_boolean():
    toy = Toy.from_inputs(weather="rain", factor="2.5", night="yes")
    assert (toy.weather, toy.factor, toy.night) == ("rain", 2.5, True)
    with pytest.raises(CalculatorInputError) as info:
        Toy.from_inputs(weather="rian")
    assert info.value.allowed == ["fine", "rain", "snow"] and "did you mean 'rain'" in info.value.message
    with pytest.raises(CalculatorInputError) as info:
        Toy.from_inputs(factor="11")
    assert info.value.parameter == "factor" and info.value.to_json()["error"]["allowed"] == [0, 10]
    for bad in ("nan", "inf", "x"):
        with pytest.raises(CalculatorInputError):
            Toy.from_inputs(factor=bad)
    with pytest.raises(CalculatorInputError):
        Toy.from_inputs(night="perhaps")


# -- core.dice --------------------------------------------------------------------------------
@pytest.mark.parametrize("n, sides, modifier, target", [(2, 6, 0, 7), (3, 6, 0, 10), (2, 6, -1, 4), (1, 10, 2, 9)])
def test_core_dice_matches_brute_force(n, sides, modifier, target):
    expression = f"{n}d{sides}{modifier:+d}" if modifier else f"{n}d{sides}"
    result = DICE(expression=expression, target=target).compute()
    exact = brute_sum(n, sides, modifier)
    p_le = sum((p for o, p in exact.items() if o <= target), Fraction(0))
    p_ge = sum((p for o, p in exact.items() if o >= target), Fraction(0))
    v = result.value
    assert Fraction(v["p_le_fraction"]) == p_le and v["p_le"] == float(p_le)
    assert Fraction(v["p_ge_fraction"]) == p_ge and v["p_ge"] == float(p_ge)
    assert v["mean"] == float(sum(o * p for o, p in exact.items()))
    assert (v["min"], v["max"]) == (min(exact), max(exact))
    assert dict(result.distribution) == exact
    assert result.missing == []


def test_core_dice_to_json_shape():
    out = DICE.from_inputs(expression="2d6", target="7").to_json()
    assert set(out) == {"calculator", "inputs", "result", "steps", "distribution"}
    assert out["calculator"] == "core.dice" and out["inputs"] == {"expression": "2d6", "target": 7}
    assert out["result"]["p_le_fraction"] == str(sum(Fraction(c, 36) for c in (1, 2, 3, 4, 5, 6)))
    assert out["distribution"] == parse("2d6").to_json()
    assert all(set(s) == {"text", "rule"} for s in out["steps"])
    assert json.loads(json.dumps(out)) == out


def test_core_dice_steps_explain_and_cite_only_for_d10():
    no_d10 = DICE(expression="3d6kh2+1", target=9).compute().steps
    assert all(s.rule is None for s in no_d10)
    texts = " ".join(s.text() for s in no_d10)
    assert "3 d6" in texts and "2 highest" in texts and "+1" in texts
    steps = DICE(expression="4d10 keep highest 2", target=15).compute().steps
    cited = [s for s in steps if s.rule is not None]
    assert [str(s.rule) for s in cited] == ["WiF 2.7"]
    to_json = DICE(expression="d10", target=5).to_json()
    assert "WiF 2.7" in [s["rule"] for s in to_json["steps"]]


@pytest.mark.parametrize("expression", ["2d", "banana", "101d6", "2d6 clamp 3..1"])
def test_core_dice_bad_expression_names_parameter(expression):
    with pytest.raises(CalculatorInputError) as info:
        DICE(expression=expression).compute()
    assert info.value.parameter == "expression"
    assert info.value.allowed == list(ALLOWED_FORMS)


def test_step_is_frozen_and_translates():
    step = Step("calc.core.dice.step.modifier", {"modifier": -2})
    assert step.text("en") != step.text("es") and "-2" in step.text("en")
    with pytest.raises(AttributeError):
        step.key = "x"


def test_base_class_is_abstract():
    assert Calculator.abstract and not DICE.abstract
    with pytest.raises(NotImplementedError):
        Calculator().compute()


def test_results_read_as_words_and_numbers_not_python():
    from fractions import Fraction

    from viewer.calculators.format import shown

    assert shown(True, "en") == "Yes" and shown(False, "es") == "No" and shown(True, "es") == "Sí"
    assert shown(None) == "—" and shown([]) == "—" and shown({}) == "—"
    assert shown(["2L4@0", "2L5@0"]) == "2L4@0, 2L5@0"
    assert shown({"2N5": 2, "2N6": 1}) == "2N5: 2, 2N6: 1"
    assert shown("1/12") == "1/12 (8.3%)" and shown(Fraction(1, 8)) == "1/8 (12.5%)"
    assert shown(0.25) == "0.25" and shown(3.0) == "3"
    assert shown("scattered", "es", term=lambda k: {"scattered": "dispersa"}.get(k, k)) == "dispersa"
    for value in (True, None, [], {}, ["a"], {"a": [1, None]}):
        text = shown(value)
        assert not any(p in text for p in ("True", "None", "[", "{", "'"))
