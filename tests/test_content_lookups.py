"""A deck finds its cards, bosses, heroes and missions by id, and is a value: compared and hashed by its fields."""

from __future__ import annotations

import pickle
from functools import partial

import pytest

from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck
from twentystrong.kits.solar_sentinels.content import mission_by_id, missions_of


def test_deck_lookups_by_id() -> None:
    deck = load_shipped("solar-sentinels")
    for card in deck.cards:
        assert deck.card(card.id) is card
        assert card.id in deck.card_ids
    for boss in deck.bosses:
        assert deck.boss(boss.id) is boss
        assert boss.id not in deck.card_ids  # tells a conflict card from a boss
    for hero in deck.heroes:
        assert deck.hero(hero.id) is hero
    for mission in missions_of(deck):
        assert mission_by_id(deck, mission.id) is mission
    for lookup in (deck.card, deck.boss, deck.hero, partial(mission_by_id, deck)):
        with pytest.raises(KeyError):
            lookup("no-such-id")
    assert deck.card_ids == {c.id: c for c in deck.cards}


def test_a_copied_deck_finds_its_own_items() -> None:
    deck = load_shipped("solar-sentinels")
    first = deck.cards[0]
    deck.card(first.id), deck.boss(deck.bosses[0].id), deck.hero(deck.heroes[0].id)  # the indexes exist
    renamed = first.model_copy(update={"name": "Renamed"})
    copy = deck.model_copy(update={"cards": [renamed, *deck.cards[1:]], "bosses": deck.bosses[1:]})
    assert copy.card(first.id).name == "Renamed"
    assert deck.card(first.id) is first
    with pytest.raises(KeyError):
        copy.boss(deck.bosses[0].id)


def test_repeated_ids_resolve_as_a_search_would() -> None:
    """A deck built without validation may repeat an id: cards keep the last, the others the first."""
    deck = load_shipped("solar-sentinels")
    card, boss = deck.cards[0], deck.bosses[0]
    other_card = deck.cards[1].model_copy(update={"id": card.id})
    other_boss = deck.bosses[1].model_copy(update={"id": boss.id})
    odd = Deck(info=deck.info, heroes=deck.heroes, cards=[card, other_card], bosses=[boss, other_boss])
    assert odd.card(card.id) is other_card
    assert odd.boss(boss.id) is boss


def test_a_deck_is_a_value() -> None:
    """Equal fields make equal decks with equal hashes (the engine keys memos on them); the indexes and the kept
    hash are no part of that, and a pickle carries no hash (it is good only in the process that made it)."""
    deck = load_shipped("solar-sentinels")
    plain = deck.model_copy()
    deck.card(deck.cards[0].id)
    assert deck == plain and hash(deck) == hash(plain)
    again = pickle.loads(pickle.dumps(deck, protocol=pickle.HIGHEST_PROTOCOL))
    assert "_hash" not in again.__dict__
    assert again == deck and hash(again) == hash(deck)
    changed = deck.model_copy(update={"cards": deck.cards[1:]})
    assert changed != deck and hash(changed) != hash(deck)
    effect = next(c.effects[0] for c in deck.cards if c.effects)
    assert hash(effect) == hash(effect.model_copy())  # content objects holding lists hash by value too
