"""Solar Sentinels' events, commands and steps in plain words (the game log, the history view, undo refusals)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.effects.words import card_name, plural
from twentystrong.engine.events import CardActivated, CardLeft, Event, Marked
from twentystrong.engine.rulesets.base import Words
from twentystrong.engine.state import GameState
from twentystrong.kits.solar_sentinels.content import MISSIONS, missions_of
from twentystrong.kits.solar_sentinels.rules.events import (
    BossRevealed,
    EndgameStarted,
    GameStarted,
    MissionDiscarded,
    MissionProgress,
    StackTopDiscarded,
)
from twentystrong.kits.solar_sentinels.rules.table import table

STEP_WORDS: dict[str, str] = {
    "mission_discard": "Setup: discard one of the dealt missions",
    "rank_penalty": "Setup: pay the rank penalties",
    "round_start": "A stack is empty: the endgame may begin",
    "activate": "Activation: choose a stack",
    "stack_discard": "Cleanup: discard the top card of a stack",
}
"""Its steps (and the general steps it plays its own way) in a few words."""


def announces(event: Event, command: Command | None) -> bool:
    """News after ``command``: a stack top discarded by an effect (not Cleanup's, nor the stack the player just
    chose), the boss revealed, a mission completed, the endgame begun."""
    if isinstance(event, StackTopDiscarded):
        chosen = command is not None and command.cmd == "choose" and command.stack == event.stack
        return event.reason != "cleanup" and not chosen
    if isinstance(event, MissionProgress):
        return event.status == "done"
    return isinstance(event, BossRevealed | EndgameStarted)


def describe_event(event: Event, deck: Deck, before: GameState | None) -> str | None:
    """One of its events as a sentence (without the full stop), or None for another event."""

    def name(card_id: str | None) -> str:
        return card_name(deck, card_id)

    if isinstance(event, GameStarted):
        sizes = "/".join(str(len(s)) for s in event.stacks)
        text = (
            f"The game begins: {name(event.hero)} with Health {event.health}, Strategy {event.strategy} and "
            f"Recovery {event.recovery}; {plural(len(event.stacks), 'stack')} dealt ({sizes} cards)"
        )
        if event.missions:
            text += f"; {plural(len(event.missions), 'mission')} dealt"
        if event.rank_penalties:
            text += f"; {plural(event.rank_penalties, 'rank penalty', 'rank penalties')} to pay"
        return text
    if isinstance(event, MissionDiscarded):
        return f"You discard the mission {name(event.mission)}"
    if isinstance(event, StackTopDiscarded):
        text = f"{name(event.card)} is discarded from the top of stack {event.stack}"
        if event.reason and event.reason != "cleanup":
            text += f" ({event.reason})"
        return text
    if isinstance(event, BossRevealed):
        text = f"The boss is revealed: {name(event.boss)}"
        if event.reshuffled:
            text += " (the boss discard was shuffled into a new boss deck)"
        return text
    if isinstance(event, EndgameStarted):
        many = plural(len(event.entourage), "enemy", "enemies")
        entourage = f" and an entourage of {many}" if event.entourage else " alone"
        rest = plural(len(event.stack), "conflict card")
        return f"The endgame begins: {name(event.boss)}{entourage}; the other {rest} form one stack"
    if isinstance(event, MissionProgress):
        if event.status == "done":
            return f"Mission complete: {name(event.mission)}!"
        if event.status == "forfeited":
            return f"You forfeit the mission {name(event.mission)}"
        target = next((m.target for m in missions_of(deck) if m.id == event.mission), None)
        return f"Mission {name(event.mission)}: {event.progress}" + (f"/{target}" if target else "")
    if isinstance(event, Marked) and event.field == "rank_penalties_left":
        return f"Rank penalty paid ({event.value} left)" if event.value else "Rank penalties paid"
    if isinstance(event, CardActivated) and event.stack is not None and not event.boss and not event.entourage:
        more = ""
        if event.additional:
            more = " (+1 more enemy)" if event.additional == 1 else f" (+{event.additional} more enemies)"
        return f"You activate {name(event.card)} from stack {event.stack}{more}"
    if isinstance(event, CardLeft) and event.to == "stack":
        where = f"the top of stack {event.stack}" if event.stack else "a stack"
        return f"{name(event.card)} returns to {where}"
    if isinstance(event, CardLeft) and event.to == "boss_discard":
        return f"{name(event.card)} goes to the boss discard"
    return None


def describe_reveal(event: Event, deck: Deck) -> str | None:
    """What one of its events revealed, as a clause, or None."""
    if isinstance(event, StackTopDiscarded) and event.revealed is not None:
        return f"discarding {card_name(deck, event.card)} turned up {card_name(deck, event.revealed)}"
    if isinstance(event, BossRevealed):
        return f"the boss deck turned up {card_name(deck, event.boss)}"
    if isinstance(event, EndgameStarted):
        return "the endgame shuffled the cards into one stack and drew the entourage at random"
    if isinstance(event, GameStarted):
        return "the game was dealt"
    return None


def describe_command(c: Command, s: GameState) -> str | None:
    """One of its commands (or a choice of a stack) as a sentence, or None."""
    deck = s.deck
    if c.cmd == "activate" and c.stack is not None:
        stacks = table(s).stacks if s.step != "setup" else ()
        top = stacks[c.stack - 1][0] if 0 < c.stack <= len(stacks) and stacks[c.stack - 1] else None
        return f"You activate stack {c.stack}" + (f" ({card_name(deck, top)})." if top else ".")
    if c.cmd == "stack_discard" and c.stack is not None:
        return f"You discard the top card of stack {c.stack}."
    if c.cmd == "discard_mission":
        return f"You discard the mission {card_name(deck, c.mission)}."
    if c.cmd == "forfeit_mission":
        return f"You forfeit the mission {card_name(deck, c.mission)}."
    if c.cmd == "rank_penalty":
        return "Rank penalty: you " + ("banish one die." if c.choice == "banish" else "exhaust three dice.")
    if c.cmd == "start_endgame":
        return "You start the endgame."
    if c.cmd == "decline_endgame":
        return "You keep playing the stacks."
    return None


def prompt_words(state: GameState, awaiting: Mapping[str, Any], text: str) -> str | None:
    """The prompt line of its Activation (more enemies to activate: which card's +N asks) and of its Cleanup's
    stack discard (the mandatory tops it may not discard), or None."""
    kind = awaiting.get("kind")
    if kind == "activate" and state.active:
        remaining = int(awaiting.get("remaining", 1) or 1)
        plus = [c for c in state.active if not c.boss and state.deck.card(c.id).additional]
        why = f" (+{state.deck.card(plus[-1].id).additional} of {card_name(state.deck, plus[-1].id)})" if plus else ""
        enemies = "enemy" if remaining == 1 else "enemies"
        return f"Activate {remaining} more {enemies}{why}: choose a stack; its top card becomes active."
    if kind == "stack_discard":
        tops = [stack[0] for stack in table(state).stacks if stack]
        mandatory = [top for top in tops if state.deck.card(top).mandatory]
        if mandatory:
            names = ", ".join(card_name(state.deck, c) for c in mandatory)
            return f"{text} A mandatory (!) top cannot be discarded: {names}."
    return None


def mission_done(event: Event) -> bool:
    """A mission completed (the game's figures count them)."""
    return isinstance(event, MissionProgress) and event.status == "done"


WORDS = Words(
    event=describe_event,
    announces=announces,
    reveal=describe_reveal,
    command=describe_command,
    steps=STEP_WORDS,
    prompt=prompt_words,
    completes=mission_done,
    name=MISSIONS.name_of,
)
"""Its words, as the ruleset gives them (:attr:`~twentystrong.engine.rulesets.base.Ruleset.words`)."""
