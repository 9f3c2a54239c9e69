"""The lookups the engine keeps for speed give the answers of the plain searches they replace.

- A deck finds its cards, bosses, heroes and missions by id through indexes it builds once (a deck never changes;
  ``model_copy`` makes another deck, with its own indexes).
- The Solar Sentinels rules keep, with the deck, the stack tops of the last stacks asked about (which stacks are
  open, which tops are printed mandatory); the stack a mission makes mandatory is worked out each time. Games that
  share a deck, played in turns, replace that entry all the time.
"""

from __future__ import annotations

import random

import pytest

from twentystrong.bots import Bot, make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands, missions
from twentystrong.engine.rulesets.solar_sentinels import SolarSentinels, mandatory_tops
from twentystrong.engine.state import GameState


def test_deck_lookups_by_id_are_the_plain_searches() -> None:
    deck = load_shipped("solar-sentinels")
    for card in deck.cards:
        assert deck.card(card.id) is next(c for c in deck.cards if c.id == card.id)
        assert card.id in deck.card_ids
    for boss in deck.bosses:
        assert deck.boss(boss.id) is next(b for b in deck.bosses if b.id == boss.id)
        assert boss.id not in deck.card_ids  # tells a conflict card from a boss
    for hero in deck.heroes:
        assert deck.hero(hero.id) is next(h for h in deck.heroes if h.id == hero.id)
    for mission in deck.missions:
        assert deck.mission(mission.id) is next(m for m in deck.missions if m.id == mission.id)
    for lookup in (deck.card, deck.boss, deck.hero, deck.mission):
        with pytest.raises(KeyError):
            lookup("no-such-id")
    assert deck.card_ids == {c.id: c for c in deck.cards}


def test_a_copied_deck_finds_its_own_items() -> None:
    deck = load_shipped("solar-sentinels")
    first = deck.cards[0]
    deck.card(first.id), deck.boss(deck.bosses[0].id), deck.hero(deck.heroes[0].id)  # the indexes exist
    renamed = first.model_copy(update={"name": "Renamed"})
    copy = deck.model_copy(
        update={
            "cards": [renamed, *deck.cards[1:]],
            "bosses": deck.bosses[1:],
            "heroes": deck.heroes[:1],
        }
    )
    assert copy.card(first.id).name == "Renamed"
    assert deck.card(first.id) is first
    with pytest.raises(KeyError):
        copy.boss(deck.bosses[0].id)
    with pytest.raises(KeyError):
        copy.hero(deck.heroes[1].id)
    assert copy == deck.model_copy(update={"cards": copy.cards, "bosses": copy.bosses, "heroes": copy.heroes})
    assert deck == load_shipped("solar-sentinels").model_copy()  # the indexes are no part of a deck's value


def test_repeated_ids_resolve_as_the_searches_did() -> None:
    """A deck built without validation may repeat an id: a card's index kept the last, the others the first."""
    deck = load_shipped("solar-sentinels")
    card, boss = deck.cards[0], deck.bosses[0]
    other_card = deck.cards[1].model_copy(update={"id": card.id})
    other_boss = deck.bosses[1].model_copy(update={"id": boss.id})
    odd = Deck(info=deck.info, heroes=deck.heroes, cards=[card, other_card], bosses=[boss, other_boss])
    assert odd.card(card.id) is other_card
    assert odd.boss(boss.id) is boss


def _plain_tops(s: GameState) -> tuple[list[int], list[int], list[int]]:
    """Mandatory tops, activation choices and stack discard choices, worked out from scratch."""
    forced = missions.mandatory_stack(s)
    open_stacks = [i + 1 for i, stack in enumerate(s.stacks) if stack]
    mandatory = [i for i in open_stacks if i == forced or s.deck.card(s.stacks[i - 1][0]).mandatory]
    return mandatory, mandatory or open_stacks, [i for i in open_stacks if i not in mandatory]


def test_stack_tops_kept_with_the_deck_match_the_plain_answers() -> None:
    shipped = load_shipped("solar-sentinels")
    # A deck whose only mission makes a stack mandatory, so that such a stack is often in play.
    stack_mission = next(m for m in shipped.missions if m.condition == "stack_mandatory_rounds")
    decks = [shipped, shipped.model_copy(update={"missions": [stack_mission]})]
    rules = SolarSentinels()
    rng = random.Random(5)
    seeds = iter(range(1000))

    def new_game() -> tuple[GameState, Bot]:
        seed = next(seeds)
        deck = decks[seed % 2]
        hero = deck.heroes[seed % len(deck.heroes)].id
        options = SetupOptions(deck.id, hero, seed=seed, missions=seed % 4 != 2, rank=1 + seed % 6)
        return initial_state(deck, options), make_bot("heuristic", seed)

    games = [new_game() for _ in range(6)]
    checked = forced = 0
    while checked < 2400:
        i = rng.randrange(len(games))  # games sharing the deck, played in turns
        s, bot = games[i]
        legal = legal_commands(s)
        command = rng.choice(legal) if rng.random() < 0.2 else bot.choose(s, legal)
        out = decide_and_apply(s, command)
        assert not isinstance(out, Rejected)
        s = out[1]
        games[i] = (s, bot) if s.result is None and s.round <= 60 else new_game()
        if s.result is not None or s.step in ("setup", "mission_discard", "rank_penalty"):
            continue
        expected = _plain_tops(s)
        assert (mandatory_tops(s), rules.activation_choices(s), rules.stack_discard_choices(s)) == expected
        checked += 1
        forced += missions.mandatory_stack(s) is not None
    assert forced >= 100  # a mission's mandatory stack was in play
