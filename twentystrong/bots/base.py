"""The bot interface: given a state and its legal commands, choose one (architecture.md: bots choose among
``legal_commands``). Bots are pure Python on top of the engine and never import textual or rich (contract 1)."""

from __future__ import annotations

from typing import Protocol

from twentystrong.engine.commands import Command
from twentystrong.engine.state import GameState


class Bot(Protocol):
    """A player that picks one of the legal commands. Deterministic for a given seed and sequence of states."""

    name: str
    """A short name for tables and the command line (``random``, ``heuristic``)."""

    def choose(self, state: GameState, legal: list[Command]) -> Command:
        """One command of ``legal`` (never empty when called) to play in ``state``."""
        ...
