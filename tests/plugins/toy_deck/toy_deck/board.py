"""The toy deck at the table: its three camps in a row (each its size and top card, ▶ where the player may move,
"here" where they stand), the training grounds as a dice tray, and its keys: ``v`` moves to a camp (a
list when there is a choice), ``t`` activates the top card of the camp the player stands at."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.widgets import Static

from toy_deck.rules import CAMPS, ToyView
from twentystrong.engine.commands import Command
from twentystrong.tui.boards.base import Board, DiceZone
from twentystrong.tui.store import GameView


def camp_words(view: GameView, index: int) -> str:
    """One camp as the player sees it, in two lines: ▶ when the player may move there, its name, "here" when the
    player stands there; its size and top card."""
    table = view.player.table
    if not isinstance(table, ToyView):
        return CAMPS[index]
    size, top = table.camps[index]
    mark = "▶ " if view.first("move", camp=CAMPS[index]) is not None else ""
    here = " · here" if table.position == CAMPS[index] else ""
    if not size:
        return f"{mark}{CAMPS[index].capitalize()} camp{here}\ncleared"
    name = view.deck.card(top).name if top is not None else "?"
    return f"{mark}{CAMPS[index].capitalize()} camp{here}\n{size} card{'s' * (size != 1)}, top {name}"


class ToyBoard(Board):
    """The camps (``#camp-west``, ``#camp-middle``, ``#camp-east``), in a row."""

    DEFAULT_CSS = """
    ToyBoard { height: auto; }
    ToyBoard .toy-camp { width: 1fr; height: auto; border: round $secondary; padding: 0 1; }
    """
    KEYS = (
        Binding("v", "move", "Move to camp"),
        Binding("t", "activate", "Activate camp top"),
    )
    DICE_ZONES = (DiceZone("training", "Training grounds", "No die in training"),)
    ZONE_WHY = {"training": "That die is in the training grounds: recruit it from the list of all moves (a)."}

    def __init__(self, view: GameView, *, past: bool = False, id: str = "deck-board") -> None:
        super().__init__(view, past=past, id=id)
        self._first = view

    def compose(self) -> ComposeResult:
        for i, camp in enumerate(CAMPS):
            yield Static(
                camp_words(self._first, i), id=f"camp-{camp}" + ("-past" if self.past else ""), classes="toy-camp"
            )

    def show(self, view: GameView) -> None:
        for i, camp in enumerate(self.query(".toy-camp").results(Static)):
            camp.update(camp_words(view, i))

    def hint(self, general: str) -> str:
        if self.table.view.can("move"):
            return "Press v to move to a camp marked ▶, then t to activate its top card."
        if self.table.view.can("activate"):
            return "Press t to activate the top card of your camp."
        return general

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("move", "activate"):
            return not self.past and self.table.view.can(action)
        return None

    def action_move(self) -> None:
        moves: list[Command] = self.table.view.find("move")
        if len(moves) == 1:
            self.table.play(moves[0])
        elif moves:
            self.table.choose("Move to which camp?", moves)

    def action_activate(self) -> None:
        self.table.play(Command("activate"))


BOARD = ToyBoard
"""The toy deck's board (its kit's ``board`` module names it)."""
