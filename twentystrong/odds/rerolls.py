"""Rerolls: the chance of defeating one target within k Strategy phases under the best play, and that play.

The model (rules.md R4): in each Strategy phase every unapplied committed die is rolled; the player then applies
any of the dice showing a hit or crit (applied dice are done, their damage counts); the others stay and are
rolled again next phase, misses included. With ``k`` phases the player maximises P(applied damage ≥ need).
:mod:`twentystrong.odds.plans` says what a damage model means for that choice.

The answers come from a best-play table (:class:`twentystrong.odds.tables.Table`): the value of every state (every
sub-multiset of the 17 dice, every need up to the one asked, every phase count up to the one asked), computed
colour by colour with numpy in tens of milliseconds for any damage model (``twentystrong bench`` measures it). The
first question about a damage model builds its table; every later one about that model is a lookup (microseconds),
a bigger need or more phases grow it. The first table of a process also pays for importing numpy (tens of
milliseconds), so a front end asks from a worker thread when :func:`is_cached` says the answer is not ready (the
cache is thread-safe).

Numbers: :func:`kill_probability` computes in floats (rounding error ~1e-15); :func:`kill_probability_exact` runs
the same code on :class:`~fractions.Fraction`, practical for a few dice or a few phases (the tests compare it with a
brute-force optimum). One phase is always exact (the single-roll tail).
"""

from __future__ import annotations

import itertools
import math
import threading
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, TypeVar, cast

from twentystrong.odds.dice import COLORS, DiceCounts, Face, color_of, die_order
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.plans import (
    ColorPlan,
    Spec,
    color_plan,
    convert_plans,
    exact_reason,
    fills,
    lower_weights,
    model_chains,
    plans_of,
    roll_terms,
    share_weights,
)
from twentystrong.odds.rules import PLAIN_ROLLS, Conversion, RollRules
from twentystrong.odds.single import _numerators, single_roll

if TYPE_CHECKING:
    from twentystrong.odds.tables import Table

__all__ = [
    "MAX_PHASES",
    "ApplyAdvice",
    "ColorPlan",
    "CountsChoice",
    "Move",
    "NotExact",
    "Spec",
    "best_move",
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
    "spec_of",
]

Num = TypeVar("Num", float, Fraction)

MAX_PHASES = 6
"""The Strategy stat never exceeds 6 (R1), so neither do the phases of one engagement."""

# --------------------------------------------------------------------------------------------------------------
# The cache of tables, per damage model


_CACHE_SIZE = 6
_LOCK = threading.Lock()  # the TUI may ask from a worker thread
_float_tables: OrderedDict[Spec, Table[float]] = OrderedDict()
_exact_tables: OrderedDict[Spec, Table[Fraction]] = OrderedDict()


class NotExact(ValueError):
    """The tables cannot hold these rules exactly (a forced reroll, a two-dice face change …): simulate instead."""


def spec_of(model: DamageModel = PLAIN, rules: RollRules = PLAIN_ROLLS, conversion: Conversion | None = None) -> Spec:
    """The :class:`Spec` of a target's damage model, the roll rules and a held face change (raises
    :class:`NotExact` for a face change of two dice: the tables hold one die's)."""
    if conversion is not None and not conversion.single:
        raise NotExact(f"{conversion.name} changes two dice: the exact tables hold a change of one")
    return Spec(model, rules, conversion.shape if conversion is not None else None)


def _useful(dice: DiceCounts | Sequence[int], spec: Spec) -> tuple[int, ...]:
    """The counts of the dice that can hurt the target (a useless colour never changes the odds)."""
    counts = dice.as_tuple() if isinstance(dice, DiceCounts) else tuple(dice)
    return tuple(n if plan.best else 0 for plan, n in zip(plans_of(spec.model, spec.rules), counts, strict=True))


def _covered(
    cache: OrderedDict[Spec, Table[Num]], spec: Spec, root: tuple[int, ...], length: int, phases: int
) -> Table[Num] | None:
    table = cache.get(spec)
    return table if table is not None and table.covers(root, length, phases) else None


def _get(
    cache: OrderedDict[Spec, Table[Num]],
    spec: Spec,
    root: tuple[int, ...],
    length: int,
    phases: int,
    one: Num,
) -> Table[Num]:
    with _LOCK:
        table = _covered(cache, spec, root, length, phases)
        if table is not None:
            cache.move_to_end(spec)
            return table
        old = cache.get(spec)
        if old is not None:  # grow to cover both questions, so alternating questions do not rebuild
            grown = tuple(max(a, b) for a, b in zip(root, old.root, strict=True))
            if exact_reason(spec, grown) is None:
                root = grown
                length, phases = max(length, old.length), max(phases, old.phases)
        reason = exact_reason(spec, root)
        if reason is not None:
            raise NotExact(reason)
        from twentystrong.odds.tables import Table  # numpy: loaded with the first table, not with the odds

        table = Table(spec, root, length, phases, one)
        cache[spec] = table
        cache.move_to_end(spec)
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)
        return table


def _length(spec: Spec, root: tuple[int, ...], need: int) -> int:
    """Needs 0 … length - 1 are tabled: up to ``need``, but never beyond the most damage ``root`` can deal
    (any need above that has probability 0, which :meth:`Table.value` answers without a table entry)."""
    reach = sum(n * plan.best for n, plan in zip(root, plans_of(spec.model, spec.rules), strict=True))
    return max(1, min(need, reach)) + 1


@lru_cache(maxsize=256)
def _root(spec: Spec, dice: DiceCounts | tuple[int, ...]) -> tuple[int, ...]:
    """The pools a table for ``spec`` covers when asked about ``dice``: every sub-multiset of the 17 dice, so that
    the questions that follow are lookups; only ``dice`` when a face change is worth different amounts on kept faces
    of several colours and the 17 dice would take the table beyond what it holds exactly."""
    every = _useful(DiceCounts.all(), spec)
    return every if exact_reason(spec, every) is None else _useful(dice, spec)


def _float_table(
    spec: Spec, need: int, dice: DiceCounts | Sequence[int] | None = None, phases: int = MAX_PHASES
) -> Table[float]:
    """The float table of ``spec``: every sub-multiset of the 17 dice (so that the questions that follow in a fight,
    more dice committed, fewer dice after a roll, a commit plan's candidates, are lookups), the needs up to ``need``
    and the ``phases`` asked. Its cost grows with the need and the phases (a 17-dice table for need 7 over 3 phases
    is about a fifth of one for need 20 over 6), so a table is sized to the question, and a bigger question grows
    it to cover both (the needs and phases of a fight only shrink, so a fight builds once)."""
    counts = DiceCounts.all() if dice is None else dice if isinstance(dice, DiceCounts) else tuple(dice)
    root = _root(spec, counts)
    return _get(_float_tables, spec, root, _length(spec, root, need), phases, 1.0)


def _exact_table(spec: Spec, root: tuple[int, ...], need: int, phases: int) -> Table[Fraction]:
    return _get(_exact_tables, spec, root, _length(spec, root, need), phases, Fraction(1))


def _plain_single(spec: Spec) -> bool:
    """One roll needs no table: the plain dice and no face change (the single-roll tail is exact)."""
    return spec.rules.faces == PLAIN_ROLLS.faces and spec.conversion is None


def is_cached(
    dice: DiceCounts,
    health: int,
    *,
    applied: int = 0,
    phases: int = 1,
    model: DamageModel = PLAIN,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> bool:
    """Whether the best-play table for these dice, this need and these phases is built, so that
    :func:`kill_probability` and :func:`best_apply` answer with lookups of microseconds rather than a computation of
    milliseconds (the first time in a process, also numpy's import). One phase before a roll needs no table."""
    _check(health, applied, phases)
    need = health - applied
    spec = spec_of(model, rules, conversion)
    if need <= 0 or phases == 0 or (phases == 1 and _plain_single(spec)):
        return True
    root = _useful(dice, spec)
    with _LOCK:
        return _covered(_float_tables, spec, root, _length(spec, root, need), phases) is not None


def clear_cache() -> None:
    """Forget every cached table and roll (for benchmarks that measure a cold start)."""
    with _LOCK:
        _float_tables.clear()
        _exact_tables.clear()
    single_roll.cache_clear()
    _numerators.cache_clear()
    roll_terms.cache_clear()
    lower_weights.cache_clear()
    share_weights.cache_clear()
    convert_plans.cache_clear()
    _root.cache_clear()
    best_counts.cache_clear()
    best_move.cache_clear()
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
    dice: DiceCounts,
    health: int,
    *,
    applied: int = 0,
    phases: int = 1,
    model: DamageModel = PLAIN,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> float:
    """P(defeating a target of ``health`` with ``applied`` damage already on it within ``phases`` Strategy
    phases, rolling ``dice`` and playing the best apply/keep choice after every roll) — as a float.

    ``rules``: how the dice roll and which faces stay (:class:`~twentystrong.odds.rules.RollRules`);
    ``conversion``: a one-die face change the player may still make this round, used at its best. Raises
    :class:`NotExact` when the tables cannot hold them (see :func:`~twentystrong.odds.plans.exact_reason`)."""
    _check(health, applied, phases)
    need = health - applied
    if need <= 0:
        return 1.0
    if phases == 0:
        return 0.0
    spec = spec_of(model, rules, conversion)
    if phases == 1 and _plain_single(spec):
        return float(single_roll(dice, model).at_least(need))
    return _float_table(spec, need, dice, phases).value(_useful(dice, spec), need, phases)


def kill_probability_exact(
    dice: DiceCounts,
    health: int,
    *,
    applied: int = 0,
    phases: int = 1,
    model: DamageModel = PLAIN,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> Fraction:
    """:func:`kill_probability` as an exact fraction. Slow for many dice over several phases (see the module
    docstring); one phase of the plain dice is always fast."""
    _check(health, applied, phases)
    need = health - applied
    spec = spec_of(model, rules, conversion)
    if need <= 0:
        return Fraction(1)
    if phases == 0:
        return Fraction(0)
    if phases == 1 and _plain_single(spec):
        return single_roll(dice, model).at_least(need)
    root = _useful(dice, spec)
    return _exact_table(spec, root, need, phases).value(root, need, phases)


def kill_probabilities(
    dice: DiceCounts,
    health: int,
    *,
    applied: int = 0,
    phases: int = MAX_PHASES,
    model: DamageModel = PLAIN,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> tuple[float, ...]:
    """Before rolling: the kill probability within 1, 2, …, ``phases`` phases (best play), one table."""
    _check(health, applied, phases)
    need = health - applied
    spec = spec_of(model, rules, conversion)
    if need <= 0:
        return (1.0,) * phases
    plain_single = _plain_single(spec)
    root = _useful(dice, spec)
    table = _float_table(spec, need, dice, phases) if phases > 1 or not plain_single else None
    # One phase from the exact single-roll tail, so it agrees to the last bit with `single_roll`.
    return tuple(
        float(single_roll(dice, model).at_least(need))
        if table is None or (k == 1 and plain_single)
        else table.value(root, need, k)
        for k in range(1, phases + 1)
    )


@dataclass(frozen=True, slots=True)
class ApplyAdvice:
    """The best move after a roll against one target."""

    apply: tuple[str, ...]
    """Die ids to apply to the target now."""
    keep: tuple[str, ...]
    """Die ids left unapplied (rolled again if another phase is played, unless a rule keeps their face), misses
    included."""
    damage: int
    """Damage the applied dice deal."""
    kill_probability: float
    """P(defeating the target) after this move, playing best afterwards; 1.0 when it defeats it now."""
    defeats_now: bool
    """True when the applied dice reach the target's health."""
    convert: tuple[str, Face] | None = None
    """The held face change, used first: (the die it changes, the face it then shows); None when it is kept."""


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
    spec = Spec(model)
    root = _useful(pool, spec)
    table = _float_table(spec, need, phases=phases_after)
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


Shown = tuple[tuple[int, int, int], ...]
"""What some dice show, per colour (in :data:`COLORS` order): (misses, basic hits, crits)."""

_FACE_INDEX: dict[Face, int] = {"miss": 0, "hit": 1, "crit": 2}
_POSITIVE: tuple[tuple[int, Face], ...] = ((1, "hit"), (2, "crit"))
_CHOICES_CAP = 2000
"""The most apply choices :func:`best_move` weighs one by one; beyond it, fact 3's chains (plain rolls only)."""


@dataclass(frozen=True, slots=True)
class Move:
    """The best move after a roll against one target, by colour (see :func:`best_move`)."""

    applied: tuple[tuple[int, int], ...]
    """Per colour: (basic hits, crits) applied now, after the face change if one is used."""
    convert: tuple[int, Face, Face] | None
    """The held face change, used first: (colour index, the face it turns, the face it makes); None: kept."""
    damage: int
    """Damage the applied dice deal."""
    probability: float
    """P(defeating the target) after this move, playing best afterwards."""


def _kill_key(faces: Shown, need: int, model: DamageModel) -> tuple[int, int, int, tuple[tuple[int, int], ...]] | None:
    """The cheapest set of ``faces`` that reaches ``need`` (least overkill, fewest dice, weakest dice) as (overkill,
    dice, strength, per colour (hits, crits)), or None when they cannot reach it."""
    plans = plans_of(model)
    best, lower = [], []
    for (_, hits, crits), plan in zip(faces, plans, strict=True):
        by_face = {"hit": hits, "crit": crits}
        best.append(sum(by_face[f] for f in plan.best_faces))
        lower.append(sum(by_face[f] for f in plan.lower_faces))
    if sum(b * p.best + lo * p.lower for b, lo, p in zip(best, lower, plans, strict=True)) < need:
        return None
    use_best, use_lower, damage = cheapest_kill(need, tuple(best), tuple(lower), model)
    applied = []
    for (_, hits, crits), plan, b, lo in zip(faces, plans, use_best, use_lower, strict=True):
        taken = {"hit": 0, "crit": 0}
        for count, group in ((b, plan.best_faces), (lo, plan.lower_faces)):
            for face in ("hit", "crit"):  # basic hits first when both faces are a colour's best
                if face in group:
                    got = min(count, {"hit": hits, "crit": crits}[face] - taken[face])
                    taken[face] += got
                    count -= got
        applied.append((taken["hit"], taken["crit"]))
    dice = sum(h + c for h, c in applied)
    strength = sum((i + 1) * (h + c) for i, (h, c) in enumerate(applied))
    return damage - need, dice, strength, tuple(applied)


def _converted(shown: Shown, color: int, before: Face, after: Face) -> Shown:
    out = [list(f) for f in shown]
    out[color][_FACE_INDEX[before]] -= 1
    out[color][_FACE_INDEX[after]] += 1
    return tuple((f[0], f[1], f[2]) for f in out)


@lru_cache(maxsize=65536)
def best_move(need: int, shown: Shown, phases_after: int, spec: Spec, held: bool = True, now: bool = True) -> Move:
    """The best move after a roll: which faces to apply, whether to use the held face change first.

    ``shown`` is every unapplied die just rolled (faces per colour); ``phases_after`` how many phases may follow;
    ``held``: the face change of ``spec`` is still in hand (``now``: it may be used in this move; else only
    later). When the target can be defeated now, the move is the
    cheapest defeating set (least overkill, then fewest dice, then weakest dice), without the face change if it can
    be done without. Otherwise the move that keeps the best chance (the tables), the face change kept on a tie.
    """
    model = spec.model
    converts = convert_plans(spec) if held else tuple(None for _ in COLORS)
    pool = tuple(sum(f) for f in shown)
    reason = exact_reason(spec, pool)
    if reason is not None:
        raise NotExact(reason)
    options: list[tuple[int, Face, Face] | None] = [None]
    if held and now and spec.conversion is not None:
        source, made = spec.conversion[0][0], spec.conversion[1][0]
        options += [
            (c, source, made) for c, cv in enumerate(converts) if cv is not None and shown[c][_FACE_INDEX[source]]
        ]
    zeros = tuple((0, 0) for _ in COLORS)
    if need <= 0:
        return Move(zeros, None, 0, 1.0)
    # Defeat now if it can be done, the face change only if it must.
    kills = []
    for option in options:
        faces = shown if option is None else _converted(shown, *option)
        key = _kill_key(faces, need, model)
        if key is not None:
            kills.append(((option is not None, *key[:3]), key, option))
    if kills:
        _, key, option = min(kills, key=lambda k: k[0])
        return Move(key[3], option, need + key[0], 1.0)
    if phases_after == 0:  # nothing to roll for: everything that deals damage (the kill is impossible)
        applied = tuple(
            (hits if model.damage(c, "hit") else 0, crits if model.damage(c, "crit") else 0)
            for c, (_, hits, crits) in zip(COLORS, shown, strict=True)
        )
        damage = sum(
            h * model.damage(c, "hit") + k * model.damage(c, "crit") for c, (h, k) in zip(COLORS, applied, strict=True)
        )
        return Move(applied, None, damage, 0.0)
    plans = plans_of(model, spec.rules)
    table = _float_table(spec, need, pool, phases_after)
    plain = spec.rules == PLAIN_ROLLS and not (held and spec.conversion is not None)
    choice: tuple[float, int, int, Move] | None = None
    for option in options:
        faces = shown if option is None else _converted(shown, *option)
        forced: list[tuple[int, int]] = []
        left = list(pool)
        damage = 0
        decisions: list[tuple[int, Face, int]] = []  # (colour, lower face, how many show it)
        for c, (plan, counts) in enumerate(zip(plans, faces, strict=True)):
            took = [0, 0]
            for i, face in _POSITIVE:
                category = plan.category(face)
                if not counts[i]:
                    continue
                if category in ("best", "bank"):
                    took[i - 1] += counts[i]
                    left[c] -= counts[i]
                    damage += counts[i] * plan.value(face)
                elif category == "lower" and plan.decides:
                    decisions.append((c, face, counts[i]))
                elif category == "dead":
                    left[c] -= counts[i]
            if plan.category("miss") == "dead":
                left[c] -= counts[0]
            forced.append((took[0], took[1]))
        useful = [bool(plan.best) for plan in plans]
        if plain and math.prod(n + 1 for _, _, n in decisions) > _CHOICES_CAP:
            chains = model_chains(model, tuple(c for c, _, _ in decisions))
            shown_lower = {c: n for c, _, n in decisions}
            combos = [
                tuple(sum((list(part.items()) for part in combo), []))
                for combo in itertools.product(*(list(fills(chain, shown_lower)) for chain in chains))
            ]
            values = [
                table.value(
                    [(left[c] - dict(combo).get(c, 0)) if useful[c] else 0 for c in range(len(COLORS))],
                    need - damage - sum(j * plans[c].lower for c, j in combo),
                    phases_after,
                    held=held and option is None,
                )
                for combo in combos
            ]
            best_i = max(range(len(combos)), key=lambda i: (values[i], -sum(j for _, j in combos[i])))
            combo, p = combos[best_i], values[best_i]
        else:
            # Every number of each decision colour's lower faces to apply, weighed at once (one gather); the best,
            # fewest dice applied on a tie.
            import numpy as np

            grids = np.meshgrid(*(np.arange(n + 1) for _, _, n in decisions), indexing="ij")
            pools: list[object] = [left[c] if useful[c] else 0 for c in range(len(COLORS))]
            needs = np.full(grids[0].shape if grids else (), need - damage)
            extra = np.zeros(needs.shape, dtype=int)
            for (c, _, _), grid in zip(decisions, grids, strict=True):
                pools[c] = left[c] - grid
                needs = needs - grid * plans[c].lower
                extra = extra + grid
            found = table.lookup(pools, needs, phases_after, held=held and option is None).ravel()
            near = found >= found.max() - 1e-12
            best_i = int(np.flatnonzero(near)[np.argmin(extra.ravel()[near])])
            p = float(found[best_i])
            combo = tuple((c, int(g.ravel()[best_i])) for (c, _, _), g in zip(decisions, grids, strict=True))
        faces_of = {c: face for c, face, _ in decisions}
        dealt = damage + sum(j * plans[c].lower for c, j in combo)
        counted = [list(f) for f in forced]
        for c, j in combo:
            counted[c][0 if faces_of[c] == "hit" else 1] += j
        move = Move(tuple((h, k) for h, k in counted), option, dealt, p)
        score = (p, -sum(j for _, j in combo), -(option is not None))
        if (
            choice is None
            or score[0] > choice[0] + 1e-12
            or (abs(score[0] - choice[0]) <= 1e-12 and score[1:] > choice[1:3])
        ):
            choice = (p, score[1], score[2], move)
    assert choice is not None
    return choice[3]


def best_apply(
    rolled: Mapping[str, Face],
    health: int,
    *,
    applied: int = 0,
    phases_after: int,
    model: DamageModel = PLAIN,
    rules: RollRules = PLAIN_ROLLS,
    conversion: Conversion | None = None,
) -> ApplyAdvice:
    """After a roll: which dice to apply to the target now, which to keep rolling, and whether to use a held face
    change first.

    ``rolled`` maps every unapplied die in the active area (just rolled, or kept by a rule) to its face; ``applied``
    is the damage already on the target; ``phases_after`` is how many more Strategy phases may be played after this
    one (the current Strategy stat minus the phases used, this one included); ``rules`` and ``conversion`` as in
    :func:`kill_probability`.
    """
    _check(health, applied, phases_after)
    spec = spec_of(model, rules, conversion)
    colors = {die: color_of(die) for die in rolled}
    shown = tuple(
        tuple(sum(1 for d, f in rolled.items() if colors[d] == c and f == face) for face in ("miss", "hit", "crit"))
        for c in COLORS
    )
    move = best_move(health - applied, cast(Shown, shown), phases_after, spec, conversion is not None)
    faces = dict(rolled)
    convert: tuple[str, Face] | None = None
    if move.convert is not None:
        index, before, after = move.convert
        die = min((d for d in rolled if colors[d] == COLORS[index] and rolled[d] == before), key=die_order)
        faces[die] = after
        convert = (die, after)
    chosen: list[str] = []
    for c, (hits, crits) in zip(COLORS, move.applied, strict=True):
        dice = sorted((d for d in rolled if colors[d] == c), key=die_order)
        if convert is not None and convert[0] in dice:  # the changed die first: it was changed to be applied
            dice.remove(convert[0])
            dice.insert(0, convert[0])
        chosen += [d for d in dice if faces[d] == "hit"][:hits]
        chosen += [d for d in dice if faces[d] == "crit"][:crits]
    keep = tuple(sorted((d for d in rolled if d not in chosen), key=die_order))
    return ApplyAdvice(
        apply=tuple(sorted(chosen, key=die_order)),
        keep=keep,
        damage=move.damage,
        kill_probability=move.probability,
        defeats_now=move.damage >= health - applied,
        convert=convert,
    )
