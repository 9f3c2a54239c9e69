"""The TUI in other languages (issue 29): a whole game of each deck at 80×24 in the pseudo-locale (every message
~40% longer, between « and »: a message cut on screen lacks its »), and a switch of language in the middle of a game
that the next frame shows."""

from __future__ import annotations

import pytest
from test_tui_layout_small import screen_lines
from textual.pilot import Pilot
from textual.screen import ModalScreen

from twentystrong import i18n
from twentystrong.bots import make_bot
from twentystrong.i18n.pseudo import CLOSE, OPEN
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.widgets.keys import KeyBar
from twentystrong.tui.widgets.status import PromptBar, StepBar

MOST_COMMANDS = 400
"""A bot game of either deck ends well before this many commands (a stuck loop fails instead of running on)."""


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def rows_of(lines: list[str], top: int, bottom: int) -> str:
    return "\n".join(lines[top:bottom])


def cut_words(app: TwentyStrongApp) -> list[str]:
    """What the table shows cut at this moment: a prompt line, the news above it ("What happened: …"), a button, a
    key hint or the step bar with a « whose » is missing (or the other way round).

    (Card names are the cards' own words, as wide in every language: at 80×24 a long name is cut in a card's frame
    in English too, and read whole in the card's text, ``c``.)"""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    lines = screen_lines(app)
    problems = []
    for widget in (screen.query_one(StepBar), screen.query_one(PromptBar), screen.query_one(KeyBar)):
        region = widget.region
        # The prompt's top border holds "What happened: …", the news of the last command, while it fits there; a
        # longer one has lines of its own in the bar (PromptBar.show_news): the border is checked too.
        text = rows_of(lines, region.y, region.bottom)
        if text.count(OPEN) != text.count(CLOSE):
            problems.append(f"{type(widget).__name__} cut: {text!r}")
    return problems


@pytest.mark.parametrize(
    ("deck", "hero", "seed"), [("solar-sentinels", "corona", 7), ("hoplomachus-victorum", "castor", 11)]
)
async def test_a_whole_game_in_the_pseudo_locale_at_80x24_cuts_nothing(deck: str, hero: str, seed: int) -> None:
    """The heuristic bot plays a whole game through the table at 80×24 in the pseudo-locale; after every command the
    step bar, the prompt (its lines and buttons) and the key bar hold every « with its »."""
    i18n.set_language("qps")
    app = create_app(deck_id=deck, hero=hero, seed=seed, hints=True)
    bot = make_bot("heuristic", seed=seed)
    seen: set[str] = set()
    checked: set[object] = set()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        for _ in range(MOST_COMMANDS):
            while isinstance(app.screen, ModalScreen):  # the choices list, the game-over summary
                app.pop_screen()
                await settle(pilot)
            assert app.store is not None
            view = app.store.view
            table = app.screen
            assert isinstance(table, TableScreen)
            shown = (view.kind, view.text, table.query_one(PromptBar).actions, table._hint_text, table._news)
            if shown not in checked:  # the same words as a moment ago: read once
                checked.add(shown)
                problems = cut_words(app)
                assert problems == [], (view.kind, problems)
            seen.add(view.kind)
            if view.player.result is not None:
                break
            app.post_message(messages.Play(bot.choose(view.player, list(view.legal))))
            await settle(pilot)
        else:
            pytest.fail(f"no end after {MOST_COMMANDS} commands")
        assert OPEN in "\n".join(screen_lines(app))  # the words were the pseudo-locale's
    assert len(seen) > 4, seen


async def test_switching_language_mid_game_shows_at_the_next_frame() -> None:
    """The palette's Language entries (as the setup screen's list) switch a game in progress: the step bar, the
    zones and the key bar read German at once, English again after."""
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        english = "\n".join(screen_lines(app))
        assert "Round 1" in english and "Dice pool" in english
        await app.switch_language("de")
        await settle(pilot)
        german = "\n".join(screen_lines(app))
        assert "Runde 1" in german and "Würfelpool" in german and "Auslage" in german, german
        assert "Alle Züge" in german  # the key bar
        assert "Dice pool" not in german
        await app.switch_language(None)
        await settle(pilot)
        assert "Dice pool" in "\n".join(screen_lines(app))


async def test_a_screen_with_textual_s_footer_shows_its_keys_translated() -> None:
    """The log and history (Textual's Footer, which shows descriptions as they are) reads its keys in German."""
    i18n.set_language("de")
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        assert "Schließen" in shown and "Verlauf" in shown, shown
        assert "Close" not in shown
