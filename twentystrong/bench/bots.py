"""Benchmarks of the bots, for ``twentystrong bench``: complete games per second on one core."""

from __future__ import annotations

import time

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.engine import SetupOptions
from twentystrong.sim.runner import play_game

DECK = "solar-sentinels"
"""The deck the bots are measured on first (their floor: :data:`GAMES_PER_SECOND_TARGET`)."""


def games_per_second(bot: str, games: int, *, seed: int = 0, deck_id: str = DECK) -> tuple[float, float]:
    """Play ``games`` complete games with ``bot`` (cycling through the heroes) in this process; returns
    (games per second, commands per second), in CPU time (a busy machine skews them little)."""
    deck = load_shipped(deck_id)
    heroes = [h.id for h in deck.heroes]
    commands = 0
    start = time.process_time()
    for i in range(games):
        options = SetupOptions(deck.id, heroes[i % len(heroes)], seed=seed + i)
        commands += play_game(deck, options, make_bot(bot, seed + i)).commands
    elapsed = max(time.process_time() - start, 1e-9)
    return games / elapsed, commands / elapsed


GAMES_PER_SECOND_TARGET = 35.0
"""The heuristic bot's floor: complete games per second on one core (issue 16: below it is a bug, above it no goal)."""

DECK_FLOORS: dict[str, float] = {"hoplomachus-victorum": 25.0}
"""The heuristic bot's floor on each further deck (difficulty 0), complete games per second on one core (issue
19)."""


def bench_bots(quick: bool = False) -> list[tuple[str, float, str] | tuple[str, float, str, str, bool]]:
    """(name, value, unit[, target, ok]) rows: the heuristic and random bots' complete games per second on one
    core (``quick``: fewer games, for smoke tests)."""
    games = 6 if quick else 60
    heuristic, heuristic_commands = games_per_second("heuristic", games)
    rand, _ = games_per_second("random", games)
    target = GAMES_PER_SECOND_TARGET
    rows: list[tuple[str, float, str] | tuple[str, float, str, str, bool]] = [
        ("heuristic bot: complete games", round(heuristic, 1), "games/s", f"≥ {target:g}", heuristic >= target),
        ("heuristic bot: commands", round(heuristic_commands), "commands/s"),
        ("random bot: complete games", round(rand, 1), "games/s"),
    ]
    for deck_id, floor in DECK_FLOORS.items():
        rate, _ = games_per_second("heuristic", games, deck_id=deck_id)
        rows.append(
            (f"heuristic bot, {deck_id}: complete games", round(rate, 1), "games/s", f"≥ {floor:g}", rate >= floor)
        )
    return rows
