"""Several targets: exact enumeration, seeded Monte Carlo, and the greedy allocation."""

from __future__ import annotations

import pytest

from twentystrong.odds import PLAIN, DiceCounts, Face, Target, allocate_dice, best_apply, kill_probability, targets_odds
from twentystrong.odds.targets import allocate


@pytest.mark.parametrize(("spec", "health", "phases"), [("Y2,G1,B1", 4, 2), ("G,B,P,R", 5, 3), ("Y1,P2", 3, 1)])
def test_one_target_is_the_best_play(spec: str, health: int, phases: int) -> None:
    dice = DiceCounts.parse(spec)
    odds = targets_odds(dice, [Target(health)], phases=phases)
    assert odds.method == "exact" and odds.samples == 0 and odds.all_error == 0
    assert odds.each[0] == pytest.approx(kill_probability(dice, health, phases=phases), abs=1e-12)
    assert odds.all == pytest.approx(odds.each[0], abs=1e-12)


def test_exact_and_monte_carlo_agree() -> None:
    """The exact figure is the best joint play; the Monte Carlo plays the greedy allocation: each target's figure
    (all dice on it) agrees, and the greedy "all of them" is never above the best play's."""
    dice = DiceCounts.parse("Y1,G1,B1,P1,R1")
    targets = [Target(3), Target(4, applied=1, model=PLAIN.without_applying(["red"]))]
    exact = targets_odds(dice, targets, phases=2)
    sampled = targets_odds(dice, targets, phases=2, exact=False, samples=4000, seed=5)
    assert exact.method == "exact" and sampled.method == "monte-carlo"
    assert sampled.samples == 4000 and sampled.seed == 5
    for p, q, err in zip(exact.each, sampled.each, sampled.each_error, strict=True):
        assert err > 0 and q <= p + 4.5 * err
    assert sampled.all <= exact.all + 4.5 * sampled.all_error
    assert exact.all <= min(exact.each)


def test_monte_carlo_is_seeded() -> None:
    dice = DiceCounts.all()
    targets = [Target(12), Target(6, model=PLAIN.with_crits_dealing(0))]
    first = targets_odds(dice, targets, phases=2, samples=500, seed=3)
    assert first.method == "monte-carlo"
    assert targets_odds(dice, targets, phases=2, samples=500, seed=3) == first
    assert 0 <= first.all <= min(first.each) <= 1


def test_already_defeated_and_hopeless_targets() -> None:
    dice = DiceCounts.parse("Y1")
    odds = targets_odds(dice, [Target(3, applied=3), Target(5)], phases=3)
    assert odds.each == (1.0, 0.0) and odds.all == 0.0


def test_finishing_goes_to_the_cheapest_target_first() -> None:
    # Blue crit + purple hit showing; targets needing 2 and 1: the crit defeats the first, the hit the second.
    targets = [Target(2), Target(1)]
    shown = ((0, 0), (0, 0), (1, 0), (0, 1), (0, 0))
    needs, kept = allocate(targets, (2, 1), (0, 0, 1, 1, 0), shown, 0)
    assert needs == (0, 0) and kept == (0, 0, 0, 0, 0)


def test_spare_colours_go_where_they_hurt() -> None:
    # Yellow cannot hurt the focus (the boss): its hit goes to the minion instead of being rolled again.
    boss = Target(10, model=PLAIN.without_applying(["yellow"]))
    minion = Target(3)
    shown = ((0, 1), (0, 0), (0, 0), (0, 0), (0, 0))
    needs, kept = allocate([boss, minion], (10, 3), (1, 0, 0, 4, 0), shown, 2)
    assert needs == (10, 2) and kept == (0, 0, 0, 4, 0)


def test_bad_arguments() -> None:
    with pytest.raises(ValueError, match="at least one target"):
        targets_odds(DiceCounts(red=1), [])
    with pytest.raises(ValueError, match="health"):
        Target(0)
    with pytest.raises(ValueError, match="phases"):
        targets_odds(DiceCounts(red=1), [Target(1)], phases=7)


def test_allocate_dice_names_the_dice() -> None:
    rolled: dict[str, Face] = {"Y1": "miss", "B1": "crit", "B2": "hit", "P1": "hit", "R1": "hit"}
    boss = Target(10, model=PLAIN.without_applying(["blue"]))
    minion = Target(2)
    # Last phase: the blue crit defeats the minion (cheapest); nothing else can be finished.
    advice = allocate_dice(rolled, [boss, minion], phases_after=0)
    assert advice.apply == ((), ("B1",)) and advice.defeats == (False, True)
    assert advice.keep == ("Y1", "B2", "P1", "R1")
    # With phases to come the boss takes what helps it now; blue, useless to it, stays on the minion's side.
    later = allocate_dice(rolled, [boss, minion], phases_after=2)
    assert later.apply[1] == ("B1",)
    assert set(later.apply[0]) <= {"P1", "R1"} and "R1" not in later.apply[0]  # red hits wait (sure to hit)
    assert sorted(later.keep + later.apply[0] + later.apply[1]) == sorted(rolled)


def test_allocate_dice_for_one_target_is_the_best_apply() -> None:
    rolled: dict[str, Face] = {"Y1": "hit", "G1": "crit", "P1": "hit", "R1": "hit", "B2": "miss"}
    for need, after in ((4, 2), (6, 2), (5, 0), (9, 1)):
        advice = allocate_dice(rolled, [Target(need)], phases_after=after)
        best = best_apply(rolled, need, phases_after=after)
        assert advice.apply == (best.apply,) and advice.keep == best.keep
    with pytest.raises(ValueError, match="phases_after"):
        allocate_dice(rolled, [Target(3)], phases_after=-1)
