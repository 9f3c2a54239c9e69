"""The base of every ruleset's board widget, and what a board supplies to the general table besides itself."""

from __future__ import annotations

from typing import ClassVar, NamedTuple

from textual.containers import Horizontal
from textual.widget import Widget

from twentystrong.engine.view import PlayerView
from twentystrong.tui.store import GameView


class DiceZone(NamedTuple):
    """A dice zone of the deck's own, drawn as a tray beside the pool (Hoplomachus Victorum's training grounds)."""

    zone: str
    """The zone's id (``DieState.zone``), also the tray's widget id."""
    title: str
    """The tray's title."""
    empty: str
    """What the tray says when it holds no die."""


class ItemNote(NamedTuple):
    """What a deck adds to a held item's entry (Hoplomachus Victorum: an Opportunity's progress, a Tactic's fate)."""

    progress: str = ""
    """After the item's name: ``1/2``, ``earned ✔`` ("" for nothing)."""
    words: str = ""
    """In place of what the item does, on the table ("" keeps those words): an unearned Opportunity's goal."""
    after_use: str = ""
    """Where the item goes once used or discarded, as a clause ("" for the discard pile)."""


class Board(Horizontal):
    """A deck's own zones on the table: built for the first view it shows, then drawn anew with each view.

    Besides itself a board supplies the panels of the side column that show its deck's zones (:meth:`side_panels`),
    its dice zones beside the pool (:attr:`DICE_ZONES`) and a few words on items of its own
    (:meth:`item_note`). The general table knows nothing else of the deck.
    """

    DICE_ZONES: ClassVar[tuple[DiceZone, ...]] = ()
    """Dice zones of the deck, drawn after the pool (ids of :attr:`DiceZone.zone`)."""

    def __init__(self, view: GameView, *, past: bool = False, id: str = "stacks") -> None:
        """``past``: a read-only board of the history view (its side panels get ids of their own)."""
        super().__init__(id=id)
        self.past = past

    def show(self, view: GameView) -> None:
        """Draw ``view``'s table, side panels included (a deck without zones of its own shows nothing)."""

    def side_panels(self) -> list[Widget]:
        """The side column's panels of this deck's zones, titled, built for the first view (the table places them
        between the inventory and the odds; :meth:`show` draws them)."""
        return []

    LADDER: ClassVar[str] = "rank"
    """What the deck's ladder climbs, in the game-over summary ("Your rank rises …")."""

    @staticmethod
    def setup_words(view: PlayerView) -> list[str]:
        """The deck's own options, for the game-over summary's setup line (Hoplomachus Victorum: its difficulty)."""
        return []

    @staticmethod
    def bosses_words(view: PlayerView) -> str | None:
        """The bosses beaten in the deck's words for the game-over summary, or None for the general words."""
        return None

    @staticmethod
    def item_note(view: PlayerView, item: str) -> ItemNote | None:
        """What the deck adds to a held item's entry (an Opportunity's progress, where a Tactic goes once used), or
        None."""
        return None
