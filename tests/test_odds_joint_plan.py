"""Issue 26: the commit plan for every enemy at once when their damage differs (a colour that reaches one enemy
only, crits that deal nothing to one): each candidate weighed in the joint table of its own dice, skipped when an
upper bound of its chance falls short. The same pick and figure as one joint table over every pool die wherever that
table was within reach, the figure equal to a brute force on small fights, and every pool die weighed beyond it."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest
from odds_brute import joint_brute_force

from twentystrong.odds import COLORS, PLAIN, DiceCounts, Target, color_of
from twentystrong.odds.advisor import (
    Chance,
    Pick,
    Situation,
    _joint_bound,
    _joint_spec,
    _split,
    _strip,
    _subsets,
    chances,
    commit_plan,
)
from twentystrong.odds.dice import die_order
from twentystrong.odds.joint import BUDGET, TIE, Joint, entries
from twentystrong.odds.model import DamageModel
from twentystrong.odds.rules import Conversion, Resources, RollRules

CORONA = Conversion("Corona's ability", ("miss",), ("crit",), frozenset(COLORS[:3]), key="corona#0")
OTHERS: tuple[DamageModel, ...] = (
    PLAIN.without_applying(["purple"]),  # the seed-3 game's Rille Serpent: purple reaches the other enemy only
    PLAIN.without_applying(["blue"]),
    PLAIN.with_crits_dealing(0),
    PLAIN.without_applying(["yellow", "green"]),
)


def _counts(dice: tuple[str, ...]) -> list[int]:
    return [sum(1 for d in dice if color_of(d) == c) for c in COLORS]


def _one_table_pick(situation: Situation, pool: tuple[str, ...], threshold: float) -> Pick:
    """The search before: one joint table over the dice committed and every pool die, candidates fewest first and
    weakest first among as few, the first that reaches the threshold."""
    live = list(range(len(situation.targets)))
    spec = _joint_spec(situation, live)
    assert spec is not None
    rolled, _ = _split(situation)
    needs = tuple(t.need for t in situation.targets)
    usable = tuple(sorted(pool, key=die_order, reverse=True))
    root = tuple(r + n for r, n in zip(rolled, _counts(usable), strict=True))
    assert entries(needs, root) * spec.layers <= BUDGET
    table = Joint(spec, root, needs, situation.phases, 1.0)

    def chance(extra: tuple[str, ...]) -> float:
        counts = [r + n for r, n in zip(rolled, _counts(extra), strict=True)]
        return _strip(table.value(counts, needs, situation.phases), spec)

    for size in range(len(usable) + 1):
        for extra in _subsets(usable, size):
            if chance(extra) >= threshold:
                return Pick(extra, Chance(chance(extra)), True)
    return Pick(usable, Chance(chance(usable)), False)


def _fights(count: int, seed: int, most: int) -> list[tuple[Situation, tuple[str, ...], float]]:
    """Seeded two-enemy commit steps whose enemies' damage differs on some die: a few dice committed, a few in the
    pool."""
    rng = random.Random(seed)
    every = DiceCounts.all().die_ids()
    out: list[tuple[Situation, tuple[str, ...], float]] = []
    while len(out) < count:
        dice = rng.sample(every, rng.randint(2, most))
        committed = tuple(sorted(dice[: rng.randint(0, 2)], key=die_order))
        pool = tuple(sorted(dice[len(committed) :], key=die_order))
        other = rng.choice(OTHERS)
        if all(other.of(color_of(d)) == PLAIN.of(color_of(d)) for d in dice):
            continue  # the models differ on no die: the enemies pool (tested below)
        targets = (Target(rng.randint(1, 5)), Target(rng.randint(1, 5), model=other))
        held = Resources((CORONA,)) if rng.random() < 0.4 else Resources()
        rules = RollRules.of(kept=["miss"]) if rng.random() < 0.3 and not held else RollRules()
        situation = Situation(
            tuple((d, None) for d in committed), targets, rng.randint(1, 3), "commit", rules=rules, resources=held
        )
        out.append((situation, pool, rng.choice((0.5, 0.7, 0.9))))
    return out


@pytest.mark.parametrize(("situation", "pool", "threshold"), _fights(60, 26, 8), ids=str)
def test_the_plan_for_all_is_the_one_table_search(
    situation: Situation, pool: tuple[str, ...], threshold: float
) -> None:
    """Where one joint table over every pool die is within the budget, the plan names the same dice with the same
    figure, to the last digit."""
    found = commit_plan(situation, pool, threshold).all
    before = _one_table_pick(situation, pool, threshold)
    assert found is not None
    assert (found.dice, found.reached) == (before.dice, before.reached)
    assert found.chance.exact and found.chance.value == before.chance.value


@pytest.mark.parametrize("seed", range(6))
def test_a_capped_apply_step_plans_as_one_table_does(seed: int) -> None:
    """One enemy with at most 2 dice applied per Apply step (the joint tables, no bound from one target's tables):
    the candidates' tables give way to one table over the pool, the same pick and figure as before."""
    rng = random.Random(seed)
    dice = rng.sample(DiceCounts.all().die_ids(), 7)
    situation = Situation(((dice[0], None),), (Target(rng.randint(3, 6)),), rng.randint(2, 3), "commit", step_cap=2)
    pool = tuple(sorted(dice[1:], key=die_order))
    found = commit_plan(situation, pool, 0.8).each[0]
    before = _one_table_pick(situation, pool, 0.8)
    assert found is not None
    assert (found.dice, found.reached, found.chance.value) == (before.dice, before.reached, before.chance.value)


@pytest.mark.parametrize(("situation", "pool", "threshold"), _fights(12, 27, 4), ids=str)
def test_the_plan_for_all_matches_a_brute_force(situation: Situation, pool: tuple[str, ...], threshold: float) -> None:
    """The pick's figure is the brute force's best joint play over the dice committed and picked (every die given
    to every enemy or kept, the face change on any die)."""
    found = commit_plan(situation, pool, threshold).all
    assert found is not None
    colors = [color_of(d) for d, _ in situation.dice] + [color_of(d) for d in found.dice]
    conversion = situation.resources.conversions[0] if situation.resources.conversions else None
    models = [t.model for t in situation.targets]
    needs = [t.need for t in situation.targets]
    exact = joint_brute_force(colors, needs, situation.phases, models, situation.rules, conversion)
    # The joint tables' figure carries their tie-break (TIE per enemy defeated, far below what a player reads).
    assert found.chance.value == pytest.approx(float(exact), abs=TIE * len(needs) * 1.01)


@pytest.mark.parametrize(("situation", "pool", "threshold"), _fights(25, 28, 7), ids=str)
def test_the_bound_is_never_below_the_joint_chance(
    situation: Situation, pool: tuple[str, ...], threshold: float
) -> None:
    """The bound that skips a candidate (each enemy alone; the enemies pooled once each takes the most any takes)
    is at least the exact joint chance of every candidate (fractions), so a skipped candidate never reaches."""
    live = [0, 1]
    spec = _joint_spec(situation, live)
    assert spec is not None
    bound = _joint_bound(situation, live, pool)
    rolled, _ = _split(situation)
    needs = tuple(t.need for t in situation.targets)
    root = tuple(r + n for r, n in zip(rolled, _counts(pool), strict=True))
    exact_spec = replace(spec, weights=(0, 0))  # no tie-break: the chance itself
    table = Joint(exact_spec, root, needs, situation.phases, Fraction(1))
    for size in range(len(pool) + 1):
        for extra in _subsets(pool, size):
            counts = [r + n for r, n in zip(rolled, _counts(extra), strict=True)]
            assert bound(extra) >= float(table.value(counts, needs, situation.phases)) - 1e-12, extra


def test_the_opening_question_weighs_every_pool_die() -> None:
    """The seed-3 game's first commit step (Corona held, Brood Guardian 5 and Rille Serpent 4, which takes nothing
    from purple, all 17 dice in the pool): a joint table over them all is beyond the budget, so the search before
    left the yellow dice out and asked for a green where a yellow does; now the pick is the weakest that reaches,
    exact, and the same dice less their weakest do not reach."""
    every = DiceCounts.all().die_ids()
    targets = (Target(5), Target(4, model=PLAIN.without_applying(["purple"])))
    situation = Situation((), targets, 3, "commit", resources=Resources((CORONA,)))
    spec = _joint_spec(situation, [0, 1])
    assert spec is not None and entries((5, 4), (4, 4, 4, 4, 1)) * spec.layers > BUDGET
    found = commit_plan(situation, every, 0.9).all
    assert found is not None and found.reached and found.chance.exact
    assert found.dice == ("Y1", "B1", "B2", "B3", "B4", "P1", "R1")
    assert found.chance.value >= 0.9
    fewer = replace(situation, dice=tuple((d, None) for d in found.dice[1:]))
    assert chances(fewer).all is not None and chances(fewer).all.value < 0.9  # type: ignore[union-attr]


@pytest.mark.parametrize("seed", range(8))
def test_enemies_that_differ_only_in_a_colour_no_die_has_pool(seed: int) -> None:
    """Two enemies, the second taking nothing from purple (or from blue), and no die of that colour: they pool
    (one target of the summed need), exact, and equal to the brute force's best joint play."""
    rng = random.Random(seed)
    other, missing = rng.choice(((PLAIN.without_applying(["purple"]), "P"), (PLAIN.without_applying(["blue"]), "B")))
    dice = tuple(rng.sample([d for d in DiceCounts.all().die_ids() if d[0] != missing], rng.randint(1, 3)))
    needs = (rng.randint(1, 4), 2 * rng.randint(1, 2))  # at most one odd need
    targets = (Target(needs[0]), Target(needs[1], model=other))
    phases = rng.randint(1, 3)
    answer = chances(Situation(tuple((d, None) for d in dice), targets, phases, "commit")).all
    assert answer is not None and answer.exact
    colors = [color_of(d) for d in dice]
    expected = joint_brute_force(colors, needs, phases, [PLAIN, other])
    assert answer.value == pytest.approx(float(expected), abs=1e-12)


def test_thirteen_dice_without_purple_against_an_enemy_purple_cannot_reach_are_exact() -> None:
    """The joint tables cannot hold 13 dice against two enemies whose models differ; with no purple die the models
    do not differ on any die, so the figure is the plain pair's, exact (it was simulated); a purple die in the pool
    keeps the plan's pick on the joint search."""
    dice = tuple((d, None) for d in DiceCounts.all().die_ids() if d[0] != "P")
    serpent = Target(8, model=PLAIN.without_applying(["purple"]))
    answer = chances(Situation(dice, (Target(12), serpent), 3, "commit")).all
    plain = chances(Situation(dice, (Target(12), Target(8)), 3, "commit")).all
    assert answer is not None and answer.exact and answer == plain
    committed = (("Y1", None), ("G1", None))
    few = Situation(committed, (Target(3), Target(2, model=PLAIN.without_applying(["purple"]))), 2, "commit")
    same = Situation(committed, (Target(3), Target(2)), 2, "commit")
    pool = ("Y2", "G2", "B1", "B2", "R1")
    assert commit_plan(few, pool, 0.9).all == commit_plan(same, pool, 0.9).all
    with_purple = (*pool, "P1", "P2")
    found = commit_plan(few, with_purple, 0.9).all
    assert found is not None and found.chance.exact
    colors = ["yellow", "green"] + [color_of(d) for d in found.dice]
    expected = joint_brute_force(colors, (3, 2), 2, [PLAIN, PLAIN.without_applying(["purple"])])
    assert found.chance.value == pytest.approx(float(expected), abs=TIE * 2 * 1.01)
