"""The hook queries' shortcuts give the answers of the plain rules.

- ``hooks.recoverable``: with no effect in force that adds a recovery slot or blocks recovery, the dice that may be
  recovered follow from the Recovery stat, the round flags and the dice recovered so far (no slot search);
- ``hooks.damage_taken``: the card's applied dice summed with ``die_damage`` inlined (or their faces' damage when no
  effect modifies it), the damage dealt without a die only when there are round flags.

Each is compared, at every state of bot and random games on every test deck and the shipped one, with the plain
computation written from the hooks as the rules state them.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import ActiveCard, GameState

DECKS = Path(__file__).parent / "decks"


def _deck(name: str) -> Deck:
    return load_shipped("solar-sentinels") if name == "shipped" else load_deck(DECKS / name)


def _play(deck: Deck, seed: int) -> Iterator[GameState]:
    """The states of one game: the bot's moves, with one random command in three."""
    rng = random.Random(seed)
    bot = make_bot("heuristic", seed)
    hero = deck.heroes[seed % len(deck.heroes)].id
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed))
    while s.result is None and s.round <= 40:
        yield s
        legal = legal_commands(s)
        command = rng.choice(legal) if rng.random() < 0.35 else bot.choose(s, legal)
        out = decide_and_apply(s, command)
        assert not isinstance(out, Rejected), out
        s = out[1]


def _plain_recoverable(s: GameState) -> list[str]:
    """Each exhausted die whose colour, with those recovered so far, fits the recovery slots."""
    slots = tuple(hooks.recovery_slots(s))
    done = [color_of(d) for d in s.recovered]
    return [d.id for d in s.dice_in("exhausted") if slots and hooks._fits(slots, tuple(sorted([*done, d.color])))]


def _plain_damage_taken(s: GameState, card: ActiveCard) -> int:
    """R5 as written: every applied die's ``die_damage``, the damage dealt without a die, then the card modifiers."""
    total = sum(hooks.die_damage(s, die, card) for die in s.applied_to(card.id)) + hooks.extra_damage(s, card.id)
    for h, le in hooks.passive_with(s, "card_damage"):
        total = h.card_damage(s, le, card, total)
    return total


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered", "plain"])
def test_recoverable_and_damage_taken_match_the_plain_rules(deck_name: str) -> None:
    deck = _deck(deck_name)
    checked = recovering = damaged = 0
    for seed in range(8):
        for s in _play(deck, seed):
            assert hooks.recoverable(s) == _plain_recoverable(s), (deck_name, seed, s.seq)
            for card in s.active:
                assert hooks.damage_taken(s, card) == _plain_damage_taken(s, card), (deck_name, seed, s.seq)
                damaged += bool(s.applied_to(card.id))
            checked += 1
            recovering += bool(hooks.recoverable(s))
    assert checked >= 300
    assert recovering >= 20 and damaged >= 50  # both were really exercised
