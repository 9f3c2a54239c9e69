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


def test_a_kits_tables_are_parts_of_the_deck_found_by_its_lookups() -> None:
    """A kit's tables fill the deck's parts (the general Deck names none of them): its lookups find them by id, and
    its items held as cards or fought as bosses join the general lookups (a Tactic is a card, a Scion and a Primus
    side are bosses)."""
    from twentystrong.kits.hoplomachus_victorum.content import (
        SCIONS,
        TACTICS,
        primus_by_id,
        primus_of,
        primus_side,
        scion_by_id,
        scions_of,
        tactics_of,
    )

    solar = load_shipped("solar-sentinels")
    assert set(solar.parts) == {"missions"} and mission_by_id(solar, missions_of(solar)[0].id).name
    victorum = load_shipped("hoplomachus-victorum")
    assert set(victorum.parts) == {SCIONS.name, TACTICS.name} and victorum.part("no such part") == []
    for scion in scions_of(victorum):
        assert scion_by_id(victorum, scion.id) is scion and victorum.boss(scion.id).health == scion.health
    for tactic in tactics_of(victorum):
        assert victorum.card(tactic.id).reward is not None and tactic.id in victorum.card_ids
    assert list(victorum.card_ids)[: len(tactics_of(victorum))] == [t.id for t in tactics_of(victorum)]
    for hero in victorum.heroes:
        side = primus_side(hero)
        assert side is not None and primus_of(victorum)[hero.id] == side.id
        assert primus_by_id(victorum, side.id) is side and victorum.is_boss(side.id)
    assert all(primus_side(h) is None for h in solar.heroes)  # a general hero has no other side


def test_a_decks_kept_lookups_are_no_part_of_its_value() -> None:
    """What a kit keeps with a deck (its indexes) is not compared, hashed or pickled; the parts are, whatever the
    order of their names."""
    deck = load_shipped("solar-sentinels")
    assert mission_by_id(deck, missions_of(deck)[0].id)  # the index is kept now
    assert any(key.startswith("_kept") for key in deck.__dict__)
    again = pickle.loads(pickle.dumps(deck, protocol=pickle.HIGHEST_PROTOCOL))
    assert not any(key.startswith("_kept") for key in again.__dict__) and again == deck
    both = {"a": missions_of(deck)[:1], "b": missions_of(deck)[1:2]}
    one = deck.model_copy(update={"parts": both})
    other = deck.model_copy(update={"parts": dict(reversed(both.items()))})
    assert one == other and hash(one) == hash(other)
    assert one != deck and missions_of(one) == []  # the part a kit reads is the one its tables fill


def test_a_part_names_its_items_for_the_kits_words() -> None:
    """``Part.name_of``: the name of a kit's piece by id, or None when the part has no such item (the kits' words
    answer ``card_name`` with it: a mission's or a Scion's name)."""
    from twentystrong.engine.effects.words import card_name
    from twentystrong.kits.hoplomachus_victorum.content import SCIONS, scions_of
    from twentystrong.kits.solar_sentinels.content import MISSIONS

    solar = load_shipped("solar-sentinels")
    mission = missions_of(solar)[0]
    assert MISSIONS.name_of(solar, mission.id) == mission.name and card_name(solar, mission.id) == mission.name
    assert MISSIONS.name_of(solar, solar.cards[0].id) is None and MISSIONS.name_of(solar, "no-such-id") is None
    victorum = load_shipped("hoplomachus-victorum")
    scion = scions_of(victorum)[0]
    assert SCIONS.name_of(victorum, scion.id) == scion.name and MISSIONS.name_of(victorum, mission.id) is None
    assert card_name(victorum, "no-such-id") == "no-such-id"
