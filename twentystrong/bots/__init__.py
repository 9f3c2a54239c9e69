"""Reference bots: a random player and a heuristic player, behind one small interface (:class:`Bot`).

Bots are used by the simulator (``twentystrong simulate``), the benchmarks and the tests. They read the state and
the legal commands; they never import textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

from twentystrong.bots.base import Bot
from twentystrong.bots.heuristic import HeuristicBot
from twentystrong.bots.random_bot import RandomBot

BOT_NAMES: tuple[str, ...] = ("heuristic", "random")
"""The bots the command line knows, the default first."""


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name, seeded (``ValueError`` for an unknown name)."""
    if name == "heuristic":
        return HeuristicBot(seed)
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")


__all__ = ["BOT_NAMES", "Bot", "HeuristicBot", "RandomBot", "make_bot"]
