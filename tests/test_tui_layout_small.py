"""Issue 27, finding 6: the second deck at 80×24 as complete as the first, and the setup screen's names in full.
Every option reachable and named, no name the player needs to choose cut (``d`` and the tooltips still read
everything in full)."""

from __future__ import annotations

import html
import re

from test_tui_table import settle
from textual.widgets import Button, RadioButton

from twentystrong.tui.app import TwentyStrongApp, create_app


def screen_lines(app: TwentyStrongApp) -> list[str]:
    """The screen as the player reads it: one string a row (the screenshot's text, without its markup)."""
    text = html.unescape(re.sub(r"<[^>]+>", "", app.export_screenshot())).replace("\xa0", " ")
    return [line for line in text.split("\n") if line.strip()]


async def test_a_focused_setup_button_keeps_its_whole_label_at_80_columns() -> None:
    """At 80×24 the five buttons are as wide as their labels: the focus glyph ▸ has its two columns kept free, so a
    focused button still reads "▸ Start game", never one word ("▸ Start") with the rest wrapped out of sight."""
    app = create_app(deck_id="hoplomachus-victorum", seed=99, hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        buttons = list(app.screen.query("#buttons Button").results(Button))
        assert [str(b.label).strip() for b in buttons] == [
            "Start game",
            "Browse cards",
            "Daily challenge",
            "Statistics (F2)",
            "Quit",
        ]
        for button in buttons:
            button.focus()
            await settle(pilot)
            label = str(button.label)
            assert label.startswith("▸ ")
            row = next(line for line in screen_lines(app) if "Quit" in line and "Browse" in line)
            assert label in row, (label, row)
            assert button.region.right <= 80 and button.region.height == 1


async def test_the_setup_choices_are_whole_at_120x40() -> None:
    """At 120×40 (and 100 columns) beside the hero card, the undo and dice choices are read in full: "(game marked
    assisted)" is not cut."""
    for width in (120, 100):
        app = create_app(deck_id="hoplomachus-victorum", seed=1234, hints=False)
        async with app.run_test(size=(width, 40)) as pilot:
            await settle(pilot)
            shown = "\n".join(screen_lines(app))
            for radio in app.screen.query(RadioButton).results(RadioButton):
                assert str(radio.label) in shown, (width, str(radio.label))
