"""Issue 27's keys at the table: Enter never spends a Strategy phase on a roll of nothing without asking."""

from __future__ import annotations

from textual.pilot import Pilot
from tui_helpers import settle

from twentystrong.bench.tui import default_hero, next_move
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.table import TableScreen

SIZE = (120, 40)


async def to_commit(app: TwentyStrongApp, pilot: Pilot[None]) -> TableScreen:
    """Play the bench's script (activations) up to the first commit step; the table."""
    await settle(pilot)
    assert app.store is not None
    while app.store.view.kind != "commit":
        move = next_move(app.store.view)
        assert move is not None, app.store.view.kind
        for group in move.keys:
            await pilot.press(*group)
        await settle(pilot)
    table = app.screen
    assert isinstance(table, TableScreen)
    return table


async def test_enter_asks_before_a_roll_of_nothing_and_a_second_enter_rolls() -> None:
    """The rules let the player commit nothing (the roll then rolls no dice and uses a Strategy phase); Enter, the
    step's main key, says so first and a second Enter rolls."""
    app = create_app(deck_id="solar-sentinels", hero=default_hero(), seed=3, hints=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await to_commit(app, pilot)
        assert app.store is not None
        view = app.store.view
        assert view.player.dice_in("pool") and not view.player.dice_in("active")
        await pilot.press("enter")
        await settle(pilot)
        assert app.store.view is view  # nothing played
        assert "No dice committed" in table.said[-1] and "Strategy phase" in table.said[-1]
        assert "No dice committed" in table.query_one("#prompt-text").render().plain  # on the prompt, not a toast
        await pilot.press("enter")
        await settle(pilot)
        assert app.store.view.last is not None and app.store.view.last.cmd == "roll"
        assert app.store.view.kind != "commit"  # rolled: the phase went on to its Apply step


async def test_enter_rolls_at_once_with_a_die_committed() -> None:
    app = create_app(deck_id="solar-sentinels", hero=default_hero(), seed=3, hints=False)
    async with app.run_test(size=SIZE) as pilot:
        table = await to_commit(app, pilot)
        assert app.store is not None
        command = app.store.view.find("commit")[0]
        table.play(command)
        await settle(pilot)
        said = len(table.said)
        await pilot.press("enter")
        await settle(pilot)
        assert app.store.view.last is not None and app.store.view.last.cmd == "roll"
        assert len(table.said) == said
