"""The toy deck's heuristic bot: the general bot's fights and dice, and the toy's own Activation: it moves to the
camp whose top card is weakest (the camps it may enter), then activates it. It reads only the player's view."""

from __future__ import annotations

from typing import Any

from toy_deck.rules import CAMPS, ToyView
from twentystrong.bots.heuristic import HeuristicBot, Turn
from twentystrong.engine.commands import Command


def _activate(bot: Any, turn: Turn, legal: list[Command]) -> Command | None:
    """Activate the camp's top card once moved; before that, move to the camp with the weakest top card."""
    for command in legal:
        if command.cmd == "activate":
            return command
    moves = [c for c in legal if c.cmd == "move"]
    table = turn.view.table
    if not moves or not isinstance(table, ToyView):
        return None

    def toughness(command: Command) -> int:
        top = table.camps[CAMPS.index(command.camp)][1]
        return turn.view.deck.card(top).health if top is not None else 99

    return min(moves, key=toughness)


class ToyBot(HeuristicBot):
    """The heuristic bot, with the toy deck's Activation."""

    own_steps = {"activate": _activate}
