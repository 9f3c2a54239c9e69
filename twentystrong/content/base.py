"""The base of every content class: a frozen dataclass that pydantic validates at the edge.

The content classes (:mod:`twentystrong.content.effects`, :mod:`twentystrong.content.model` and the kits' own) are
plain frozen dataclasses, declared with :func:`content` and :func:`field`. A game started from the cached deck
only reads them and never imports pydantic; validating a deck, writing its schema or explaining an error hands
them to pydantic itself (a ``TypeAdapter``: :func:`twentystrong.content.loader.validate`), which reads:

- the field types and the limits given to :func:`field` (``ge``, ``le``, ``min_length``, ``max_length``,
  ``pattern``: a stdlib dataclass field's ``metadata`` that pydantic understands);
- :attr:`Content.__pydantic_config__`: unknown keys rejected, every scalar strict (TOML has real types, so
  ``health = "3"`` is a mistake worth reporting, not coercing), the docstring under each field as its description;
- ``__post_init__``, where a class checks a whole item once its fields are valid (it raises ``ValueError``).
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from typing import Any, ClassVar, TypeVar, dataclass_transform

_T = TypeVar("_T")


def field(
    *,
    default: Any = dataclasses.MISSING,
    default_factory: Callable[[], Any] | Any = dataclasses.MISSING,
    ge: int | None = None,
    le: int | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
) -> Any:
    """A content field: its default and the limits pydantic checks (kept in the dataclass field's metadata)."""
    limits = {"ge": ge, "le": le, "min_length": min_length, "max_length": max_length, "pattern": pattern}
    metadata = {key: value for key, value in limits.items() if value is not None}
    return dataclasses.field(default=default, default_factory=default_factory, metadata=metadata)


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(field, dataclasses.field))
def content(cls: type[_T]) -> type[_T]:
    """Make ``cls`` a content class: a frozen, keyword-only dataclass, compared and hashed by value.

    The dataclass's methods come from :class:`Content` rather than from code ``dataclass`` writes and compiles for
    each class: some seventy classes are defined when a game starts, and generating an ``__init__``, a
    ``__setattr__`` and a ``__delattr__`` for each cost the start-up tens of milliseconds.
    """
    return dataclasses.dataclass(init=False, repr=False, eq=False, match_args=False, kw_only=True)(cls)


class Content:
    """Base of every content class: compared and hashed by value, validated by pydantic (see the module)."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {
        "extra": "forbid",
        "strict": True,
        "use_attribute_docstrings": True,
    }
    """Read by pydantic when it validates a content class (a ``ConfigDict``, written as a plain dict so that
    defining the classes does not import pydantic)."""

    def __init__(self, **values: Any) -> None:
        # A dataclass's own __init__, keyword-only: defaults filled in, unknown or missing keys refused, then
        # ``__post_init__`` (the whole-item checks).
        specs = self.__dataclass_fields__  # type: ignore[attr-defined]
        for name, spec in specs.items():
            if name in values:
                continue
            if spec.default is not dataclasses.MISSING:
                values[name] = spec.default
            elif spec.default_factory is not dataclasses.MISSING:
                values[name] = spec.default_factory()
            else:
                raise TypeError(f"{type(self).__name__}() missing a required keyword argument: {name!r}")
        if len(values) > len(specs):
            unknown = next(name for name in values if name not in specs)
            raise TypeError(f"{type(self).__name__}() got an unexpected keyword argument {unknown!r}")
        self.__dict__.update(values)
        post_init = getattr(self, "__post_init__", None)
        if post_init is not None:
            post_init()

    def __setattr__(self, name: str, value: Any) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise dataclasses.FrozenInstanceError(f"cannot delete field {name!r}")

    @classmethod
    def __get_pydantic_core_schema__(cls, source: Any, handler: Any) -> Any:
        # Strict fields, but a table (a dict) is what a deck file gives for an item: strict pydantic would want an
        # instance of the class itself.
        schema = handler(source)
        if schema.get("type") == "dataclass":
            schema["strict"] = False
        return schema

    def _fields(self) -> tuple[Any, ...]:
        return tuple(self.__dict__[name] for name in self.__dataclass_fields__)  # type: ignore[attr-defined]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return False if isinstance(other, Content) else NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        # By value, as equality compares (lists count as the tuples of their items): content objects never change,
        # so the engine may key memos on them (``functools.lru_cache``). Worked out once, kept with the object;
        # pickles leave it out (a hash is only good in the process that computed it).
        found: int | None = self.__dict__.get(_HASH)
        if found is None:
            found = hash((type(self).__name__, _hashable(self._fields())))
            self.__dict__[_HASH] = found
        return found

    def __getstate__(self) -> dict[str, Any]:
        # The fields only: not the kept hash, nor what a class keeps worked out from its fields (a deck's indexes).
        return {name: self.__dict__[name] for name in self.__dataclass_fields__}  # type: ignore[attr-defined]

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self.__dataclass_fields__)  # type: ignore[attr-defined]
        return f"{type(self).__name__}({fields})"

    def model_copy(self: _C, *, update: dict[str, Any] | None = None) -> _C:
        """A copy with some fields replaced (as ``dataclasses.replace``, not validated; the fields as held, not as a
        translated field reads: ``translations.py``)."""
        values = {spec.name: self.__dict__[spec.name] for spec in dataclasses.fields(self)}  # type: ignore[arg-type]
        return type(self)(**{**values, **(update or {})})

    def model_dump(self, *, exclude_defaults: bool = False) -> dict[str, Any]:
        """The fields as plain data (nested content as dicts), optionally without those at their default."""
        out: dict[str, Any] = {}
        for spec in dataclasses.fields(self):  # type: ignore[arg-type]
            value = self.__dict__[spec.name]
            if exclude_defaults and value == _default(spec):
                continue
            out[spec.name] = _dumped(value, exclude_defaults)
        return out

    def model_dump_json(self) -> str:
        """The fields as compact JSON."""
        return json.dumps(self.model_dump(), ensure_ascii=False, separators=(",", ":"))


_C = TypeVar("_C", bound=Content)
_HASH = "_hash"
"""Key in a content object's ``__dict__`` of its hash, once worked out (see :meth:`Content.__hash__`)."""
_NO_DEFAULT = object()


def _default(spec: dataclasses.Field[Any]) -> Any:
    if spec.default is not dataclasses.MISSING:
        return spec.default
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return _NO_DEFAULT


def _hashable(value: Any) -> Any:
    """``value`` with its lists (at any depth) as tuples: what a content object is hashed by."""
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    if isinstance(value, dict):  # by value, whatever the order of its keys (as equality compares)
        return tuple(sorted(((k, _hashable(v)) for k, v in value.items()), key=lambda kv: kv[0]))
    return value


def _dumped(value: Any, exclude_defaults: bool) -> Any:
    if isinstance(value, Content):
        return value.model_dump(exclude_defaults=exclude_defaults)
    if isinstance(value, list):
        return [_dumped(v, exclude_defaults) for v in value]
    if isinstance(value, dict):
        return {k: _dumped(v, exclude_defaults) for k, v in value.items()}
    return value


ID_PATTERN = r"^[a-z0-9][a-z0-9-]{0,47}$"
"""A stable identifier: lower-case letters, digits and dashes, at most 48 characters."""
