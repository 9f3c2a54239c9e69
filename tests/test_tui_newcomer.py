"""Pilot tests of what a newcomer meets in the first hour (issue 15): a table that never breaks, cards read as
printed, every refusal and every change explained, the primer, never colour alone.

Games use the plain test deck (``deal="ordered"``, physical dice: every face is typed by the test) unless a test
needs a card of the shipped deck, which it then puts on the table through the engine's own commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot

from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens import table as table_screen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.store import Store

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


@pytest.fixture(autouse=True)
def _patient_letters(monkeypatch: pytest.MonkeyPatch) -> None:
    """A colour letter waits 5 s for its digit (Pilot idles between keys on a busy machine)."""
    monkeypatch.setattr(table_screen, "LETTER_WINDOW", 5.0)


def make_app(**options: Any) -> TwentyStrongApp:
    """Straight on the table: plain deck, hero tester, seed 1, ordered deal, physical dice."""
    settings: dict[str, Any] = {"deck_path": PLAIN, "hero": "tester", "seed": 1, "deal": "ordered", "dice": "physical"}
    settings.update(options)
    return create_app(**settings)


def store_of(app: TwentyStrongApp) -> Store:
    assert app.store is not None
    return app.store


def table_of(app: TwentyStrongApp) -> TableScreen:
    screen = app.screen
    assert isinstance(screen, TableScreen)
    return screen


async def settle(pilot: Pilot[None]) -> None:
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()


def spy_notes(app: TwentyStrongApp) -> list[str]:
    """Every toast the App shows from now on (message text)."""
    shown: list[str] = []
    original = app.notify

    def spy(message: str, **kwargs: Any) -> None:
        shown.append(message)
        original(message, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return shown


# --- a table that never breaks ---------------------------------------------------------------------------------


async def test_sidebar_keeps_its_shape_after_the_inventory_screen() -> None:
    """`i` then Esc: the side column's Inventory box is as it was (the inventory screen's stylesheet, whose
    ``#inventory`` rule gave the dialog 30 lines and a thick frame, no longer reaches the table's panel), and
    Health, the boss deck and the odds stay in view."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        panel = table.query_one("#inventory")
        before = (panel.region.height, str(panel.styles.border_top))
        await pilot.press("i")
        await settle(pilot)
        assert not isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        assert (panel.region.height, str(panel.styles.border_top)) == before
        assert panel.region.height <= 4
        side = table.query_one("#side")
        for widget_id in ("#hero", "#boss"):
            region = table.query_one(widget_id).region
            assert side.region.contains_region(region), widget_id
