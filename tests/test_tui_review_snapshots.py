"""Snapshot of the Review screen (pytest-textual-snapshot), on a fixed game and a fixed review.

The game: the plain test deck's "tester" hero, seed 2, played to its win in 19 rounds by the heuristic bot, added to
the test's private record; its review made by the tests' deterministic evaluator (``review_helpers.OpenEvaluator``,
threshold 12 points) and kept there, so the screen shows it at once. Regenerate with ``pytest
tests/test_tui_review_snapshots.py --snapshot-update`` after an intended change, and look at it first.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, datetime

import pytest
from record_helpers import PLAIN, finished
from review_helpers import OpenEvaluator
from textual.pilot import Pilot

from twentystrong.record.games import add_game
from twentystrong.review.kept import keep
from twentystrong.review.review import review_history
from twentystrong.tui.app import create_app

SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _reviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("NO_COLOR", raising=False)
    game = finished("tester", 2)
    # A fixed date: the title shows the day the game was recorded, and a snapshot must not change at midnight.
    number = add_game(game, when=datetime(2026, 11, 28, 20, 0, tzinfo=UTC)).id
    assert number == 1
    assert keep(number, review_history(game.history, OpenEvaluator(), threshold=12)) is None


async def open_review(pilot: Pilot[None]) -> None:
    for key in ("f2", "g", "v", "n", "n"):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
        await pilot.press(key)
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_review_screen_with_its_chart(snap_compare: SnapCompare) -> None:
    """The Review screen at 120×40 (``v`` on the statistics' past games): the title "Review of game #1 · … ·
    Tester · rank 1 · won in 19 rounds"; "138 decisions weighed; 18 cost more than 12 points of your chance to win
    (the costliest about 22)"; the list of decisions (round, step, before, after, cost, played, the expert), a
    fight's dice one decision a step ("You commit P4, P3 and roll", "You apply B4✶ to Card 4, … then roll again",
    "You recover R1, P4, P3", a line's cost with its margin "−6 ±25"), a reward taken inside an Apply step listed
    after its line; the second costly decision highlighted (two presses of ``n``) and its cost marked "✘ −16";
    below it the words "You discard the top card of stack 2: that cost about 16 points of your chance to win
    (45% → 29%). The expert would rather: You discard the top card of stack 3." and the chart of the chance to win
    before each decision across the game, 0–100% with the rounds along the bottom, a ✘ at each costly decision and
    a vertical line at the highlighted one (readable without colour); the key bar with Close, Next costly decision
    and Help."""
    app = create_app(deck_path=PLAIN, seed=1, deal="ordered", dice="physical")
    assert snap_compare(app, terminal_size=(120, 40), run_before=open_review)
