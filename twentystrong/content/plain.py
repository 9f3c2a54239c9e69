"""The plain base of every content class: immutable objects whose fields are declared like pydantic's.

The content classes (:mod:`twentystrong.content.effects`, :mod:`twentystrong.content.model`) are plain Python, not
pydantic models: a game started from the cached deck only reads them, and importing pydantic and defining some
seventy models cost the start-up tens of milliseconds. They are still validated by pydantic:
:mod:`twentystrong.content.validation` builds a pydantic model from each class (same name, fields, types and
limits) when a deck is validated, its schema written or an error explained, and turns what it validated into these
plain objects. This module never imports pydantic at run time.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from operator import itemgetter
from typing import Any, ClassVar, TypeVar


class _Required:
    """The default of a field that has none (the value must be given)."""

    def __repr__(self) -> str:
        return "REQUIRED"


REQUIRED: Any = _Required()
"""The "no default" marker of :class:`FieldSpec` (a field without a default must be given)."""


@dataclass(frozen=True, slots=True)
class FieldSpec:
    """What ``Field(...)`` records about a field: its default and the limits pydantic checks when validating."""

    default: Any = REQUIRED
    """The default value, or :data:`REQUIRED`."""
    default_factory: Callable[[], Any] | None = None
    """Makes the default (for mutable defaults such as ``list``)."""
    ge: int | None = None
    """Smallest value allowed."""
    le: int | None = None
    """Largest value allowed."""
    min_length: int | None = None
    """Fewest characters or entries."""
    max_length: int | None = None
    """Most characters or entries."""
    pattern: str | None = None
    """A regular expression text must match."""
    description: str | None = None
    """The field's description (else the docstring under the field is used)."""
    discriminator: str | None = None
    """For a union of models: the field whose value picks the member."""

    @property
    def required(self) -> bool:
        """Whether the field has no default."""
        return self.default is REQUIRED and self.default_factory is None

    def make_default(self) -> Any:
        """The field's default value (a fresh one from the factory)."""
        return self.default_factory() if self.default_factory is not None else self.default


def Field(  # noqa: N802 - named and called like pydantic's Field, which validation turns it into
    default: Any = REQUIRED,
    *,
    default_factory: Callable[[], Any] | None = None,
    ge: int | None = None,
    le: int | None = None,
    min_length: int | None = None,
    max_length: int | None = None,
    pattern: str | None = None,
    description: str | None = None,
    discriminator: str | None = None,
) -> Any:
    """Declare a field's default and limits, as pydantic's ``Field`` does (typed ``Any`` so it can be a default)."""
    return FieldSpec(default, default_factory, ge, le, min_length, max_length, pattern, description, discriminator)


_Check = TypeVar("_Check", bound=Callable[..., Any])


def item_check(method: _Check) -> _Check:
    """Mark a method that checks a whole item once its fields are valid; it raises ``ValueError`` to reject it.

    The pydantic model built for the class runs it as a ``model_validator(mode="after")``.
    """
    method.__item_check__ = True  # type: ignore[attr-defined]
    return method


class FrozenInstanceError(AttributeError):
    """Raised on an attempt to change a field of a content object (they are immutable)."""


_Self = TypeVar("_Self", bound="Frozen")


class Frozen:
    """Base of every content class: immutable, compared and hashed by value, fields declared like pydantic's.

    A subclass declares fields as annotations, with a default or a :func:`Field`. Objects are built by validation
    (:mod:`twentystrong.content.validation`, which checks types and limits with pydantic) or from values already
    known to be valid (``Deck(info=…, …)``, :meth:`model_copy`); the constructor fills defaults and rejects unknown
    or missing keys but does not check types. The small pydantic API the code uses is kept: :meth:`model_dump`,
    :meth:`model_dump_json` and :meth:`model_copy`; validating is :func:`twentystrong.content.validation.validate`
    (the schema is written from the generated models, :mod:`twentystrong.content.schema`).
    """

    __field_specs__: ClassVar[dict[str, FieldSpec]] = {}
    """Every field, inherited ones first, with its default and limits."""
    __item_checks__: ClassVar[tuple[Callable[[Any], Any], ...]] = ()
    """Methods marked with :func:`item_check`, run by validation."""
    __values__: ClassVar[itemgetter[Any]]
    """The field values of an instance's ``__dict__``, for comparing and hashing."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        specs = dict(cls.__field_specs__)  # the parent's, already merged (a redefined field keeps its place)
        for name, annotation in cls.__dict__.get("__annotations__", {}).items():
            if str(annotation).startswith(("ClassVar", "typing.ClassVar")):
                continue
            value = cls.__dict__.get(name, REQUIRED)
            specs[name] = value if isinstance(value, FieldSpec) else FieldSpec(default=value)
            if name in cls.__dict__:
                delattr(cls, name)  # the value lives on each instance; the class keeps no stray default
        cls.__field_specs__ = specs
        checks = [f for f in cls.__dict__.values() if getattr(f, "__item_check__", False)]
        cls.__item_checks__ = (*cls.__item_checks__, *checks)
        # Only the fields count (a Deck keeps a derived index in its __dict__ too); one field gives the bare value,
        # as pydantic's hash does.
        if specs:
            cls.__values__ = itemgetter(*specs)

    def __init__(self, **data: Any) -> None:
        values: dict[str, Any] = {}
        for name, spec in self.__field_specs__.items():
            if name in data:
                values[name] = data.pop(name)
            elif spec.required:
                raise TypeError(f"{type(self).__name__}: {name} is required")
            else:
                values[name] = spec.make_default()
        if data:
            raise TypeError(f"{type(self).__name__}: unknown field(s) {', '.join(map(repr, data))}")
        self.__dict__.update(values)

    @classmethod
    def _from_valid(cls: type[_Self], values: dict[str, Any]) -> _Self:
        """An instance holding ``values`` (every field, already valid) as they are: no defaults, no checks."""
        obj = object.__new__(cls)
        obj.__dict__.update(values)
        return obj

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable: cannot set {name}")

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError(f"{type(self).__name__} is immutable: cannot delete {name}")

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            if isinstance(other, Frozen):
                return False  # another kind of content object, as pydantic said for another model class
            return NotImplemented
        return bool(self.__values__(self.__dict__) == other.__values__(other.__dict__))

    def __hash__(self) -> int:
        # By value, as equality compares (lists count as the tuples of their items): content objects never change,
        # so the engine may key memos on them (``functools.lru_cache``). Worked out once, kept with the object;
        # pickles leave it out (a hash is only good in the process that computed it).
        found: int | None = self.__dict__.get(_HASH)
        if found is None:
            found = self.__dict__[_HASH] = hash((type(self).__name__, _hashable(self.__values__(self.__dict__))))
        return found

    def __getstate__(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if k != _HASH}

    def __repr__(self) -> str:
        fields = ", ".join(f"{name}={self.__dict__[name]!r}" for name in self.__field_specs__)
        return f"{type(self).__name__}({fields})"

    def model_dump(self, *, exclude_defaults: bool = False) -> dict[str, Any]:
        """The fields as plain data (nested content objects as dicts), optionally without those at their default."""
        out: dict[str, Any] = {}
        for name, spec in self.__field_specs__.items():
            value = self.__dict__[name]
            if exclude_defaults and not spec.required and value == spec.make_default():
                continue
            out[name] = _dumped(value, exclude_defaults)
        return out

    def model_dump_json(self) -> str:
        """The fields as compact JSON, as pydantic's ``model_dump_json`` writes them."""
        import json  # seldom needed: not at start-up

        return json.dumps(self.model_dump(), ensure_ascii=False, separators=(",", ":"))

    def model_copy(self: _Self, *, update: dict[str, Any] | None = None) -> _Self:
        """A copy with some fields replaced (not validated, like pydantic's ``model_copy``)."""
        values = {name: self.__dict__[name] for name in self.__field_specs__}
        return self._from_valid({**values, **(update or {})})


_HASH = "_hash"
"""Key in a content object's ``__dict__`` of its hash, once worked out (see :meth:`Frozen.__hash__`)."""


def _hashable(value: Any) -> Any:
    """``value`` with its lists (at any depth) as tuples: what a content object is hashed by."""
    if isinstance(value, list | tuple):
        return tuple(_hashable(v) for v in value)
    return value


def _dumped(value: Any, exclude_defaults: bool) -> Any:
    if isinstance(value, Frozen):
        return value.model_dump(exclude_defaults=exclude_defaults)
    if isinstance(value, list):
        return [_dumped(v, exclude_defaults) for v in value]
    return value


_KIND = re.compile(r"""Literal\[['"]([a-z_]+)['"]\]""")


def kind_of(cls: type[Frozen]) -> str:
    """The ``kind`` tag of an effect class, read from its annotation (without evaluating it)."""
    match = _KIND.fullmatch(str(cls.__dict__["__annotations__"]["kind"]))
    assert match is not None, cls
    return match.group(1)
