"""Pilot tests of the setup screen and of ``twentystrong play``'s arguments."""

from __future__ import annotations

from pathlib import Path

import pytest
from tui_helpers import settle

from twentystrong.cli.main import main
from twentystrong.kits.options import choose
from twentystrong.session import default_autosave_path
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.setup import SetupScreen, ability_text
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.store import LaunchError

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


async def test_setup_starts_the_chosen_game() -> None:
    """Hero, seed, missions, rank, assisted undo and physical dice chosen on the screen reach the session."""
    app = create_app(deck_path=PLAIN)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, SetupScreen)
        await settle(pilot)
        assert screen.deck is not None and screen.deck.id == "plain"
        heroes = screen.query_one("#heroes")
        heroes.focus()
        await pilot.press("down")  # Weakling
        screen.query_one("#seed").value = "4242"  # type: ignore[attr-defined]
        screen.query_one("#missions").value = True  # type: ignore[attr-defined]
        screen.query_one("#rank").value = 2  # type: ignore[attr-defined]
        await pilot.click("#undo RadioButton:last-of-type")
        await pilot.click("#dice RadioButton:last-of-type")
        detail = str(screen.query_one("#hero-detail").render())
        assert "Weakling" in detail and "Health" in detail and "Ability" in detail
        await pilot.press("ctrl+s")
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, (TableScreen,)) or app.store is not None
        assert app.store is not None
        options = app.store.session.options
        assert (options.hero_id, options.seed, options.choices) == ("weakling", 4242, (("missions", True), ("rank", 2)))
        assert options.assisted and options.dice == "physical"
        assert app.store.view.kind == "discard_mission"  # the engine's own prompt takes over


async def test_setup_offers_resume(tmp_path: Path) -> None:
    """With an autosaved game, the setup screen offers to resume it."""
    first = create_app(deck_path=PLAIN, hero="tester", seed=5)
    async with first.run_test(size=(120, 40)) as pilot:
        await pilot.press("1")
        await settle(pilot)
        assert first.store is not None
        seq = first.store.state.seq
    assert default_autosave_path().is_file()
    app = create_app(deck_path=PLAIN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        await pilot.click("#resume")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.store is not None and app.store.state.seq == seq


async def test_setup_fits_80x24() -> None:
    """At 80×24 the form and its Start button are on screen."""
    app = create_app(deck_path=PLAIN)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await settle(pilot)
        for selector in ("#deck", "#heroes", "#seed", "#undo", "#dice", "#start"):
            region = app.screen.query_one(selector).region
            assert region.height > 0 and region.bottom <= 24, selector
        await pilot.click("#start")
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


def test_ability_text_uses_the_effect_words(plain_deck: object) -> None:
    """A hero without an ability says so."""
    from twentystrong.content.model import Deck

    assert isinstance(plain_deck, Deck)
    assert ability_text(plain_deck.hero("tester")) == "No special ability."


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["play", "--deck-path", str(PLAIN), "--hero", "nobody"], "no hero 'nobody'"),
        (["play", "--deck", "no-such-deck", "--hero", "x"], "unknown deck"),
        (["play", "--deck-path", "/no/such/folder"], "no deck at"),
        (["play", "--rank", "9"], "invalid choice"),
        (["play", "--seed", "abc"], "whole number"),
        (["play", "--load", "/no/such/save.toml"], "cannot load"),
    ],
)
def test_bad_play_arguments_exit_2(argv: list[str], needle: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad arguments: one clear message, exit status 2, no traceback."""
    try:
        status = main(argv)
    except SystemExit as exc:  # argparse's own errors
        status = int(exc.code or 0)
    err = capsys.readouterr().err
    assert status == 2
    assert needle in err
    assert "Traceback" not in err


def test_create_app_raises_launch_error() -> None:
    """The factory refuses what the command line refuses, with the same message."""
    with pytest.raises(LaunchError, match="no hero"):
        create_app(deck_path=PLAIN, hero="nobody")


def test_create_app_without_hero_opens_setup() -> None:
    """No hero, no save: the setup screen, with the command line's choices as defaults."""
    app = create_app(deck_path=PLAIN, seed=7, options=choose({"missions": True}))
    assert isinstance(app, TwentyStrongApp)
    assert app.launch.session is None
    assert app.launch.defaults["seed"] == 7 and app.launch.defaults["options"] == {"missions": True}


async def test_load_a_saved_game(tmp_path: Path) -> None:
    """``--load FILE`` opens the saved game on the table; from then on it autosaves to the usual place."""
    from twentystrong.tui.store import Wanted, prepare

    launch = prepare(Wanted(deck_path=PLAIN, hero="tester", seed=9, deal="ordered"))
    assert launch.session is not None
    from twentystrong.engine.commands import Command

    launch.session.dispatch(Command("activate", stack=2))
    saved = tmp_path / "game.toml"
    launch.session.save(saved)
    app = create_app(load=saved)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert app.store is not None
        assert [c.id for c in app.store.state.active] == ["c16"]
        assert app.store.session.autosave_path == default_autosave_path()
