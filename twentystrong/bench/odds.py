"""Benchmarks of the odds for ``twentystrong bench`` (style.md habit 9: timings are a command, not a test)."""

from __future__ import annotations

import time
from collections.abc import Callable

from twentystrong.odds.dice import DiceCounts, Face
from twentystrong.odds.model import PLAIN
from twentystrong.odds.rerolls import (
    best_apply,
    clear_cache,
    kill_probability,
    stored_table_loaded,
    without_stored_table,
)
from twentystrong.odds.single import single_roll
from twentystrong.odds.targets import Target, targets_odds

Row = tuple[str, float, str, str, bool | None]
_FACES: tuple[Face, ...] = ("hit", "miss", "crit", "hit", "hit")


def _best_ms(work: Callable[[], object], *, repeat: int, cold: bool) -> float:
    """The best of ``repeat`` timings of ``work`` in milliseconds (caches cleared first when ``cold``)."""
    best = float("inf")
    for _ in range(repeat):
        if cold:
            clear_cache()
        start = time.perf_counter()
        work()
        best = min(best, time.perf_counter() - start)
    return best * 1000


def bench_odds(quick: bool = False) -> list[Row]:
    """Time the odds: single roll, rerolls cold (from the shipped table, then computed) and cached, several targets.

    "Cold" clears every in-process cache first, the shipped table included, so the first row pays for reading and
    checking the file (the operating system may still have it in its page cache).
    """
    every = DiceCounts.all()
    typical = DiceCounts.parse("Y2,G2,B2,P2,R1")
    repeat = 1 if quick else 3
    rows: list[Row] = []

    ms = _best_ms(lambda: single_roll(every, PLAIN), repeat=repeat * 10, cold=True)
    rows.append(("odds: single-roll distribution, 17 dice, cold", ms, "ms", "≤ 1", ms <= 1))

    # The target: a cold plain-model question, answered from the shipped table read from disk (every in-process
    # cache cleared first). If the table is missing or stale the question is computed, and the row says so.
    clear_cache()
    loaded = stored_table_loaded()
    source = "shipped table" if loaded else "TABLE MISSING OR STALE, computed"
    ms = _best_ms(lambda: kill_probability(every, 20, phases=6), repeat=repeat * 10 if loaded else repeat, cold=True)
    rows.append(
        (f"odds: best-play kill probability, 17 dice, H 20, 6 phases, cold ({source})", ms, "ms", "≤ 50", ms <= 50)
    )
    # For information: the same question computed from scratch, as any other damage model or a need above 20 is.
    with without_stored_table():
        for k in (6,) if quick else (2, 4, 6):
            ms = _best_ms(lambda k=k: kill_probability(every, 20, phases=k), repeat=repeat, cold=True)  # type: ignore[misc]
            rows.append(
                (f"odds: best-play kill probability, 17 dice, H 20, {k} phases, cold, computed", ms, "ms", "", None)
            )

    clear_cache()
    kill_probability(every, 20, phases=6)
    ms = _best_ms(lambda: kill_probability(every, 17, phases=5), repeat=repeat * 10, cold=False)
    rows.append(("odds: best-play kill probability, 17 dice, H 17, 5 phases, cached", ms, "ms", "≤ 1", ms <= 1))
    with without_stored_table():
        kill_probability(every, 20, phases=6)
        ms = _best_ms(lambda: kill_probability(every, 17, phases=5), repeat=repeat * 10, cold=False)
        rows.append(
            ("odds: best-play kill probability, 17 dice, H 17, 5 phases, cached, computed", ms, "ms", "≤ 1", ms <= 1)
        )

    rolled: dict[str, Face] = {die: face for die, face in zip(every.die_ids(), _FACES * 4, strict=False)}
    ms = _best_ms(lambda: best_apply(rolled, 20, phases_after=5), repeat=repeat * 10, cold=False)
    rows.append(("odds: advice after a roll of 17 dice, H 20, 5 phases after, cached", ms, "ms", "≤ 1", ms <= 1))

    ms = _best_ms(lambda: kill_probability(typical, 12, phases=6), repeat=repeat, cold=True)
    rows.append(
        (f"odds: best-play kill probability, 9 dice, H 12, 6 phases, cold ({source})", ms, "ms", "≤ 50", ms <= 50)
    )
    with without_stored_table():
        ms = _best_ms(lambda: kill_probability(typical, 12, phases=6), repeat=repeat, cold=True)
    rows.append(("odds: best-play kill probability, 9 dice, H 12, 6 phases, cold, computed", ms, "ms", "", None))
    green = PLAIN.with_bonus(["green"])
    ms = _best_ms(lambda: kill_probability(typical, 12, phases=6, model=green), repeat=repeat, cold=True)
    rows.append(
        ("odds: best-play kill probability, 9 dice, H 12, 6 phases, cold, green +1 (computed)", ms, "ms", "", None)
    )

    targets = [Target(12), Target(8, model=PLAIN.with_crits_dealing(0))]
    samples = 2_000 if quick else 10_000
    ms = _best_ms(lambda: targets_odds(every, targets, phases=3, samples=samples), repeat=1, cold=True)
    rows.append((f"odds: two targets, 17 dice, 3 phases, Monte Carlo {samples:,} games", ms, "ms", "", None))
    return rows
