"""The Review screen (issue 30): reached from the statistics' past games and from game over; its list of decisions,
the words of the highlighted one, the chart; Enter shows the table as it was; a review being made shows its
progress, is kept once done, and Escape cancels it (nothing kept). The evaluator is the test's small deterministic
one (the screen takes it as a parameter; the App's default is the expert)."""

from __future__ import annotations

import threading
from collections.abc import Sequence

import pytest
from record_helpers import PLAIN, finished
from review_helpers import Lines, OpenEvaluator
from textual.pilot import Pilot
from textual.widgets import DataTable, ProgressBar, Static
from textual_plotext import PlotextPlot

from twentystrong.engine.commands import Command
from twentystrong.engine.view import PlayerView
from twentystrong.record.games import GameRow, add_game
from twentystrong.record.replay import replay_session
from twentystrong.review.evaluator import Estimate
from twentystrong.review.kept import keep, kept
from twentystrong.review.review import review_history
from twentystrong.session import Session
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.game_over import GameOverScreen
from twentystrong.tui.screens.replay import ReplayScreen
from twentystrong.tui.screens.review import ReviewScreen
from twentystrong.tui.screens.statistics import StatisticsScreen

SIZE = (120, 40)


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


@pytest.fixture(scope="module")
def game() -> Session:
    """A plain-deck game the heuristic bot won."""
    return finished("tester", 2)


def recorded(game: Session) -> tuple[int, GameRow, Session]:
    """The game added to the record: its number, its row and its replay."""
    number = add_game(game).id
    assert number is not None
    row, session, _ = replay_session(number)
    return number, row, session


async def kept_review_opened(pilot: Pilot[None]) -> ReviewScreen:
    """The statistics' past games (F2, g), then the first game's kept review (v)."""
    await settle(pilot)
    await pilot.press("f2", "g")
    await settle(pilot)
    await pilot.press("v")
    await settle(pilot)
    screen = pilot.app.screen
    assert isinstance(screen, ReviewScreen)
    return screen


def words(screen: ReviewScreen) -> str:
    return str(screen.query_one("#review-words", Static).content)


async def test_the_statistics_past_games_open_a_kept_review_and_its_decisions_show_the_table_then(
    game: Session,
) -> None:
    number = add_game(game).id
    assert number is not None
    review = review_history(game.history, OpenEvaluator(), threshold=12)
    assert keep(number, review) is None
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2", "g")
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)
        await pilot.press("v")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review == review  # kept: shown at once, not made again
        table = screen.query_one("#review-decisions", DataTable)
        assert table.row_count == len(review.decisions)
        first = review.decisions[0]
        assert table.get_row_at(0)[:2] == [str(first.round), str(first.step)]
        assert "decisions weighed" in str(screen.query_one("#review-status", Static).content)
        assert not screen.query_one("#review-progress", ProgressBar).display
        assert screen.query_one("#review-chart", PlotextPlot).plt is not None

        await pilot.press("n")  # the first costly decision
        await settle(pilot)
        costly = review.flagged[0]
        assert table.cursor_row == review.decisions.index(costly)
        assert table.get_row_at(table.cursor_row)[4].startswith("✘ −")
        assert f"cost about {round(costly.cost or 0)} points" in words(screen)
        assert "The expert would rather: You " in words(screen)

        await pilot.press("enter")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.index == costly.step - 1  # the table as it was when the choice was made
        assert "Step" in str(replay.query_one("#history-banner", Static).content)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is screen
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, StatisticsScreen)


async def test_a_costly_step_of_dice_is_listed_at_its_start_and_shows_the_table_before_its_first_command(
    game: Session,
) -> None:
    """A fight's Apply step is one decision (a line): its row shows the step it began at, its words say the dice
    applied and the ending, the expert's line; Enter shows the table before the step's first command."""
    number = add_game(game).id
    assert number is not None
    review = review_history(game.history[:60], Lines("resolve"), threshold=12)
    assert keep(number, review) is None
    costly = review.flagged[0]
    assert costly.line and costly.line[-1].cmd == "resolve" and costly.opens < costly.step
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f2", "g")
        await settle(pilot)
        await pilot.press("v")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        await pilot.press("n")
        await settle(pilot)
        table = screen.query_one("#review-decisions", DataTable)
        assert table.cursor_row == review.decisions.index(costly)
        row = table.get_row_at(table.cursor_row)
        assert row[1] == str(costly.opens) and row[4].startswith("✘ −90")
        assert row[5].startswith("You apply ") and row[5].endswith(", then resolve")
        assert words(screen).startswith("✘ You apply ")
        assert "then resolve: that cost about 90 points" in words(screen)
        assert "The expert would rather: You apply " in words(screen)
        await pilot.press("enter")
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen)
        assert replay.index == costly.opens - 1  # the table before the step's first command


async def test_a_review_is_made_with_progress_and_kept(game: Session) -> None:
    number, row, session = recorded(game)
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = ReviewScreen(row, session, evaluator=OpenEvaluator(), workers=1)
        await app.push_screen(screen)
        await settle(pilot)
        assert screen.review is not None
        assert kept(number) == screen.review
        table = screen.query_one("#review-decisions", DataTable)
        assert table.row_count == len(screen.review.decisions) > 100
        bar = screen.query_one("#review-progress", ProgressBar)
        assert bar.total == bar.progress == len(screen.review.decisions)  # the progress reached its end


class Gate(OpenEvaluator):
    """Holds its first decision until the test opens the gate."""

    def __init__(self) -> None:
        super().__init__()
        self.started = threading.Event()
        self.open = threading.Event()

    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        self.started.set()
        assert self.open.wait(30)
        return super().estimate(view, legal, rollouts)


async def test_escape_cancels_a_review_being_made_and_nothing_is_kept(game: Session) -> None:
    number, row, session = recorded(game)
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        gate = Gate()
        screen = ReviewScreen(row, session, evaluator=gate, workers=1)
        await app.push_screen(screen)
        await pilot.pause()
        assert gate.started.wait(30)
        assert "Escape cancels" in str(screen.query_one("#review-status", Static).content)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is not screen
        gate.open.set()
        await settle(pilot)
        assert len(gate.views) == 1  # stopped after the decision in hand
    assert kept(number) is None


async def test_game_over_offers_the_review_of_the_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("twentystrong.tui.screens.review.ExpertEvaluator", OpenEvaluator)
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        assert isinstance(app, TwentyStrongApp)
        for entry in finished("weakling", 3).history[1:]:
            app.post_message(messages.Play(entry.command))
        for _ in range(4):
            await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("v")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen) and screen.review is not None
        assert screen.review.evaluator == "open-test" and screen.review.result == "lost"
        assert kept(1) == screen.review


class Broken(OpenEvaluator):
    def estimate(self, view: PlayerView, legal: Sequence[Command], rollouts: int) -> list[Estimate]:
        raise ValueError("the expert bot does not know what this deck hides")


async def test_a_review_that_cannot_be_made_says_why(game: Session) -> None:
    number, row, session = recorded(game)
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        screen = ReviewScreen(row, session, evaluator=Broken())
        await app.push_screen(screen)
        await settle(pilot)
        status = str(screen.query_one("#review-status", Static).content)
        assert status == "The review could not be made: the expert bot does not know what this deck hides"
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is not screen
    assert kept(number) is None


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "de",
            ["Analyse von Partie #", "Entscheidungen gewogen", "Enter: der Tisch damals", "Nächste teure Entscheidung"],
        ),
        (
            "fr",
            ["Analyse de la partie n° ", "décisions pesées", "Entrée\u00a0: la table à ce moment", "Décision coûteuse"],
        ),
    ],
)
async def test_the_review_screen_reads_in_german_and_french(game: Session, lang: str, said: list[str]) -> None:
    """The Review screen in German and French: its title, summary, the highlighted decision's line and its keys (the
    footer's descriptions spoken in the language), the columns in the language."""
    from twentystrong import i18n
    from twentystrong.tui.screens.review import COSTLY

    i18n.set_language(lang)
    number = add_game(game).id
    assert number is not None
    assert keep(number, review_history(game.history, OpenEvaluator(), threshold=12)) is None
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        for keys in ((), ("f2", "g"), ("v",), ("n",)):  # the statistics' past games, the review, a costly decision
            await pilot.press(*keys)
            await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        shown = " ".join(
            [
                str(screen.query_one("#review-title", Static).content),
                str(screen.query_one("#review-status", Static).content),
                words(screen),
                *(b.description for bindings in screen._bindings.key_to_bindings.values() for b in bindings),
            ]
        )
        for text in said:
            assert text in shown, (text, shown)
        assert words(screen).startswith(f"{COSTLY} ")
        columns = [str(c.label) for c in screen.query_one("#review-decisions", DataTable).columns.values()]
        assert columns[:2] == {"de": ["Runde", "Nr."], "fr": ["tour", "n°"]}[lang], columns
        for english in ("Review of game", "decisions weighed", "Enter: the table then", "Next costly decision"):
            assert english not in shown, english


async def test_a_decision_that_might_have_cost_more_is_marked_and_n_says_when_none_is_sure(
    game: Session, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A decision whose cost is above the threshold but within the review's margin of it is not flagged: its row is
    marked ``?`` (a sign, not a colour), its words say it might have cost less; with no decision flagged, ``n`` says
    so instead of doing nothing."""
    from dataclasses import replace

    number = add_game(game).id
    assert number is not None
    made = review_history(game.history, OpenEvaluator(), threshold=12)
    assert made.flagged
    # Each costly decision made unsure: its margin (two standard errors) as large as its cost.
    unsure = tuple(replace(d, cost_se=(d.cost or 0) / 2) if d.flagged(12) else d for d in made.decisions)
    review = replace(made, decisions=unsure)
    assert not review.flagged and {d.key for d in made.flagged} <= {d.key for d in review.doubtful}
    assert keep(number, review) is None
    app = create_app(deck_path=PLAIN, hero="weakling", seed=3)
    async with app.run_test(size=SIZE) as pilot:
        screen = await kept_review_opened(pilot)
        status = str(screen.query_one("#review-status", Static).content)
        assert "none cost clearly more than 12 points" in status
        assert f"{len(review.doubtful)} more might have, within the review's margin (marked ?)" in status
        told: list[str] = []
        monkeypatch.setattr(screen, "notify", lambda message, **_: told.append(str(message)))
        table = screen.query_one("#review-decisions", DataTable)
        await pilot.press("n")
        await settle(pilot)
        assert told == ["No decision cost clearly more than 12 points."] and table.cursor_row == 0
        doubtful = review.doubtful[0]
        table.move_cursor(row=review.decisions.index(doubtful))
        await settle(pilot)
        assert table.get_row_at(table.cursor_row)[4].startswith("? −")
        assert words(screen).startswith("? You ")
        assert "It might have cost less than 12 points, within the review's margin." in words(screen)
