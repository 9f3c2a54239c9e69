"""Snapshot tests of the Statistics screen (pytest-textual-snapshot), on a fixed record of made-up games.

The record is written into the test's private data folder before the App starts: twelve Solar Sentinels games
from 1 to 12 November 2026 (Umbra, Corona, Parallax; wins and losses; ranks 1–3; the dice luck of each; killers
and bosses), one of them assisted and one a daily challenge. Regenerate the baselines with ``pytest
tests/test_tui_statistics_snapshots.py --snapshot-update`` after an intended change, and look at them first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from record_helpers import entry
from textual.pilot import Pilot
from textual.widgets import Input

from twentystrong.record.games import add_entry
from twentystrong.tui.app import create_app

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"
SnapCompare = Callable[..., bool]

HEROES = {"umbra": "Umbra", "corona": "Corona", "parallax": "Parallax"}
GAMES = [
    # hero, result, rounds, level, luck (hits above expectation), killer, boss (defeated?)
    ("umbra", "won", 18, 1, 2.5, None, ("selenarch", "The Selenarch", 1)),
    ("corona", "lost", 9, 2, -4.0, ("rust-maw", "Rust Maw"), None),
    ("parallax", "won", 15, 1, 0.5, None, ("hollow-crown", "The Hollow Crown", 1)),
    ("umbra", "won", 21, 2, 1.0, None, ("selenarch", "The Selenarch", 1)),
    ("corona", "lost", 12, 3, -6.5, ("rust-maw", "Rust Maw"), ("hollow-crown", "The Hollow Crown", 0)),
    ("umbra", "lost", 14, 2, -1.5, ("ember-wasp", "Ember Wasp"), None),
    ("parallax", "won", 11, 1, 3.0, None, ("tide-engine", "The Tide Engine", 1)),
    ("corona", "won", 19, 2, 0.0, None, ("selenarch", "The Selenarch", 1)),
    ("umbra", "lost", 17, 3, -2.0, ("hollow-crown", "The Hollow Crown"), ("hollow-crown", "The Hollow Crown", 0)),
    ("parallax", "won", 16, 2, 4.5, None, ("tide-engine", "The Tide Engine", 1)),
    ("corona", "lost", 7, 3, -3.0, ("rust-maw", "Rust Maw"), None),
    ("umbra", "won", 13, 2, 1.5, None, ("selenarch", "The Selenarch", 1)),
]


@pytest.fixture(autouse=True)
def _record(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fixed record (and colours whatever the environment says)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    for n, (hero, result, rounds, level, luck, killer, boss) in enumerate(GAMES, 1):
        add_entry(
            entry(
                n,
                hero=hero,
                hero_name=HEROES[hero],
                result=result,
                rounds=rounds,
                level=level,
                damage_dealt=40 + rounds,
                damage_taken=3 + n % 5,
                enemies_defeated=rounds // 2,
                dice_rolled=60,
                hits_rolled=36,
                hits_expected=36 - luck,
                luck_spread=3.5,
                killer=killer[0] if killer else None,
                killer_name=killer[1] if killer else None,
                final_enemy=boss[0] if boss else None,
                final_enemy_name=boss[1] if boss else None,
                final_enemy_defeated=boss[2] if boss else None,
                assisted=int(n == 6),
                daily="2026-11-08" if n == 8 else None,
            )
        )


async def open_statistics(pilot: Pilot[None], *keys: str) -> None:
    await pilot.pause()
    for field in pilot.app.screen.query(Input):
        field.cursor_blink = False
    for key in ("f2", *keys):
        await pilot.press(key)
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def app() -> object:
    return create_app(deck_path=PLAIN, seed=1, deal="ordered", dice="physical")


def test_statistics_overview(snap_compare: SnapCompare) -> None:
    """The Statistics screen (F2 from the setup screen) at 120×40 on the Overview tab: "Your record — 12 games,
    7 won (58%)", below it the deck and hero selectors ("every deck", "every hero"); Solar Sentinels "now rank 3 Solar
    Sergeant"; 7 of 12 won with its 95% interval; "of them 1 assisted, 1 daily"; the streaks (won the last game,
    longest 2 won, 2 lost); the best game (#12, Umbra, rank 2, won in 13 rounds); median 14.5 rounds; beaten by
    Rust Maw 3 first; the bosses (The Hollow Crown beat you 2 times first); the rank path 1 → 2 → 1 → …; one line
    per hero (Umbra 5 games, Corona 4, Parallax 3) with wins, win rate, interval, streak, median and best game; the
    key bar with Close, Overview, Charts, Past games and Help."""
    assert snap_compare(app(), terminal_size=(120, 40), run_before=open_statistics)


def test_statistics_charts(snap_compare: SnapCompare) -> None:
    """The Charts tab of the same record at 120×40, four charts readable without colour: win rate by hero as
    labelled bars ("Parallax 100% (3/3)", "Umbra 60% (3/5)", "Corona 25% (1/4)") on a 0–100% axis; rounds per game
    with a W or an L at each game (games 1–12); dice luck per game as bars above and below the zero line (+4.5 at
    game 10, −6.5 at game 5); the rank after each game that moved it on a 1–6 scale, titled "Rank after each game:
    now 3"."""
    assert snap_compare(app(), terminal_size=(120, 40), run_before=lambda pilot: open_statistics(pilot, "c"))
