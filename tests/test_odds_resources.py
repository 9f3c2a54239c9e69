"""Issue 17: the exact tables under the roll rules in force and with a face change held, against a brute force that
plays every die and every legal choice (``odds_brute``), the face change at its best."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from odds_brute import after_roll_value, brute_force

from twentystrong.odds import (
    COLORS,
    PLAIN,
    Color,
    DamageModel,
    DiceCounts,
    Face,
    best_apply,
    color_of,
    kill_probabilities,
    kill_probability,
    kill_probability_exact,
)
from twentystrong.odds.rerolls import NotExact
from twentystrong.odds.rules import PLAIN_ROLLS, Conversion, RollRules

MODELS: dict[str, DamageModel] = {
    "plain": PLAIN,
    "crits deal 0": PLAIN.with_crits_dealing(0),
    "green +1": PLAIN.with_bonus(["green"]),
    "blue cannot apply": PLAIN.without_applying(["blue"]),
    "yellow hits deal 0": PLAIN.with_color("yellow", hit=0),
    "purple hit 2 crit 1": PLAIN.with_color("purple", hit=2, crit=1),
    "crits cannot apply": PLAIN.without_applying(COLORS, hits=False),
}
RULES: dict[str, RollRules] = {
    "plain": PLAIN_ROLLS,
    "misses not rolled again": RollRules.of(kept=["miss"]),
    "unapplied hits kept": RollRules.of(kept=["hit", "crit"]),
    "nothing rolled again": RollRules.of(kept=["miss", "hit", "crit"]),
    "purple and green inverted": RollRules.of(inverted=["purple", "green"]),
    "red inverted": RollRules.of(inverted=["red"]),
    "misses kept, yellow inverted": RollRules.of(kept=["miss"], inverted=["yellow"]),
}
CONVERSIONS: dict[str, Conversion | None] = {
    "none": None,
    "Corona: Y/G/B miss to crit": Conversion("Corona's ability", ("miss",), ("crit",), frozenset(COLORS[:3])),
    "miss to hit": Conversion("Dust Wraith", ("miss",), ("hit",)),
    "hit to crit": Conversion("Mare Stalker", ("hit",), ("crit",)),
    "Parallax: Y/G/B hit to crit": Conversion("Parallax's ability", ("hit",), ("crit",), frozenset(COLORS[:3])),
}


def dice_of(colors: list[Color]) -> DiceCounts:
    return DiceCounts.from_mapping({c: colors.count(c) for c in set(colors)})


def random_cases(count: int, seed: int) -> list[tuple[tuple[Color, ...], int, int, str, str, str]]:
    rng = random.Random(seed)
    out: list[tuple[tuple[Color, ...], int, int, str, str, str]] = []
    while len(out) < count:
        n = rng.randint(1, 3)
        picks = tuple(sorted((rng.choice(COLORS) for _ in range(n)), key=COLORS.index))
        if picks.count("red") > 1:
            continue
        case = (picks, rng.randint(1, 2 * n + 2), rng.randint(1, 3))
        out.append((*case, rng.choice(sorted(MODELS)), rng.choice(sorted(RULES)), rng.choice(sorted(CONVERSIONS))))
    return out


def exact_or_none(
    colors: tuple[Color, ...], need: int, phases: int, model: str, rules: str, conversion: str
) -> Fraction | None:
    try:
        return kill_probability_exact(
            dice_of(list(colors)),
            need,
            phases=phases,
            model=MODELS[model],
            rules=RULES[rules],
            conversion=CONVERSIONS[conversion],
        )
    except NotExact:
        return None


@pytest.mark.parametrize(("colors", "need", "phases", "model", "rules", "conversion"), random_cases(120, 17), ids=str)
def test_the_exact_tables_match_the_brute_force(
    colors: tuple[Color, ...], need: int, phases: int, model: str, rules: str, conversion: str
) -> None:
    got = exact_or_none(colors, need, phases, model, rules, conversion)
    if got is None:  # the tables say they cannot hold it: the simulation answers (test_odds_simulate)
        return
    expected = brute_force(list(colors), need, phases, MODELS[model], RULES[rules], CONVERSIONS[conversion])
    assert got == expected


@pytest.mark.parametrize("rules", sorted(RULES))
@pytest.mark.parametrize("conversion", sorted(CONVERSIONS))
def test_every_rule_and_face_change_over_one_to_six_phases(rules: str, conversion: str) -> None:
    """Two dice of one colour and one of another (fact 2 and the pairs axis at work), every phase count; the floats
    agree with the fractions."""
    colors: tuple[Color, ...] = ("green", "green", "blue")
    for phases in range(1, 7):
        got = exact_or_none(colors, 5, phases, "plain", rules, conversion)
        if got is None:
            # Only a kept miss made a hit that is rolled again goes back to the pool (see the refusals below).
            assert conversion == "miss to hit" and "miss" in RULES[rules].kept, (rules, conversion)
            return
        assert got == brute_force(list(colors), 5, phases, PLAIN, RULES[rules], CONVERSIONS[conversion]), phases
        floats = kill_probability(
            dice_of(list(colors)), 5, phases=phases, rules=RULES[rules], conversion=CONVERSIONS[conversion]
        )
        assert floats == pytest.approx(float(got), abs=1e-12)


@pytest.mark.parametrize("seed", range(2))
def test_the_advice_after_a_roll_is_the_brute_force_best(seed: int) -> None:
    """After a roll, the chance the advised move keeps is the best any move keeps (face change first or not)."""
    rng = random.Random(seed)
    ids = ["Y1", "Y2", "G1", "G2", "B1", "B2", "P1", "R1"]
    checked = 0
    while checked < 40:
        dice = rng.sample(ids, rng.randint(1, 4))
        rolled: dict[str, Face] = {d: rng.choice(["miss", "hit", "crit"]) for d in dice}
        model, rules, conversion = (rng.choice(sorted(table)) for table in (MODELS, RULES, CONVERSIONS))
        if any(getattr(RULES[rules].faces_of(color_of(d)), f) == 0 for d, f in rolled.items()):
            continue  # a face these dice cannot show under these rules
        need, after = rng.randint(1, 2 * len(dice) + 2), rng.randint(0, 2)
        try:
            advice = best_apply(
                rolled,
                need,
                phases_after=after,
                model=MODELS[model],
                rules=RULES[rules],
                conversion=CONVERSIONS[conversion],
            )
        except NotExact:
            continue
        best = after_roll_value(rolled, need, after, MODELS[model], RULES[rules], CONVERSIONS[conversion])
        assert advice.kill_probability == pytest.approx(float(best), abs=1e-12), (rolled, need, after, model, rules)
        checked += 1


def test_corona_turns_a_miss_into_the_defeat() -> None:
    """The issue's case: a green crit and two purple hits on the table against a card needing 5, one miss shown and
    Corona's ability held: change the miss, apply everything, certain."""
    corona = CONVERSIONS["Corona: Y/G/B miss to crit"]
    rolled: dict[str, Face] = {"G3": "crit", "G4": "miss", "P3": "hit", "P4": "hit"}
    without = best_apply(rolled, 6, phases_after=2)
    advice = best_apply(rolled, 6, phases_after=2, conversion=corona)
    assert without.kill_probability < 1
    assert advice.convert == ("G4", "crit") and advice.defeats_now and advice.kill_probability == 1
    assert set(advice.apply) == {"G3", "G4", "P3", "P4"}


def test_a_kept_miss_is_changed_at_once_when_misses_are_not_rolled_again() -> None:
    """Misses kept: a miss shown is dead unless changed; the change is worth its crit at once."""
    corona = CONVERSIONS["Corona: Y/G/B miss to crit"]
    rules = RULES["misses not rolled again"]
    advice = best_apply({"Y1": "miss", "B1": "hit"}, 4, phases_after=2, rules=rules, conversion=corona)
    assert advice.convert == ("Y1", "crit") and "Y1" in advice.apply


def test_what_the_tables_cannot_hold_is_refused() -> None:
    """A two-dice change, forced rerolls, and a kept miss turned into a face that is rolled again (the die goes
    back to the pool: the brute force finds that worth doing) are not claimed exact."""
    swap = Conversion("Albedo Mimic", ("miss", "hit"), ("hit", "miss"), same_color=False)
    dice = DiceCounts.parse("G,B")
    with pytest.raises(NotExact):
        kill_probabilities(dice, 3, phases=2, conversion=swap)
    with pytest.raises(NotExact):
        kill_probabilities(dice, 3, phases=2, rules=RollRules(forced_rerolls=True))
    with pytest.raises(NotExact):
        kill_probabilities(
            dice,
            3,
            phases=2,
            model=PLAIN.with_crits_dealing(0),
            rules=RULES["misses not rolled again"],
            conversion=CONVERSIONS["Corona: Y/G/B miss to crit"],
        )


def test_a_held_change_never_lowers_the_chance_and_the_used_layer_is_the_plain_table() -> None:
    every = DiceCounts.all()
    corona = CONVERSIONS["Corona: Y/G/B miss to crit"]
    for health, phases in ((20, 6), (12, 3), (6, 2)):
        plain = kill_probability(every, health, phases=phases)
        held = kill_probability(every, health, phases=phases, conversion=corona)
        assert held >= plain
    from twentystrong.odds.rerolls import _float_table, spec_of

    table = _float_table(spec_of(conversion=corona), 20)
    plain_table = _float_table(spec_of(), 20)
    assert table.value((4, 4, 4, 4, 1), 20, 6, held=False) == pytest.approx(
        plain_table.value((4, 4, 4, 4, 1), 20, 6), abs=1e-15
    )
