"""Engine benchmarks: atomic commands per second, random games per second, undo cost by depth, save loading.

Compute-bound figures use the process's CPU time (:data:`CLOCK`), so other load on a shared machine (CI runners,
a busy laptop) does not halve them; the best of several batches counts, as with ``timeit``. Writing a save waits
on the disk, so it is timed by the wall clock.
"""

from __future__ import annotations

import random
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from twentystrong.bench import Row, at_least, at_most
from twentystrong.bench.decks import arena_deck, bench_deck, harmless_deck
from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import SetupOptions, initial_state
from twentystrong.session.session import Session

ATOMIC_TARGET = 20_000
GAMES_TARGET = 100
UNDO_RATIO_TARGET = 2.0
LOAD_TARGET_MS = 100.0
SAVE_EVENTS = 2_000
DEEP = 5_000
SHALLOW = 10
CLOCK = time.process_time
"""The clock of compute-bound benchmarks: CPU seconds of this process."""


def bench_engine(*, quick: bool = False) -> list[Row]:
    """Every engine row."""
    seconds = 0.3 if quick else 2.0
    with tempfile.TemporaryDirectory(prefix="twentystrong-bench-") as tmp:
        work = Path(tmp)
        deck, which = bench_deck(work)
        hero = deck.heroes[0].id
        arena, arena_which = arena_deck(work)
        rows = [
            *atomic_and_games(deck, which, hero, seconds),
            *atomic_and_games(arena, arena_which, "", seconds),  # the hero chosen from the draw in the game
            *undo_by_depth(work, quick=quick),
            *save_loading(work, quick=quick),
        ]
    return rows


def atomic_and_games(deck: Deck, which: str, hero: str, seconds: float) -> list[Row]:
    """Atomic commands per second (decide + evolve only) and complete random-legal games per second.

    The same batch of seeded games is played again and again for ``seconds``; the best batch counts (as ``timeit``
    does), so other load on the machine disturbs the figures less.
    """
    batch = 10
    best_decide = best_game = float("inf")
    commands = 0
    started = CLOCK()
    rounds = 0
    while rounds < 3 or CLOCK() - started < seconds:
        decide_time, total, commands = _batch(deck, hero, batch)
        best_decide, best_game = min(best_decide, decide_time), min(best_game, total)
        rounds += 1
    return [
        at_least(f"engine: atomic commands, decide+evolve ({which})", commands / best_decide, "cmd/s", ATOMIC_TARGET),
        at_least(f"engine: random-legal games, complete ({which})", batch / best_game, "games/s", GAMES_TARGET),
        Row(f"engine: commands per random game, mean ({which})", commands / batch, "cmd"),
    ]


def _batch(deck: Deck, hero: str, games: int) -> tuple[float, float, int]:
    """Play ``games`` seeded random games: (seconds inside decide_and_apply, seconds in all, commands)."""
    clock = CLOCK
    decide_time = 0.0
    commands = 0
    started = clock()
    for seed in range(games):
        rng = random.Random(seed)
        state = initial_state(deck, SetupOptions(deck.id, hero, seed=seed))
        command = Command("start")
        while True:
            t0 = clock()
            result = decide_and_apply(state, command)
            decide_time += clock() - t0
            commands += 1
            if isinstance(result, Rejected):
                raise AssertionError(f"legal command {command} refused: {result}")
            state = result[1]
            if state.result is not None:
                break
            legal = legal_commands(state)
            command = legal[rng.randrange(len(legal))]  # any legal command, uniformly
    return decide_time, clock() - started, commands


def _deep_session(work: Path, depth: int) -> Session:
    """An assisted session of a real game, ``depth`` commands deep (a harmless deck lets it last)."""
    deck, folder = harmless_deck(work)
    options = SetupOptions(deck.id, "tester", seed=7, assisted=True)
    commands = _dawdle(deck, options, lambda commands, events: commands >= depth)
    if len(commands) < depth:  # pragma: no cover - the harmless deck never ends against the dawdler
        raise AssertionError(f"the game ended after {len(commands)} commands, before depth {depth}")
    return _session_of(deck, options, commands, folder)


def _undo_redo_cost(session: Session, repeats: int) -> float:
    """Median seconds of one undo + redo pair, over ``repeats`` batches of 50."""
    samples = []
    for _ in range(repeats):
        t0 = CLOCK()
        for _ in range(50):
            session.undo()
            session.redo()
        samples.append((CLOCK() - t0) / 50)
    return statistics.median(samples)


def undo_by_depth(work: Path, *, quick: bool = False) -> list[Row]:
    """Undo + redo at depth 10 and at depth 5,000 of one real game: the cost must not grow (contract 5)."""
    shallow = _deep_session(work, SHALLOW)
    deep = _deep_session(work, DEEP)
    repeats = 20 if quick else 200
    _undo_redo_cost(shallow, 3)  # warm-up
    cost_shallow = _undo_redo_cost(shallow, repeats)
    cost_deep = _undo_redo_cost(deep, repeats)
    ratio = cost_deep / cost_shallow
    return [
        Row(f"session: undo+redo at depth {SHALLOW}", cost_shallow * 1e6, "µs"),
        Row(f"session: undo+redo at depth {DEEP:,}", cost_deep * 1e6, "µs"),
        at_most(f"session: undo cost, depth {DEEP:,} / depth {SHALLOW}", ratio, "×", UNDO_RATIO_TARGET),
    ]


def _timed(action: Callable[[], object], repeats: int, clock: Callable[[], float] = CLOCK) -> float:
    """The best of ``repeats`` runs, in seconds of ``clock``."""
    samples = []
    for _ in range(repeats):
        t0 = clock()
        action()
        samples.append(clock() - t0)
    return min(samples)


def save_loading(work: Path, *, quick: bool = False) -> list[Row]:
    """Save and load a game of 2,000 events (deck in memory), and a cold deck load for comparison."""
    deck, folder = harmless_deck(work)
    options = SetupOptions(deck.id, "tester", seed=11)
    commands = _dawdle(deck, options, lambda commands, events: events >= SAVE_EVENTS)
    session = _session_of(deck, options, commands, folder)
    path = work / "bench-save.toml"
    repeats = 5 if quick else 20
    save_s = _timed(lambda: session.save(path), repeats, time.perf_counter)
    loaded = Session.load(path, deck)
    assert loaded.state == session.state, "a loaded save must give the same state"
    load_s = _timed(lambda: Session.load(path, deck), repeats)
    deck_s = _timed(lambda: load_deck(folder), max(3, repeats // 4))
    n = len(session.events)
    return [
        at_most(f"saves: load a {n:,}-event save (deck in memory)", load_s * 1e3, "ms", LOAD_TARGET_MS),
        Row(f"saves: write a {n:,}-event save (atomic)", save_s * 1e3, "ms"),
        Row("content: load and validate a deck folder", deck_s * 1e3, "ms"),
    ]


def _dawdle(deck: Deck, options: SetupOptions, enough: Callable[[int, int], bool]) -> list[Command]:
    """The commands of a game played at random, never damaging the boss nor starting the endgame early: against
    the harmless deck (enemies dealing no damage) it goes on until ``enough(commands, events)``."""
    rng = random.Random(options.seed)
    state = initial_state(deck, options)
    commands: list[Command] = []
    events = 0
    command = Command("start")
    while True:
        result = decide_and_apply(state, command)
        if isinstance(result, Rejected):  # a legal command was refused: an engine bug worth a loud failure
            raise AssertionError(f"legal command {command} refused: {result.code}: {result.message}")
        commands.append(command)
        events += len(result[0])
        state = result[1]
        if state.result is not None or enough(len(commands), events):
            return commands
        boss = {c.id for c in state.active if c.boss}
        legal = legal_commands(state)
        calm = [c for c in legal if not (c.cmd == "apply" and c.card in boss) and c.cmd != "start_endgame"] or legal
        command = calm[rng.randrange(len(calm))]


def _session_of(deck: Deck, options: SetupOptions, commands: list[Command], folder: Path) -> Session:
    session = Session.new(deck, options, deck_path=folder)
    for command in commands[1:]:
        result = session.dispatch(command)
        assert not isinstance(result, Rejected), result
    return session
