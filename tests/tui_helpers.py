"""Pilot helpers shared by the TUI tests: the app's store and table, a die's zone, waiting for the table to settle,
clicking a die or a prompt button, and patient colour letters.

A test module imports what it uses; ``_patient_letters`` is an autouse fixture, so importing it applies it to every
test of the importing module.
"""

from __future__ import annotations

import pytest
from textual.pilot import Pilot

from twentystrong.tui.app import TwentyStrongApp
from twentystrong.tui.screens import table as table_screen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.store import Store
from twentystrong.tui.widgets.dice import DiceTray
from twentystrong.tui.widgets.status import ActionRow


@pytest.fixture(autouse=True)
def _patient_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """A colour letter waits 5 s for its digit here, not 0.8 s: Pilot idles between keys (up to a second on a
    busy machine), and "p" then "1" must stay the die P1 however slow the machine is."""
    monkeypatch.setattr(table_screen, "LETTER_WINDOW", 5.0)


def store_of(app: TwentyStrongApp) -> Store:
    """The app's game (it has one)."""
    assert app.store is not None, "the App has no game"
    return app.store


def table_of(app: TwentyStrongApp) -> TableScreen:
    """The table screen the app shows now."""
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


def zone(app: TwentyStrongApp, die: str) -> str:
    """Where the die is now (pool, committed, applied …)."""
    return store_of(app).state.die(die).zone


async def settle(pilot: Pilot[None]) -> None:
    """Let messages run, workers finish (the card area, the odds) and a frame pass (layout included), so that
    assertions read the settled table and clicks land where widgets now are. No sleeping: ``pause()`` waits for
    the screen's messages and lays it out."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def click_die(pilot: Pilot[None], tray_id: str, die: str) -> None:
    """Click the die in the tray ``#tray_id``, then settle."""
    tray = pilot.app.screen.query_one(f"#{tray_id}", DiceTray)
    offset = tray.offset_of(die)
    assert offset is not None, f"{die} is not shown in #{tray_id}"
    await pilot.click(tray, offset=(offset.x, offset.y))
    await settle(pilot)


async def click_button(pilot: Pilot[None], label: str) -> None:
    """Click the prompt's button ``label``, then settle."""
    row = pilot.app.screen.query_one(ActionRow)
    offset = row.offset_of(label)
    if offset is None:
        shown = [a.label for a in row.actions]
        raise AssertionError(f"no prompt button {label!r}; shown: {shown}")
    await pilot.click(row, offset=(offset.x, offset.y))
    await settle(pilot)
