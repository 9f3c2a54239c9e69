"""Solar Sentinels' board: the three face-up stacks (each its top card, size and mandatory mark), marked when a
legal command names them (activate, the stack discard, an effect's choice of a stack); and in the side column its
missions (when the game has them) and the boss deck."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.widget import Widget

from twentystrong.engine.commands import Command
from twentystrong.kits.solar_sentinels.rules import SolarSentinelsTable
from twentystrong.kits.solar_sentinels.rules.rules import STACKS
from twentystrong.tui.boards.base import Board
from twentystrong.tui.store import GameView
from twentystrong.tui.widgets.cards import StackInfo, StackView
from twentystrong.tui.widgets.panels import BossPanel, MissionsPanel

STACK_COMMANDS = ("activate", "stack_discard", "choose")
"""The commands that name a stack, so that pressing it plays them."""


def stack_commands(view: GameView, stack: int) -> list[Command]:
    """The legal commands that name stack ``stack``."""
    return [c for c in view.legal if c.cmd in STACK_COMMANDS and c.stack == stack]


class SolarSentinelsBoard(Board):
    """The three stacks (``#stack-1`` … ``#stack-3``), in a row."""

    def __init__(self, view: GameView, *, past: bool = False, id: str = "stacks") -> None:
        super().__init__(view, past=past, id=id)
        self._first = view
        self._panels: list[Widget] = []

    def compose(self) -> ComposeResult:
        view = self._first  # built as the first view shows it: drawing that view once mounted changes less
        for n in range(1, STACKS + 1):  # the endgame's single stack is stack 1; the others show empty
            info = StackInfo.of(view.player, n - 1)
            yield StackView(n, info=info, marked=bool(stack_commands(view, n)), id=f"stack-{n}")

    def side_panels(self) -> list[Widget]:
        """The missions (dealt as the game starts: a game has them from its first view, or never; the history
        view keeps the panel, hidden without missions) and the boss deck."""
        t = self._first.state.table
        prefix = "past-" if self.past else ""
        panels: list[Widget] = []
        if self.past or (isinstance(t, SolarSentinelsTable) and t.missions):
            missions = MissionsPanel(id=f"{prefix}missions", classes="" if self.past else "panel")
            missions.border_title = "Missions"
            panels.append(missions)
        boss = BossPanel(id=f"{prefix}boss", classes="" if self.past else "panel")
        boss.border_title = "Boss deck"
        panels.append(boss)
        self._panels = panels
        return panels

    def show(self, view: GameView) -> None:
        for stack in self.query(StackView):
            n = stack.info.number
            stack.info = StackInfo.of(view.player, n - 1)
            stack.marked = bool(stack_commands(view, n))
        for panel in self._panels:
            if isinstance(panel, MissionsPanel | BossPanel):
                panel.show(view)


BOARD = SolarSentinelsBoard
"""This ruleset's board (``boards.board_class``)."""
