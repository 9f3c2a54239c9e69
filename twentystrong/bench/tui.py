"""Benchmarks of the terminal UI for ``twentystrong bench``: start-up time and keypress-to-repaint latency.

Three measurements, all of real play on the shipped deck (fixed hero and seed, autosave into a temporary folder):

- **Start-up**: ``twentystrong play --hero … --seed …`` is started in a pseudo-terminal, and the wall time until the
  step bar (``Round 1``) reaches the terminal is compared with a hello-world Textual app started the same way.
- **Keys in a terminal**: in that same process, a scripted game is typed into the pseudo-terminal the way a player
  types it (``2``, ``b`` then space, Enter …); each key's latency runs from writing it to the last byte of the
  repaint it caused (the output is then quiet for :data:`QUIET` seconds). A copy of the game in this process, fed
  the same commands, tells the script what to type next (same seed and commands, same game: contract 4); the
  child's autosave is compared with it at the end, so a script that went astray is reported, not timed.
- **Keys under Pilot**: the same script in ``App.run_test``; each key runs from posting it to the end of the last
  compositor refresh of the table it caused. Headless, so terminal output is not included; the figure the
  profiler works on (``python -m twentystrong.bench.tui --profile``). Beside it, the UI thread's CPU time per key
  (Pilot's own work included), which a busy machine does not change: the figure to compare two builds by there.

Wall-clock figures on purpose (a player waits on the wall clock); the median keeps a busy machine's outliers out.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import os
import select
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twentystrong.bench import Row, at_most
from twentystrong.engine.commands import Command
from twentystrong.tui.store import GameView

DECK = "solar-sentinels"
SEED = 3
SIZE = (120, 40)
"""Terminal columns and rows for every measurement."""
KEY_TARGET_MS = 16.0
"""Issue 27's floor for the median key (a frame at 60 Hz)."""
WORST_TARGET_MS = 100.0
"""Issue 27's floor for the slowest key in a terminal."""
START_RATIO_TARGET = 1.3
MAX_GAMES = 6
"""A script that ends a game early (lost, or a prompt it does not answer) goes on with the next seed."""
QUIET = 0.25
"""Seconds without output after which a key's repaint counts as finished."""
START_TIMEOUT = 30.0
HELLO = """\
from textual.app import App, ComposeResult
from textual.widgets import Static


class Hello(App[None]):
    def compose(self) -> ComposeResult:
        yield Static("Hello, world")


Hello().run()
"""
"""The reference app for start-up: the smallest Textual app, started by the same interpreter."""

PTY_KEYS = {"enter": b"\r", "space": b" ", "escape": b"\x1b"}
QUIT = b"\x11"  # ctrl+q


# --- the script: what a player types for the next move ---------------------------------------------------------


@dataclass(frozen=True)
class Move:
    """A command and the keys that play it: groups of keys, each group typed at once (``("b", "3")`` is one)."""

    command: Command
    keys: tuple[tuple[str, ...], ...]


DIE_COMMANDS = ("commit", "apply", "recover", "choose", "face")
ENTER_ORDER = ("roll", "resolve", "done", "take_reward", "gain_item")
"""What Enter plays when no die is selected: the table's Enter bindings, in order."""


def _usable(view: GameView) -> list[str]:
    """Dice the table lets the player pick now (as the table computes it)."""
    seen = {c.die for c in view.legal if c.cmd in DIE_COMMANDS and c.die}
    return [d.id for d in view.player.dice if d.id in seen]


def _letter(die: str) -> str:
    # "r" may mean Repeat (the table waits a moment for a "1"); the capital always selects the red die.
    return "R" if die[0] == "R" else die[0].lower()


def _first_of_colour(view: GameView, die: str) -> bool:
    """Whether the colour key selects this die (the first usable die of its colour)."""
    return next((d for d in _usable(view) if d[0] == die[0]), None) == die


def _enter(view: GameView) -> Move | None:
    for cmd in ENTER_ORDER:
        command = view.first(cmd)
        if command is not None:
            return Move(command, (("enter",),))
    activates = view.find("activate")
    if len(activates) == 1:
        return Move(activates[0], (("enter",),))
    return None


def _idle(view: GameView, take: Command) -> bool:
    """Whether an instant reward would do nothing now (the table's Enter leaves it)."""
    reward = view.deck.card(str(take.card)).reward
    return reward is not None and view.player.recovers_nothing(reward.effects)


def _select_and_play(view: GameView, commands: Sequence[Command]) -> Move | None:
    """The colour key (selects the die) then space (plays it), for the first command whose die that selects."""
    for command in commands:
        if command.die is not None and _first_of_colour(view, command.die):
            return Move(command, ((_letter(command.die),), ("space",)))
    return None


STRONGEST_FIRST = "RPBGY"
"""The script commits the strongest dice first (so its games last a few rounds)."""


def next_move(view: GameView, *, commits: int = 4) -> Move | None:
    """The next move of the script, or None where it stops (game over, a list to choose from, physical dice).

    Activate the first stack that may be, commit up to ``commits`` dice, roll, apply every hit, resolve, recover
    what may be, take the rewards, discard from the first stack, keep playing at the endgame choice.
    """
    kind = view.kind
    legal = view.legal
    if kind in ("activate", "stack_discard", "choose_stack"):
        for command in legal:
            pile = dict(command.args).get("stack")  # the deck's piles, chosen by their number key
            if pile is not None and command.cmd in ("activate", "stack_discard", "choose"):
                return Move(command, ((str(pile),),))
        return None
    if kind == "commit":
        if len(view.player.dice_in("active")) < commits:
            ranked = sorted(view.find("commit"), key=lambda c: STRONGEST_FIRST.index((c.die or "Y")[0]))
            move = _select_and_play(view, ranked)
            if move is not None:
                return move
        return _enter(view)
    if kind == "apply":
        for command in view.find("apply"):
            assert command.die is not None and command.card is not None
            if len(view.find("apply", die=command.die)) == 1:
                move = _select_and_play(view, [command])
                if move is not None:
                    return move
                continue
            number = next(n for n, card in enumerate(view.player.active, start=1) if card.id == command.card)
            if number <= 9 and view.first("apply", die=command.die) == command:
                # Several targets: type the die's id, then the card's number.
                return Move(command, ((_letter(command.die), command.die[1:]), (str(number),)))
        return _enter(view)
    if kind == "recover":
        return _select_and_play(view, view.find("recover")) or _enter(view)
    if kind in ("gain_items", "instant_reward"):
        take = view.first("take_reward")
        decline = view.first("decline_reward")
        if take is not None and decline is not None and _idle(view, take):
            return Move(decline, (("x",),))  # Enter does not take a reward that would do nothing
        return _enter(view)
    if kind == "endgame_choice":
        decline = view.first("decline_endgame")
        return Move(decline, (("x",),)) if decline is not None else None
    if kind == "choose_card":
        for command in view.find("choose"):
            numbers = [n for n, card in enumerate(view.player.active, start=1) if card.id == command.card]
            if numbers and numbers[0] <= 9:
                return Move(command, ((str(numbers[0]),),))
        return None
    if kind == "choose_die":
        return _select_and_play(view, view.find("choose"))
    return None


# --- keys under Pilot -------------------------------------------------------------------------------------------


@contextlib.contextmanager
def _data_dir() -> Iterator[Path]:
    """A temporary user data folder (the autosave goes there, never over the player's own game)."""
    from twentystrong.session.paths import DATA_DIR_ENV

    old = os.environ.get(DATA_DIR_ENV)
    with tempfile.TemporaryDirectory(prefix="twentystrong-bench-") as tmp:
        os.environ[DATA_DIR_ENV] = tmp
        try:
            yield Path(tmp)
        finally:
            if old is None:
                os.environ.pop(DATA_DIR_ENV, None)
            else:
                os.environ[DATA_DIR_ENV] = old


def default_hero() -> str:
    """The first hero of the shipped deck."""
    from twentystrong.content.loader import load_shipped

    return load_shipped(DECK).heroes[0].id


async def pilot_latencies(
    keys: int, *, hero: str | None = None, seed: int = SEED, on_key: Callable[[], Any] | None = None
) -> list[float]:
    """Seconds from each key to the end of the last repaint it caused, for ``keys`` keys of the script.

    ``on_key`` (the profiler) is entered around the handling of each key.
    """
    hero = hero or default_hero()
    out: list[float] = []
    for game in range(MAX_GAMES):
        if len(out) >= keys:
            break
        out += await _pilot_game(keys - len(out), hero, seed + game, on_key)
    return out


async def _pilot_game(keys: int, hero: str, seed: int, on_key: Callable[[], Any] | None) -> list[float]:
    from textual._wait import wait_for_idle

    from twentystrong.tui.app import WARM_UP_THREAD, create_app

    # As ``twentystrong play`` runs it (cli.play): the collector paused until the first frame, then start-up's
    # survivors frozen out of its later passes (TwentyStrongApp.on_ready), so that a key pays for the full passes a
    # player's keys pay for, no more.
    gc.disable()
    try:
        app = create_app(deck_id=DECK, hero=hero, seed=seed, hints=False)
    except BaseException:
        gc.enable()
        raise
    app.gc_paused = True
    out: list[float] = []
    async with app.run_test(size=SIZE) as pilot:
        await pilot.pause()
        # As a player reads the table before the first key: the modules the first keys need are imported meanwhile
        # (TwentyStrongApp.on_ready), and start-up's objects are frozen; the pty measurement waits for a quiet
        # second likewise.
        for thread in threading.enumerate():
            if thread.name == WARM_UP_THREAD:
                await asyncio.to_thread(thread.join)
        while not gc.get_freeze_count() and app.is_running:
            await asyncio.sleep(0.05)  # polls for the freeze (TwentyStrongApp._freeze_startup), a condition
        screen = app.screen
        painted: list[float] = []
        refresh = screen._compositor_refresh

        def timed_refresh() -> None:
            refresh()
            painted.append(time.perf_counter())

        screen._compositor_refresh = timed_refresh  # type: ignore[method-assign]  # a bench probe

        async def settle() -> None:
            # Until nothing is repainted for a while: queues empty, workers done, the update timer quiet.
            while True:
                seen = len(painted)
                await pilot._wait_for_screen()
                await app.workers.wait_for_complete()
                await wait_for_idle(0.1)
                if len(painted) == seen:
                    return

        await settle()
        while len(out) < keys:
            assert app.store is not None
            move = next_move(app.store.view)
            if move is None or app.screen is not screen:
                break
            for group in move.keys:
                *first, last = group
                if first:
                    await pilot.press(*first)
                painted.clear()
                context = on_key() if on_key is not None else contextlib.nullcontext()
                with context:
                    start = time.perf_counter()
                    await pilot.press(last)
                    await settle()
                if painted:
                    out.append(painted[-1] - start)
            if app.store.view.last != move.command:
                break  # the table read the keys differently: stop rather than time something else
    gc.unfreeze()  # the next game starts as a new process would
    gc.enable()
    return out


# --- a pseudo-terminal ------------------------------------------------------------------------------------------


class Terminal:
    """A child process on a pseudo-terminal of :data:`SIZE`, whose output is read (and timed) as it comes."""

    def __init__(self, argv: Sequence[str], env: dict[str, str]) -> None:
        import fcntl
        import struct
        import termios

        master, slave = os.openpty()
        columns, rows = SIZE
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.master = master
        self.started = time.perf_counter()
        self.process = subprocess.Popen(
            list(argv), stdin=slave, stdout=slave, stderr=slave, env=env, close_fds=True, start_new_session=True
        )
        os.close(slave)
        self.output = bytearray()
        self.last_output = self.started

    def read(self, timeout: float) -> bool:
        """Read what arrives within ``timeout`` seconds; False when nothing did (or the child is gone)."""
        ready, _, _ = select.select([self.master], [], [], max(0.0, timeout))
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except OSError:  # the child closed the terminal
            return False
        if not data:
            return False
        self.output += data
        self.last_output = time.perf_counter()
        return True

    def wait_for(self, marker: bytes, timeout: float = START_TIMEOUT) -> float:
        """Seconds from the start until ``marker`` was in the output (raises TimeoutError)."""
        deadline = self.started + timeout
        while marker not in self.output:
            left = deadline - time.perf_counter()
            if left <= 0 or (not self.read(left) and self.process.poll() is not None):
                tail = bytes(self.output[-400:])
                raise TimeoutError(f"{marker!r} not shown within {timeout:g} s (exit {self.process.poll()}): {tail!r}")
        return self.last_output - self.started

    def quiet(self, seconds: float = QUIET, limit: float = 10.0) -> None:
        """Read until nothing arrives for ``seconds`` (at most ``limit`` seconds in all)."""
        deadline = time.perf_counter() + limit
        while time.perf_counter() < deadline and self.read(seconds):
            pass

    def press(self, key: str) -> float | None:
        """Type a key; seconds until the last byte of its repaint (None: nothing was repainted)."""
        self.quiet(0.0)  # drop anything pending
        before = len(self.output)
        sent = time.perf_counter()
        os.write(self.master, PTY_KEYS.get(key, key.encode()))
        self.quiet()
        return self.last_output - sent if len(self.output) > before else None

    def close(self) -> None:
        """Quit (ctrl+q), and kill the child if it does not go."""
        with contextlib.suppress(OSError):
            os.write(self.master, QUIT)
        deadline = time.perf_counter() + 5
        while self.process.poll() is None and time.perf_counter() < deadline:
            self.read(0.1)
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)


def _child_env(data_dir: Path) -> dict[str, str]:
    from twentystrong.session.paths import DATA_DIR_ENV

    env = {k: v for k, v in os.environ.items() if not k.startswith("TEXTUAL")}
    env.update({"TERM": "xterm-256color", "COLORTERM": "truecolor", DATA_DIR_ENV: str(data_dir)})
    env.pop("NO_COLOR", None)
    # Measure start-up as an installed copy runs: with compiled bytecode. Some environments forbid writing it
    # (PYTHONDONTWRITEBYTECODE), which would recompile our modules on every start while the one-file hello world
    # has nothing to compile; keep the bytecode in the bench's own temp folder, never in the tree.
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    env["PYTHONPYCACHEPREFIX"] = str(data_dir / "pycache")
    return env


def play_argv(hero: str, seed: int = SEED) -> list[str]:
    """The command line measured: ``python -m twentystrong play --hero HERO --seed SEED``."""
    return [sys.executable, "-m", "twentystrong", "play", "--hero", hero, "--seed", str(seed)]


def round_one() -> bytes:
    """The step bar's first words in the language the game speaks (the child inherits the environment): the table
    is up when they are on the terminal."""
    from twentystrong.i18n import _

    return _("Round {n}").format(n=1).encode("utf-8")


def start_times(runs: int, hero: str) -> tuple[list[float], list[float]]:
    """Start-up seconds of the game and of hello world, run alternately (``runs`` each)."""
    game: list[float] = []
    hello: list[float] = []
    with tempfile.TemporaryDirectory(prefix="twentystrong-bench-") as tmp:
        env = _child_env(Path(tmp))
        for _ in range(runs):
            for argv, marker, into in (
                ([sys.executable, "-c", HELLO], b"Hello, world", hello),
                (play_argv(hero), round_one(), game),
            ):
                terminal = Terminal(argv, env)
                try:
                    into.append(terminal.wait_for(marker))
                finally:
                    terminal.close()
    return game, hello


def terminal_latencies(keys: int, hero: str, seed: int = SEED) -> tuple[list[float], bool]:
    """Seconds per key of the script typed into the real game in a pseudo-terminal; and whether every game the
    child autosaved is the one this process expected (False: the figures are not of the intended moves)."""
    out: list[float] = []
    same = True
    for game in range(MAX_GAMES):
        if len(out) >= keys:
            break
        more, ok = _terminal_game(keys - len(out), hero, seed + game)
        out += more
        same = same and ok
    return out, same


def _terminal_game(keys: int, hero: str, seed: int) -> tuple[list[float], bool]:
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.state import SetupOptions
    from twentystrong.session.session import Session
    from twentystrong.tui.store import make_view

    deck = load_shipped(DECK)
    mirror = Session.new(deck, SetupOptions(deck_id=DECK, hero_id=hero, seed=seed))
    out: list[float] = []
    with tempfile.TemporaryDirectory(prefix="twentystrong-bench-") as tmp:
        terminal = Terminal(play_argv(hero, seed), _child_env(Path(tmp)))
        try:
            terminal.wait_for(round_one())
            terminal.quiet(1.0)
            while len(out) < keys:
                move = next_move(make_view(mirror))
                if move is None:
                    break
                for group in move.keys:
                    *first, last = group
                    if first:
                        os.write(terminal.master, b"".join(PTY_KEYS.get(k, k.encode()) for k in first))
                    seconds = terminal.press(last)
                    if seconds is not None:
                        out.append(seconds)
                mirror.dispatch(move.command)
        finally:
            terminal.close()
        saved = Path(tmp) / "autosave.toml"
        same = saved.is_file() and Session.load(saved).events == mirror.events
    return out, same


# --- the provider -----------------------------------------------------------------------------------------------


def _ms(values: Sequence[float]) -> float:
    return statistics.median(values) * 1000 if values else float("nan")


def bench_tui(*, quick: bool = False) -> list[Row]:
    """Start-up against hello world, and the median keypress-to-repaint latency in a terminal and under Pilot."""
    hero = default_hero()
    runs, keys = (2, 24) if quick else (10, 40)  # start-ups of each, alternating: the best of 10 is steadier
    rows: list[Row] = []
    game, hello = start_times(runs, hero)
    ratio = min(game) / min(hello)
    rows.append(Row("tui start-up to the table (pty, best)", min(game) * 1000, "ms"))
    rows.append(Row("hello-world Textual app start-up (pty, best)", min(hello) * 1000, "ms"))
    rows.append(at_most("tui start-up / hello world", ratio, "×", START_RATIO_TARGET))
    typed, same = terminal_latencies(keys, hero)
    name = f"tui keypress→repaint median, {len(typed)} keys (pty)"
    if not same:
        name += " [script went astray]"
    rows.append(at_most(name, _ms(typed), "ms", KEY_TARGET_MS))
    if typed:
        rows.append(at_most("tui keypress→repaint worst (pty)", max(typed) * 1000, "ms", WORST_TARGET_MS))
    cpu: list[float] = []
    with _data_dir():
        pressed = asyncio.run(pilot_latencies(keys, hero=hero, on_key=lambda: _thread_cpu(cpu)))
    rows.append(at_most(f"tui keypress→repaint median, {len(pressed)} keys (Pilot)", _ms(pressed), "ms", KEY_TARGET_MS))
    if cpu:
        # The UI thread's own work per key (Pilot's included, some 5 ms): CPU time, so other processes on a busy
        # machine do not change it, as they do the wall-clock figures above.
        rows.append(Row("tui UI-thread CPU per key, median (Pilot)", _ms(cpu), "ms"))
        rows.append(Row("tui UI-thread CPU per key, worst (Pilot)", max(cpu) * 1000, "ms"))
    return rows


@contextlib.contextmanager
def _thread_cpu(into: list[float]) -> Iterator[None]:
    """Add the CPU seconds this thread spends inside the block to ``into``."""
    started = time.thread_time()
    try:
        yield
    finally:
        into.append(time.thread_time() - started)


def _profile(keys: int, sort: str) -> None:
    """Profile the handling of each key of the script (cProfile, cumulative), then print the slowest calls."""
    import cProfile
    import pstats

    profiler = cProfile.Profile()

    @contextlib.contextmanager
    def on_key() -> Iterator[None]:
        profiler.enable()
        try:
            yield
        finally:
            profiler.disable()

    with _data_dir():
        latencies = asyncio.run(pilot_latencies(keys, on_key=on_key))
    print(f"{len(latencies)} keys, median {_ms(latencies):.1f} ms, max {max(latencies) * 1000:.1f} ms")
    pstats.Stats(profiler).sort_stats(sort).print_stats(45)


if __name__ == "__main__":  # python -m twentystrong.bench.tui [--profile] [--keys N] [--sort cumulative|tottime]
    import argparse

    parser = argparse.ArgumentParser(prog="python -m twentystrong.bench.tui")
    parser.add_argument("--profile", action="store_true", help="profile the keys under Pilot (cProfile)")
    parser.add_argument("--keys", type=int, default=40)
    parser.add_argument("--sort", default="cumulative")
    parser.add_argument("--quick", action="store_true")
    arguments = parser.parse_args()
    if arguments.profile:
        _profile(arguments.keys, arguments.sort)
    else:
        from twentystrong.cli.bench import table

        print(table(bench_tui(quick=arguments.quick)))
