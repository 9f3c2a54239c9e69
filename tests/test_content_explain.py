"""Pydantic errors explained for deck authors: paths without union tags, whole ranges, values shown as TOML."""

from __future__ import annotations

import datetime

import pytest
from pydantic import ValidationError

from twentystrong.content.explain import Explained, explain, field_name, show
from twentystrong.content.loader import validate
from twentystrong.content.model import ConflictCard
from twentystrong.kits.solar_sentinels.content import Mission

CARD = {"id": "wasp", "name": "Wasp", "level": 1, "health": 3, "damage": 1}


def explained(raw: dict[str, object], model: type[ConflictCard] | type[Mission] = ConflictCard) -> list[Explained]:
    with pytest.raises(ValidationError) as caught:
        validate(model, raw)
    return explain(caught.value, model)


def test_show_writes_values_as_toml() -> None:
    values: list[object] = [True, 0, 2.5, "a", [1, "b"], {}, [{}, {}]]
    assert [show(v) for v in values] == [
        "true",
        "0",
        "2.5",
        '"a"',
        '[1, "b"]',
        "a table",
        "an array of 2 tables",
    ]
    assert show(datetime.date(2024, 1, 1)) == "a date"
    assert show("x" * 60) == '"' + "x" * 37 + '…"'


def test_field_name() -> None:
    assert field_name(("reward", "effects", 0, "amount")) == "reward.effects[0].amount"
    assert field_name(()) is None


def test_nested_effect_tags_are_dropped_from_the_path() -> None:
    raw = {
        **CARD,
        "effects": [{"kind": "roll_test", "count": 2, "need": 1, "on_fail": [{"kind": "lose_health", "amount": 9}]}],
    }
    (error,) = explained(raw)
    assert error.path == ("effects", 0, "on_fail", 0, "amount")
    assert error.message == "effects[0].on_fail[0].amount must be 1–6, got 9"


def test_conditions_and_one_sided_bounds() -> None:
    raw = {**CARD, "effects": [{"kind": "heal", "amount": 1, "condition": {"health_below": 1}}]}
    assert [e.message for e in explained(raw)] == ["effects[0].condition.health_below must be 2–7, got 1"]


def test_a_list_element_of_the_wrong_choice() -> None:
    raw = {**CARD, "effects": [{"kind": "cannot_commit_color", "colors": ["red", "pinkk"]}]}
    (error,) = explained(raw)
    assert error.field == "effects[0].colors[1]"
    assert error.message.startswith('effects[0].colors[1] must be one of "yellow", "green", "blue", "purple", "red"')


def test_missing_key_says_what_it_is_for() -> None:
    raw = {k: v for k, v in CARD.items() if k != "level"}
    (error,) = explained(raw)
    assert error.message == "level is required (a whole number 1–3): The card's level (Solar Sentinels uses 1 and 2)"


def test_whole_item_checks_are_attached_to_the_key_they_name() -> None:
    (error,) = explained({"id": "m", "name": "M", "condition": "colors_on_one_enemy"}, Mission)
    assert (error.field, error.message) == ("value", 'value is required when condition is "colors_on_one_enemy"')
