"""The record in the terminal UI: a game played to its end is recorded (and a damaged record does not stop it),
the Statistics screen (from the App's key, the setup screen and the palette) lists it and replays it read-only,
the daily challenge starts from the setup screen and its game-over screen offers the line to share."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest
from record_helpers import PLAIN, finished
from textual.pilot import Pilot
from textual.widgets import DataTable, OptionList, Static
from tui_helpers import settle

from twentystrong.bots import make_bot
from twentystrong.cli.main import main
from twentystrong.content.loader import load_shipped
from twentystrong.engine.view import player_view
from twentystrong.record import daily
from twentystrong.record.db import record_path
from twentystrong.session import Session
from twentystrong.text.stats import game_stats
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.game_over import GameOverScreen
from twentystrong.tui.screens.replay import ReplayScreen
from twentystrong.tui.screens.setup import SetupScreen
from twentystrong.tui.screens.statistics import StatisticsScreen

SIZE = (120, 40)


async def play_to_the_end(pilot: Pilot[None], seed: int) -> Session:
    """Play the App's game (plain deck, weakling) to its end: the heuristic bot's commands for that seed, each
    posted as the UI posts a player's command."""
    app = pilot.app
    assert isinstance(app, TwentyStrongApp)
    for entry in finished("weakling", seed).history[1:]:
        app.post_message(messages.Play(entry.command))
    for _ in range(4):
        await settle(pilot)
    assert app.store is not None and app.store.state.result is not None
    return app.store.session


def notes(app: TwentyStrongApp) -> list[str]:
    return [n.message for n in app._notifications]


async def test_a_game_played_in_the_tui_is_recorded_and_replays(capsys: pytest.CaptureFixture[str]) -> None:
    """Played to its end in the App: the store adds it to the record once (a toast says so), ``stats --json`` has
    it with the game-over screen's figures, and the Statistics screen lists it and replays it from its first
    command to its last, read-only."""
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        session = await play_to_the_end(pilot, 3)
        assert isinstance(app.screen, GameOverScreen)
        assert any("Game #1 added to your record" in n for n in notes(app))
        assert app.store is not None and app.store.recorder.recorded.id == 1
        await pilot.press("ctrl+z")  # assisted or not, whatever undo does past the end adds no second record
        await settle(pilot)
        await pilot.press("ctrl+y")
        await settle(pilot)

        if isinstance(app.screen, GameOverScreen):
            await pilot.press("escape")
            await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, StatisticsScreen)
        assert "1 game, 0 won" in str(screen.query_one("#statistics-title", Static).content)
        assert "Weakling" in str(screen.query_one("#overview-text", Static).content)
        await pilot.press("g")
        await settle(pilot)
        table = screen.query_one("#games-table", DataTable)
        assert table.row_count == 1 and table.get_row_at(0)[2:4] == ["Plain test deck", "Weakling"]
        await pilot.press("enter")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.index == 0
        assert "Step 1 of" in str(replay.query_one("#history-banner", Static).content)
        listing = replay.query_one("#history-list", OptionList)
        await pilot.press("end")
        await settle(pilot)
        assert listing.highlighted == replay.present == len(session.history) - 1
        assert replay.store.session.events == session.events
        assert "the end of the game" in str(replay.query_one("#history-banner", Static).content)
        assert not {b.binding.action for b in replay.active_bindings.values()} & {"app.undo", "app.redo"}
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
    # After the App (which holds stdout while it runs): the record as the command line reads it.
    capsys.readouterr()
    assert main(["stats", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    stats = game_stats(session.deck, session.options, session.events)
    game = data["decks"][0]["best_game"]
    assert data["games"] == 1 and game["source"] == "tui" and game["hero"] == "weakling"
    assert (game["result"], game["rounds"], game["damage_dealt"], game["damage_taken"]) == (
        session.state.result,
        stats.rounds,
        stats.damage_dealt,
        stats.damage_taken,
    )
    assert game["luck"] == round(stats.luck_margin, 2) and game["replay"]


async def test_a_damaged_record_does_not_stop_the_game() -> None:
    path = record_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"not a database at all" * 50)
    app = create_app(deck_path=PLAIN, hero="weakling", seed=4)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await play_to_the_end(pilot, 4)
        assert isinstance(app.screen, GameOverScreen)
        said = " ".join(notes(app))
        assert "Game #1 added" in said and "damaged" in said and "record.sqlite3.bad" in said
    assert path.with_name("record.sqlite3.bad").read_bytes() == b"not a database at all" * 50


async def test_the_setup_screen_offers_the_daily_and_the_statistics() -> None:
    app = create_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#statistics")
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        assert "no finished games yet" in str(app.screen.query_one("#statistics-title", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("ctrl+d")
        await settle(pilot)
        assert app.store is not None
        deck = load_shipped("solar-sentinels")
        assert app.store.session.options == daily.daily_options(deck, daily.today())
        assert any("Daily challenge" in n and "same game for everyone" in n for n in notes(app))


async def test_the_palette_offers_the_statistics() -> None:
    app = create_app(deck_path=PLAIN, hero="tester", seed=1)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        titles = [c.title for c in app.get_system_commands(app.screen)]
        assert "Statistics" in titles


async def test_a_daily_game_over_offers_the_line_to_share(tmp_path: Path) -> None:
    """The day's game, finished: its game-over screen shows "20 Strong daily <date> · Solar Sentinels · <hero> ·
    won in N rounds" (or "lost in round N"), and ``y`` copies it."""
    deck = load_shipped("solar-sentinels")
    day = date(2026, 11, 25)
    session = Session.new(deck, daily.daily_options(deck, day))
    bot = make_bot("heuristic", 1)
    last = None
    while session.state.result is None:
        last = bot.choose(player_view(session.state), session.legal())
        if session.state.result is None:
            session.dispatch(last)
    assert last is not None
    session.undo()
    save = tmp_path / "daily.toml"
    session.save(save)
    app = create_app(load=save)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.post_message(messages.Play(last))
        await settle(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        s = app.store.state if app.store else None
        assert s is not None and s.result is not None
        how = f"won in {s.round} rounds" if s.result == "won" else f"lost in round {s.round}"
        hero = deck.hero(s.options.hero_id).name
        line = f"20 Strong daily 2026-11-25 · Solar Sentinels · {hero} · {how}"
        assert screen.share == line and line in str(screen.query_one("#game-over-share", Static).content)
        await pilot.press("y")
        await settle(pilot)
        assert any(n == f"Copied: {line}" for n in notes(app))
