"""German and French as complete as English on small screens (issue 29): words that were cut in de/fr and are whole
now (the Review screen, the setup screen's choices, the table's "What happened" line), each read off the screen as
the player sees it."""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass

import pytest
from record_helpers import PLAIN, finished
from review_helpers import OpenEvaluator
from test_tui_layout_small import screen_lines
from textual.pilot import Pilot
from textual.widgets import RadioButton, Static

from twentystrong import i18n
from twentystrong.record.games import add_game
from twentystrong.review.kept import keep
from twentystrong.review.review import review_history
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.review import ReviewScreen
from twentystrong.tui.screens.setup import SetupScreen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.widgets.status import PromptBar


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize(
    ("language", "played", "title", "help_key"),
    [
        ("en", "You commit R1 and roll", "Chance to win before each decision", "? Help"),
        ("de", "Du aktivierst R1 und wirfst", "Gewinnchance vor jeder Entscheidung", "? Hilfe"),
        ("fr", "Vous engagez R1 et lancez", "Chances de gagner avant chaque décision", "? Aide"),
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


def _bar_lines(app: TwentyStrongApp) -> list[str]:
    bar = app.screen.query_one(PromptBar)
    return screen_lines(app)[bar.region.y : bar.region.bottom]


def _flat(lines: list[str]) -> str:
    return " ".join(" ".join(line.split()) for line in lines)


@dataclass(frozen=True)
class NewsScreen:
    """The table at 80×24 with news: its lines, the prompt bar's (its top border first), the height of the news
    lines (0: on the border) and of the prompt's text, and whether a first-game hint was due."""

    lines: list[str]
    bar: list[str]
    news: int
    text: int
    hinted: bool


async def _news_screen(language: str, *sentences: str) -> NewsScreen:
    """Solar Sentinels' table at 80×24 in ``language`` (a first game: hints on, a full pool of three rows) with
    ``sentences`` as what just happened."""
    i18n.set_language(language)
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=True)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        table = app.screen
        assert isinstance(table, TableScreen)
        table._add_news(*sentences)
        table._draw()
        await settle(pilot)
        news = table.query_one("#prompt-news", Static)
        text = table.query_one("#prompt-text", Static)
        height = news.region.height if news.display else 0
        return NewsScreen(screen_lines(app), _bar_lines(app), height, text.region.height, bool(table._hint_text))


async def _with_news(language: str, *sentences: str) -> tuple[list[str], int]:
    """The prompt bar's lines (its top border first) and the height of its news lines (0: on the border)."""
    shown = await _news_screen(language, *sentences)
    return shown.bar, shown.news


@asynccontextmanager
async def _opened(language: str, key: str, seed: int = 7) -> AsyncIterator[Pilot[None]]:
    """Solar Sentinels' table at 80×24 in ``language`` (no hints), ``key`` pressed on it."""
    i18n.set_language(language)
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=seed, hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press(key)
        await settle(pilot)
        yield pilot


LONG = (
    "Der Folgeeffekt von Singularitätspolyp wird abgehandelt: Verbanne die dieser Karte zugeordneten Würfel.",
    "B3, B4, P3, P4 und R1 werden von Singularitätspolyp verbannt.",
)


async def test_what_happened_too_long_for_the_border_reads_whole_on_lines_of_its_own() -> None:
    """German at 80×24: news wider than the prompt's top border has lines of its own above the prompt (it was cut
    with "…" on the border), and the prompt's buttons stay in sight."""
    lines, _height = await _with_news("de", *LONG)
    assert "Was geschah" not in lines[0]  # the border keeps no cut copy
    assert "Was geschah: " + " ".join(LONG) in _flat(lines[1:]), lines
    assert "Alle Züge" in lines[-1]  # the buttons' row


@pytest.mark.parametrize("language", ["de", "fr"])
async def test_what_happened_leaves_the_whole_pool_in_sight_at_80x24(language: str) -> None:
    """A first game (hints on) at 80×24, a full pool of three rows and news on lines of its own: the news takes the
    first-game hint's place and gives way to a long prompt, so the pool's last row (R1) and the buttons stay in
    sight (the hint's two German lines hid the pool's last row)."""
    shown = await _news_screen(language, *LONG, *LONG)
    assert shown.hinted
    above = shown.lines[: shown.lines.index(shown.bar[0])]
    assert any("R1" in line for line in above), shown.lines
    assert 0 < shown.news <= PromptBar.SHORT_LINES - shown.text
    assert ("Alle Züge" if language == "de" else "Tous les coups") in "\n".join(shown.bar), shown.lines


async def test_what_happened_keeps_the_latest_whole_sentences_when_long() -> None:
    """Many sentences (a Resolve's worth): the latest ones that fit in PromptBar.NEWS_LINES lines, whole, after
    "…" for the earlier ones (the log holds them all)."""
    said = [f"Phrase numéro {n} de ce qui s'est passé pendant la phase de Résolution." for n in range(1, 9)]
    lines, height = await _with_news("fr", *said)
    assert 0 < height <= PromptBar.NEWS_LINES
    text = _flat(lines[1 : 1 + height])
    assert text.startswith("Ce qui s’est passé : … Phrase numéro")
    assert text.endswith(said[-1])
    assert said[0] not in text


async def test_what_happened_that_fits_stays_on_the_border() -> None:
    """English, one short sentence: on the prompt's top border, as it always was (no line of its own)."""
    lines, height = await _with_news("en", "You gain 1 Health (Health 4 → 5).")
    assert "What happened: You gain 1 Health (Health 4 → 5)." in lines[0]
    assert height == 0


@pytest.mark.parametrize(
    ("language", "kinds", "where"),
    [("de", ("Held", "Karte"), "Wo: dein Held"), ("fr", ("héros", "carte"), "Où : votre héros")],
)
async def test_card_browser_kind_column_and_where_read_in_the_language(
    language: str, kinds: tuple[str, str], where: str
) -> None:
    """The card browser at 80×24 (``c`` on the table): the Kind column says each card's kind in the language spoken
    (it showed the kinds' ids, "hero", "card"), and the detail's "Where:" too."""
    async with _opened(language, "c") as pilot:
        app = pilot.app
        lines = screen_lines(app)
        shown = "\n".join(lines)
        corona = next(line for line in lines if line.lstrip().startswith("│ Corona "))
        assert f" {kinds[0]} " in corona, corona
        assert any(f" {kinds[1]} " in line for line in lines), shown
        assert where in shown, shown
        for english in (" hero ", " card ", "Where:"):
            assert english not in shown, (english, shown)


@pytest.mark.parametrize(
    ("language", "said", "english"),
    [
        (
            "de",
            ("1 von 1 gewonnen: 100 %", "Intervall", "Serien", "gewonnen in 19 Runden"),
            ("streaks", "best game", "of 1 won", "rounds"),
        ),
        (
            "fr",
            (
                "1 sur 1 gagnée : 100 %",  # the screen's text, its no-break spaces read as spaces
                "intervalle à 95 %",
                "séries",
                "meilleure",
                " : gagnée en 19 tours",  # a space before the colon, as French writes it
                "plus longues : victoires 1, défaites 0",  # a streak's length needs no agreement
            ),
            ("streaks", "best game", "of 1 won", "rounds"),
        ),
    ],
)
async def test_statistics_overview_reads_in_the_language(
    language: str, said: tuple[str, ...], english: tuple[str, ...]
) -> None:
    """The statistics screen's overview (F2) at 80×24: its labels and figures' words in the language spoken (they
    were English: "streaks", "best game", "1 of 1 won"); the deck's ladder in its words ("Rang 1 Solar-Soldat")."""
    add_game(finished("tester", 2))
    i18n.set_language(language)
    app = create_app(deck_path=PLAIN, seed=1, deal="ordered", dice="physical")
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("f2")
        await settle(pilot)
        shown = "\n".join(screen_lines(app))
        for words in said:
            assert words in shown, (words, shown)
        for words in english:
            assert words not in shown, (words, shown)


@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_log_entries_wrap_inside_the_list_with_their_indent(size: tuple[int, int]) -> None:
    """French log entries (the history's list) wrap at the list's own width: every line of an entry after its first
    keeps its indent (French at 120×40 ran one column past the list, which wrapped the rest of the line again at
    its left edge; at 80×24 every long entry did)."""
    from twentystrong.bots import make_bot
    from twentystrong.tui import messages
    from twentystrong.tui.screens.history import HistoryScreen

    i18n.set_language("fr")
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=3, hints=False)
    bot = make_bot("heuristic", seed=3)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        for _ in range(12):
            assert app.store is not None
            view = app.store.view
            app.post_message(messages.Play(bot.choose(view.player, list(view.legal))))
            await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        assert isinstance(app.screen, HistoryScreen)
        listing = app.screen.query_one("#history-list")
        region = listing.region
        lines = [line[region.x + 1 : region.right - 1] for line in screen_lines(app)[region.y + 1 : region.bottom - 1]]
        written = [line for line in lines if line.strip()]
        assert len(written) > 10, lines
        for line in written:
            text = line[2:]  # after the cursor's gutter (▸)
            assert text.startswith(("  ", " ─", "─")) or text[:4].strip().isdigit(), (line, lines)


@pytest.mark.parametrize(
    ("language", "search", "name"),
    [("fr", "Rampeur", "Rampeur de régolithe"), ("de", "Matriarchin", "Die Matriarchin der Rückseite")],
)
async def test_card_browser_names_read_whole_at_80_columns(language: str, search: str, name: str) -> None:
    """The card browser at 80×24: a card name longer than the Name column (French "Rampeur de régolithe", German
    "Die Matriarchin der Rückseite") wraps onto the next line of its row instead of being cut."""
    from textual.widgets import DataTable

    from twentystrong.tui.screens.browser import CardBrowserScreen

    async with _opened(language, "c", seed=3) as pilot:
        app = pilot.app
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        await pilot.press("slash", *search)
        await settle(pilot)
        assert [e.text.name for e in browser.shown][:1] == [name]
        table = browser.query_one("#browser-table", DataTable)
        region = table.region
        lines = screen_lines(app)[region.y : region.bottom]
        column = [line[region.x + 2 : region.x + 2 + browser._name_width] for line in lines]
        assert name in " ".join(" ".join(part.split()) for part in column if part.strip()), lines


@pytest.mark.parametrize(("language", "place"), [("en", "your hero"), ("de", "dein Held"), ("fr", "votre héros")])
async def test_card_browser_says_where_each_card_is_whole_at_80_columns(language: str, place: str) -> None:
    """The card browser at 80×24 in a game: where each card is reads whole on a line under its name (its column had
    a few letters' room beside Level, Health and Damage: "votr", "dans")."""
    from textual.widgets import DataTable

    from twentystrong.tui.screens.browser import CardBrowserScreen

    async with _opened(language, "c") as pilot:
        app = pilot.app
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        table = browser.query_one("#browser-table", DataTable)
        assert "where" not in [key.value for key in table.columns]
        lines = screen_lines(app)[table.region.y : table.region.bottom]
        corona = next(i for i, line in enumerate(lines) if line.lstrip().startswith("│ Corona "))
        below = lines[corona + 1].split("│")[1] + " "  # (the scroll bar may follow)
        assert below.lstrip().startswith(place + " "), lines


@pytest.mark.parametrize(
    ("language", "words"), [("en", "No matches found"), ("de", "Nichts gefunden"), ("fr", "Aucun résultat")]
)
async def test_the_palette_says_it_found_nothing_in_the_language(language: str, words: str) -> None:
    """Textual's command palette, searched for a word no command has: its "No matches found" line reads in the
    language spoken (Textual writes it in English)."""
    from textual.command import CommandList

    async with _opened(language, "ctrl+p") as pilot:
        await pilot.press(*"qxqxqz")
        found = pilot.app.screen.query_one(CommandList)
        for _ in range(400):  # the palette shows the line after its countdown: wait for the line, not the time
            if found.option_count and found.get_option_at_index(0).id == "--no-matches":
                break
            await pilot.pause(0.01)
        await settle(pilot)
        assert words in "\n".join(screen_lines(pilot.app))
