"""Where each card of the deck is now, in words a player may know.

The ruleset says where the cards in its own zones are, as a player may know it (Solar Sentinels: a card under a
stack's top is "in a stack", not which one nor how deep; an unrevealed boss is "in the boss deck"). Everything else
(the active area, the discard pile, the inventory) is open information.
"""

from __future__ import annotations

from dataclasses import dataclass

from twentystrong.engine.state import GameState
from twentystrong.engine.view import PlayerView, player_view
from twentystrong.i18n import _, pgettext

ZONES: dict[str, str] = {
    "active": "Active area",
    "discard": "Discard",
    "inventory": "Inventory",
    "hero": "Your hero",
    "out": "Out of play",
}
"""The general zones a card can be in (the card browser's "where" filter), with their names (in English: said with
the context ``zone`` where they are shown); a ruleset adds its own (:func:`zones`)."""


def _marked() -> tuple[str, ...]:  # never called: the zones' names for the catalogues' extraction
    return (
        pgettext("zone", "Active area"),
        pgettext("zone", "Discard"),
        pgettext("zone", "Inventory"),
        pgettext("zone", "Your hero"),
        pgettext("zone", "Out of play"),
    )


def zones(state: GameState | PlayerView | None) -> dict[str, str]:
    """Every zone a card can be in in this game, with its name: the ruleset's own (Solar Sentinels: the stacks, the
    boss deck, the missions) first, then the general ones."""
    general = {zone: pgettext("zone", name) for zone, name in ZONES.items()}
    if state is None:
        return general
    view = state if isinstance(state, PlayerView) else player_view(state)
    return {**{zone: _(name) for zone, name in view.card_zones.items()}, **general}  # its own: marked where written


@dataclass(frozen=True, slots=True)
class Place:
    """Where a card is: a zone from :func:`zones` and a short phrase (``stack 2 top``, ``in a stack`` …)."""

    zone: str
    label: str


OUT = Place("out", "—")


def places(state: GameState | PlayerView | None) -> dict[str, Place]:
    """Every card id of the deck with its place (cards of a game not yet dealt are all out of play), as the player
    sees the table (a state is read through its :func:`~twentystrong.engine.view.player_view`)."""
    if state is None:
        return {}
    s = state if isinstance(state, PlayerView) else player_view(state)
    out: dict[str, Place] = {card: Place(zone, label) for card, (zone, label) in s.places().items()}
    for card in s.discard:
        out[card] = Place("discard", pgettext("place", "discard"))
    for card in s.banished_cards:
        out[card] = Place("out", pgettext("place", "banished"))
    for card in s.inventory:
        out[card] = Place("inventory", pgettext("place", "inventory"))
    for active in s.active:
        what = pgettext("place", "defeated") if active.defeated else pgettext("place", "active")
        out[active.id] = Place("active", what)
    if s.hero.id:
        out[s.hero.id] = Place("hero", pgettext("place", "your hero"))
    return out


def place_of(places_now: dict[str, Place], card_id: str) -> Place:
    """A card's place (out of play when the state does not mention it)."""
    return places_now.get(card_id, OUT)
