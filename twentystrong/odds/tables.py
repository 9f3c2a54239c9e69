"""Best-play tables: P(defeating one target) for every sub-multiset of some dice, every need up to a bound and every
number of phases left, computed colour by colour on arrays.

This module imports numpy; :mod:`twentystrong.odds.rerolls` imports it only when a table is first needed, so
importing the odds (and starting the TUI) does not load numpy.

A state is (the unapplied dice by colour, the damage still needed, the phases left); its value ``V_k(pool)(need)``
is the chance of a defeat under the best play (:mod:`twentystrong.odds.plans` for the rules of the choice). One
table holds every state below a root pool at once: an array indexed ``[k, need, yellow, green, blue, purple, red]``,
``need`` 0 standing for "no more damage needed" (value 1). Level ``k`` follows from level ``k - 1`` in three sweeps
over the colours, each a few operations on whole arrays:

1. **Choose** (a max). For each colour whose lower face is a choice (:attr:`ColorPlan.decides`), its axis of dice
   counts ``p`` becomes an axis of pairs ``(p, l)``: ``p`` dice of the colour did not show the best face (those are
   applied, fact 1), ``l ≤ p`` of them show the lower face, and the value is that of the best number of them to
   apply, ``G[p, l](need) = max(G[p, 0](need), G[p - 1, l - 1](need - lower))``. The best choice over every colour
   at once is the nested max of each colour's choice, so after this sweep the array holds, for every combination
   of what the dice show, the value of the best move.
2. **Which faces showed** (an expectation). ``l`` out of ``p`` is Binomial(p, n_lower / (6 - n_best)): the weighted
   sum collapses each ``(p, l)`` axis back to counts.
3. **Roll** (an expectation). The best faces: ``V(n)(need) = Σ_b Binomial(n, n_best / 6)(b) · X(n - b)(need - b ·
   best)``; on the last phase every positive face is applied (a multinomial over best and lower faces).

Sweeps 2 and 3 are linear, so they commute and run in the order that keeps arrays small; both must follow every
max of sweep 1 (the player chooses after seeing every die). The largest array is the one with every decision colour
expanded (15⁴ × 2 pairs × 21 needs for all 17 dice against health 20); it is never built: the last colour's choice
and its sweep 2 go row by row. The need is the outermost axis and the colour being swept the next, so a shift of
the need is a slice and every slice is made of long runs of memory.

The same code runs on float64 arrays (:class:`Table` with ``one=1.0``) and on arrays of exact fractions
(``one=Fraction(1)``; slow beyond a few dice over a few phases, as every exact answer is).

Further rules fit the same sweeps when the damage model can hold them: "misses are not rolled again" changes which
dice a roll keeps (sweep 3's terms), and a once-per-round face conversion is one more axis (used or not) and, in
sweep 1, one more max over the colours whose miss it would turn.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar, cast

import numpy as np
import numpy.typing as npt

from twentystrong.odds.dice import COLORS
from twentystrong.odds.model import DamageModel
from twentystrong.odds.plans import ColorPlan, lower_weights, plans_of, roll_terms

__all__ = ["Table"]

Num = TypeVar("Num", float, Fraction)
Array = npt.NDArray[Any]


class Table(Generic[Num]):
    """``value(pool, need, k)`` for every pool ⊆ ``root``, need < ``length`` and k ≤ ``phases``, best play."""

    def __init__(self, model: DamageModel, root: tuple[int, ...], length: int, phases: int, one: Num) -> None:
        self.model, self.root, self.length, self.phases = model, root, length, phases
        self.one: Num = one
        self.zero: Num = one - one
        self._exact = isinstance(one, Fraction)
        plans = plans_of(model)
        dtype = object if self._exact else np.float64
        self.values: Array = np.empty((phases + 1, length, *(n + 1 for n in root)), dtype=dtype)
        self.values[0] = self.zero
        self.values[0, 0] = one
        work = _Work(dtype)
        for k in range(1, phases + 1):
            self.values[k] = _level(self.values[k - 1], root, plans, k == 1, one, work)

    def covers(self, root: Sequence[int], length: int, phases: int) -> bool:
        """Whether every question about pools ⊆ ``root``, needs below ``length`` and ``phases`` is in the table."""
        return (
            length <= self.length
            and phases <= self.phases
            and all(a <= b for a, b in zip(root, self.root, strict=True))
        )

    def value(self, pool: Sequence[int], need: int, phases: int) -> Num:
        """P(defeat) with ``pool`` unapplied dice, ``need`` damage to go and ``phases`` rolls left."""
        if need <= 0:
            return self.one
        if need >= self.length:  # the table was cut at the most damage its dice can deal
            return self.zero
        found = self.values[(phases, need, *pool)]
        return cast(Num, found if self._exact else float(found))


class _Work:
    """Scratch arrays reused from level to level (a fresh large array costs its page faults each time)."""

    def __init__(self, dtype: Any) -> None:
        self.dtype = dtype
        self._arrays: dict[str, Array] = {}

    def get(self, name: str, shape: tuple[int, ...]) -> Array:
        array = self._arrays.get(name)
        if array is None or array.shape != shape:
            array = self._arrays[name] = np.empty(shape, dtype=self.dtype)
        return array


def _at(axis: int, index: int) -> tuple[slice | int, ...]:
    """The index of slice ``index`` along ``axis``."""
    return (*(slice(None),) * axis, index)


def _pair(p: int, lower: int) -> int:
    """Where the pair (p dice not showing the best face, ``lower`` of them showing the lower face) is on its axis."""
    return p * (p + 1) // 2 + lower


def _numbers(weights: Sequence[Fraction], exact: bool) -> tuple[Any, ...]:
    return tuple(weights) if exact else tuple(map(float, weights))


def _level(after: Array, root: tuple[int, ...], plans: Sequence[ColorPlan], last: bool, one: Any, work: _Work) -> Array:
    """The values with one more phase left than ``after`` (``last``: this is the only phase left)."""
    exact = isinstance(one, Fraction)
    # Colours whose lower face is a choice, expanded in order of size so that the largest is swept outermost.
    decide = (
        [] if last else sorted((c for c, plan in enumerate(plans) if root[c] and plan.decides), key=root.__getitem__)
    )
    order = [*reversed(decide), *(c for c in range(len(COLORS)) if c not in decide)]
    axis = {c: 1 + i for i, c in enumerate(order)}
    perm = (0, *(1 + c for c in order))
    x = np.ascontiguousarray(after.transpose(perm))
    # 1. Choose, 2. which faces showed: the last colour fused row by row, then the others.
    for c in decide[:-1]:
        x = _expand(x, axis[c], root[c], plans[c].lower, one)
    if decide:
        c = decide[-1]
        weights = [_numbers(w, exact) for w in lower_weights(plans[c], root[c])]
        x = _expand_and_sum(x, axis[c], root[c], plans[c].lower, weights, one, work)
    for c in reversed(decide[:-1]):
        x = _sum_lower(x, axis[c], root[c], [_numbers(w, exact) for w in lower_weights(plans[c], root[c])], work)
    # 3. Roll, on the array as small as it gets, back in the table's layout.
    x = x.transpose(np.argsort(perm))
    for c, plan in enumerate(plans):
        if root[c] and plan.best:
            terms = roll_terms(plan, root[c], all_faces=last)
            weights = [_numbers([w for _, _, w in outcomes], exact) for outcomes in terms]
            x = _roll(x, 1 + c, terms, weights, one)
    return np.ascontiguousarray(x)


def _choices(
    x: Array, axis: int, n: int, lower: int, one: Any, into: Callable[[int, int], Array]
) -> Iterator[list[Array]]:
    """For p = 0 … n: the values after the best choice when p dice of the colour did not show the best face and
    l = 0 … p of them show the lower face (a list over l; ``into(p, l)`` gives the array to write row l into)."""
    needs = x.shape[0]
    previous: list[Array] = []
    for p in range(n + 1):
        kept = x[_at(axis, p)]  # l = 0: nothing to choose
        rows = [kept]
        for low in range(1, p + 1):
            row = into(p, low)
            if lower >= needs:  # one lower face defeats the target
                row[...] = one
            else:
                # Apply none of them, or one and then the best with l - 1 of p - 1 (fact 2: they are alike).
                row[:lower] = one
                np.maximum(kept[lower:], previous[low - 1][: needs - lower], out=row[lower:])
            rows.append(row)
        yield rows
        previous = rows


def _expand(x: Array, axis: int, n: int, lower: int, one: Any) -> Array:
    """Sweep 1 for one colour: its axis of counts becomes an axis of pairs (p, l), valued after the best choice."""
    shape = list(x.shape)
    shape[axis] = _pair(n + 1, 0)
    out = np.empty(shape, dtype=x.dtype)
    for p, rows in enumerate(_choices(x, axis, n, lower, one, lambda p, low: out[_at(axis, _pair(p, low))])):
        out[_at(axis, _pair(p, 0))] = rows[0]
    return out


def _expand_and_sum(
    x: Array, axis: int, n: int, lower: int, weights: Sequence[Sequence[Any]], one: Any, work: _Work
) -> Array:
    """Sweeps 1 and 2 for one colour, row by row, without building the axis of pairs."""
    shape = list(x.shape)
    shape[axis] = n + 1
    out = np.empty(shape, dtype=x.dtype)
    row_shape = x[_at(axis, 0)].shape
    rows_work = work.get("rows", (2, n + 1, *row_shape))
    spare = work.get("spare", row_shape)
    for p, rows in enumerate(_choices(x, axis, n, lower, one, lambda p, low: rows_work[p % 2, low])):
        _weighted_sum(out[_at(axis, p)], rows, weights[p], spare)
    return out


def _sum_lower(x: Array, axis: int, n: int, weights: Sequence[Sequence[Any]], work: _Work) -> Array:
    """Sweep 2 for one colour: its axis of pairs (p, l) back to counts p, weighting l by ``weights[p][l]``."""
    shape = list(x.shape)
    shape[axis] = n + 1
    out = np.empty(shape, dtype=x.dtype)
    spare = work.get(f"spare{axis}", out[_at(axis, 0)].shape)
    for p in range(n + 1):
        rows = [x[_at(axis, _pair(p, low))] for low in range(p + 1)]
        _weighted_sum(out[_at(axis, p)], rows, weights[p], spare)
    return out


def _weighted_sum(out: Array, rows: Sequence[Array], weights: Sequence[Any], spare: Array) -> None:
    np.multiply(rows[0], weights[0], out=out)
    for row, weight in zip(rows[1:], weights[1:], strict=True):
        np.multiply(row, weight, out=spare)
        np.add(out, spare, out=out)


def _roll(
    x: Array,
    axis: int,
    terms: Sequence[Sequence[tuple[int, int, Fraction]]],
    weights: Sequence[Sequence[Any]],
    one: Any,
) -> Array:
    """Sweep 3 for one colour: ``out[m](need) = Σ probability · x[m - applied](need - damage)`` over its
    :func:`~twentystrong.odds.plans.roll_terms` (``weights``: their probabilities in the table's numbers)."""
    source = np.ascontiguousarray(np.moveaxis(x, axis, 0))  # the colour outermost, then the need
    out = np.empty_like(source)
    needs = source.shape[1]
    spare = np.empty_like(source[0])
    for m, (outcomes, numbers) in enumerate(zip(terms, weights, strict=True)):
        acc = out[m]
        acc[...] = one - one
        for (applied, damage, _), weight in zip(outcomes, numbers, strict=True):
            rows = source[m - applied]
            if damage >= needs:  # every need left is met
                acc += weight
                continue
            acc[:damage] += weight  # needs ≤ damage are met
            part = spare[: needs - damage]
            np.multiply(rows[: needs - damage], weight, out=part)
            np.add(acc[damage:], part, out=acc[damage:])
    return np.moveaxis(out, 0, axis)
