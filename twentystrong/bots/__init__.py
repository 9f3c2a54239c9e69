"""Reference bots: a random player and a heuristic player, behind one small interface (:class:`Bot`).

Bots are used by the simulator (``twentystrong simulate``), the benchmarks and the tests. They read the state and
the legal commands; they never import textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

from twentystrong.bots.base import Bot
from twentystrong.bots.heuristic import HeuristicBot
from twentystrong.bots.random_bot import RandomBot
from twentystrong.bots.router import BY_RULESET, HeuristicPlayer
from twentystrong.bots.victorum import VictorumBot

BOT_NAMES: tuple[str, ...] = ("heuristic", "random")
"""The bots the command line knows, the default first."""

PLAYS: dict[str, frozenset[str] | None] = {
    "heuristic": frozenset(BY_RULESET),
    "random": None,
}
"""The rulesets each bot knows how to play (None: any, through the legal commands alone)."""


def cannot_play(name: str, ruleset: str) -> str | None:
    """Why a bot cannot play a deck of this ruleset, or None."""
    known = PLAYS.get(name)
    if known is None or ruleset in known:
        return None
    return f"the {name} bot does not play {ruleset} decks yet; the random bot plays any deck (--bot random)"


def make_bot(name: str, seed: int = 0) -> Bot:
    """A new bot by name, seeded (``ValueError`` for an unknown name)."""
    if name == "heuristic":
        return HeuristicPlayer(seed)
    if name == "random":
        return RandomBot(seed)
    raise ValueError(f"unknown bot {name!r}; known: {', '.join(BOT_NAMES)}")


__all__ = [
    "BOT_NAMES",
    "PLAYS",
    "Bot",
    "HeuristicBot",
    "HeuristicPlayer",
    "RandomBot",
    "VictorumBot",
    "cannot_play",
    "make_bot",
]
