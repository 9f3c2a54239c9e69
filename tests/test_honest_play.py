"""Honest play (issue 14): hidden information stays hidden (R12), undo never peeks (R13), and the rulings found in
play (R8 items at an effect's own choice, R15 ranks only with missions).

The property tests drive whole games through the headless protocol, as a bot or a script would see them.
"""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from test_effects_passive import Game as PassiveGame
from test_effects_passive import card, effect, make_deck
from triggered_helpers import Game

from twentystrong.bots import make_bot
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, decide_and_apply, evolve, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.content import missions_of
from twentystrong.kits.solar_sentinels.rules import events as sev
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol
from twentystrong.sim.runner import load

HONEST = "standard play keeps the game honest"


@pytest.fixture(scope="module")
def shipped() -> Deck:
    return load("solar-sentinels")


def hidden_cards(s: GameState) -> set[str]:
    """Every card a player at the table cannot see now (R12): under each stack's top, the face-down boss deck, the
    missions that were not dealt."""
    hidden = {card for stack in s.table.stacks for card in stack[1:]}
    hidden |= set(s.table.boss_deck)
    dealt = {m.id for m in s.table.missions}
    hidden |= {m.id for m in missions_of(s.deck) if m.id not in dealt}
    return hidden


def named(answer: dict[str, Any], cards: set[str]) -> set[str]:
    """The cards of ``cards`` an answer names anywhere (as a JSON string, an id or a list member)."""
    text = json.dumps(answer)
    return {card for card in cards if f'"{card}"' in text}


# --- R13: undo never peeks -----------------------------------------------------------------------------------------


def test_r13_undo_stops_at_a_card_an_activation_turned_up(shipped: Deck) -> None:
    """R13: activating stack 1 (seed 10, Corona) turns up the next card of stack 1 and, through the card's effect,
    the boss. Standard undo refuses and says what was revealed; the game is unchanged. Assisted undo may."""
    session = Session.new(shipped, SetupOptions(shipped.id, "corona", seed=10))
    protocol = Protocol(session)
    answer = protocol.handle('{"cmd": "activate", "stack": 1}')
    activated = next(e for e in answer["events"] if e["type"] == "card_activated")
    assert (activated["card"], activated["revealed"]) == ("horde-herald", "carapace-titan")
    assert any(e["type"] == "boss_revealed" and e["boss"] == "far-side-matriarch" for e in answer["events"])
    before = session.state
    refused = protocol.handle('{"cmd": "undo"}')
    assert refused["ok"] is False and refused["code"] == "undo_refused"
    assert refused["error"] == f"Undo stops here: activating Horde Herald turned up Carapace Titan ({HONEST}; an " + (
        "assisted game can undo anything)."
    )
    assert session.state is before and len(session.history) == 2

    assisted = Session.new(shipped, SetupOptions(shipped.id, "corona", seed=10, assisted=True))
    assisted.dispatch(Command("activate", stack=1))
    assert assisted.undo() is None and len(assisted.history) == 1


def test_r13_every_kind_of_reveal_is_said_by_its_event() -> None:
    """R13: "reveals hidden information" is a property of the event: a card turned up on a stack, the boss deck's
    top, a roll or a test the engine drew, the deal, the endgame's shuffle. Physical dice entered by the player
    draw nothing and reveal nothing (a mistyped face can be undone)."""
    assert ev.CardActivated(card="a", stack=1).reveal() is None  # the stack ran out: nothing turned up
    assert ev.CardActivated(card="a", stack=1, revealed="b").reveal() == ev.Reveal("card", ("b",))
    assert sev.StackTopDiscarded(stack=2, card="a", revealed="c").reveal() == ev.Reveal("card", ("c",))
    assert sev.StackTopDiscarded(stack=2, card="a").reveal() is None
    assert sev.BossRevealed(boss="x").reveal() == ev.Reveal("boss", ("x",))
    assert ev.DiceRolled(faces=(("B1", "hit"),), draws=1).reveal() == ev.Reveal("roll")
    assert ev.DiceRolled(faces=(("B1", "hit"),), draws=0).reveal() is None  # physical dice
    assert ev.RollTested(source="s", color="blue", faces=(), hits=1, need=1, passed=True).reveal() is None
    started = sev.GameStarted(
        hero="h", health=6, strategy=3, recovery=2, stacks=(("a", "b"), ("c",), ()), boss_deck=("x",),
        missions=("m",), rank_penalties=0, draws=3,
    )  # fmt: skip
    assert started.reveal() == ev.Reveal("deal", ("a", "c", "m"))
    endgame = sev.EndgameStarted(boss="x", stack=("d", "e"), entourage=("f",), draws=4)
    assert endgame.reveal() == ev.Reveal("shuffle", ("x", "f", "d"))
    assert ev.DieMoved(die="B1", zone="active").reveal() is None
    assert ev.CardLeft(card="a", to="stack", stack=1).reveal() is None  # covering a top reveals nothing


# --- R12: front ends see only the table ----------------------------------------------------------------------------


def test_r12_the_headless_greeting_shows_only_the_table(shipped: Deck) -> None:
    """R12, contract 11: the first answer of ``twentystrong headless`` shows each stack's size and top and the
    face-down boss deck's size, never the order below the tops or of the boss deck."""
    result = subprocess.run(
        [sys.executable, "-m", "twentystrong", "headless", "--seed", "10", "--hero", "corona"],
        input='{"cmd": "quit"}\n',
        capture_output=True,
        text=True,
        timeout=60,
    )
    greeting = json.loads(result.stdout.splitlines()[0])
    started = next(e for e in greeting["events"] if e["type"] == "game_started")
    state = Session.new(shipped, SetupOptions(shipped.id, "corona", seed=10)).state
    assert started["stacks"] == [{"size": len(stack), "top": stack[0]} for stack in state.table.stacks]
    assert started["boss_deck"] == {"size": 4}
    assert named(greeting, hidden_cards(state)) == set()


def _check_undo(protocol: Protocol, events: list[dict[str, Any]]) -> None:
    """After a command in standard play: undo goes back over commands that revealed nothing and stops, with the
    reason, at the first that revealed something (R13), however far back; redo puts everything back. Whether the
    command just played revealed something is read from its answer alone, as a bot would."""
    session = protocol.session
    after = session.state
    assert (session.history[-1].revealing is not None) == any(_reveals(e) for e in events)
    undone = 0
    while len(session.history) > 1:
        entry = session.history[-1]
        answer = protocol.handle('{"cmd": "undo"}')
        if entry.revealing is not None:
            assert answer["code"] == "undo_refused" and answer["error"].startswith("Undo stops here: ")
            assert session.history[-1] is entry
            break
        assert answer["ok"], answer
        undone += 1
    for _ in range(undone):
        assert protocol.handle('{"cmd": "redo"}')["ok"]
    assert session.state == after


def _reveals(e: dict[str, Any]) -> bool:
    """Whether an answer's event revealed something, read from the answer alone (what a bot sees)."""
    if e["type"] in ("card_activated", "stack_top_discarded"):
        return e.get("revealed") is not None
    if e["type"] in ("dice_rolled", "roll_tested"):
        return bool(e.get("draws"))
    return e["type"] in ("game_started", "boss_revealed", "endgame_started")


def _check_names(answer: dict[str, Any], before: GameState, events: tuple[ev.Event, ...], where: str) -> None:
    """No part of an answer names a card hidden at its moment: each event none hidden just after it happened but
    what it turned up itself (a card seen going to the discard may be shuffled away later in the same answer), the
    state and the legal commands none hidden now."""
    s = before
    assert len(answer["events"]) == len(events)
    for shown, event in zip(answer["events"], events, strict=True):
        s = evolve(s, event)
        revealed = event.reveal()
        turned_up = set(revealed.cards) if revealed is not None else set()  # e.g. the endgame's boss, drawn here
        assert named(shown, hidden_cards(s) - turned_up) == set(), f"{where}: {shown}"
    rest = {"state": answer["state"], "legal": answer["legal"]}
    assert named(rest, hidden_cards(s)) == set(), where


@pytest.mark.parametrize("chunk", range(4))
def test_property_no_undo_peeks_and_no_answer_names_a_hidden_card(shipped: Deck, chunk: int) -> None:
    """Over many seeded standard games (random and heuristic bots, with and without missions): no headless answer
    names a card hidden at that moment (R12), and no undo ever crosses an event that revealed something (R13)."""
    for seed in range(chunk * 6, chunk * 6 + 6):
        rng = random.Random(seed)
        heroes = [h.id for h in shipped.heroes]
        missions = seed % 3 == 0
        options = SetupOptions(
            shipped.id,
            heroes[seed % len(heroes)],
            seed=seed,
            choices=choose({"missions": missions, "rank": 1 + seed % 4 if missions else 1}),
        )
        session = Session.new(shipped, options)
        protocol = Protocol(session)
        greeting = protocol.ok(session.history[-1].events)
        assert named(greeting, hidden_cards(session.state)) == set()
        bot = make_bot("heuristic" if seed % 2 else "random", seed)
        for step in range(4000):
            if session.state.result is not None:
                break
            legal = session.legal()
            command = bot.choose(player_view(session.state), legal) if rng.random() < 0.9 else rng.choice(legal)
            before = session.state
            answer = protocol.handle(json.dumps(command.to_dict()))
            assert answer["ok"], answer
            _check_names(answer, before, session.history[-1].events, f"seed {seed}, step {step}: {command}")
            hidden = hidden_cards(session.state)
            if step % 3 == 0:
                _check_undo(protocol, answer["events"])
                assert named(protocol.handle('{"cmd": "state"}'), hidden) == set()
        assert session.state.result in ("won", "lost")


# --- Bots decide from the player's view ----------------------------------------------------------------------------


def twin(s: GameState, rng: random.Random) -> GameState:
    """The same table with the hidden information changed: the cards under each stack's top and the boss deck in
    another order."""
    stacks = tuple(stack[:1] + tuple(rng.sample(stack[1:], len(stack[1:]))) for stack in s.table.stacks)
    boss_deck = tuple(rng.sample(s.table.boss_deck, len(s.table.boss_deck)))
    return s.changed({"table": replace(s.table, stacks=stacks, boss_deck=boss_deck)})


@pytest.mark.parametrize("bot_name", ["heuristic", "random"])
def test_bots_decide_from_what_a_player_sees(shipped: Deck, bot_name: str) -> None:
    """R12: two states that differ only in hidden information (the order under the stack tops, the boss deck) get
    the same legal commands and the same choice from a bot."""
    rng = random.Random(5)
    compared = 0
    for seed in range(3, 9):
        s = initial_state(shipped, SetupOptions(shipped.id, "umbra", seed=seed))
        player = make_bot(bot_name, seed)
        while s.result is None:
            legal = legal_commands(s)
            if s.round >= 1 and len(legal) > 1 and rng.random() < 0.3:
                other = twin(s, rng)
                assert other != s or not any(len(st) > 2 for st in s.table.stacks)
                assert legal_commands(other) == legal
                mine = make_bot(bot_name, seed).choose(player_view(s), legal)
                theirs = make_bot(bot_name, seed).choose(player_view(other), legal)
                assert mine == theirs, f"seed {seed} round {s.round} {s.step}: {mine} vs {theirs}"
                compared += 1
            result = decide_and_apply(s, player.choose(player_view(s), legal))
            assert not isinstance(result, Rejected)
            s = result[1]
    assert compared > 60


# --- R8: items at an effect's own choice prompt --------------------------------------------------------------------


def test_r8_an_item_may_be_used_at_an_effects_choice_and_the_choice_is_asked_again() -> None:
    """R8: at Sapper's "choose 2 dice from the pool to exhaust", Plasma Core (banish a pool die for damage) may be
    used; the open choice then offers only the dice still in the pool."""
    g = Game(["i-banish-dmg"], ["p-exhaust-pool"])
    g.gain("i-banish-dmg")
    g.activate(2)
    p = g.s.prompt
    assert p is not None and p.kind == "choose_die" and "B1" in p.options and p.count == 2
    use = Command("use_item", item="i-banish-dmg", effect=0, die="B1", card="p-exhaust-pool")
    assert g.can(use)  # R8 (was refused: items_blocked)
    g.do(use)
    assert g.zone("B1") == "banished"
    p = g.s.prompt
    assert p is not None and p.kind == "choose_die" and p.count == 2
    assert "B1" not in p.options and set(p.options) == {d.id for d in g.s.dice_in("pool")}
    assert not g.can("choose", die="B1")
    g.choose(die="Y1")
    g.choose(die="Y2")
    assert g.zone("Y1") == g.zone("Y2") == "exhausted" and g.s.prompt is None


def test_r8_with_fewer_dice_left_than_asked_the_choice_resolves_with_them() -> None:
    """R8: when an item leaves the pool with no more dice than the choice still asks for, they are all exhausted
    without asking (the rule for fewer dice)."""
    g = Game(["i-banish-dmg"], ["p-exhaust-pool"])
    g.gain("i-banish-dmg")
    keep = {"B1", "B2", "B3"}
    dice = tuple(d if d.id in keep or d.zone != "pool" else replace(d, zone="exhausted") for d in g.s.dice)
    g.s = replace(g.s, dice=dice)  # a pool of three dice (the other dice exhausted earlier)
    g.activate(2)
    p = g.s.prompt
    assert p is not None and set(p.options) == keep
    g.do(Command("use_item", item="i-banish-dmg", effect=0, die="B1", card="p-exhaust-pool"))
    assert g.s.prompt is None
    assert g.zone("B1") == "banished" and g.zone("B2") == g.zone("B3") == "exhausted"
    assert g.s.dice_in("pool") == ()


def test_r8_items_still_wait_while_a_roll_is_resolved(tmp_path: Path) -> None:
    """R8: "for each miss, choose a hit to roll again" and entering the rerolled die's face are part of resolving
    the roll: an item held that could turn the miss into a hit is offered only once the roll is resolved."""
    convert = {"kind": "ongoing", "effects": [effect("convert_face", from_face="miss", to_face="hit")]}
    g = PassiveGame(
        make_deck(tmp_path, [card("iron-shell", health=1, reward=convert), card("hex-weaver", health=9)], [
            card("hw", effect("reroll_hit_per_miss"), health=9)
        ])
    )  # fmt: skip
    g.do("activate", stack=1)
    g.commit("R1")
    g.roll(R1="hit")
    g.apply("R1", "iron-shell")
    g.do("resolve")
    g.do("done")
    g.do("gain_item", card="iron-shell")
    g.do("stack_discard", stack=3)
    g.do("activate", stack=2)
    g.commit("Y1", "B1")
    g.roll(Y1="miss", B1="hit")
    assert g.state.prompt is not None and g.state.prompt.kind == "reroll_hit"
    # No use_item while the roll is being resolved (items may still be discarded at any time, R8).
    assert g.legal() == [Command("choose", die="B1"), Command("discard_item", item="iron-shell")]
    refused = decide_and_apply(g.state, Command("use_item", item="iron-shell", effect=0, die="Y1"))
    assert isinstance(refused, Rejected) and "while a roll is being resolved" in refused.message
    g.do("choose", die="B1")
    assert {c.cmd for c in g.legal()} == {"choose", "discard_item"}  # the rerolled face to enter: still the roll
    g.do("choose", choice="miss")
    assert Command("use_item", item="iron-shell", effect=0, die="Y1") in g.legal()


def test_face_changing_items_are_offered_only_where_a_face_still_counts() -> None:
    """An ongoing item that changes a rolled face is offered in the Apply step, not in Resolve: the After step no
    longer waits for it (a changed face could do nothing there)."""
    g = Game(["i-convert", "r-recover"])
    g.gain("i-convert")
    g.activate(1)
    g.commit("Y1", "G1")
    g.roll(Y1="miss", G1="miss")
    assert g.can("use_item", item="i-convert", effect=0, die="Y1")
    g.do("resolve")
    assert [type(e) for e in g.last if isinstance(e, ev.AfterResolved)] == [ev.AfterResolved]  # resolved at once
    assert not any(c.cmd == "use_item" for c in g.legal())


# --- R15: ranks only with missions ---------------------------------------------------------------------------------


@pytest.mark.parametrize("command", ["headless", "play", "simulate"])
def test_r15_the_command_line_refuses_a_rank_without_missions(command: str) -> None:
    """R15: ``--rank 3`` without ``--missions`` is refused with a clear message and exit status 2."""
    args = [sys.executable, "-m", "twentystrong", command, "--rank", "3"]
    if command != "simulate":
        args += ["--hero", "corona"]
    result = subprocess.run(args, input="", capture_output=True, text=True, timeout=60)
    assert result.returncode == 2
    assert re.search(r"--rank 3 needs --missions \(ranks come only with missions\)", result.stderr), result.stderr
    assert "Traceback" not in result.stderr
