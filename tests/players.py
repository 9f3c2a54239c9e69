"""Small players for the property tests: uniformly random among the legal commands, or keen but simple.

(The real bots live in ``twentystrong.bots``; these exercise the engine without them, on the state itself.)
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.events import Event
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState, SetupOptions, initial_state

Chooser = Callable[[GameState, list[Command], random.Random], Command]
"""A policy: the state, its legal commands (never empty), a random source → one of the commands."""


def random_legal(state: GameState, legal: list[Command], rng: random.Random) -> Command:
    """Any legal command, uniformly."""
    return legal[rng.randrange(len(legal))]


def dawdler(state: GameState, legal: list[Command], rng: random.Random) -> Command:
    """Random, but never damages the boss and never starts the endgame early: against a harmless deck
    (enemies dealing no damage) the game goes on for as long as the caller likes."""
    boss = {c.id for c in state.active if c.boss}
    choices = [c for c in legal if not (c.cmd == "apply" and c.card in boss) and c.cmd != "start_endgame"]
    choices = choices or legal
    return choices[rng.randrange(len(choices))]


@dataclass
class Played:
    """A finished (or cut) game: the commands and events in order and the last state."""

    state: GameState
    commands: list[Command]
    events: list[Event]


def play(
    deck: Deck,
    options: SetupOptions,
    choose: Chooser = random_legal,
    *,
    rng: random.Random | None = None,
    max_commands: int = 20_000,
    max_events: int | None = None,
) -> Played:
    """Play from the start until the game ends (or a limit is reached); commands always come from the legal list."""
    rng = rng or random.Random(options.seed)
    state = initial_state(deck, options)
    commands: list[Command] = []
    events: list[Event] = []
    command = Command("start")
    while True:
        result = decide_and_apply(state, command)
        if isinstance(result, Rejected):  # a legal command was refused: an engine bug worth a loud failure
            raise AssertionError(f"legal command {command} refused: {result.code}: {result.message}")
        new_events, state = result
        commands.append(command)
        events += new_events
        if state.result is not None or len(commands) >= max_commands:
            break
        if max_events is not None and len(events) >= max_events:
            break
        legal = legal_commands(state)
        if not legal:
            raise AssertionError(f"no legal command at step {state.step!r} of an unfinished game")
        command = choose(state, legal, rng)
    return Played(state, commands, events)


def eager(state: GameState, legal: list[Command], rng: random.Random) -> Command:
    """A keen but simple player: hit undefeated enemies, take every reward, recover all it may, start the endgame
    when it can, and otherwise act at random. It reaches the endgame and wins now and then, which random play
    almost never does; the property tests use both."""
    by_cmd: dict[str, list[Command]] = {}
    for command in legal:
        by_cmd.setdefault(command.cmd, []).append(command)
    if "apply" in by_cmd:
        undefeated = {c.id for c in state.active if not c.defeated}
        useful = [c for c in by_cmd["apply"] if c.card in undefeated]
        if useful:
            return useful[rng.randrange(len(useful))]
    if "face" in by_cmd and rng.random() < 0.7:
        hits = [c for c in by_cmd["face"] if c.face != "miss"]
        if hits:
            return hits[rng.randrange(len(hits))]
    if "commit" in by_cmd and state.committed_this_phase < 4 and rng.random() < 0.8:
        return by_cmd["commit"][rng.randrange(len(by_cmd["commit"]))]
    for name in ("take_reward", "gain_item", "recover", "start_endgame", "roll", "activate", "resolve_after"):
        if name in by_cmd:
            return by_cmd[name][rng.randrange(len(by_cmd[name]))]
    if "repeat" in by_cmd and any(not c.defeated for c in state.active) and state.dice_in("pool"):
        return by_cmd["repeat"][0]
    calm = [c for c in legal if c.cmd not in ("forfeit_mission", "discard_item", "decline_reward", "decline_item")]
    choices = calm or legal
    return choices[rng.randrange(len(choices))]
