"""Rerolls: the best-play kill probability against a brute-force optimum, a Monte Carlo, and the advice."""

from __future__ import annotations

import itertools
import math
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Mapping
from fractions import Fraction
from functools import cache

import pytest

from twentystrong.odds import (
    COLORS,
    FACES,
    PLAIN,
    Color,
    DamageModel,
    DiceCounts,
    Face,
    best_apply,
    color_of,
    is_cached,
    kill_probabilities,
    kill_probability,
    kill_probability_exact,
    single_roll,
)
from twentystrong.odds.rerolls import best_counts, clear_cache, plans_of

MODELS = {
    "plain": PLAIN,
    "crits deal 0": PLAIN.with_crits_dealing(0),
    "green +1": PLAIN.with_bonus(["green"]),
    "yellow +2": PLAIN.with_bonus(["yellow"], 2),
    "blue cannot apply": PLAIN.without_applying(["blue"]),
    "red crits cannot apply": PLAIN.without_applying(["red"], hits=False),
    "purple hit 2 crit 1": PLAIN.with_color("purple", hit=2, crit=1),
    "two chains": PLAIN.with_bonus(["purple"]).with_color("yellow", hit=3),
    "blue -1": PLAIN.with_bonus(["blue"], -1),
    "yellow hits deal 0": PLAIN.with_color("yellow", hit=0),
    "hits cannot apply": PLAIN.without_applying(COLORS, crits=False),
    "crits cannot apply": PLAIN.without_applying(COLORS, hits=False),
    "red +1, green cannot apply": PLAIN.with_bonus(["red"]).without_applying(["green"]),
    "everything +1": PLAIN.with_bonus(COLORS),
}
"""One damage model of each kind the engine can produce: colour bonuses and penalties, crits or hits dealing 0,
faces or colours that cannot be applied, and their mixtures (several chains of equal lower damage)."""


def faces_of(color: Color) -> list[Face]:
    f = FACES[color]
    miss: list[Face] = ["miss"]
    hit: list[Face] = ["hit"]
    crit: list[Face] = ["crit"]
    return miss * f.miss + hit * f.hit + crit * f.crit


def brute_force(dice: DiceCounts, need: int, phases: int, model: DamageModel) -> Fraction:
    """The optimum over every explicit outcome and every subset of dice to apply: no shortcut at all."""

    @cache
    def value(colors: tuple[Color, ...], need: int, phases: int) -> Fraction:
        if need <= 0:
            return Fraction(1)
        if phases == 0 or not colors:
            return Fraction(0)
        # Every die's face, identical faces of a die taken together with their count (6 ways at most).
        faces = [Counter(faces_of(c)).items() for c in colors]
        total = Fraction(0)
        for outcome in itertools.product(*faces):
            ways = math.prod(n for _, n in outcome)
            shown = [f for f, _ in outcome]
            usable = [i for i, (c, f) in enumerate(zip(colors, shown, strict=True)) if model.of(c).can_apply(f)]
            best = Fraction(0)
            for size in range(len(usable) + 1):
                for subset in itertools.combinations(usable, size):
                    dealt = sum(model.damage(colors[i], shown[i]) for i in subset)
                    rest = tuple(c for i, c in enumerate(colors) if i not in subset)
                    best = max(best, value(rest, need - dealt, phases - 1))
            total += ways * best
        return total / 6 ** len(colors)

    return value(tuple(c for c, n in dice.items() for _ in range(n)), need, phases)


def tiny_cases(count: int, seed: int) -> list[tuple[DiceCounts, int, int, str]]:
    rng = random.Random(seed)
    cases: list[tuple[DiceCounts, int, int, str]] = [
        (DiceCounts(red=1), 2, 2, "plain"),
        (DiceCounts.parse("Y,P"), 3, 3, "plain"),
        (DiceCounts.parse("G,B,R"), 4, 2, "two chains"),
    ]
    while len(cases) < count:
        n = rng.randint(1, 3)
        picks = sorted(rng.choice(COLORS) for _ in range(n))
        if picks.count("red") > 1:
            continue
        dice = DiceCounts.from_mapping({c: picks.count(c) for c in set(picks)})
        cases.append((dice, rng.randint(1, 2 * n + 2), rng.randint(1, 3), rng.choice(sorted(MODELS))))
    return cases


@pytest.mark.parametrize(("dice", "need", "phases", "model_name"), tiny_cases(40, seed=3), ids=str)
def test_best_play_matches_brute_force(dice: DiceCounts, need: int, phases: int, model_name: str) -> None:
    model = MODELS[model_name]
    expected = brute_force(dice, need, phases, model)
    assert kill_probability_exact(dice, need, phases=phases, model=model) == expected
    assert kill_probability(dice, need, phases=phases, model=model) == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize("model_name", sorted(MODELS))
def test_every_model_matches_brute_force_over_one_to_six_phases(model_name: str) -> None:
    # Three dice of different colours (two of one colour, so fact 2 is at work), every phase count.
    model = MODELS[model_name]
    for spec, need in (("Y,B2", 4), ("G,P,R", 5)):
        dice = DiceCounts.parse(spec)
        for phases in range(1, 7):
            expected = brute_force(dice, need, phases, model)
            assert kill_probability_exact(dice, need, phases=phases, model=model) == expected, (spec, phases)
            assert kill_probability(dice, need, phases=phases, model=model) == pytest.approx(float(expected), abs=1e-12)


@pytest.mark.parametrize("model_name", ["plain", "green +1", "two chains", "crits deal 0", "blue -1"])
def test_best_play_matches_brute_force_on_four_dice(model_name: str) -> None:
    dice = DiceCounts.parse("Y,G,B,P")
    model = MODELS[model_name]
    for need, phases in ((3, 2), (5, 2), (6, 3)):
        expected = brute_force(dice, need, phases, model)
        assert kill_probability_exact(dice, need, phases=phases, model=model) == expected


def test_applied_damage_counts_toward_health() -> None:
    dice = DiceCounts.parse("Y2,G1,B1,P1,R1")
    assert kill_probability(dice, 9, applied=3, phases=3) == kill_probability(dice, 6, phases=3)
    assert kill_probability(dice, 5, applied=5, phases=1) == 1.0
    assert kill_probability_exact(dice, 5, applied=7, phases=0) == 1


def test_one_phase_is_the_single_roll_tail() -> None:
    dice = DiceCounts.all()
    for health in (1, 10, 20, 34, 35):
        assert kill_probability_exact(dice, health) == single_roll(dice).at_least(health)


def test_more_phases_never_hurt_and_exact_agrees_with_floats() -> None:
    dice = DiceCounts.parse("Y1,G1,B1,P1,R1")
    by_phases = kill_probabilities(dice, 7, phases=6)
    assert list(by_phases) == sorted(by_phases)
    for k, p in enumerate(by_phases, start=1):
        assert float(kill_probability_exact(dice, 7, phases=k)) == pytest.approx(p, abs=1e-12)
    assert kill_probability(dice, 11, phases=6) == 0.0  # 5 dice deal at most 10


def test_a_colour_that_cannot_be_applied_is_as_good_as_absent() -> None:
    model = PLAIN.without_applying(["purple"])
    with_purple = DiceCounts.parse("G2,P3,R")
    without = DiceCounts.parse("G2,R")
    for k in (1, 2, 4):
        assert kill_probability(with_purple, 5, phases=k, model=model) == kill_probability(without, 5, phases=k)


def test_crits_dealing_nothing_leave_no_choice() -> None:
    # With crits worth 0 every positive face is the colour's best: each die deals 1 the first time it hits.
    dice = DiceCounts.parse("Y2,B1")
    model = PLAIN.with_crits_dealing(0)
    hit_within_2 = {c: 1 - (1 - Fraction(FACES[c].hit, 6)) ** 2 for c in ("yellow", "blue")}
    y, b = hit_within_2["yellow"], hit_within_2["blue"]
    all_three = y * y * b
    assert kill_probability_exact(dice, 3, phases=2, model=model) == all_three


def test_bonus_colour_changes_the_odds() -> None:
    dice = DiceCounts.parse("G2,Y2")
    assert kill_probability(dice, 6, phases=2, model=PLAIN.with_bonus(["green"])) > kill_probability(dice, 6, phases=2)


def test_cached_tables_grow_to_cover_new_questions() -> None:
    small = kill_probability(DiceCounts.parse("Y2,B2"), 5, phases=3)
    kill_probability(DiceCounts.parse("G2,P1"), 7, phases=4)  # a different root: the table grows
    assert kill_probability(DiceCounts.parse("Y2,B2"), 5, phases=3) == pytest.approx(small, abs=1e-15)


# -- advice ----------------------------------------------------------------------------------------------------


def test_advice_keeps_a_red_hit_while_a_phase_remains() -> None:
    advice = best_apply({"R1": "hit"}, 2, phases_after=1)
    assert advice.apply == () and advice.keep == ("R1",)
    assert advice.kill_probability == pytest.approx(1 / 6)
    last = best_apply({"R1": "hit"}, 2, phases_after=0)
    assert last.kill_probability == 0.0


def test_advice_applies_crits_and_the_cheapest_defeating_set() -> None:
    rolled: dict[str, Face] = {"Y1": "hit", "G1": "crit", "P1": "hit", "R1": "hit", "B2": "miss"}
    finish = best_apply(rolled, 4, phases_after=2)
    assert finish.defeats_now and finish.kill_probability == 1.0
    assert finish.damage == 4 and finish.apply == ("Y1", "G1", "P1")  # no overkill, weakest dice
    assert set(finish.keep) == {"B2", "R1"}
    partial = best_apply(rolled, 6, phases_after=2)
    assert "G1" in partial.apply and not partial.defeats_now
    assert "R1" in partial.keep and "B2" in partial.keep
    assert partial.kill_probability == pytest.approx(kill_after(rolled, partial.apply, 6, 2))


def kill_after(rolled: Mapping[str, Face], applied: tuple[str, ...], need: int, phases_after: int) -> float:
    dealt = sum(PLAIN.damage(color_of(d), rolled[d]) for d in applied)
    rest = DiceCounts.from_ids(d for d in rolled if d not in applied)
    return kill_probability(rest, need, applied=dealt, phases=phases_after) if phases_after else float(dealt >= need)


def test_advice_is_the_best_of_every_subset() -> None:
    rng = random.Random(11)
    ids = ["Y1", "Y2", "G1", "B1", "P1", "P2", "R1"]
    for _ in range(25):
        rolled: dict[str, Face] = {d: rng.choice(faces_of(color_of(d))) for d in rng.sample(ids, 5)}
        need, after = rng.randint(2, 9), rng.randint(0, 2)
        advice = best_apply(rolled, need, phases_after=after)
        usable = [d for d, f in rolled.items() if f != "miss"]
        best = max(
            kill_after(rolled, subset, need, after)
            for size in range(len(usable) + 1)
            for subset in itertools.combinations(usable, size)
        )
        assert advice.kill_probability == pytest.approx(best, abs=1e-12)
        assert kill_after(rolled, advice.apply, need, after) == pytest.approx(best, abs=1e-12)


# -- Monte Carlo of the whole 17 dice, playing the advice ------------------------------------------------------

SIMULATED = ("plain", "green +1", "crits deal 0", "blue cannot apply")


def middling_health(model: DamageModel, phases: int) -> int:
    """A health that all 17 dice defeat about half the time within ``phases`` (a test with power both ways)."""
    every = DiceCounts.all()
    return min(range(2, 40), key=lambda h: abs(kill_probability(every, h, phases=phases, model=model) - 0.5))


def play_by_counts(model: DamageModel, health: int, phases: int, rng: random.Random) -> bool:
    """One engagement of all 17 dice against one target, following :func:`best_counts` after every roll."""
    plans = plans_of(model)
    pool = DiceCounts.all().as_tuple()
    need = health
    for k in range(phases, 0, -1):
        best, lower = [0] * len(COLORS), [0] * len(COLORS)
        for c, n in enumerate(pool):
            for face in rng.choices(faces_of(COLORS[c]), k=n):
                best[c] += face in plans[c].best_faces
                lower[c] += face in plans[c].lower_faces
        choice = best_counts(need, pool, tuple(best), tuple(lower), k - 1, model)
        assert all(a <= b for a, b in zip(choice.best, best, strict=True))
        assert all(a <= b for a, b in zip(choice.lower, lower, strict=True))
        need -= choice.damage
        pool = tuple(n - b - lo for n, b, lo in zip(pool, choice.best, choice.lower, strict=True))
        if need <= 0:
            return True
    return False


@pytest.mark.parametrize("model_name", SIMULATED)
def test_seventeen_dice_simulation_agrees_for_one_to_six_phases(model_name: str) -> None:
    # 6 × 2,500 seeded engagements per model, each playing the advice; the exact figure must be within 4.5
    # standard errors of the rate won, every phase count.
    model = MODELS[model_name]
    samples = 2500
    for phases in range(1, 7):
        health = middling_health(model, phases)
        expected = kill_probability(DiceCounts.all(), health, phases=phases, model=model)
        assert 0.15 < expected < 0.85
        rng = random.Random(f"{model_name}/{phases}")
        wins = sum(play_by_counts(model, health, phases, rng) for _ in range(samples))
        error = math.sqrt(expected * (1 - expected) / samples)
        assert abs(wins / samples - expected) <= 4.5 * error, (phases, health, wins / samples, expected, error)


@pytest.mark.parametrize("phases", [2, 4])
def test_seventeen_dice_monte_carlo_of_the_advice_by_die_agrees(phases: int) -> None:
    health = 20 if phases == 2 else 24
    expected = kill_probability(DiceCounts.all(), health, phases=phases)
    rng = random.Random(1000 + phases)
    samples = 1500
    wins = 0
    for _ in range(samples):
        unapplied = list(DiceCounts.all().die_ids())
        dealt = 0
        for k in range(phases, 0, -1):
            rolled: dict[str, Face] = {d: rng.choice(faces_of(color_of(d))) for d in unapplied}
            advice = best_apply(rolled, health, applied=dealt, phases_after=k - 1)
            dealt += advice.damage
            unapplied = list(advice.keep)
            if dealt >= health:
                break
        wins += dealt >= health
    error = math.sqrt(expected * (1 - expected) / samples)
    assert abs(wins / samples - expected) <= 4.5 * error + 1e-9, (wins / samples, expected, error)


# -- tables: where they come from, and what is cached --------------------------------------------------------


def test_a_need_beyond_the_dice_is_zero() -> None:
    assert kill_probability(DiceCounts.parse("G2,R"), 30, phases=6) == 0.0  # 3 dice deal at most 6
    assert kill_probability(DiceCounts.parse("G2,R"), 7, phases=6) == 0.0
    assert kill_probability(DiceCounts.parse("G2,R"), 6, phases=6) > 0
    assert kill_probability(DiceCounts.parse("Y4,G4,B4"), 22, phases=2) > 0  # 24 at most
    assert kill_probability(DiceCounts.all(), 35, phases=6) == 0.0  # 17 dice deal at most 34
    assert kill_probability(DiceCounts.all(), 34, phases=6) > 0


def test_the_first_question_about_a_model_builds_its_table_and_the_rest_are_lookups() -> None:
    clear_cache()
    green = MODELS["green +1"]
    dice = DiceCounts.parse("Y2,G3,B1,P2,R1")
    assert not is_cached(dice, 12, phases=4, model=green)
    first = kill_probability(dice, 12, phases=4, model=green)
    # The table is sized to the question: every question about the model with a need up to 12 and up to 4 phases
    # (any dice) is now a lookup; a bigger need or more phases grow it.
    assert is_cached(DiceCounts.all(), 12, phases=4, model=green)
    assert is_cached(DiceCounts.parse("G3,P1"), 9, applied=2, phases=3, model=green)
    assert not is_cached(dice, 13, phases=4, model=green)
    assert not is_cached(dice, 12, phases=5, model=green)
    assert not is_cached(dice, 12, phases=4)  # another model
    assert not is_cached(dice, 26, phases=4, model=green)  # a bigger need grows the table
    assert 0 < kill_probability(DiceCounts.all(), 26, phases=2, model=green) < 1
    assert is_cached(dice, 26, phases=4, model=green)
    assert kill_probability(dice, 12, phases=4, model=green) == pytest.approx(first, abs=1e-15)
    assert is_cached(dice, 3, applied=5, phases=6) and is_cached(dice, 12, phases=0)  # nothing to compute


def test_importing_the_odds_does_not_load_numpy() -> None:
    # numpy stays off the start-up path: loaded with the first best-play table, not with the package.
    code = (
        "import sys\n"
        "from twentystrong.odds import DiceCounts, single_roll, kill_probability\n"
        "single_roll(DiceCounts.all()); kill_probability(DiceCounts.all(), 20)\n"
        "assert 'numpy' not in sys.modules, 'numpy loaded early'\n"
        "kill_probability(DiceCounts.all(), 20, phases=2)\n"
        "assert 'numpy' in sys.modules\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
