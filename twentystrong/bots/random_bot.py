"""The baseline: a uniformly random choice among the legal commands."""

from __future__ import annotations

import random

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView


class RandomBot:
    """Chooses uniformly at random among the legal commands, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        """Any legal command, at random."""
        return legal[self._rng.randrange(len(legal))] if len(legal) > 1 else legal[0]
