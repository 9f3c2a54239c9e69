"""Field descriptions of the content models, read from the docstring under each field.

Reading them means parsing the source of every class, which would cost the TUI's start-up tens of milliseconds
(pydantic's ``use_attribute_docstrings`` does it when a class is defined) for words only the JSON schema
(:mod:`twentystrong.content.schema`) and the loader's "… is required" messages need. They read them here, when
they need them.
"""

from __future__ import annotations

import ast
import inspect
import sys
from functools import cache
from typing import Any

from twentystrong.content.plain import Frozen


def field_docs(model: type[Any]) -> dict[str, str]:
    """Each field's description: ``Field(description=…)`` if set, else the docstring under it (inherited too).

    ``model``: a content class, or the pydantic model :mod:`~twentystrong.content.validation` built from one.
    """
    plain = model if issubclass(model, Frozen) else _plain_class(model)
    if plain is None:
        return {}
    docs: dict[str, str] = {}
    for cls in reversed(plain.__mro__[: plain.__mro__.index(Frozen)]):  # the content classes it inherits from
        docs.update(_own_docstrings(cls))
    return {
        name: spec.description or docs[name]
        for name, spec in plain.__field_specs__.items()
        if spec.description or name in docs
    }


def _plain_class(model: type[Any]) -> type[Frozen] | None:
    from twentystrong.content.validation import plain_class  # a pydantic model: pydantic is loaded already

    return plain_class(model)


def field_doc(model: type[Any], name: str) -> str:
    """The description of one field ("" if it has none)."""
    return field_docs(model).get(name, "")


@cache
def _own_docstrings(cls: type) -> dict[str, str]:
    """The docstrings under the fields a class's own body declares (``name: type`` then a string)."""
    tree = _module_tree(cls.__module__)
    node = next((n for n in ast.walk(tree) if isinstance(n, ast.ClassDef) and n.name == cls.__name__), None)
    if node is None:
        return {}
    out: dict[str, str] = {}
    for stmt, following in zip(node.body, node.body[1:], strict=False):
        if (
            isinstance(stmt, ast.AnnAssign)
            and isinstance(stmt.target, ast.Name)
            and isinstance(following, ast.Expr)
            and isinstance(following.value, ast.Constant)
            and isinstance(following.value.value, str)
        ):
            out[stmt.target.id] = inspect.cleandoc(following.value.value)
    return out


@cache
def _module_tree(module_name: str) -> ast.Module:
    module = sys.modules.get(module_name)
    try:
        source = inspect.getsource(module) if module is not None else ""
    except (OSError, TypeError):
        source = ""
    return ast.parse(source)
