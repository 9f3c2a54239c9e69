"""The exact odds under forced rerolls valued outcome by outcome (whole rolls, every choice enumerated): the
reference the arrays of :mod:`twentystrong.odds.forced` are checked against, on pools too large for the brute force.

This is the recursion :mod:`twentystrong.odds.forced` ran before it ran on arrays (seconds beyond seven dice).
"""

from __future__ import annotations

import itertools
import math
from functools import lru_cache

from twentystrong.odds.dice import COLORS, FaceCounts
from twentystrong.odds.forced import _INDEX, Game, Pool, _rolls

Faces = tuple[tuple[int, int, int], ...]


@lru_cache(maxsize=256)
def values(game: Game, pool: Pool, length: int, phases: int, held: bool) -> tuple[float, ...]:
    """P(defeat) for every need below ``length`` (index 0: nothing needed), before a roll of ``pool``."""
    return tuple(_Solver(game, length).value(pool, phases, held))


@lru_cache(maxsize=256)
def _joint(faces: tuple[FaceCounts, ...], pool: Pool) -> tuple[tuple[Faces, float], ...]:
    """Every outcome of rolling ``pool`` (faces by colour) with its probability."""
    out = []
    for combo in itertools.product(*(_rolls(f, n) for f, n in zip(faces, pool, strict=True))):
        out.append((tuple(o for o, _ in combo), math.prod(p for _, p in combo)))
    return tuple(out)


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
