"""Random-playthrough properties of the engine and the session (OpenSpiel-style), over many seeds.

A random legal player plays each game to the end; after every step the invariants of rules.md and the contracts of
architecture.md must hold. Every game varies the setup (hero, missions, rank, physical dice, assisted play).
"""

from __future__ import annotations

import dataclasses
import json
import random
from dataclasses import dataclass
from pathlib import Path

import pytest
from players import Chooser, eager, random_legal
from players import play as play_game

from twentystrong.content.model import Deck
from twentystrong.engine import Command, GameState, Rejected, SetupOptions, decide_and_apply, fold, initial_state
from twentystrong.engine.dice import DIE_IDS
from twentystrong.engine.events import Event, from_dict, to_dict
from twentystrong.engine.legal import awaiting, legal_commands
from twentystrong.engine.view import state_view
from twentystrong.kits.options import choose
from twentystrong.session import Session

SEEDS = range(200)
ZONES = {"pool", "active", "applied", "exhausted", "banished"}


def options_for(deck: Deck, seed: int) -> SetupOptions:
    """A different setup for each seed: heroes, missions, ranks, dice modes and assisted play all get covered."""
    return SetupOptions(
        deck_id=deck.id,
        hero_id="weakling" if seed % 5 == 4 else "tester",
        seed=seed,
        assisted=seed % 2 == 0,
        dice="physical" if seed % 7 == 3 else "virtual",
        deal="ordered" if seed % 11 == 5 else "shuffled",
        choices=choose({"missions": seed % 3 == 0, "rank": 1 + seed % 4 if seed % 3 == 0 else 1}),
    )


def policy_for(seed: int) -> Chooser:
    """Half the games are random; the other half keen enough to reach the endgame and sometimes win."""
    return eager if seed % 4 in (1, 2) else random_legal


def check_invariants(s: GameState) -> None:
    """Everything that must hold in every state."""
    deck = s.deck
    # Every unit die is in exactly one valid zone; applied dice point at active cards (rules.md "Dice zones").
    assert tuple(d.id for d in s.dice) == DIE_IDS
    active_ids = {c.id for c in s.active}
    for d in s.dice:
        assert d.zone in ZONES, d
        if d.zone == "applied":
            assert d.card in active_ids, f"{d.id} applied to {d.card}, which is not active"
            assert d.face in ("hit", "crit"), d
        else:
            assert d.card is None, d
        if d.zone in ("pool", "banished"):
            assert d.face is None, d
    # R1: stats within 1..6; Health below 1 only when lost.
    h = s.hero
    assert 1 <= h.strategy <= 6 and 1 <= h.recovery <= 6, h
    assert h.health <= 6, h
    assert h.health >= 1 or s.result == "lost", h
    # R9: the item limit holds unless its prompt is pending.
    if len(s.inventory) > h.strategy:
        assert any(p.kind == "item_limit" for p in s.prompts) or s.result is not None, (s.inventory, h)
    # Every conflict card is in exactly one place; every boss too.
    places = [
        *(c for stack in s.table.stacks for c in stack),
        *(c.id for c in s.active if not c.boss),
        *s.discard,
        *s.inventory,
        *s.banished_cards,
    ]
    if s.step != "setup":
        assert sorted(places) == sorted(c.id for c in deck.cards), "a conflict card was lost or duplicated"
        bosses = [*s.table.boss_deck, *s.table.boss_discard, *(c.id for c in s.active if c.boss)]
        if s.table.revealed_boss is not None:
            bosses.append(s.table.revealed_boss)
        assert sorted(bosses) == sorted(b.id for b in deck.bosses), "a boss was lost or duplicated"
    assert len(active_ids) == len(s.active), "a card is active twice"
    # Contract 3: the engine says what it waits for; an unfinished game always has a legal command.
    wait = awaiting(s)
    assert wait["kind"] and isinstance(wait["text"], str)
    if s.result is None:
        assert legal_commands(s), f"no legal command at {s.step}"
    else:
        assert legal_commands(s) == []


@dataclass
class Game:
    deck: Deck
    options: SetupOptions
    commands: list[Command]
    events: list[Event]
    state: GameState


def play_checked(deck: Deck, options: SetupOptions, tmp: Path) -> Game:
    """Play one random game through a Session, checking everything after every step."""
    rng = random.Random(options.seed)
    session = Session.new(deck, options)
    commands = [Command("start")]
    check_invariants(session.state)
    step = 0
    while session.state.result is None:
        before = session.state
        legal = session.legal()
        for command in legal:  # contract 3: every legal command round-trips through JSON verbatim
            assert Command.from_dict(json.loads(json.dumps(command.to_dict()))) == command
        if step % 10 == 0:  # … and every listed command is accepted
            for command in legal:
                assert not isinstance(decide_and_apply(before, command), Rejected), command
        command = policy_for(options.seed)(before, legal, rng)
        fields = {f.name: getattr(before, f.name) for f in dataclasses.fields(before)}
        result = session.dispatch(command)
        # Contract 2: decide never mutates its input (every field still holds the very same object).
        assert all(getattr(before, name) is value for name, value in fields.items())
        assert not isinstance(result, Rejected), f"{command}: {result}"
        commands.append(command)
        after = session.state
        # Contract 2: the new state is exactly the old one with the events applied; events are serialisable.
        assert result and [e.seq for e in result] == list(range(before.seq + 1, after.seq + 1))
        assert fold(before, result) == after
        for event in result[:3]:
            assert from_dict(json.loads(json.dumps(to_dict(event)))) == event
        check_invariants(after)
        if options.assisted:  # contract 5: undo then redo gives the identical state
            assert session.undo() is None
            assert session.state == before
            assert session.redo() is None
            assert session.state == after
        elif any(e.reveal() is not None for e in result):
            assert isinstance(session.undo(), Rejected)  # R13: standard play cannot undo a reveal
            assert session.state == after
        if step % 50 == 20:  # contract 6: save → load gives the identical state (sampled: saves cost)
            path = tmp / f"save-{options.seed}-{step}.toml"
            session.save(path)
            loaded = Session.load(path, deck)
            assert loaded.state == after
            assert [h.command for h in loaded.history] == [h.command for h in session.history]
            json.dumps(state_view(after))
        step += 1
    assert fold(initial_state(deck, options), session.events) == session.state
    return Game(deck, options, commands, list(session.events), session.state)


@pytest.mark.parametrize("chunk", range(8))
def test_random_games_keep_every_invariant(plain_deck: Deck, tmp_path: Path, chunk: int) -> None:
    """200 seeded random games (25 per chunk), every invariant checked after every step."""
    for seed in SEEDS[chunk::8]:
        game = play_checked(plain_deck, options_for(plain_deck, seed), tmp_path)
        assert game.state.result in ("won", "lost")


def test_the_random_games_reach_the_endgame_and_both_results(plain_deck: Deck) -> None:
    """The property games are worth something only if they cover the endgame, wins and losses."""
    games = [play_game(plain_deck, options_for(plain_deck, s), policy_for(s)) for s in SEEDS]
    assert sum(g.state.endgame for g in games) >= 5
    assert {g.state.result for g in games} == {"won", "lost"}


@pytest.mark.parametrize("seed", [0, 3, 8, 21])
def test_same_seed_and_commands_give_the_same_events(plain_deck: Deck, seed: int) -> None:
    """Contract 4: the outcome is a pure function of the seed and the commands, on every run."""
    options = options_for(plain_deck, seed)
    first = play_game(plain_deck, options, policy_for(seed))
    state = initial_state(plain_deck, options)
    replayed: list[Event] = []
    for command in first.commands:
        result = decide_and_apply(state, command)
        assert not isinstance(result, Rejected)
        replayed += result[0]
        state = result[1]
    assert replayed == first.events
    assert state == first.state


def test_different_seeds_deal_differently(plain_deck: Deck) -> None:
    """The seed matters: shuffled deals differ between seeds (and ordered deals do not)."""
    deals = {play_game(plain_deck, options_for(plain_deck, s), max_commands=1).state.table.stacks for s in (1, 2, 7)}
    assert len(deals) == 3


def shipped_deck() -> Deck | None:
    """The shipped Solar Sentinels deck, if it is installed and loads."""
    from twentystrong.content.loader import DeckError, load_shipped

    try:
        return load_shipped("solar-sentinels")
    except DeckError:
        return None


@pytest.mark.parametrize("chunk", range(2))
def test_random_games_on_the_shipped_deck_keep_every_invariant(tmp_path: Path, chunk: int) -> None:
    """The same checks with every effect of the shipped deck in play (40 games, every hero)."""
    deck = shipped_deck()
    if deck is None:
        pytest.skip("the solar-sentinels deck is not installed")
    heroes = [h.id for h in deck.heroes]
    for seed in range(chunk, 40, 2):
        base = options_for(deck, seed)
        options = SetupOptions(
            deck.id, heroes[seed % len(heroes)], seed, base.assisted, base.dice, base.deal, base.choices
        )
        assert play_checked(deck, options, tmp_path).state.result in ("won", "lost")
