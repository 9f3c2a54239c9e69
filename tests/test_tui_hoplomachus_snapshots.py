"""Snapshot tests of Mount Vesuvius on the table (Hoplomachus Victorum, issue 20): pictures a person checked once,
compared on every run. Each docstring says what its picture must show.

Everything is fixed: the test deck (``tests/decks/hoplomachus``) dealt in file order, seed 1, hero Vesna, physical
dice (every face typed by the test), hints off, a private data folder. Regenerate after an intended change with
``pytest tests/test_tui_hoplomachus_snapshots.py --snapshot-update`` and look at the new pictures first.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from arena import HV_PATH
from test_tui_hoplomachus import hv_app
from textual.pilot import Pilot

from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens import table as table_screen

SnapCompare = Callable[..., bool]


@pytest.fixture(autouse=True)
def _colours(monkeypatch: pytest.MonkeyPatch) -> None:
    """The pictures are in colour whatever the environment says; a colour letter waits 5 s for its digit (``b``
    then ``1`` stays the die B1 however busy the machine)."""
    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setattr(table_screen, "LETTER_WINDOW", 5.0)


async def settle(pilot: Pilot[None]) -> None:
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def keys(pilot: Pilot[None], *pressed: str) -> None:
    for key in pressed:
        await pilot.press(key)
        await settle(pilot)
    pilot.app.clear_notifications()  # what just happened is in the log: the pictures show the table alone


# Setup at the table: keep the first Tactic drawn (its card's number), place the Primus as offered (their choices
# open by themselves: Enter takes the first).
SETUP = ("1", "enter", "enter")


def test_board_at_120x40(snap_compare: SnapCompare) -> None:
    """Round 1 at 120×40, after moving to camp 1-1: "Mount Vesuvius · ♛ Primus beaten 0/3" on its top border; the
    Scion (♛ The Lanista · the Scion) at the apex with "Spectate:" its penalty and "Conflict
    side:" its numbers; three rows of framed camps (2, 3, 4, centred), each titled with its id and "N cards" at the
    bottom right, its top card's kind letter (B, S or O, reversed) and name (✧ for the Influence icon), ♥ Health ⚔
    Damage and +N (an Opportunity: ◇ its condition), and its third line the Primus waiting there (♛ ♥5 ⚔1 +1 Darius
    …) or the card's own first line (◈ its reward); camp 1-1 framed twice and titled "◉ 1-1 · you"; the legend line
    under the pyramid; the training grounds (Y3 … P4) between the pool and the exhausted tray; on the right the
    Tactics area (3 Tactics, each with its words) and the Influence deck (0 cards · 0 ✧); the prompt "Activate your
    camp's top card, spectate it, or fight the Primus waiting there." with "Enter activates, s spectates, f fights
    the Primus." and the buttons Activate Raider [enter], Spectate [s], Fight Darius the Net [f]."""

    async def play(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await keys(pilot, *SETUP, "1")

    assert snap_compare(hv_app(), terminal_size=(120, 40), run_before=play)


def test_board_at_80x24(snap_compare: SnapCompare) -> None:
    """Round 1 at 80×24 before the first move: the step bar without the game's options (they give way whole rather
    than be cut); the active area and the committed tray hidden while empty; the
    pyramid without frames, each row of camps across the whole width (the Scion's line "♛ The Lanista · spectate:
    Lose 1 Health." in full), each camp its id, "·6" cards and ♛ with the Primus's numbers where one waits, then its
    kind letter, numbers and name, wrapped and whole ("B♥2⚔1+1 / Raider ✧", "O◇ First / Blood"); the bottom row
    marked ▶1 … ▶4 (the camps the first move may go to); no legend line (the help has it); the pool, training
    grounds and exhausted trays sharing the width by their dice (two lines each, "Training grounds" whole); the hero
    in one line, the inventory, the Tactics area (names only); the prompt "Move to a camp of the bottom row." with
    "Press a camp's number (1–4), click a ▶ camp, or arrows then Enter."."""

    async def play(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await keys(pilot, *SETUP)

    assert snap_compare(hv_app(), terminal_size=(80, 24), run_before=play)


def test_primus_fight_at_120x40(snap_compare: SnapCompare) -> None:
    """Round 2 of the Primus fight against Darius at 120×40: the pyramid drawn in two lines a camp, each row across
    the whole width (enemies are on the table; ◉ 1-1 bottom left); the active area titled "Active area · ♛ Primus
    fight: Darius the Net · dice stay on undefeated enemies"; Darius [1] with B1 (a hit) still on him from round 1
    ("B1• (stay)", ♥ 1/5; his +1 found no enemy next to 1-1: both neighbours are Opportunities); Health 5/6 after
    round 1's damage, which the prompt's top line announces ("What happened: You suffer 1 damage from Darius the Net
    …", over nothing); the commit prompt of round 2 (the move skipped: the fight goes on)."""

    async def play(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await keys(pilot, *SETUP, "1", "f")
        app = pilot.app
        assert isinstance(app, TwentyStrongApp) and app.store is not None
        while app.store.state.step == "reinforce":
            await keys(pilot, "1")
        await keys(pilot, "b", "1", "enter", "h", "b", "1", "1")
        for _ in range(8):
            if app.store.state.round == 2:
                break
            await keys(pilot, *(("y", "1") if app.store.view.kind == "bloodshed" else ("enter",)))

    assert snap_compare(hv_app(), terminal_size=(120, 40), run_before=play)


def test_hero_draw_at_120x40(snap_compare: SnapCompare, tmp_path: Path) -> None:
    """A saved game with no hero named opens on the hero draw at 120×40 (HV1): the pyramid in two lines a camp (each
    row across the whole width) and its legend in full (two lines), the
    active area titled "Active area · the draw: click a card or press its number" holding the four Victorum heroes
    drawn as cards titled ▶ 1 … ▶ 4, each with its name, ♥ ⚑ ↻ stats, its ability in words and "Else ♛ …" its
    Primus side's name and numbers, and a fifth, "A universal hero…" ("Play a universal hero instead: Castor", the
    shipped deck's universal hero, HV1); the prompt "Choose your hero among the Victorum heroes drawn …" with "Click a
    card or press its number; Enter lists every choice in words." and the Choose… button."""
    from arena import DECK

    from twentystrong.engine.state import SetupOptions
    from twentystrong.session import Session

    path = tmp_path / "draw.toml"
    Session.new(DECK, SetupOptions(DECK.id, "", seed=1, deal="ordered", dice="physical"), deck_path=HV_PATH).save(path)

    async def look(pilot: Pilot[None]) -> None:
        await settle(pilot)
        pilot.app.clear_notifications()

    assert snap_compare(create_app(load=path, hints=False), terminal_size=(120, 40), run_before=look)
