"""Autosave off the UI thread (the TUI's sessions): the file catches up with the game, and failures are reported.

The TUI's store turns on ``Session.autosave_in_background``; these tests check that mode directly (the Pilot tests
of the table check the App flushes it when it quits: ``test_resume_from_autosave``).
"""

from __future__ import annotations

from pathlib import Path

from twentystrong.content.model import Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.state import SetupOptions
from twentystrong.session import Session
from twentystrong.tui.store import Store

OPTIONS = {"hero_id": "tester", "seed": 5, "deal": "ordered", "dice": "physical"}
MOVES = [
    Command("activate", stack=2),
    Command("commit", die="P1"),
    Command("commit", die="P2"),
    Command("roll"),
]


def test_background_autosave_catches_up(plain_deck: Deck, tmp_path: Path) -> None:
    """Every command is in the file once the writer is flushed; no temporary files are left behind."""
    path = tmp_path / "auto" / "autosave.toml"
    session = Session.new(
        plain_deck, SetupOptions(plain_deck.id, **OPTIONS), autosave_path=path, autosave_in_background=True
    )
    for command in MOVES:
        assert isinstance(session.dispatch(command), list)
    assert session.flush_autosave()
    saved = Session.load(path, plain_deck)
    assert saved.events == session.events and saved.state == session.state
    assert isinstance(session.dispatch(Command("face", die="P1", face="hit")), list)
    assert session.undo() is None  # entering a face is no random reveal: undo, and the file follows
    assert session.flush_autosave()
    assert Session.load(path, plain_deck).events == session.events
    assert session.autosave_error is None
    assert [p.name for p in path.parent.iterdir()] == ["autosave.toml"]


def test_store_saves_in_the_background_and_reports_failures(plain_deck: Deck, tmp_path: Path) -> None:
    """The store turns background saving on; a save that fails is shown to the player, once."""
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    session = Session.new(plain_deck, SetupOptions(plain_deck.id, **OPTIONS))
    session.autosave_path = blocker / "autosave.toml"
    shown: list[tuple[str, str]] = []
    store = Store(session, notify=lambda message, title, severity: shown.append((title, severity)))
    assert session.autosave_in_background
    store.dispatch(Command("activate", stack=2))
    store.close()  # waits for the write, then reports it
    assert session.autosave_error is not None and "autosave" in session.autosave_error
    store.dispatch(Command("commit", die="P1"))
    store.close()
    assert shown == [("Autosave failed", "error")]
