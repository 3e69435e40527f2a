"""Exact dice distributions (viewer.dice) against brute-force enumeration."""
import itertools
from collections import Counter
from fractions import Fraction

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from viewer.dice import (
    ALLOWED_FORMS,
    DiceExpressionError,
    Distribution,
    constant,
    dice,
    die,
    keep,
    parse,
    parse_expression,
)


def brute(n, sides, k=None, highest=True, modifier=0):
    """The exact distribution by listing every roll of ``n`` distinguishable dice."""
    counts = Counter()
    for roll in itertools.product(range(1, sides + 1), repeat=n):
        kept = sorted(roll, reverse=highest)[: (n if k is None else k)]
        counts[sum(kept) + modifier] += 1
    total = sides**n
    return {o: Fraction(c, total) for o, c in counts.items()}


small = st.tuples(st.integers(1, 4), st.integers(2, 8))


# -- constructors against brute force ---------------------------------------------------------
def test_2d6_seven_is_one_sixth():
    assert dice(2, 6).p_eq(7) == Fraction(1, 6)
    assert dict(dice(2, 6)) == brute(2, 6)


def test_d10_reads_1_to_10():  # WiF 2.7: the 0 face reads 10
    d = die(10)
    assert list(d) == list(range(1, 11))
    assert all(p == Fraction(1, 10) for p in d.values())


@given(small)
def test_sum_matches_brute_force(ns):
    n, sides = ns
    assert dict(dice(n, sides)) == brute(n, sides)


@given(st.integers(1, 5), st.integers(2, 7), st.data(), st.booleans())
@settings(max_examples=60, deadline=None)
def test_keep_matches_brute_force(n, sides, data, highest):
    k = data.draw(st.integers(1, n))
    assert dict(keep(n, sides, k, highest)) == brute(n, sides, k, highest)


@pytest.mark.parametrize("k", [1, 2, 3])
@pytest.mark.parametrize("highest", [True, False])
def test_4d10_keep_exact(k, highest):
    assert dict(keep(4, 10, k, highest)) == brute(4, 10, k, highest)


def test_large_counts_stay_exact():
    # 30d6 overflows int64 counts (6**30 > 2**62); the object path must agree with convolution
    d = dice(30, 6)
    assert sum(d.values()) == 1
    assert d.p_eq(30) == Fraction(1, 6**30)
    assert d.p_eq(31) == Fraction(30, 6**30)
    assert d == sum((die(6) for _ in range(29)), die(6))
    assert keep(30, 6, 1).p_eq(1) == Fraction(1, 6**30)


# -- Distribution behaviour -------------------------------------------------------------------
@given(small, st.integers(-30, 60))
def test_probabilities_sum_to_one_and_tails_complement(ns, t):
    d = dice(*ns)
    assert sum(d.values()) == 1
    assert d.p_le(t) + d.p_gt(t) == 1
    assert d.p_lt(t) + d.p_ge(t) == 1
    assert d.p_le(t) == sum((p for o, p in d.items() if o <= t), Fraction(0))
    assert d.p_ge(t) == sum((p for o, p in d.items() if o >= t), Fraction(0))


@given(small, small)
def test_addition_is_convolution(a, b):
    da, db = dice(*a), dice(*b)
    expected = Counter()
    for (x, p), (y, q) in itertools.product(da.items(), db.items()):
        expected[x + y] += p * q
    assert dict(da + db) == dict(expected)
    assert (da + db).mean() == da.mean() + db.mean()


@given(small, st.integers(-20, 20))
def test_shift_and_mean(ns, m):
    d = dice(*ns)
    shifted = d + m
    assert dict(shifted) == {o + m: p for o, p in d.items()}
    assert (m + d) == shifted and (d - (-m)) == shifted
    assert d.mean() == sum(o * p for o, p in d.items())
    assert d.mean() == Fraction(ns[0] * (ns[1] + 1), 2)


@given(small, st.integers(-5, 30), st.integers(0, 10))
def test_clamp_matches_definition(ns, lo, width):
    d, hi = dice(*ns), lo + width
    expected = Counter()
    for o, p in d.items():
        expected[min(hi, max(lo, o))] += p
    assert dict(d.clamp(lo, hi)) == dict(expected)


def test_map_with_table_and_function():
    table = {1: 0, 2: 0, 3: 1, 4: 1, 5: 1, 6: 2}
    hits = die(6).map(table)
    assert dict(hits) == {0: Fraction(1, 3), 1: Fraction(1, 2), 2: Fraction(1, 6)}
    assert dict(die(6).map(lambda x: x % 2)) == {0: Fraction(1, 2), 1: Fraction(1, 2)}
    with pytest.raises(KeyError, match="outcome 6"):
        die(6).map({i: i for i in range(1, 6)})


def test_negation_and_difference():
    diff = dice(1, 6) - dice(1, 6)
    expected = Counter(a - b for a, b in itertools.product(range(1, 7), repeat=2))
    assert dict(diff) == {k: Fraction(v, 36) for k, v in expected.items()}


def test_views_json_and_immutability():
    d = parse("2d6")
    js = d.to_json()
    assert [e["outcome"] for e in js] == sorted(d)
    assert all(Fraction(e["fraction"]) == d[e["outcome"]] for e in js)
    assert all(e["probability"] == float(d[e["outcome"]]) for e in js)
    assert d.pmf() == {o: float(p) for o, p in d.items()}
    outcomes, probs = d.to_arrays()
    assert outcomes.tolist() == list(d) and np.isclose(probs.sum(), 1)
    assert d.p_eq(1) == 0 and 1 not in d
    with pytest.raises(AttributeError):
        d._lo = 5
    assert hash(d) == hash(dice(2, 6)) and d == dice(2, 6)
    import copy
    import pickle

    assert pickle.loads(pickle.dumps(d)) == d and copy.deepcopy(d) == d


def test_constructors_from_probabilities_and_weights():
    assert Distribution({1: Fraction(1, 2), 3: Fraction(1, 2)}) == Distribution.from_weights({1: 5, 3: 5})
    assert 2 not in Distribution.from_weights({1: 1, 2: 0, 3: 1})
    with pytest.raises(ValueError, match="sum to 1"):
        Distribution({1: Fraction(1, 3)})
    assert dict(constant(4)) == {4: 1}


# -- the expression language ------------------------------------------------------------------
@pytest.mark.parametrize("text, expected", [
    ("2d6", lambda: brute(2, 6)),
    ("d10+2", lambda: brute(1, 10, modifier=2)),
    ("2d6-1", lambda: brute(2, 6, modifier=-1)),
    ("2D6 - 1", lambda: brute(2, 6, modifier=-1)),
    ("4d10 keep highest 2", lambda: brute(4, 10, 2)),
    ("4d10 keep lowest 1", lambda: brute(4, 10, 1, highest=False)),
    ("3d6kh2", lambda: brute(3, 6, 2)),
    ("3d6kl2+1", lambda: brute(3, 6, 2, highest=False, modifier=1)),
    ("3d6 keep 2", lambda: brute(3, 6, 2)),
])
def test_parse_matches_brute_force(text, expected):
    assert dict(parse(text)) == expected()


def test_parse_clamp_and_sums():
    assert dict(parse("d10 clamp 1..10")) == brute(1, 10)
    clamped = parse("2d6-3 clamp 1..6")
    expected = Counter()
    for o, p in brute(2, 6, modifier=-3).items():
        expected[min(6, max(1, o))] += p
    assert dict(clamped) == dict(expected)
    assert parse("2d6+1d4+1") == dice(2, 6) + die(4) + 1
    assert parse("d6-d4") == die(6) - die(4)
    expr = parse_expression("4d10 keep lowest 1 + 2")
    assert (expr.terms[0].count, expr.terms[0].sides, expr.terms[0].keep, expr.terms[0].highest) == (4, 10, 1, False)
    assert expr.modifier == 2 and expr.sides_used == (10,)


@pytest.mark.parametrize("text, fault", [
    ("", "empty"),
    ("2d", "sides"),
    ("d1", "2 to 1000 sides"),
    ("d1001", "2 to 1000 sides"),
    ("0d6", "at least 1"),
    ("101d6", "more than 100 dice"),
    ("2d6+", "expected dice"),
    ("3d6kh4", "keep 1 to 3"),
    ("2d6 clamp 5..1", "reversed"),
    ("two dice", "expected dice"),
    ("2d6 keep highest 2 please", "position"),
    ("100d100 keep 50", "too large"),
    ("100d1000", "possible totals"),
    ("2d6+99999", "beyond"),
    ("d6" * 150, "longer than"),
])
def test_malformed_expressions_say_what_and_show_forms(text, fault):
    with pytest.raises(DiceExpressionError) as info:
        parse(text)
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert fault in message
    assert all(form in message for form in ALLOWED_FORMS)


def test_direct_constructor_limits():
    with pytest.raises(DiceExpressionError):
        die(1)
    with pytest.raises(DiceExpressionError):
        dice(101, 6)
    with pytest.raises(DiceExpressionError, match="too large"):
        keep(100, 1000, 50)
    with pytest.raises(DiceExpressionError):
        keep(3, 6, 0)


@given(st.lists(st.integers(0, 2**200), min_size=1, max_size=30),
       st.lists(st.integers(0, 2**200), min_size=1, max_size=30))
def test_big_integer_convolution_is_exact(a, b):
    from viewer.dice import _big_convolve

    expected = [sum(a[i] * b[k - i] for i in range(len(a)) if 0 <= k - i < len(b))
                for k in range(len(a) + len(b) - 1)]
    assert _big_convolve(np.array(a, dtype=object), np.array(b, dtype=object)) == expected
