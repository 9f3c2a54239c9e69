"""Two targets with one roll left, exactly, for any number of dice: the chance that both fall, and the best move
after a roll that one roll at most follows.

The joint tables (:mod:`twentystrong.odds.joint`) hold every state below a root pool with an axis of outcomes per
colour, so their size is a product over the colours: two targets over 17 dice are beyond them, and the simulation
answered (``≈``). Where at most one roll is left, no choice is made after it but where each die goes, and that
choice needs no table of the dice: this module answers from the distribution of one roll.

**The shape it holds** (:func:`shape_of`). Every colour reaches both targets alike (each face deals the same to A as
to B: group ``both``), or one target only (``a``, ``b``); the rules on rolls may invert faces and keep misses. Not
held: a colour dealing different nonzero damage to the two targets, kept hits, forced rerolls, a face change or a cap
on the dice of an Apply step (the joint tables or the simulation answer those).

**One roll** (:func:`last_roll`). After the last roll every die is given to a target or wasted, nothing is kept for
later. The dice of the three groups roll independently (a colour is in one group): say ``a`` is what the ``a`` dice
deal, ``b`` what the ``b`` dice deal, and ``S`` the multiset of what each ``both`` die deals (``D`` its sum). A die
of ``S`` deals its value to whichever target it is given, so a play is a sub-multiset of ``S`` given to A (its sum
``x`` one of the subset sums of ``S``), the rest to B, and both fall exactly when some subset sum ``x`` has
``nA - a ≤ x ≤ D + b - nB`` (needs at most 0 count as 0). A alone can fall exactly when ``a + D ≥ nA``, B alone
when ``b + D ≥ nB``. The value of an outcome is that of the joint tables' terminal states under the best play:
``[both] · (1 + TIE · (wA + wB))``, else ``TIE · max(wA · [A can], wB · [B can])``; summed over the outcomes it is
``P(both) · (1 + TIE · w_lo) + TIE · w_hi · P(hi can) + TIE · w_lo · P(lo can, hi cannot)`` (``hi`` the target of
the larger weight: both falling implies each can). ``S`` is counted per value with counts capped at
``⌈tA / v⌉ + ⌈tB / v⌉`` (that many dice of value ``v`` cover both needs up to the tops ``tA``, ``tB`` alone, so a
larger count answers nothing differently) and at the pool's dice that may show ``v``; ``a`` is capped at ``tA``,
``b`` at ``tB``.

**The best move** (:func:`best_move_two`) when ``phases_after`` is 0 or 1: every move is tried up to what it
changes. Dice of a colour showing one face are interchangeable, so a move is, per colour, how many basic hits and
crits go to A and to B; the dice not given are rolled again (a kept miss stays dead when misses are kept, so it
leaves the pool), so what follows depends only on the damage dealt and the count each colour keeps. By Bellman's
principle the best move's value is the largest, over the moves, of the value of the state it leaves: the terminal
value, or :func:`last_roll` of the dice kept. That value never falls when a need falls (a play from the higher
need is a play from the lower one), so for each count of dice used per colour only the moves whose damage pair is
not beaten on both targets are kept (a Pareto frontier, damage capped at the need). Ties (within 1e-12) go to the
move that applies fewer dice, as :func:`~twentystrong.odds.joint.best_joint_move` breaks them.

**Why not several rolls here.** With two rolls or more left, a die's best use depends on what the other dice show,
and unlike one target (where a die showing its colour's best face is always applied, so a colour's outcome is two
numbers, :mod:`twentystrong.odds.tables`) no face may be given at once: keeping a crit that reaches both targets can
be strictly best (a green, a purple and a red die against needs 2 and 1 over two rolls, purple reaching the first
target only: 80.07% with the best play, 80.00% with every crit applied at once). So each colour needs its whole
outcome, and the state below 17 dice is the joint tables' product again.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np
import numpy.typing as npt

from twentystrong.odds.dice import COLORS
from twentystrong.odds.joint import TIE, JointMove, JointSpec

__all__ = ["TwoShape", "best_move_two", "last_roll", "last_roll_value", "shape_of"]

Array = npt.NDArray[Any]
Shown = tuple[tuple[int, int, int], ...]
"""Per colour: (misses, basic hits, crits) showing."""

BOTH, A_ONLY, B_ONLY = 0, 1, 2


@dataclass(frozen=True, slots=True)
class TwoShape:
    """What the dice do to two targets, colour by colour (see the module docstring)."""

    groups: tuple[int, ...]
    """Per colour: :data:`BOTH`, :data:`A_ONLY` or :data:`B_ONLY`."""
    damage: tuple[tuple[int, int], ...]
    """Per colour: what a basic hit and a crit deal to the targets it reaches (0: it deals nothing)."""
    faces: tuple[tuple[int, int, int], ...]
    """Per colour: how many of the six faces count as a miss, a basic hit, a crit."""
    kept_misses: bool
    """A miss left unapplied stays a miss (it is not rolled again)."""
    weights: tuple[int, int]
    """The tie-break weight of each target (:data:`~twentystrong.odds.joint.TIE`)."""


def shape_of(spec: JointSpec) -> TwoShape | None:
    """The shape of a two-target spec, or None when this module does not hold it (see the module docstring)."""
    rules = spec.rules
    if len(spec.models) != 2 or spec.conversion is not None or spec.step_cap is not None:
        return None
    if rules.forced_rerolls or rules.kept & {"hit", "crit"}:
        return None
    first, second = spec.models
    groups: list[int] = []
    damage: list[tuple[int, int]] = []
    for color in COLORS:
        on_a = (first.damage(color, "hit"), first.damage(color, "crit"))
        on_b = (second.damage(color, "hit"), second.damage(color, "crit"))
        if on_a == on_b:
            groups.append(BOTH)
            damage.append(on_a)
        elif on_b == (0, 0):
            groups.append(A_ONLY)
            damage.append(on_a)
        elif on_a == (0, 0):
            groups.append(B_ONLY)
            damage.append(on_b)
        else:
            return None
    faces = tuple((f.miss, f.hit, f.crit) for f in rules.faces)
    weights = (spec.weights[0], spec.weights[1]) if len(spec.weights) == 2 else (0, 0)
    return TwoShape(tuple(groups), tuple(damage), faces, "miss" in rules.kept, weights)


# --------------------------------------------------------------------------------------------------------------
# One roll


def _outcomes(faces: tuple[int, int, int], n: int) -> list[tuple[int, int, float]]:
    """(basic hits, crits, probability) of rolling ``n`` dice with these faces."""
    miss, hit, crit = faces
    out = []
    for c in range(n + 1):
        for h in range(n - c + 1):
            z = n - c - h
            ways = math.comb(n, c) * math.comb(n - c, h)
            p = ways * crit**c * hit**h * miss**z / 6**n
            if p:
                out.append((h, c, p))
    return out


def _shifted(source: Array, axis: int, k: int, cap: int) -> Array:
    """``source`` moved up by ``k`` along ``axis``, counts beyond ``cap`` kept at ``cap``."""
    if k == 0:
        return source
    out = np.zeros_like(source)

    def at(index: int | slice) -> tuple[Any, ...]:
        return (*(slice(None),) * axis, index)

    if k <= cap:
        out[at(slice(k, cap + 1))] = source[at(slice(0, cap + 1 - k))]
        out[at(cap)] += source[at(slice(cap + 1 - k, None))].sum(axis=axis)
    else:
        out[at(cap)] = source.sum(axis=axis)
    return out


@lru_cache(maxsize=4096)
def _both_distribution(shape: TwoShape, pool: tuple[int, ...], caps: tuple[int, ...]) -> Array:
    """P(the ``both`` dice of ``pool`` show this many faces of each value), counts capped (axes in the order of
    :func:`_values`). Built on the same pool with the last colour's dice left out (cached: the pools of one
    question share their first colours)."""
    values = _values(shape)
    last = max((c for c, n in enumerate(pool) if n and shape.groups[c] == BOTH), default=None)
    if last is None:
        dist = np.zeros(tuple(cap + 1 for cap in caps))
        dist[(0,) * len(values)] = 1.0
        return dist
    before = _both_distribution(shape, tuple(0 if c == last else n for c, n in enumerate(pool)), caps)
    hit, crit = shape.damage[last]
    new = np.zeros_like(before)
    for h, k, p in _outcomes(shape.faces[last], pool[last]):
        shift = [0] * len(values)
        if hit:
            shift[values.index(hit)] += h
        if crit:
            shift[values.index(crit)] += k
        moved = before
        for axis, (step, cap) in enumerate(zip(shift, caps, strict=True)):
            moved = _shifted(moved, axis, step, cap)
        new += p * moved
    return new


@lru_cache(maxsize=1024)
def _sum_distribution(shape: TwoShape, pool: tuple[int, ...], group: int, top: int) -> Array:
    """P(the dice of a one-target group deal this much), capped at ``top``."""
    dist = np.zeros(top + 1)
    dist[0] = 1.0
    for c, n in enumerate(pool):
        if not n or shape.groups[c] != group:
            continue
        hit, crit = shape.damage[c]
        new = np.zeros_like(dist)
        for h, k, p in _outcomes(shape.faces[c], n):
            dealt = h * hit + k * crit
            if dealt >= top:
                new[top] += p * dist.sum()
            else:
                new[dealt:top] += p * dist[: top - dealt]
                new[top] += p * dist[top - dealt :].sum()
        dist = new
    return dist


def _values(shape: TwoShape) -> tuple[int, ...]:
    """Every positive damage a ``both`` die may deal."""
    return tuple(
        sorted({d for g, pair in zip(shape.groups, shape.damage, strict=True) if g == BOTH for d in pair if d})
    )


@lru_cache(maxsize=512)
def _reach(values: tuple[int, ...], caps: tuple[int, ...], top_a: int) -> tuple[Array, Array]:
    """For every multiset of ``both`` dice (counts per value, capped): its sum ``D``, and for each need ``r`` of A
    up to ``top_a``, ``D - x`` for the smallest subset sum ``x ≥ r`` (−1 when none): B falls with A when its need
    is at most that."""
    shape = tuple(cap + 1 for cap in caps)
    total = np.zeros(shape, dtype=np.int64)
    most = np.full((*shape, top_a + 1), -1, dtype=np.int64)
    for counts in itertools.product(*(range(n) for n in shape)):
        sums = 1
        for value, count in zip(values, counts, strict=True):
            for _ in range(count):
                sums |= sums << value
        d = sum(v * k for v, k in zip(values, counts, strict=True))
        total[counts] = d
        for r in range(top_a + 1):
            above = sums >> r
            if above:
                x = r + ((above & -above).bit_length() - 1)
                most[(*counts, r)] = d - x
    return total, most


@lru_cache(maxsize=4096)
def _both_part(shape: TwoShape, pool: tuple[int, ...], tops: tuple[int, int]) -> tuple[Array, Array]:
    """For the ``both`` dice of ``pool``: ``G[r, q]``, P(they alone let A of need r and B of need q fall together),
    and ``P(D ≥ x)`` for x from 0 (then 0 beyond the last entry)."""
    top_a, top_b = tops
    values = _values(shape)
    # No more dice of a value than the pool's dice that may show it, nor than cover both needs alone.
    showing = [sum(n for c, n in enumerate(pool) if n and v in shape.damage[c]) for v in values]
    caps = tuple(min(n, math.ceil(top_a / v) + math.ceil(top_b / v)) for v, n in zip(values, showing, strict=True))
    s = _both_distribution(shape, pool, caps)
    total, most = _reach(values, caps, top_a)
    weights = np.broadcast_to(s[..., None], most.shape).ravel()
    rows = np.broadcast_to(np.arange(top_a + 1), most.shape).ravel()
    cols = np.clip(most, -1, top_b).ravel() + 1
    hist = np.bincount(rows * (top_b + 2) + cols, weights=weights, minlength=(top_a + 1) * (top_b + 2))
    g = np.cumsum(hist.reshape(top_a + 1, top_b + 2)[:, ::-1], axis=1)[:, ::-1][:, 1:]
    length = max(top_a, top_b) + 2
    d_dist = np.bincount(np.minimum(total.ravel(), length - 1), weights=s.ravel(), minlength=length)
    survive = np.cumsum(d_dist[::-1])[::-1]  # P(D ≥ x) for x < length; x is never more than length - 2
    return np.ascontiguousarray(g), survive


@lru_cache(maxsize=64)
def _indices(tops: tuple[int, int]) -> tuple[Array, Array, Array, Array]:
    """``max(0, n - d)`` for every need n and damage d up to each top, and the same clipped for ``P(D ≥ ·)``."""
    top_a, top_b = tops
    length = max(top_a, top_b) + 2
    x_a = np.arange(top_a + 1)[None, :] - np.arange(top_a + 1)[:, None]
    x_b = np.arange(top_b + 1)[None, :] - np.arange(top_b + 1)[:, None]
    return np.maximum(x_a, 0), np.maximum(x_b, 0), np.clip(x_a, 0, length - 1), np.clip(x_b, 0, length - 1)


@lru_cache(maxsize=4096)
def last_roll(shape: TwoShape, pool: tuple[int, ...], tops: tuple[int, int]) -> Array:
    """The value (P(both fall), plus the tie-break) of rolling ``pool`` once, for every pair of needs up to
    ``tops``: ``array[need of A, need of B]``."""
    top_a, top_b = tops
    both_pool = tuple(n if g == BOTH else 0 for n, g in zip(pool, shape.groups, strict=True))
    g, survive = _both_part(shape, both_pool, tops)
    pa = _sum_distribution(
        shape, tuple(n if gr == A_ONLY else 0 for n, gr in zip(pool, shape.groups, strict=True)), A_ONLY, top_a
    )
    pb = _sum_distribution(
        shape, tuple(n if gr == B_ONLY else 0 for n, gr in zip(pool, shape.groups, strict=True)), B_ONLY, top_b
    )
    # [a, nA]: max(0, nA - a), what the both dice must give A once the a dice dealt a (likewise for B); only the
    # amounts the one-target dice may deal (often 0 alone: no such colour).
    ia, ib = np.flatnonzero(pa), np.flatnonzero(pb)
    pa, pb = pa[ia], pb[ib]
    need_a, need_b, at_a, at_b = (x[i] for x, i in zip(_indices(tops), (ia, ib, ia, ib), strict=True))
    part = pa @ g[need_a].reshape(len(ia), -1)  # [nA · q]
    both = pb @ part.reshape(top_a + 1, top_b + 1)[:, need_b].transpose(1, 0, 2).reshape(len(ib), -1)
    both = np.asarray(both).reshape(top_a + 1, top_b + 1)
    w_a, w_b = shape.weights
    if not (w_a or w_b):
        return both

    s_a = survive[at_a]  # [a, nA]: P(D ≥ nA - a)
    s_b = survive[at_b]
    # P(lo can fall and hi cannot): the groups roll independently, so given a and b it is P(x_lo ≤ D < x_hi).
    hi_a = w_a >= w_b
    if hi_a:  # B can (D ≥ x_b), A cannot (D < x_a)
        gap = np.maximum(0.0, s_b[None, :, None, :] - s_a[:, None, :, None])
        can_hi = (pa @ s_a)[:, None]
    else:
        gap = np.maximum(0.0, s_a[:, None, :, None] - s_b[None, :, None, :])
        can_hi = (pb @ s_b)[None, :]
    only = np.tensordot(pb, np.tensordot(pa, gap, axes=(0, 0)), axes=(0, 0))
    w_hi, w_lo = (w_a, w_b) if hi_a else (w_b, w_a)
    return np.asarray(both * (1 + TIE * w_lo) + TIE * w_hi * can_hi + TIE * w_lo * only)


def last_roll_value(shape: TwoShape, pool: tuple[int, ...], needs: tuple[int, int]) -> float:
    """The value of rolling ``pool`` once against these needs (see :func:`last_roll`)."""
    a, b = (max(0, n) for n in needs)
    return float(last_roll(shape, pool, (a, b))[a, b])


def _terminal(shape: TwoShape, a: int, b: int) -> float:
    w_a, w_b = shape.weights
    done = (a <= 0) + 0, (b <= 0) + 0
    return float(done[0] and done[1]) + TIE * (w_a * done[0] + w_b * done[1])


# --------------------------------------------------------------------------------------------------------------
# The best move


Choice = tuple[int, int, int, int]
"""One colour's move: (basic hits to A, crits to A, basic hits to B, crits to B)."""
Point = tuple[int, int, tuple[Choice, ...]]
"""Damage to A and to B (capped at the needs), and each colour's move so far."""


def _frontier(points: Sequence[Point]) -> list[Point]:
    """The points no other beats on both targets (the first of equal ones kept)."""
    kept: list[Point] = []
    for p in sorted(points, key=lambda p: (-p[0], -p[1])):
        if not kept or p[1] > kept[-1][1]:
            kept.append(p)
    return kept


def _choices(shape: TwoShape, c: int, hits: int, crits: int, needs: tuple[int, int]) -> dict[int, list[Point]]:
    """Per number of dice used, one colour's moves as damage points (Pareto frontier)."""
    hit, crit = shape.damage[c]
    group = shape.groups[c]
    hits = hits if hit else 0
    crits = crits if crit else 0
    by_used: dict[int, list[Point]] = {}
    for c_a in range(crits + 1):
        for c_b in range(crits - c_a + 1):
            if (group == A_ONLY and c_b) or (group == B_ONLY and c_a):
                continue
            for h_a in range(hits + 1):
                for h_b in range(hits - h_a + 1):
                    if (group == A_ONLY and h_b) or (group == B_ONLY and h_a):
                        continue
                    d_a = min(needs[0], h_a * hit + c_a * crit)
                    d_b = min(needs[1], h_b * hit + c_b * crit)
                    by_used.setdefault(h_a + c_a + h_b + c_b, []).append((d_a, d_b, ((h_a, c_a, h_b, c_b),)))
    return {used: _frontier(points) for used, points in by_used.items()}


def best_move_two(shape: TwoShape, needs: tuple[int, int], shown: Shown, phases_after: int) -> JointMove:
    """After a roll with at most one roll to follow: the best move against two targets, exactly (see the module
    docstring). ``shown`` is per colour (misses, basic hits, crits) of every unapplied die."""
    if phases_after not in (0, 1):
        raise ValueError(f"one roll at most may follow, not {phases_after}")
    n_a, n_b = max(0, needs[0]), max(0, needs[1])
    caps = (n_a, n_b)
    per_color = [_choices(shape, c, hits, crits, caps) for c, (_, hits, crits) in enumerate(shown)]
    # Colour by colour: every count used so far, with its frontier of damage points.
    layers: dict[tuple[int, ...], list[Point]] = {(): [(0, 0, ())]}
    for options in per_color:
        new: dict[tuple[int, ...], list[Point]] = {}
        for used, points in layers.items():
            for count, mine in options.items():
                merged = [(min(n_a, p[0] + q[0]), min(n_b, p[1] + q[1]), p[2] + q[2]) for p in points for q in mine]
                new[(*used, count)] = _frontier(merged)
        layers = new
    best: tuple[float, int, JointMove] | None = None
    for used, points in sorted(layers.items(), key=lambda item: (sum(item[0]), item[0])):
        dealt = sum(used)
        values = last_roll(shape, _rolled(shape, shown, used), caps) if phases_after else None
        for d_a, d_b, moves in points:
            a, b = n_a - d_a, n_b - d_b
            value = _terminal(shape, a, b) if values is None else float(values[a, b])
            if best is None or value > best[0] + 1e-12:
                give = tuple(tuple((m[0], m[1]) if t == 0 else (m[2], m[3]) for m in moves) for t in range(2))
                best = (value, dealt, JointMove(give, None, value))
    assert best is not None
    return best[2]


def _rolled(shape: TwoShape, shown: Shown, used: Sequence[int]) -> tuple[int, ...]:
    """The dice rolled again once ``used`` dice of each colour are applied: the hits and crits not applied, and the
    misses unless misses are kept."""
    return tuple(
        hits + crits - u + (0 if shape.kept_misses else misses)
        for (misses, hits, crits), u in zip(shown, used, strict=True)
    )
