"""The shared shape of a ruleset's odds: the verdict in players' words, the sampling interval, and
the Ruleset hooks that say "not offered" until a ruleset overrides them."""

from fractions import Fraction

from dhproc.engine.ruleset import Ruleset
from dhproc.odds.distribution import Distribution
from dhproc.odds.report import Verdict, verdict, wilson


def test_one_hit_always_enough_is_certain_one_hit():
    assert verdict(Distribution.constant(1)) == Verdict(1, Fraction(1), True)


def test_one_hit_sometimes_enough_is_a_random_one_hit_with_its_chance():
    hits = Distribution({1: 3, 2: 5})
    assert verdict(hits) == Verdict(1, Fraction(3, 8), False)


def test_two_hits_always_enough_and_one_never_is_certain_two_hits():
    assert verdict(Distribution.constant(2)) == Verdict(2, Fraction(1), True)


def test_never_within_reach_is_hits_zero():
    assert verdict(Distribution.constant(0)) == Verdict(0, Fraction(0), False)
    # a chance of never (0) beside a chance of two hits: random two hits
    assert verdict(Distribution({0: 1, 2: 1})) == Verdict(2, Fraction(1, 2), False)


def test_wilson_interval_holds_the_proportion_and_stays_inside_zero_one():
    low, high = wilson(50, 100)
    assert low < Fraction(1, 2) < high
    assert 0.39 < float(low) < 0.41 and 0.59 < float(high) < 0.61
    low, high = wilson(0, 100)
    assert low == 0 and 0 < high < Fraction(1, 20)


def test_the_hooks_say_not_offered_by_default():
    ruleset = Ruleset()
    assert ruleset.action_odds(None, 1, "a", None, None) is None  # type: ignore[arg-type]
    assert ruleset.roll_chance({"kind": "roll"}, []) is None
    assert ruleset.roll_luck({"kind": "roll"}, []) is None


def test_sampling_is_seeded_and_its_interval_holds_the_exact_chance():
    from dhproc.odds.distribution import TooLarge
    from dhproc.odds.sampling import approximation, sample

    def two_d6_at_least_10(rng):
        return rng.die(6) + rng.die(6) >= 10

    first = sample(two_d6_at_least_10, "t", samples=4000)
    assert first == sample(two_d6_at_least_10, "t", samples=4000)  # same stream, same figures
    flag = approximation(TooLarge(10**7, 10**6), "t", first, samples=4000)
    exact = Distribution.dice(2, 6).at_least(10)
    assert flag.interval[0] <= exact <= flag.interval[1]
    assert (flag.samples, flag.size, flag.limit) == (4000, 10**7, 10**6)


def test_a_draw_follows_the_exact_probabilities_from_a_seeded_stream():
    from dhproc.dice.rng import stream

    d = Distribution({"a": 1, "b": 3})
    rng = stream("odds", "test", "draw")
    drawn = [d.draw(rng) for _ in range(4000)]
    again = stream("odds", "test", "draw")
    assert drawn == [d.draw(again) for _ in range(4000)]
    low, high = wilson(drawn.count("b"), len(drawn))
    assert low <= Fraction(3, 4) <= high


def test_fold_is_exact_within_the_limit_and_sampled_beyond_it(monkeypatch):
    from dhproc.odds import distribution
    from dhproc.odds.sampling import fold

    d6 = Distribution.die(6)
    exact = fold([d6, d6, d6], lambda a, b: a + b, 0, key="3d6")
    assert exact.result == Distribution.dice(3, 6) and exact.error is None
    assert exact.approximation(lambda total: total >= 10) is None
    monkeypatch.setattr(distribution, "LIMIT", 20)
    sampled = fold([d6, d6, d6], lambda a, b: a + b, 0, key="3d6", samples=3000)
    assert sampled.error is not None and sum(sampled.result.p(k) for k in sampled.result) == 1
    flag = sampled.approximation(lambda total: total >= 10)
    assert flag.interval[0] <= Distribution.dice(3, 6).at_least(10) <= flag.interval[1]
