"""Where each card of the deck is now, in words a player may know.

Stacks are face up but only their top card shows, and the boss deck is face down: a card under a stack's top is
"in a stack" (not which one, not how deep), and an unrevealed boss is "in the boss deck". Everything else (the
active area, the discard piles, the inventory, the dealt missions) is open information.
"""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.engine.state import GameState

ZONES: dict[str, str] = {
    "stacks": "Stacks",
    "active": "Active area",
    "discard": "Discard",
    "inventory": "Inventory",
    "boss_deck": "Boss deck",
    "hero": "Your hero",
    "missions": "Missions",
    "out": "Out of play",
}
"""Every zone a card can be in (the card browser's "where" filter), with its name."""


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card is: a zone from :data:`ZONES` and a short phrase (``stack 2 top``, ``in a stack`` …)."""

    zone: str
    label: str


OUT = Place("out", "—")


def places(state: GameState | None) -> dict[str, Place]:
    """Every card id of the deck with its place (cards of a game not yet dealt are all out of play)."""
    if state is None:
        return {}
    s = state
    out: dict[str, Place] = {}
    for number, stack in enumerate(s.stacks, start=1):
        for depth, card in enumerate(stack):
            out[card] = Place("stacks", f"stack {number} top" if depth == 0 else "in a stack")
    for card in s.discard:
        out[card] = Place("discard", "discard")
    for card in s.banished_cards:
        out[card] = Place("out", "banished")
    for card in s.inventory:
        out[card] = Place("inventory", "inventory")
    for boss in s.boss_deck:
        out[boss] = Place("boss_deck", "boss deck")
    for boss in s.boss_discard:
        out[boss] = Place("discard", "boss discard")
    if s.revealed_boss is not None:
        out[s.revealed_boss] = Place("boss_deck", "revealed")
    for active in s.active:
        what = "defeated" if active.defeated else "active"
        out[active.id] = Place("active", what)
    if s.hero.id:
        out[s.hero.id] = Place("hero", "your hero")
    current = s.current_mission
    status = {"pending": "to do", "done": "done", "forfeited": "forfeited", "discarded": "discarded"}
    for mission in s.missions:
        label = "current" if current is not None and mission.id == current.id else status[mission.status]
        zone = "out" if mission.status == "discarded" else "missions"
        out[mission.id] = Place(zone, label)
    return out


def place_of(places_now: dict[str, Place], card_id: str) -> Place:
    """A card's place (out of play when the state does not mention it)."""
    return places_now.get(card_id, OUT)
