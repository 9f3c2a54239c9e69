"""Issue 7, the odds panel on the table: its numbers are the odds package's, it follows the dice, ``o`` switches it.

Games use small generated decks (``test_effects_passive.make_deck``): stack 1 starts with the enemies under test,
the deal is ordered and the dice physical, so the test enters every face. The panel's figures are compared with
:func:`~twentystrong.odds.kill_probabilities` and :func:`~twentystrong.odds.best_apply` asked directly, with the
damage model the engine's hooks give (``odds.engine_model``).
"""

from __future__ import annotations

import subprocess
import sys
import threading
from pathlib import Path
from typing import Any, cast

import pytest
from test_effects_passive import card, effect, make_deck
from textual.pilot import Pilot
from tui_helpers import _patient_letters  # noqa: F401  # autouse: a colour letter waits 5 s for its digit

from twentystrong.content.effects import Face
from twentystrong.engine.dice import die_label
from twentystrong.engine.effects import hooks
from twentystrong.odds import PLAIN, DiceCounts, SingleRoll, best_apply, clear_cache, kill_probabilities, single_roll
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.widgets import odds as odds_widget
from twentystrong.tui.widgets.odds import (
    OddsPanel,
    OddsQuestion,
    damage_chart,
    next_mode,
    percent,
    probability_bar,
)


def make_app(tmp_path: Path, *cards: dict[str, Any]) -> TwentyStrongApp:
    """The table of a new game: ``cards`` on top of stack 1 (first on top), hero Tester (Strategy 3), physical dice."""
    deck_dir = tmp_path / "deck"
    make_deck(tmp_path, list(cards))
    return create_app(deck_path=deck_dir, hero="tester", seed=7, deal="ordered", dice="physical")


def panel_of(app: TwentyStrongApp) -> OddsPanel:
    return app.screen.query_one(OddsPanel)


def each(panel: OddsPanel) -> tuple[float, ...]:
    """The panel's chance per enemy (all dice on it), once its figures are in."""
    assert panel.chances is not None
    return tuple(c.value for c in panel.chances.each)


async def settle(pilot: Pilot[None]) -> None:
    """Messages handled, the odds' workers done (they wait for the worker process's answer), the screen repainted."""
    for _ in range(3):
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()
    await pilot.pause()


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
    await settle(pilot)


async def commit(pilot: Pilot[None], *dice: str) -> None:
    """Type die ids (``b1``): each commits that die (``_patient_letters`` keeps the letter and digit together)."""
    for die in dice:
        await pilot.press(die[0].lower(), die[1])
        await settle(pilot)


RUST_MAW = card("rust-maw", health=7, damage=2)


async def test_the_panel_shows_the_odds_of_the_committed_dice(tmp_path: Path) -> None:
    """Commit step: each P(defeat) is ``kill_probabilities`` of the dice committed so far, within Strategy −
    phases used + 1 rolls, and it follows every commit; the chart is one roll's distribution of those dice."""
    app = make_app(tmp_path, RUST_MAW)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = panel_of(app)
        assert not panel.display  # activation: nothing to show
        await press(pilot, "1")
        assert app.store is not None and app.store.view.kind == "commit"
        assert panel.display
        assert "commit dice to see the odds" in panel.shown_text()
        committed: list[str] = []
        for die in ("Y1", "B1", "B2", "P1"):
            await commit(pilot, die)
            committed.append(die)
            question = panel.question
            assert question is not None and question.stage == "commit"
            assert question.dice == tuple(committed)
            assert question.phases == 3  # Strategy 3, phase 1 not rolled yet
            expected = kill_probabilities(DiceCounts.from_ids(committed), 7, phases=3)[-1]
            assert each(panel) == (expected,)
            assert panel.rolls == (single_roll(DiceCounts.from_ids(committed)),)
            text = panel.shown_text()
            assert f" {percent(expected)}\n" in text
            assert "3 rolls left" in text and "Rust Maw" in text and "0/7" in text
        assert "This roll: " in panel.shown_text() and "expected damage" in panel.shown_text()
        assert "Defeat chance, all on it:" in panel.shown_text()
        app.save_screenshot("odds-commit.svg", str(tmp_path))
        svg = (tmp_path / "odds-commit.svg").read_text(encoding="utf-8")
        assert "Odds" in svg and "Rust&#160;Maw" in svg


async def test_o_switches_the_panel_to_expected_damage_then_off(tmp_path: Path) -> None:
    """``o`` steps full → expected damage only → off → full; the setting holds for the session."""
    app = make_app(tmp_path, RUST_MAW)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1", "P1")
        panel = panel_of(app)
        roll = single_roll(DiceCounts.from_ids(["B1", "P1"]))
        assert app.odds_mode == "full"
        full = panel.shown_text()
        assert "%" in full and "This roll" in full
        await press(pilot, "o")
        assert app.odds_mode == "expected"
        text = panel.shown_text()
        assert text.startswith("[o] Expected damage")
        assert f"{float(roll.expected_damage):.1f} expected damage a roll" in text
        assert "%" not in text and "This roll" not in text and "Defeat chance" not in text
        await press(pilot, "o")
        assert app.odds_mode == "off"
        assert not panel.display and panel.shown_text() == ""
        await commit(pilot, "B2")  # still off after a change
        assert not panel.display
        await press(pilot, "o")
        assert app.odds_mode == "full" and panel.display
        expected = kill_probabilities(DiceCounts.from_ids(["B1", "P1", "B2"]), 7, phases=3)[-1]
        assert each(panel) == (expected,)


async def test_after_a_roll_the_advice_is_best_apply(tmp_path: Path) -> None:
    """Apply step: after the faces are entered, the advice names the dice ``best_apply`` returns, and each
    P(defeat) is its probability; applying a die updates both (the damage on the card counts)."""
    app = make_app(tmp_path, RUST_MAW)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "Y1", "B1", "B2", "P1")
        await press(pilot, "enter")  # roll
        await press(pilot, "h", "k", "m", "h")  # Y1 hit, B1 crit, B2 miss, P1 hit
        assert app.store is not None and app.store.view.kind == "apply"
        panel = panel_of(app)
        rolled: dict[str, Face] = {"Y1": "hit", "B1": "crit", "B2": "miss", "P1": "hit"}
        best = best_apply(rolled, 7, phases_after=2)
        assert best.apply  # the test is only worth something if the advisor applies dice
        question = panel.question
        assert question is not None and question.stage == "apply" and question.phases == 2
        assert panel.chances is not None and panel.chances.advice is not None
        assert panel.chances.advice.moves == ((0, best.apply),)
        assert panel.chances.advice.keep == best.keep
        assert each(panel) == (best.kill_probability,)
        labels = " ".join(die_label(d, rolled[d]) for d in best.apply)
        text = panel.shown_text()
        assert f"Advice: apply {labels} to Rust Maw" in text
        assert f"keep {' '.join(best.keep)} rolling" in text
        app.save_screenshot("odds-apply.svg", str(tmp_path))

        # Apply the crit: 2 damage on the card, three dice left on the table.
        await press(pilot, "b", "1")
        await press(pilot, "1")
        state = app.store.state
        assert state.die("B1").zone == "applied"
        assert hooks.damage_taken(state, state.active[0]) == 2
        left = {d: f for d, f in rolled.items() if d != "B1"}
        after = best_apply(left, 7, applied=2, phases_after=2)
        assert each(panel) == (after.kill_probability,)
        assert "2/7" in panel.shown_text()


async def test_card_rules_are_computed_in_the_worker_process(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """ "Crits deal 0": the model comes from the engine's hooks; its best-play table is not built yet, so the worker
    process answers the question (the UI thread never computes it), with the figures the odds give asked directly."""
    clear_cache()  # other tests of the session may have built that model's table
    shell = card("mirror-shell", effect("crits_deal_zero"), health=6)
    app = make_app(tmp_path, shell)
    on_ui: list[OddsQuestion] = []
    real = odds_widget.chances_for

    def counted(question: OddsQuestion) -> odds_widget.OddsChances:
        on_ui.append(question)
        return real(question)

    monkeypatch.setattr(odds_widget, "chances_for", counted)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "P1", "P2", "R1")
        panel = panel_of(app)
        question = panel.question
        assert question is not None and not question.quick()
        assert question.enemies[0].target.model == PLAIN.with_crits_dealing(0)
        assert panel._process.running, panel._process.failed
        model = PLAIN.with_crits_dealing(0)
        expected = kill_probabilities(DiceCounts.from_ids(["P1", "P2", "R1"]), 6, phases=3, model=model)[-1]
        assert each(panel) == (expected,)
        assert "computing…" not in panel.shown_text()
        assert expected < kill_probabilities(DiceCounts.from_ids(["P1", "P2", "R1"]), 6, phases=3)[-1]
        assert not [q for q in on_ui if not q.quick()]  # the slow ones went to the process


async def test_without_a_process_a_thread_computes_while_the_panel_says_computing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Where no worker process may run (``WORKER_PROCESS`` off, as where one cannot start), a worker thread answers
    the slow question while the panel says "computing…"."""
    clear_cache()  # other tests of the session may have built that model's table
    monkeypatch.setattr(OddsPanel, "WORKER_PROCESS", False)
    shell = card("mirror-shell", effect("crits_deal_zero"), health=6)
    app = make_app(tmp_path, shell)
    release = threading.Event()
    real = odds_widget.chances_for

    def slow(question: OddsQuestion) -> odds_widget.OddsChances:
        release.wait(30)
        return real(question)

    monkeypatch.setattr(odds_widget, "chances_for", slow)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        for keys in (("1",), ("p", "1"), ("p", "2"), ("r", "1")):  # no waiting for the workers: they wait
            await pilot.press(*keys)
            await pilot.pause()
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.dice == ("P1", "P2", "R1") and not question.quick()
        assert panel._process.pid is None and panel._process.failed is not None
        assert panel.chances is None
        assert "computing…" in panel.shown_text()
        release.set()
        await settle(pilot)
        model = PLAIN.with_crits_dealing(0)
        expected = kill_probabilities(DiceCounts.from_ids(["P1", "P2", "R1"]), 6, phases=3, model=model)[-1]
        assert each(panel) == (expected,)
        assert "computing…" not in panel.shown_text()


async def test_several_enemies_and_a_cap(tmp_path: Path) -> None:
    """Every undefeated enemy gets its line; a cap below its Health makes it 0% and says why; the advice spreads
    the dice with the greedy allocation and only names moves the engine allows."""
    first = card("rust-maw", health=7, damage=2, additional=1)
    capped = card("iron-wall", effect("damage_cap_per_round", amount=2), health=4)
    app = make_app(tmp_path, first, capped)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await press(pilot, "1")
        await commit(pilot, "P1", "P2", "R1")
        panel = panel_of(app)
        question = panel.question
        assert question is not None and [e.card for e in question.enemies] == ["rust-maw", "iron-wall"]
        assert question.enemies[1].capped
        assert panel.chances is not None
        assert each(panel)[1] == 0.0
        assert each(panel)[0] == kill_probabilities(DiceCounts.from_ids(["P1", "P2", "R1"]), 7, phases=3)[-1]
        assert "takes at most 2 this round" in panel.shown_text()
        await press(pilot, "enter")
        await press(pilot, "k", "h", "h")
        advice = panel.chances.advice if panel.chances else None
        assert advice is not None
        assert app.store is not None
        legal = {(c.die, c.card) for c in app.store.view.find("apply")}
        cards = [e.card for e in question.enemies]
        assert all((die, cards[target]) in legal for target, dice in advice.moves for die in dice)
        used = [d for _, dice in advice.moves for d in dice]
        assert sorted(used + list(advice.keep)) == ["P1", "P2", "R1"]


async def test_small_terminal_keeps_the_numbers_and_drops_the_chart(tmp_path: Path) -> None:
    app = make_app(tmp_path, RUST_MAW)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1", "P1")
        panel = panel_of(app)
        assert panel.display
        assert panel.query_one("#odds-chart").styles.display == "none"
        text = panel.shown_text()
        assert "Rust Maw" in text and "%" in text and "This roll" not in text


# --- the pieces -------------------------------------------------------------------------------------------------


def test_percent_never_rounds_to_certainty() -> None:
    assert [percent(p) for p in (0.0, 0.001, 0.25, 0.996, 1.0)] == ["0%", "<1%", "25%", ">99%", "100%"]


def test_modes_cycle() -> None:
    assert [next_mode(m) for m in ("full", "expected", "off", "nonsense")] == ["expected", "off", "full", "full"]


def test_probability_bar_fills_in_eighths() -> None:
    assert probability_bar(0.0, 4) == "░░░░"
    assert probability_bar(1.0, 4) == "████"
    assert probability_bar(0.5, 4) == "██░░"
    assert len(probability_bar(0.33, 10)) == 10


def test_damage_chart_marks_the_need() -> None:
    roll: SingleRoll = single_roll(DiceCounts.parse("B2,P1"))
    rows = damage_chart(roll, 3, width=30)
    assert len(rows) == 3
    axis = rows[-1].plain
    assert axis.startswith("0") and "▲3" in axis and axis.rstrip().endswith(str(len(roll.distribution) - 1))
    big = damage_chart(single_roll(DiceCounts.all()), 20, width=12)
    assert all(len(row.plain) <= 12 for row in big[:-1])


def test_the_table_imports_the_odds_when_they_are_first_shown() -> None:
    """A game starts on the Activation step, where the panel is hidden: the odds package is imported by the first
    question the panel is asked, not with the table (start-up)."""
    code = "import sys\nimport twentystrong.tui.screens.table\nprint('twentystrong.odds' in sys.modules)\n"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["False"]


async def test_a_question_answered_quickly_once_is_answered_at_once_after(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Two enemies: the first question goes to a worker (nothing says yet how long it takes); once a question of the
    same shape (models, Health, rules, phases: not the dice) was answered in milliseconds, the next commit is answered
    while the key is handled (the UI thread waits that long for the worker process), with no worker and no
    "computing…" frame (a worker's round trip costs a frame or two)."""
    app = make_app(tmp_path, card("rust-maw", health=7, damage=2, additional=1), card("ember-wasp", health=3))
    workers: list[OddsQuestion] = []
    real = OddsPanel._compute

    def counted(panel: OddsPanel, question: OddsQuestion, asked: Any = None) -> None:
        workers.append(question)
        real(panel, question, asked)

    monkeypatch.setattr(OddsPanel, "_compute", counted)
    # "milliseconds" depends on the machine: here anything within a minute counts as quick, so the test is of the
    # mechanism, not of this machine's speed
    monkeypatch.setattr(OddsPanel, "_QUICK_SECONDS", 60.0)
    monkeypatch.setattr(OddsPanel, "_QUICK_WAIT", 60.0)
    # Not asked ahead when the letter selects the die (test_tui_odds_process has that): the key's own paths here.
    monkeypatch.setattr(OddsPanel, "foresee", lambda panel, view: None)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await press(pilot, "1")  # the +1 enemy from stack 1
        await commit(pilot, "P1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        panel = panel_of(app)
        assert panel._process.running, panel._process.failed
        assert panel.question is not None and len(panel.question.enemies) == 2 and not panel.question.quick()
        asked = len(workers)
        assert asked >= 1
        await pilot.press("p", "2")
        await pilot.pause()
        assert panel.question is not None and panel.question.dice == ("P1", "P2")
        assert len(workers) == asked  # no worker for this one
        assert panel.chances is not None and "computing…" not in panel.shown_text()
        monkeypatch.setattr(OddsPanel, "_QUICK_SECONDS", 0.0)  # nothing is quick now: the next one goes to a worker
        await pilot.press("p", "3")
        await pilot.pause()
        assert panel.question is not None and panel.question.dice == ("P1", "P2", "P3")
        assert len(workers) == asked + 1
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert panel.chances is not None and "computing…" not in panel.shown_text()


@pytest.mark.parametrize("process", [False, True])
async def test_the_worker_starts_after_the_keys_repaint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, process: bool
) -> None:
    """A worker thread's arithmetic holds the interpreter's lock (numpy's object arrays too): started while the key
    is handled, the key's own repaint would wait behind it. It starts once that repaint is out. The worker process
    has its own core: the question is sent to it at once, and it works while the key lays the table out."""
    app = make_app(tmp_path, card("rust-maw", health=7, damage=2, additional=1), card("ember-wasp", health=3))
    painted: list[int] = []
    started: list[int] = []  # repaints before each worker started
    sent: list[bool] = []  # whether the process had the question when its worker started
    real = OddsPanel._compute

    def counted(panel: OddsPanel, question: OddsQuestion, asked: Any = None) -> None:
        started.append(len(painted))
        sent.append(asked is not None)
        real(panel, question, asked)

    monkeypatch.setattr(OddsPanel, "WORKER_PROCESS", process)
    monkeypatch.setattr(OddsPanel, "_compute", counted)
    monkeypatch.setattr(OddsPanel, "_QUICK_SECONDS", 0.0)  # nothing is quick: every question goes to a worker
    monkeypatch.setattr(OddsPanel, "foresee", lambda panel, view: None)  # P2 is not asked when "p" selects it
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await press(pilot, "1")  # the +1 enemy from stack 1
        await commit(pilot, "P1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        screen = app.screen
        refresh = screen._compositor_refresh

        def timed_refresh() -> None:
            refresh()
            painted.append(1)

        monkeypatch.setattr(screen, "_compositor_refresh", timed_refresh)
        asked = len(started)
        await pilot.press("p")
        await settle(pilot)
        before = len(painted)
        await pilot.press("2")  # commits P2: a new question
        await settle(pilot)
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert len(started) == asked + 1
        if process:
            assert started[-1] == before and sent[-1]  # sent before the key's repaint
        else:
            assert started[-1] > before and not sent[-1]  # the key's repaint went out before the worker started
        panel = panel_of(app)
        assert panel.question is not None and panel.question.dice == ("P1", "P2")
        assert panel.chances is not None and "computing…" not in panel.shown_text()


async def test_the_plan_keeps_the_lines_of_its_answer_while_computing(tmp_path: Path) -> None:
    """Corona's ability counts in the figures: each row of the commit plan says what it would be without it, and
    wraps on the side column. Those lines are kept while the rows say "computing…", so the answer repaints the panel
    in place (it used to grow it: one more layout pass, and the side column docked the box then)."""
    from textual.css.styles import RulesMap

    from twentystrong.bench.tui import DECK, default_hero

    app = create_app(deck_id=DECK, hero=default_hero(), seed=3, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "3")
        await press(pilot, "1")
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.stage == "commit" and question.resources
        assert len(question.enemies) == 2 and panel.chances is not None
        width = panel.content_region.width
        plan = panel.query_one("#odds-plan")
        answered = panel._plan(question, width).get_height(cast(RulesMap, plan.styles), width)
        assert "without" in panel.shown_text()
        assert 1 + 3 < answered <= panel._plan_room(question, width)  # 3 rows: each enemy and all of them


async def test_the_odds_box_is_drawn_at_its_width_before_its_first_layout(tmp_path: Path) -> None:
    """The panel is hidden until the first commit step: drawn then at the width its column gives it, not at a
    guess that the first layout pass corrects with a second one."""
    app = make_app(tmp_path, RUST_MAW)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        panel = panel_of(app)
        assert not panel.display and panel.content_region.width == 0
        drawn = panel._width()
        await press(pilot, "1")
        assert panel.display and panel.content_region.width == drawn > 0


async def test_the_odds_box_stays_docked_for_the_round(tmp_path: Path) -> None:
    """Corona's first round at 120×40: the commit plan crowds the side column, and the Odds box docks at its foot.
    It stays there for the rest of the round, though the panels fit again after the roll (each dock and undock laid
    the whole column out again); it undocks in the next round, once they fit."""
    from twentystrong.bench.tui import DECK, default_hero, next_move

    app = create_app(deck_id=DECK, hero=default_hero(), seed=3, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = app.store
        assert store is not None
        side = app.screen.query_one("#side")
        seen: list[tuple[int, str, bool, bool]] = []  # round, step, docked, the panels fit
        for _ in range(60):
            view = store.view
            if view.player.round > 2:
                break
            move = next_move(view)
            assert move is not None, view.kind
            store.dispatch(move.command)
            await settle(pilot)
            needed = sum(child.outer_size.height for child in side.children if child.display)
            fits = needed <= side.scrollable_content_region.height
            seen.append((store.view.player.round, store.view.kind, side.has_class("-crowded"), fits))
        first = [entry for entry in seen if entry[0] == 1]
        docked_at = next(i for i, entry in enumerate(first) if entry[2])
        assert all(docked for _, _, docked, _ in first[docked_at:])  # never undocked within the round
        assert any(fits for *_, fits in first[docked_at:])  # though the panels fit again in it
        assert any(entry[0] == 2 and not entry[2] for entry in seen)  # undocked in the next round


def test_the_panel_asks_at_the_steps_the_odds_answer_at() -> None:
    """The panel asks nothing where the odds package would answer nothing (it skips that import then): the same
    answer as the package's own at every step of a played game."""
    from twentystrong.bench.tui import DECK, default_hero, next_move
    from twentystrong.content.loader import load_shipped
    from twentystrong.engine.state import SetupOptions
    from twentystrong.odds.advice import question_for as package_question
    from twentystrong.session.session import Session
    from twentystrong.tui.store import make_view

    session = Session.new(load_shipped(DECK), SetupOptions(deck_id=DECK, hero_id=default_hero(), seed=3))
    kinds = set()
    for _ in range(80):
        view = make_view(session)
        kinds.add(view.kind)
        assert odds_widget.question_for(view) == package_question(view.player, view.legal)
        move = next_move(view)
        if move is None:
            break
        session.dispatch(move.command)
    assert {"activate", "commit", "apply", "recover"} <= kinds


async def test_the_key_that_crowds_the_side_column_lays_it_out_once(tmp_path: Path) -> None:
    """Corona's first commit step at 120×40 crowds the side column. The key that enters it docks the Odds box and
    shows the column's scrollbar before its layout pass, with the box drawn at the width that leaves it: one pass,
    and the one more Textual asks for when widgets change size (the dock, the scrollbar and the box's redraw at the
    narrower width took a pass each, four in all). Over two rounds of play the scrollbar is wherever Textual's own
    rule puts it, and the box is drawn at the width it is laid out at."""
    from twentystrong.bench.tui import DECK, default_hero, next_move

    app = create_app(deck_id=DECK, hero=default_hero(), seed=3, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        screen = app.screen
        side = screen.query_one("#side")
        panel = panel_of(app)
        passes: list[int] = []
        refresh_layout = screen._refresh_layout

        def counted(*args: Any, **kwargs: Any) -> None:
            passes.append(screen.size.width)
            refresh_layout(*args, **kwargs)

        screen._refresh_layout = counted  # type: ignore[method-assign]  # a probe
        await press(pilot, "3")
        assert not side.has_class("-crowded") and not side.show_vertical_scrollbar
        passes.clear()
        await press(pilot, "1")
        assert app.store is not None and app.store.view.kind == "commit"
        assert side.has_class("-crowded") and side.show_vertical_scrollbar
        assert len(passes) <= 2
        store = app.store
        steps = set()
        while store.view.player.round <= 2:
            move = next_move(store.view)
            assert move is not None, store.view.kind
            store.dispatch(move.command)
            await settle(pilot)
            steps.add((side.has_class("-crowded"), side.show_vertical_scrollbar))
            assert side.show_vertical_scrollbar == (side.virtual_size.height > side.container_size.height)
            if panel.display:
                assert panel._drawn_width == panel.content_region.width
        assert {(True, True), (True, False), (False, False)} <= steps  # docked scrolling, docked fitting, undocked
