"""Input as a contract (issue 27): a key or click acts on what the screen showed when it was pressed.

Pilot tests by keyboard and by mouse: a typed die id is read whole and ends with its command (no second die left
selected for the next Enter); keys typed while commands are on their way wait for every one of them.
Games use the plain test deck with an ordered deal and physical dice (nothing depends on the generator).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from record_helpers import split_setup
from textual import events
from textual.pilot import Pilot
from tui_helpers import _patient_letters, click_die, settle, store_of, table_of, zone  # noqa: F401  # _patient_letters: autouse

from twentystrong.engine.commands import Command
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.store import Store

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def make_app(**options: Any) -> TwentyStrongApp:
    settings: dict[str, Any] = {"deck_path": PLAIN, "hero": "tester", "seed": 1, "deal": "ordered", "dice": "physical"}
    general, choices = split_setup(options)
    settings.update(general, options=choices)
    return create_app(**settings)


def type_at_once(screen: TableScreen, keys: str) -> None:
    """Keys as a fast typist sends them: all queued before the first one's command reaches the store."""
    for key in keys:
        screen.post_message(events.Key("enter" if key == "\n" else key, "\r" if key == "\n" else key))


async def to_commit_step(pilot: Pilot[None]) -> None:
    """From the first table: activate stack 2's Card 16, up to its Commit step (P1 and P2 in the pool)."""
    await settle(pilot)
    await pilot.press("2")  # stack 2's Card 16
    await settle(pilot)
    assert store_of(pilot.app).view.kind == "commit"  # type: ignore[arg-type]


async def test_typed_id_leaves_no_other_die_selected(tmp_path: Path) -> None:
    """Commit step with P1 and P2 in the pool: "p2" commits P2 and selects nothing; Enter then rolls (it used to
    commit P1, which the letter "p" had selected on its way to the id)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_commit_step(pilot)
        await pilot.press("p", "2")
        await settle(pilot)
        assert zone(app, "P2") == "active" and zone(app, "P1") == "pool"
        assert table_of(app).selected is None
        await pilot.press("enter")
        await settle(pilot)
        assert store_of(app).view.kind == "faces"  # rolled
        assert zone(app, "P1") == "pool"


async def test_typed_id_keeps_the_selection_it_did_not_play(tmp_path: Path) -> None:
    """Apply step, nothing selected: "p2" (P2 missed, so it has nothing to do) must not leave the letter's own pick
    (P1) behind: the selection is what it was before the id was typed."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "p", "1", "p", "2", "enter", "k", "m")
        await settle(pilot)
        assert store_of(app).view.kind == "apply"
        table = table_of(app)
        assert table.selected is None
        await pilot.press("p", "2")  # "p" alone would pick P1 (the usable purple die); P2 missed: nothing to do
        await settle(pilot)
        assert table.selected is None
        assert store_of(app).rejections  # the engine said why P2 cannot be applied


async def test_click_after_a_letter_ends_the_selection(tmp_path: Path) -> None:
    """By mouse: "p" selects P1, then a click commits P2; the click played its command, so nothing stays selected
    and the Roll button's Enter rolls."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await pilot.click("#stack-2")
        await settle(pilot)
        await pilot.press("p")
        await settle(pilot)
        assert table_of(app).selected == "P1"
        await click_die(pilot, "pool", "P2")
        assert zone(app, "P2") == "active"
        assert table_of(app).selected is None
        await pilot.press("enter")
        await settle(pilot)
        assert store_of(app).view.kind == "faces" and zone(app, "P1") == "pool"


async def test_keys_wait_for_a_shortcuts_second_command(tmp_path: Path) -> None:
    """Every enemy defeated at the commit step: Enter plays roll then resolve (two commands). "p1" typed right after
    Enter waits for both, and recovers P1 at the Recover step (it used to run between them, on a stale table)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.press("2", "p", "1", "enter", "k")
        await settle(pilot)
        store = store_of(app)
        store.dispatch(Command("apply", die="P1", card="c16"))
        store.dispatch(Command("repeat"))
        await settle(pilot)
        assert store.view.kind == "commit" and store.state.active[0].defeated
        assert zone(app, "P1") == "applied"
        table = table_of(app)
        assert table._resolve_shortcut()
        type_at_once(table, "\np1")
        await settle(pilot)
        await settle(pilot)
        assert zone(app, "P1") == "pool", store.view.kind


async def _at_the_influence_feed(pilot: Pilot[None]) -> None:
    from test_tui_hoplomachus import through_setup

    await through_setup(pilot, stop="feed_influence")


def _numbers(app: TwentyStrongApp) -> dict[str, int]:
    from twentystrong.kits.hoplomachus_victorum.board.board import CampView

    return {view.info.id: view.info.number for view in app.screen.query(CampView) if view.info.number}


async def test_camp_numbers_stay_while_feeding_by_keyboard() -> None:
    """Difficulty 2 feeds three camps at setup (a choice of several picks): after "2" feeds the camp numbered 2,
    every other camp keeps its number, so "3" feeds the camp that showed 3 (it used to feed the next one, as the
    camps after the fed one were numbered anew)."""
    from test_tui_hoplomachus import hv_app

    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS

    app = hv_app(difficulty=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_the_influence_feed(pilot)
        store = store_of(app)
        before = _numbers(app)
        by_number = {n: camp for camp, n in before.items()}
        await pilot.press("2")
        await settle(pilot)
        after = _numbers(app)
        assert by_number[2] not in after
        assert after == {camp: n for camp, n in before.items() if n != 2}
        assert "1, 3–" in " ".join(str(w.render()) for w in app.screen.query("PromptBar *"))
        await pilot.press("3")
        await settle(pilot)
        fed = [IDS[k] for k in table(store.state).fed]
        assert fed == [by_number[2], by_number[3]]
        assert _numbers(app) == {camp: n for camp, n in before.items() if n not in (2, 3)}


async def test_camp_numbers_stay_while_feeding_by_mouse() -> None:
    """The same by mouse: a click on a camp feeds it, and the numbers on the other camps do not move."""
    from test_tui_hoplomachus import hv_app

    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.kits.hoplomachus_victorum.rules.pyramid import IDS

    app = hv_app(difficulty=2)
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_the_influence_feed(pilot)
        before = _numbers(app)
        first = min(before, key=before.__getitem__)
        await pilot.click(f"#camp-{first}")
        await settle(pilot)
        assert [IDS[k] for k in table(store_of(app).state).fed] == [first]
        assert _numbers(app) == {camp: n for camp, n in before.items() if camp != first}


# --- a default action never throws away what the player is owed --------------------------------------------------


async def _at_resolve(pilot: Pilot[None], dice: str = "p1p2") -> None:
    """Card 16 activated, ``dice`` committed and rolled (one crit, misses after), the card defeated: the next Enter
    resolves."""
    await pilot.press("2", *dice, "enter", "k", *("m" * (len(dice) // 2 - 1)))
    await settle(pilot)
    store = store_of(pilot.app)  # type: ignore[arg-type]
    crit = next(d.id for d in store.state.dice_in("active") if d.face == "crit")
    store.dispatch(Command("apply", die=crit, card="c16"))
    await settle(pilot)
    assert store.state.active[0].defeated


async def test_enter_twice_at_resolve_recovers_by_keyboard(tmp_path: Path) -> None:
    """Enter resolves, and Enter again at the Recover step recovers the exhausted dice that all fit (it used to
    finish the step with nothing recovered)."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_resolve(pilot)
        await pilot.press("enter", "enter")
        await settle(pilot)
        assert zone(app, "P1") == zone(app, "P2") == "pool"
        assert store_of(app).view.kind == "gain_items"


async def test_enter_never_skips_a_recovery_it_cannot_make(tmp_path: Path) -> None:
    """Four dice exhausted, Recovery 3: Enter cannot choose for the player, so it says how to choose and the step
    waits; x stops recovering on purpose."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_resolve(pilot, "p1p2b1g1")
        await pilot.press("enter")
        await settle(pilot)
        store = store_of(app)
        assert store.view.kind == "recover" and len(store.state.dice_in("exhausted")) == 4
        await pilot.press("enter")
        await settle(pilot)
        assert store.view.kind == "recover" and len(store.state.dice_in("exhausted")) == 4
        assert any("Choose which 3 dice to recover" in line for line in table_of(app).said)
        assert _toasts(app) == []  # said on the prompt's second line, not in a toast over it
        prompt = app.screen.query_one("#prompt-text")
        assert "⚠ Choose which 3 dice" in str(prompt.render())
        await pilot.press("p", "1", "b", "1")
        await settle(pilot)
        assert zone(app, "P1") == zone(app, "B1") == "pool"
        await pilot.press("x")  # one more may come back: x (not Enter) stops
        await settle(pilot)
        assert store.view.kind == "gain_items"


async def test_recover_all_and_stop_by_mouse(tmp_path: Path) -> None:
    """By mouse: the Recover step's buttons are "Recover all" (Enter) and "Stop recovering" (x), never a Done on
    Enter while dice can come back; "Recover all" brings every exhausted die back."""
    from tui_helpers import click_button

    from twentystrong.tui.widgets.status import ActionRow

    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await _at_resolve(pilot)
        await click_button(pilot, "Resolve")
        labels = {a.label: a.key for a in app.screen.query_one(ActionRow).actions}
        assert labels.get("Recover all") == "enter" and labels.get("Stop recovering") == "x"
        assert "Done" not in labels
        await click_button(pilot, "Recover all")
        await settle(pilot)
        assert zone(app, "P1") == zone(app, "P2") == "pool"


async def test_a_useless_reward_is_not_the_default(tmp_path: Path) -> None:
    """Crater Maw's instant reward recovers 2 dice; with none exhausted it would do nothing: Enter does not take it
    (it says why), the button says it does nothing, and taking it anyway writes so in the log."""
    from tui_helpers import click_button

    from twentystrong.engine.state import Prompt
    from twentystrong.session.history import HistoryEntry
    from twentystrong.text.events import NOTHING_TO_RECOVER, describe_events

    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = store_of(app)
        assert not store.state.dice_in("exhausted")
        prompt = Prompt("instant_reward", card="crater-maw", purpose="take or decline the instant reward")
        state = store.state.changed({"prompts": (prompt,)})
        store.session.history.append(HistoryEntry(Command("start"), (), state))
        store._changed()
        await settle(pilot)
        assert store.view.can("take_reward")
        await pilot.press("enter")
        await settle(pilot)
        assert store.state.prompt is not None  # not taken
        assert any("would do nothing now" in line for line in table_of(app).said)
        before = store.state
        await click_button(pilot, "Take Crater Maw's reward (does nothing now)")
        assert store.state.prompt is None
        lines = [line.text for line in describe_events(store.view.events, before)]
        assert any(NOTHING_TO_RECOVER in line for line in lines), lines


def test_an_opportunity_whose_reward_recovers_nothing_says_so() -> None:
    """Blood on the Sand flips mid-fight with no die exhausted: the log says its reward did nothing."""
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.state import SetupOptions
    from twentystrong.kits.hoplomachus_victorum.rules.events import OpportunityProgress
    from twentystrong.session import Session
    from twentystrong.text.events import describe_event

    deck = load_shipped("hoplomachus-victorum")
    before = Session.new(deck, SetupOptions(deck.id, "castor", seed=1234)).state
    assert not before.dice_in("exhausted")
    event = OpportunityProgress(card="blood-on-the-sand", progress=2, earned=True)
    text = describe_event(event, deck, before)
    assert "does nothing now" in text and "no exhausted die" in text


# --- announcements never cover the question -----------------------------------------------------------------------


def _news(app: TwentyStrongApp) -> str:
    from textual.content import Content

    from twentystrong.tui.widgets.status import PromptBar

    return Content.from_markup(str(app.screen.query_one(PromptBar).border_title or "")).plain


def _overlays(app: TwentyStrongApp) -> list[str]:
    """Toasts on screen that announce what happened (they used to cover the prompt and the dice for ~10 s)."""
    return [str(n.title) for n in app._notifications if n.title in ("What happened", "Only one choice, made for you")]


def _toasts(app: TwentyStrongApp) -> list[str]:
    return [str(n.message) for n in app._notifications]


@pytest.mark.parametrize("size", [(80, 24), (120, 40)])
async def test_what_happened_is_on_the_prompts_top_line_by_keyboard(size: tuple[int, int]) -> None:
    """Resolve with Card 16 standing deals damage: the sentence is on the prompt's own top border (which covers
    nothing), not in a toast over the prompt and the dice; the player's next command clears it."""
    app = make_app()
    async with app.run_test(size=size) as pilot:
        await pilot.press("2", "enter", "enter", "enter")  # activate Card 16, roll nothing (asked, then), resolve
        await settle(pilot)
        assert store_of(app).view.notes, "Resolve said nothing"
        assert _news(app).startswith("What happened: ")
        assert "damage" in _news(app)
        assert _overlays(app) == []
        await pilot.press("enter")  # the player's next command
        await settle(pilot)
        assert store_of(app).view.notes or _news(app) == ""


async def test_what_happened_by_mouse() -> None:
    """The same by clicks: the prompt's buttons play, and the news is on the prompt's top line, not in a toast."""
    from tui_helpers import click_button

    app = make_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.click("#stack-2")
        await settle(pilot)
        await click_button(pilot, "Roll")
        await click_button(pilot, "Resolve")
        assert "damage" in _news(app) and _overlays(app) == []


# --- the Odds box keeps its room on the side column ----------------------------------------------------------------


def _to_the_first_roll(store: Store) -> None:
    """Hoplomachus Victorum, seed 1234, Castor: setup, the first camp, four dice committed and rolled."""
    for _ in range(40):
        view = store.view
        if view.kind == "apply":
            return
        legal = view.legal
        if view.kind == "commit":
            commits = [c for c in legal if c.cmd == "commit"]
            roll = next(c for c in legal if c.cmd == "roll")
            store.dispatch(commits[0] if commits and len(store.state.dice_in("active")) < 4 else roll)
        elif view.kind == "arrive":
            store.dispatch(next(c for c in legal if c.cmd == "activate"))
        else:
            store.dispatch(legal[0])
    raise AssertionError(f"no roll: {store.view.kind}")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("size", [(120, 40), (80, 24)])
async def test_the_advice_stays_on_screen_with_a_full_sidebar(size: tuple[int, int], lang: str) -> None:
    """Three items held and four Tactics in the Tactics area: the Odds box's advice line is still on screen, inside
    the side column (it used to fall below it, readable only by scrolling the column with the wheel); in German and
    French too, whose advice runs longer ("Rat: …", "Conseil : …")."""
    from dataclasses import replace

    from twentystrong import i18n
    from twentystrong.kits.hoplomachus_victorum.rules import table
    from twentystrong.session.history import HistoryEntry
    from twentystrong.tui.widgets.odds import ADVICE, OddsPanel

    i18n.set_language(lang)
    app = create_app(deck_id="hoplomachus-victorum", hero="castor", seed=1234, hints=False)
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        store = store_of(app)
        _to_the_first_roll(store)
        s = store.state
        dice = tuple(replace(d, face="hit") if d.zone == "active" else d for d in s.dice)
        tactics = ("battle-fury", "dawn-drill", "sway-the-crowd", "vinegar-and-linen")
        state = s.changed(
            {
                "dice": dice,
                "inventory": ("sand-in-the-eyes", "smiths-whetstone", "goat-path"),
                "table": replace(table(s), tactics=tactics),
            }
        )
        store.session.history.append(HistoryEntry(Command("start"), (), state))
        store._changed()
        for _ in range(3):
            await settle(pilot)
        panel = app.screen.query_one(OddsPanel)
        advice = panel.query_one("#odds-advice")
        assert advice.display and str(advice.render()).strip(), "no advice shown"
        assert str(advice.render()).startswith(str(ADVICE)), advice.render()
        side = app.screen.query_one("#side")
        assert advice.region.height >= 1, "the advice is not on screen"
        assert side.region.contains_region(advice.region), (advice.region, side.region)


# --- the keypress floor: no key waits on an import ---------------------------------------------------------------


def test_the_warm_up_modules_exist() -> None:
    """Every module the warm-up imports is there (the thread swallows a failure: a typo would go unseen)."""
    import importlib

    from twentystrong.tui.app import WARM_MODULES

    for name in WARM_MODULES:
        importlib.import_module(name)


def test_the_first_keys_import_nothing() -> None:
    """Once the first frame is out, a thread imports what the first keys need (the Odds box's numpy and tables,
    the announcements): by the time the player has read the table, a key imports nothing (the worst key of the
    bench used to wait ~300 ms for the odds' first import). In a fresh interpreter, so nothing is imported before."""
    import subprocess
    import sys

    code = """
import asyncio, sys, threading
from twentystrong.tui.app import WARM_UP_THREAD, create_app

async def main():
    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        for thread in threading.enumerate():
            if thread.name == WARM_UP_THREAD:
                await asyncio.to_thread(thread.join)
        loaded = set(sys.modules)
        await pilot.press("1", "b", "space", "enter")
        await pilot.pause()
        await app.workers.wait_for_complete()
        new = sorted(m for m in set(sys.modules) - loaded if m.startswith(("twentystrong", "numpy")))
        print(new)

asyncio.run(main())
"""
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-2000:]
    assert result.stdout.strip().splitlines()[-1] == "[]", result.stdout


async def test_enter_never_ends_a_rewards_recovery_early() -> None:
    """Crater Maw's reward, taken with three dice exhausted, asks which two to recover ("up to 2"): Enter then lists
    the dice to choose from instead of ending the choice with nothing recovered (the misfire at Resolve: Enter,
    Enter); x ends it on purpose."""
    from dataclasses import replace

    from twentystrong.engine.state import Prompt
    from twentystrong.session.history import HistoryEntry

    app = create_app(deck_id="solar-sentinels", hero="corona", seed=7, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = store_of(app)
        tired = {"Y1", "G1", "B1"}
        dice = tuple(replace(d, zone="exhausted") if d.id in tired else d for d in store.state.dice)
        prompt = Prompt("instant_reward", card="crater-maw", purpose="take or decline the instant reward")
        state = store.state.changed({"prompts": (prompt,), "dice": dice})
        store.session.history.append(HistoryEntry(Command("start"), (), state))
        store._changed()
        await settle(pilot)
        await pilot.press("enter")  # take it: it recovers dice now
        await settle(pilot)
        assert store.view.kind == "choose_die" and store.view.can("done")
        await pilot.press("enter")  # the choices in words (never "done")
        await settle(pilot)
        assert store.view.kind == "choose_die"
        assert {d.id for d in store.state.dice_in("exhausted")} == tired
        from twentystrong.tui.widgets.choices import ChoicesScreen

        dialog = app.screen
        assert isinstance(dialog, ChoicesScreen) and dialog.commands[0].cmd == "choose"
        await pilot.press("escape")
        await settle(pilot)
        await pilot.press("y", "1", "x")
        await settle(pilot)
        assert store.state.prompt is None and zone(app, "Y1") == "pool" and zone(app, "G1") == "exhausted"


async def test_a_die_id_typed_fast_is_read_whole_however_late_it_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A colour letter and a digit typed a tenth of a second apart are one die id even when the table runs them far
    apart (a busy machine, keys waiting for a command in flight): the window is measured between the keystrokes as
    typed. Here the table's clock jumps a second at every reading, as on a machine that stalls between two keys; "p2"
    still commits P2, not the letter's pick P1 followed by a card or stack number."""
    import itertools
    import time as real_time
    from types import SimpleNamespace

    import twentystrong.tui.screens.table as table_screen

    monkeypatch.setattr(table_screen, "LETTER_WINDOW", 0.8)
    ticks = itertools.count()
    stalling = SimpleNamespace(monotonic=lambda: real_time.monotonic() + next(ticks))
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await to_commit_step(pilot)
        table = table_of(app)
        monkeypatch.setattr(table_screen, "time", stalling)
        typed = real_time.monotonic()
        for key, at in (("p", typed), ("2", typed + 0.1)):
            event = events.Key(key, key)
            event.time = at
            table.post_message(event)
        await settle(pilot)
        assert zone(app, "P2") == "active" and zone(app, "P1") == "pool"
        assert table.selected is None
