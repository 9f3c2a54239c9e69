"""The heuristic player of any deck: the first table it is shown says which deck it plays, and from then on every
move goes to the heuristic bot its deck kit brings (:attr:`twentystrong.kits.kit.DeckKit.bot`)."""

from __future__ import annotations

from twentystrong.bots.heuristic import HeuristicBot
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView
from twentystrong.kits import kit


class HeuristicPlayer:
    """``--bot heuristic``: the heuristic bot of the deck being played, chosen at its first move."""

    name = "heuristic"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.bot: HeuristicBot | None = None
        """The deck's bot, once the first table has said which deck it is."""

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        """The deck's bot's move."""
        if self.bot is None:
            self.bot = kit(view.deck.info.ruleset).bot_class()(self.seed)
        return self.bot.choose(view, legal)
