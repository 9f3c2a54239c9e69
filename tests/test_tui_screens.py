"""Pilot tests of the secondary screens: card browser, history, inventory, game over and help.

Each game is played headless first (a fixed seed and a plain deterministic player), saved, and opened by the real
App (``create_app(load=…)``), so the screens are tested in the App they run in, fed by its store.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from textual.binding import Binding
from textual.message import Message
from textual.widgets import Input, Static
from tui_helpers import settle, store_of

from twentystrong.content.loader import load_deck
from twentystrong.engine.commands import Command
from twentystrong.engine.legal import legal_commands
from twentystrong.engine.state import GameState, SetupOptions
from twentystrong.engine.view import player_view, state_of
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.content import missions_of
from twentystrong.session import Session
from twentystrong.text.stats import game_stats
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.browser import CardBrowserScreen
from twentystrong.tui.screens.game_over import GameOverScreen
from twentystrong.tui.screens.help import HelpScreen
from twentystrong.tui.screens.history import HistoryScreen, PastTable
from twentystrong.tui.screens.inventory import CommandButton, InventoryScreen
from twentystrong.tui.widgets.card_detail import CardDetail

PLAIN = Path(__file__).parent / "decks" / "plain"
SIZE = (120, 40)


@pytest.fixture(autouse=True)
def _data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path / "data"))


def pick(s: GameState) -> Command:
    """A plain, deterministic player: take everything, commit five dice, apply every hit, end the game soon."""
    legal = [c for c in legal_commands(s) if c.cmd not in ("forfeit_mission", "discard_item", "use_item")]
    by = {c.cmd: c for c in reversed(legal)}
    for cmd in ("take_reward", "discard_mission", "gain_item", "resolve_after", "choose", "activate"):
        if cmd in by:
            return by[cmd]
    if "commit" in by and s.committed_this_phase < 5:
        return by["commit"]
    for cmd in ("roll", "apply", "resolve", "recover", "done", "stack_discard", "start_endgame"):
        if cmd in by:
            return by[cmd]
    return legal[0]


def game(
    tmp_path: Path, until: Callable[[Session], bool], *, seeds: range = range(1, 80), missions: bool = False
) -> Path:
    """Play seeded games until one reaches ``until``; save it and return the save's path."""
    deck = load_deck(PLAIN)
    for seed in seeds:
        options = SetupOptions(deck_id=deck.id, hero_id="tester", seed=seed, choices=choose({"missions": missions}))
        session = Session.new(deck, options, deck_path=PLAIN.resolve())
        for _ in range(3000):
            if until(session):
                path = tmp_path / f"game-{seed}.toml"
                session.save(path)
                return path
            if session.state.result is not None:
                break
            session.dispatch(pick(session.state))
    raise AssertionError("no seed reached the situation")  # pragma: no cover


def app_for(path: Path) -> TwentyStrongApp:
    return create_app(load=path)


def mid_round(session: Session) -> bool:
    return (
        session.state.step == "apply"
        and any(d.zone == "applied" for d in session.state.dice)
        and session.state.round >= 2
    )


def with_item(session: Session) -> bool:
    return bool(session.state.inventory) and session.state.step == "commit" and not session.state.prompts


def shown(text: Static) -> str:
    return str(text.content)


# --- the card browser --------------------------------------------------------------------------------------------


async def test_browser_lists_filters_and_searches(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("c")  # the table's "Cards" key posts ShowCard(None)
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        deck = browser.deck
        everything = len(deck.heroes) + len(deck.cards) + len(deck.bosses) + len(missions_of(deck))
        assert len(browser.shown) == everything

        await pilot.press("k")  # kind: conflict cards
        assert {e.text.kind for e in browser.shown} == {"card"} and len(browser.shown) == len(deck.cards)
        await pilot.press("l", "l")  # level: 2
        assert browser.shown and {e.level for e in browser.shown} == {2}
        await pilot.press("m")  # mandatory only
        assert browser.shown and all(e.mandatory for e in browser.shown)
        assert all(deck.card(e.text.id).mandatory and deck.card(e.text.id).level == 2 for e in browser.shown)

        await pilot.press("c")  # clear
        assert len(browser.shown) == everything
        await pilot.press("w")  # where: the first zone (the deck's own: the stacks)
        assert browser.filters.where == "stacks"
        for _ in range(10):  # … and on to the active area
            if browser.filters.where == "active":
                break
            await pilot.press("w")
        active = {c.id for c in store_of(app).state.active}
        assert {e.text.id for e in browser.shown} == active

        await pilot.press("c", "slash", *"huge")
        await settle(pilot)
        assert [e.text.id for e in browser.shown] == ["huge-one"]
        detail = browser.query_one(CardDetail)
        assert detail.card is not None and detail.card.kind == "boss"
        text = detail.card.plain()
        assert "Health 11" in text and "Entourage:" in text and "2 enemies join it" in text

        await pilot.press("escape")  # Esc in the search clears it first (and the list shows every card again)
        await settle(pilot)
        assert isinstance(app.screen, CardBrowserScreen)
        assert browser.query_one("#browser-search", Input).value == ""
        assert len(browser.shown) > 1
        await pilot.press("escape")  # then closes
        await settle(pilot)
        assert not isinstance(app.screen, CardBrowserScreen)


def test_browser_kinds_are_the_decks_own() -> None:
    """The kind filter offers the kinds a deck's cards have: Solar Sentinels' conflict cards, heroes, bosses,
    missions; Hoplomachus Victorum's Bloodshed, Sport and Opportunity camp cards (no levels), heroes, Scions and
    Tactics, never "Bosses" or "Missions" it does not have."""
    from twentystrong.content.loader import load_shipped
    from twentystrong.tui.screens.browser import entries, kinds_of

    solar = [kind for _, kind in kinds_of(entries(load_shipped("solar-sentinels"), None))]
    assert solar == ["all", "card", "hero", "boss", "mission"]
    deck = load_shipped("hoplomachus-victorum")
    victorum = entries(deck, None)
    assert [kind for _, kind in kinds_of(victorum)] == [
        "all",
        "bloodshed",
        "sport",
        "opportunity",
        "hero",
        "scion",
        "tactic",
    ]
    camps = [e for e in victorum if e.kind in ("bloodshed", "sport", "opportunity")]
    assert len(camps) == 54 and all(e.level == 0 for e in camps)
    assert {e.text.id for e in victorum if e.kind == "sport"} == {
        c.id for c in deck.cards if getattr(c, "kind", "") == "sport"
    }


def test_browser_words_come_from_the_decks_kit() -> None:
    """The browser composes its kit's card words: the kind filter's names and the Kind column's short words of its
    own sorts and pieces, and a hero card's other side listed under its hero."""
    from twentystrong.content.loader import load_shipped
    from twentystrong.kits.hoplomachus_victorum.content import primus_side
    from twentystrong.tui.screens.browser import entry_id, kind_filters, short_kind

    names = kind_filters()
    assert list(names)[:2] == ["all", "card"] and names["mission"] == "Missions" and names["tactic"] == "Tactics"
    assert names["opportunity"] == "Opportunities" and list(names).index("sport") < list(names).index("hero")
    assert (short_kind("bloodshed"), short_kind("opportunity"), short_kind("hero")) == ("blood", "opport.", "hero")
    victorum = load_shipped("hoplomachus-victorum")
    hero = victorum.heroes[0]
    side = primus_side(hero)
    assert side is not None and entry_id(victorum, side.id) == hero.id and entry_id(victorum, hero.id) == hero.id
    solar = load_shipped("solar-sentinels")
    assert entry_id(solar, solar.heroes[0].id) == solar.heroes[0].id


async def test_browser_opens_on_a_card_with_its_text_and_place(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        state = store_of(app).state
        top = state.table.stacks[0][0]
        await app.push_screen(CardBrowserScreen(state.deck, store_of(app).view.player, top))
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        assert browser.selected == top
        detail = browser.query_one(CardDetail)
        assert detail.card is not None and detail.card.id == top
        assert detail.where == "stack 1 top"
        # A card with an item reward shows it under its timing heading.
        await pilot.press("escape")
        item_card = next(c for c in state.deck.cards if c.reward is not None and c.reward.kind == "ongoing")
        await app.push_screen(CardBrowserScreen(state.deck, store_of(app).view.player, item_card.id))
        await settle(pilot)
        labels = [line.label for line in app.screen.query_one(CardDetail).card.lines]  # type: ignore[union-attr]
        assert "Ongoing item:" in labels or "Ongoing item (once per round):" in labels


async def test_browser_without_a_game(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        deck = store_of(app).deck
        await app.push_screen(CardBrowserScreen(deck, None))
        await settle(pilot)
        browser = app.screen
        assert isinstance(browser, CardBrowserScreen)
        assert browser.query_one("#browser-where").disabled
        await pilot.press("w")  # no game: nothing to filter by place
        assert browser.filters.where == "anywhere"
        assert browser.selected == deck.heroes[0].id


@pytest.mark.parametrize("code", ["en", "de", "fr"])
async def test_browser_columns_show_each_cards_stats_in_every_language(tmp_path: Path, code: str) -> None:
    """The level, Health and damage columns are filled whatever the language (they once looked the stats up by
    their English labels, and read empty in German and French)."""
    from textual.widgets import DataTable

    from twentystrong.i18n import set_language

    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        set_language(code)
        try:
            deck = store_of(app).deck
            await app.push_screen(CardBrowserScreen(deck, None))
            await settle(pilot)
            browser = app.screen
            assert isinstance(browser, CardBrowserScreen)
            table = browser.query_one("#browser-table", DataTable)
            card = deck.cards[0]
            row = table.get_row(card.id)
            assert [str(cell) for cell in row[2:5]] == [str(card.level), str(card.health), str(card.damage)]
            kinds = {str(table.get_row(deck.heroes[0].id)[1]), str(row[1])}  # the Kind column, in the language read
            assert kinds == {"en": {"hero", "card"}, "de": {"Held", "Karte"}, "fr": {"héros", "carte"}}[code]
        finally:
            set_language("en")


# --- the history ---------------------------------------------------------------------------------------------------


async def test_history_shows_a_past_table_and_returns_to_the_present(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        history = app.screen
        assert isinstance(history, HistoryScreen)
        session = store_of(app).session
        present = len(session.history) - 1
        assert history.index == present
        past = history.query_one(PastTable)
        assert past.moment is not None and state_of(past.moment.player) is session.state  # the player's view of it

        # Every command is there, newest last, each with its events in words.
        assert [g.index for g in history.groups] == list(range(len(session.history)))
        assert history.groups[-1].heading.startswith("You apply")

        await pilot.press("up", "up", "up", "up", "up")
        await settle(pilot)
        assert history.index == present - 5
        assert past.moment is not None and state_of(past.moment.player) is session.state_at(present - 5)
        assert "as it was" in shown(history.query_one("#history-banner", Static))
        assert past.query_one("#past-step", Static).content is not None

        await pilot.press("left_square_bracket")  # previous round
        await settle(pilot)
        assert history.groups[history.index].round == history.groups[present].round - 1

        await pilot.press("p")
        await settle(pilot)
        assert history.index == present and past.moment is not None and state_of(past.moment.player) is session.state
        assert "now" in shown(history.query_one("#history-banner", Static))

        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, HistoryScreen)


async def test_history_follows_undo(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("l")
        await settle(pilot)
        history = app.screen
        assert isinstance(history, HistoryScreen)
        before = len(history.groups)
        assert store_of(app).session.undo_block() is None  # the last command applied a die: not a random reveal
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert len(history.groups) == before - 1
        assert history.index == before - 2


# --- the inventory -------------------------------------------------------------------------------------------------


async def test_inventory_uses_and_discards_through_command_messages(tmp_path: Path) -> None:
    posted: list[Message] = []
    app = app_for(game(tmp_path, with_item))
    async with app.run_test(size=SIZE, message_hook=posted.append) as pilot:
        await settle(pilot)
        store = store_of(app)
        assert store is not None
        item = store.state.inventory[0]
        await pilot.press("i")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, InventoryScreen)
        assert screen.current is not None and screen.current.id == item

        # Only legal commands are offered, and each button is one of them.
        buttons = list(screen.query(CommandButton))
        assert buttons and all(store.view.is_legal(b.command) for b in buttons)
        uses = store.view.find("use_item", item=item)
        assert [b.command for b in buttons] == [*uses, Command("discard_item", item=item)]

        await pilot.press("u")
        await settle(pilot)
        sent = [m for m in posted if isinstance(m, messages.Play)]
        assert sent and sent[-1].command == uses[0]
        single = store.deck.card(item).reward.kind == "single_use"  # type: ignore[union-attr]
        assert (item not in store.state.inventory) == single

        await pilot.press("ctrl+z")  # back to holding it (undo works from the inventory)
        await settle(pilot)
        assert item in store.state.inventory
        await pilot.press("d")
        await settle(pilot)
        sent = [m for m in posted if isinstance(m, messages.Play)]
        assert sent[-1].command == Command("discard_item", item=item)
        assert item not in store.state.inventory and item in store.state.discard
        assert screen.current is None or screen.current.id != item  # the list follows the store

        await pilot.press("escape")
        await settle(pilot)
        assert not isinstance(app.screen, InventoryScreen)


# --- game over -----------------------------------------------------------------------------------------------------


async def test_game_over_shows_the_figures_and_replays_the_same_seed(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, lambda s: s.state.result is not None))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        session = store_of(app).session
        stats = game_stats(session.deck, session.options, session.events)
        assert screen.stats == stats
        result = shown(screen.query_one("#game-over-result", Static))
        assert ("won" in result) == (session.state.result == "won")
        figures = shown(screen.query_one("#game-over-figures", Static))
        assert f"You played {stats.rounds} rounds, dealt {stats.damage_dealt} damage" in figures
        assert f"You defeated {stats.enemies_defeated} enem" in figures
        goals, goal = player_view(session.state).table.goals()  # Solar Sentinels: the missions dealt and kept
        assert goal == "mission"
        completed = f"You completed {stats.goals_completed} of {goals} mission"
        assert (completed in figures) == (goals > 0) and ("You completed" in figures) == (goals > 0)
        luck = shown(screen.query_one("#game-over-luck", Static))
        assert str(stats.dice_rolled) in luck and f"({stats.expected_crits:4.1f})" in luck

        options = session.options
        await pilot.press("r")
        await settle(pilot)
        await settle(pilot)
        assert store_of(app).session is not session
        assert store_of(app).session.options == options
        assert store_of(app).state.result is None
        assert not isinstance(app.screen, GameOverScreen)


# --- help ----------------------------------------------------------------------------------------------------------


async def test_help_lists_the_keys_of_the_screen_below(tmp_path: Path) -> None:
    app = app_for(game(tmp_path, mid_round))
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        table = app.screen
        await pilot.press("question_mark")
        await settle(pilot)
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        # (The bindings of one key share a line: "x  Stop recovering · Decline".)
        described = {part for line in help_screen.lines() for part in line.description.split(" · ")}
        # One source: the help says what the table's and the App's own bindings say.
        declared = [*table.key_bindings, *Binding.make_bindings(app.BINDINGS)]  # the table's with its board's
        assert {b.description for b in declared if b.description} <= described
        assert "Undo" in described and "Inventory" in described
        assert all(line.keys for line in help_screen.lines())
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
