"""The JSON Schema of deck files: built from the models, committed as content/schema.json, never drifting."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentystrong.cli.main import main
from twentystrong.content.effects import effect_kinds
from twentystrong.content.schema import REGENERATE, deck_schema, render_schema

COMMITTED = Path(__file__).parent.parent / "content" / "schema.json"


def test_committed_schema_matches_the_models() -> None:
    committed = COMMITTED.read_text(encoding="utf-8") if COMMITTED.is_file() else ""
    assert committed == render_schema(), f"content/schema.json is out of date; regenerate it with: {REGENERATE}"


def test_regenerate_command_is_the_one_documented() -> None:
    assert REGENERATE == "twentystrong schema > content/schema.json"


def test_schema_command_prints_the_schema(capsysbinary: pytest.CaptureFixture[bytes]) -> None:
    assert main(["schema"]) == 0
    assert capsysbinary.readouterr().out.decode("utf-8") == render_schema()


def test_schema_describes_a_deck_folder() -> None:
    schema = deck_schema()
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    # The general tables, then each kit's (in ruleset id order).
    assert list(schema["properties"]) == ["deck", "hero", "card", "boss", "camp", "scion", "tactic", "mission"]
    assert "required" not in schema  # each file is checked alone by editors; only deck.toml holds [deck]
    assert schema["additionalProperties"] is False


def test_field_docstrings_become_descriptions() -> None:
    card = deck_schema()["$defs"]["ConflictCard"]
    assert card["properties"]["health"]["description"] == "Damage needed to defeat it."
    assert (card["properties"]["health"]["minimum"], card["properties"]["health"]["maximum"]) == (1, 12)
    assert card["additionalProperties"] is False


def test_effects_are_one_named_union_of_every_kind() -> None:
    defs = deck_schema()["$defs"]
    assert defs["ConflictCard"]["properties"]["effects"]["items"] == {"$ref": "#/$defs/Effect"}
    hero = deck_schema()["properties"]["hero"]["items"]["$ref"].removeprefix("#/$defs/")  # as a kit may extend it
    assert defs[hero]["properties"]["ability"]["items"] == {"$ref": "#/$defs/Effect"}
    assert sorted(defs["Effect"]["discriminator"]["mapping"]) == list(effect_kinds())
    assert "discriminator" not in json.dumps({k: v for k, v in defs.items() if k != "Effect"})
