"""One roll of a set of dice: the exact distribution of the damage it can deal, as fractions."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache

from twentystrong.odds.dice import COLORS, Color, DiceCounts
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.rules import PLAIN_ROLLS, RollRules


@dataclass(frozen=True, slots=True)
class SingleRoll:
    """The damage one roll of ``dice`` deals if every hit and crit is applied, under ``model``."""

    dice: DiceCounts
    model: DamageModel
    distribution: tuple[Fraction, ...]
    """``distribution[d]`` = P(total damage = d); sums to 1; the last entry is the most damage possible."""
    expected_damage: Fraction
    """The mean of :attr:`distribution`."""
    crit_probability: Fraction
    """P(at least one die shows a crit), whatever crits are worth against this target."""

    def at_least(self, damage: int) -> Fraction:
        """P(total damage ≥ ``damage``); 1 when ``damage`` ≤ 0."""
        if damage <= 0:
            return Fraction(1)
        return sum(self.distribution[damage:], Fraction(0))

    def kill_probability(self, health: int, applied: int = 0) -> Fraction:
        """P(one roll defeats a target of ``health`` that already has ``applied`` damage on it)."""
        return self.at_least(health - applied)


def die_weights(color: Color, model: DamageModel = PLAIN, rules: RollRules = PLAIN_ROLLS) -> dict[int, int]:
    """One die's damage as ``{damage: number of faces}`` (out of six), unapplicable faces counting 0."""
    faces, dmg = rules.faces_of(color), model.of(color)
    weights: dict[int, int] = {}
    for damage, count in ((0, faces.miss), (dmg.damage("hit"), faces.hit), (dmg.damage("crit"), faces.crit)):
        if count:
            weights[damage] = weights.get(damage, 0) + count
    return weights


def _convolve(a: list[int], b: list[int]) -> list[int]:
    out = [0] * (len(a) + len(b) - 1)
    for i, x in enumerate(a):
        if x:
            for j, y in enumerate(b):
                out[i + j] += x * y
    return out


@lru_cache(maxsize=256)
def _numerators(counts: tuple[int, ...], model: DamageModel, rules: RollRules = PLAIN_ROLLS) -> tuple[int, ...]:
    """Numerators over 6**n of the damage distribution (integers keep it exact and fast)."""
    total = [1]
    for color, n in zip(COLORS, counts, strict=True):
        if not n:
            continue
        weights = die_weights(color, model, rules)
        one = [0] * (max(weights) + 1)
        for damage, count in weights.items():
            one[damage] = count
        for _ in range(n):
            total = _convolve(total, one)
    while len(total) > 1 and total[-1] == 0:
        total.pop()
    return tuple(total)


@lru_cache(maxsize=256)
def single_roll(dice: DiceCounts, model: DamageModel = PLAIN, rules: RollRules = PLAIN_ROLLS) -> SingleRoll:
    """The exact damage distribution, expected damage and crit chance of one roll of ``dice`` (faces as ``rules``
    say the dice roll: inverted colours)."""
    counts = dice.as_tuple()
    numerators = _numerators(counts, model, rules)
    denominator = 6**dice.total
    distribution = tuple(Fraction(k, denominator) for k in numerators)
    expected = sum(
        (n * Fraction(sum(d * w for d, w in die_weights(c, model, rules).items()), 6) for c, n in dice.items()),
        Fraction(0),
    )
    no_crit = Fraction(1)
    for color, n in dice.items():
        no_crit *= Fraction(6 - rules.faces_of(color).crit, 6) ** n
    crit = 1 - no_crit
    return SingleRoll(
        dice=dice, model=model, distribution=distribution, expected_damage=expected, crit_probability=crit
    )
