"""The JSON Schema of deck files, built from the pydantic models of the content classes (``twentystrong schema``).

A deck is a folder of TOML files whose top-level tables are merged: the schema describes that merged document
(``[deck]`` plus the ``[[hero]]``, ``[[card]]``, ``[[boss]]`` and ``[[mission]]`` arrays, and Hoplomachus
Victorum's ``[[camp]]``, ``[[scion]]`` and ``[[tactic]]``). ``[deck]`` is left
optional so that editors can check each file of a folder on its own; the validator requires it once per deck.
The committed copy is ``content/schema.json``; a test fails when it drifts from the models.
"""

from __future__ import annotations

import json
from typing import Any

from twentystrong.content.docs import field_docs
from twentystrong.content.model import Boss, CampCard, ConflictCard, DeckInfo, Hero, Mission, Scion, Tactic
from twentystrong.content.plain import Field, Frozen

SCHEMA_DIALECT = "https://json-schema.org/draft/2020-12/schema"
REGENERATE = "twentystrong schema > content/schema.json"
"""The command that rewrites the committed schema (named by the drift test)."""
EFFECT_DESCRIPTION = "One effect: a kind and its parameters; the kind decides which parameters apply."


class DeckDocument(Frozen):
    """A twentystrong deck: the top-level tables of all the TOML files of one deck folder, merged.

    ``deck.toml`` holds ``[deck]`` (exactly one per folder); ``[[hero]]``, ``[[card]]``, ``[[boss]]`` and
    ``[[mission]]`` tables may sit in any file of the folder, so each file on its own is valid against this schema.
    """

    deck: DeckInfo
    """The deck's identity: one ``[deck]`` table, in ``deck.toml``."""
    hero: list[Hero] = Field(default_factory=list)
    """The heroes: one ``[[hero]]`` table each."""
    card: list[ConflictCard] = Field(default_factory=list)
    """The conflict cards: one ``[[card]]`` table each, in deck order."""
    boss: list[Boss] = Field(default_factory=list)
    """The bosses: one ``[[boss]]`` table each."""
    mission: list[Mission] = Field(default_factory=list)
    """The missions: one ``[[mission]]`` table each."""
    camp: list[CampCard] = Field(default_factory=list)
    """Hoplomachus Victorum: the camp cards, one ``[[camp]]`` table each, in deck order."""
    scion: list[Scion] = Field(default_factory=list)
    """Hoplomachus Victorum: the Scions, one ``[[scion]]`` table each."""
    tactic: list[Tactic] = Field(default_factory=list)
    """Hoplomachus Victorum: the Tactics, one ``[[tactic]]`` table each."""


def deck_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of a deck folder's merged document."""
    from twentystrong.content.validation import pydantic_model

    schema = pydantic_model(DeckDocument).model_json_schema(mode="validation")
    _describe_fields(schema)
    named: dict[str, Any] = {}
    schema = _name_effect_union(schema, named)
    schema["$defs"] = dict(sorted({**schema["$defs"], **named}.items()))
    # Editors apply the schema to each file of the folder, and only deck.toml holds [deck]; so the schema leaves
    # it optional and `twentystrong validate` reports a folder without one.
    del schema["required"]
    return {"$schema": SCHEMA_DIALECT, **schema}


def _describe_fields(schema: dict[str, Any]) -> None:
    """Give each model's properties their field descriptions (the docstrings under the fields).

    The docstrings are read only here (:mod:`twentystrong.content.docs`: reading them slows a start-up), so the
    descriptions are added where pydantic's ``use_attribute_docstrings`` would have put them: keys sorted, as
    pydantic sorts them.
    """
    models = {cls.__name__: cls for cls in _subclasses(Frozen)}
    for node in [schema, *schema.get("$defs", {}).values()]:
        model = models.get(node.get("title", ""))
        if model is None or "properties" not in node:
            continue
        docs = field_docs(model)
        for name, prop in node["properties"].items():
            if name in docs and "description" not in prop:
                node["properties"][name] = dict(sorted({**prop, "description": docs[name]}.items()))


def _subclasses(cls: type[Frozen]) -> list[type[Frozen]]:
    out: list[type[Frozen]] = []
    for sub in cls.__subclasses__():
        out += [sub, *_subclasses(sub)]
    return out


def _name_effect_union(node: Any, defs: dict[str, Any]) -> Any:
    """Replace each inline copy of the effect union (pydantic repeats it at every use) by one ``$defs/Effect``.

    One named definition keeps the schema readable and lets editors say "Effect" instead of 59 alternatives.
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
