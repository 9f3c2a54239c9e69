"""The board: the part of the table that shows a deck's own zones, one widget per ruleset (architecture.md
contract 9): Solar Sentinels shows its three stacks. The table screen asks :func:`board_for` for the deck being
played and draws the board with each new view (:meth:`Board.show`); the general zones (the active area, the dice,
the hero, the inventory) are the table screen's.
"""

from __future__ import annotations

from twentystrong.tui.boards.base import Board
from twentystrong.tui.boards.solar_sentinels import SolarSentinelsBoard
from twentystrong.tui.store import GameView

BOARDS: dict[str, type[Board]] = {"solar-sentinels": SolarSentinelsBoard}
"""The board widget of each ruleset, by ruleset id (a deck whose ruleset has none shows an empty board)."""


def board_for(view: GameView) -> Board:
    """The board of the deck being played, built for ``view``."""
    return BOARDS.get(view.state.deck.info.ruleset, Board)(view)


__all__ = ["BOARDS", "Board", "board_for"]
