"""The exact odds under forced rerolls (a hit rolled again for each miss): :mod:`twentystrong.odds.forced`.

Checked three ways: without forced rerolls the same recursion is the tables' game (equal on many seeded cases);
with them it equals the brute force over every die and every choice (small cases, exact fractions); and the
simulation's policy, a lower bound of the best play, never beats it beyond its error.
"""

from __future__ import annotations

import random

import pytest
from odds_brute import brute_force

from twentystrong.odds import COLORS, PLAIN, DiceCounts, Face, kill_probability
from twentystrong.odds.forced import ENTRIES, array_entries, array_values, forced_value, game_of
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
        model = rng.choice(MODELS)
        rules = rng.choice([RollRules(), RollRules.of(inverted=["yellow", "purple"])])
        conversion = rng.choice([None, CORONA])
        need, phases = rng.randint(1, 12), rng.randint(1, 4)
        game = game_of(model, rules, conversion)
        assert game is not None
        if array_entries(game, pool, need + 1) > ENTRIES:
            continue
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
        game = game_of(PLAIN, FORCED, conversions[0] if conversions else None)
        assert game is not None
        if array_entries(game, pool, target.need + 1) > ENTRIES:
            assert odds.method == "monte-carlo"
            continue
        assert odds.method == "exact" and odds.each_error == (0.0,)
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


@pytest.mark.parametrize("seed", range(4))
def test_the_arrays_are_the_whole_roll_recursion_on_every_sub_pool(seed: int) -> None:
    # The recursion outcome by outcome (the way this module valued a pool before it ran on arrays) is the reference
    # on pools the brute force cannot reach: every sub-pool, need, layer and phase count of one array equals it.
    from odds_rolls_reference import values

    rng = random.Random(100 + seed)
    checked = 0
    while checked < 5:
        pool = _pool(rng, 6)
        model = rng.choice(MODELS)
        rules = rng.choice([FORCED, RollRules.of(inverted=["green", "red"], forced_rerolls=True), RollRules()])
        conversion = rng.choice([None, CORONA])
        game = game_of(model, rules, conversion)
        assert game is not None
        length, phases = rng.randint(2, 9), rng.randint(1, 3)
        if array_entries(game, pool, length) > 200_000:
            continue
        arrays = array_values(game, pool, length, phases)
        sub = tuple(rng.randint(0, n) for n in pool)
        for k in range(1, phases + 1):
            for held in (False, True) if game.change is not None else (False,):
                expected = values(game, sub, length, k, held)
                found = arrays[(int(held), k, *sub)]
                assert list(found) == pytest.approx(list(expected), abs=1e-12), (pool, sub, k, held, model, rules)
        checked += 1


def test_seven_dice_with_the_change_held_are_exact() -> None:
    # The commit plan's pick of the panel's forced-reroll question (two yellow added to B1 P1 P2 R1, Corona's ability
    # held, need 7 over three rolls) was simulated (≈94%, the policy's lower bound); exact, the best play does better.
    from odds_rolls_reference import values

    game = game_of(PLAIN, FORCED, CORONA)
    assert game is not None
    exact = forced_value(game, (2, 0, 1, 2, 1), 7, 3)
    assert exact == pytest.approx(values(game, (2, 0, 1, 2, 1), 8, 3, True)[7], abs=1e-12)
    assert exact == pytest.approx(0.969008, abs=1e-6)


@pytest.mark.parametrize("seed", range(4))
def test_the_advice_after_a_roll_is_the_best_move_of_the_brute_force(seed: int) -> None:
    # After a roll under forced rerolls (one target; this roll's rerolls done): the advice is exact, its chance the
    # brute force's best value from the Apply step, and the move it names keeps that value (the dice it leaves,
    # brute-forced again).
    from odds_brute import after_roll_value

    from twentystrong.odds import color_of
    from twentystrong.odds.advisor import Situation, advise
    from twentystrong.odds.rules import Resources

    rng = random.Random(300 + seed)
    faces: tuple[Face, ...] = ("miss", "hit", "crit")
    for _ in range(6):
        pool = _pool(rng, 4)
        ids = [d for c, n in zip(COLORS, pool, strict=True) for d in DiceCounts(**{c: n}).die_ids()]
        rolled = {d: rng.choice(faces) for d in ids}
        need, phases = rng.randint(1, 7), rng.randint(0, 2)
        model = rng.choice(MODELS)
        conversion = rng.choice([None, CORONA])
        held = Resources((conversion,)) if conversion else Resources()
        dice: tuple[tuple[str, Face | None], ...] = tuple(rolled.items())
        situation = Situation(dice, (Target(need, model=model),), phases, "apply", FORCED, held)
        advice = advise(situation)
        expected = float(after_roll_value(rolled, need, phases, model, FORCED, conversion))
        assert advice.probability.exact
        assert advice.probability.value == pytest.approx(expected, abs=1e-12), (rolled, need, phases, model)
        shown = dict(rolled)
        for use in advice.uses:
            shown.update(use.dice)
        applied = [d for _, dice in advice.moves for d in dice]
        dealt = sum(model.damage(color_of(d), shown[d]) for d in applied)
        left = [color_of(d) for d in advice.keep]
        still = conversion if conversion is not None and not advice.uses else None
        kept = brute_force(left, need - dealt, phases, model, FORCED, still) if dealt < need else 1
        assert float(kept) == pytest.approx(expected, abs=1e-12), (rolled, need, phases, advice)


def test_the_commit_plan_passes_over_dice_whose_exact_chance_falls_short() -> None:
    # The plan searches under the rules the tables hold nearest (no forced rerolls): Y1 Y2 Y3 there reach 70% against
    # need 5 over two rolls with R1 committed and Corona's ability held; under forced rerolls (a yellow hit rolled
    # again for a miss mostly comes back a miss) they give 61%, exactly. The plan says a set that reaches it.
    from twentystrong.odds.advisor import Situation, commit_plan
    from twentystrong.odds.rules import Resources

    game = game_of(PLAIN, FORCED, CORONA)
    assert game is not None
    assert forced_value(game, (3, 0, 0, 0, 1), 5, 2) == pytest.approx(0.608765, abs=1e-6)
    situation = Situation((("R1", None),), (Target(5),), 2, "commit", FORCED, Resources((CORONA,)))
    pick = commit_plan(situation, ("Y1", "Y2", "Y3", "G1", "G2", "B1", "P1"), 0.7).each[0]
    assert pick is not None and pick.reached and pick.chance.exact
    assert pick.dice == ("Y1", "G1", "G2")
    assert pick.chance.value == forced_value(game, (1, 2, 0, 0, 1), 5, 2)
    assert pick.chance.value >= 0.7


def test_the_plan_under_forced_rerolls_reads_every_set_exactly() -> None:
    """P4 committed, Y4 G3 G4 R1 in the pool, health 5, two rolls, Corona's ability held, 50%: Y4 and R1 reach it
    (53.8%, a forced reroll of the red die, which cannot miss, only gains), which the search on the rules without
    forced rerolls passed over for Y4 G3 G4; every weaker or smaller set falls short, each read on its own arrays."""
    from twentystrong.odds.advisor import Situation, _counts, _subsets, commit_plan
    from twentystrong.odds.rules import Resources

    situation = Situation((("P4", None),), (Target(5),), 2, "commit", rules=FORCED, resources=Resources((CORONA,)))
    pool = ("G3", "Y4", "G4", "R1")
    pick = commit_plan(situation, pool, 0.5).each[0]
    assert pick is not None and pick.reached and pick.chance.exact
    assert pick.dice == ("Y4", "R1") and pick.chance.value == pytest.approx(0.53805869913123)
    game = game_of(PLAIN, FORCED, CORONA)
    assert game is not None
    order = [extra for size in range(len(pool) + 1) for extra in _subsets(pool, size)]
    for extra in order[: order.index(pick.dice)]:
        counts = tuple(n + (c == "purple") for c, n in zip(COLORS, _counts(extra), strict=True))
        found = forced_value(game, counts, 5, 2)
        assert found is not None and found < 0.5, extra
