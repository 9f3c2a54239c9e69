"""German and French as complete as English on small screens (issue 29): words that were cut in de/fr and are whole
now, each read off the screen as the player sees it."""

from __future__ import annotations

import pytest
from record_helpers import PLAIN, finished
from review_helpers import OpenEvaluator
from test_tui_layout_small import screen_lines
from textual.pilot import Pilot
from textual.widgets import RadioButton

from twentystrong import i18n
from twentystrong.record.games import add_game
from twentystrong.review.kept import keep
from twentystrong.review.review import review_history
from twentystrong.tui.app import create_app
from twentystrong.tui.screens.review import ReviewScreen
from twentystrong.tui.screens.setup import SetupScreen


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize(
    ("language", "played", "title", "help_key"),
    [
        ("en", "You start another Strategy phase", "Chance to win before each decision", "? Help"),
        ("de", "Du beginnst eine weitere Strategiephase", "Gewinnchance vor jeder Entscheidung", "? Hilfe"),
        ("fr", "Vous commencez une autre phase de Stratégie", "Chances de gagner avant chaque décision", "? Aide"),
    ],
)
async def test_review_screen_at_80x24_keeps_its_sentences_whole(
    language: str, played: str, title: str, help_key: str
) -> None:
    """The Review screen at 80×24: the "played" sentence of a decision reads whole beside the figures (their
    headings as short as the figures: German "Nr.", "vor", "nach"), the chart keeps its title (the legend of ✘ and
    │; plotext drops a title wider than the chart) and the key bar still reaches Help."""
    game = finished("tester", 2)
    number = add_game(game).id
    assert keep(number, review_history(game.history, OpenEvaluator(), threshold=12)) is None
    i18n.set_language(language)
    app = create_app(deck_path=PLAIN, seed=1, deal="ordered", dice="physical")
    async with app.run_test(size=(80, 24)) as pilot:
        for key in ("f2", "g", "v"):
            await settle(pilot)
            await pilot.press(key)
        await settle(pilot)
        assert isinstance(app.screen, ReviewScreen)
        lines = screen_lines(app)
        shown = "\n".join(lines)
        assert played in shown, shown
        assert any(line.strip().startswith(title) and line.rstrip().endswith(")") for line in lines), shown
        assert help_key in lines[-1], lines[-1]


@pytest.mark.parametrize("language", ["en", "de", "fr"])
@pytest.mark.parametrize("deck", ["solar-sentinels", "hoplomachus-victorum"])
async def test_setup_radio_rows_read_whole_at_120x40(language: str, deck: str) -> None:
    """Each choice of the setup screen's Undo and Dice rows reads whole beside the labels' column and the hero card
    (German's "Schwierigkeit" widens the labels: the assisted undo's words were cut to "(Spiel markiert…")."""
    i18n.set_language(language)
    app = create_app(deck_id=deck, seed=1, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        shown = "\n".join(screen_lines(app))
        labels = [str(button.label) for button in app.screen.query(RadioButton)]
        assert len(labels) >= 4
        for label in labels:
            assert label in shown, (label, shown)
