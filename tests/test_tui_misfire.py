"""Issue 27, the play-testers' "not fixed" items: nothing the player must act on is hidden, a number keeps meaning
the same thing while a choice lasts, and every key hint says what the key does now."""

from __future__ import annotations

from pathlib import Path

import pytest
from test_tui_table import make_app
from tui_helpers import _patient_letters, settle, store_of, table_of, zone  # noqa: F401  # _patient_letters: autouse

from twentystrong.tui.widgets.status import ActionRow


def enter_buttons(app: object) -> list[str]:
    """The labels of the prompt's buttons that say [enter]."""
    row = app.screen.query_one(ActionRow)  # type: ignore[attr-defined]
    return [a.label for a in row.actions if a.key == "enter"]


async def test_with_a_die_selected_the_buttons_say_what_enter_does() -> None:
    """A die selected: Enter plays it, so its button says [enter] and no other button does (the bar said
    "Resolve [enter]" while Enter applied the die). Commit step: "Commit P1 [enter]", not "Roll [enter]"; apply step
    with one target: "Apply P1 → Card 16 [enter]", and Resolve without a key. Enter then does what the bar says."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2")  # stack 2: the mandatory Card 16
        await settle(pilot)
        assert enter_buttons(app) == ["Roll"]
        await pilot.press("p")  # P1 selected: Enter commits it now
        await settle(pilot)
        assert table_of(app).selected == "P1"
        assert enter_buttons(app) == ["Commit P1"]
        await pilot.press("enter")
        await settle(pilot)
        assert zone(app, "P1") == "active" and store_of(app).view.kind == "commit"
        assert enter_buttons(app) == ["Roll"]
        await pilot.press("p", "2", "enter", "k", "m")  # commit P2, roll: P1 a crit, P2 a miss
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        assert enter_buttons(app) == ["Resolve"]
        await pilot.press("p")  # P1: its only target is Card 16
        await settle(pilot)
        assert enter_buttons(app) == ["Apply P1 → Card 16"]
        labels = [a.label for a in app.screen.query_one(ActionRow).actions]
        assert "Resolve" in labels  # still a button, without the key Enter no longer means
        await pilot.press("enter")
        await settle(pilot)
        assert zone(app, "P1") == "applied" and store_of(app).view.kind != "recover"


def set_active(app: object, *ids: str) -> None:
    """Put these cards in the active area (an effect or item would: one more entry of the game's history)."""
    from twentystrong.engine.commands import Command
    from twentystrong.engine.state import ActiveCard
    from twentystrong.session.history import HistoryEntry

    s = store_of(app)  # type: ignore[arg-type]
    kept = {card.id: card for card in s.state.active}
    active = tuple(kept.get(card, ActiveCard(card)) for card in ids)
    s.session.history.append(HistoryEntry(Command("start"), (), s.state.changed({"active": active})))
    s._changed()


async def test_a_card_keeps_its_number_when_one_before_it_leaves() -> None:
    """Three enemies numbered 1, 2, 3; the first leaves (an item removes it): the others keep 2 and 3, so a die
    typed for card 2 goes on the card the player read as 2 (it went on the card after it, which had become 2). The
    odds panel and the selected die's line use the same numbers."""
    from twentystrong.tui.widgets.cards import CardView
    from twentystrong.tui.widgets.odds import OddsPanel

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.press("2", "p", "1", "p", "2", "enter", "k", "m")  # Card 16; P1 a crit, P2 a miss
        await settle(pilot)
        set_active(app, "c16", "c01", "c03")
        await settle(pilot)
        table = table_of(app)

        def shown() -> dict[str, int]:
            return {c.info.id: c.info.number for c in app.screen.query(CardView).results(CardView) if c.info}

        assert shown() == {"c16": 1, "c01": 2, "c03": 3}
        set_active(app, "c01", "c03")  # Card 16 leaves
        await settle(pilot)
        assert shown() == {"c01": 2, "c03": 3}
        await pilot.press("p", "1")  # P1: two cards can take it
        await settle(pilot)
        assert table.selected == "P1"
        assert "2 " + store_of(app).view.card_name("c01") in str(app.screen.query_one("#prompt-text").render())
        odds = str(app.screen.query_one(OddsPanel).query_one("#odds-enemies").render())
        assert "2 " + store_of(app).view.card_name("c01") in odds, odds
        await pilot.press("2")
        await settle(pilot)
        assert store_of(app).state.die("P1").card == "c01"


async def test_the_primus_placement_keeps_each_primus_number_between_picks() -> None:
    """Seed 99, difficulty 1: four Primus to place, one camp at a time, from a list. Each Primus keeps the number it
    was first listed with until the last is placed (the list renumbered 1, 2, 3 after each pick, so the 3 the player
    had read placed another Primus)."""
    from test_tui_layout_small import start_victorum

    from twentystrong.kits.hoplomachus_victorum.rules import table as hv_table
    from twentystrong.kits.options import choose
    from twentystrong.tui.app import create_app
    from twentystrong.tui.widgets.choices import ChoicesScreen

    app = create_app(deck_id="hoplomachus-victorum", seed=99, hints=False, options=choose({"difficulty": 1}))
    async with app.run_test(size=(120, 40)) as pilot:
        await start_victorum(pilot)
        await pilot.press("1")  # the first hero
        await settle(pilot)
        await pilot.press("1")  # the first Tactic
        await settle(pilot)
        dialog = app.screen
        assert isinstance(dialog, ChoicesScreen)
        first = {c.primus: n for n, c in zip(dialog.numbers, dialog.commands, strict=True)}  # type: ignore[attr-defined]
        assert sorted(first.values()) == [1, 2, 3, 4]
        placed = []
        for pick in (2, 4, 1):
            dialog = app.screen
            assert isinstance(dialog, ChoicesScreen)
            now = {c.primus: n for n, c in zip(dialog.numbers, dialog.commands, strict=True)}  # type: ignore[attr-defined]
            assert now == {p: n for p, n in first.items() if p not in placed}
            primus = next(p for p, n in first.items() if n == pick)
            await pilot.press(str(pick))
            await settle(pilot)
            placed.append(primus)
            assert primus in hv_table(store_of(app).state).primus


async def test_five_enemies_and_every_pool_row_in_view_at_80x24() -> None:
    """Victorum at 80×24, a fight with five enemies and three sentences of What happened: every enemy's card is in
    the active area's view (tight: its title and numbers line; ``d`` reads it in full), and every row of the pool
    and the other dice zones is on screen above the prompt (two of five enemies showed; the pool's last rows went
    under the prompt)."""
    from test_tui_hoplomachus import hv_app, through_setup

    from twentystrong.kits.hoplomachus_victorum.rules import table as hv_table
    from twentystrong.tui.widgets.cards import CardView
    from twentystrong.tui.widgets.dice import DiceTray

    app = hv_app(dice="virtual")
    async with app.run_test(size=(80, 24)) as pilot:
        await through_setup(pilot)
        await pilot.press("3", "enter")  # camp 1-3: its fight
        await settle(pilot)
        camps = hv_table(store_of(app).state).camps
        set_active(app, store_of(app).state.active[0].id, *[c for cards in camps[3:] for c in cards][:4])
        await settle(pilot)
        screen = table_of(app)
        screen._add_news(
            "Rufus the Twice-Crowned's Bane: dismiss 2 dice of your choice to the training grounds.",
            "You lose 1 Health.",
            "The crowd roars.",
        )
        screen._draw()
        await settle(pilot)
        area = screen.query_one("#active")
        cards = list(screen.query(CardView).results(CardView))
        assert len(cards) == 5
        for card in cards:
            assert area.region.y < card.region.y and card.region.bottom <= area.region.bottom, (card.info, area.region)
        prompt = screen.query_one("#prompt")
        for tray in screen.query(DiceTray).results(DiceTray):
            if not tray.display or not tray.region.height:
                continue
            needed = tray.get_content_height(tray.size, tray.size, tray.content_size.width)
            assert tray.region.height >= needed + 1 and tray.region.bottom <= prompt.region.y, (tray.id, tray.region)


async def test_no_toast_covers_the_table() -> None:
    """What the App tells the player at the table while the game goes on (the autosave's, a setting switched, a
    record's line) is on the What happened line, with its title: no toast over the prompt, the dice zones or the
    Odds box (at 80×24 a toast covered the prompt and the pool, and no corner of the table is free). At the end of
    a game the record's toast stays: the summary comes over the table."""
    from textual.widgets._toast import Toast

    app = make_app()
    async with app.run_test(size=(80, 24), notifications=True) as pilot:
        await settle(pilot)
        await pilot.press("2")
        await settle(pilot)
        app.notify("Game #3 is in your record: a loss in round 4.", title="Record")
        await settle(pilot)
        assert not list(app.screen.query(Toast).results(Toast)) and not app._notifications
        assert "Record: Game #3 is in your record: a loss in round 4." in table_of(app)._news_said
        bar = app.screen.query_one("#prompt")
        assert "Game #3" in str(bar.border_title) + str(app.screen.query_one("#prompt-news").render())


async def test_a_slow_question_says_so_and_counts_its_seconds(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A question the panel cannot answer soon (six enemies on a loaded machine took over a minute): past a few
    seconds, "computing…" counts them and a plain sentence says the figures come when done and how to see the
    expected damage meanwhile; the figures replace both when they come. (The clock is turned by hand; the worker
    waits for the test.)"""
    import threading

    from test_effects_passive import card, effect
    from test_tui_odds import make_app as odds_app
    from test_tui_odds import panel_of

    from twentystrong.odds import clear_cache
    from twentystrong.tui.widgets import odds as odds_widget
    from twentystrong.tui.widgets.odds import OddsPanel

    clear_cache()
    monkeypatch.setattr(OddsPanel, "WORKER_PROCESS", False)
    now = [1000.0]
    monkeypatch.setattr(odds_widget, "clock", lambda: now[0])
    release = threading.Event()
    real = odds_widget.chances_for

    def slow(question: odds_widget.OddsQuestion) -> odds_widget.OddsChances:
        release.wait(60)
        return real(question)

    monkeypatch.setattr(odds_widget, "chances_for", slow)
    app = odds_app(tmp_path, card("mirror-shell", effect("crits_deal_zero"), health=6))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for keys in (("1",), ("p", "1"), ("p", "2"), ("r", "1")):
            await pilot.press(*keys)
            await pilot.pause()
        panel = panel_of(app)
        assert panel.chances is None
        text = panel.shown_text()
        assert "computing…" in text and "take long" not in text
        now[0] += 12
        panel._tick()
        await pilot.pause()
        text = panel.shown_text()
        assert "computing… 12 s" in text and "they come when done" in text, text
        release.set()
        await settle(pilot)
        text = panel.shown_text()
        assert panel.chances is not None and "computing" not in text and "take long" not in text


async def test_d_reads_a_camps_top_card_then_the_primus_under_it() -> None:
    """``d`` on a camp with a Primus opens its top card, and ``d`` again the Primus under it (its Bane was only read
    in the placement list; ``d`` never reached the Primus)."""
    from test_tui_hoplomachus import hv_app, through_setup
    from test_tui_table import Recorder

    from twentystrong.kits.hoplomachus_victorum.rules import table as hv_table
    from twentystrong.tui import messages

    app = hv_app()
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await through_setup(pilot)
        t = hv_table(store_of(app).state)
        k = next(k for k, p in enumerate(t.primus) if p is not None)
        camp = ("1-1", "1-2", "1-3", "1-4", "2-1", "2-2", "2-3", "3-1", "3-2")[k]
        board = table_of(app).board
        board.cursor = camp  # type: ignore[attr-defined]  # as the arrows put it there
        board.set_cursor(camp)  # type: ignore[attr-defined]
        read = []
        for _ in range(3):
            await pilot.press("d")
            await settle(pilot)
            read.append([m.card for m in recorder.messages if isinstance(m, messages.ShowCard)][-1])
            await pilot.press("escape")
            await settle(pilot)
        assert read == [t.camps[k][0], t.primus[k], t.camps[k][0]], (camp, read)
