"""Rerolls: the chance of defeating one target within k Strategy phases under the best play, and that play.

The model (rules.md R4): in each Strategy phase every unapplied committed die is rolled; the player then applies
any of the dice showing a hit or crit (applied dice are done, their damage counts); the others stay and are
rolled again next phase, misses included. With ``k`` phases the player maximises P(applied damage ≥ need).
:mod:`twentystrong.odds.plans` says what a damage model means for that choice.

The answers come from a best-play table (:class:`twentystrong.odds.tables.Table`): the value of every state (every
sub-multiset of the 17 dice, every need up to 20 or the one asked if more, every phase count up to six), computed
colour by colour with numpy in about 25 ms for any damage model (``twentystrong bench`` measures it). The first
question about a damage model builds its table; every later one about that model is a lookup (microseconds), a
bigger need grows it. The first table of a process also pays for importing numpy (tens of milliseconds), so a front
end asks from a worker thread when :func:`is_cached` says the answer is not ready (the cache is thread-safe).

Numbers: :func:`kill_probability` computes in floats (rounding error ~1e-15); :func:`kill_probability_exact` runs
the same code on :class:`~fractions.Fraction`, practical for a few dice or a few phases (the tests compare it with a
brute-force optimum). One phase is always exact (the single-roll tail).
"""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar

from twentystrong.odds.dice import COLORS, DiceCounts, Face, color_of, die_order
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.plans import ColorPlan, color_plan, fills, lower_weights, model_chains, plans_of, roll_terms
from twentystrong.odds.single import _numerators, single_roll

if TYPE_CHECKING:
    from twentystrong.odds.tables import Table

__all__ = [
    "MAX_PHASES",
    "ApplyAdvice",
    "ColorPlan",
    "CountsChoice",
    "best_apply",
    "best_counts",
    "cheapest_kill",
    "clear_cache",
    "color_plan",
    "is_cached",
    "kill_probabilities",
    "kill_probability",
    "kill_probability_exact",
    "plans_of",
]

Num = TypeVar("Num", float, Fraction)

MAX_PHASES = 6
"""The Strategy stat never exceeds 6 (R1), so neither do the phases of one engagement."""

TABLE_NEED = 20
"""Float tables are built for needs up to at least this, whatever the need asked (most cards have less Health)."""


# --------------------------------------------------------------------------------------------------------------
# The cache of tables, per damage model


_CACHE_SIZE = 6
_LOCK = threading.Lock()  # the TUI may ask from a worker thread
_float_tables: OrderedDict[DamageModel, Table[float]] = OrderedDict()
_exact_tables: OrderedDict[DamageModel, Table[Fraction]] = OrderedDict()


def _useful(dice: DiceCounts | Sequence[int], model: DamageModel) -> tuple[int, ...]:
    """The counts of the dice that can hurt the target (a useless colour never changes the odds)."""
    counts = dice.as_tuple() if isinstance(dice, DiceCounts) else tuple(dice)
    return tuple(n if plan.best else 0 for plan, n in zip(plans_of(model), counts, strict=True))


def _covered(
    cache: OrderedDict[DamageModel, Table[Num]], model: DamageModel, root: tuple[int, ...], length: int, phases: int
) -> Table[Num] | None:
    table = cache.get(model)
    return table if table is not None and table.covers(root, length, phases) else None


def _get(
    cache: OrderedDict[DamageModel, Table[Num]],
    model: DamageModel,
    root: tuple[int, ...],
    length: int,
    phases: int,
    one: Num,
) -> Table[Num]:
    with _LOCK:
        table = _covered(cache, model, root, length, phases)
        if table is not None:
            cache.move_to_end(model)
            return table
        old = cache.get(model)
        if old is not None:  # grow to cover both questions, so alternating questions do not rebuild
            root = tuple(max(a, b) for a, b in zip(root, old.root, strict=True))
            length, phases = max(length, old.length), max(phases, old.phases)
        from twentystrong.odds.tables import Table  # numpy: loaded with the first table, not with the odds

        table = Table(model, root, length, phases, one)
        cache[model] = table
        cache.move_to_end(model)
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)
        return table


def _length(model: DamageModel, root: tuple[int, ...], need: int) -> int:
    """Needs 0 … length - 1 are tabled: up to ``need``, but never beyond the most damage ``root`` can deal
    (any need above that has probability 0, which :meth:`Table.value` answers without a table entry)."""
    reach = sum(n * plan.best for n, plan in zip(root, plans_of(model), strict=True))
    return max(1, min(need, reach)) + 1


def _float_table(model: DamageModel, need: int) -> Table[float]:
    """The float table of ``model``: every sub-multiset of the 17 dice, six phases and needs up to ``need`` and at
    least :data:`TABLE_NEED`, so that the questions that follow (more dice committed, another enemy, fewer phases,
    the advice after a roll) are lookups. All of it costs what the largest question alone would."""
    every = _useful(DiceCounts.all(), model)
    return _get(_float_tables, model, every, _length(model, every, max(need, TABLE_NEED)), MAX_PHASES, 1.0)


def _exact_table(model: DamageModel, root: tuple[int, ...], need: int, phases: int) -> Table[Fraction]:
    return _get(_exact_tables, model, root, _length(model, root, need), phases, Fraction(1))


def is_cached(dice: DiceCounts, health: int, *, applied: int = 0, phases: int = 1, model: DamageModel = PLAIN) -> bool:
    """Whether the best-play table for these dice, this need and these phases is built, so that
    :func:`kill_probability` and :func:`best_apply` answer with lookups of microseconds rather than a computation of
    milliseconds (the first time in a process, also numpy's import). One phase before a roll needs no table."""
    _check(health, applied, phases)
    need = health - applied
    if need <= 0 or phases == 0:
        return True
    root = _useful(dice, model)
    with _LOCK:
        return _covered(_float_tables, model, root, _length(model, root, need), phases) is not None


def clear_cache() -> None:
    """Forget every cached table and roll (for benchmarks that measure a cold start)."""
    with _LOCK:
        _float_tables.clear()
        _exact_tables.clear()
    single_roll.cache_clear()
    _numerators.cache_clear()
    roll_terms.cache_clear()
    lower_weights.cache_clear()
    best_counts.cache_clear()
    cheapest_kill.cache_clear()


def _check(health: int, applied: int, phases: int) -> None:
    if health < 1:
        raise ValueError(f"health must be at least 1, not {health}")
    if applied < 0:
        raise ValueError(f"applied damage cannot be negative ({applied})")
    if not 0 <= phases <= MAX_PHASES:
        raise ValueError(f"phases must be between 0 and {MAX_PHASES}, not {phases}")


# --------------------------------------------------------------------------------------------------------------
# Public API


def kill_probability(
    dice: DiceCounts, health: int, *, applied: int = 0, phases: int = 1, model: DamageModel = PLAIN
) -> float:
    """P(defeating a target of ``health`` with ``applied`` damage already on it within ``phases`` Strategy
    phases, rolling ``dice`` and playing the best apply/keep choice after every roll) — as a float."""
    _check(health, applied, phases)
    need = health - applied
    if need <= 0:
        return 1.0
    if phases == 0:
        return 0.0
    if phases == 1:
        return float(single_roll(dice, model).at_least(need))
    root = _useful(dice, model)
    return _float_table(model, need).value(root, need, phases)


def kill_probability_exact(
    dice: DiceCounts, health: int, *, applied: int = 0, phases: int = 1, model: DamageModel = PLAIN
) -> Fraction:
    """:func:`kill_probability` as an exact fraction. Slow for many dice over several phases (see the module
    docstring); one phase is always fast."""
    _check(health, applied, phases)
    need = health - applied
    if need <= 0:
        return Fraction(1)
    if phases == 0:
        return Fraction(0)
    if phases == 1:
        return single_roll(dice, model).at_least(need)
    root = _useful(dice, model)
    return _exact_table(model, root, need, phases).value(root, need, phases)


def kill_probabilities(
    dice: DiceCounts, health: int, *, applied: int = 0, phases: int = MAX_PHASES, model: DamageModel = PLAIN
) -> tuple[float, ...]:
    """Before rolling: the kill probability within 1, 2, …, ``phases`` phases (best play), one table."""
    _check(health, applied, phases)
    need = health - applied
    if need <= 0:
        return (1.0,) * phases
    root = _useful(dice, model)
    table = _float_table(model, need) if phases > 1 else None
    # One phase from the exact single-roll tail, so it agrees to the last bit with `single_roll`.
    return tuple(
        float(single_roll(dice, model).at_least(need)) if table is None or k == 1 else table.value(root, need, k)
        for k in range(1, phases + 1)
    )


@dataclass(frozen=True, slots=True)
class ApplyAdvice:
    """The best move after a roll against one target."""

    apply: tuple[str, ...]
    """Die ids to apply to the target now."""
    keep: tuple[str, ...]
    """Die ids left unapplied (rolled again if another phase is played), misses included."""
    damage: int
    """Damage the applied dice deal."""
    kill_probability: float
    """P(defeating the target) after this move, playing best afterwards; 1.0 when it defeats it now."""
    defeats_now: bool
    """True when the applied dice reach the target's health."""


@dataclass(frozen=True, slots=True)
class CountsChoice:
    """An apply choice by colour: how many best and lower faces of each colour (in :data:`COLORS` order)."""

    best: tuple[int, ...]
    lower: tuple[int, ...]
    damage: int
    probability: float


@lru_cache(maxsize=65536)
def best_counts(
    need: int,
    pool: tuple[int, ...],
    shown_best: tuple[int, ...],
    shown_lower: tuple[int, ...],
    phases_after: int,
    model: DamageModel = PLAIN,
) -> CountsChoice:
    """The best apply choice by counts (fast path for simulations and for :func:`best_apply`).

    ``pool`` is every unapplied die just rolled, by colour; ``shown_best``/``shown_lower`` how many of them show
    their colour's best and lower face (see :class:`ColorPlan`); ``phases_after`` how many phases may follow.
    When the target can be defeated now, the choice is the cheapest defeating set: least overkill, then fewest
    dice, then weakest dice.
    """
    plans = plans_of(model)
    available = sum(b * p.best + lo * p.lower for b, lo, p in zip(shown_best, shown_lower, plans, strict=True))
    if need <= 0:
        zeros = (0,) * len(COLORS)
        return CountsChoice(zeros, zeros, 0, 1.0)
    if available >= need:
        best, lower, damage = cheapest_kill(need, tuple(shown_best), tuple(shown_lower), model)
        return CountsChoice(best, lower, damage, 1.0)
    if phases_after == 0:
        # Nothing to roll for: applying everything is as good as anything (the kill is impossible).
        return CountsChoice(tuple(shown_best), tuple(shown_lower), available, 0.0)
    root = _useful(pool, model)
    table = _float_table(model, need)
    best_applied = tuple(b if p.best else 0 for b, p in zip(shown_best, plans, strict=True))
    after_best = [n - b for n, b in zip(root, best_applied, strict=True)]
    need_after = need - sum(b * p.best for b, p in zip(best_applied, plans, strict=True))
    decision = [c for c, p in enumerate(plans) if root[c] and p.lower and not p.sure and shown_lower[c]]
    lower_shown = {c: shown_lower[c] for c in decision}
    choice: tuple[float, int, dict[int, int]] | None = None
    chains = model_chains(model, tuple(decision))
    for combo in itertools.product(*(list(fills(chain, lower_shown)) for chain in chains)):
        applied: dict[int, int] = {}
        for part in combo:
            applied.update(part)
        post = list(after_best)
        dealt = 0
        for c, a in applied.items():
            post[c] -= a
            dealt += a * plans[c].lower
        probability = table.value(post, need_after - dealt, phases_after)
        key = (probability, -sum(applied.values()), applied)
        if choice is None or key[0] > choice[0] + 1e-12 or (abs(key[0] - choice[0]) <= 1e-12 and key[1] > choice[1]):
            choice = key
    assert choice is not None
    probability, _, applied = choice
    lower = tuple(applied.get(c, 0) for c in range(len(COLORS)))
    damage = sum(b * p.best for b, p in zip(best_applied, plans, strict=True)) + sum(
        a * p.lower for a, p in zip(lower, plans, strict=True)
    )
    return CountsChoice(best_applied, lower, damage, probability)


@lru_cache(maxsize=16384)
def cheapest_kill(
    need: int, shown_best: tuple[int, ...], shown_lower: tuple[int, ...], model: DamageModel
) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """The set of shown faces reaching ``need`` with least overkill, then fewest dice, then weakest colours.

    ``shown_best``/``shown_lower``: per colour, how many dice show the colour's best and lower face against
    the target (see :class:`ColorPlan`); the answer is the same per colour counts and the damage dealt.
    """
    plans = plans_of(model)
    # For a given number of faces of one damage value, the weakest dice are the cheapest: so a knapsack over
    # the distinct damage values (how many of each), the dice of each value taken weakest first.
    by_value: dict[int, list[tuple[int, int]]] = {}  # damage -> (strength, colour * 2 + kind) per die
    for c, plan in enumerate(plans):
        for kind, count, value in ((0, shown_best[c], plan.best), (1, shown_lower[c], plan.lower)):
            if count and value:
                by_value.setdefault(value, []).extend([(c + 1, c * 2 + kind)] * count)
    cap = need + max(by_value, default=0)  # a set beyond this has a die to spare
    states: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {0: (0, 0, ())}
    for value, dice_of_value in by_value.items():
        dice_of_value.sort()
        strengths = list(itertools.accumulate((s for s, _ in dice_of_value), initial=0))
        new_states: dict[int, tuple[int, int, tuple[tuple[int, int], ...]]] = {}
        for dealt, (dice, strength, picks) in states.items():
            for u in range(len(dice_of_value) + 1):
                d = dealt + u * value
                if d > cap:
                    d = cap
                old = new_states.get(d)
                if old is None or (dice + u, strength + strengths[u]) < old[:2]:
                    new_states[d] = (dice + u, strength + strengths[u], (*picks, (value, u)) if u else picks)
                if d >= cap:
                    break
        states = new_states
    damage = min(d for d in states if d >= need)
    counts = [0] * (2 * len(COLORS))
    for value, u in states[damage][2]:
        for _, code in by_value[value][:u]:
            counts[code] += 1
    return tuple(counts[0::2]), tuple(counts[1::2]), damage


def best_apply(
    rolled: Mapping[str, Face],
    health: int,
    *,
    applied: int = 0,
    phases_after: int,
    model: DamageModel = PLAIN,
) -> ApplyAdvice:
    """After a roll: which dice to apply to the target now and which to keep rolling.

    ``rolled`` maps every unapplied die in the active area (just rolled) to its face; ``applied`` is the damage
    already on the target; ``phases_after`` is how many more Strategy phases may be played after this one
    (the current Strategy stat minus the phases used, this one included).
    """
    _check(health, applied, phases_after)
    plans = dict(zip(COLORS, plans_of(model), strict=True))
    colors = {die: color_of(die) for die in rolled}
    pool = DiceCounts.from_ids(rolled).as_tuple()
    shown_best = tuple(sum(1 for d, f in rolled.items() if colors[d] == c and f in plans[c].best_faces) for c in COLORS)
    shown_lower = tuple(
        sum(1 for d, f in rolled.items() if colors[d] == c and f in plans[c].lower_faces) for c in COLORS
    )
    choice = best_counts(health - applied, pool, shown_best, shown_lower, phases_after, model)
    chosen: list[str] = []
    for c, n_best, n_lower in zip(COLORS, choice.best, choice.lower, strict=True):
        dice = sorted((d for d in rolled if colors[d] == c), key=die_order)
        chosen += [d for d in dice if rolled[d] in plans[c].best_faces][:n_best]
        chosen += [d for d in dice if rolled[d] in plans[c].lower_faces][:n_lower]
    keep = tuple(sorted((d for d in rolled if d not in chosen), key=die_order))
    return ApplyAdvice(
        apply=tuple(sorted(chosen, key=die_order)),
        keep=keep,
        damage=choice.damage,
        kill_probability=choice.probability,
        defeats_now=choice.damage >= health - applied,
    )
