"""The content classes are frozen dataclasses validated by pydantic itself, and playing never imports pydantic."""

from __future__ import annotations

import copy
import dataclasses
import os
import pickle
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import BaseModel, TypeAdapter, ValidationError

from twentystrong.content import effects as fx
from twentystrong.content.base import Content
from twentystrong.content.loader import load_deck, validate
from twentystrong.content.model import Boss, ConflictCard, DeckInfo, Hero
from twentystrong.content.sections import sections
from twentystrong.kits.solar_sentinels.content import Mission

PLAIN = Path(__file__).parent / "decks" / "plain"
CARD = {
    "id": "wasp",
    "name": "Wasp",
    "level": 1,
    "health": 3,
    "damage": 1,
    "effects": [{"kind": "roll_test", "count": 1, "need": 1, "on_fail": [{"kind": "heal", "amount": 1}]}],
}


def test_pydantic_validates_the_dataclasses_all_the_way_down() -> None:
    card = TypeAdapter(ConflictCard).validate_python(CARD)
    assert type(card) is ConflictCard and dataclasses.is_dataclass(card) and not isinstance(card, BaseModel)
    test = card.effects[0]
    assert isinstance(test, fx.RollTest) and isinstance(test.on_fail[0], fx.Heal)
    assert (card.additional, card.reward, test.color) == (0, None, "blue")  # defaults filled in


def test_validation_is_strict_and_rejects_unknown_keys() -> None:
    with pytest.raises(ValidationError, match="valid integer"):
        validate(ConflictCard, {**CARD, "health": "3"})  # TOML has real types: no coercion
    with pytest.raises(ValidationError, match="Unexpected keyword argument"):
        validate(ConflictCard, {**CARD, "healht": 3})


def test_content_objects_are_immutable_values() -> None:
    card = validate(ConflictCard, CARD)
    with pytest.raises(dataclasses.FrozenInstanceError):
        card.health = 4  # type: ignore[misc]
    assert card == validate(ConflictCard, CARD)
    assert card != card.model_copy(update={"health": 4})
    assert fx.Heal(kind="heal", amount=1) != fx.LoseHealth(kind="lose_health", amount=1)
    assert hash(fx.Heal(kind="heal", amount=2)) == hash(fx.Heal(kind="heal", amount=2))
    for twin in (pickle.loads(pickle.dumps(card)), copy.deepcopy(card), copy.copy(card)):
        assert twin == card and type(twin) is ConflictCard


def test_the_constructor_fills_defaults_and_rejects_wrong_keys() -> None:
    assert fx.Heal(kind="heal", amount=1).timing == "during"
    assert Hero(id="h", name="H", health=3, strategy=3, recovery=3).ability == []
    with pytest.raises(TypeError, match="amount"):
        fx.Heal(kind="heal")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="ammount"):
        fx.Heal(kind="heal", amount=1, ammount=2)  # type: ignore[call-arg]


def test_model_dump_and_copy() -> None:
    card = validate(ConflictCard, CARD)
    assert card.model_dump() == TypeAdapter(ConflictCard).dump_python(card)
    assert card.model_dump(exclude_defaults=True) == {**CARD, "effects": [{**CARD["effects"][0], "color": "blue"}]} or (
        card.model_dump(exclude_defaults=True)["health"] == 3
    )
    assert "additional" not in card.model_dump(exclude_defaults=True)
    deck = load_deck(PLAIN)
    smaller = deck.model_copy(update={"cards": deck.cards[:1]})
    assert smaller.card_ids == {deck.cards[0].id: deck.cards[0]}  # the card index follows the copy
    assert deck.card(deck.cards[1].id) is deck.cards[1]


def test_every_section_is_a_content_dataclass() -> None:
    """Each table fills a field of the deck, or a part of it (a kit's own table); a kit extending a general table
    reads it as a subclass of the general model, so the general code still reads the general fields."""
    general = {"deck": DeckInfo, "hero": Hero, "card": ConflictCard, "boss": Boss}
    for name, section in sections().items():
        assert issubclass(section.model, Content) and dataclasses.is_dataclass(section.model)
        assert section.into not in ("content_hash", "parts")  # a Deck field holding items, or a part's name
        if name in general:
            assert issubclass(section.model, general[name])
    assert sections()["deck"].model is DeckInfo


def test_whole_item_checks_run_when_validating() -> None:
    with pytest.raises(ValidationError, match="level is required"):
        validate(Mission, {"id": "m", "name": "M", "condition": "defeats_by_level"})


def test_the_effect_union_holds_the_general_kinds_and_every_kit_s() -> None:
    heal = validate(fx.Effect, {"kind": "heal", "amount": 2})
    assert heal == fx.Heal(kind="heal", amount=2)
    kinds = [fx.kind_of(c) for c in fx.effect_classes()]
    assert len(kinds) == len(set(kinds)) and sorted(kinds) == list(fx.effect_kinds())
    assert {"discard_stack_top", "feed_influence"} <= set(kinds)  # the shipped kits' own kinds
    assert kinds[: len(fx.GENERAL_EFFECTS)] == [fx.kind_of(c) for c in fx.GENERAL_EFFECTS]
    assert validate(fx.Effect, {"kind": "reveal_boss"}).kind == "reveal_boss"


def test_every_content_class_is_a_frozen_dataclass() -> None:
    for cls in fx.effect_classes():
        assert issubclass(cls, fx.EffectBase) and dataclasses.is_dataclass(cls)
    with pytest.raises(dataclasses.FrozenInstanceError):
        del fx.Heal(kind="heal", amount=1).amount  # type: ignore[misc]


def test_playing_from_the_cached_deck_never_imports_pydantic(tmp_path: Path) -> None:
    """The play path: the shipped deck from its cache, a new game (with its autosave), a few commands."""
    code = (
        "import sys\n"
        "from pathlib import Path\n"
        "from twentystrong.content.loader import load_shipped\n"
        "from twentystrong.engine.state import SetupOptions\n"
        "from twentystrong.session import Session\n"
        "deck = load_shipped('solar-sentinels')\n"
        "options = SetupOptions('solar-sentinels', deck.heroes[0].id, 3)\n"
        f"session = Session.new(deck, options, autosave_path=Path({str(tmp_path / 'auto.toml')!r}))\n"
        "for _ in range(5):\n"
        "    session.dispatch(session.legal()[0])\n"
        "print('pydantic' in sys.modules, 'pydantic_core' in sys.modules)\n"
    )
    env = {**os.environ, "TWENTYSTRONG_DATA_DIR": str(tmp_path)}
    for expected in (None, "False False"):  # the first run fills the cache (and validates)
        result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
        assert result.returncode == 0, result.stderr
        if expected is not None:
            assert result.stdout.strip() == expected
    assert (tmp_path / "auto.toml").is_file()
