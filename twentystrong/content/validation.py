"""Pydantic models of the plain content classes: built when something is validated, and turned back into plain objects.

The content classes (:class:`~twentystrong.content.plain.Frozen` and its subclasses) are plain Python, so that a
game started from the cached deck never imports pydantic. Validation still is pydantic's: :func:`pydantic_model`
builds, the first time a class is validated, a pydantic model with the same name, docstring and fields (in the same
order, with the same types, defaults and limits: plain classes inside the types are replaced by their models, the
effect union keeps its ``kind`` discriminator, and :func:`~twentystrong.content.plain.item_check` methods become
``model_validator(mode="after")``). The loader, the JSON schema and the error explanations all work on these
models, so their behaviour and wording are pydantic's as before; :func:`to_plain` turns a validated model into the
plain objects the rest of the program uses.
"""

from __future__ import annotations

import sys
import types
import typing
from typing import Annotated, Any, TypeVar, Union

from pydantic import BaseModel, ConfigDict, Field, ValidationError, create_model, model_validator
from pydantic.fields import FieldInfo

from twentystrong.content.plain import REQUIRED, FieldSpec, Frozen

__all__ = ["ValidationError", "as_pydantic", "plain_class", "pydantic_model", "to_plain", "validate", "validate_as"]

_T = TypeVar("_T", bound=Frozen)


class _Model(BaseModel):
    """Base of the generated models: immutable, unknown keys rejected (like the plain classes)."""

    # defer_build: a model is built once all the models it refers to exist (see pydantic_model).
    model_config = ConfigDict(extra="forbid", frozen=True, defer_build=True)


_MODELS: dict[type[Frozen], type[BaseModel]] = {}
"""The generated model of each plain class."""
_PLAIN: dict[type[BaseModel], type[Frozen]] = {}
"""The plain class of each generated model."""
_GENERATING: set[type[Frozen]] = set()
"""Classes whose model is being generated: a reference to one of them (RollTest's effects) is a forward one."""


def pydantic_model(cls: type[Frozen]) -> type[BaseModel]:
    """The pydantic model of a plain content class (generated, with those it refers to, on first use)."""
    model = _MODELS.get(cls)
    if model is not None:
        return model
    new: list[type[BaseModel]] = []
    _generate(cls, new)
    namespace = {m.__name__: m for m in _MODELS.values()}
    # Models that hold forward references first (their fields are complete only once resolved), then the rest:
    # each is built once, knowing every model by name.
    for generated in sorted(new, key=lambda m: bool(getattr(m, "__pydantic_fields_complete__", False))):
        generated.model_rebuild(_types_namespace=namespace)
    return _MODELS[cls]


def as_pydantic(model: type[Any]) -> type[BaseModel]:
    """``model`` if it is a pydantic model already, else the model of the plain class."""
    return model if issubclass(model, BaseModel) else pydantic_model(model)


def plain_class(model: type[Any]) -> type[Frozen] | None:
    """The plain class a generated model was built from (``None`` for any other class)."""
    return _PLAIN.get(model)


def validate(cls: type[_T], data: Any, *, strict: bool | None = None) -> _T:
    """Validate ``data`` as a ``cls`` with its pydantic model; the plain object, or pydantic's ``ValidationError``."""
    validated = to_plain(pydantic_model(cls).model_validate(data, strict=strict))
    assert isinstance(validated, cls)
    return validated


def validate_as(annotation: Any, data: Any) -> Any:
    """Validate ``data`` as any type of plain content (``Effect``, the discriminated union of effects …); the plain
    value, or pydantic's ``ValidationError``."""
    from pydantic import TypeAdapter

    new: list[type[BaseModel]] = []
    translated = _translate(annotation, new)
    namespace = {m.__name__: m for m in _MODELS.values()}
    for generated in new:
        generated.model_rebuild(_types_namespace=namespace)
    return to_plain(TypeAdapter(translated).validate_python(data))


def to_plain(value: Any) -> Any:
    """A validated model as plain content objects (lists and other values as they are, models inside converted)."""
    cls = _PLAIN.get(type(value))
    if cls is not None:
        return cls._from_valid({name: to_plain(v) for name, v in value.__dict__.items()})
    if type(value) is list:
        return [to_plain(v) for v in value]
    return value


# --- generating the models -------------------------------------------------------------------------------------


def _generate(cls: type[Frozen], new: list[type[BaseModel]]) -> type[BaseModel]:
    """Create the model of ``cls`` (and of every class its fields name), not yet built."""
    _GENERATING.add(cls)
    try:
        hints = _field_types(cls)
        fields: dict[str, Any] = {
            name: (_translate(hints[name], new), _field(spec)) for name, spec in cls.__field_specs__.items()
        }
        validators: dict[str, Any] = {
            check.__name__: model_validator(mode="after")(check) for check in cls.__item_checks__
        }
        model: type[BaseModel] = create_model(
            cls.__name__,
            __base__=_Model,
            __module__=__name__,  # forward references resolve among the models, never to the plain classes
            __doc__=cls.__doc__,
            __validators__=validators,
            **fields,
        )
    finally:
        _GENERATING.discard(cls)
    _MODELS[cls] = model
    _PLAIN[model] = cls
    new.append(model)
    return model


def _field_types(cls: type[Frozen]) -> dict[str, Any]:
    """The type of each field of ``cls``, its annotation evaluated where the class (or the base declaring the field)
    is defined; inherited fields first. Only fields are evaluated, not the base's own class variables."""
    types_: dict[str, Any] = {}
    for klass in reversed(cls.__mro__[: cls.__mro__.index(Frozen)]):
        namespace = vars(sys.modules[klass.__module__])
        for name, annotation in klass.__dict__.get("__annotations__", {}).items():
            if name in cls.__field_specs__:
                types_[name] = eval(annotation, namespace) if isinstance(annotation, str) else annotation
    return types_


def _translate(annotation: Any, new: list[type[BaseModel]]) -> Any:
    """A plain class's field type with the models in place of plain classes and pydantic ``Field``\\ s in
    ``Annotated``."""
    if isinstance(annotation, type) and issubclass(annotation, Frozen):
        model = _MODELS.get(annotation)
        if model is not None:
            return model
        if annotation in _GENERATING:
            return annotation.__name__  # resolved when the models are built
        return _generate(annotation, new)
    origin = typing.get_origin(annotation)
    if origin is Annotated:
        inner = _translate(annotation.__origin__, new)
        metadata = [_field(m) if isinstance(m, FieldSpec) else m for m in annotation.__metadata__]
        return Annotated[(inner, *metadata)]
    args = typing.get_args(annotation)
    if origin in (Union, types.UnionType):
        translated = tuple(_translate(a, new) for a in args)
        return annotation if translated == args else Union[translated]  # noqa: UP007 - built from a tuple
    if origin is list:
        return list[_translate(args[0], new)]  # type: ignore[misc]
    return annotation


def _field(spec: FieldSpec) -> FieldInfo:
    """The pydantic ``Field`` that a plain :class:`FieldSpec` stands for."""
    settings: dict[str, Any] = {
        "default_factory": spec.default_factory,
        "ge": spec.ge,
        "le": spec.le,
        "min_length": spec.min_length,
        "max_length": spec.max_length,
        "pattern": spec.pattern,
        "description": spec.description,
        "discriminator": spec.discriminator,
    }
    kwargs = {key: value for key, value in settings.items() if value is not None}
    if spec.default is not REQUIRED:
        kwargs["default"] = spec.default
    info: FieldInfo = Field(**kwargs)
    return info
