"""The simulator: many bot games, summarised (``twentystrong simulate``, the balance checks, the benchmarks).

Pure Python on top of the engine and the bots; never imports textual or rich (architecture.md contract 1).
"""

from __future__ import annotations

from twentystrong.sim.runner import COMMAND_CAP, ROUND_CAP, BotError, GameRecord, Job, load, play_game, run, split
from twentystrong.sim.stats import HeroSummary, Summary, summarise, wilson

__all__ = [
    "COMMAND_CAP",
    "ROUND_CAP",
    "BotError",
    "GameRecord",
    "HeroSummary",
    "Job",
    "Summary",
    "load",
    "play_game",
    "run",
    "split",
    "summarise",
    "wilson",
]
