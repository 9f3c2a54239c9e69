"""The JSON Schema of deck files, written by pydantic from the content classes (``twentystrong schema``).

A deck is a folder of TOML files whose top-level tables are merged: the schema describes that merged document
(``[deck]`` plus an array for each other table a deck file may hold: the general ones and those of every installed
kit, in the order :func:`~twentystrong.content.sections.sections` gives, so the same kits give the same schema).
``[deck]`` is left optional so that editors can check each file of a folder on its own; the validator requires it
once per deck. The committed copy is ``content/schema.json``; a test fails when it drifts from the classes.
"""

from __future__ import annotations

import json
from typing import Any

from pydantic import ConfigDict, Field, create_model

from twentystrong.content.base import Content
from twentystrong.content.explain import field_docs
from twentystrong.content.sections import sections
from twentystrong.kits import kits

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REGENERATE = "twentystrong schema > content/schema.json"
"""The command that rewrites the committed schema (named by the drift test)."""
EFFECT_DESCRIPTION = "One effect: a kind and its parameters; the kind decides which parameters apply."
DOCUMENT = """A twentystrong deck: the top-level tables of all the TOML files of one deck folder, merged.

``deck.toml`` holds ``[deck]`` (exactly one per folder); the other tables may sit in any file of the folder, so each
file on its own is valid against this schema."""


def deck_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a deck folder's merged document."""
    fields: dict[str, Any] = {}
    for name, section in sections().items():
        if name == "deck":
            fields[name] = (section.model, Field(description=section.doc))
        else:
            fields[name] = (list[section.model], Field(default_factory=list, description=section.doc))  # type: ignore[name-defined]
    document = create_model("DeckDocument", __config__=ConfigDict(extra="forbid"), __doc__=DOCUMENT, **fields)
    schema: dict[str, Any] = document.model_json_schema(mode="validation")
    _describe_inherited(schema)
    # A deck names one of the installed rulesets (the validator says so; an editor can offer them).
    properties = schema["$defs"]["DeckInfo"]["properties"]
    ruleset = {key: value for key, value in properties["ruleset"].items() if key != "pattern"}
    properties["ruleset"] = dict(sorted({**ruleset, "enum": list(kits())}.items()))
    named: dict[str, Any] = {}
    schema = _name_effect_union(schema, named)
    schema["$defs"] = dict(sorted({**schema["$defs"], **named}.items()))
    # Editors apply the schema to each file of the folder, and only deck.toml holds [deck]; so the schema leaves
    # it optional and `twentystrong validate` reports a folder without one.
    del schema["required"]
    return {"$schema": SCHEMA_DIALECT, **schema}


def _describe_inherited(schema: dict[str, Any]) -> None:
    """Give inherited fields their descriptions too (pydantic reads the docstrings in a stdlib dataclass's own body
    only): keys sorted, as pydantic sorts them."""
    classes = {cls.__name__: cls for cls in _subclasses(Content)}
    for node in schema.get("$defs", {}).values():
        cls = classes.get(node.get("title", ""))
        if cls is None or "properties" not in node:
            continue
        docs = field_docs(cls)
        for name, prop in node["properties"].items():
            if name in docs and "description" not in prop:
                node["properties"][name] = dict(sorted({**prop, "description": docs[name]}.items()))


def _subclasses(cls: type[Content]) -> list[type[Content]]:
    out: list[type[Content]] = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def _name_effect_union(node: Any, defs: dict[str, Any]) -> Any:
    """Replace each inline copy of the effect union (pydantic repeats it at every use) by one ``$defs/Effect``.

    One named definition keeps the schema readable and lets editors say "Effect" instead of 66 alternatives.
    """
    if isinstance(node, list):
        return [_name_effect_union(item, defs) for item in node]
    if not isinstance(node, dict):
        return node
    if node.get("discriminator", {}).get("propertyName") == "kind":
        union = {"description": EFFECT_DESCRIPTION, **node}
        defs.setdefault("Effect", union)
        return {"$ref": "#/$defs/Effect"}
    return {key: _name_effect_union(value, defs) for key, value in node.items()}


def render_schema() -> str:
    """The schema exactly as ``twentystrong schema`` prints it and ``content/schema.json`` holds it."""
    return json.dumps(deck_schema(), indent=2, ensure_ascii=False) + "\n"
