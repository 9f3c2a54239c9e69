"""``cached_property`` without a lock: an attribute worked out on first access and kept in the instance's own
``__dict__`` (later reads find it there and never reach the descriptor).

Python 3.11's :class:`functools.cached_property` takes a re-entrant lock on every first access (removed in 3.12);
the engine's views and the bots' readings make one object per command of every rollout and read a few such
attributes from each, so the lock alone was some 7% of the expert's rollouts. Nothing here is shared between
instances: each answer is the instance's own (the same as ``functools.cached_property`` without threads).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")
R = TypeVar("R")


class cached_property(Generic[T, R]):  # noqa: N801 - named as the functools one it stands in for
    """Like :class:`functools.cached_property` (the instance must have a ``__dict__``), without its lock."""

    def __init__(self, func: Callable[[T], R]) -> None:
        self.func = func
        self.name = func.__name__
        self.__doc__ = func.__doc__

    def __set_name__(self, owner: type[Any], name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type[Any] | None = None) -> cached_property[T, R]: ...

    @overload
    def __get__(self, instance: T, owner: type[Any] | None = None) -> R: ...

    def __get__(self, instance: T | None, owner: type[Any] | None = None) -> R | cached_property[T, R]:
        if instance is None:
            return self
        value = self.func(instance)
        instance.__dict__[self.name] = value  # a frozen dataclass too: its own __dict__, past __setattr__
        return value
