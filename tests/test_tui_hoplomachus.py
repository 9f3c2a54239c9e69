"""The TUI with a Hoplomachus Victorum deck (its table is issue 20's): no traceback, a clear message that says how to
play the deck meanwhile, from the command line, a save and the setup screen."""

from __future__ import annotations

from pathlib import Path

import pytest
from arena import DECK, HV_PATH
from test_tui_setup import settle

from twentystrong.cli.main import main
from twentystrong.engine.state import SetupOptions
from twentystrong.session import Session
from twentystrong.tui.app import create_app
from twentystrong.tui.boards import BOARDS
from twentystrong.tui.screens.setup import SetupScreen
from twentystrong.tui.store import LaunchError
from twentystrong.tui.tables import DRAWN

LATER = "The Hoplomachus Victorum table comes in a later version of the terminal UI."


def test_the_tables_the_tui_draws_are_its_boards() -> None:
    assert set(BOARDS) == DRAWN


def test_play_names_the_headless_way(capsys: pytest.CaptureFixture[str]) -> None:
    """``twentystrong play --deck-path … --hero …`` with this deck: exit status 2 and one clear message."""
    assert main(["play", "--deck-path", str(HV_PATH), "--hero", "vesna"]) == 2
    err = capsys.readouterr().err
    assert LATER in err and f"twentystrong headless --deck-path {HV_PATH}" in err and "Traceback" not in err


def test_a_save_of_this_deck_is_refused_the_same_way(tmp_path: Path) -> None:
    path = tmp_path / "arena.toml"
    session = Session.new(DECK, SetupOptions(DECK.id, "", seed=2), deck_path=HV_PATH)
    session.save(path)
    with pytest.raises(LaunchError, match="later version"):
        create_app(load=path)


async def test_the_setup_screen_says_so_on_start() -> None:
    """The setup screen with this deck: Start shows the message; the game does not start."""
    app = create_app(deck_path=HV_PATH)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen) and screen.deck is not None and screen.deck.id == "hv-test"
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.store is None
        assert LATER.split(" of ")[0] in str(screen.query_one("#error").render())


async def test_the_setup_screen_offers_the_universal_heroes_of_other_decks(monkeypatch: pytest.MonkeyPatch) -> None:
    """HV1: a universal hero of another deck (here Vesna, a Victorum hero) is offered for Solar Sentinels, named with
    its deck, and the game starts with it (its stats and ability; its Primus side unused)."""
    from twentystrong.content import heroes
    from twentystrong.content.loader import load_deck

    plain = load_deck(Path(__file__).parent / "decks" / "plain")
    monkeypatch.setattr(heroes, "_shipped", lambda: [plain, DECK])
    app = create_app(deck_path=Path(__file__).parent / "decks" / "plain")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        labels = [str(o.prompt) for o in screen.query_one("#heroes").options]  # type: ignore[attr-defined]
        assert labels[-1].startswith("Vesna") and labels[-1].endswith("(universal, from hv-test)")
        assert len(labels) == 3  # Tester, Weakling, and Vesna (the other Victorum heroes are not universal)
        screen.query_one("#heroes").highlighted = 2  # type: ignore[attr-defined]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert app.store is not None and app.store.session.state.hero.id == "hv-test/vesna"


def test_a_recorded_game_of_this_deck_is_not_replayed_in_the_tui(capsys: pytest.CaptureFixture[str]) -> None:
    """``twentystrong replay ID`` for a game of this deck kept in the record (``headless --record``): the same clear
    message, exit status 2."""
    import random

    from twentystrong.record.games import add_game

    session = Session.new(DECK, SetupOptions(DECK.id, "", seed=5), deck_path=HV_PATH)
    rng = random.Random(5)
    while session.state.result is None:
        session.dispatch(rng.choice(session.legal()))
    done = add_game(session, source="headless")
    assert main(["replay", str(done.id)]) == 2
    assert LATER in capsys.readouterr().err
