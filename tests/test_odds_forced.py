"""The exact odds under forced rerolls (a hit rolled again for each miss): :mod:`twentystrong.odds.forced`.

Checked three ways: without forced rerolls the same recursion is the tables' game (equal on many seeded cases);
with them it equals the brute force over every die and every choice (small cases, exact fractions); and the
simulation's policy, a lower bound of the best play, never beats it beyond its error.
"""

from __future__ import annotations

import random

import pytest
from odds_brute import brute_force

from twentystrong.odds import COLORS, PLAIN, DiceCounts, kill_probability
from twentystrong.odds.forced import MOST_OUTCOMES, forced_value, game_of, work_of
from twentystrong.odds.rules import Conversion, RollRules
from twentystrong.odds.simulate import simulate
from twentystrong.odds.targets import Target

CORONA = Conversion("Corona's ability", ("miss",), ("crit",), frozenset({"yellow", "green", "blue"}))
MODELS = (PLAIN, PLAIN.with_bonus(["green"]), PLAIN.with_crits_dealing(0), PLAIN.without_applying(["blue"]))
FORCED = RollRules.of(forced_rerolls=True)


def _pool(rng: random.Random, most: int) -> tuple[int, ...]:
    pool = [0] * len(COLORS)
    for _ in range(rng.randint(1, most)):
        c = rng.randrange(len(COLORS))
        if pool[c] < (1 if COLORS[c] == "red" else 4):
            pool[c] += 1
    return tuple(pool)


def test_without_forced_rerolls_it_is_the_tables_game() -> None:
    rng = random.Random(26)
    checked = 0
    while checked < 150:
        pool = _pool(rng, 6)
        if work_of(pool) > MOST_OUTCOMES:
            continue
        model = rng.choice(MODELS)
        rules = rng.choice([RollRules(), RollRules.of(inverted=["yellow", "purple"])])
        conversion = rng.choice([None, CORONA])
        need, phases = rng.randint(1, 12), rng.randint(1, 4)
        game = game_of(model, rules, conversion)
        assert game is not None
        exact = forced_value(game, pool, need, phases)
        tables = kill_probability(
            DiceCounts(*pool), need, phases=phases, model=model, rules=rules, conversion=conversion
        )
        assert exact == pytest.approx(tables, abs=1e-12), (pool, need, phases, model, rules, conversion)
        checked += 1


@pytest.mark.parametrize("seed", range(6))
def test_with_forced_rerolls_it_is_the_brute_force(seed: int) -> None:
    rng = random.Random(seed)
    for _ in range(6):
        pool = _pool(rng, 3)
        model = rng.choice(MODELS)
        rules = rng.choice([FORCED, RollRules.of(inverted=["green"], forced_rerolls=True)])
        conversion = rng.choice([None, CORONA])
        need, phases = rng.randint(1, 6), rng.randint(1, 3)
        game = game_of(model, rules, conversion)
        assert game is not None
        dice = [c for c, n in zip(COLORS, pool, strict=True) for _ in range(n)]
        expected = brute_force(dice, need, phases, model, rules, conversion)
        assert forced_value(game, pool, need, phases) == pytest.approx(float(expected), abs=1e-12), (
            pool,
            need,
            phases,
            model,
            rules,
            conversion,
        )


def test_forced_rerolls_change_the_odds() -> None:
    # Four purple dice, need 6 over three phases: a hit rolled again for a miss may come back a crit, so the chance
    # differs from the printed rules' (here it rises), and the brute force agrees on a smaller case.
    game = game_of(PLAIN, FORCED)
    assert game is not None
    forced = forced_value(game, (0, 0, 0, 4, 0), 6, 3)
    assert forced is not None
    assert forced > kill_probability(DiceCounts(0, 0, 0, 4, 0), 6, phases=3) + 0.02
    small = forced_value(game, (0, 0, 0, 3, 0), 5, 2)
    assert small == pytest.approx(float(brute_force(["purple"] * 3, 5, 2, PLAIN, FORCED)), abs=1e-12)
    assert small != pytest.approx(kill_probability(DiceCounts(0, 0, 0, 3, 0), 5, phases=2), abs=1e-3)


def test_the_simulation_answers_exactly_where_it_can_and_its_policy_never_beats_the_best_play() -> None:
    rng = random.Random(27)
    for _ in range(8):
        pool = _pool(rng, 5)
        dice = [(c, None) for c, n in zip(COLORS, pool, strict=True) for _ in range(n)]
        target = Target(rng.randint(3, 9))
        conversions = rng.choice([(), (CORONA,)])
        odds = simulate(dice, [target], phases=3, rules=FORCED, conversions=conversions, samples=3000)
        if work_of(pool) > MOST_OUTCOMES:
            assert odds.method == "monte-carlo"
            continue
        assert odds.method == "exact" and odds.each_error == (0.0,)
        game = game_of(PLAIN, FORCED, conversions[0] if conversions else None)
        assert game is not None
        assert odds.each[0] == forced_value(game, pool, target.need, 3)
        # The policy's chance, simulated without the exact answer: a lower bound of the best play's.
        from twentystrong.odds.simulate import Policy, play_once

        policy = Policy((target,), FORCED, conversions)
        runs = random.Random(5)
        wins = sum(play_once(policy, runs, dice, (target.need,), 3)[0] <= 0 for _ in range(3000))
        p = odds.each[0]
        error = (max(p * (1 - p), 1e-4) / 3000) ** 0.5
        assert wins / 3000 <= p + 4.5 * error, (pool, target, conversions, wins / 3000, p)


def test_rules_it_does_not_hold_are_left_to_the_simulation() -> None:
    assert game_of(PLAIN, RollRules.of(kept=["miss"], forced_rerolls=True)) is None
    swap = Conversion("Swap", ("miss", "hit"), ("hit", "miss"), None, False)
    assert game_of(PLAIN, FORCED, swap) is None
    many = [(c, None) for c in ("yellow", "yellow", "green", "green", "blue", "blue", "purple", "purple")]
    assert simulate(many, [Target(9)], phases=3, rules=FORCED, samples=200).method == "monte-carlo"


def test_the_advisor_says_an_exact_chance_under_forced_rerolls() -> None:
    # The seed-3 game of the TUI bench: Corona's ability held, a hit rolled again for each miss, purple dice on one
    # enemy. Before a roll and after one, the chance is exact (no ≈) and is the best play's.
    from twentystrong.odds.advisor import Situation, advise, chances
    from twentystrong.odds.rules import Resources

    held = Resources((CORONA,))
    before = Situation(tuple((d, None) for d in ("P1", "P2", "P3")), (Target(5),), 3, "commit", FORCED, held)
    chance = chances(before).each[0]
    game = game_of(PLAIN, FORCED, CORONA)
    assert game is not None
    assert chance.exact and "≈" not in chance.words()
    assert chance.value == forced_value(game, (0, 0, 0, 3, 0), 5, 3)
    after = Situation((("P1", "hit"), ("P2", "miss"), ("P3", "hit")), (Target(5),), 2, "apply", FORCED, held)
    advice = advise(after)
    # Two basic hits cannot reach 5 with one die left (need 3) and one of them leaves 9%: all three roll again.
    assert advice.keep == ("P1", "P2", "P3") and advice.probability.exact
    assert advice.probability.value == forced_value(game, (0, 0, 0, 3, 0), 5, 2)
    assert advice.probability.value > max(forced_value(game, (0, 0, 0, 2, 0), 4, 2) or 0, 0.2)
