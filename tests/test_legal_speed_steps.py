"""Shortcuts on the paths asked for every state, checked against the plain answers.

The deck's lookups by id (``Deck.card``, ``boss``, ``hero``, ``mission``) become their index's own lookup once
the index is made (held in the deck's ``__dict__``, where it shadows the method): the same answers and errors, and
nothing of it in what a deck is (equality, copies, pickling). The Commit step's commands ask each commit hook of
only the effects that answer it: the same commands as ``hooks.commit_block`` asked for each die."""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import GameState

DECKS = Path(__file__).parent / "decks"

LOOKUPS: dict[str, Callable[[Deck], list[Any]]] = {
    "card": lambda d: d.cards,
    "boss": lambda d: d.bosses,
    "hero": lambda d: d.heroes,
    "mission": lambda d: d.missions,
}


def _fresh() -> Deck:
    return load_shipped("solar-sentinels").model_copy()


@pytest.mark.parametrize("name", list(LOOKUPS))
def test_a_lookup_gives_the_same_answers_before_and_after_its_index_is_made(name: str) -> None:
    deck = _fresh()
    items = LOOKUPS[name](deck)
    assert items and name not in deck.__dict__
    first = getattr(deck, name)(items[0].id)  # makes the index
    assert first is items[0]
    assert name in deck.__dict__  # the index's lookup shadows the method from now on
    for item in items:
        assert getattr(deck, name)(item.id) is item
        assert getattr(Deck, name)(deck, item.id) is item  # the method itself agrees
    with pytest.raises(KeyError):
        getattr(deck, name)("no-such-id")


def test_a_copy_has_no_lookup_and_makes_its_own() -> None:
    deck = _fresh()
    deck.card(deck.cards[0].id)
    copy = deck.model_copy(update={"cards": deck.cards[1:]})
    assert "card" not in copy.__dict__
    with pytest.raises(KeyError):
        copy.card(deck.cards[0].id)  # not the original's index
    assert copy.card(deck.cards[1].id) is deck.cards[1]


def test_the_lookups_are_not_part_of_what_a_deck_is() -> None:
    deck = _fresh()
    plain = _fresh()
    for name, items in LOOKUPS.items():
        getattr(deck, name)(items(deck)[0].id)
    assert deck == plain
    again = pickle.loads(pickle.dumps(deck, protocol=pickle.HIGHEST_PROTOCOL))
    assert again == deck
    card = deck.cards[-1]
    assert again.card(card.id) == card
    assert again.card(card.id) is again.card_ids[card.id]  # the unpickled lookup asks the unpickled index


def _plain_commits(s: GameState) -> list[Command]:
    """The Commit step's commands as first written: each pool die that ``hooks.commit_block`` lets through (it asks
    every effect's commit_block and commit_limit for the die), then roll."""
    return [Command("commit", die=d.id) for d in s.dice_in("pool") if hooks.commit_block(s, d) is None] + [
        Command("roll")
    ]


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive"])
def test_commit_commands_match_the_commit_hooks_asked_per_die(deck_name: str) -> None:
    """``legal._commit`` asks the commit limits once and the commit blocks per die, each hook of only the effects
    that answer it: the same commands as asking both hooks of every such effect for each die."""
    deck = load_shipped("solar-sentinels") if deck_name == "shipped" else load_deck(DECKS / deck_name)
    checked = limited = blocked = 0
    for seed in range(16):
        rng = random.Random(seed)
        bot = make_bot("heuristic", seed)
        s = initial_state(deck, SetupOptions(deck.id, deck.heroes[seed % len(deck.heroes)].id, seed=seed))
        while s.result is None and s.round <= 40:
            legal = legal_commands(s)
            if s.step == "commit" and not s.prompts:
                commits = [c for c in legal if c.cmd in ("commit", "roll")]
                assert commits == _plain_commits(s), (deck_name, seed, s.seq)
                checked += 1
                pool = len(s.dice_in("pool"))
                limited += pool > 0 and commits == [Command("roll")]
                blocked += 0 < len(commits) - 1 < pool
            command = rng.choice(legal) if rng.random() < 0.3 else bot.choose(s, legal)
            out = decide_and_apply(s, command)
            assert not isinstance(out, Rejected), out
            s = out[1]
    assert checked >= 300
    if deck_name == "effects_passive":  # both kinds of restriction were really exercised
        assert limited >= 5 and blocked >= 5
