"""The base of every ruleset's board widget."""

from __future__ import annotations

from textual.containers import Horizontal

from twentystrong.tui.store import GameView


class Board(Horizontal):
    """A deck's own zones on the table: built for the first view it shows, then drawn anew with each view."""

    def __init__(self, view: GameView) -> None:
        super().__init__(id="stacks")

    def show(self, view: GameView) -> None:
        """Draw ``view``'s table (a deck without zones of its own shows nothing)."""
