"""Snapshot tests of the TUI: a few pictures a person checked once, compared on every run (pytest-textual-snapshot).

Each test's docstring says what its picture must show. Everything in them is fixed: the plain test deck
(``tests/decks/plain``), seed 1, an ordered deal and physical dice (so every face is typed by the test), and a
private data folder (no autosave to offer). The baselines live in ``tests/__snapshots__/test_tui_snapshots/``;
after an intended change of the UI, regenerate them with ``pytest tests/test_tui_snapshots.py
--snapshot-update`` and look at the new pictures before committing them.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from textual.widgets import Input

from twentystrong.tui.app import TwentyStrongApp, create_app

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"
SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pictures are in colour whatever the environment says (``NO_COLOR`` would turn them monochrome)."""
    monkeypatch.delenv("NO_COLOR", raising=False)


def plain_app(**options: Any) -> TwentyStrongApp:
    """The plain deck with fixed inputs; with a ``hero`` it opens on the table."""
    settings: dict[str, Any] = {"deck_path": PLAIN, "seed": 1, "deal": "ordered", "dice": "physical", "hints": False}
    settings.update(options)
    return create_app(**settings)


async def settle(pilot: Pilot[None]) -> None:
    """Everything done: messages handled, workers (the odds) finished, and the screen repainted."""
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def test_setup_screen(snap_compare: SnapCompare) -> None:
    """The setup screen at 100×32 with the plain test deck chosen ("plain", "Plain test deck", "General rules
    only: no effects."): its heroes Tester (♥6 ⚑3 ↻3, highlighted and marked ▸), Weakling and the shipped universal
    Victorum hero Castor "(universal, from hoplomachus-victorum)" (HV1), missions off (an empty box ``▐ ▌``), rank 1
    (Solar Soldier) greyed with "Ranks come with missions …" under it, seed 1, standard undo (``▐●▌``; assisted
    ``▐○▌``), physical dice (``▐●▌``; virtual ``▐○▌``), hints off (``▐ ▌``), the language "System (English)"; on
    the right Tester's three stats with what each means and "No special ability."; the Start game, Browse cards,
    Daily challenge, Statistics (F2) and Quit buttons (two columns before each label kept for the focus glyph ▸),
    and the key bar at the bottom (with ^d Daily challenge)."""

    async def steady(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False  # a blinking cursor would make the picture depend on the clock

    assert snap_compare(plain_app(), terminal_size=(100, 32), run_before=steady)


def test_table_mid_round_with_applied_dice(snap_compare: SnapCompare) -> None:
    """Round 1, Apply step of the first Strategy phase, at 120×40: Card 16 (the mandatory enemy from stack 2,
    titled "[1] ! Card 16", Health 2) defeated (♥ 2/2, green border, "DEFEATED ✔") with P1 (a
    crit, ``P1✶``) on it and its reward read as printed ("◈ Ongoing item: …"); P2 (a miss, ``P2○``) dimmed in the
    committed tray; stacks 1-3 titled "Stack 1" … (none marked ▶: nothing to choose there now) showing Card 1, Card
    17 and Card 31; the hero panel (Tester, ♥ Health 6/6, Strategy 3, Recovery 3, "Resolve: no damage"); the boss
    deck's count in its title; the prompt "Apply rolled hits to cards…", "Every enemy is defeated: Enter resolves."
    with Resolve and Repeat buttons; the key bar."""

    async def play(pilot: Pilot[None]) -> None:
        await settle(pilot)
        # Activate stack 2, commit P1 and P2, roll, enter a crit and a miss, then put P1 on Card 16.
        for key in ("2", "p", "1", "p", "2", "enter", "k", "m", "p", "space"):
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(plain_app(hero="tester"), terminal_size=(120, 40), run_before=play)


def test_card_browser_on_one_card(snap_compare: SnapCompare) -> None:
    """The card browser opened by clicking Card 16 in the active area: the filters on the left, the list of the
    plain deck's cards with Card 16's row highlighted, and Card 16's detail (level 1, Health 2, Damage 1,
    mandatory, its ongoing-item reward, and where it is now: the active area)."""

    async def open_card(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("2")  # Card 16 becomes active
        await settle(pilot)
        await pilot.click("#card-c16")
        await settle(pilot)
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False

    assert snap_compare(plain_app(hero="tester"), terminal_size=(120, 40), run_before=open_card)


def test_table_at_80x24_with_a_hint(snap_compare: SnapCompare) -> None:
    """The smallest table, 80×24, first-game hints on, in the commit step after P1 is committed: the step bar
    without the game's options (they give way whole rather than be cut: "Round 1 │ … │ Commit, phase 1/3");
    stacks titled
    "Stack 1" … with their top cards' names and numbers; Card 16 titled "[1] ! Card 16" (the mandatory mark before
    the name) with "◈ Ongoing item: …" cut to one row; the side column in one line each: "Tester ♥6/6 ⚑3 ↻3", "At
    Resolve: −1 ♥", "Inventory 0/3", "Boss deck · 2 face down", then the odds ("P1 · 3 rolls left", "Defeat
    chance, all on it:", "1 Card 16 0/2 42%", and the commit plan "To reach 90% [t]:" "+G1 (1 die) → 91%"); the
    prompt line "Commit dice from the pool, then roll." and, in the
    place of the keys line, "Hint: Commit dice from your pool …"; Roll and All moves buttons; the key bar."""

    async def commit(pilot: Pilot[None]) -> None:
        await settle(pilot)
        for key in ("2", "p", "1"):
            await pilot.press(key)
            await settle(pilot)

    assert snap_compare(plain_app(hero="tester", hints=True), terminal_size=(80, 24), run_before=commit)


def test_help_at_80x24(snap_compare: SnapCompare) -> None:
    """Help over the table at 80×24: a card titled "Help  ↑ ↓ PgUp PgDn scroll · Esc closes · the rules primer
    follows the keys", then "The table" and its keys (Play die, Roll, Resolve … Game summary) in one column (the
    help scrolls: its scrollbar on the right), and "esc Close" in the key bar."""

    async def open_help(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)

    assert snap_compare(plain_app(hero="tester"), terminal_size=(80, 24), run_before=open_help)


def test_too_small_message(snap_compare: SnapCompare) -> None:
    """A 70×20 terminal: instead of the table, the centred message "Terminal too small", "need 80×24, have
    70×20" and the hint to enlarge the window."""
    assert snap_compare(plain_app(hero="tester"), terminal_size=(70, 20), run_before=settle)
