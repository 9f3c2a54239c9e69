"""Hoplomachus Victorum's own state: Mount Vesuvius (the camps, the Primus under them, the occupied camp), the
Scion, the Tactics area, the Influence deck, the held Opportunities' progress, and the fight in progress."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from twentystrong.content.model import Deck
from twentystrong.engine.state import GameState, Table
from twentystrong.kits.hoplomachus_victorum.content import CampCard
from twentystrong.kits.hoplomachus_victorum.rules.pyramid import ADJACENT, BOTTOM, CAMPS

Fight = Literal["", "primus", "final"]


@dataclass(frozen=True)
class VictorumTable(Table):
    """Everything on the table that is this deck's own (hoplomachus.md "What the software offers")."""

    scion: str = ""
    """The Scion at the apex."""
    scion_side: Literal["spectate", "conflict"] = "spectate"
    """Spectate until the final fight, then Conflict."""
    camps: tuple[tuple[str, ...], ...] = ()
    """The nine camps (see :mod:`.pyramid`), each top first; face up, only the top shows (R12)."""
    primus: tuple[str | None, ...] = (None,) * CAMPS
    """The Primus waiting under each camp (None: none there)."""
    position: int | None = None
    """The camp the chip marks (``pyramid.SCION`` in the final fight), None before the first move."""
    moved_round: int = 0
    """The round of the player's last move (a move is made once per round, before acting)."""
    heroes_drawn: tuple[str, ...] = ()
    """Setup: the 4 + X Victorum heroes drawn (HV1); the ones not played become Primus."""
    aside: str | None = None
    """HV1: the drawn hero set aside (out of the game) for a universal hero."""
    to_place: tuple[str, ...] = ()
    """Setup: the Primus still to place under camps (HV3)."""
    tactics_drawn: tuple[str, ...] = ()
    """Setup: the 4 Tactics drawn, until one is kept (HV2)."""
    tactics: tuple[str, ...] = ()
    """The Tactics area, face up: "gain 1 Tactic" takes from it; used or discarded Tactics return to it (HV2)."""
    influence: tuple[str, ...] = ()
    """The Influence deck, face down (its size and icons are public, its order is not: R12, HV11)."""
    fed: tuple[int, ...] = ()
    """Setup: the camps whose top card went to the Influence deck (difficulty X: X + 1 camps, each once)."""
    plus: tuple[tuple[int, int], ...] = ()
    """Additional enemies still to activate, as a stack of (the camp they come from the neighbours of, how many);
    the top resolves first, so each added enemy's own +N resolves before the rest (depth-first)."""
    spectating: str | None = None
    """The camp card being spectated (discarded once the Scion's penalty is suffered)."""
    drawn_opportunity: str | None = None
    """An Opportunity just activated, waiting to be kept or discarded."""
    opportunities: tuple[tuple[str, int], ...] = ()
    """The Opportunities held (in the inventory) with their progress (HV8)."""
    earned: tuple[str, ...] = ()
    """Held Opportunities whose condition is met: flipped, their reward gained."""
    fight: Fight = ""
    """The multi-round fight in progress: a Primus fight, the final fight, or none."""
    fighting: str | None = None
    """The Primus (or the Scion) of that fight."""
    bane: str | None = None
    """The Primus whose Bane is resolving (its fight won)."""
    beaten: tuple[str, ...] = ()
    """Primus defeated: out of the game (HV10)."""
    bloodshed: int = 0
    """Dice still to dismiss at this round's Cleanup: one per Bloodshed enemy that dealt damage."""
    effects_left: int = 0
    """HV16: how many of the spectate penalty's (or the Bane's) effects are still to happen, in the card's order: one
    at a time, so a choice one of them asks is answered before the next happens."""
    icons: int = 0
    """The Influence icons counted when the Scion turned to its Conflict side (its scaling reads them)."""

    def top(self, camp: int) -> str | None:
        """A camp's top card (None: no card)."""
        cards = self.camps[camp] if camp < len(self.camps) else ()
        return cards[0] if cards else None

    def under_top(self, camp: int) -> str | None:
        """The card under a camp's top: the one a removed top turns up (R12: hidden until then)."""
        cards = self.camps[camp]
        return cards[1] if len(cards) > 1 else None

    def empty(self, camp: int) -> bool:
        """HV5: a camp is empty when it holds no card and no undefeated Primus."""
        return not self.camps[camp] and self.primus[camp] is None

    def dormant(self, deck: Deck) -> frozenset[str]:
        """Held Opportunities whose reward is not in force: not yet earned, or earned with an instant reward (it
        happened when the card flipped; the card is kept only until the player discards it)."""
        return frozenset(
            card for card, _ in self.opportunities if card not in self.earned or _reward_kind(deck, card) == "instant"
        )

    def progress(self, card: str) -> int:
        """A held Opportunity's progress."""
        return next((p for c, p in self.opportunities if c == card), 0)


def _reward_kind(deck: Deck, card: str) -> str | None:
    reward = deck.card(card).reward
    return reward.kind if reward is not None else None


def table(s: GameState) -> VictorumTable:
    """The Hoplomachus Victorum table of a game of this ruleset (an empty one before the deal)."""
    t = s.table
    if isinstance(t, VictorumTable):
        return t
    if type(t) is Table:
        return _NOT_DEALT
    raise TypeError(f"{s.deck.id!r} is not played with the Hoplomachus Victorum rules")


_NOT_DEALT = VictorumTable()


def camp_card(deck: Deck, card: str) -> CampCard | None:
    """The camp card with this id (None for any other card: a Tactic, a Primus …)."""
    found = deck.card_ids.get(card)
    return found if isinstance(found, CampCard) else None


def is_enemy_card(deck: Deck, card: str) -> bool:
    """A Bloodshed or Sport card (an Opportunity is no enemy)."""
    found = camp_card(deck, card)
    return found is not None and found.enemy


def enterable(s: GameState) -> list[int]:
    """The camps the player may move to now (HV4–HV6): at the first move a camp of the bottom row; then a camp
    adjacent to the chip's; never an empty camp (HV5) nor the Scion. If no such camp can be entered, any camp that
    can (HV6): another than the chip's while there is one (a player expects to move), else the chip's own."""
    t = table(s)
    can = [k for k in range(CAMPS) if not t.empty(k)]
    if t.position is None:
        return [k for k in can if k in BOTTOM] or can
    near = [k for k in ADJACENT[t.position] if not t.empty(k)] if t.position < CAMPS else []
    if near:
        return near
    others = [k for k in can if k != t.position]
    return others or [k for k in can if k == t.position]


def moved(s: GameState) -> bool:
    """Whether the player has moved this round."""
    t = table(s)
    return t.position is not None and t.moved_round == s.round


def primus_left(t: VictorumTable) -> bool:
    """Whether a Primus remains to be beaten (under a camp, still to place, or in its fight)."""
    return any(p is not None for p in t.primus) or bool(t.to_place) or t.fight == "primus"


__all__ = ["Fight", "VictorumTable", "camp_card", "enterable", "is_enemy_card", "moved", "primus_left", "table"]
