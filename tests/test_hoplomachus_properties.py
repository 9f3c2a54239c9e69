"""Random playthroughs of Hoplomachus Victorum (issue 18, "Done when"), with this deck's invariants after every
step: the 17 dice each in exactly one zone (the training grounds included), the camp cards conserved across the
camps, the active area, the discard pile, the Influence deck and the inventory, the Tactics and the Primus too, every
move to an adjacent camp (or by HV6), no deadlock, every game ends; and honest play (R12, R13): no answer names a
hidden card or gives the Influence deck's order, no standard undo crosses a reveal.

Half the games are played by a uniformly random player, half by a keen one that reaches the Primus fights and the
final fight (``players.eager``); the setups vary the difficulty, the dice, the deal and the undo mode.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from arena import DECK
from players import Chooser, eager, play, random_legal

from twentystrong.engine import (
    Command,
    GameState,
    Rejected,
    SetupOptions,
    decide_and_apply,
    evolve,
    fold,
    initial_state,
)
from twentystrong.engine import events as ev
from twentystrong.engine.dice import DIE_IDS
from twentystrong.engine.legal import awaiting, legal_commands
from twentystrong.engine.view import state_view
from twentystrong.kits.hoplomachus_victorum.content import is_tactic, primus_of, tactics_of
from twentystrong.kits.hoplomachus_victorum.rules import table
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import ADJACENT, BY_ID, IDS
from twentystrong.kits.hoplomachus_victorum.rules.table import VictorumTable
from twentystrong.kits.options import choose
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol

ZONES = {"pool", "active", "applied", "exhausted", "banished", "training"}


def options_for(seed: int) -> SetupOptions:
    return SetupOptions(
        DECK.id,
        "",
        seed=seed,
        assisted=seed % 2 == 0,
        dice="physical" if seed % 7 == 3 else "virtual",
        deal="ordered" if seed % 11 == 5 else "shuffled",
        choices=choose({"difficulty": seed % 5}),
    )


def policy_for(seed: int) -> Chooser:
    return eager if seed % 4 in (1, 2) else random_legal


def check_invariants(s: GameState) -> None:
    """Everything that must hold in every state of this deck."""
    assert tuple(d.id for d in s.dice) == DIE_IDS
    active = {c.id for c in s.active}
    for d in s.dice:
        assert d.zone in ZONES, d  # every die in exactly one zone, the training grounds included
        if d.zone == "applied":
            assert d.card in active and d.face in ("hit", "crit"), d
        else:
            assert d.card is None, d
        if d.zone in ("pool", "banished", "training"):
            assert d.face is None, d
    h = s.hero
    assert h.health <= 6 and (h.health >= 1 or s.result == "lost") and 1 <= h.strategy <= 6, h
    if len(s.inventory) > h.strategy:
        assert any(p.kind == "item_limit" for p in s.prompts) or s.result is not None
    t = table(s)
    if not t.camps:
        return  # not dealt yet
    deck = s.deck
    places = [
        *(c for camp in t.camps for c in camp),
        *(c for c in active if c in deck.card_ids and not is_tactic(deck, c)),
        *s.discard,
        *t.influence,
        *(c for c in s.inventory if not is_tactic(deck, c)),
        *s.banished_cards,
    ]
    if t.drawn_opportunity is not None:
        places.append(t.drawn_opportunity)
    assert sorted(places) == sorted(c.id for c in deck.cards), "a camp card was lost or duplicated"  # 54 dealt
    tactics = [*t.tactics_drawn, *t.tactics, *(c for c in s.inventory if is_tactic(deck, c))]
    assert len(tactics) == len(set(tactics)) == 4, tactics  # HV2: the four drawn, wherever they are
    if h.id:
        primus = [*(p for p in t.primus if p is not None), *t.to_place, *t.beaten]
        primus += [c.id for c in s.active if c.boss and c.id != t.scion]
        drawn = [primus_of(deck)[hero] for hero in t.heroes_drawn if hero not in (h.id, t.aside)]
        assert sorted(primus) == sorted(drawn), "a Primus was lost or duplicated"
        assert len(drawn) == 3 + int(s.options.chosen("difficulty", 0) or 0)
    assert len(active) == len(s.active)
    assert awaiting(s)["kind"]
    if s.result is None:
        assert legal_commands(s), f"no legal command at {s.step}"  # no deadlock
    else:
        assert legal_commands(s) == []


def check_move(before: GameState, command: Command, after: GameState) -> None:
    """Every move goes to an adjacent camp that can be entered, or, with none, to any that can (HV4–HV6)."""
    if command.cmd != "move":
        return
    t0, k = table(before), BY_ID[str(command.camp)]
    assert table(after).position == k and not t0.empty(k)
    if t0.position is not None:
        near = [j for j in ADJACENT[t0.position] if not t0.empty(j)]
        assert k in near or not near, (t0.position, k)


def play_checked(options: SetupOptions, tmp: Path) -> GameState:
    rng = random.Random(options.seed)
    session = Session.new(DECK, options)
    check_invariants(session.state)
    choose = policy_for(options.seed)
    for step in range(20_000):
        if session.state.result is not None:
            break
        before = session.state
        legal = session.legal()
        if step % 25 == 0:
            for command in legal:  # contract 3: every listed command is accepted and round-trips through JSON
                assert Command.from_dict(json.loads(json.dumps(command.to_dict()))) == command
                assert not isinstance(decide_and_apply(before, command), Rejected), command
        command = choose(before, legal, rng)
        events = session.dispatch(command)
        assert not isinstance(events, Rejected), f"{command}: {events}"
        after = session.state
        assert fold(before, events) == after
        check_invariants(after)
        check_move(before, command, after)
        if options.assisted and step % 5 == 0:  # contract 5
            assert session.undo() is None and session.state == before
            assert session.redo() is None and session.state == after
        elif not options.assisted and any(e.reveal() is not None for e in events):
            assert isinstance(session.undo(), Rejected) and session.state == after  # R13
        if step % 97 == 50:  # contract 6: a save loads to the same game
            path = tmp / f"save-{options.seed}.toml"
            session.save(path)
            assert Session.load(path, DECK).state == after
    assert session.state.result in ("won", "lost"), "every game ends"
    assert fold(initial_state(DECK, options), session.events) == session.state
    return session.state


@pytest.mark.parametrize("chunk", range(4))
def test_random_games_keep_every_invariant(tmp_path: Path, chunk: int) -> None:
    """40 seeded games (10 per chunk), every invariant checked after every step."""
    for seed in range(chunk, 40, 4):
        play_checked(options_for(seed), tmp_path)


def test_the_games_reach_the_fights_and_both_results() -> None:
    """The playthroughs are worth something only if they reach Primus fights, the final fight, wins and losses."""
    games = [play(DECK, options_for(seed), policy_for(seed)).state for seed in range(40)]
    assert {g.result for g in games} == {"won", "lost"}
    assert sum(bool(table(g).beaten) for g in games) >= 10
    assert sum(table(g).fight == "final" for g in games) >= 3


@pytest.mark.parametrize("seed", [0, 1, 5, 9])
def test_same_seed_and_commands_give_the_same_events(seed: int) -> None:
    """Contract 4: the outcome is a pure function of the seed and the commands."""
    options = options_for(seed)
    first = play(DECK, options, policy_for(seed))
    state = initial_state(DECK, options)
    replayed: list[ev.Event] = []
    for command in first.commands:
        result = decide_and_apply(state, command)
        assert not isinstance(result, Rejected)
        replayed += result[0]
        state = result[1]
    assert replayed == first.events and state == first.state


# --- honest play: R12, R13 ----------------------------------------------------------------------------------------


def hidden_cards(s: GameState) -> set[str]:
    """What a player at the table cannot see now (R12): the cards under each camp's top, the Tactics and Victorum
    heroes not drawn (and those heroes' Primus sides)."""
    t = s.table
    if not isinstance(t, VictorumTable) or not t.camps:
        return set()
    hidden = {c for camp in t.camps for c in camp[1:]}
    drawn_tactics = {*t.tactics_drawn, *t.tactics, *(c for c in s.inventory if is_tactic(s.deck, c))}
    hidden |= {x.id for x in tactics_of(s.deck)} - drawn_tactics - {c.id for c in s.active}
    undrawn = [h for h in s.deck.heroes if h.primus is not None and h.id not in t.heroes_drawn]
    hidden |= {h.id for h in undrawn} | {h.primus.id for h in undrawn if h.primus is not None}
    return hidden


def named(answer: dict[str, Any], cards: set[str]) -> set[str]:
    text = json.dumps(answer)
    return {card for card in cards if f'"{card}"' in text}


@pytest.mark.parametrize("chunk", range(2))
def test_no_answer_names_a_hidden_card_nor_the_influence_order(chunk: int) -> None:
    """Over seeded standard games through the headless protocol: no answer names a card hidden at its moment (each
    event checked just after it happened, but for what it turned up itself), the Influence deck is its size and icons
    only, and no standard undo crosses an event that revealed something (R13)."""
    for seed in range(chunk * 5, chunk * 5 + 5):
        options = SetupOptions(DECK.id, "", seed=seed, choices=choose({"difficulty": seed % 3}))
        session = Session.new(DECK, options)
        protocol = Protocol(session)
        greeting = protocol.ok(session.history[-1].events)
        assert len(hidden_cards(session.state)) >= 9 * 5 + 4 + 4 - 2 * (seed % 3)  # a test that can fail
        assert named(greeting, hidden_cards(session.state)) == set()
        rng = random.Random(seed)
        for step in range(3000):
            if session.state.result is not None:
                break
            legal = session.legal()
            command = eager(session.state, legal, rng) if seed % 2 else rng.choice(legal)
            before = session.state
            answer = protocol.handle(json.dumps(command.to_dict()))
            assert answer["ok"], answer
            s = before
            for shown, event in zip(answer["events"], session.history[-1].events, strict=True):
                s = evolve(s, event)
                revealed = event.reveal()
                turned_up = set(revealed.cards) if revealed is not None else set()
                assert named(shown, hidden_cards(s) - turned_up) == set(), shown
                if shown["type"] == "final_fight_started":
                    assert shown["influence"] == {"size": len(table(s).influence)}
            rest = {"state": answer["state"], "legal": answer["legal"]}
            assert named(rest, hidden_cards(session.state)) == set()
            assert set(answer["state"]["influence"]) == {"size", "icons"}
            if step % 4 == 0 and len(session.history) > 1:
                entry = session.history[-1]
                undo = protocol.handle('{"cmd": "undo"}')
                if entry.revealing is not None:
                    assert undo["code"] == "undo_refused"
                else:
                    assert undo["ok"] and protocol.handle('{"cmd": "redo"}')["ok"]
        assert session.state.result in ("won", "lost")


def test_the_deal_shows_only_the_camp_tops() -> None:
    """R12: the deal's event shows each camp's size and top card, not the cards below."""
    session = Session.new(DECK, SetupOptions(DECK.id, "", seed=8))
    shown = Protocol(session).ok(session.history[-1].events)
    dealt = next(e for e in shown["events"] if e["type"] == "vesuvius_dealt")
    camps = table(session.state).camps
    assert dealt["camps"] == [{"id": IDS[k], "size": 6, "top": camp[0]} for k, camp in enumerate(camps)]
    assert state_view(session.state)["camps"][0]["size"] == 6
