"""Turn pydantic validation errors into messages a deck author can act on.

Pydantic says ``Input should be greater than or equal to 1`` at ``('effects', 0, 'heal', 'amount')``. A deck author
needs ``effects[0].amount must be 1–6, got 0`` at the line of that key. To say the whole expected range, the
allowed keys or the valid choices, each error's location is walked down the content classes (frozen dataclasses)
to the field it names (dropping the ``kind`` tags pydantic inserts for the effect union).
"""

from __future__ import annotations

import dataclasses
import difflib
import types
import typing
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING, Any, Literal, Union

from pydantic import TypeAdapter

from twentystrong.content.base import Content
from twentystrong.content.effects import EffectBase, effect_classes, kind_of
from twentystrong.content.locate import TomlPath
from twentystrong.content.source import show as show  # where it is said (the kits' checks need no pydantic)
from twentystrong.content.translations import TRANSLATED_LANGUAGES

if TYPE_CHECKING:
    from pydantic import ValidationError
    from pydantic_core import ErrorDetails


@dataclass(frozen=True)
class Explained:
    """One validation error, explained: where it is inside the item and what to say."""

    path: TomlPath
    """The TOML path inside the item (effect tags removed), for locating the line."""
    field: str | None
    """The same path written for people: ``reward.effects[0].amount``."""
    message: str
    """The full message, starting with the field."""


@dataclass(frozen=True)
class _Target:
    """What an error location resolves to in the content classes."""

    path: TomlPath
    annotation: Any
    """The type expected at the location (``None`` when unknown, e.g. for an unknown key)."""
    limits: dict[str, Any]
    """The limits of the field the location names (or lies in, for list elements): ``ge``, ``le`` …"""
    owner: type[Content] | None
    """The content class whose key the location names last."""


def explain(exc: ValidationError, model: type[Content], *, prefix: int = 0) -> list[Explained]:
    """Every error of ``exc`` (raised validating the content class ``model``) as an :class:`Explained`.

    ``prefix``: how many steps of each error's location lead to the item (when it was validated inside a document).
    """
    return [_explain_one({**error, "loc": error["loc"][prefix:]}, model) for error in exc.errors()]


def field_docs(model: type[Content]) -> dict[str, str]:
    """Each field's description: the docstring under it, as pydantic reads it (``use_attribute_docstrings``), the
    content classes it inherits from included (pydantic reads a stdlib dataclass's own body only)."""
    docs: dict[str, str] = {}
    for cls in reversed(model.__mro__):
        if dataclasses.is_dataclass(cls):
            docs.update(_own_docs(cls))
    return docs


@cache
def _own_docs(cls: type[Content]) -> dict[str, str]:
    """The descriptions pydantic gives the fields of ``cls`` (its JSON Schema's, so pydantic's own reading)."""
    schema = TypeAdapter(cls).json_schema()
    node = schema
    if "$ref" in schema:
        node = schema["$defs"][schema["$ref"].rsplit("/", 1)[-1]]
    return {name: prop["description"] for name, prop in node.get("properties", {}).items() if "description" in prop}


def field_name(path: TomlPath) -> str | None:
    """``("reward", "effects", 0, "amount")`` -> ``reward.effects[0].amount``."""
    text = ""
    for part in path:
        text += f"[{part}]" if isinstance(part, int) else (f".{part}" if text else part)
    return text or None


def suggest(word: Any, choices: typing.Iterable[str]) -> str:
    """`` (did you mean "heal"?)`` when a choice is close to ``word``, else nothing."""
    if not isinstance(word, str):
        return ""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f" (did you mean {show(close[0])}?)" if close else ""


def _explain_one(error: ErrorDetails, model: type[Content]) -> Explained:
    target = _resolve(model, error["loc"] or _named_key(error, model))
    kind = error["type"]
    path = target.path
    if kind in ("union_tag_invalid", "union_tag_not_found"):
        path = (*path, "kind")  # point at the kind line (or, when it is missing, the table)
    name = field_name(path)
    handler = _MESSAGES.get(kind, _generic)
    return Explained(path, name, handler(name or "this", error, target))


def _named_key(error: ErrorDetails, model: type[Content]) -> tuple[str, ...]:
    """A whole-item check that begins its message with a key ("level is required when …") is about that key."""
    words = str(error.get("ctx", {}).get("error", "")).split(" ", 1)
    return (words[0],) if error["type"] == "value_error" and words[0] in _fields(model) else ()


# --- walking the model -----------------------------------------------------------------------------------------


def _resolve(model: type[Content], loc: tuple[int | str, ...]) -> _Target:
    """Follow ``loc`` from ``model`` through lists, optionals, tagged unions and nested content classes."""
    annotation: Any = model
    path: list[str | int] = []
    limits: dict[str, Any] = {}
    owner: type[Content] | None = None
    for part in loc:
        annotation = _strip(annotation)
        if isinstance(part, int):
            path.append(part)
            annotation = _item_type(annotation)
            continue
        member = _tagged_member(annotation, part)
        if member is not None:
            annotation = member  # a discriminator tag pydantic inserted: not a key the author wrote
            continue
        path.append(part)
        if _is_content(annotation):
            owner = annotation
            spec = _fields(annotation).get(part)
            limits = dict(spec.metadata) if spec else {}
            annotation = _hints(annotation).get(part) if spec else None
        else:
            annotation = None
    return _Target(tuple(path), _strip(annotation), limits, owner)


def _is_content(annotation: Any) -> bool:
    return isinstance(annotation, type) and issubclass(annotation, Content)


def _fields(model: type[Content]) -> dict[str, dataclasses.Field[Any]]:
    return {f.name: f for f in dataclasses.fields(model)}  # type: ignore[arg-type]


@cache
def _hints(model: type[Content]) -> dict[str, Any]:
    """The field types of a content class (each annotation read where the class declaring it is defined)."""
    return typing.get_type_hints(model, include_extras=True)


def _strip(annotation: Any) -> Any:
    """Drop ``Annotated`` and ``| None`` wrappers (a list of unions stays a list); an ``Effect`` is the union of
    every effect kind."""
    while True:
        if typing.get_origin(annotation) is typing.Annotated:
            annotation = typing.get_args(annotation)[0]
            if annotation is EffectBase:
                return Union[effect_classes()]  # noqa: UP007 - built from a tuple
            continue
        if _is_union(annotation):
            members = [m for m in typing.get_args(annotation) if m is not type(None)]
            if len(members) == 1:
                annotation = members[0]
                continue
        return annotation


def _is_union(annotation: Any) -> bool:
    return typing.get_origin(annotation) in (Union, types.UnionType)


def _item_type(annotation: Any) -> Any:
    args = typing.get_args(annotation)
    return args[0] if typing.get_origin(annotation) is list and args else None


def _tagged_member(annotation: Any, tag: str) -> type[Content] | None:
    """The member of a ``kind``-tagged union whose tag is ``tag``."""
    return _union_tags(annotation).get(tag)


def _union_tags(annotation: Any) -> dict[str, type[Content]]:
    if not _is_union(annotation):
        return {}
    return {
        kind_of(member): member
        for member in typing.get_args(annotation)
        if isinstance(member, type) and issubclass(member, EffectBase)
    }


# --- what to expect --------------------------------------------------------------------------------------------


def _bounds(limits: dict[str, Any]) -> str:
    """``1–12``, ``at least 0`` or ``at most 6`` from the field's limits ("" when unconstrained)."""
    low, high = limits.get("ge"), limits.get("le")
    if low is not None and high is not None:
        return f"{low}–{high}"
    if low is not None:
        return f"at least {low}"
    return f"at most {high}" if high is not None else ""


def _choices(annotation: Any) -> list[str]:
    """The values a ``Literal`` field accepts."""
    return [str(a) for a in typing.get_args(annotation)] if typing.get_origin(annotation) is Literal else []


def _expected(target: _Target) -> str:
    """What a value at ``target`` must be, in words: ``a whole number 1–12``, ``one of "a", "b"`` …"""
    annotation = target.annotation
    if annotation is bool:
        return "true or false"
    if annotation is int:
        return f"a whole number {_bounds(target.limits)}".rstrip()
    if annotation is str:
        return "text in quotes"
    if typing.get_origin(annotation) is Literal:
        return "one of " + ", ".join(show(c) for c in _choices(annotation))
    if typing.get_origin(annotation) is list:
        return "an array"
    if _union_tags(annotation) or _is_content(annotation):
        return "a table"
    return "a valid value"


# --- one message per error type --------------------------------------------------------------------------------


def _range(name: str, error: ErrorDetails, target: _Target) -> str:
    bounds = _bounds(target.limits) or error["msg"].removeprefix("Input should be ")
    return f"{name} must be {bounds}, got {show(error['input'])}"


def _wrong_type(name: str, error: ErrorDetails, target: _Target) -> str:
    return f"{name} must be {_expected(target)}, got {show(error['input'])}"


def _missing(name: str, error: ErrorDetails, target: _Target) -> str:
    about = _field_doc(target).split("\n")[0].rstrip(".")
    return f"{name} is required ({_expected(target)}): {about}" if about else f"{name} is required: {_expected(target)}"


def _field_doc(target: _Target) -> str:
    """The description of the field a target names (the docstring under it)."""
    name = next((part for part in reversed(target.path) if isinstance(part, str)), None)
    if target.owner is None or name is None:
        return ""
    return field_docs(target.owner).get(name, "")


def _unknown_key(name: str, error: ErrorDetails, target: _Target) -> str:
    key = str(target.path[-1]) if target.path else name
    allowed = list(_fields(target.owner)) if target.owner else []
    # A card's translation tables (``de``, ``fr``) come first in its fields but last in what an author looks for.
    allowed = [k for k in allowed if k not in TRANSLATED_LANGUAGES] + [k for k in allowed if k in TRANSLATED_LANGUAGES]
    return f"unknown key {show(key)}{suggest(key, allowed)}; allowed keys here: " + ", ".join(allowed)


def _literal(name: str, error: ErrorDetails, target: _Target) -> str:
    choices = _choices(target.annotation)
    if not choices:
        return _generic(name, error, target)
    listed = ", ".join(show(c) for c in choices)
    return f"{name} must be one of {listed}, got {show(error['input'])}{suggest(error['input'], choices)}"


def _bad_kind(name: str, error: ErrorDetails, target: _Target) -> str:
    kinds = sorted(_union_tags(target.annotation))
    tag = error.get("ctx", {}).get("tag")
    return f"{name} must be a known effect kind, got {show(tag)}{suggest(tag, kinds)}; valid kinds: " + ", ".join(kinds)


def _no_kind(name: str, error: ErrorDetails, target: _Target) -> str:
    kinds = sorted(_union_tags(target.annotation))
    if not isinstance(error["input"], dict):
        return f"{name.removesuffix('.kind')} must be a table with a kind, got {show(error['input'])}"
    return f"{name} is required: one of " + ", ".join(kinds)


def _pattern(name: str, error: ErrorDetails, target: _Target) -> str:
    if name.endswith("id"):
        rule = "lower-case letters, digits and dashes, starting with a letter or digit, at most 48 characters"
    else:
        rule = f"text matching {error.get('ctx', {}).get('pattern')}"
    return f"{name} must be {rule}, got {show(error['input'])}"


def _length(name: str, error: ErrorDetails, target: _Target) -> str:
    ctx = error.get("ctx", {})
    value = error["input"]
    unit = "characters" if isinstance(value, str) else "entries"
    if "min_length" in ctx:
        if ctx["min_length"] == 1:
            return f"{name} must not be empty"
        return f"{name} must have at least {ctx['min_length']} {unit}, got {len(value)}"
    return f"{name} must have at most {ctx.get('max_length')} {unit}, got {len(value)}"


def _value_error(name: str, error: ErrorDetails, target: _Target) -> str:
    reason = str(error.get("ctx", {}).get("error", error["msg"]))
    return reason if not target.path or reason.startswith(name) else f"{name}: {reason}"


def _generic(name: str, error: ErrorDetails, target: _Target) -> str:
    return f"{name}: {error['msg']}, got {show(error['input'])}"


_MESSAGES = {
    "greater_than_equal": _range,
    "less_than_equal": _range,
    "greater_than": _range,
    "less_than": _range,
    "int_type": _wrong_type,
    "int_from_float": _wrong_type,
    "string_type": _wrong_type,
    "bool_type": _wrong_type,
    "list_type": _wrong_type,
    "model_type": _wrong_type,
    "model_attributes_type": _wrong_type,
    "dataclass_type": _wrong_type,
    "dataclass_exact_type": _wrong_type,
    "dict_type": _wrong_type,
    "missing": _missing,
    "extra_forbidden": _unknown_key,
    "unexpected_keyword_argument": _unknown_key,
    "literal_error": _literal,
    "union_tag_invalid": _bad_kind,
    "union_tag_not_found": _no_kind,
    "string_pattern_mismatch": _pattern,
    "string_too_short": _length,
    "string_too_long": _length,
    "too_short": _length,
    "too_long": _length,
    "value_error": _value_error,
}
