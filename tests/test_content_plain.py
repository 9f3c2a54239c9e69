"""The content classes are plain Python, validated by generated pydantic models, and playing never imports pydantic."""

from __future__ import annotations

import copy
import os
import pickle
import subprocess
import sys
import typing
from pathlib import Path

import pytest
from pydantic import BaseModel, ValidationError

from twentystrong.content import effects as fx
from twentystrong.content import validation
from twentystrong.content.loader import load_deck
from twentystrong.content.model import ConflictCard, Deck, Hero, Mission
from twentystrong.content.plain import Frozen, FrozenInstanceError
from twentystrong.content.validation import validate

PLAIN = Path(__file__).parent / "decks" / "plain"
CARD = {
    "id": "wasp",
    "name": "Wasp",
    "level": 1,
    "health": 3,
    "damage": 1,
    "effects": [{"kind": "roll_test", "count": 1, "need": 1, "on_fail": [{"kind": "heal", "amount": 1}]}],
}


def test_validation_gives_plain_objects_all_the_way_down() -> None:
    card = validate(ConflictCard, CARD, strict=True)
    assert type(card) is ConflictCard and not isinstance(card, BaseModel)
    test = card.effects[0]
    assert isinstance(test, fx.RollTest) and isinstance(test.on_fail[0], fx.Heal)
    assert (card.additional, card.reward, test.color) == (0, None, "blue")  # defaults filled in


def test_plain_objects_are_immutable_values() -> None:
    card = validate(ConflictCard, CARD)
    with pytest.raises(FrozenInstanceError):
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
    with pytest.raises(TypeError, match="amount is required"):
        fx.Heal(kind="heal")
    with pytest.raises(TypeError, match="unknown"):
        fx.Heal(kind="heal", amount=1, ammount=2)


def test_model_dump_and_copy_behave_like_pydantic() -> None:
    card = validate(ConflictCard, CARD)
    generated = validation.pydantic_model(ConflictCard).model_validate(CARD)
    assert card.model_dump() == generated.model_dump()
    assert card.model_dump(exclude_defaults=True) == generated.model_dump(exclude_defaults=True)
    assert card.model_dump_json() == generated.model_dump_json()
    assert repr(card) == repr(generated)
    deck = load_deck(PLAIN)
    smaller = deck.model_copy(update={"cards": deck.cards[:1]})
    assert smaller.card_ids == {deck.cards[0].id: deck.cards[0]}  # the card index follows the copy
    assert deck.card(deck.cards[1].id) is deck.cards[1]


def test_the_generated_models_mirror_the_plain_classes() -> None:
    for cls in (ConflictCard, Hero, Mission, Deck, fx.RollTest, fx.EffectBase):
        model = validation.pydantic_model(cls)
        assert model.__name__ == cls.__name__ and model.__doc__ == cls.__doc__
        assert list(model.model_fields) == list(cls.__field_specs__)
        assert validation.plain_class(model) is cls


def test_item_checks_run_when_validating() -> None:
    with pytest.raises(ValidationError, match="level is required"):
        validate(Mission, {"id": "m", "name": "M", "condition": "defeats_by_level"})


def test_the_effect_union_validates_as_a_type() -> None:
    heal = validation.validate_as(fx.Effect, {"kind": "heal", "amount": 2})
    assert heal == fx.Heal(kind="heal", amount=2)
    assert {fx.kind_of(c) for c in typing.get_args(typing.get_args(fx.Effect)[0])} == set(fx.EFFECT_KINDS)


def test_every_content_class_is_a_frozen_subclass() -> None:
    assert all(issubclass(c, Frozen) for c in typing.get_args(typing.get_args(fx.Effect)[0]))


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
