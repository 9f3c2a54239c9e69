"""One writer of an autosave: two game processes on one data folder (two tabs of ``twentystrong serve``, two
terminals) never write the same autosave. The second gets its own save and a sentence that says so.

Each test runs a real second process that holds the autosave as a game does (``prepare``, then commands), and
waits on what it prints and on its exit, never on time."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from twentystrong.engine.commands import Command
from twentystrong.session.owner import claim_autosave, lock_path, release_autosave
from twentystrong.session.saves import parse_save
from twentystrong.tui.app import create_app
from twentystrong.tui.store import Wanted, prepare

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"

# The first game process: a game started as `twentystrong play --hero tester` starts it, one command played and on
# disk; then one more command for each line read, each reported once it is on disk.
FIRST_GAME = textwrap.dedent(
    f"""
    import sys
    from pathlib import Path
    from twentystrong.engine.commands import Command
    from twentystrong.tui.store import Wanted, prepare

    launch = prepare(Wanted(deck_path=Path({str(PLAIN)!r}), hero="tester", seed=5, deal="ordered"))
    session = launch.session
    session.release_autosave()
    session.dispatch(Command("activate", stack=2))
    session.flush_autosave()
    print("playing", launch.autosave, flush=True)
    for line in sys.stdin:
        session.dispatch(Command(line.strip()))
        session.flush_autosave()
        print("saved", flush=True)
    """
)


def start_first_game(data: Path) -> subprocess.Popen[str]:
    env = {**os.environ, "TWENTYSTRONG_DATA_DIR": str(data)}
    first = subprocess.Popen(
        [sys.executable, "-c", FIRST_GAME], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
    )
    assert first.stdout is not None
    assert first.stdout.readline().split() == ["playing", str(data / "autosave.toml")]  # it owns the autosave
    return first


def commands_in(save: Path) -> list[str]:
    return [str(c["cmd"]) for c in parse_save(save).log.commands]


def test_a_second_game_process_never_writes_the_first_ones_autosave(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A game process owns the autosave; a second one on the same data folder gets its own save (autosave-2.toml),
    and a message that names both files. The first keeps playing: its moves stay on disk, whatever the second does.
    """
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    first = start_first_game(tmp_path)
    try:
        autosave = tmp_path / "autosave.toml"
        second = prepare(Wanted(deck_path=PLAIN, hero="tester", seed=6, deal="ordered"))
        own = tmp_path / "autosave-2.toml"
        assert second.autosave == own and second.session is not None
        assert second.session.autosave_path == own and second.keep_aside == own
        assert str(autosave) in second.message and f"twentystrong play --load {own}" in second.message
        second.session.release_autosave()
        second.session.dispatch(Command("activate", stack=2))
        second.session.flush_autosave()
        assert commands_in(autosave) == ["start", "activate"]  # the first game's, untouched
        assert commands_in(own) == ["start", "activate"]
        assert first.stdin is not None and first.stdout is not None
        first.stdin.write("roll\n")
        first.stdin.flush()
        assert first.stdout.readline().strip() == "saved"
        assert commands_in(autosave) == ["start", "activate", "roll"]
        assert commands_in(own) == ["start", "activate"]
    finally:
        release_autosave(tmp_path / "autosave-2.toml")
        if first.stdin is not None:
            first.stdin.close()
        first.wait()
    assert first.returncode == 0


def test_the_lock_ends_with_the_process_even_a_killed_one(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The lock is the operating system's: a game process killed mid-game leaves no stale lock (the lock file stays,
    but the next process owns the autosave at once)."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    autosave = tmp_path / "autosave.toml"
    first = start_first_game(tmp_path)
    assert claim_autosave(autosave).path == tmp_path / "autosave-2.toml"
    release_autosave(tmp_path / "autosave-2.toml")
    first.send_signal(signal.SIGKILL)
    first.wait()
    assert lock_path(autosave).exists()
    claim = claim_autosave(autosave)
    assert claim.path == autosave and claim.message == ""
    release_autosave(autosave)


async def test_the_second_terminal_is_told_and_plays_its_own_save(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The App in the second process: its first screen says that another game owns the autosave and where this one
    is saved; a new game started from its setup screen goes to that save too, and never moves the first one's
    autosave aside (the old game kept as a named save is only ever this process's own)."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    first = start_first_game(tmp_path)
    autosave = tmp_path / "autosave.toml"
    own = tmp_path / "autosave-2.toml"
    try:
        shown: list[str] = []
        app = create_app(deck_path=PLAIN, hints=False)
        original = app.notify

        def spy(message: str, **kwargs: Any) -> None:
            shown.append(message)
            original(message, **kwargs)

        app.notify = spy  # type: ignore[method-assign]
        async with app.run_test(size=(120, 40)) as pilot:
            for _ in range(3):
                await pilot.pause()
            assert any(str(own) in m and str(autosave) in m for m in shown), shown
            await pilot.press("ctrl+s")  # start a game from the setup screen
            for _ in range(3):
                await pilot.pause()
            assert app.store is not None and app.store.session.autosave_path == own
            app.store.session.flush_autosave()
        assert commands_in(autosave) == ["start", "activate"]
        assert commands_in(own) == ["start"]
        assert not (tmp_path / "saves").exists()  # nothing of the first game was kept aside
        # The App let go of its own save when it ended: a third game process may own it now.
        assert claim_autosave(autosave).path == own
    finally:
        release_autosave(own)
        if first.stdin is not None:
            first.stdin.close()
        first.wait()


async def test_an_app_opened_without_a_claim_claims_before_its_first_game(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """An App opened on no game of its own (as a replay is) claims an autosave when it starts a game: with the
    autosave owned by another game process, its game goes to autosave-2.toml."""
    from twentystrong.content.loader import load_deck
    from twentystrong.engine.state import SetupOptions
    from twentystrong.tui.app import TwentyStrongApp
    from twentystrong.tui.screens.setup import SetupScreen
    from twentystrong.tui.store import Launch

    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    first = start_first_game(tmp_path)
    own = tmp_path / "autosave-2.toml"
    try:
        app = TwentyStrongApp(Launch())
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            deck = load_deck(PLAIN)
            options = SetupOptions(deck.id, "tester", seed=3, deal="ordered")
            app.post_message(SetupScreen.Start(deck, options, PLAIN))
            for _ in range(3):
                await pilot.pause()
            assert app.store is not None and app.store.session.autosave_path == own
            app.store.session.flush_autosave()
        assert commands_in(tmp_path / "autosave.toml") == ["start", "activate"]
        assert commands_in(own) == ["start"]
    finally:
        release_autosave(own)
        if first.stdin is not None:
            first.stdin.close()
        first.wait()
