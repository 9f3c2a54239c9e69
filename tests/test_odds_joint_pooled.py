"""Several targets as one pooled need (:func:`twentystrong.odds.joint.pooled_need`): the same figure as the exact
joint tables on small fights, the plain two-target question over all 17 dice exact, and the figure reached by a
real two-target play (a Monte Carlo of the pooled best play, each die given to a target as the proof says)."""

from __future__ import annotations

import math
import random

import pytest

from twentystrong.odds import PLAIN, DiceCounts, Target, kill_probability, targets_odds
from twentystrong.odds.advisor import Situation, chances
from twentystrong.odds.dice import COLORS, DICE_PER_COLOR, FACES
from twentystrong.odds.joint import Joint, JointSpec, pooled_need
from twentystrong.odds.model import DamageModel
from twentystrong.odds.plans import Spec
from twentystrong.odds.rerolls import best_move
from twentystrong.odds.rules import Conversion, Resources, RollRules

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
    assert pooled_need([PLAIN, PLAIN], [12, 8]) == 20
    assert pooled_need([PLAIN, PLAIN, PLAIN], [3, 4, 2]) == 9  # one odd need
    assert pooled_need([PLAIN, PLAIN], [3, 5]) is None  # two odd needs: a crit on each wastes one
    assert pooled_need([PLAIN, PLAIN], [3, 0]) == 3  # a defeated target is left out
    assert pooled_need([PLAIN, PLAIN.with_crits_dealing(0)], [4, 4]) is None  # two models
    assert pooled_need([PLAIN.with_bonus(COLORS)] * 2, [4, 4]) is None  # a crit dealing 3


def test_two_odd_needs_do_not_pool() -> None:
    """Why two odd needs stay with the joint tables: needs 1 and 1 against one red die never both fall, while one
    target of need 2 falls to its crit."""
    spec = JointSpec((PLAIN, PLAIN), (0, 0))
    red = (0, 0, 0, 0, 1)
    assert Joint(spec, red, (1, 1), 1, 1.0).value(red, (1, 1), 1) == 0.0
    assert kill_probability(DiceCounts.parse("R1"), 2) == pytest.approx(1 / 6)


def test_pooled_equals_the_joint_tables_on_random_small_fights() -> None:
    """Many seeded fights of two or three targets sharing a model, at most one odd need, a few dice, one to three
    phases, rules on rolls and a held face change: one target of the summed need gives the joint tables' figure."""
    rng = random.Random(26)
    checked = 0
    while checked < 150:
        root = tuple(rng.randint(0, 2) for _ in range(4)) + (rng.randint(0, 1),)
        if not sum(root):
            continue
        targets = rng.choice((2, 2, 3))
        needs = [rng.randint(1, 6) for _ in range(targets)]
        odd = [i for i, n in enumerate(needs) if n % 2]
        for i in odd[1:]:
            needs[i] += 1
        model = rng.choice(MODELS)
        rules = rng.choice(RULES)
        conversion = (
            CORONA if rng.random() < 0.3 and not rules.kept else None
        )  # the joint tables: no change on kept faces
        phases = rng.randint(1, 3)
        spec = JointSpec(
            (model,) * targets, (0,) * targets, rules, conversion.shape if conversion is not None else None
        )
        need = pooled_need(spec.models, needs)
        assert need == sum(needs)
        joint = Joint(spec, root, tuple(needs), phases, 1.0).value(root, needs, phases, held=True)
        dice = DiceCounts(*root)
        one = kill_probability(dice, need, phases=phases, model=model, rules=rules, conversion=conversion)
        assert one == pytest.approx(joint, abs=1e-9), (root, needs, model, rules, conversion, phases)
        checked += 1


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


def test_two_odd_needs_over_17_dice_say_they_are_simulated() -> None:
    dice = tuple((d, None) for d in DiceCounts.all().die_ids())
    answer = chances(Situation(dice, (Target(11), Target(9)), 3, "commit")).all
    assert answer is not None and not answer.exact and answer.words().startswith("≈")


def _give(needs: list[int], damage: int) -> None:
    """One die to a target as the proof of :func:`pooled_need` does: 2 to an even need of 2 or more, 1 to the odd
    need, else to any target still standing."""
    standing = [t for t, n in enumerate(needs) if n > 0]
    if damage == 2:
        even = [t for t in standing if needs[t] % 2 == 0]
        t = even[0] if even else standing[0]
    else:
        odd = [t for t in standing if needs[t] % 2]
        t = odd[0] if odd else standing[0]
    needs[t] -= damage


def test_the_pooled_figure_is_reached_by_a_two_target_play() -> None:
    """The big question (needs 12 and 8, all 17 dice, three phases): each game plays the pooled best move and gives
    every applied die to a target as the proof says; both targets fall as often as the exact figure says, within
    the sampling error (the greedy simulation of :mod:`twentystrong.odds.simulate` falls short of it)."""
    exact = targets_odds(DiceCounts.all(), [Target(12), Target(8)], phases=3).all
    spec = Spec(PLAIN)
    rng = random.Random(11)
    faces = [("miss",) * FACES[c].miss + ("hit",) * FACES[c].hit + ("crit",) * FACES[c].crit for c in COLORS]
    games, both = 6000, 0
    for _ in range(games):
        needs = [12, 8]
        pool = [DICE_PER_COLOR[c] for c in COLORS]
        for phase in range(3, 0, -1):
            rolled = [[0, 0, 0] for _ in COLORS]
            for c, n in enumerate(pool):
                for _ in range(n):
                    rolled[c][("miss", "hit", "crit").index(rng.choice(faces[c]))] += 1
            shown = tuple((m, h, k) for m, h, k in rolled)
            move = best_move(sum(max(0, n) for n in needs), shown, phase - 1, spec, False)
            for c, (hits, crits) in enumerate(move.applied):
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
