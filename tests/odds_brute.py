"""An independent brute force for the odds' tests: every die by itself, every face, every legal choice.

No shortcut of the odds package is used: no fact about which dice to apply, no counting by colour. A face change
held once per round may be used on any die showing its face (kept dice included), before the dice are applied; a die
left unapplied keeps its face when the rules keep that face, else it is rolled again.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from twentystrong.odds import COLORS, Color, DamageModel, Face
from twentystrong.odds.rules import PLAIN_ROLLS, Conversion, RollRules

Die = tuple[Color, Face | None]
"""A die: its colour, and the face it keeps (None: it is rolled)."""


def faces_of(color: Color, rules: RollRules) -> list[tuple[Face, int]]:
    counts = rules.faces_of(color)
    out: list[tuple[Face, int]] = [("miss", counts.miss), ("hit", counts.hit), ("crit", counts.crit)]
    return [(f, n) for f, n in out if n]


def changes(dice: Sequence[tuple[Color, Face]], conversion: Conversion) -> list[list[tuple[Color, Face]]]:
    """Every way to use the face change on these dice (each result is the dice afterwards)."""
    out = []
    n = len(conversion.before)
    for picked in itertools.permutations(range(len(dice)), n):
        if any(dice[i][1] != conversion.before[j] or not conversion.allows(dice[i][0]) for j, i in enumerate(picked)):
            continue
        if n == 2:
            same = dice[picked[0]][0] == dice[picked[1]][0]
            if conversion.same_color is not None and same != conversion.same_color:
                continue
        new = list(dice)
        for j, i in enumerate(picked):
            new[i] = (dice[i][0], conversion.after[j])
        out.append(new)
    return out


def brute_force(
    dice: Sequence[Color],
    need: int,
    phases: int,
    model: DamageModel,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> Fraction:
    """P(defeating one target needing ``need``) within ``phases``, playing every choice at its best (with forced
    rerolls, which hits are rolled again for the misses of a roll too; a rerolled die calls for no reroll)."""

    @cache
    def value(pool: tuple[Die, ...], need: int, phases: int, held: bool) -> Fraction:
        if need <= 0:
            return Fraction(1)
        if phases == 0 or not pool:
            return Fraction(0)
        options = [[(d[1], 1)] if d[1] is not None else faces_of(d[0], rules) for d in pool]
        total = Fraction(0)
        for outcome in itertools.product(*options):
            ways = math.prod(n for _, n in outcome)
            shown = [(d[0], f) for d, (f, _) in zip(pool, outcome, strict=True)]
            total += ways * rerolled(tuple(shown), need, phases, held)
        rolled = sum(1 for d in pool if d[1] is None)
        return total / 6**rolled

    def rerolled(shown: tuple[tuple[Color, Face], ...], need: int, phases: int, held: bool) -> Fraction:
        """A hit rolled again for each miss (the rules' forced rerolls): every choice of which, at its best."""
        misses = sum(1 for _, f in shown if f == "miss")
        hits = [i for i, (_, f) in enumerate(shown) if f != "miss"]
        count = min(misses, len(hits)) if rules.forced_rerolls else 0
        if count == 0:
            return after_roll(shown, need, phases, held)
        best = Fraction(0)
        for chosen in itertools.combinations(hits, count):
            total = Fraction(0)
            for outcome in itertools.product(*(faces_of(shown[i][0], rules) for i in chosen)):
                new = list(shown)
                for i, (f, _) in zip(chosen, outcome, strict=True):
                    new[i] = (shown[i][0], f)
                total += math.prod(n for _, n in outcome) * after_roll(tuple(new), need, phases, held)
            best = max(best, total / 6**count)
        return best

    @cache
    def after_roll(shown: tuple[tuple[Color, Face], ...], need: int, phases: int, held: bool) -> Fraction:
        best = choose(shown, need, phases, False if conversion is None else held, used=False)
        if held and conversion is not None:
            for new in changes(shown, conversion):
                best = max(best, choose(tuple(new), need, phases, False, used=True))
        return best

    def choose(shown: tuple[tuple[Color, Face], ...], need: int, phases: int, held: bool, used: bool) -> Fraction:
        usable = [i for i, (c, f) in enumerate(shown) if model.of(c).can_apply(f)]
        best = Fraction(0)
        for size in range(len(usable) + 1):
            for subset in itertools.combinations(usable, size):
                dealt = sum(model.damage(*shown[i]) for i in subset)
                rest = tuple(
                    sorted(
                        ((c, f if rules.keeps(f) else None) for i, (c, f) in enumerate(shown) if i not in subset),
                        key=lambda d: (COLORS.index(d[0]), d[1] or ""),
                    )
                )
                best = max(best, value(rest, need - dealt, phases - 1, held and not used))
        return best

    start = tuple(sorted(((c, None) for c in dice), key=lambda d: COLORS.index(d[0])))
    return value(start, need, phases, conversion is not None)


def after_roll_value(
    rolled: dict[str, Face],
    need: int,
    phases_after: int,
    model: DamageModel,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> Fraction:
    """The best value once these dice show these faces (the same brute force, from the Apply step; with forced
    rerolls, those of this roll done)."""
    from twentystrong.odds import color_of

    shown = tuple((color_of(d), f) for d, f in sorted(rolled.items()))
    counter = Counter(shown)
    assert counter  # at least one die
    return _after(shown, need, phases_after, model, rules, conversion)


def _after(
    shown: tuple[tuple[Color, Face], ...],
    need: int,
    phases_after: int,
    model: DamageModel,
    rules: RollRules,
    conversion: Conversion | None,
) -> Fraction:
    best = Fraction(0)
    candidates: list[tuple[tuple[tuple[Color, Face], ...], bool]] = [(shown, conversion is not None)]
    if conversion is not None:
        candidates += [(tuple(new), False) for new in changes(shown, conversion)]
    for faces, held in candidates:
        usable = [i for i, (c, f) in enumerate(faces) if model.of(c).can_apply(f)]
        for size in range(len(usable) + 1):
            for subset in itertools.combinations(usable, size):
                dealt = sum(model.damage(*faces[i]) for i in subset)
                if dealt >= need:
                    return Fraction(1)
                rest = [(c, f) for i, (c, f) in enumerate(faces) if i not in subset]
                kept = [(c, f) for c, f in rest if rules.keeps(f)]
                rolled = [c for c, f in rest if not rules.keeps(f)]
                if rules.forced_rerolls and not kept:  # the dice left roll with their forced rerolls to come
                    left = brute_force(rolled, need - dealt, phases_after, model, rules, conversion if held else None)
                else:
                    left = _with_kept(rolled, kept, need - dealt, phases_after, model, rules, conversion, held)
                best = max(best, left)
    return best


def _with_kept(
    rolled: list[Color],
    kept: list[tuple[Color, Face]],
    need: int,
    phases: int,
    model: DamageModel,
    rules: RollRules,
    conversion: Conversion | None,
    held: bool,
) -> Fraction:
    """Value of a pool with some dice keeping their faces: the brute force from that pool."""
    if need <= 0:
        return Fraction(1)
    if phases == 0:
        return Fraction(0)
    total = Fraction(0)
    for outcome in itertools.product(*(faces_of(c, rules) for c in rolled)):
        ways = math.prod(n for _, n in outcome)
        shown = tuple([*kept, *((c, f) for c, (f, _) in zip(rolled, outcome, strict=True))])
        total += ways * _after(shown, need, phases - 1, model, rules, conversion if held else None)
    return total / 6 ** len(rolled)


def joint_brute_force(
    dice: Sequence[Color],
    needs: Sequence[int],
    phases: int,
    models: Sequence[DamageModel],
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> Fraction:
    """P(every target defeated) within ``phases`` under the best joint play: every die given to any target (or
    kept), the face change on any die, every choice tried."""

    @cache
    def value(pool: tuple[Die, ...], needs: tuple[int, ...], phases: int, held: bool) -> Fraction:
        if all(n <= 0 for n in needs):
            return Fraction(1)
        if phases == 0 or not pool:
            return Fraction(0)
        options = [[(d[1], 1)] if d[1] is not None else faces_of(d[0], rules) for d in pool]
        total = Fraction(0)
        for outcome in itertools.product(*options):
            ways = math.prod(n for _, n in outcome)
            shown = tuple((d[0], f) for d, (f, _) in zip(pool, outcome, strict=True))
            best = give(shown, needs, phases, held and conversion is not None)
            if held and conversion is not None:
                for new in changes(shown, conversion):
                    best = max(best, give(tuple(new), needs, phases, False))
            total += ways * best
        return total / 6 ** sum(1 for d in pool if d[1] is None)

    def give(shown: tuple[tuple[Color, Face], ...], needs: tuple[int, ...], phases: int, held: bool) -> Fraction:
        # Each die: kept (-1) or given to a target it may be applied to.
        choices = [[-1, *(t for t, m in enumerate(models) if m.of(c).can_apply(f))] for c, f in shown]
        best = Fraction(0)
        for assignment in itertools.product(*choices):
            left = list(needs)
            for (c, f), t in zip(shown, assignment, strict=True):
                if t >= 0:
                    left[t] -= models[t].damage(c, f)
            rest = tuple(
                sorted(
                    ((c, f if rules.keeps(f) else None) for (c, f), t in zip(shown, assignment, strict=True) if t < 0),
                    key=lambda d: (COLORS.index(d[0]), d[1] or ""),
                )
            )
            best = max(best, value(rest, tuple(max(0, n) for n in left), phases - 1, held))
        return best

    start = tuple(sorted(((c, None) for c in dice), key=lambda d: COLORS.index(d[0])))
    return value(start, tuple(needs), phases, conversion is not None)


def capped_brute_force(
    dice: Sequence[Color], needs: Sequence[int], phases: int, models: Sequence[DamageModel], cap: int
) -> Fraction:
    """:func:`joint_brute_force` with at most ``cap`` dice applied in each Apply step (every target together)."""

    @cache
    def value(pool: tuple[Color, ...], needs: tuple[int, ...], phases: int) -> Fraction:
        if all(n <= 0 for n in needs):
            return Fraction(1)
        if phases == 0 or not pool:
            return Fraction(0)
        total = Fraction(0)
        for outcome in itertools.product(*(faces_of(c, PLAIN_ROLLS) for c in pool)):
            ways = math.prod(n for _, n in outcome)
            shown = [(c, f) for c, (f, _) in zip(pool, outcome, strict=True)]
            choices = [[-1, *(t for t, m in enumerate(models) if m.of(c).can_apply(f))] for c, f in shown]
            best = Fraction(0)
            for assignment in itertools.product(*choices):
                if sum(1 for t in assignment if t >= 0) > cap:
                    continue
                left = list(needs)
                for (c, f), t in zip(shown, assignment, strict=True):
                    if t >= 0:
                        left[t] -= models[t].damage(c, f)
                rest = tuple(
                    sorted((c for (c, _), t in zip(shown, assignment, strict=True) if t < 0), key=COLORS.index)
                )
                best = max(best, value(rest, tuple(max(0, n) for n in left), phases - 1))
            total += ways * best
        return total / 6 ** len(pool)

    return value(tuple(sorted(dice, key=COLORS.index)), tuple(needs), phases)
