"""Issue 27, finding 7 (the smaller ones on the second deck): a kept save's name, the next setup's difficulty, a
one-item order, the primer's words on spectating, the active Primus's card, the help's key list."""

from __future__ import annotations

from pathlib import Path

from arena import DECK, HV_PATH

from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.state import SetupOptions
from twentystrong.kits.options import choose
from twentystrong.session import Session
from twentystrong.tui.store import keep_autosave


def test_a_kept_save_of_a_hero_chosen_at_the_table_is_named_after_that_hero(tmp_path: Path) -> None:
    """A game of a deck whose hero is chosen at the table (its setup holds no hero) kept aside by a new game: the
    name starts with the hero chosen (before the choice: the deck), never with a bare ``-seed99``."""
    autosave = tmp_path / "autosave.toml"
    options = SetupOptions(deck_id=DECK.id, hero_id="", seed=99, deal="ordered")
    session = Session.new(DECK, options, deck_path=HV_PATH, autosave_path=autosave)
    assert session.options.hero_id == ""
    keep_autosave(autosave)
    before = tmp_path / "saves" / f"{DECK.id}-seed99-round0.toml"
    assert before.is_file()
    session = Session.new(DECK, options, deck_path=HV_PATH, autosave_path=autosave)
    hero = next(c for c in session.legal() if c.cmd == "choose_hero")
    assert not isinstance(session.dispatch(hero), Rejected)
    session.flush_autosave()
    said = keep_autosave(autosave)
    kept = tmp_path / "saves" / f"{hero.hero}-seed99-round0.toml"
    assert kept.is_file(), sorted(p.name for p in (tmp_path / "saves").iterdir())
    assert str(kept) in said


async def test_after_the_difficulty_rises_the_next_setup_starts_at_the_new_level() -> None:
    """A won game moves the difficulty ladder 0 → 1 (HV13); the game's own choices fill the next setup screen
    (ctrl+n), but its difficulty is the level the player now stands at, not the one the game was played at."""
    from dataclasses import replace

    from textual.widgets import Select
    from tui_helpers import settle

    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.record.games import add_game, current_level
    from twentystrong.session.history import HistoryEntry
    from twentystrong.tui.app import create_app

    app = create_app(
        deck_path=HV_PATH, hero="vesna", seed=1, deal="ordered", hints=False, options=choose({"difficulty": 0})
    )
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.store is not None
        session = app.store.session
        s = session.state
        won = s.changed({"result": "won", "table": replace(table(s))})
        session.history.append(HistoryEntry(Command("start"), (), won))
        recorded = add_game(session)
        assert (recorded.level_before, recorded.level_after) == (0, 1), recorded
        assert current_level(DECK.id, DECK.info.ruleset) == 1
        app.store._changed()
        await settle(pilot)
        await pilot.press("escape")
        await settle(pilot)
        app.action_new_game()
        await settle(pilot)
        assert type(app.screen).__name__ == "SetupScreen"
        assert app.screen.query_one("#difficulty", Select).value == 1


async def test_one_after_effect_is_no_order_to_choose(tmp_path: Path) -> None:
    """R7/R8: one After effect waits while an item is usable. No "order" dialog opens for it (one item has no order):
    the prompt names it and offers to resolve it, Enter resolves it, and the item could still be used first."""
    from test_effects_passive import card, make_deck
    from tui_helpers import settle

    from twentystrong.tui.app import create_app
    from twentystrong.tui.screens.table import TableScreen
    from twentystrong.tui.widgets.status import PromptBar

    medkit = {"kind": "single_use", "effects": [{"kind": "heal", "amount": 2}]}
    lethal = card("lethal", {"kind": "lose_health", "amount": 1, "timing": "after"}, damage=1, health=6)
    deck = make_deck(tmp_path, [card("medic", health=1, reward=medkit), lethal])
    options = SetupOptions(deck.id, "tester", seed=0, dice="physical", deal="ordered")
    session = Session.new(deck, options, deck_path=tmp_path / "deck")
    for command in (
        Command("activate", stack=1),
        Command("commit", die="B1"),
        Command("roll"),
        Command("face", die="B1", face="hit"),
        Command("apply", die="B1", card="medic"),
        Command("resolve"),
        Command("done"),
        Command("gain_item", card="medic"),
        Command("stack_discard", stack=2),
        Command("activate", stack=1),
        Command("roll"),
        Command("resolve"),
    ):
        assert not isinstance(session.dispatch(command), Rejected), command
    assert session.state.step == "after" and [c.cmd for c in session.legal()].count("resolve_after") == 1
    saved = tmp_path / "after.toml"
    session.save(saved)
    app = create_app(load=saved, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen), app.screen  # no dialog over the table
        bar = app.screen.query_one(PromptBar)
        assert [a.label for a in bar.actions][0] == "Resolve Lethal's After effect"
        words = " ".join(str(w.render()) for w in bar.query("*"))
        assert "Lethal's After effect resolves next" in words and "choose" not in words.lower()
        health = app.store.state.hero.health if app.store else 0
        await pilot.press("enter")
        await settle(pilot)
        assert app.store is not None and app.store.state.step != "after"
        assert app.store.state.hero.health == health - 1


def test_the_primer_says_what_spectating_gives() -> None:
    """HV18: spectating costs the Scion's penalty and then recovers a die or gains 1 Health; the primer must not say
    it gives no recovery."""
    from twentystrong.text.primer import primer

    words = {term: text for section in primer("hoplomachus-victorum") for term, text in section.lines}
    assert "no recovery" not in words["spectate"]
    assert "recover 1 die or gain 1 Health" in words["spectate"]


async def test_a_primus_opens_the_browser_on_its_own_hero_card() -> None:
    """A Primus is the back of a drawn hero's card: reading it (its card number, a click, ShowCard) opens the
    browser on that hero's entry, not on the first hero of the list, and "Where" says where the Primus is."""
    from test_tui_hoplomachus import hv_app, through_setup
    from textual.widgets import DataTable
    from tui_helpers import settle

    from twentystrong.tui import messages
    from twentystrong.tui.screens.browser import CardBrowserScreen

    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        hero = next(h for h in DECK.heroes if h.primus is not None and h.primus.id == "p-darius")
        assert DECK.heroes[0].id != hero.id  # the first row would be another hero
        app.screen.post_message(messages.ShowCard("p-darius"))
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        assert browser.selected == hero.id
        table = browser.query_one("#browser-table", DataTable)
        assert table.get_cell(hero.id, "where") == "♛ under camp 1-1"


async def test_the_help_lists_each_key_once() -> None:
    """``?`` on this deck's table: ``s`` (spectate; the summary once the game is over) and ``t`` (the odds target; a
    Sport card's Tactic) are each one line that says both meanings. Only Enter has a line per step."""
    from collections import Counter

    from test_tui_hoplomachus import hv_app, through_setup
    from tui_helpers import settle

    from twentystrong.tui.screens.help import HelpScreen

    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        lines = app.screen.lines()
        counts = Counter(line.keys for line in lines if "⏎" not in line.keys)
        assert [k for k, n in counts.items() if n > 1] == []
        said = {line.keys: line.description for line in lines}
        assert said["s"] == "Game summary · Spectate" and said["t"] == "Tactic instead · Odds target"
