"""Reference bots: a random player, a heuristic player and an expert that searches (:mod:`.expert`), behind one
small interface (:class:`Bot`).

Bots are used by the simulator (``twentystrong simulate``), the benchmarks and the tests. They read the state and
the legal commands; they never import textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

from twentystrong.bots.base import Bot
from twentystrong.bots.heuristic import HeuristicBot
from twentystrong.bots.random_bot import RandomBot
from twentystrong.bots.router import HeuristicPlayer

BOT_NAMES: tuple[str, ...] = ("heuristic", "random", "expert")
"""The bots the command line knows, the default first."""


def cannot_play(name: str, ruleset: str) -> str | None:
    """Why a bot cannot play a deck of this ruleset, or None (the random bot plays any deck through the legal
    commands alone; the heuristic bot, a deck whose kit brings one)."""
    from twentystrong.kits import kits

    if name not in ("heuristic", "expert") or ruleset in kits():
        return None
    return f"the {name} bot does not play {ruleset} decks yet; the random bot plays any deck (--bot random)"


def make_bot(name: str, seed: int = 0, *, budget: int | None = None) -> Bot:
    """A new bot by name, seeded (``ValueError`` for an unknown name); ``budget``: the expert's search budget
    (commands its rollouts may play per decision; None: its default)."""
    if name == "heuristic":
        return HeuristicPlayer(seed)
    if name == "random":
        return RandomBot(seed)
    if name == "expert":
        from twentystrong.bots.expert import ExpertBot  # it loads the engine's rules to search: when first asked for

        return ExpertBot(seed) if budget is None else ExpertBot(seed, budget=budget)
    raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "Bot",
    "HeuristicBot",
    "HeuristicPlayer",
    "RandomBot",
    "cannot_play",
    "make_bot",
]
