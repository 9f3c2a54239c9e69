"""One roll: exact distributions against brute-force enumeration of every outcome (rules.md "Components")."""

from __future__ import annotations

import itertools
import random
from fractions import Fraction

import pytest

from twentystrong.odds import COLORS, FACES, PLAIN, Color, DamageModel, DiceCounts, Face, single_roll

MODELS = {
    "plain": PLAIN,
    "crits deal 0": PLAIN.with_crits_dealing(0),
    "green +1": PLAIN.with_bonus(["green"]),
    "blue cannot apply": PLAIN.without_applying(["blue"]),
    "crits of red cannot apply": PLAIN.without_applying(["red"], hits=False),
}


def faces_of(color: Color) -> list[Face]:
    f = FACES[color]
    miss: list[Face] = ["miss"]
    hit: list[Face] = ["hit"]
    crit: list[Face] = ["crit"]
    return miss * f.miss + hit * f.hit + crit * f.crit


def colors_of(dice: DiceCounts) -> list[Color]:
    return [c for c, n in dice.items() for _ in range(n)]


def brute(dice: DiceCounts, model: DamageModel) -> tuple[dict[int, Fraction], Fraction]:
    """Every one of the 6**n outcomes, one by one: (damage distribution, P(at least one crit))."""
    colors = colors_of(dice)
    total = 6 ** len(colors)
    dist: dict[int, Fraction] = {}
    crit = 0
    for outcome in itertools.product(*(faces_of(c) for c in colors)):
        damage = sum(model.damage(c, f) for c, f in zip(colors, outcome, strict=True))
        dist[damage] = dist.get(damage, Fraction(0)) + Fraction(1, total)
        crit += "crit" in outcome
    return dist, Fraction(crit, total)


def small_sets(count: int, seed: int) -> list[DiceCounts]:
    rng = random.Random(seed)
    out = [DiceCounts(yellow=1), DiceCounts(red=1), DiceCounts.parse("Y,G,B,P,R"), DiceCounts(purple=4)]
    while len(out) < count:
        n = rng.randint(1, 5)
        picks = [rng.choice(COLORS) for _ in range(n)]
        try:
            out.append(DiceCounts.from_mapping({c: picks.count(c) for c in set(picks)}))
        except ValueError:  # two red dice: there is only one
            continue
    return out


@pytest.mark.parametrize("model_name", MODELS)
@pytest.mark.parametrize("dice", small_sets(10, seed=1), ids=str)
def test_single_roll_matches_enumeration(dice: DiceCounts, model_name: str) -> None:
    model = MODELS[model_name]
    dist, crit = brute(dice, model)
    roll = single_roll(dice, model)
    assert {d: p for d, p in enumerate(roll.distribution) if p} == dist
    assert roll.expected_damage == sum(d * p for d, p in dist.items())
    assert roll.crit_probability == crit
    for h in range(-1, max(dist) + 3):
        assert roll.at_least(h) == sum((p for d, p in dist.items() if d >= h), Fraction(0))


def test_all_seventeen_dice() -> None:
    roll = single_roll(DiceCounts.all())
    assert sum(roll.distribution) == 1
    assert len(roll.distribution) == 35  # 4·2·4 + 2: every die a crit
    assert roll.distribution[-1] == Fraction(1, 6**17)
    assert roll.distribution[0] == 0  # the red die never misses
    assert roll.expected_damage == Fraction(79, 6)
    assert roll.crit_probability == 1 - Fraction(5, 6) ** 17
    assert roll.kill_probability(20, applied=3) == roll.at_least(17)


def test_no_dice_deal_nothing() -> None:
    roll = single_roll(DiceCounts())
    assert roll.distribution == (Fraction(1),)
    assert roll.expected_damage == 0 and roll.crit_probability == 0
    assert roll.at_least(0) == 1 and roll.at_least(1) == 0


def test_a_colour_that_cannot_be_applied_deals_nothing() -> None:
    model = PLAIN.without_applying(["blue"])
    assert single_roll(DiceCounts.parse("B4,Y1"), model).distribution == single_roll(DiceCounts(yellow=1)).distribution
    # Its crits still show: the crit chance is about faces, not damage.
    assert single_roll(DiceCounts(blue=4), model).crit_probability == 1 - Fraction(5, 6) ** 4
