"""The bots on the shipped Hoplomachus Victorum deck (issue 19): both play whole games from the player's view only
(R12: two states that differ only in what is face down get the same choice), the heuristic bot makes this deck's own
decisions (where to go, activate / spectate / fight a Primus, recruit, Tactics), and it wins games."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

import pytest

from twentystrong.bots import BOT_NAMES, cannot_play, make_bot
from twentystrong.bots.base import Bot
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.commands import Command
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.hoplomachus_victorum.content import is_tactic
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable, table
from twentystrong.kits.options import choose
from twentystrong.sim.runner import load, play_game

DECK_ID = "hoplomachus-victorum"

PLAYED = [name for name in BOT_NAMES if name != "expert"]
"""The bots played through whole games here; the expert searches, and has its own tests at a budget a test can
afford (test_expert.py)."""


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load(DECK_ID)


def twin(s: GameState, rng: random.Random) -> GameState:
    """The same table with the hidden information changed (R12, HV11): the cards under each camp's top and the
    Influence deck in another order."""
    t = table(s)
    camps = tuple(cards[:1] + tuple(rng.sample(cards[1:], len(cards[1:]))) for cards in t.camps)
    influence = tuple(rng.sample(t.influence, len(t.influence)))
    changed: VictorumTable = replace(t, camps=camps, influence=influence)
    return s.changed({"table": changed})


@pytest.mark.parametrize("bot_name", PLAYED)
def test_bots_decide_from_what_a_player_sees(deck: Deck, bot_name: str) -> None:
    """R12: the same legal commands and the same choice on two tables that differ only in what is face down."""
    rng = random.Random(19)
    compared = 0
    heroes = [h.id for h in deck.heroes]
    for seed in range(6):
        s = initial_state(
            deck, SetupOptions(deck.id, heroes[seed], seed=seed, choices=choose({"difficulty": seed % 5}))
        )
        player = make_bot(bot_name, seed)
        while s.result is None and s.round <= 60:
            legal = legal_commands(s)
            if s.round >= 1 and len(legal) > 1 and rng.random() < 0.3:
                other = twin(s, rng)
                assert legal_commands(other) == legal
                mine = make_bot(bot_name, seed).choose(player_view(s), legal)
                theirs = make_bot(bot_name, seed).choose(player_view(other), legal)
                assert mine == theirs, f"seed {seed} round {s.round} {s.step}: {mine} vs {theirs}"
                compared += 1
            result = decide_and_apply(s, player.choose(player_view(s), legal))
            assert not isinstance(result, Rejected), result
            s = result[1]
    assert compared > 60


def test_both_bots_play_the_deck() -> None:
    assert all(cannot_play(name, DECK_ID) is None for name in BOT_NAMES)


class Watch:
    """A bot whose choices are counted by command (and must be legal)."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.name = bot.name
        self.cmds: Counter[str] = Counter()

    def choose(self, view: object, legal: list[Command]) -> Command:
        chosen = self.bot.choose(view, legal)  # type: ignore[arg-type]
        assert chosen in legal
        self.cmds[chosen.cmd] += 1
        if chosen.cmd == "use_item" and is_tactic(view.deck, str(chosen.item)):  # type: ignore[attr-defined]
            self.cmds["tactic"] += 1
        return chosen


def test_the_heuristic_bot_climbs_fights_the_primus_and_wins(deck: Deck) -> None:
    """Over a few seeded games with the strongest and the weakest heroes: it moves, activates, spectates, fights
    every kind of choice this deck offers, beats Primus, and wins some games."""
    watch = Watch(make_bot("heuristic", 0))
    results: Counter[str] = Counter()
    for seed in range(12):
        hero = deck.heroes[seed % len(deck.heroes)].id
        record = play_game(deck, SetupOptions(deck.id, hero, seed=seed), watch, round_cap=80)  # type: ignore[arg-type]
        results[record.result] += 1
    for cmd in ("move", "activate", "spectate", "fight_primus", "recruit", "keep_tactic", "place_primus", "tactic"):
        assert watch.cmds[cmd] > 0, (cmd, watch.cmds)
    assert results["won"] >= 2, results
