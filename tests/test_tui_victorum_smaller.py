"""Issue 27, finding 7 (the smaller ones on the second deck): a kept save's name, the next setup's difficulty, a
one-item order, the primer's words on spectating, the active Primus's card, the help's key list."""

from __future__ import annotations

from pathlib import Path

from arena import DECK, HV_PATH

from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.state import SetupOptions
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

    from test_tui_table import settle
    from textual.widgets import Select

    from twentystrong.engine.rulesets.hoplomachus_victorum import table
    from twentystrong.record.games import add_game, current_level
    from twentystrong.session.history import HistoryEntry
    from twentystrong.tui.app import create_app

    app = create_app(deck_path=HV_PATH, hero="vesna", seed=1, deal="ordered", difficulty=0, hints=False)
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
