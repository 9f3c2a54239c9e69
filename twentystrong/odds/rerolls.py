"""Rerolls: the chance of defeating one target within k Strategy phases under the best play, and that play.

The model (rules.md R4): in each Strategy phase every unapplied committed die is rolled; the player then applies
any of the dice showing a hit or crit (applied dice are done, their damage counts); the others stay and are
rolled again next phase, misses included. With ``k`` phases the player maximises P(applied damage ≥ need).

A state is (need, multiset of unapplied dice by colour, phases left); the value is computed by dynamic
programming over every sub-multiset of the dice, for every need up to the target's at once (a vector per
multiset). Three facts, each proved by a coupling argument, keep the choice after a roll small and exact:

1. *Apply every die showing its colour's best face.* Keeping it cannot later deal more than it deals now.
2. *Within a colour, apply the better face first*; dice of one colour are interchangeable once applied.
3. *Among the colours whose lower face deals the same damage, apply the weakest colours' dice first*: a kept
   die that first-order dominates another is worth at least as much. A colour that never deals 0 (red) keeps
   its lower face while a phase remains: it is sure to deal at least as much next roll.

So after a roll only "how many lower faces to apply, weakest colour first" is left: at most 17 choices.

Numbers: :func:`kill_probability` computes in floats (rounding error ~1e-15);
:func:`kill_probability_exact` runs the same code on :class:`~fractions.Fraction`, practical for a few dice or a
few phases (the tests compare it with a brute-force optimum). One phase is always exact (the single-roll tail).

Speed (pure Python): the work grows with the number of sub-multisets of the dice times the lower faces they can
show. A handful of dice over six phases takes milliseconds; all 17 dice, need 20, six phases takes about a
second (``twentystrong bench`` measures it). That cost is a floor for this formulation in pure Python: with all
17 dice every level enumerates ~10⁵ (pool, lower faces shown) outcomes, each a max of two need vectors (~1 µs).
So the plain damage model, the common case, ships precomputed (:mod:`twentystrong.odds.stored`: every
sub-multiset of the 17 dice, need ≤ 20, phases ≤ 6, written by ``scripts/odds_table.py`` with this very code);
it is read on the first plain question (a millisecond or two) and ignored when missing or stale. Other models and
bigger needs are computed. Computed tables are cached per damage model and grow to cover new questions, so any
later question about the same or fewer dice, a smaller need and fewer phases is a lookup (microseconds). A front
end should ask a non-plain model from a worker thread the first time (the cache is thread-safe).
"""

from __future__ import annotations

import itertools
import threading
from array import array
from collections import OrderedDict
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb
from operator import add, mul
from typing import Generic, TypeVar

from twentystrong.odds import stored
from twentystrong.odds.dice import COLORS, FACES, Color, DiceCounts, Face, color_of, die_order
from twentystrong.odds.model import PLAIN, DamageModel
from twentystrong.odds.single import _numerators, single_roll
from twentystrong.odds.stored import StoredTable

Num = TypeVar("Num", float, Fraction)

MAX_PHASES = 6
"""The Strategy stat never exceeds 6 (R1), so neither do the phases of one engagement."""


# --------------------------------------------------------------------------------------------------------------
# What a damage model means for the decisions


@dataclass(frozen=True, slots=True)
class ColorPlan:
    """One colour's faces sorted by what they are worth against the target."""

    best: int
    """Damage of the colour's best face (0: the colour is useless against this target)."""
    best_faces: frozenset[Face]
    """The faces that deal :attr:`best` (always applied, fact 1)."""
    lower: int
    """Damage of the other, lower but positive face; 0 if there is none."""
    lower_faces: frozenset[Face]
    """The faces that deal :attr:`lower`."""
    n_best: int
    """How many of the six faces deal :attr:`best`."""
    n_lower: int
    """How many of the six faces deal :attr:`lower`."""

    @property
    def n_zero(self) -> int:
        """How many faces deal nothing (misses, faces that cannot be applied, faces worth 0)."""
        return 6 - self.n_best - self.n_lower

    @property
    def sure(self) -> bool:
        """True when no face deals 0: a kept die is sure to deal at least :attr:`lower` next roll."""
        return self.n_zero == 0

    def value(self, face: Face) -> int:
        """Damage of ``face``."""
        return self.best if face in self.best_faces else self.lower if face in self.lower_faces else 0

    def at_least(self, damage: int) -> Fraction:
        """P(one roll deals ≥ ``damage``)."""
        faces = (self.n_best if self.best >= damage else 0) + (self.n_lower if self.lower >= damage else 0)
        return Fraction(6 if damage <= 0 else faces, 6)


@lru_cache(maxsize=512)
def color_plan(color: Color, model: DamageModel) -> ColorPlan:
    """How ``color``'s faces rank against a target with damage model ``model``."""
    faces, dmg = FACES[color], model.of(color)
    values: dict[Face, tuple[int, int]] = {
        "hit": (dmg.damage("hit"), faces.hit),
        "crit": (dmg.damage("crit"), faces.crit),
    }
    best = max(v for v, _ in values.values())
    if best == 0:
        return ColorPlan(0, frozenset(), 0, frozenset(), 0, 0)
    best_faces = frozenset(f for f, (v, _) in values.items() if v == best)
    lower_faces = frozenset(f for f, (v, _) in values.items() if 0 < v < best)
    lower = values[next(iter(lower_faces))][0] if lower_faces else 0
    return ColorPlan(
        best=best,
        best_faces=best_faces,
        lower=lower,
        lower_faces=lower_faces,
        n_best=sum(values[f][1] for f in best_faces),
        n_lower=sum(values[f][1] for f in lower_faces),
    )


def _dominates(a: ColorPlan, b: ColorPlan) -> bool:
    """A die of plan ``a`` first-order stochastically dominates one of plan ``b`` (fact 3)."""
    thresholds = {a.best, a.lower, b.best, b.lower} - {0}
    return all(a.at_least(t) >= b.at_least(t) for t in thresholds)


@lru_cache(maxsize=256)
def plans_of(model: DamageModel) -> tuple[ColorPlan, ...]:
    """:func:`color_plan` of every colour, in :data:`COLORS` order."""
    return tuple(color_plan(c, model) for c in COLORS)


@lru_cache(maxsize=1024)
def _model_chains(model: DamageModel, colors: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(chain) for chain in _chains(plans_of(model), colors))


def _chains(plans: Sequence[ColorPlan], colors: Sequence[int]) -> list[list[int]]:
    """Split the decision colours into chains: same lower damage, each dominating the one before (fact 3)."""
    by_value: dict[int, list[int]] = {}
    for c in colors:
        by_value.setdefault(plans[c].lower, []).append(c)
    chains: list[list[int]] = []
    for group in by_value.values():
        group.sort(key=lambda c: (plans[c].at_least(1), plans[c].at_least(plans[c].best), c))
        group_chains: list[list[int]] = []
        for c in group:
            for chain in group_chains:
                if _dominates(plans[c], plans[chain[-1]]):
                    chain.append(c)
                    break
            else:
                group_chains.append([c])
        chains.extend(group_chains)
    return chains


# --------------------------------------------------------------------------------------------------------------
# The table: kill probability for every sub-multiset of the dice, every need up to a bound, every phase count


class _Table(Generic[Num]):
    """``value(pool, need, k)`` for every pool ⊆ ``root``, need < ``length``, k ≤ ``phases``."""

    def __init__(self, model: DamageModel, root: tuple[int, ...], length: int, phases: int, one: Num) -> None:
        self.model, self.root, self.length, self.phases = model, root, length, phases
        self.one: Num = one
        self.zero: Num = one - one
        self.plans = plans_of(model)
        self.strides: list[int] = []
        stride = 1
        for n in root:
            self.strides.append(stride)
            stride *= n + 1
        self.size = stride
        self.pools: list[tuple[int, ...]] = [
            tuple(reversed(p)) for p in itertools.product(*(range(n + 1) for n in reversed(root)))
        ]
        self.pad = sum(n * plan.best for n, plan in zip(root, self.plans, strict=True))
        self._binom: dict[tuple[int, int, int], list[Num]] = {}
        decision = [c for c, plan in enumerate(self.plans) if root[c] and plan.lower and not plan.sure]
        self.chains = _chains(self.plans, decision)
        # levels[k][i]: the value vector of pool i with k phases left, padded with `pad` ones in front so that
        # levels[k][i][pad - s : pad - s + length] is the vector shifted by s damage already dealt.
        base = [one] * (self.pad + 1) + [self.zero] * (length - 1)
        self.levels: list[list[list[Num]]] = [[base] * self.size]
        for k in range(1, phases + 1):
            self.levels.append(self._level(k))

    # -- helpers -----------------------------------------------------------------------------------------------

    def index(self, pool: Sequence[int]) -> int:
        return sum(n * s for n, s in zip(pool, self.strides, strict=True))

    def covers(self, root: Sequence[int], length: int, phases: int) -> bool:
        return (
            length <= self.length
            and phases <= self.phases
            and all(a <= b for a, b in zip(root, self.root, strict=True))
        )

    def value(self, pool: Sequence[int], need: int, phases: int) -> Num:
        """P(defeat) with ``pool`` unapplied dice, ``need`` damage to go and ``phases`` rolls left."""
        if need <= 0:
            return self.one
        if need >= self.length:  # the table was cut at the most damage its dice can deal (see `_length`)
            return self.zero
        return self.levels[phases][self.index(pool)][self.pad + need]

    def _probs(self, n: int, good: int, total: int) -> list[Num]:
        """Binomial(n, good/total) as a list over 0..n."""
        key = (n, good, total)
        cached = self._binom.get(key)
        if cached is None:
            p = Fraction(good, total) if total else Fraction(0)
            exact = [comb(n, x) * p**x * (1 - p) ** (n - x) for x in range(n + 1)]
            cached = [_cast(self.one, f) for f in exact]
            self._binom[key] = cached
        return cached

    def _padded(self, vectors: list[list[Num]]) -> list[list[Num]]:
        front = [self.one] * self.pad
        return [front + v for v in vectors]

    def _remove(self, vectors: list[list[Num]], color: int, good: int, total: int, damage: int) -> list[list[Num]]:
        """E over x ~ Binomial(n_c, good/total) dice of ``color`` applied for ``damage`` each (no choice)."""
        padded = self._padded(vectors)
        pad, length, stride = self.pad, self.length, self.strides[color]
        out: list[list[Num]] = []
        for i, pool in enumerate(self.pools):
            n = pool[color]
            if n == 0:
                out.append(vectors[i])
                continue
            acc: list[Num] | None = None
            for x, w in enumerate(self._probs(n, good, total)):
                if not w:
                    continue
                start = pad - x * damage
                part = padded[i - x * stride][start : start + length]
                acc = [w * a for a in part] if acc is None else [s + w * a for s, a in zip(acc, part, strict=False)]
            assert acc is not None
            out.append(acc)
        return out

    # -- one level ---------------------------------------------------------------------------------------------

    def _level(self, k: int) -> list[list[Num]]:
        """The value vectors with ``k`` phases left, from those with ``k - 1``."""
        after = self.levels[k - 1]
        pad, length = self.pad, self.length
        if k == 1:
            # Last roll: apply every positive face, no choice left.
            after_vectors = [v[pad : pad + length] for v in after]
            decided = after_vectors
            for c, plan in enumerate(self.plans):
                if self.root[c] and plan.lower:
                    decided = self._remove(decided, c, plan.n_lower, 6 - plan.n_best, plan.lower)
        elif not self.chains:
            decided = [v[pad : pad + length] for v in after]
        elif len(self.chains) == 1:
            decided = self._decide_one_chain(after, self.chains[0])
        else:
            decided = self._decide_general(after)
        # Before the choice: the best faces are applied whatever else shows (fact 1).
        for c, plan in enumerate(self.plans):
            if self.root[c] and plan.best:
                decided = self._remove(decided, c, plan.n_best, 6, plan.best)
        return self._padded(decided)

    def _decide_one_chain(self, after: list[list[Num]], chain: list[int]) -> list[list[Num]]:
        """E over the lower faces shown of the best "apply the j weakest" choice (facts 2 and 3).

        The choices "apply all lower faces of the colours before this one and ``a`` of this one" only depend on
        the faces of those colours, so the running best is built colour by colour and shared by every outcome
        with the same prefix; the expectation is one weighted sum per need at the end.
        """
        pad, length, plans, strides = self.pad, self.length, self.plans, self.strides
        value = plans[chain[0]].lower
        probs = {
            c: [self._probs(n, plans[c].n_lower, 6 - plans[c].n_best) for n in range(self.root[c] + 1)] for c in chain
        }
        out: list[list[Num]] = []
        for i, pool in enumerate(self.pools):
            # Each node: (pool index after the applied prefix, damage dealt, running best vector, probability).
            nodes: list[tuple[int, int, list[Num], Num]] = [(i, 0, after[i][pad : pad + length], self.one)]
            active = [c for c in chain if pool[c]]
            if not active:
                out.append(nodes[0][2])
                continue
            for c in active[:-1]:
                n = pool[c]
                stride, weights = strides[c], probs[c][n]
                grown: list[tuple[int, int, list[Num], Num]] = []
                for idx, shift, current, weight in nodes:
                    grown.append((idx, shift, current, weight * weights[0]))
                    for y in range(1, n + 1):
                        start = pad - shift - y * value
                        candidate = after[idx - y * stride][start : start + length]
                        current = [a if a >= b else b for a, b in zip(current, candidate, strict=False)]
                        grown.append((idx - y * stride, shift + y * value, current, weight * weights[y]))
                nodes = grown
            # The last colour: only the leaves' vectors and probabilities are needed.
            c = active[-1]
            n = pool[c]
            stride, weights = strides[c], probs[c][n]
            leaves: list[list[Num]] = []
            leaf_weights: list[Num] = []
            for idx, shift, current, weight in nodes:
                leaves.append(current)
                leaf_weights.append(weight * weights[0])
                start = pad - shift
                for y in range(1, n + 1):
                    start -= value
                    candidate = after[idx - y * stride][start : start + length]
                    current = [a if a >= b else b for a, b in zip(current, candidate, strict=False)]
                    leaves.append(current)
                    leaf_weights.append(weight * weights[y])
            out.append([sum(map(mul, leaf_weights, column), self.zero) for column in zip(*leaves, strict=False)])
        return out

    def _decide_general(self, after: list[list[Num]]) -> list[list[Num]]:
        """Several chains (unusual damage models): every combination of per-chain choices."""
        pad, length, plans, strides = self.pad, self.length, self.plans, self.strides
        colors = [c for chain in self.chains for c in chain]
        out: list[list[Num]] = []
        for i, pool in enumerate(self.pools):
            acc: list[Num] = [self.zero] * length
            prob_lists = [self._probs(pool[c], plans[c].n_lower, 6 - plans[c].n_best) for c in colors]
            for shown in itertools.product(*(range(pool[c] + 1) for c in colors)):
                w = self.one
                for probs, y in zip(prob_lists, shown, strict=True):
                    w *= probs[y]
                if not w:
                    continue
                lower = dict(zip(colors, shown, strict=True))
                options = [list(_fills(chain, lower)) for chain in self.chains]
                best: list[Num] | None = None
                for combo in itertools.product(*options):
                    idx, shift = i, 0
                    for applied in combo:
                        for c, a in applied.items():
                            idx -= a * strides[c]
                            shift += a * plans[c].lower
                    start = pad - shift
                    part = after[idx][start : start + length]
                    best = part if best is None else list(map(max, best, part))
                assert best is not None
                acc = list(map(add, acc, map(mul, best, [w] * length)))
            out.append(acc)
        return out


def _fills(chain: Sequence[int], shown: Mapping[int, int]) -> Iterator[dict[int, int]]:
    """Each "apply the j weakest lower faces of this chain" choice, j = 0 … all, as {colour: count}."""
    applied: dict[int, int] = {}
    yield dict(applied)
    for c in chain:
        for a in range(1, shown[c] + 1):
            applied[c] = a
            yield dict(applied)


def _cast(one: Num, value: Fraction) -> Num:
    """``value`` in the number type of ``one``."""
    if isinstance(one, Fraction):
        return value
    return float(value)


# --------------------------------------------------------------------------------------------------------------
# The cache


_CACHE_SIZE = 6
_LOCK = threading.Lock()  # the TUI may ask from a worker thread
_float_tables: OrderedDict[DamageModel, _Table[float]] = OrderedDict()
_exact_tables: OrderedDict[DamageModel, _Table[Fraction]] = OrderedDict()


def _useful(dice: DiceCounts | Sequence[int], model: DamageModel) -> tuple[int, ...]:
    """The counts of the dice that can hurt the target (a useless colour never changes the odds)."""
    counts = dice.as_tuple() if isinstance(dice, DiceCounts) else tuple(dice)
    return tuple(n if plan.best else 0 for plan, n in zip(plans_of(model), counts, strict=True))


def _get(
    cache: OrderedDict[DamageModel, _Table[Num]],
    model: DamageModel,
    root: tuple[int, ...],
    length: int,
    phases: int,
    one: Num,
) -> _Table[Num]:
    with _LOCK:
        table = cache.get(model)
        if table is not None and table.covers(root, length, phases):
            cache.move_to_end(model)
            return table
        if table is not None:  # grow to cover both questions, so alternating questions do not rebuild
            root = tuple(max(a, b) for a, b in zip(root, table.root, strict=True))
            length, phases = max(length, table.length), max(phases, table.phases)
        table = _Table(model, root, length, phases, one)
        cache[model] = table
        cache.move_to_end(model)
        while len(cache) > _CACHE_SIZE:
            cache.popitem(last=False)
        return table


def _length(model: DamageModel, root: tuple[int, ...], need: int) -> int:
    """Needs 0 … length - 1 are tabled: up to ``need``, but never beyond the most damage ``root`` can deal
    (any need above that has probability 0, which :meth:`_Table.value` answers without a table entry)."""
    reach = sum(n * plan.best for n, plan in zip(root, plans_of(model), strict=True))
    return max(1, min(need, reach)) + 1


def _float_table(model: DamageModel, root: tuple[int, ...], need: int, phases: int) -> _Table[float] | StoredTable:
    length = _length(model, root, need)
    if model.is_plain():
        table = _stored_plain()
        if table is not None and table.covers(root, length, phases):
            return table
    return _get(_float_tables, model, root, length, phases, 1.0)


def _exact_table(model: DamageModel, root: tuple[int, ...], need: int, phases: int) -> _Table[Fraction]:
    return _get(_exact_tables, model, root, _length(model, root, need), phases, Fraction(1))


# The shipped plain-model table, read on the first plain question.
_stored_table: StoredTable | None = None
_stored_read = False
_stored_enabled = True


def _stored_plain() -> StoredTable | None:
    """The shipped plain-model table, read once; None when disabled, missing or not current."""
    global _stored_table, _stored_read
    if not _stored_enabled:
        return None
    if not _stored_read:
        with _LOCK:
            if not _stored_read:
                _stored_table = stored.load()
                _stored_read = True
    return _stored_table


@contextmanager
def without_stored_table() -> Iterator[None]:
    """Compute plain-model questions inside the block, ignoring the shipped table (benchmarks and tests)."""
    global _stored_enabled
    previous, _stored_enabled = _stored_enabled, False
    try:
        yield
    finally:
        _stored_enabled = previous


def stored_table_loaded() -> bool:
    """Whether the shipped plain-model table is in use (read, current, not disabled); reads it if needed."""
    return _stored_plain() is not None


def plain_table_values() -> array[float]:
    """Computes the values of the shipped table (:mod:`twentystrong.odds.stored` layout): the plain model, every
    sub-multiset of the 17 dice, needs 1 … ``MAX_NEED``, phases 1 … ``PHASES``. About a second."""
    table = _Table(PLAIN, stored.ROOT, stored.MAX_NEED + 1, stored.PHASES, 1.0)
    assert all(stored.pool_index(pool) == i for i, pool in enumerate(table.pools))
    values = array("d")
    for k in range(1, stored.PHASES + 1):
        for vector in table.levels[k]:
            values.extend(vector[table.pad + 1 : table.pad + stored.MAX_NEED + 1])
    return values


def clear_cache() -> None:
    """Forget every cached table, the shipped one included (for benchmarks that measure a cold start)."""
    global _stored_table, _stored_read
    with _LOCK:
        _stored_table, _stored_read = None, False
    _float_tables.clear()
    _exact_tables.clear()
    single_roll.cache_clear()
    _numerators.cache_clear()
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
    return _float_table(model, root, need, phases).value(root, need, phases)


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
    table = _float_table(model, root, need, phases) if phases > 1 else None
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
    table = _float_table(model, root, need, phases_after)
    best_applied = tuple(b if p.best else 0 for b, p in zip(shown_best, plans, strict=True))
    after_best = [n - b for n, b in zip(root, best_applied, strict=True)]
    need_after = need - sum(b * p.best for b, p in zip(best_applied, plans, strict=True))
    decision = [c for c, p in enumerate(plans) if root[c] and p.lower and not p.sure and shown_lower[c]]
    lower_shown = {c: shown_lower[c] for c in decision}
    choice: tuple[float, int, dict[int, int]] | None = None
    chains = _model_chains(model, tuple(decision))
    for combo in itertools.product(*(list(_fills(chain, lower_shown)) for chain in chains)):
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
