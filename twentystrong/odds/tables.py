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
   counts ``p`` becomes an axis of pairs ``(p, l)``: ``p`` dice of the colour stay (they did not show the best face
   nor a kept one), ``l ≤ p`` of them show the lower face, and the value is that of the best number of them to
   apply, ``G[p, l](need) = max(G[p, 0](need), G[p - 1, l - 1](need - lower))``. The best choice over every colour
   at once is the nested max of each colour's choice, so after this sweep the array holds, for every combination
   of what the dice show, the value of the best move.
2. **Which faces showed** (an expectation). ``l`` out of ``p`` is binomial (:func:`~twentystrong.odds.plans.
   lower_weights`): the weighted sum collapses each ``(p, l)`` axis back to counts.
3. **Roll** (an expectation). ``V(n)(need) = Σ P(term) · X(n - removed)(need - damage)`` over the outcomes of
   rolling ``n`` dice of the colour (:func:`~twentystrong.odds.plans.roll_terms`): the best faces are applied,
   kept lower faces are as good as applied, kept faces worth nothing leave the pool ("misses are not rolled
   again"); on the last phase every positive face is applied.

Sweeps 2 and 3 are linear, so they commute and run in the order that keeps arrays small; both must follow every
max of sweep 1 (the player chooses after seeing every die). The largest array is the one with every decision colour
expanded (15⁴ × 2 pairs × 21 needs for all 17 dice against health 20); it is never built: the last colour's choice
and its sweep 2 go row by row. The need is the outermost axis and the colour being swept the next, so a shift of
the need is a slice and every slice is made of long runs of memory.

**A face change held once per round** (Corona's ability: a rolled miss becomes a crit) doubles every array: layer 0
is "used", layer 1 "still held". In sweep 1 the held layer's choice also offers the change, on any colour it may
turn, leading into the used layer: ``G1 = max(choices(X1), change(G0))``; a colour without a choice takes it as a
max on its counts. On the last phase (everything worth damage applied) and on a kept face (the die shows it until
it is changed), using it the moment the face shows is best, so it is part of sweep 3: an outcome that shows the face
moves to the used layer with the gain, colours taken by increasing gain so that the best gain is the one taken.
:func:`~twentystrong.odds.plans.convert_plans` says what the change does for each colour.

The same code runs on float64 arrays (:class:`Table` with ``one=1.0``) and on arrays of exact fractions
(``one=Fraction(1)``; slow beyond a few dice over a few phases, as every exact answer is).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from fractions import Fraction
from typing import Any, Generic, TypeVar, cast

import numpy as np
import numpy.typing as npt

from twentystrong.odds.dice import COLORS
from twentystrong.odds.plans import (
    ColorPlan,
    Convert,
    Spec,
    Term,
    convert_plans,
    exact_reason,
    lower_weights,
    plans_of,
    roll_terms,
    share_weights,
)

__all__ = ["Table"]

Num = TypeVar("Num", float, Fraction)
Array = npt.NDArray[Any]
Layers = list[Array]
"""One array per layer: [used] or [used, held] (see the module docstring)."""


class Table(Generic[Num]):
    """``value(pool, need, k, held)`` for every pool ⊆ ``root``, need < ``length``, k ≤ ``phases``, best play."""

    def __init__(self, spec: Spec, root: tuple[int, ...], length: int, phases: int, one: Num) -> None:
        self.spec, self.root, self.length, self.phases = spec, root, length, phases
        self.one: Num = one
        self.zero: Num = one - one
        self._exact = isinstance(one, Fraction)
        plans = plans_of(spec.model, spec.rules)
        if exact_reason(spec, root) is not None:
            raise ValueError(f"the tables cannot hold this exactly: {exact_reason(spec, root)}")
        converts = tuple(cv if n else None for cv, n in zip(convert_plans(spec), root, strict=True))
        layers = 2 if any(cv is not None and n for cv, n in zip(converts, root, strict=True)) else 1
        dtype = object if self._exact else np.float64
        self.values: Array = np.empty((layers, phases + 1, length, *(n + 1 for n in root)), dtype=dtype)
        self.values[:, 0] = self.zero
        self.values[:, 0, 0] = one
        work = _Work(dtype)
        for k in range(1, phases + 1):
            after = [self.values[layer, k - 1] for layer in range(layers)]
            for layer, array in enumerate(_level(after, root, plans, converts, k == 1, one, work)):
                self.values[layer, k] = array

    @property
    def layered(self) -> bool:
        """Whether the table holds a face change (a second layer)."""
        return bool(self.values.shape[0] == 2)

    def covers(self, root: Sequence[int], length: int, phases: int) -> bool:
        """Whether every question about pools ⊆ ``root``, needs below ``length`` and ``phases`` is in the table."""
        return (
            length <= self.length
            and phases <= self.phases
            and all(a <= b for a, b in zip(root, self.root, strict=True))
        )

    def value(self, pool: Sequence[int], need: int, phases: int, held: bool = True) -> Num:
        """P(defeat) with ``pool`` unapplied dice, ``need`` damage to go and ``phases`` rolls left; ``held``: the
        face change is still in hand (it counts only in a table that holds one)."""
        if need <= 0:
            return self.one
        if need >= self.length:  # the table was cut at the most damage its dice can deal
            return self.zero
        layer = 1 if held and self.layered else 0
        found = self.values[(layer, phases, need, *pool)]
        return cast(Num, found if self._exact else float(found))

    def lookup(self, pools: Sequence[Any], needs: Any, phases: int, held: bool = True) -> Array:
        """:meth:`value` of many states at once: ``pools`` per colour an int or an integer array, ``needs`` an
        integer array, all broadcast together (the advice weighs every choice after a roll with one gather)."""
        layer = 1 if held and self.layered else 0
        needs = np.asarray(needs)
        inside = np.clip(needs, 0, self.length - 1)
        shape = np.broadcast_shapes(needs.shape, *(np.shape(p) for p in pools))
        index = tuple(np.broadcast_to(np.asarray(i), shape) for i in (inside, *pools))
        found = np.asarray(self.values[layer, phases][index], dtype=float)
        found = np.where(np.broadcast_to(needs, shape) <= 0, 1.0, found)
        return np.where(np.broadcast_to(needs, shape) >= self.length, 0.0, found)


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
    """Where the pair (p dice staying, ``lower`` of them showing the lower face) is on its axis."""
    return p * (p + 1) // 2 + lower


def _numbers(weights: Sequence[Fraction], exact: bool) -> tuple[Any, ...]:
    return tuple(weights) if exact else tuple(map(float, weights))


def _shifted(into: Array, source: Array, damage: int, one: Any) -> Array:
    """``into(need) = source(need - damage)``, 1 where the damage meets the need."""
    needs = source.shape[0]
    if damage >= needs:
        into[...] = one
    else:
        into[:damage] = one
        into[damage:] = source[: needs - damage]
    return into


def _max_shifted(row: Array, source: Array, damage: int, one: Any) -> None:
    """``row = max(row, source(need - damage))`` in place."""
    needs = source.shape[0]
    if damage >= needs:
        row[...] = one
        return
    row[:damage] = one
    np.maximum(row[damage:], source[: needs - damage], out=row[damage:])


def _level(
    after: Layers,
    root: tuple[int, ...],
    plans: Sequence[ColorPlan],
    converts: Sequence[Convert | None],
    last: bool,
    one: Any,
    work: _Work,
) -> Layers:
    """The values with one more phase left than ``after`` (``last``: this is the only phase left)."""
    exact = isinstance(one, Fraction)
    held = len(after) == 2
    # Colours expanded in sweep 1: their lower face is a choice, or (layer held) a change needs to count the faces it
    # turns; in order of size so that the largest is swept outermost.
    expand: list[int] = []
    if not last:
        expand = [
            c for c, plan in enumerate(plans) if root[c] and (plan.decides or (held and _kind(converts[c]) == "mixed"))
        ]
        expand.sort(key=root.__getitem__)
    order = [*reversed(expand), *(c for c in range(len(COLORS)) if c not in expand)]
    axis = {c: 1 + i for i, c in enumerate(order)}
    perm = (0, *(1 + c for c in order))
    xs = [np.ascontiguousarray(x.transpose(perm)) for x in after]
    if held and not last:
        # A colour without a choice whose every staying die shows the face the change turns: a max on its counts.
        for c, cv in enumerate(converts):
            if cv is not None and cv.kind == "count" and root[c]:
                xs[1] = xs[1].copy()  # it may be a view of the table's previous level
                for p in range(root[c], 0, -1):
                    _max_shifted(xs[1][_at(axis[c], p)], xs[0][_at(axis[c], p - 1)], cv.value, one)

    def weights_of(c: int) -> list[tuple[Any, ...]]:
        cv = converts[c]
        if plans[c].decides:
            table = lower_weights(plans[c], root[c])
        else:
            assert cv is not None
            table = share_weights(*cv.share, root[c])
        return [_numbers(w, exact) for w in table]

    # 1. Choose, 2. which faces showed: the last colour fused row by row, then the others.
    for c in expand[:-1]:
        xs = _expand(xs, axis[c], root[c], plans[c], converts[c] if held else None, one)
    if expand:
        c = expand[-1]
        xs = _expand_and_sum(xs, axis[c], root[c], plans[c], converts[c] if held else None, weights_of(c), one, work)
    for c in reversed(expand[:-1]):
        xs = [_sum_lower(x, axis[c], root[c], weights_of(c), work, f"{layer}") for layer, x in enumerate(xs)]
    # 3. Roll, on the arrays as small as they get, back in the table's layout.
    back = np.argsort(perm)
    xs = [x.transpose(back) for x in xs]
    # A change taken in the roll itself (the last phase, a kept face): by increasing gain, so the best is taken.
    banked = [
        c
        for c, cv in enumerate(converts)
        if held and cv is not None and root[c] and (last or cv.kind == "frozen") and plans[c].best
    ]
    banked.sort(key=lambda c: cast(Convert, converts[c]).gain)
    for c in [*(c for c in range(len(COLORS)) if c not in banked), *banked]:
        plan = plans[c]
        if not (root[c] and plan.best):
            continue
        if c in banked:
            cv = cast(Convert, converts[c])
            terms = roll_terms(plan, root[c], all_faces=last, source=cv.face)
            xs = _roll_held(xs, 1 + c, terms, cv.gain, one, exact)
        else:
            terms = roll_terms(plan, root[c], all_faces=last)
            xs = [_roll(x, 1 + c, terms, one, exact) for x in xs]
    return [np.ascontiguousarray(x) for x in xs]


def _kind(cv: Convert | None) -> str:
    return "" if cv is None else cv.kind


def _choices(
    x: Array, axis: int, n: int, lower: int, one: Any, into: Callable[[int, int], Array]
) -> Iterator[list[Array]]:
    """For p = 0 … n: the values after the best choice when p dice of the colour stay and l = 0 … p of them show
    the lower face (a list over l; ``into(p, l)`` gives the array to write row l into)."""
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


def _held_choices(
    xs: Layers,
    axis: int,
    n: int,
    plan: ColorPlan,
    cv: Convert | None,
    one: Any,
    into: Callable[[int, int, int], Array],
) -> Iterator[list[list[Array]]]:
    """:func:`_choices` of every layer at once (``into(layer, p, l)``); in the held layer the change may also be
    used on a die of this colour, leading into the used layer."""
    if len(xs) == 1:
        for rows in _choices(xs[0], axis, n, plan.lower, one, lambda p, low: into(0, p, low)):
            yield [rows]
        return
    x0, x1 = xs
    mixed = cv is not None and cv.kind == "mixed"
    previous0: list[Array] = []
    previous1: list[Array] = []
    used = (
        _choices(x0, axis, n, plan.lower, one, lambda p, low: into(0, p, low))
        if not mixed
        else ([x0[_at(axis, p)]] * (p + 1) for p in range(n + 1))  # the used layer does not count those faces
    )
    for p, rows0 in enumerate(used):
        kept = x1[_at(axis, p)]
        rows1: list[Array] = []
        for low in range(p + 1):
            row = into(1, p, low)
            if low == 0 or mixed:
                row[...] = kept
            else:
                row[...] = kept
                _max_shifted(row, previous1[low - 1], plan.lower, one)
            if cv is not None:
                if mixed:
                    if low >= 1:  # one of the staying dice shows the face it turns
                        _max_shifted(row, x0[_at(axis, p - 1)], cv.value, one)
                elif cv.kind == "lower":
                    if low >= 1:
                        _max_shifted(row, previous0[low - 1], cv.value, one)
                elif cv.kind == "zero" and low < p:  # a staying die shows a face worth nothing
                    if cv.target == "lower":
                        np.maximum(row, rows0[low + 1], out=row)
                    else:
                        _max_shifted(row, previous0[low], cv.value, one)
            rows1.append(row)
        yield [rows0, rows1]
        previous0, previous1 = rows0, rows1


def _expand(xs: Layers, axis: int, n: int, plan: ColorPlan, cv: Convert | None, one: Any) -> Layers:
    """Sweep 1 for one colour: its axis of counts becomes an axis of pairs (p, l), valued after the best choice."""
    shape = list(xs[0].shape)
    shape[axis] = _pair(n + 1, 0)
    outs = [np.empty(shape, dtype=x.dtype) for x in xs]
    for p, layers in enumerate(
        _held_choices(xs, axis, n, plan, cv, one, lambda layer, p, low: outs[layer][_at(axis, _pair(p, low))])
    ):
        for out, rows in zip(outs, layers, strict=True):
            for low, row in enumerate(rows):
                if row.base is not out:  # a row of the counts themselves, not written into the pairs yet
                    out[_at(axis, _pair(p, low))] = row
    return outs


def _expand_and_sum(
    xs: Layers,
    axis: int,
    n: int,
    plan: ColorPlan,
    cv: Convert | None,
    weights: Sequence[Sequence[Any]],
    one: Any,
    work: _Work,
) -> Layers:
    """Sweeps 1 and 2 for one colour, row by row, without building the axis of pairs."""
    shape = list(xs[0].shape)
    shape[axis] = n + 1
    outs = [np.empty(shape, dtype=x.dtype) for x in xs]
    row_shape = xs[0][_at(axis, 0)].shape
    rows_work = [work.get(f"rows{layer}", (2, n + 1, *row_shape)) for layer in range(len(xs))]
    spare = work.get("spare", row_shape)
    for p, layers in enumerate(
        _held_choices(xs, axis, n, plan, cv, one, lambda layer, p, low: rows_work[layer][p % 2, low])
    ):
        for out, rows, work_rows in zip(outs, layers, rows_work, strict=True):
            stacked = work_rows[p % 2, : p + 1]
            for low, row in enumerate(rows):  # a row of the counts themselves: into the stack
                if row.ctypes.data != stacked[low].ctypes.data:
                    stacked[low] = row
            _stacked_sum(out[_at(axis, p)], stacked, weights[p], spare)
    return outs


def _sum_lower(x: Array, axis: int, n: int, weights: Sequence[Sequence[Any]], work: _Work, name: str) -> Array:
    """Sweep 2 for one colour: its axis of pairs (p, l) back to counts p, weighting l by ``weights[p][l]``."""
    shape = list(x.shape)
    shape[axis] = n + 1
    out = np.empty(shape, dtype=x.dtype)
    spare = work.get(f"spare{axis}", out[_at(axis, 0)].shape)
    for p in range(n + 1):
        rows = np.moveaxis(x[(*(slice(None),) * axis, slice(_pair(p, 0), _pair(p + 1, 0)))], axis, 0)
        _stacked_sum(out[_at(axis, p)], rows, weights[p], spare)
    return out


def _stacked_sum(out: Array, rows: Array, weights: Sequence[Any], spare: Array) -> None:
    """``out = Σ weights[l] · rows[l]`` over the first axis of ``rows``: one pass over memory for floats (a matrix
    product where the rows are contiguous, else ``einsum``), row by row for exact fractions."""
    if rows.dtype == object:
        np.multiply(rows[0], weights[0], out=out)
        for row, weight in zip(rows[1:], weights[1:], strict=True):
            np.multiply(row, weight, out=spare)
            np.add(out, spare, out=out)
    elif rows.flags.c_contiguous and out.flags.c_contiguous:
        np.dot(np.asarray(weights), rows.reshape(len(rows), -1), out=out.reshape(-1))
    else:
        np.einsum("l,l...->...", np.asarray(weights), rows, out=out)


def _accumulate(acc: Array, rows: Array, damage: int, weight: Any, spare: Array) -> None:
    """``acc(need) += weight · rows(need - damage)``, with every need ≤ ``damage`` met."""
    needs = acc.shape[0]
    if damage >= needs:  # every need left is met
        acc += weight
        return
    acc[:damage] += weight
    part = spare[: needs - damage]
    np.multiply(rows[: needs - damage], weight, out=part)
    np.add(acc[damage:], part, out=acc[damage:])


def _roll(x: Array, axis: int, terms: Sequence[Sequence[Term]], one: Any, exact: bool) -> Array:
    """Sweep 3 for one colour: ``out[m](need) = Σ probability · x[m - removed](need - damage)`` over its
    :func:`~twentystrong.odds.plans.roll_terms`."""
    source = np.ascontiguousarray(np.moveaxis(x, axis, 0))  # the colour outermost, then the need
    out = np.empty_like(source)
    spare = np.empty_like(source[0])
    for m, outcomes in enumerate(terms):
        acc = out[m]
        acc[...] = one - one
        for removed, damage, _, w in outcomes:
            _accumulate(acc, source[m - removed], damage, w if exact else float(w), spare)
    return np.moveaxis(out, 0, axis)


def _roll_held(xs: Layers, axis: int, terms: Sequence[Sequence[Term]], gain: int, one: Any, exact: bool) -> Layers:
    """Sweep 3 for a colour on which the held change is taken the moment its face shows: in the held layer, an
    outcome that shows it goes on in the used layer with ``gain`` more damage."""
    used = np.ascontiguousarray(np.moveaxis(xs[0], axis, 0))
    held = np.ascontiguousarray(np.moveaxis(xs[1], axis, 0))
    out0, out1 = np.empty_like(used), np.empty_like(held)
    spare = np.empty_like(used[0])
    for m, outcomes in enumerate(terms):
        out0[m] = one - one
        out1[m] = one - one
        for removed, damage, shown, w in outcomes:
            weight = w if exact else float(w)
            _accumulate(out0[m], used[m - removed], damage, weight, spare)
            if shown:
                _accumulate(out1[m], used[m - removed], damage + gain, weight, spare)
            else:
                _accumulate(out1[m], held[m - removed], damage, weight, spare)
    return [np.moveaxis(out0, 0, axis), np.moveaxis(out1, 0, axis)]
