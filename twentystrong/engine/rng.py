"""Counter-based randomness: every draw is a pure function of (seed, counter) (architecture.md contract 4).

SplitMix64 over ``seed`` and ``counter`` gives the same numbers on every machine and Python version, and needs no
generator object to be kept in the state: the state holds only the counter, and events record the outcomes.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


def draw(seed: int, counter: int) -> int:
    """A 64-bit number for draw number ``counter`` of the game with ``seed``."""
    z = (seed * 0x9E3779B97F4A7C15 + (counter + 1) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


def below(seed: int, counter: int, n: int) -> int:
    """A number in ``range(n)`` (the bias of 2**64 mod n is below 1e-18 for our n)."""
    return draw(seed, counter) % n


def shuffled(seed: int, counter: int, items: Sequence[T]) -> tuple[tuple[T, ...], int]:
    """A Fisher–Yates shuffle of ``items``; returns the result and how many draws it used."""
    out = list(items)
    used = 0
    for i in range(len(out) - 1, 0, -1):
        j = below(seed, counter + used, i + 1)
        used += 1
        out[i], out[j] = out[j], out[i]
    return tuple(out), used
