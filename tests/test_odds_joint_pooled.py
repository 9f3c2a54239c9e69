"""Several targets as one pooled target (:func:`twentystrong.odds.joint.pooled`): the same figure as the exact
joint tables on small fights, the plain two-target questions over all 17 dice exact, and the figure reached by a
real two-target play (a Monte Carlo of the pooled best play, each die given to a target as the proof says)."""

from __future__ import annotations

import math
import random

import pytest

from twentystrong.odds import PLAIN, DiceCounts, Target, kill_probability, targets_odds
from twentystrong.odds.advisor import Situation, chances, commit_plan
from twentystrong.odds.dice import COLORS, DICE_PER_COLOR, FACES
from twentystrong.odds.joint import FIRST_HIT, Joint, JointSpec, Pooled, pooled
from twentystrong.odds.model import DamageModel
from twentystrong.odds.plans import Spec
from twentystrong.odds.rerolls import best_move
from twentystrong.odds.rules import Conversion, Resources, RollRules
from twentystrong.odds.tables import Table

CORONA = Conversion("Corona's ability", ("miss",), ("crit",), frozenset({"yellow", "green", "blue"}))
MODELS: tuple[DamageModel, ...] = (
    PLAIN,
    PLAIN.with_crits_dealing(1),
    PLAIN.with_crits_dealing(0),
    PLAIN.without_applying(["blue"]),
    PLAIN.with_color("red", hit=2),
)
RULES: tuple[RollRules, ...] = (RollRules(), RollRules.of(kept=["miss"]), RollRules.of(inverted=["yellow", "purple"]))


def test_which_targets_pool() -> None:
    assert pooled([PLAIN, PLAIN], [12, 8]) == Pooled(20)
    assert pooled([PLAIN, PLAIN, PLAIN], [3, 4, 2]) == Pooled(9)  # one odd need
    assert pooled([PLAIN, PLAIN], [3, 5]) == Pooled(9, first_hit=True)  # two: a crit on each would waste one
    assert pooled([PLAIN, PLAIN, PLAIN], [3, 5, 1]) is None  # three odd needs
    assert pooled([PLAIN, PLAIN], [3, 0]) == Pooled(3)  # a defeated target is left out
    assert pooled([PLAIN, PLAIN.with_crits_dealing(0)], [4, 4]) is None  # two models
    assert pooled([PLAIN.with_bonus(COLORS)] * 2, [4, 4]) is None  # a crit dealing 3
    assert pooled([PLAIN.with_crits_dealing(1)] * 2, [4, 4]) == Pooled(8)
    assert pooled([PLAIN.with_crits_dealing(1)] * 2, [3, 3]) is None  # a crit dealing 1: no hit → crit change
    assert pooled([PLAIN, PLAIN], [3, 3], RollRules.of(kept=["hit"])) is None
    assert Pooled(9, first_hit=True).conversion is FIRST_HIT and Pooled(8).conversion is None


def test_two_odd_needs_are_not_their_sum() -> None:
    """Needs 1 and 1 against one red die never both fall, while one target of need 2 falls to its crit: two odd
    needs pool into one more, with the first basic hit worth one more."""
    spec = JointSpec((PLAIN, PLAIN), (0, 0))
    red = (0, 0, 0, 0, 1)
    assert Joint(spec, red, (1, 1), 1, 1.0).value(red, (1, 1), 1) == 0.0
    assert kill_probability(DiceCounts.parse("R1"), 2) == pytest.approx(1 / 6)
    assert kill_probability(DiceCounts.parse("R1"), 3, conversion=FIRST_HIT) == 0.0


def test_pooled_equals_the_joint_tables_on_random_small_fights() -> None:
    """Many seeded fights of two or three targets sharing a model, at most one odd need, a few dice, one to three
    phases, rules on rolls and a held face change: one target of the summed need gives the joint tables' figure."""
    rng = random.Random(26)
    checked = {False: 0, True: 0}
    while min(checked.values()) < 80:
        root = tuple(rng.randint(0, 2) for _ in range(4)) + (rng.randint(0, 1),)
        if not sum(root):
            continue
        targets = rng.choice((2, 2, 3))
        needs = [rng.randint(1, 6) for _ in range(targets)]
        odd = [i for i, n in enumerate(needs) if n % 2]
        for i in odd[2:]:
            needs[i] += 1
        model = rng.choice(MODELS)
        rules = rng.choice(RULES)
        phases = rng.randint(1, 3)
        one = pooled((model,) * targets, needs, rules)
        if one is None:
            assert len(odd) >= 2 and model not in (PLAIN, PLAIN.without_applying(["blue"]))
            continue
        # The joint tables hold no change on kept faces; the pooled target holds one change at most.
        held = rng.random() < 0.3 and not rules.kept and not one.first_hit
        conversion = CORONA if held else None
        spec = JointSpec((model,) * targets, (0,) * targets, rules, CORONA.shape if held else None)
        joint = Joint(spec, root, tuple(needs), phases, 1.0).value(root, needs, phases, held=True)
        change = conversion or one.conversion
        single = Spec(model, rules, change.shape if change is not None else None)
        alone = Table(single, root, one.need + 1, phases, 1.0).value(root, one.need, phases, held=True)
        assert alone == pytest.approx(joint, abs=1e-9), (root, needs, model, rules, conversion, phases)
        checked[one.first_hit] += 1


def test_two_targets_over_17_dice_are_exact() -> None:
    every = DiceCounts.all()
    odds = targets_odds(every, [Target(12), Target(8)], phases=3)
    assert odds.method == "exact" and odds.samples == 0 and odds.all_error == 0
    assert odds.all == kill_probability(every, 20, phases=3)
    assert odds.each == (kill_probability(every, 12, phases=3), kill_probability(every, 8, phases=3))
    dice = tuple((d, None) for d in every.die_ids())
    answer = chances(Situation(dice, (Target(12), Target(8)), 3, "commit")).all
    assert answer is not None and answer.exact and answer.value == pytest.approx(odds.all, abs=1e-12)
    assert answer.words() == "67%"


def test_a_held_face_change_and_misses_kept_stay_exact() -> None:
    every = DiceCounts.all()
    dice = tuple((d, None) for d in every.die_ids())
    rules = RollRules.of(kept=["miss"])
    situation = Situation(dice, (Target(9, 2), Target(10)), 2, "commit", rules=rules, resources=Resources((CORONA,)))
    answer = chances(situation).all
    assert answer is not None and answer.exact
    assert answer.value == pytest.approx(
        kill_probability(every, 17, phases=2, rules=rules, conversion=CORONA), abs=1e-12
    )


def test_two_odd_needs_over_17_dice_are_exact() -> None:
    every = DiceCounts.all()
    dice = tuple((d, None) for d in every.die_ids())
    answer = chances(Situation(dice, (Target(11), Target(9)), 3, "commit")).all
    assert answer is not None and answer.exact
    assert answer.value == targets_odds(every, [Target(11), Target(9)], phases=3).all
    assert answer.value == pytest.approx(kill_probability(every, 21, phases=3, conversion=FIRST_HIT), abs=1e-12)


def test_what_does_not_pool_over_17_dice_says_it_is_simulated() -> None:
    dice = tuple((d, None) for d in DiceCounts.all().die_ids())
    answer = chances(Situation(dice, (Target(11), Target(9), Target(5)), 3, "commit"), 500).all
    assert answer is not None and not answer.exact and answer.words().startswith("≈")
    held = Situation(dice, (Target(11), Target(9)), 3, "commit", resources=Resources((CORONA,)))
    answer = chances(held, 500).all  # the first hit's change and Corona's: the tables hold one
    assert answer is not None and not answer.exact and answer.words().startswith("≈")


def _give(needs: list[int], damage: int) -> None:
    """One die to a target as the proof of :func:`pooled` does: 1 to an odd need, 2 to an even need of 2 or more or
    else an odd need of 3 or more; else to any target still standing."""
    standing = [t for t, n in enumerate(needs) if n > 0]
    if damage == 2:
        ranked = [t for t in standing if needs[t] % 2 == 0] + [t for t in standing if needs[t] >= 3]
    else:
        ranked = [t for t in standing if needs[t] % 2]
    needs[(ranked or standing)[0]] -= damage


@pytest.mark.parametrize(("healths", "seed"), [((12, 8), 11), ((11, 9), 12)])
def test_the_pooled_figure_is_reached_by_a_two_target_play(healths: tuple[int, int], seed: int) -> None:
    """The big questions (all 17 dice, three phases): each game plays the pooled best move (the first hit's change
    used is a hit like any other) and gives every applied die to a target as the proof says; both targets fall as
    often as the exact figure says, within the sampling error (the greedy simulation of
    :mod:`twentystrong.odds.simulate` falls short of it by 5 or 6 of them)."""
    exact = targets_odds(DiceCounts.all(), [Target(h) for h in healths], phases=3).all
    rng = random.Random(seed)
    faces = [("miss",) * FACES[c].miss + ("hit",) * FACES[c].hit + ("crit",) * FACES[c].crit for c in COLORS]
    games, both = 5000, 0
    for _ in range(games):
        needs = list(healths)
        pool = [DICE_PER_COLOR[c] for c in COLORS]
        for phase in range(3, 0, -1):
            rolled = [[0, 0, 0] for _ in COLORS]
            for c, n in enumerate(pool):
                for _ in range(n):
                    rolled[c][("miss", "hit", "crit").index(rng.choice(faces[c]))] += 1
            shown = tuple((m, h, k) for m, h, k in rolled)
            one = pooled([PLAIN, PLAIN], needs)
            assert one is not None
            spec = Spec(PLAIN, conversion=one.conversion.shape if one.conversion else None)
            move = best_move(one.need, shown, phase - 1, spec, one.first_hit)
            applied = [[hits, crits] for hits, crits in move.applied]
            if move.convert is not None:  # the die changed shows a hit in the game
                applied[move.convert[0]][1] -= 1
                applied[move.convert[0]][0] += 1
            for c, (hits, crits) in enumerate(applied):
                for face, count in (("crit", crits), ("hit", hits)):
                    for _ in range(count):
                        if any(n > 0 for n in needs):
                            _give(needs, PLAIN.damage(COLORS[c], face))
                pool[c] -= hits + crits
            if all(n <= 0 for n in needs):
                break
        both += all(n <= 0 for n in needs)
    error = math.sqrt(exact * (1 - exact) / games)
    assert abs(both / games - exact) <= 4 * error


def test_the_commit_plan_for_all_weighs_every_pool_die() -> None:
    """Before a roll against two plain enemies, the plan for all of them is the plan for one enemy of the summed
    need: every pool die weighed (the joint tables would leave the weakest out beyond their budget)."""
    every = DiceCounts.all().die_ids()
    committed = ("B1", "P1", "P2", "R1")
    pool = tuple(d for d in every if d not in committed)
    dice = tuple((d, None) for d in committed)
    plan = commit_plan(Situation(dice, (Target(8), Target(6)), 3, "commit"), pool, 0.9)
    alone = commit_plan(Situation(dice, (Target(14),), 3, "commit"), pool, 0.9).each[0]
    assert plan.all == alone and plan.all is not None
    assert plan.all.reached and plan.all.chance.exact and plan.all.chance.value >= 0.9
    fewer = tuple((d, None) for d in (*committed, *plan.all.dice[:-1]))
    assert chances(Situation(fewer, (Target(8), Target(6)), 3, "commit")).all.value < 0.9  # type: ignore[union-attr]
