"""The board: the part of the table that shows a deck's own zones, one widget per ruleset (architecture.md
contract 9): Solar Sentinels shows its three stacks, Hoplomachus Victorum Mount Vesuvius. The table screen asks
:func:`board_for` for the deck being played and draws the board with each new view (:meth:`Board.show`); the
general zones (the active area, the dice, the hero, the inventory) are the table screen's.

A ruleset may also bring a table screen of its own (a subclass of the general one, for its keys and prompts): its
board module names it ``TABLE``. Each board module is imported when its deck is first played, never before (a
Solar Sentinels game never loads Mount Vesuvius).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from twentystrong.kits import kit
from twentystrong.tui.boards.base import Board, DiceZone, ItemNote
from twentystrong.tui.store import GameView

if TYPE_CHECKING:
    from twentystrong.tui.screens.table import TableScreen


def _module(ruleset: str) -> Any | None:
    """The board module of a ruleset's kit (its ``BOARD`` class, and its ``TABLE`` screen if it has one)."""
    return kit(ruleset).board_module()


def board_class(ruleset: str) -> type[Board]:
    """The board widget class of a ruleset (the empty :class:`Board` for one without a board)."""
    module = _module(ruleset)
    found: type[Board] = getattr(module, "BOARD", Board)
    return found


def table_class(ruleset: str) -> type[TableScreen] | None:
    """The table screen of a ruleset: its own subclass of the general table, or None for the general table itself
    (the caller imports it: this package never imports the table screen, which imports it)."""
    table: type[TableScreen] | None = getattr(_module(ruleset), "TABLE", None)
    return table


def board_for(view: GameView, *, past: bool = False) -> Board:
    """The board of the deck being played, built for ``view`` (``past``: read-only, for the history view)."""
    return board_class(view.deck.info.ruleset)(view, past=past)


__all__ = ["Board", "DiceZone", "ItemNote", "board_class", "board_for", "table_class"]
