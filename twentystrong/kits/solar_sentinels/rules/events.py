"""Solar Sentinels' own events, and what each changes (its evolve branches: contract 2, one per event type)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import Any

from twentystrong.engine.events import CardActivated, CardLeft, Event, Reveal, event_type
from twentystrong.engine.state import Changes, GameState, HeroState
from twentystrong.kits.solar_sentinels.rules.table import MissionState, SolarSentinelsTable, table


@event_type("game_started")
class GameStarted(Event):
    """The deck is dealt: stacks, boss deck, missions (outcomes of the shuffles), hero stats."""

    hero: str
    health: int
    strategy: int
    recovery: int
    stacks: tuple[tuple[str, ...], ...]
    boss_deck: tuple[str, ...]
    missions: tuple[str, ...]
    rank_penalties: int
    draws: int

    def reveal(self) -> Reveal | None:
        return Reveal("deal", (*(stack[0] for stack in self.stacks if stack), *self.missions))


@event_type("mission_discarded")
class MissionDiscarded(Event):
    """The player discarded one dealt mission."""

    mission: str


@event_type("stack_top_discarded")
class StackTopDiscarded(Event):
    """The top card of a stack went to the discard pile."""

    stack: int
    card: str
    reason: str = ""
    revealed: str | None = None  # the card this turned up on the stack's top (R12: it was hidden until now)

    def reveal(self) -> Reveal | None:
        return Reveal("card", (self.revealed,)) if self.revealed is not None else None


@event_type("boss_revealed")
class BossRevealed(Event):
    """The boss deck's top card was turned up (reshuffling its discard first if it ran out)."""

    boss: str
    reshuffled: tuple[str, ...] = ()
    draws: int = 0

    def reveal(self) -> Reveal | None:
        return Reveal("boss", (self.boss,))  # the boss deck is face down (R12)


@event_type("endgame_started")
class EndgameStarted(Event):
    """The endgame begins: the boss, the new shuffled stack, and the entourage drawn from it."""

    boss: str
    stack: tuple[str, ...]
    entourage: tuple[str, ...]
    draws: int

    def reveal(self) -> Reveal | None:
        return Reveal("shuffle", (self.boss, *self.entourage, *self.stack[:1]))


@event_type("mission_progress")
class MissionProgress(Event):
    """The current mission advanced, completed or was forfeited; the chip shows progress."""

    mission: str
    progress: int
    status: str


# --- what each changes ----------------------------------------------------------------------------------------------


def _game_started(s: GameState, e: GameStarted) -> Changes:
    return {
        "rng": s.rng + e.draws,
        "hero": HeroState(e.hero, e.health, e.strategy, e.recovery),
        "table": SolarSentinelsTable(
            stacks=e.stacks,
            boss_deck=e.boss_deck,
            missions=tuple(MissionState(m) for m in e.missions),
            rank_penalties_left=e.rank_penalties,
        ),
    }


def _mission_discarded(s: GameState, e: MissionDiscarded) -> Changes:
    t = table(s)
    missions = tuple(MissionState(m.id, "discarded", m.progress) if m.id == e.mission else m for m in t.missions)
    return {"table": replace(t, missions=missions)}


def _stack_top_discarded(s: GameState, e: StackTopDiscarded) -> Changes:
    t = table(s)
    i = e.stack - 1
    stacks = (*t.stacks[:i], t.stacks[i][1:], *t.stacks[i + 1 :])
    return {"table": replace(t, stacks=stacks), "discard": (*s.discard, e.card)}


def _boss_revealed(s: GameState, e: BossRevealed) -> Changes:
    t = table(s)
    deck, discard = t.boss_deck, t.boss_discard
    if e.reshuffled:
        deck, discard = e.reshuffled, ()
    if t.revealed_boss is not None:
        # Revealing again sends the previously revealed boss to the boss discard.
        discard = (*discard, t.revealed_boss)
    boss_deck = tuple(b for b in deck if b != e.boss)
    return {
        "table": replace(t, boss_deck=boss_deck, boss_discard=discard, revealed_boss=e.boss),
        "rng": s.rng + e.draws,
    }


def _endgame_started(s: GameState, e: EndgameStarted) -> Changes:
    return {
        "endgame": True,
        "table": replace(table(s), stacks=(e.stack,)),
        "discard": (),
        "rng": s.rng + e.draws,
        "pending_activations": 0,
    }


def _mission_progress(s: GameState, e: MissionProgress) -> Changes:
    t = table(s)
    missions = tuple(
        MissionState(m.id, e.status, e.progress) if m.id == e.mission else m  # type: ignore[arg-type]
        for m in t.missions
    )
    chip = e.progress if e.status == "pending" else 0
    return {"table": replace(t, missions=missions, chip=chip)}


def _rank_penalties_left(s: GameState, value: int) -> Changes:
    """The charge ``rank_penalties_left``: the rank penalties still to pay at setup (one paid: one fewer)."""
    return {"table": replace(table(s), rank_penalties_left=value)}


def card_activated(t: SolarSentinelsTable, e: CardActivated) -> SolarSentinelsTable:
    """A card left the stacks (its top: the next card turns up) or, a boss, the boss deck for the active area."""
    stacks, boss_deck, revealed = t.stacks, t.boss_deck, t.revealed_boss
    if e.stack is not None:
        i = e.stack - 1
        stacks = (*stacks[:i], stacks[i][1:], *stacks[i + 1 :])
    if e.boss:
        if revealed == e.card:
            revealed = None
        boss_deck = tuple(b for b in boss_deck if b != e.card)
    if stacks is t.stacks and boss_deck is t.boss_deck and revealed is t.revealed_boss:
        return t
    return replace(t, stacks=stacks, boss_deck=boss_deck, revealed_boss=revealed)


def card_placed(t: SolarSentinelsTable, e: CardLeft) -> SolarSentinelsTable:
    """A card went back on top of a stack, or a boss to the boss discard."""
    if e.to == "boss_discard":
        return replace(t, boss_discard=(*t.boss_discard, e.card))
    if e.to == "stack" and e.stack is not None:
        i = e.stack - 1
        return replace(t, stacks=(*t.stacks[:i], (e.card, *t.stacks[i]), *t.stacks[i + 1 :]))
    return t


EVENTS: Mapping[type[Event], Callable[[GameState, Any], Changes]] = {
    GameStarted: _game_started,
    MissionDiscarded: _mission_discarded,
    StackTopDiscarded: _stack_top_discarded,
    BossRevealed: _boss_revealed,
    EndgameStarted: _endgame_started,
    MissionProgress: _mission_progress,
}
"""Solar Sentinels' event types and what each changes."""

CHARGES: Mapping[str, Callable[[GameState, int], Changes]] = {"rank_penalties_left": _rank_penalties_left}
"""The charge Solar Sentinels keeps (see ``evolve.CHARGES``): its name is in saved games."""
