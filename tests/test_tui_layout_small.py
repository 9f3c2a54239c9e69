"""Issue 27, finding 6: the second deck at 80×24 as complete as the first, and the setup screen's names in full.
Every option reachable and named, no name the player needs to choose cut (``d`` and the tooltips still read
everything in full)."""

from __future__ import annotations

import html
import re

from textual.pilot import Pilot
from textual.widget import Widget
from textual.widgets import Button, RadioButton
from tui_helpers import settle

from twentystrong.kits.hoplomachus_victorum.content import primus_by_id, primus_of
from twentystrong.kits.options import choose
from twentystrong.tui.app import TwentyStrongApp, create_app


def screen_lines(app: TwentyStrongApp) -> list[str]:
    """The screen as the player reads it: one string a row, each piece of text at its column (from the
    screenshot's text elements)."""
    rows: dict[float, list[tuple[float, str]]] = {}
    svg = app.export_screenshot()
    for m in re.finditer(r'<text class="([^"]*)"[^>]*?x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg, re.S):
        if "title" in m.group(1):
            continue  # the window's title above the terminal, not a row of it
        text = html.unescape(re.sub(r"<[^>]+>", "", m.group(4))).replace("\xa0", " ")
        rows.setdefault(float(m.group(3)), []).append((float(m.group(2)), text))
    lines = []
    for _, pieces in sorted(rows.items()):
        line = [" "] * (app.size.width + 1)
        for x, text in pieces:
            start = round(x / 12.2)  # a cell is 12.2 wide in Textual's screenshots
            line[start : start + len(text)] = list(text)
        lines.append("".join(line).rstrip())
    return lines


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
            row = next(line for line in screen_lines(app) if "Quit" in line and "Browse cards " in line)
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


async def start_victorum(pilot: Pilot[None]) -> None:
    """The setup screen's Start: the shipped deck's hero draw at the table."""
    await settle(pilot)
    await pilot.press("ctrl+s")
    await settle(pilot)


def wrapped_height(widget: Widget) -> int:
    """How many lines the widget's words need at its width (more than it shows: something is cut)."""
    width = widget.content_size.width
    return widget.get_content_height(widget.size, widget.size, width)


async def test_80x24_shows_every_hero_drawn_and_every_camp_whole() -> None:
    """Seed 99, difficulty 1 at 80×24 without colour: the five heroes drawn are all on screen with their Primus side
    (a line or two each, in the dice zones' room); then at the first move every camp's top card and Primus numbers,
    and the Scion's spectate penalty, are read whole (the camps' words wrap instead of being cut); the buttons of
    the prompt are all on screen (a second line when they need one)."""
    from twentystrong.kits.hoplomachus_victorum.board.board import CampView, ScionView
    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.tui.widgets.status import ActionRow

    app = create_app(deck_id="hoplomachus-victorum", seed=99, hints=False, options=choose({"difficulty": 1}))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_victorum(pilot)
        assert app.store is not None
        s = app.store.state
        drawn = table(s).heroes_drawn
        assert len(drawn) == 5
        shown = "\n".join(screen_lines(app))
        for hero in drawn:
            name = s.deck.hero(hero).name
            primus = primus_by_id(s.deck, primus_of(s.deck)[hero]).name
            assert name in shown and f"Else ♛ {primus}" in shown, (name, shown)
        for _ in range(12):  # the first hero, the first Tactic, the Primus placed, two camps fed, as offered
            if app.store.state.step == "move":
                break
            # Camps keep their numbers while the feeding lasts: the first camp still offered, whatever its number.
            # (A list keeps its numbers between picks too: the first one still listed.)
            numbers = getattr(getattr(app.screen, "board", None), "numbers", None) or {
                "": min(getattr(app.screen, "numbers", None) or [1])
            }
            await pilot.press(str(min(numbers.values())))
            await settle(pilot)
        assert app.store.state.step == "move"
        camps = list(app.screen.query(CampView).results(CampView))
        assert len(camps) == 9
        for camp in camps:
            assert camp.region.height and wrapped_height(camp) <= camp.size.height, camp.info
        scion = app.screen.query_one(ScionView)
        assert wrapped_height(scion) <= scion.size.height
        await pilot.press("1")  # to camp 1-1: activate, spectate or fight
        await settle(pilot)
        row = app.screen.query_one(ActionRow)
        lines = screen_lines(app)
        for action in row.actions:
            assert any(f"{action.label} [{action.key}]" in line for line in lines), action.label
        assert row.region.bottom <= 23


async def test_the_log_at_80_columns_has_room_for_the_table() -> None:
    """``l`` at 80×24: the list of commands and the table as it was share the width (the table once had 16
    columns, its camps' names cut to "3-… 3-…")."""
    app = create_app(deck_id="hoplomachus-victorum", seed=99, hints=False, options=choose({"difficulty": 1}))
    async with app.run_test(size=(80, 24)) as pilot:
        await start_victorum(pilot)
        await pilot.press("1")
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        right = app.screen.query_one("#history-right")
        assert right.size.width >= 36, right.size


async def test_a_sport_cards_alternatives_are_on_screen_at_80x24() -> None:
    """A defeated Sport card's reward at 80×24: its own buttons, then "Recruit a die instead [n]" and "Gain a Tactic
    instead… [t]", then "All moves… [a]": every one on screen (the buttons take a second line when they need it)."""
    from test_tui_hoplomachus import hv_app, through_setup, tweak

    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.tui.widgets.status import ActionRow

    app = hv_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await through_setup(pilot)
        assert app.store is not None
        camps = [list(cards) for cards in table(app.store.state).camps]
        camps[0].remove("s-juggler")  # the Juggler (Sport, ♥2) on top of camp 1-3
        camps[2].insert(0, "s-juggler")
        tweak(app, camps=tuple(tuple(cards) for cards in camps))
        await settle(pilot)
        await pilot.press("3", "enter")
        await settle(pilot)
        card = app.store.state.active[0]
        for key in ("p", "1", "p", "2", "r", "1", "enter", "k", "k", "k"):
            await pilot.press(key)
            await settle(pilot)
        for die in ("P1", "P2", "R1"):
            if not app.store.state.active_card(card.id).defeated:  # type: ignore[union-attr]
                await pilot.press(die[0].lower(), die[1], "space")
                await settle(pilot)
        assert any(c.cmd == "gain_tactic" for c in app.store.view.legal)
        row = app.screen.query_one(ActionRow)
        labels = [a.label for a in row.actions]
        assert "Gain a Tactic instead…" in labels and "All moves…" in labels
        lines = screen_lines(app)
        for action in row.actions:
            assert any(f"{action.label} [{action.key}]" in line for line in lines), (action.label, lines[-6:])


async def test_the_scions_rule_is_whole_in_the_final_fight_at_80x24() -> None:
    """The final fight at 80×24: the discarded camps folded away, and the Scion's card (a boss) wraps its rule in
    full ("Rule: Its Health grows …" was cut to "Rule: Its Health gro…"); the other cards keep their short lines."""
    from test_tui_hoplomachus import hv_app, through_setup, tweak

    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.tui.widgets.cards import CardView

    app = hv_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await through_setup(pilot)
        assert app.store is not None
        t = table(app.store.state)
        tweak(app, primus=(None,) * 9, beaten=tuple(p for p in t.primus if p is not None))
        await settle(pilot)
        for key in ("2", "enter", "x"):  # camp 1-2, its Opportunity discarded: the final fight begins
            await pilot.press(key)
            await settle(pilot)
        assert table(app.store.state).fight == "final"
        scion = next(c for c in app.screen.query(CardView).results(CardView) if c.has_class("-boss"))
        assert wrapped_height(scion) <= scion.content_size.height
        shown = "\n".join(screen_lines(app))
        assert "…" not in "".join(
            line[: scion.region.right] for line in shown.split("\n")[scion.region.y : scion.region.bottom]
        )


async def test_camp_names_are_whole_in_their_frames_at_120x40() -> None:
    """Seed 1234 at 120×40, the first move: a framed camp breaks a long name over two lines between its words
    ("B Vineyard / Executioner ✧") instead of cutting it ("Vineyard Execu…")."""
    from rich.cells import cell_len

    from twentystrong.kits.hoplomachus_victorum.board.board import CampView

    app = create_app(deck_id="hoplomachus-victorum", seed=1234, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await start_victorum(pilot)
        assert app.store is not None
        for _ in range(8):
            if app.store.state.step == "move":
                break
            # Camps keep their numbers while the feeding lasts: the first camp still offered, whatever its number.
            # (A list keeps its numbers between picks too: the first one still listed.)
            numbers = getattr(getattr(app.screen, "board", None), "numbers", None) or {
                "": min(getattr(app.screen, "numbers", None) or [1])
            }
            await pilot.press(str(min(numbers.values())))
            await settle(pilot)
        assert app.store.state.step == "move"
        long_names = 0
        for camp in app.screen.query(CampView).results(CampView):
            assert not camp.has_class("-compact")
            if camp.info.top is None:
                continue
            lines = str(camp.render()).split("\n")
            width = camp.content_size.width
            long_names += cell_len(camp.info.name) + 2 > width
            assert all(cell_len(line) <= width for line in lines[:2]), (camp.info.name, lines)
            assert " ".join(" ".join(lines[:2]).split()).find(camp.info.name.split()[-1]) >= 0, lines
        assert long_names  # the deal has names wider than a camp
