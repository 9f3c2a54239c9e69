"""One target, exact, under a rule the best-play tables do not hold: "after each roll, for each miss one of the rolled
hits must be rolled again" (the forced rerolls of ``reroll_hit_per_miss``).

The tables (:mod:`twentystrong.odds.tables`) sweep colour by colour; a forced reroll ties the colours together
(the misses of every colour decide how many hits, of any colour, are rolled again), so this module values the
engagement by whole rolls instead, on the dice asked only:

``V(pool, need, k, held)`` is the chance of a defeat with ``pool`` unapplied dice (counts by colour), ``need``
damage to go, ``k`` Strategy phases left and the one-die face change still in hand (``held``), under the best play.
One phase: every outcome ``O`` of rolling the pool (misses, hits, crits per colour) with its multinomial weight;
then the forced rerolls: with ``M`` misses and ``H`` dice showing a hit or a crit, ``min(M, H)`` of those are rolled
again, the player choosing which (the best choice by colour and face, weighed over what the rerolled dice show; a
rerolled die calls for no further reroll, as the engine rules); then the Apply step: a defeat now if the faces
showing (and the change, if held) reach the need, else the best set to apply, face change first or kept, valued
by ``V`` of the dice left with one phase less. Every choice is weighed whole, so no fact about which faces to
apply first is assumed (a die kept in the pool is one more miss or one more hit at the next forced reroll).

Without forced rerolls the same recursion is the tables' game, which the tests use to check it.

The recursion runs on arrays (:func:`array_values`), every sub-pool of the pool at once, one sweep over the colours
per step, not outcome by outcome: the Apply step's nested max colour by colour, the forced rerolls as each colour's
(outcome, dice rolled again) weighed over what those dice show and then the best split of ``min(M, H)`` among the
colours by a running total, the roll as each colour's multinomial weights. Its largest array
(:func:`array_entries`) grows with the pool; :func:`forced_value` answers None beyond :data:`ENTRIES` (the caller
then simulates). Arrays are memoised by value (``functools.lru_cache``).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from twentystrong.odds.dice import COLORS, Face, FaceCounts
from twentystrong.odds.model import DamageModel
from twentystrong.odds.rules import Conversion, RollRules

__all__ = ["ENTRIES", "ForcedMove", "Game", "array_entries", "array_values", "forced_move", "forced_value", "game_of"]

Pool = tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Game:
    """What the value depends on: the damage model, how each colour rolls, whether hits are rolled again for each
    miss, and the held face change (one die: a face of an allowed colour turns into another; None: none held)."""

    model: DamageModel
    faces: tuple[FaceCounts, ...]
    forced: bool
    change: tuple[Face, Face, frozenset[int]] | None = None


def game_of(model: DamageModel, rules: RollRules, conversion: Conversion | None = None) -> Game | None:
    """The :class:`Game` of these rules, or None where this module does not hold them (faces kept when a phase
    repeats, a face change of two dice)."""
    if rules.kept or (conversion is not None and not conversion.single):
        return None
    change = None
    if conversion is not None:
        allowed = frozenset(c for c, color in enumerate(COLORS) if conversion.allows(color))
        change = (conversion.before[0], conversion.after[0], allowed)
    return Game(model, rules.faces, rules.forced_rerolls, change)


def forced_value(
    game: Game,
    pool: Pool,
    need: int,
    phases: int,
    held: bool = True,
    *,
    root: Pool | None = None,
    length: int | None = None,
) -> float | None:
    """P(defeat) under best play before a roll of ``pool`` (see the module docstring), or None when its arrays would
    hold more than :data:`ENTRIES` entries. ``root`` and ``length``: read it from the arrays of that larger pool and
    needs below ``length`` (one valuation answers every part of a move's search)."""
    if need <= 0:
        return 1.0
    if phases == 0 or _reach(game, pool) < need:
        return 0.0
    root = pool if root is None else root
    length = need + 1 if length is None else length
    if array_entries(game, root, length) > ENTRIES:
        return None
    layer = 1 if held and game.change is not None else 0
    return float(array_values(game, root, length, phases)[(layer, phases, *pool, need)])


@dataclass(frozen=True, slots=True)
class ForcedMove:
    """The best move after a roll (the forced rerolls done) against one target."""

    applied: tuple[tuple[int, int], ...]
    """Per colour: (basic hits, crits) applied now, after the face change if one is used."""
    convert: tuple[int, Face, Face] | None
    """The held face change used first: (colour index, the face it turns, the face it makes); None: kept."""
    probability: float
    """P(defeating the target) after the move, playing best afterwards."""


def forced_move(
    game: Game, need: int, shown: tuple[tuple[int, int, int], ...], phases_after: int, held: bool
) -> ForcedMove | None:
    """After a roll showing ``shown`` (misses, basic hits, crits per colour; the forced rerolls of this roll done):
    the move that keeps the best chance, every set to apply (stronger faces of a colour first) and every use of the
    held change weighed by :func:`forced_value` of what it leaves; on a tie the change kept, then a defeat now (the
    least overkill, the fewest dice), else the most damage dealt now. None when the arrays of the dice showing are
    beyond :data:`ENTRIES`."""
    pool = tuple(sum(f) for f in shown)
    length = max(need, 1) + 1
    if phases_after > 0 and array_entries(game, pool, length) > ENTRIES:
        return None
    options: list[tuple[int, Face, Face] | None] = [None]
    if held and game.change is not None:
        before, after, allowed = game.change
        options += [(c, before, after) for c in sorted(allowed) if shown[c][_INDEX[before]]]
    best: tuple[tuple[float, bool, bool, int, int], ForcedMove] | None = None
    for option in options:
        faces = [list(f) for f in shown]
        if option is not None:
            faces[option[0]][_INDEX[option[1]]] -= 1
            faces[option[0]][_INDEX[option[2]]] += 1
        ways = []
        for c, (_, hits, crits) in enumerate(faces):
            damage = game.model.of(COLORS[c])
            ranked = sorted(
                [(damage.hit, 1)] * (hits if damage.hit_applies else 0)
                + [(damage.crit, 0)] * (crits if damage.crit_applies else 0),
                reverse=True,
            )
            way = [(0, 0, 0)]
            for worth, is_hit in ranked:
                dealt, h, r = way[-1]
                way.append((dealt + worth, h + is_hit, r + 1 - is_hit))
            ways.append(way)
        for combo in itertools.product(*ways):
            dealt = sum(d for d, _, _ in combo)
            left = tuple(n - h - r for n, (_, h, r) in zip(pool, combo, strict=True))
            still = held and option is None
            if dealt >= need:
                value: float | None = 1.0
            elif phases_after == 0:
                value = 0.0
            else:
                value = forced_value(game, left, need - dealt, phases_after, still, root=pool, length=length)
            assert value is not None
            dice = sum(h + r for _, h, r in combo)
            now = dealt >= need  # a defeat now: the least overkill, then the fewest dice
            key = (round(value, 12), option is None, now, need - dealt if now else dealt, -dice)
            if best is None or key > best[0]:
                applied = tuple((h, r) for _, h, r in combo)
                best = (key, ForcedMove(applied, option, value))
    assert best is not None
    return best[1]


@lru_cache(maxsize=64)
def _rolls(faces: FaceCounts, n: int) -> tuple[tuple[tuple[int, int, int], float], ...]:
    """Every outcome (misses, hits, crits) of rolling ``n`` dice of a colour with ``faces``, with its probability."""
    out = []
    for m in range(n + 1):
        for h in range(n - m + 1):
            r = n - m - h
            ways = math.factorial(n) // (math.factorial(m) * math.factorial(h) * math.factorial(r))
            p = ways * (faces.miss / 6) ** m * (faces.hit / 6) ** h * (faces.crit / 6) ** r
            if p:
                out.append(((m, h, r), p))
    return tuple(out)


def _reach(game: Game, pool: Pool) -> int:
    """The most damage ``pool`` can deal (every die on its best face)."""
    return sum(
        n * max(game.model.damage(color, "hit"), game.model.damage(color, "crit"))
        for n, color in zip(pool, COLORS, strict=True)
    )


_INDEX: dict[Face, int] = {"miss": 0, "hit": 1, "crit": 2}


def cache_clear() -> None:
    """Forget every value (for benchmarks that measure a cold start)."""
    for cached in (_rolls, array_values):
        cached.cache_clear()


# --------------------------------------------------------------------------------------------------------------
# The same valuation on arrays: every sub-pool of a root at once, each step a sweep over the colours


ENTRIES = 1_500_000
"""The most entries of the largest array a valuation builds (:func:`array_entries`): tens of milliseconds (seven
dice of four colours, Corona's ability held, need 7: about 800,000). Beyond it, the caller simulates."""

Outcome = tuple[int, int, int, int]
"""One colour's roll: (dice rolled, misses, basic hits, crits)."""


def _colour_outcomes(n_max: int) -> tuple[Outcome, ...]:
    return tuple((n, m, h, n - m - h) for n in range(n_max + 1) for m in range(n + 1) for h in range(n - m + 1))


def _reroll_pairs(game: Game, c: int, n_max: int) -> tuple[tuple[int, int], ...]:
    """Colour ``c``'s (outcome index, dice of it rolled again) pairs: at most its hits and crits."""
    return tuple((i, s) for i, (_, _, h, r) in enumerate(_colour_outcomes(n_max)) for s in range(h + r + 1))


def array_entries(game: Game, pool: Pool, length: int) -> int:
    """Entries of the largest array :func:`array_values` builds for ``pool`` (its forced-reroll step, when forced)."""
    if game.forced:
        per = [len(_reroll_pairs(game, c, n)) for c, n in enumerate(pool)]
        return math.prod(per) * (sum(pool) + 1) * length
    return math.prod(len(_colour_outcomes(n)) for n in pool) * length


@lru_cache(maxsize=16)
def array_values(game: Game, pool: Pool, length: int, phases: int) -> Any:
    """``V[layer, k, *sub-pool counts, need]`` for every sub-pool of ``pool``, need below ``length`` and k ≤
    ``phases``: the recursion of the module docstring (every choice weighed whole) on float64 arrays.

    Layer 1 is "the change still held" (present only when the game has one). One phase, for every pool at once:

    1. **Apply** (a max, colour by colour): a colour's axis of dice left becomes its axis of outcomes ``(n, m, h,
       r)``, valued at the best number of its dice to apply (stronger faces first), the need lowered by their
       damage; the nested max over the colours is the best set. The held layer may use the change first (one
       die's face turned, into the used layer).
    2. **Forced rerolls** (an expectation, then a max): each colour's outcome axis becomes one of (outcome, dice of
       it rolled again, weaker face first), weighed over what those dice show; then the best split of the
       ``min(misses, hits)`` dice rolled again among the colours, by a running total of the dice chosen.
    3. **Roll** (an expectation): each outcome axis back to counts, weighted by its multinomial chance.
    """
    import numpy as np

    colours = range(len(COLORS))
    outcomes = [_colour_outcomes(n) for n in pool]
    index = [{o: i for i, o in enumerate(outs)} for outs in outcomes]
    layers = 2 if game.change is not None else 1
    shape = tuple(n + 1 for n in pool)
    values = np.zeros((layers, phases + 1, *shape, length))
    values[..., 0] = 1.0
    needs = np.arange(length)
    damage = [(game.model.damage(color, "hit"), game.model.damage(color, "crit")) for color in COLORS]
    applies = [(game.model.of(color).can_apply("hit"), game.model.of(color).can_apply("crit")) for color in COLORS]
    worth = [tuple((d if a else 0, a) for d, a in zip(damage[c], applies[c], strict=True)) for c in range(len(COLORS))]

    def shifted(x: Any, d: int) -> Any:
        return x if d == 0 else x[..., np.maximum(0, needs - d)]

    def apply(x: Any) -> Any:
        for c in colours:
            (hit, crit), (hit_applies, crit_applies) = damage[c], applies[c]
            out = np.empty((*x.shape[:c], len(outcomes[c]), *x.shape[c + 1 :]))
            for i, (n, _, h, r) in enumerate(outcomes[c]):
                faces = sorted([hit] * (h if hit_applies else 0) + [crit] * (r if crit_applies else 0), reverse=True)
                row = np.take(x, n, axis=c)
                dealt = 0
                for j, d in enumerate(faces, 1):
                    dealt += d
                    row = np.maximum(row, shifted(np.take(x, n - j, axis=c), dealt))
                out[(slice(None),) * c + (i,)] = row
            x = out
        return x

    def change(used: Any) -> Any:
        """The held layer's other move: the change used on one die (0 where no die shows the face it turns)."""
        assert game.change is not None
        before, after, allowed = game.change
        best = np.zeros_like(used)
        for c in sorted(allowed):
            turned = []
            for n, m, h, r in outcomes[c]:
                faces = [m, h, r]
                if faces[_INDEX[before]] == 0:
                    turned.append(-1)
                    continue
                faces[_INDEX[before]] -= 1
                faces[_INDEX[after]] += 1
                turned.append(index[c][(n, faces[0], faces[1], faces[2])])
            source = np.take(used, [max(t, 0) for t in turned], axis=c)
            mask = np.array([t >= 0 for t in turned]).reshape((1,) * c + (-1,) + (1,) * (used.ndim - c - 1))
            best = np.maximum(best, np.where(mask, source, 0.0))
        return best

    def reroll_matrix(c: int) -> Any:
        """Rows: colour ``c``'s (outcome, dice rolled again); columns: its outcome once they are."""
        pairs = _reroll_pairs(game, c, pool[c])
        matrix = np.zeros((len(pairs), len(outcomes[c])))
        for row, (i, s) in enumerate(pairs):
            n, m, h, r = outcomes[c][i]
            x = min(h, s) if worth[c][0] <= worth[c][1] else s - min(r, s)
            left = (m, h - x, r - (s - x))
            for (dm, dh, dr), p in _rolls(game.faces[c], s):
                matrix[row, index[c][(n, left[0] + dm, left[1] + dh, left[2] + dr)]] += p
        return matrix

    total = sum(pool)
    misses = np.zeros([len(o) for o in outcomes], dtype=np.int64)
    rolled_hits = np.zeros_like(misses)
    for c in colours:
        view = (1,) * c + (-1,) + (1,) * (len(COLORS) - c - 1)
        misses = misses + np.array([m for _, m, _, _ in outcomes[c]]).reshape(view)
        rolled_hits = rolled_hits + np.array([h + r for _, _, h, r in outcomes[c]]).reshape(view)
    again = np.minimum(misses, rolled_hits)[..., None]
    matrices = [reroll_matrix(c) for c in colours] if game.forced else []

    def contract(x: Any, matrices: list[Any]) -> Any:
        """``x`` (colour axes, then the need's) with each colour's axis taken through its matrix (rows: the new axis,
        columns: the old one): one matrix product over contiguous blocks each (the axes before it are a batch)."""
        for c in colours:
            shape = x.shape
            x = matrices[c] @ x.reshape(math.prod(shape[:c]), shape[c], -1)
            x = x.reshape(*shape[:c], matrices[c].shape[0], *shape[c + 1 :])
        return x

    most = total // 2  # min(misses, hits) of n dice is at most n // 2

    def forced(x: Any) -> Any:
        x = contract(x, matrices)
        # The dice rolled again so far: an axis before the need's; the best split of them, colour by colour (-1:
        # no split makes that many). A colour's axis is a batch dimension of contiguous blocks (no copy).
        y = np.full((*x.shape[:-1], most + 1, length), -1.0)
        y[..., 0, :] = x
        for c in colours:
            if not pool[c]:
                continue
            shape = y.shape
            before, rest = math.prod(shape[:c]), math.prod(shape[c + 1 : -2])
            source = y.reshape(before, shape[c], rest, most + 1, length)
            out = np.empty((before, len(outcomes[c]), rest, most + 1, length))
            for row, (i, s) in enumerate(_reroll_pairs(game, c, pool[c])):
                if s == 0:
                    out[:, i] = source[:, row]
                elif s <= most:
                    target = out[:, i, :, s:, :]
                    np.maximum(target, source[:, row, :, : most + 1 - s, :], out=target)
            y = out.reshape(*shape[:c], len(outcomes[c]), *shape[c + 1 :])
        chosen = np.zeros((*y.shape[:-2], length))
        for n in range(most + 1):
            np.copyto(chosen, y[..., n, :], where=again == n)
        return chosen

    def weights(c: int) -> Any:
        """Rows: colour ``c``'s dice counts; columns: its outcomes, weighted by their chance."""
        out = np.zeros((pool[c] + 1, len(outcomes[c])))
        chances = {o: p for n in range(pool[c] + 1) for o, p in _rolls(game.faces[c], n)}
        for i, (n, m, h, r) in enumerate(outcomes[c]):
            out[n, i] = chances.get((m, h, r), 0.0)
        return out

    rolls = [weights(c) for c in colours]

    for k in range(1, phases + 1):
        used = apply(values[0, k - 1])
        steps = [used]
        if layers == 2:
            steps.append(np.maximum(apply(values[1, k - 1]), change(used)))
        for layer, x in enumerate(steps):
            if game.forced:
                x = forced(x)
            x = contract(x, rolls)
            x[..., 0] = 1.0
            values[layer, k] = x
    return values
