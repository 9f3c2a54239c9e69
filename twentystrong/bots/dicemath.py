"""Dice arithmetic for the heuristic bot, from the faces table of :mod:`twentystrong.engine.dice`.

A die rolled once deals ``sum(P(face) * damage(face))``. In a later Strategy phase an unapplied die is rolled
again, so a die committed with ``k`` rolls left keeps trying until it hits: its expected damage is the one-roll
figure times ``1 + q + … + q**(k-1)``, where ``q`` is its chance to miss.
"""

from __future__ import annotations

from functools import cache
from typing import Final

from twentystrong.content.effects import COLORS, Color
from twentystrong.engine.dice import BASE_DAMAGE, FACES, HIT_FACES, MISSES

P_MISS: Final[dict[Color, float]] = {c: MISSES[c] / 6 for c in COLORS}
"""Chance that one roll of a die of this colour shows a miss."""
P_CRIT: Final[float] = 1 / 6
"""Every colour has exactly one crit face."""
P_BASIC: Final[dict[Color, float]] = {c: (HIT_FACES[c] - 1) / 6 for c in COLORS}
"""Chance of a basic hit."""
ONE_ROLL: Final[dict[Color, float]] = {c: sum(BASE_DAMAGE[f] for f in FACES[c]) / 6 for c in COLORS}
"""Expected damage of one roll (yellow 0.5 … red 1.17)."""


def tries(color: Color, rolls: int) -> float:
    """Expected number of rolls a die gets when it is rolled again after each miss, ``rolls`` at most."""
    q = P_MISS[color]
    if rolls <= 0:
        return 0.0
    if q == 0:
        return 1.0
    return (1 - q**rolls) / (1 - q)


@cache  # the bot asks for the same few many times a round
def expected(color: Color, rolls: int) -> float:
    """Expected damage of one die with ``rolls`` rolls left and no effects in force."""
    return ONE_ROLL[color] * tries(color, rolls)


def pool_expected(colors: list[Color], rolls: int) -> float:
    """Expected damage of several dice, each with ``rolls`` rolls left."""
    return sum(expected(c, rolls) for c in colors)
