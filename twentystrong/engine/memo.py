"""Answers remembered for the last few game states asked.

States are frozen, so anything computed from a state alone (the effects in force, the legal commands) can be kept
and looked up by identity. A few entries, not one: a bot weighing a hypothetical next state between asking about
the real one and deciding would otherwise evict the answer it is about to need. The slots hold the states
themselves, so an id can never be reused while remembered; replacing one slot is a single atomic assignment, which
keeps a reader on another thread (the TUI's odds worker) safe.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Generic, TypeVar

from twentystrong.engine.state import GameState

T = TypeVar("T")


class StateMemo(Generic[T]):
    """A tiny identity-keyed cache of ``compute(state)``."""

    __slots__ = ("_compute", "_next", "_slots")

    def __init__(self, compute: Callable[[GameState], T], size: int = 8) -> None:
        self._compute = compute
        self._slots: list[tuple[GameState, T] | None] = [None] * size
        self._next = 0

    def __call__(self, s: GameState) -> T:
        for slot in self._slots:
            if slot is not None and slot[0] is s:
                return slot[1]
        value = self._compute(s)
        i = self._next
        self._slots[i] = (s, value)
        self._next = (i + 1) % len(self._slots)
        return value
