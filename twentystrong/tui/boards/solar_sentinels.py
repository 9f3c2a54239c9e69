"""Solar Sentinels' board: the three face-up stacks (each its top card, size and mandatory mark), marked when a
legal command names them (activate, the stack discard, an effect's choice of a stack)."""

from __future__ import annotations

from textual.app import ComposeResult

from twentystrong.engine.commands import Command
from twentystrong.engine.rulesets.solar_sentinels.rules import STACKS
from twentystrong.tui.boards.base import Board
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.cards import StackInfo, StackView

STACK_COMMANDS = ("activate", "stack_discard", "choose")
"""The commands that name a stack, so that pressing it plays them."""


def stack_commands(view: GameView, stack: int) -> list[Command]:
    """The legal commands that name stack ``stack``."""
    return [c for c in view.legal if c.cmd in STACK_COMMANDS and c.stack == stack]


class SolarSentinelsBoard(Board):
    """The three stacks (``#stack-1`` … ``#stack-3``), in a row."""

    def __init__(self, view: GameView) -> None:
        super().__init__(view)
        self._first = view

    def compose(self) -> ComposeResult:
        view = self._first  # built as the first view shows it: drawing that view once mounted changes less
        for n in range(1, STACKS + 1):  # the endgame's single stack is stack 1; the others show empty
            info = StackInfo.of(view.state, n - 1)
            yield StackView(n, info=info, marked=bool(stack_commands(view, n)), id=f"stack-{n}")

    def show(self, view: GameView) -> None:
        for stack in self.query(StackView):
            n = stack.info.number
            stack.info = StackInfo.of(view.state, n - 1)
            stack.marked = bool(stack_commands(view, n))
