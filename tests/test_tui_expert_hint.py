"""The expert's hint at the table (issue 30): one key (``w``) asks the expert what it would play now and why; the
answer comes on the prompt's own lines (never a toast over the prompt), and the game is marked assisted on the
record, as a game of assisted undo is. No hints in a daily challenge."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest
from textual.pilot import Pilot

from twentystrong.bots import make_bot
from twentystrong.content.loader import load_shipped
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.record import daily
from twentystrong.session import Session
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.table import TableScreen

SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path / "data"))


async def settle(pilot: Pilot[None]) -> None:
    """Let messages run and workers finish (the expert thinks in one), then lay the screen out."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def late_game(tmp_path: Path, options: SetupOptions) -> Path:
    """A heuristic game of Solar Sentinels stopped at a choice of stack late in the game (its rollouts are short);
    saved, its path."""
    deck = load_shipped("solar-sentinels")
    session = Session.new(deck, options)
    bot = make_bot("heuristic", options.seed)
    while session.state.result is None:
        s = session.state
        if s.round >= 8 and s.step == "activate" and len(legal_commands(s)) > 1 and not s.prompts:
            break
        session.dispatch(bot.choose(player_view(s), session.legal()))
    assert session.state.result is None, "the game ended before the situation"
    path = tmp_path / "game.toml"
    session.save(path)
    return path


def said(app: TwentyStrongApp) -> list[str]:
    """What the table says now: the prompt's lines (the expert answers there, not in a toast), and any toast."""
    prompt = [str(w.render()) for w in app.screen.query("#prompt-text")]
    return prompt + [str(n.message) for n in app._notifications]


async def ask(pilot: Pilot[None]) -> list[str]:
    """Press ``w`` and wait for the expert; what the notifications say then."""
    await pilot.press("w")
    await settle(pilot)
    return said(pilot.app)  # type: ignore[arg-type]


async def test_the_hint_key_says_the_experts_move_and_marks_the_game_assisted(tmp_path: Path) -> None:
    options = SetupOptions("solar-sentinels", "corona", seed=4)
    app = create_app(load=late_game(tmp_path, options))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert app.store is not None and not app.store.session.options.assisted
        words = "\n".join(await ask(pilot))
        assert "This game is now marked assisted." in words
        assert "The expert would play: You activate stack" in words, words
        assert "chance to win after it: about" in words and "Next best:" in words
        assert app.store.session.options.assisted  # the record counts it as assisted (entry.assisted)
        app.store.close()
    saved = Session.load(app.store.session.autosave_path) if app.store.session.autosave_path else None
    assert saved is None or saved.options.assisted  # and so does the autosave


async def test_no_hints_in_a_daily_challenge(tmp_path: Path) -> None:
    deck = load_shipped("solar-sentinels")
    options = daily.daily_options(deck, date(2026, 11, 25))
    app = create_app(load=late_game(tmp_path, options))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert any("No hints in the daily challenge" in line for line in await ask(pilot))
        assert app.store is not None and not app.store.session.options.assisted
        assert daily.daily_date(deck, app.store.session.options) is not None  # still the day's game


async def test_the_experts_answer_goes_on_esc_and_when_the_game_moves_on(tmp_path: Path) -> None:
    """The answer is about this moment only: Esc takes it off the screen, and so does the next move (it stayed 30 s
    over the prompt, and went stale after the next move)."""
    options = SetupOptions("solar-sentinels", "corona", seed=4)
    app = create_app(load=late_game(tmp_path, options))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        words = await ask(pilot)
        assert any("The expert would play" in line for line in words)
        assert not any("thinking" in line for line in words)  # the answer took the "thinking…" note's place
        await pilot.press("escape")
        await settle(pilot)
        assert not any("The expert would play" in line for line in said(app))
        assert any("The expert would play" in line for line in await ask(pilot))
        assert app.store is not None
        revision = app.store.view.revision
        table = app.screen
        assert isinstance(table, TableScreen)
        table.play(app.store.view.legal[0])  # a move, as a key or click plays it
        await settle(pilot)
        assert app.store.view.revision != revision
        assert not any("The expert would play" in line for line in said(app))


async def test_the_experts_answer_covers_nothing_at_80x24(tmp_path: Path) -> None:
    """At 80×24 the answer is said on the prompt's lines: no toast (it covered the prompt and the pool), the
    prompt's buttons and every pool row still on screen, the answer whole."""
    from tui_helpers import table_of

    from twentystrong.tui.widgets.dice import DiceTray
    from twentystrong.tui.widgets.status import ActionRow

    options = SetupOptions("solar-sentinels", "corona", seed=4)
    app = create_app(load=late_game(tmp_path, options))
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert not app._notifications
        text = app.screen.query_one("#prompt-text")
        assert "The expert would play" in str(text.render())
        assert text.region.height >= text.get_content_height(text.size, text.size, text.content_size.width)
        row = app.screen.query_one(ActionRow)
        assert row.region.height and row.region.bottom <= 23
        pool = app.screen.query_one("#pool", DiceTray)
        needed = pool.get_content_height(pool.size, pool.size, pool.content_size.width)
        assert pool.region.height >= needed + 1 and pool.region.bottom <= app.screen.query_one("#prompt").region.y
        assert table_of(app).check_action("clear", ())  # Esc takes it away
