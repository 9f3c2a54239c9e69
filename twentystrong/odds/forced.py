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

Without forced rerolls the same recursion is the tables' game, which the tests use to check it. The cost grows
with the outcomes of a roll of the whole pool (:func:`outcomes_of`); :func:`forced_value` answers None beyond
:data:`MOST_OUTCOMES` (the caller then simulates). Values are memoised by value (``functools.lru_cache``).
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import lru_cache

from twentystrong.odds.dice import COLORS, Face, FaceCounts
from twentystrong.odds.model import DamageModel
from twentystrong.odds.rules import Conversion, RollRules

__all__ = ["MOST_OUTCOMES", "Game", "forced_value", "game_of", "outcomes_of", "values", "work_of"]

MOST_OUTCOMES = 600
"""The most outcomes of one roll of the whole pool (by colour and face) valued exactly; beyond it, simulate.
Eight dice of four colours (two each) have 1,296; 4 purple and a red, 45."""

Faces = tuple[tuple[int, int, int], ...]
"""Per colour: (misses, basic hits, crits) showing."""
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


def outcomes_of(pool: Pool) -> int:
    """How many outcomes (faces by colour) one roll of ``pool`` has."""
    return math.prod(math.comb(n + 2, 2) for n in pool)


def work_of(pool: Pool) -> int:
    """How many outcomes the rolls of ``pool`` and of every smaller pool have in all (what a valuation weighs)."""
    return math.prod(math.comb(n + 3, 3) for n in pool)


def forced_value(game: Game, pool: Pool, need: int, phases: int, held: bool = True) -> float | None:
    """P(defeat) under best play before a roll of ``pool`` (see the module docstring), or None when the rolls of
    the pool and its parts have more than :data:`MOST_OUTCOMES` outcomes in all."""
    if need <= 0:
        return 1.0
    if phases == 0 or _reach(game, pool) < need:
        return 0.0
    if work_of(pool) > MOST_OUTCOMES:
        return None
    return values(game, pool, need + 1, phases, held and game.change is not None)[need]


@lru_cache(maxsize=256)
def values(game: Game, pool: Pool, length: int, phases: int, held: bool) -> tuple[float, ...]:
    """P(defeat) for every need below ``length`` (index 0: nothing needed), before a roll of ``pool``."""
    return tuple(_Solver(game, length).value(pool, phases, held))


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


@lru_cache(maxsize=256)
def _joint(faces: tuple[FaceCounts, ...], pool: Pool) -> tuple[tuple[Faces, float], ...]:
    """Every outcome of rolling ``pool`` (faces by colour) with its probability."""
    out = []
    for combo in itertools.product(*(_rolls(f, n) for f, n in zip(faces, pool, strict=True))):
        out.append((tuple(o for o, _ in combo), math.prod(p for _, p in combo)))
    return tuple(out)


def _reach(game: Game, pool: Pool) -> int:
    """The most damage ``pool`` can deal (every die on its best face)."""
    return sum(
        n * max(game.model.damage(color, "hit"), game.model.damage(color, "crit"))
        for n, color in zip(pool, COLORS, strict=True)
    )


@lru_cache(maxsize=4096)
def _compositions(limits: tuple[int, ...], total: int) -> tuple[tuple[int, ...], ...]:
    """Every way to take ``total`` items with at most ``limits[i]`` from part ``i``."""
    if not limits:
        return ((),) if total == 0 else ()
    first, rest = limits[0], limits[1:]
    room = sum(rest)
    firsts = range(max(0, total - room), min(first, total) + 1)
    return tuple((n, *tail) for n in firsts for tail in _compositions(rest, total - n))


Vector = list[float]
"""P(defeat) for each need 0 … length - 1."""


class _Solver:
    """One valuation: the vectors of every smaller pool, every state after a roll and every Apply step it meets,
    each worked out once (the memo lives as long as the valuation)."""

    def __init__(self, game: Game, length: int) -> None:
        self.game = game
        self.length = length
        self.damage = [(game.model.damage(c, "hit"), game.model.damage(c, "crit")) for c in COLORS]
        self.applies = [(game.model.of(c).can_apply("hit"), game.model.of(c).can_apply("crit")) for c in COLORS]
        self.none: Vector = [1.0] + [0.0] * (length - 1)
        self.ones: Vector = [1.0] * length
        # Per colour, what a die showing a hit and one showing a crit are worth to hold: (damage, may be applied).
        self.worth = [
            tuple((d if a else 0, a) for d, a in zip(damage, applies, strict=True))
            for damage, applies in zip(self.damage, self.applies, strict=True)
        ]
        self._values: dict[tuple[Pool, int, bool], Vector] = {}
        self._applied: dict[tuple[Faces, int, bool], Vector] = {}
        self._takes: dict[tuple[int, int, int], list[tuple[int, int]]] = {}

    def value(self, pool: Pool, phases: int, held: bool) -> Vector:
        """Before a roll of ``pool`` with ``phases`` rolls left."""
        if phases == 0 or not any(pool):
            return self.none
        key = (pool, phases, held)
        found = self._values.get(key)
        if found is not None:
            return found
        total = [0.0] * self.length
        for shown, p in _joint(self.game.faces, pool):
            total = [t + p * v for t, v in zip(total, self.after_roll(shown, phases - 1, held), strict=True)]
        self._values[key] = total
        return total

    def after_roll(self, shown: Faces, after: int, held: bool) -> Vector:
        """Once the roll shows ``shown``: the forced rerolls (the best choice of dice), then the Apply step."""
        misses = sum(m for m, _, _ in shown)
        hits = sum(h + r for _, h, r in shown)
        rerolled = min(misses, hits) if self.game.forced else 0
        if rerolled == 0:
            return self.apply(shown, after, held)
        best = [0.0] * self.length
        for counts in _compositions(tuple(h + r for _, h, r in shown), rerolled):
            left = tuple(self.reroll(c, f, z) for c, (f, z) in enumerate(zip(shown, counts, strict=True)))
            value = [0.0] * self.length
            for new, p in _joint(self.game.faces, counts):
                faces = tuple((a + d, b + e, c + f) for (a, b, c), (d, e, f) in zip(left, new, strict=True))
                value = [t + p * v for t, v in zip(value, self.apply(faces, after, held), strict=True)]
            best = list(map(max, best, value))
        return best

    def reroll(self, c: int, shown: tuple[int, int, int], count: int) -> tuple[int, int, int]:
        """The faces of colour ``c`` left once ``count`` of its hits and crits are rolled again, the weaker face
        first: a die showing the stronger face (as much damage or more, applicable if the other is) is as good
        to hold whatever follows, since a die kept is rolled again whatever it showed."""
        m, h, r = shown
        if self.worth[c][0] <= self.worth[c][1]:
            x = min(h, count)
            return (m, h - x, r - (count - x))
        y = min(r, count)
        return (m, h - (count - y), r - y)

    def takes(self, c: int, shown: tuple[int, int, int]) -> list[tuple[int, int]]:
        """The ways to apply dice of colour ``c`` showing ``shown``: (how many, damage), the stronger faces first
        (the dice kept are rolled again whatever they showed, so only the damage applied tells the ways apart)."""
        key = (c, shown[1], shown[2])
        found = self._takes.get(key)
        if found is None:
            _, h, r = shown
            vh, vr = self.damage[c]
            hit, crit = self.applies[c]
            faces = sorted([vh] * (h if hit else 0) + [vr] * (r if crit else 0), reverse=True)
            found = self._takes[key] = [(n, sum(faces[:n])) for n in range(len(faces) + 1)]
        return found

    def apply(self, shown: Faces, after: int, held: bool) -> Vector:
        """The Apply step: the best of every set of dice to apply, the held change used first or kept."""
        key = (shown, after, held)
        found = self._applied.get(key)
        if found is not None:
            return found
        options: list[tuple[Faces, bool]] = [(shown, held)]
        change = self.game.change
        if held and change is not None:
            before, made, allowed = change
            i, j = _INDEX[before], _INDEX[made]
            for c in sorted(allowed):
                if shown[c][i]:
                    turned = [list(f) for f in shown]
                    turned[c][i] -= 1
                    turned[c][j] += 1
                    options.append((tuple((f[0], f[1], f[2]) for f in turned), False))
        length = self.length
        best = [0.0] * length
        if after == 0:  # nothing to roll for: the most damage the faces (a change used or not) deal
            most = max(sum(self.takes(c, f)[-1][1] for c, f in enumerate(faces)) for faces, _ in options)
            best = [1.0 if n <= most else 0.0 for n in range(length)]
            options = []
        for faces, still in options:
            ranges = [self.takes(c, f) for c, f in enumerate(faces)]
            pool = tuple(sum(f) for f in faces)
            for applied in itertools.product(*ranges):
                dealt = sum(d for _, d in applied)
                if dealt >= length - 1:
                    best = [1.0] * length
                    break
                left = tuple(n - a for n, (a, _) in zip(pool, applied, strict=True))
                rest = self.value(left, after, still)
                best[: dealt + 1] = self.ones[: dealt + 1]
                best[dealt + 1 :] = map(max, best[dealt + 1 :], rest[1 : length - dealt])
        self._applied[key] = best
        return best


_INDEX: dict[Face, int] = {"miss": 0, "hit": 1, "crit": 2}


def cache_clear() -> None:
    """Forget every value (for benchmarks that measure a cold start)."""
    for cached in (_rolls, _joint, _compositions, values):
        cached.cache_clear()
