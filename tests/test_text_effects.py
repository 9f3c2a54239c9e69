"""Effects and cards in plain words: every effect kind gives a sentence, every card its timings."""

from __future__ import annotations

import dataclasses
import typing
from pathlib import Path
from typing import Any

import pytest

from twentystrong.content.effects import Effect, EffectBase, effect_classes, kind_of
from twentystrong.content.loader import load_deck, validate
from twentystrong.content.model import Boss, ConflictCard, Hero
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler
from twentystrong.kits.solar_sentinels.cards import describe_mission
from twentystrong.kits.solar_sentinels.content import Mission, MissionKind, missions_of
from twentystrong.text import (
    describe_boss,
    describe_card,
    describe_effect,
    describe_hero,
    kind_title,
    timing_label,
)
from twentystrong.text.cards import all_cards, describe_any

PLAIN = Path(__file__).parent / "decks" / "plain"

EFFECT_CLASSES: list[type[EffectBase]] = list(effect_classes())

# A value for every required parameter of every kind, by parameter name.
SAMPLES: dict[str, Any] = {
    "colors": ["blue", "red"],
    "count": 2,
    "amount": 1,
    "need": 2,
    "on_fail": [{"kind": "lose_health", "amount": 1}],
    "color": "blue",
    "partner": "green",
    "misses": 2,
    "stat": "strategy",
    "value": 3,
    "from_face": "miss",
    "to_face": "hit",
    "kinds": ["no_recovery", "items_blocked"],
    "grows": "health",
}


def sample(cls: type[EffectBase], **extra: Any) -> Effect:
    """The smallest valid effect of a kind (its required parameters from SAMPLES)."""
    data: dict[str, Any] = {"kind": kind_of(cls)}
    for field in dataclasses.fields(cls):
        missing = field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING
        if field.name != "kind" and missing:
            data[field.name] = SAMPLES[field.name]
    data.update(extra)
    return typing.cast(Effect, validate(cls, data))


def _id(cls: type[EffectBase]) -> str:
    return kind_of(cls)


def test_the_union_is_every_kind() -> None:
    assert {_id(c) for c in EFFECT_CLASSES} == {_id(c) for c in EffectBase.__subclasses__()}


@pytest.mark.parametrize("cls", EFFECT_CLASSES, ids=_id)
def test_every_kind_is_a_sentence_without_its_raw_name(cls: type[EffectBase]) -> None:
    effect = sample(cls)
    text = describe_effect(effect)
    assert text and text[0].isupper() and text[-1] in ".!?", text
    assert effect.kind not in text, f"the raw kind name leaks: {text!r}"
    handler = hooks.handler(effect.kind)
    if type(handler).describe is not Handler.describe:
        # The engine's words are the one source: they are what the player reads.
        assert handler.describe(effect).rstrip(".") in text
    assert text != effect.kind.replace("_", " ").capitalize() + "."
    assert kind_title(effect.kind) and "_" not in kind_title(effect.kind)


@pytest.mark.parametrize("cls", EFFECT_CLASSES, ids=_id)
def test_every_kind_has_a_label_under_every_timing(cls: type[EffectBase]) -> None:
    assert timing_label(sample(cls, timing="during")) == "During:"
    assert timing_label(sample(cls, timing="after")) == "After:"
    assert timing_label(sample(cls, timing="special", trigger="on_activate")) == "Special (on activate):"


def test_the_author_s_text_wins() -> None:
    effect = sample(EFFECT_CLASSES[0], text="the sky falls")
    assert describe_effect(effect) == "The sky falls."


def test_trigger_and_condition_are_said() -> None:
    from twentystrong.content.effects import Heal

    heal = validate(Heal, {"kind": "heal", "amount": 2, "trigger": "start_of_round", "condition": {"health_below": 3}})
    text = describe_effect(heal)
    assert text.startswith("At the start of each round, if your Health is below 3: ")
    assert "2" in text and "ealth" in text


def test_reward_and_item_labels() -> None:
    from twentystrong.content.effects import ConvertFace, Heal

    heal = Heal(kind="heal", amount=1)
    convert = ConvertFace(kind="convert_face", from_face="miss", to_face="hit", once_per_round=True)
    assert timing_label(heal, "instant") == "Instant reward:"
    assert timing_label(heal, "single_use") == "Single-use item:"
    assert timing_label(convert, "ongoing") == "Ongoing item (once per round):"
    assert timing_label(heal, "ongoing") == "Ongoing item:"
    assert timing_label(convert, hero=True) == "Ability (once per round):"


def test_a_card_lists_its_effects_under_their_timing() -> None:
    card = validate(
        ConflictCard,
        {
            "id": "rust-maw",
            "name": "Rust Maw",
            "level": 2,
            "health": 5,
            "damage": 2,
            "additional": 1,
            "mandatory": True,
            "effects": [
                {"kind": "crits_deal_zero"},
                {"kind": "lose_health", "amount": 1, "timing": "after"},
                {"kind": "reveal_boss", "timing": "special", "trigger": "on_activate"},
            ],
            "reward": {"kind": "ongoing", "effects": [{"kind": "heal", "amount": 1, "once_per_round": True}]},
            "flavour": "It eats anything made of iron.",
        },
    )
    text = describe_card(card)
    labels = [line.label for line in text.lines]
    assert labels == [
        "Mandatory:",
        "+1:",
        "During:",
        "After:",
        "Special (on activate):",
        "Ongoing item (once per round):",
    ]
    assert text.subtitle == "Level 2 conflict card · mandatory · ongoing item"
    assert ("Health", "5") in text.stats and ("Additional", "+1") in text.stats
    plain = text.plain()
    assert "Rust Maw" in plain and "It eats anything" in plain and "_" not in plain


def test_a_single_use_item_does_everything_on_one_line() -> None:
    card = validate(
        ConflictCard,
        {
            "id": "kit",
            "name": "Kit",
            "level": 1,
            "health": 2,
            "damage": 1,
            "reward": {
                "kind": "single_use",
                "effects": [{"kind": "heal", "amount": 2}, {"kind": "recover", "count": 1}],
            },
        },
    )
    reward = [line for line in describe_card(card).lines if line.label == "Single-use item:"]
    assert len(reward) == 1 and reward[0].text.count(".") >= 2


def test_boss_hero_and_mission() -> None:
    boss = validate(
        Boss,
        {"id": "b", "name": "Tyrant", "health": 10, "damage": 2, "entourage": 2, "rules": [{"kind": "win_condition"}]},
    )
    text = describe_boss(boss)
    assert [line.label for line in text.lines] == ["Entourage:", "Rule:"]
    hero = validate(
        Hero,
        {
            "id": "h",
            "name": "Vale",
            "health": 5,
            "strategy": 2,
            "recovery": 3,
            "ability": [{"kind": "convert_face", "from_face": "hit", "to_face": "crit", "once_per_round": True}],
        },
    )
    lines = describe_hero(hero).lines
    assert lines[-1].label == "Ability (once per round):"
    assert "Strategy" in str(lines[0]) and "2 items" in str(lines[0])
    mission = validate(Mission, {"id": "m", "name": "Cull", "condition": "defeats_by_level", "level": 2, "target": 3})
    assert describe_mission(mission).lines[0].text == "Defeat 3 level 2 enemies."


@pytest.mark.parametrize("condition", typing.get_args(MissionKind))
def test_every_mission_condition_has_a_goal(condition: str) -> None:
    mission = validate(Mission, {"id": "m", "name": "M", "condition": condition, "level": 1, "value": 2, "target": 2})
    goal = describe_mission(mission).lines[0].text
    assert goal and "_" not in goal and goal.endswith(".")


def test_every_card_of_a_deck() -> None:
    deck = load_deck(PLAIN)
    cards = all_cards(deck)
    assert len(cards) == len(deck.heroes) + len(deck.cards) + len(deck.bosses) + len(missions_of(deck))
    assert [c.kind for c in cards][: len(deck.heroes)] == ["hero"] * len(deck.heroes)
    assert describe_any(deck, deck.bosses[0].id).kind == "boss"
    assert describe_any(deck, missions_of(deck)[0].id).kind == "mission"
