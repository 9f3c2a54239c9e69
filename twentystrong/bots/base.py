"""The bot interface: given the table as a player sees it and the legal commands, choose one (architecture.md: bots
choose among ``legal_commands``; contract 11: they read the player's view, never the state). Bots are pure Python on
top of the engine and never import textual or rich (contract 1)."""

from __future__ import annotations

from typing import Protocol

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView


class Bot(Protocol):
    """A player that picks one of the legal commands. Deterministic for a given seed and sequence of views."""

    name: str
    """A short name for tables and the command line (``random``, ``heuristic``)."""

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        """One command of ``legal`` (never empty when called) to play on the table ``view`` shows."""
        ...
