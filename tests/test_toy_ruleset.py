"""The ruleset seam holds (architecture.md contract 9): a toy ruleset written outside twentystrong (the toy deck
package, tests/plugins/toy_deck: camps with adjacency and a position, a training-grounds dice zone with recruit /
dismiss / strengthen, fights whose applied dice stay from one round to the next) plays through the headless
protocol, saves and loads, with no line of the general engine written for it."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from toy_ruleset import CAMPS, RULESET_ID, TRAINING, ToyDealt, ToyMoved, toy_deck

from twentystrong.content.model import Deck
from twentystrong.engine import fold, initial_state
from twentystrong.engine.commands import CMDS
from twentystrong.engine.events import EVENT_TYPES
from twentystrong.engine.evolve import CHANGES
from twentystrong.engine.state import DICE_ZONES, SetupOptions
from twentystrong.engine.steps import GENERAL
from twentystrong.session import Session
from twentystrong.session.protocol import Protocol


@pytest.fixture
def deck(plain_deck: Deck) -> Deck:
    return toy_deck(plain_deck)


def protocol(deck: Deck, **setup: Any) -> tuple[Protocol, dict[str, Any]]:
    options = SetupOptions(deck_id=deck.id, hero_id="tester", seed=setup.pop("seed", 3), **setup)
    session = Session.new(deck, options)
    p = Protocol(session)
    return p, p.ok(session.history[-1].events)


def send(p: Protocol, command: dict[str, Any], ok: bool = True) -> dict[str, Any]:
    answer = p.handle(json.dumps(command))
    assert answer["ok"] is ok, answer
    return answer


def zone(answer: dict[str, Any], die: str) -> str:
    return next(d["zone"] for d in answer["state"]["dice"] if d["id"] == die)


def card_on_table(answer: dict[str, Any], card: str) -> dict[str, Any]:
    return next(c for c in answer["state"]["active"] if c["id"] == card)


def test_nothing_of_the_toy_is_in_the_general_engine() -> None:
    """Its commands, steps and events are its own: the general tables do not list them."""
    assert not {"move", "recruit", "dismiss", "strengthen"} & set(CMDS)
    assert "training" not in DICE_ZONES
    assert {ToyDealt, ToyMoved}.isdisjoint(CHANGES)
    assert EVENT_TYPES["toy_moved"] is ToyMoved  # registered with the event types, for saves
    assert GENERAL["activate"].text != "Move to a camp, then activate its top card."


def test_the_toy_plays_through_headless(deck: Deck) -> None:
    """Camps, a position and adjacency; the training grounds; a two-round fight whose applied dice stay."""
    p, first = protocol(deck, dice="physical")
    state = first["state"]
    assert [c["id"] for c in state["camps"]] == list(CAMPS) and {c["size"] for c in state["camps"]} == {5}
    assert state["position"] is None
    assert sorted(d["id"] for d in state["dice"] if d["zone"] == "training") == sorted(TRAINING)
    assert state["awaiting"]["kind"] == "activate" and state["awaiting"]["camps"] == list(CAMPS)
    dealt = first["events"][0]
    assert dealt["type"] == "toy_dealt" and all(set(c) == {"size", "top"} for c in dealt["camps"])  # R12

    # The training grounds: recruit the weakest die there, dismiss one, strengthen one (HV12).
    answer = send(p, {"cmd": "recruit"})
    assert zone(answer, "Y3") == "pool"  # yellow first, then by id
    answer = send(p, {"cmd": "dismiss", "die": "G1"})
    assert zone(answer, "G1") == "training"
    answer = send(p, {"cmd": "strengthen", "die": "Y1"})
    assert zone(answer, "Y1") == "training" and zone(answer, "G1") == "pool"  # the weakest green came back
    assert not any(c["cmd"] in ("recruit", "dismiss", "strengthen") for c in answer["legal"])  # once per round each

    # Round 1: move anywhere, activate the camp's top card, hit it once: the fight is not over.
    answer = send(p, {"cmd": "move", "camp": "west"})
    assert answer["state"]["position"] == "west"
    enemy = answer["state"]["camps"][0]["top"]
    answer = send(p, {"cmd": "activate"})
    assert [c["id"] for c in answer["state"]["active"]] == [enemy]
    health = card_on_table(answer, enemy)["health"]
    assert health >= 2
    send(p, {"cmd": "commit", "die": "P1"})
    send(p, {"cmd": "roll"})
    send(p, {"cmd": "face", "die": "P1", "face": "hit"})
    answer = send(p, {"cmd": "apply", "die": "P1", "card": enemy})
    assert card_on_table(answer, enemy)["damage_taken"] == 1
    answer = send(p, {"cmd": "resolve"})
    while answer["state"]["awaiting"]["kind"] == "recover":
        answer = send(p, {"cmd": "done"})
    # Round 2: the enemy stands and keeps the die on it (not exhausted); the round skips Activation.
    state = answer["state"]
    assert state["round"] == 2 and state["awaiting"]["kind"] == "commit"
    assert zone(answer, "P1") == "applied" and card_on_table(answer, enemy)["damage_taken"] == 1
    for die in ("R1", "P2", "B1", "B2"):
        send(p, {"cmd": "commit", "die": die})
    send(p, {"cmd": "roll"})
    for die in ("R1", "P2", "B1", "B2"):
        answer = send(p, {"cmd": "face", "die": die, "face": "crit"})
    for die in ("R1", "P2", "B1", "B2"):
        if card_on_table(answer, enemy)["defeated"]:
            break
        answer = send(p, {"cmd": "apply", "die": die, "card": enemy})
    assert card_on_table(answer, enemy)["defeated"]  # round 1's hit counted towards it (R5)
    if answer["state"]["awaiting"]["kind"] == "instant_reward":
        answer = send(p, {"cmd": "decline_reward", "card": enemy})
    answer = send(p, {"cmd": "resolve"})
    while answer["state"]["awaiting"]["kind"] not in ("activate", "over"):
        legal = [c for c in answer["legal"] if c["cmd"] in ("done", "take_reward", "decline_reward", "decline_item")]
        answer = send(p, legal[0])

    # Round 3: only a camp adjacent to the position may be entered.
    assert answer["state"]["round"] == 3
    moves = [c for c in answer["legal"] if c["cmd"] == "move"]
    assert moves == [{"cmd": "move", "camp": "middle"}]
    refused = send(p, {"cmd": "move", "camp": "east"}, ok=False)
    assert refused["code"] == "not_adjacent" and refused["error"] == "camp east is not adjacent to west"
    unknown = send(p, {"cmd": "move", "camp": "north"}, ok=False)
    assert unknown["code"] == "unknown_camp"


@pytest.mark.parametrize("seed", range(6))
def test_random_toy_games_end_and_replay(deck: Deck, seed: int, tmp_path: Path) -> None:
    """A random player through the protocol: every answer is accepted, every die stays in a zone the game knows,
    the state is the log folded, and a save loads back to the same game."""
    p, answer = protocol(deck, seed=seed)
    rng = random.Random(seed)
    zones = {*DICE_ZONES, "training"}
    for _ in range(3000):
        if answer["state"]["result"] is not None:
            break
        answer = send(p, rng.choice(answer["legal"]))
        assert {d["zone"] for d in answer["state"]["dice"]} <= zones
    session = p.session
    assert session.state.result in ("won", "lost")
    assert fold(initial_state(deck, session.options), session.events) == session.state
    path = tmp_path / "toy.toml"
    session.save(path)
    loaded = Session.load(path, deck)
    assert loaded.state == session.state and loaded.state.deck.info.ruleset == RULESET_ID
