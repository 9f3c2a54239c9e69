"""Pilot tests of the table: a full round by keyboard only and by mouse only, undo/redo, dialogs, sizes.

Games use the plain test deck with ``deal="ordered"`` (stack 2's top is the mandatory Card 16, an ongoing-item
enemy with Health 2) and physical dice, so every face is entered by the test and nothing depends on the generator.
Assertions read the store's state and the command messages the table posted.
"""

from __future__ import annotations

import gc
from pathlib import Path
from typing import Any

import pytest
from record_helpers import split_setup
from textual.message import Message
from tui_helpers import _patient_letters, click_button, click_die, settle, store_of, table_of, zone  # noqa: F401  # _patient_letters: autouse

from twentystrong.engine.commands import Command
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.board import SolarSentinelsBoard
from twentystrong.kits.solar_sentinels.board.stacks import StackView
from twentystrong.tui import messages
from twentystrong.tui.app import GC_SETTLE, TwentyStrongApp, create_app
from twentystrong.tui.screens import table as table_screen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.widgets.cards import CardView
from twentystrong.tui.widgets.choices import ChoicesScreen
from twentystrong.tui.widgets.common import preset_breakpoints
from twentystrong.tui.widgets.status import PromptBar, StepBar

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def make_app(**options: Any) -> TwentyStrongApp:
    """An app straight on the table: plain deck, hero tester, seed 1, ordered deal, physical dice."""
    settings: dict[str, Any] = {"deck_path": PLAIN, "hero": "tester", "seed": 1, "deal": "ordered", "dice": "physical"}
    general, choices = split_setup(options)
    settings.update(general, options=choices)
    return create_app(**settings)


class Recorder:
    """Collects the command messages posted while the app runs (``run_test(message_hook=...)``)."""

    def __init__(self) -> None:
        self.messages: list[Message] = []

    def __call__(self, message: Message) -> None:
        # The hook sees a message at every node it bubbles through: record each once.
        if isinstance(message, (messages.Play, messages.Undo, messages.Redo, messages.ShowCard)) and not any(
            m is message for m in self.messages
        ):
            self.messages.append(message)

    def commands(self) -> list[Command]:
        return [m.command for m in self.messages if isinstance(m, messages.Play)]

    def kinds(self) -> list[str]:
        """What each message asked for: the command played, or the meta action (``Undo``, ``Redo``)."""
        return [
            m.command.cmd if isinstance(m, messages.Play) else type(m).__name__
            for m in self.messages
            if not isinstance(m, messages.ShowCard)
        ]


async def test_keyboard_round(tmp_path: Path) -> None:
    """Activate, commit, roll, enter a face, apply, resolve, recover, gain the item, discard: keys only."""
    app = make_app()
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert store_of(app).view.kind == "activate"
        await pilot.press("2")  # stack 2: the mandatory Card 16
        await settle(pilot)
        assert [c.id for c in store_of(app).state.active] == ["c16"]
        await pilot.press("p", "1", "p", "2")  # type die ids
        await settle(pilot)
        assert zone(app, "P1") == zone(app, "P2") == "active"
        await pilot.press("enter")  # roll
        await settle(pilot)
        assert store_of(app).view.kind == "faces"
        await pilot.press("k", "m")  # P1 shows a crit, P2 a miss
        await settle(pilot)
        state = store_of(app).state
        assert (state.die("P1").face, state.die("P2").face) == ("crit", "miss")
        assert store_of(app).view.kind == "apply"
        await pilot.press("p")  # the next usable purple die: P1 (P2 missed)
        await settle(pilot)
        assert table_of(app).selected == "P1"
        await pilot.press("space")  # its only target
        await settle(pilot)
        card = store_of(app).state.active[0]
        assert card.defeated and zone(app, "P1") == "applied"
        await pilot.press("enter")  # resolve
        await settle(pilot)
        assert store_of(app).view.kind == "recover"
        await pilot.press("p", "1")
        await settle(pilot)
        assert zone(app, "P1") == "pool" and zone(app, "P2") == "exhausted"
        await pilot.press("enter")  # Enter never throws a recovery away: it recovers P2 too
        await settle(pilot)
        assert zone(app, "P2") == "pool"
        assert store_of(app).view.kind == "gain_items"
        await pilot.press("enter")  # gain Card 16
        await settle(pilot)
        assert store_of(app).state.inventory == ("c16",)
        assert store_of(app).view.kind == "stack_discard"
        await pilot.press("1")
        await settle(pilot)
        state = store_of(app).state
        assert state.round == 2 and store_of(app).view.kind == "activate"
        assert state.table.stacks[0][0] == "c02"  # c01 was discarded
    assert recorder.kinds() == [
        "activate",
        "commit",
        "commit",
        "roll",
        "face",
        "face",
        "apply",
        "resolve",
        "recover",
        "recover",
        "gain_item",
        "stack_discard",
    ]
    assert Command("apply", die="P1", card="c16") in recorder.commands()
    assert store_of(app).rejections == []


async def test_mouse_round(tmp_path: Path) -> None:
    """The same round with clicks only: stacks, dice, prompt buttons and cards."""
    app = make_app()
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await settle(pilot)
        await pilot.click("#stack-2")
        await settle(pilot)
        assert [c.id for c in store_of(app).state.active] == ["c16"]
        await click_die(pilot, "pool", "B1")
        await click_die(pilot, "pool", "G1")
        assert zone(app, "B1") == zone(app, "G1") == "active"
        await click_button(pilot, "Roll")
        assert store_of(app).view.kind == "faces"
        await click_die(pilot, "committed", "B1")  # choose which die the face buttons are for
        await click_button(pilot, "B1 • hit")
        await click_button(pilot, "G1 • hit")  # then the next die without a face
        assert store_of(app).view.kind == "apply"
        await click_die(pilot, "committed", "B1")  # select the rolled hit …
        assert table_of(app).selected == "B1"
        card = app.screen.query_one("#card-c16", CardView)
        assert card.target  # … its legal target lights up
        await pilot.click(card)  # … and put it on the card
        await settle(pilot)
        assert zone(app, "B1") == "applied"
        await click_die(pilot, "committed", "G1")
        await pilot.click(app.screen.query_one("#card-c16", CardView))
        await settle(pilot)
        assert store_of(app).state.active[0].defeated
        await click_button(pilot, "Resolve")
        assert store_of(app).view.kind == "recover"
        await click_die(pilot, "exhausted", "B1")
        assert zone(app, "B1") == "pool"
        await click_button(pilot, "Stop recovering")  # G1 could come back too: Done is no longer Enter's
        assert store_of(app).view.kind == "gain_items" and zone(app, "G1") == "exhausted"
        await click_button(pilot, "Gain")
        assert store_of(app).state.inventory == ("c16",)
        await pilot.click("#stack-3")  # the stack discard
        await settle(pilot)
        assert store_of(app).state.round == 2
    assert recorder.kinds() == [
        "activate",
        "commit",
        "commit",
        "roll",
        "face",
        "face",
        "apply",
        "apply",
        "resolve",
        "recover",
        "done",
        "gain_item",
        "stack_discard",
    ]


async def test_undo_redo_and_refusal(tmp_path: Path) -> None:
    """ctrl+z / ctrl+y step through commands; undoing a roll is refused in standard play, with the reason."""
    app = make_app(dice="virtual")
    shown: list[str] = []
    async with app.run_test(size=(120, 40)) as pilot:
        original = app.notify

        def spy(message: str, **kwargs: Any) -> None:
            shown.append(message)
            original(message, **kwargs)

        app.notify = spy  # type: ignore[method-assign]
        await settle(pilot)
        await pilot.press("2", "b", "1")
        await settle(pilot)
        assert zone(app, "B1") == "active"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert zone(app, "B1") == "pool"
        await pilot.press("ctrl+y")
        await settle(pilot)
        assert zone(app, "B1") == "active"
        await pilot.press("enter")  # roll: a random reveal
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert store_of(app).view.kind == "apply"  # refused: nothing changed
        assert store_of(app).rejections[-1].code == "undo_refused"
        # R13: the notification says what the roll showed and why undo stops there.
        assert any(m.startswith("Undo stops here: the roll showed B1 ") and "honest" in m for m in shown)


async def test_assisted_undo_crosses_a_roll(tmp_path: Path) -> None:
    """Assisted play may undo a roll."""
    app = make_app(dice="virtual", assisted=True)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "b", "1", "enter")
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        await pilot.press("ctrl+z")
        await settle(pilot)
        assert store_of(app).view.kind == "commit"


async def test_resume_from_autosave(tmp_path: Path) -> None:
    """A game is autosaved after every command; ``resume=True`` (bare ``twentystrong``) opens it again."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "p", "1")
        await settle(pilot)
        before = store_of(app).state
        assert before.die("P1").zone == "active"
    resumed = create_app(resume=True)
    assert resumed.launch.session is not None
    async with resumed.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert isinstance(resumed.screen, TableScreen)
        state = store_of(resumed).state
        assert state.seq == before.seq and state.dice == before.dice and state.active == before.active


async def test_rare_prompts_open_the_choices(tmp_path: Path) -> None:
    """Mission discard and rank penalties are answered from the choices list, which opens by itself."""
    app = make_app(missions=True, rank=2)
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await settle(pilot)
        assert store_of(app).view.kind == "discard_mission"
        assert isinstance(app.screen, ChoicesScreen)
        dealt = [m.id for m in store_of(app).state.table.missions]
        await pilot.press("1")
        await settle(pilot)
        assert store_of(app).state.table.missions[0].status == "discarded"
        assert store_of(app).view.kind == "rank_penalty"
        assert isinstance(app.screen, ChoicesScreen)
        await pilot.press("escape")  # closing it leaves the prompt waiting; Enter opens it again
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        assert "Rank penalty" in str(app.screen.query_one(StepBar).render())  # the step named by the deck's board
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ChoicesScreen)
        exhaust = app.screen.commands.index(Command("rank_penalty", choice="exhaust"))
        await pilot.press(str(exhaust + 1))
        await settle(pilot)
        assert store_of(app).view.kind == "choose_die"  # which three: typed ids answer an effect's choice
        await pilot.press("y", "1", "y", "2", "y", "3")
        await settle(pilot)
        assert [d.id for d in store_of(app).state.dice_in("exhausted")] == ["Y1", "Y2", "Y3"]
        assert store_of(app).view.kind == "activate"
    assert Command("discard_mission", mission=dealt[0]) in recorder.commands()


async def test_instant_reward_and_moves_list(tmp_path: Path) -> None:
    """x declines an instant reward; the moves list (a) plays any legal command."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        # Round 1 as in the keyboard test, then stack 1 shows Card 2 (Health 4, instant reward: heal 1).
        await pilot.press("2", "p", "1", "enter", "k", "p", "space", "enter", "p", "1", "enter", "enter", "1")
        await settle(pilot)
        assert store_of(app).state.round == 2
        await pilot.press("1", "p", "1", "p", "2", "enter", "k", "k")
        await settle(pilot)
        await pilot.press("a")  # every legal move
        await settle(pilot)
        assert isinstance(app.screen, ChoicesScreen)
        apply_p1 = app.screen.commands.index(Command("apply", die="P1", card="c02"))
        await pilot.press(str(apply_p1 + 1))
        await settle(pilot)
        await pilot.press("p", "2")
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
        assert store_of(app).view.kind == "instant_reward"
        await pilot.press("x")
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        assert store_of(app).state.hero.health == 6


async def test_table_fits_80x24(tmp_path: Path) -> None:
    """At 80×24 every area of the table is on screen."""
    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.press("2")
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for selector in (
            "#step-bar",
            "#stack-1",
            "#stack-3",
            "#card-c16",
            "#committed",
            "#pool",
            "#exhausted",
            "#hero",
            "#inventory",
            "#boss",
            "#prompt",
            "#footer",
        ):
            widget = screen.query_one(selector)
            region = widget.region
            assert region.width > 0 and region.height > 0, selector
            assert region.right <= 80 and region.bottom <= 24, (selector, region)
        for stack in screen.query(StackView):
            assert stack.region.height >= 4


async def test_too_small_then_resized(tmp_path: Path) -> None:
    """Below 80×24 a message says so; it goes away when the terminal grows."""
    from twentystrong.tui.screens.too_small import TooSmallScreen

    app = make_app()
    async with app.run_test(size=(70, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        text = str(app.screen.query_one("#too-small").render())
        assert "need 80×24, have 70×20" in text
        await pilot.resize_terminal(100, 30)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)
        await pilot.resize_terminal(79, 30)
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        await pilot.resize_terminal(120, 40)
        await settle(pilot)
        assert isinstance(app.screen, TableScreen)


async def test_fast_typing_keeps_order(tmp_path: Path) -> None:
    """Keys typed before the previous command reached the store wait for it: "2p1p2" all at once."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, TableScreen)
        for key, char in (("2", "2"), ("p", "p"), ("1", "1"), ("p", "p"), ("2", "2")):
            from textual import events

            screen.post_message(events.Key(key, char))
        await settle(pilot)
        await settle(pilot)
        assert zone(app, "P1") == zone(app, "P2") == "active"


async def test_theme_cycle_and_help(tmp_path: Path) -> None:
    """ctrl+t steps through dark, light and high contrast; ? lists the table's keys from their bindings."""
    from twentystrong.tui.screens.help import HelpScreen

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        themes = []
        for _ in range(3):
            await pilot.press("ctrl+t")
            themes.append(app.theme)
        assert themes == ["textual-light", "high-contrast", "textual-dark"]
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        described = {line.description for line in app.screen.lines()}
        assert {"Roll", "Resolve", "Repeat", "All moves", "Undo", "Select die"} <= described


async def test_palette_offers_the_bindings(tmp_path: Path) -> None:
    """The command palette lists the table's possible actions (the same bindings as the footer)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await settle(pilot)
        names = {command.title for command in app.get_system_commands(app.screen)}
        assert {"Roll", "All moves", "Undo", "Next theme", "Theme…"} <= names
        assert len(names) == len(list(app.get_system_commands(app.screen)))  # each command once


@pytest.mark.parametrize("dice", ["virtual", "physical"])
async def test_every_prompt_has_a_move_or_is_over(tmp_path: Path, dice: str) -> None:
    """Whatever the prompt, the table offers at least one way to answer it (a button, a key or the choices)."""
    app = make_app(dice=dice)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2")
        await settle(pilot)
        assert app.screen.query_one(PromptBar).actions


async def test_game_over_screen_and_undo_back(tmp_path: Path) -> None:
    """A lost game shows the game-over screen; undoing the last move takes the table back."""
    from twentystrong.tui.screens.game_over import GameOverScreen

    app = make_app(hero="weakling")  # Health 2
    async with app.run_test(size=(120, 40)) as pilot:
        # Round 1: Card 16 (Damage 1) undefeated. Round 2: Card 17 (Damage 3) undefeated: Health 1 - 3.
        await pilot.press("2", "enter", "enter", "enter", "1")
        await settle(pilot)
        assert store_of(app).state.round == 2 and store_of(app).state.hero.health == 1
        await pilot.press("2", "enter", "enter", "enter")  # activate, roll nothing (Enter asks first), resolve
        await settle(pilot)
        await settle(pilot)
        assert store_of(app).state.result == "lost"
        assert isinstance(app.screen, GameOverScreen)
        await pilot.press("ctrl+z")
        await settle(pilot)
        await settle(pilot)
        assert store_of(app).state.result is None
        assert isinstance(app.screen, TableScreen)


async def test_other_screens_open(tmp_path: Path) -> None:
    """c, i and l open the card browser, inventory and log; clicking a card with no die selected shows it."""
    from twentystrong.tui.screens.browser import CardBrowserScreen
    from twentystrong.tui.screens.history import HistoryScreen
    from twentystrong.tui.screens.inventory import InventoryScreen

    app = make_app()
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await pilot.press("2")
        await settle(pilot)
        for key, screen_type in (("c", CardBrowserScreen), ("i", InventoryScreen), ("l", HistoryScreen)):
            await pilot.press(key)
            await settle(pilot)
            assert isinstance(app.screen, screen_type), key
            await pilot.press("escape")
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
        await pilot.click("#card-c16")
        await settle(pilot)
        assert isinstance(app.screen, CardBrowserScreen)
    shown = [m.card for m in recorder.messages if isinstance(m, messages.ShowCard)]
    assert shown == [None, "c16"]


def _shipped_deck_ready() -> bool:
    from twentystrong.content.registry import shipped_deck_dirs

    if "solar-sentinels" not in shipped_deck_dirs():
        return False
    try:
        from twentystrong.content.loader import load_shipped

        load_shipped("solar-sentinels")
    except Exception:  # noqa: BLE001 - a deck still being written is not this test's concern
        return False
    return True


MOVE_WEIGHTS = {
    "apply": 12.0,
    "commit": 3.0,
    "face": 2.0,
    "take_reward": 6.0,
    "gain_item": 6.0,
    "use_item": 2.0,
    "repeat": 1.0,
    "resolve": 0.7,
    "decline_item": 0.5,
    "discard_item": 0.1,
    "forfeit_mission": 0.05,
}
"""A random player that tries to win a little (so games reach rewards, items and the endgame)."""


@pytest.mark.skipif(not _shipped_deck_ready(), reason="the shipped deck is not there yet")
@pytest.mark.parametrize("seed", [11])
async def test_random_play_through_the_table(seed: int) -> None:
    """Random legal moves, each made the way a player would (a die, a card, a stack, a button or the choices),
    on the shipped deck with missions: every state renders, every prompt can be answered, nothing is refused."""
    import random

    from twentystrong.tui.screens.game_over import GameOverScreen

    rng = random.Random(seed)
    app = create_app(deck_id="solar-sentinels", hero=None, seed=seed)
    assert app.launch.decks
    deck = next(d for d in app.launch.decks if d.id == "solar-sentinels").load()
    hero = rng.choice(deck.heroes).id
    app = create_app(
        deck_id="solar-sentinels", hero=hero, seed=seed, dice="physical", options=choose({"missions": True, "rank": 2})
    )
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        for _ in range(120):
            store = store_of(app)
            view = store.view
            if view.player.result is not None:
                await settle(pilot)
                assert isinstance(app.screen, GameOverScreen)
                break
            legal = list(view.legal)
            assert legal, view.awaiting
            command = rng.choices(legal, weights=[MOVE_WEIGHTS.get(c.cmd, 2.0) for c in legal])[0]
            screen = app.screen
            if isinstance(screen, ChoicesScreen):
                if command in screen.commands:
                    screen.action_pick(screen.commands.index(command))
                else:
                    screen.action_cancel()
                await settle(pilot)
                continue
            table = table_of(app)
            if command.cmd in ("commit", "recover") or (command.cmd == "choose" and command.die):
                assert command.die is not None
                table.press_die(command.die)
            elif command.cmd == "apply":
                assert command.die is not None and command.card is not None
                table.selected = command.die
                table.press_card(command.card)
            elif command.cmd == "face":
                assert command.die is not None and command.face is not None
                table.selected = command.die
                table.action_face(command.face)
            elif command.stack is not None and command.cmd in ("activate", "stack_discard", "choose"):
                assert isinstance(table.board, SolarSentinelsBoard)  # the stacks are its board's
                table.board.press_stack(command.stack)
            elif command.cmd == "choose" and command.card:
                table.press_card(command.card)
            else:
                table.post_message(messages.Play(command))
            await settle(pilot)
        assert store_of(app).rejections == []


async def test_r_means_repeat_unless_r1(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the red die rolled, "r1" selects R1 and a lone "r" still repeats the Strategy phase."""
    from textual import events

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "r", "1", "b", "1", "enter", "h", "h")
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        monkeypatch.setattr(table_screen, "LETTER_WINDOW", 0.3)  # the lone "r" below waits this long
        table = table_of(app)
        for key in ("r", "1"):  # typed at once, as a player types "r1"
            table.post_message(events.Key(key, key))
        await settle(pilot)
        assert table.selected == "R1" and store_of(app).state.phases_used == 1
        await pilot.press("escape", "r")
        for _ in range(100):  # until the window closed and "r" meant Repeat (no fixed sleep)
            if table._repeat_timer is None:
                break
            await pilot.pause(0.05)
        await settle(pilot)
        assert store_of(app).view.kind == "commit" and store_of(app).state.phases_used == 2


async def test_size_classes_are_set_before_the_table_mounts(tmp_path: Path) -> None:
    """The table is built with the breakpoint classes Textual's first Resize would give it (so that Resize does
    not restyle every widget again): the same classes as Textual's own rule, at and around each breakpoint."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        assert {"-wide", "-tall"} <= table.classes
        for width, height in ((80, 24), (109, 33), (110, 34), (200, 60)):
            screen = TableScreen(store_of(app))
            screen.set_classes("")
            preset_breakpoints(screen, width, height)
            assert TableScreen.HORIZONTAL_BREAKPOINTS is not None and TableScreen.VERTICAL_BREAKPOINTS is not None
            textual_rule = screen._get_breakpoint_classes(
                width, TableScreen.HORIZONTAL_BREAKPOINTS
            ) | screen._get_breakpoint_classes(height, TableScreen.VERTICAL_BREAKPOINTS)
            assert set(screen.classes) == textual_rule, (width, height)


async def test_the_collector_paused_for_start_up_resumes_after_the_first_frame(tmp_path: Path) -> None:
    """``twentystrong play`` pauses the garbage collector while it starts; the App turns it back on once the
    first frame is out, and a moment later frees start-up's garbage and freezes the rest out of later collections."""
    app = make_app()
    app.gc_paused = True
    gc.disable()
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TableScreen)
            assert gc.isenabled() and not app.gc_paused
            await pilot.pause(GC_SETTLE + 0.3)
            assert gc.get_freeze_count() > 0  # start-up's garbage collected, the survivors frozen
    finally:
        gc.unfreeze()
        gc.enable()


async def test_table_stylesheets_are_read_with_the_app(monkeypatch: pytest.MonkeyPatch) -> None:
    """Opening on the table, its stylesheets come with the App's, so pushing it parses nothing again."""
    from textual.css.stylesheet import Stylesheet

    app = make_app()
    table_files = [p for p in app.css_path if p.name != "app.tcss"]
    reparsed: list[Stylesheet] = []
    real = Stylesheet.reparse

    def counting(self: Stylesheet) -> None:
        reparsed.append(self)
        real(self)

    monkeypatch.setattr(Stylesheet, "reparse", counting)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, TableScreen)
        assert app.screen.css_path == table_files  # app.TABLE_CSS names the files of TableScreen.CSS_PATH
        assert not reparsed


async def test_first_autosave_written_after_the_first_frame(tmp_path: Path) -> None:
    """A new game opened on the table is autosaved without any keypress: the first save is only held back until
    the first frame is out (start-up), never dropped."""
    app = make_app()
    session = app.launch.session
    assert session is not None and session.autosave_path is not None
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert not session._autosave_held  # released once the first frame was out (on_ready), not by the flush
        assert session.flush_autosave()
        path = session.autosave_path
        assert path.exists()
        resumed = create_app(resume=True)
        assert resumed.launch.session is not None
        assert resumed.launch.session.events == session.events


async def test_new_game_leaves_the_first_table_idle(tmp_path: Path) -> None:
    """Opened on a game, the App keeps that first table at the bottom of the screen stack; a game started from
    the setup screen (ctrl+n, ctrl+s) goes on top of it, and moves in it leave the first table as it was."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        first = app.screen
        assert isinstance(first, TableScreen)
        first_view = first.view
        await pilot.press("ctrl+n")
        await settle(pilot)
        assert app.screen is not first and not isinstance(app.screen, TableScreen)
        await pilot.press("ctrl+s")
        await settle(pilot)
        second = app.screen
        assert isinstance(second, TableScreen) and second is not first
        assert app.screen_stack == [first, second]
        await pilot.press("2")  # activate a stack in the new game
        await settle(pilot)
        assert store_of(app).state.seq > 0 and second.view is store_of(app).view
        assert first.view is first_view


async def test_the_side_panels_join_after_the_first_frame(tmp_path: Path) -> None:
    """Start-up (issue 28): the first frame has the board's side panels only; the hero, inventory and odds panels
    are mounted right after it, in the order they always had (hero, inventory, the board's, odds), and drawn."""
    from textual import events
    from textual.widgets import Static

    from twentystrong.tui.widgets.panels import HeroPanel, InventoryPanel

    first: list[list[str]] = []

    def hook(message: Message) -> None:
        if isinstance(message, events.Ready) and not first:  # Textual posts it right after the first frame
            first.append([child.id or "" for child in app.screen.query_one("#side").children])

    app = make_app()
    async with app.run_test(size=(120, 40), message_hook=hook) as pilot:
        await settle(pilot)
        table = table_of(app)
        side = [child.id for child in table.query_one("#side").children]
        assert first == [["boss"]]  # the plain deck's board: its boss deck only, no missions
        assert side == ["hero", "inventory", "boss", "odds"]
        stats = str(table.query_one(HeroPanel).query_one("#stats", Static).render())
        assert stats.startswith("Tester") and "6/" in stats  # drawn: the plain deck's hero, Health 6
        assert table.query_one(InventoryPanel).border_title == "Inventory 0/3"  # drawn: no item held yet
