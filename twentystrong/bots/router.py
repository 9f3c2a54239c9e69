"""The heuristic player of any shipped deck: the first table it is shown says which deck it plays, and from then on
every move goes to that deck's heuristic bot (:class:`~twentystrong.bots.heuristic.HeuristicBot` for Solar
Sentinels, :class:`~twentystrong.bots.victorum.VictorumBot` for Hoplomachus Victorum)."""

from __future__ import annotations

from twentystrong.bots.heuristic import HeuristicBot
from twentystrong.bots.victorum import VictorumBot
from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView

BY_RULESET: dict[str, type[HeuristicBot]] = {"solar-sentinels": HeuristicBot, "hoplomachus-victorum": VictorumBot}
"""The heuristic bot of each ruleset."""


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
            self.bot = BY_RULESET.get(view.deck.info.ruleset, HeuristicBot)(self.seed)
        return self.bot.choose(view, legal)
