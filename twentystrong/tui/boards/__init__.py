"""The board: what a deck brings to the table, one widget per ruleset (architecture.md contract 9). It shows the
deck's own zones and brings its keys, panels, prompts and words (:class:`Board`); the general table screen asks
:func:`board_for` for the deck being played, composes the board into itself and draws it with each new view
(:meth:`Board.show`). The general zones (the active area, the dice, the hero, the inventory) are the table's.

Each board module (its ``BOARD`` class) is imported when its deck is first played, never before (a Solar Sentinels
game never loads Mount Vesuvius).
"""

from __future__ import annotations

from twentystrong.kits import kit
from twentystrong.tui.boards.base import Board, DiceZone, ItemNote, Table
from twentystrong.tui.store import GameView


def board_class(ruleset: str) -> type[Board]:
    """The board widget class of a ruleset (the empty :class:`Board` for one without a board)."""
    found: type[Board] = getattr(kit(ruleset).board_module(), "BOARD", Board)
    return found


def board_for(view: GameView, *, past: bool = False) -> Board:
    """The board of the deck being played, built for ``view`` (``past``: read-only, for the history view)."""
    return board_class(view.deck.info.ruleset)(view, past=past)


__all__ = ["Board", "DiceZone", "ItemNote", "Table", "board_class", "board_for"]
