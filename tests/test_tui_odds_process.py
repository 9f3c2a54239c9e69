"""Issue 27's keys: the odds panel's slow questions go to a worker process (``tui.widgets.odds_process``), so a key's
repaint never waits for the odds' arithmetic (a thread shares the interpreter's lock with the keys).

What matters to a player: the panel shows the figures of the dice on the table (never an answer to an older
question), the process ends with the game (no process left behind, no traceback at quit), and where no process can
start or it dies, the odds still come (a thread computes them). R12: only the player's view goes to the process.
Every wait here is for a condition, with a generous deadline for a busy machine.
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from test_effects_passive import card, effect
from test_tui_odds import commit, each, make_app, panel_of, press, settle
from textual.pilot import Pilot
from textual.screen import Screen
from tui_helpers import _patient_letters  # noqa: F401  # autouse: a colour letter waits 5 s for its digit

from twentystrong.odds import PLAIN, DiceCounts, clear_cache, kill_probabilities
from twentystrong.tui.widgets import odds as odds_widget
from twentystrong.tui.widgets import odds_process
from twentystrong.tui.widgets.odds_process import OddsProcess

DEADLINE = 120.0
"""Seconds any condition may take on a loaded machine (the process's first answer imports numpy and the odds)."""


async def until(pilot: Pilot[None], condition: Callable[[], bool], what: str) -> None:
    """Let the app run until ``condition`` holds (fails after :data:`DEADLINE`)."""
    deadline = time.monotonic() + DEADLINE
    while not condition():
        assert time.monotonic() < deadline, f"not within {DEADLINE:g} s: {what}"
        await pilot.pause()


def gone(pid: int) -> bool:
    """Whether no process (not even a zombie) has this id."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    return False


async def opening(pilot: Pilot[None], *dice: str) -> None:
    """The game's start: stack 1's card activated, then ``dice`` committed (each answered)."""
    await settle(pilot)
    await press(pilot, "1")
    await commit(pilot, *dice)


SHELL = card("mirror-shell", effect("crits_deal_zero"), health=6)
"""Crits deal 0: its best-play table is not built until asked (clear_cache), so its questions go to the process."""


async def test_a_stale_answer_is_never_shown_after_a_key_moves_the_game_on(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """P1 is committed and its odds asked; before they come back, P2 is committed. P1's answer, when it comes, is
    kept (cached) but not shown: the panel says "computing…" until the answer for P1 and P2 is in, then shows it."""
    clear_cache()
    held: list[tuple[OddsProcess, tuple[Any, ...]]] = []
    hold = True
    real = OddsProcess._answered

    def holding(process: OddsProcess, *answer: Any) -> None:
        if hold:
            held.append((process, answer))
        else:
            real(process, *answer)

    monkeypatch.setattr(OddsProcess, "_answered", holding)
    app = make_app(tmp_path, card("mirror-shell", effect("crits_deal_zero"), health=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await pilot.pause()
        await until(pilot, lambda: len(held) == 1, "the empty commit step's answer")
        hold = False
        process, answer = held.pop()
        real(process, *answer)
        await settle(pilot)
        hold = True
        panel = panel_of(app)
        await pilot.press("p", "1")
        await until(pilot, lambda: len(held) == 1, "P1's answer")  # back, but not handed to the panel yet
        assert panel.question is not None and panel.question.dice == ("P1",)
        await pilot.press("p", "2")
        await until(pilot, lambda: panel.question is not None and panel.question.dice == ("P1", "P2"), "P2 committed")
        assert panel.chances is None and "computing…" in panel.shown_text()
        process, answer = held.pop()
        real(process, *answer)  # P1's answer, stale now (and P1 and P2's question sent)
        await pilot.pause()
        assert panel.question.dice == ("P1", "P2")
        assert panel.chances is None and "computing…" in panel.shown_text()  # never P1's figures
        await until(pilot, lambda: len(held) == 1, "P1 and P2's answer")
        hold = False
        process, answer = held.pop()
        real(process, *answer)
        await settle(pilot)
        model = PLAIN.with_crits_dealing(0)
        expected = kill_probabilities(DiceCounts.from_ids(["P1", "P2"]), 2, phases=3, model=model)[-1]
        assert each(panel) == (expected,)
        assert "computing…" not in panel.shown_text()
        alone = kill_probabilities(DiceCounts.from_ids(["P1"]), 2, phases=3, model=model)[-1]
        assert alone != expected  # P1's figures would have been wrong


async def test_the_worker_process_exits_with_the_app(tmp_path: Path) -> None:
    """The process starts after the table's first frame (its import of the odds is over before the first commit
    step), answers, and is ended and reaped (not left a zombie) when the app exits."""
    app = make_app(tmp_path, card("rust-maw", health=7, damage=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = panel_of(app)
        assert not panel.display and panel._process.running  # started while the player reads the table
        await press(pilot, "1")
        await commit(pilot, "P1", "R1")
        assert panel._process.running, panel._process.failed
        pid = panel._process.pid
        assert pid is not None and not gone(pid)
        assert panel.chances is not None
    assert gone(pid)


async def test_the_question_sent_holds_only_the_players_view(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """R12: what the process is sent is the frozen question read from the player's view: the dice, the active
    enemies' numbers. No face-down card of the stacks is in it."""
    sent: list[bytes] = []
    real = odds_process._frame

    def recorded(message: object) -> bytes:
        framed = real(message)
        if message is not None:
            sent.append(framed)
        return framed

    monkeypatch.setattr(odds_process, "_frame", recorded)
    app = make_app(tmp_path, card("rust-maw", health=7, damage=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await opening(pilot, "P1", "R1")
        panel = panel_of(app)
        assert panel.chances is not None
    questions = [pickle.loads(framed[4:]) for framed in sent]
    assert questions and all(isinstance(q, odds_widget.OddsQuestion) for _, q in questions)
    assert any(q.dice == ("P1", "R1") for _, q in questions)
    assert not any(b"filler-" in framed for framed in sent)  # the stacks' face-down cards (test_effects_passive)


async def test_where_no_process_can_start_a_thread_answers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A process that cannot start (here: ``Popen`` refuses) leaves the odds to a worker thread: the same figures, and
    the panel's process says why."""
    clear_cache()

    def refused(*args: Any, **kwargs: Any) -> subprocess.Popen[bytes]:
        raise OSError("no processes here")

    monkeypatch.setattr(odds_process.subprocess, "Popen", refused)
    app = make_app(tmp_path, SHELL)
    async with app.run_test(size=(120, 40)) as pilot:
        await opening(pilot, "P1", "P2")
        panel = panel_of(app)
        assert panel._process.failed is not None and "no processes here" in panel._process.failed
        model = PLAIN.with_crits_dealing(0)
        assert each(panel) == (kill_probabilities(DiceCounts.from_ids(["P1", "P2"]), 6, phases=3, model=model)[-1],)


async def test_when_the_process_dies_a_thread_takes_over(tmp_path: Path) -> None:
    """The process killed mid-game: the next question is answered in a thread, with the right figures."""
    clear_cache()
    app = make_app(tmp_path, SHELL)
    async with app.run_test(size=(120, 40)) as pilot:
        await opening(pilot, "P1")
        panel = panel_of(app)
        pid = panel._process.pid
        assert pid is not None and panel._process.running
        os.kill(pid, signal.SIGKILL)
        await until(pilot, lambda: panel._process.failed is not None, "the process's end noticed")
        assert gone(pid)  # reaped
        await commit(pilot, "P2", "R1")
        model = PLAIN.with_crits_dealing(0)
        expected = kill_probabilities(DiceCounts.from_ids(["P1", "P2", "R1"]), 6, phases=3, model=model)[-1]
        assert each(panel) == (expected,)


async def test_the_first_frame_asks_the_panel_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The panel's first question (which imports the odds package) is asked after the table's first frame."""
    frames: list[int] = []
    asked_after: list[int] = []
    real_refresh = Screen._compositor_refresh
    real_question = odds_widget.question_for

    def counted(screen: Screen[Any]) -> None:
        real_refresh(screen)
        frames.append(1)

    def asked(*args: Any, **kwargs: Any) -> Any:
        asked_after.append(len(frames))
        return real_question(*args, **kwargs)

    monkeypatch.setattr(Screen, "_compositor_refresh", counted)
    monkeypatch.setattr(odds_widget, "question_for", asked)
    app = make_app(tmp_path, card("rust-maw", health=7, damage=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert asked_after, "the panel was never asked"
        assert asked_after[0] >= 1


def test_quitting_the_game_ends_the_process_without_a_traceback() -> None:
    """``twentystrong play`` in a pseudo-terminal: the first commit step starts the odds process (a child of the
    game); ctrl+q ends the game, the process with it (reaped by the game), and nothing like a traceback reaches the
    terminal."""
    from twentystrong.bench.tui import DECK, SEED, Terminal, _child_env, default_hero, next_move, play_argv, round_one
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.state import SetupOptions
    from twentystrong.session.session import Session
    from twentystrong.tui.store import make_view

    if not Path("/proc/self/status").exists():
        pytest.skip("no /proc on this system")
    hero = default_hero()
    deck = load_shipped(DECK)
    mirror = Session.new(deck, SetupOptions(deck_id=DECK, hero_id=hero, seed=SEED))
    keys = b""  # the stacks activated: the commit step, where the odds are shown
    while make_view(mirror).kind != "commit":
        move = next_move(make_view(mirror))
        assert move is not None and move.command.cmd == "activate"
        keys += move.keys[0][0].encode()
        mirror.dispatch(move.command)
    with tempfile.TemporaryDirectory(prefix="twentystrong-test-") as tmp:
        terminal = Terminal(play_argv(hero, SEED), _child_env(Path(tmp)))
        try:
            terminal.wait_for(round_one(), timeout=DEADLINE)
            game = terminal.process.pid
            os.write(terminal.master, keys)
            deadline = time.monotonic() + DEADLINE
            odds: list[int] = []
            while not odds:
                assert time.monotonic() < deadline, "no odds process started"
                terminal.read(0.2)
                odds = _children(game, odds_process.CHILD.encode())
            os.write(terminal.master, b"\x11")  # ctrl+q
            deadline = time.monotonic() + DEADLINE
            while terminal.process.poll() is None:
                assert time.monotonic() < deadline, "the game did not quit"
                terminal.read(0.2)
            terminal.quiet(0.2)
        finally:
            terminal.close()
        assert terminal.process.returncode == 0
        assert b"Traceback" not in terminal.output
        # Ended and reaped by the game before it exited (not left to end by itself, nor to init).
        assert all(gone(pid) for pid in odds)


def _children(parent: int, marker: bytes) -> list[int]:
    """The processes whose parent is ``parent`` and whose command line holds ``marker``."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            status = (entry / "status").read_text()
            command = (entry / "cmdline").read_bytes()
        except OSError:
            continue
        if f"\nPPid:\t{parent}\n" in status and marker in command:
            found.append(int(entry.name))
    return found


async def test_a_die_selected_to_commit_has_its_odds_asked_before_it_is_played(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Selecting a die at the commit step asks the process, while the player is about to play it, the odds after
    its commit (a commit rolls and reveals nothing): the key that commits it draws the figures in its repaint, never
    "computing…" then a second repaint, and the question is asked once."""
    clear_cache()
    asked: list[tuple[str, ...]] = []
    real_ask = OddsProcess.ask

    def counting(process: OddsProcess, question: Any) -> Any:
        asked.append(question.dice)
        return real_ask(process, question)

    monkeypatch.setattr(OddsProcess, "ask", counting)
    app = make_app(tmp_path, SHELL)
    async with app.run_test(size=(120, 40)) as pilot:
        await opening(pilot)
        panel = panel_of(app)
        await until(pilot, lambda: panel.chances is not None, "the empty commit step's odds")
        assert app.store is not None
        before = app.store.view
        await pilot.press("p")
        await until(pilot, lambda: ("P1",) in asked and panel._foreseen is None, "P1's commit asked and answered")
        assert app.store.view is before and panel.question is not None and panel.question.dice == ()  # nothing shown
        frames: list[str] = []
        real_refresh = Screen._compositor_refresh

        def seen(screen: Screen[Any]) -> None:
            real_refresh(screen)
            frames.append(panel.shown_text())

        monkeypatch.setattr(Screen, "_compositor_refresh", seen)
        await press(pilot, "space")
        assert panel.question is not None and panel.question.dice == ("P1",)
        assert frames and all("computing…" not in frame for frame in frames), frames
        assert asked.count(("P1",)) == 1
        assert each(panel) == tuple(c.value for c in odds_widget.chances_for(panel.question).each)


async def test_foreseeing_a_command_changes_nothing(tmp_path: Path) -> None:
    """The store's view after a command, not played: the game, its history and the view shown stay as they were;
    a command the engine refuses foresees nothing."""
    from twentystrong.engine.commands import Command

    app = make_app(tmp_path, SHELL)
    async with app.run_test(size=(120, 40)) as pilot:
        await opening(pilot)
        store = app.store
        assert store is not None
        view, history = store.view, len(store.session.history)
        command = view.first("commit", die="P1")
        assert command is not None
        after = store.foresee(command)
        assert after is not None and [d.id for d in after.player.dice_in("active")] == ["P1"]
        assert store.view is view and len(store.session.history) == history
        assert [d.id for d in store.view.player.dice_in("active")] == []
        assert store.foresee(Command("commit", die="Z9")) is None
