"""Pilot tests of what a newcomer meets in the first hour (issue 15): a table that never breaks, cards read as
printed, every refusal and every change explained, the primer, never colour alone.

Games use the plain test deck (``deal="ordered"``, physical dice: every face is typed by the test) unless a test
needs a card of the shipped deck, which it then puts on the table through the engine's own commands.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from test_effects_passive import TESTER, card, effect, make_deck
from test_tui_screens import game, pick
from test_tui_table import Recorder, make_app
from textual.containers import VerticalScroll
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import DataTable, Static
from tui_helpers import _patient_letters, settle, store_of, table_of  # noqa: F401  # _patient_letters: autouse

from twentystrong import bench
from twentystrong.bench import Row
from twentystrong.cli.main import main
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.decide import decide_and_apply
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.board.stacks import StackView
from twentystrong.profile import load_profile
from twentystrong.record.games import current_level, list_games
from twentystrong.session import Session
from twentystrong.tui import messages
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens import table as table_screen
from twentystrong.tui.screens.browser import CardBrowserScreen
from twentystrong.tui.screens.game_over import GameOverScreen
from twentystrong.tui.screens.help import HelpScreen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.store import Wanted, prepare
from twentystrong.tui.widgets.cards import CardView
from twentystrong.tui.widgets.choices import ChoicesScreen
from twentystrong.tui.widgets.glyphs import CursorList, Radio, Tick
from twentystrong.tui.widgets.odds import OddsPanel
from twentystrong.tui.widgets.status import PromptBar

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def news_of(app: TwentyStrongApp) -> str:
    """The prompt's top line: what effects and rules just did ("What happened: …")."""
    from twentystrong.tui.widgets.status import PromptBar

    table = next(screen for screen in app.screen_stack if isinstance(screen, TableScreen))
    return Content.from_markup(str(table.query_one(PromptBar).border_title or "")).plain


def spy_notes(app: TwentyStrongApp) -> list[str]:
    """Every toast the App shows from now on (message text)."""
    shown: list[str] = []
    original = app.notify

    def spy(message: str, **kwargs: Any) -> None:
        shown.append(message)
        original(message, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    return shown


# --- a table that never breaks ---------------------------------------------------------------------------------


async def test_sidebar_keeps_its_shape_after_the_inventory_screen() -> None:
    """`i` then Esc: the side column's Inventory box is as it was (the inventory screen's stylesheet, whose
    ``#inventory`` rule gave the dialog 30 lines and a thick frame, no longer reaches the table's panel), and
    Health, the boss deck and the odds stay in view."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        table = table_of(app)
        panel = table.query_one("#inventory")
        before = (panel.region.height, str(panel.styles.border_top))
        await pilot.press("i")
        await settle(pilot)
        assert not isinstance(app.screen, TableScreen)
        await pilot.press("escape")
        await settle(pilot)
        assert app.screen is table
        assert (panel.region.height, str(panel.styles.border_top)) == before
        assert panel.region.height <= 4
        side = table.query_one("#side")
        for widget_id in ("#hero", "#boss"):
            region = table.query_one(widget_id).region
            assert side.region.contains_region(region), widget_id


def scenario_app(tmp_path: Path, *stacks: list[dict[str, Any]], **options: Any) -> TwentyStrongApp:
    """A scenario deck (``test_effects_passive.make_deck``: the given cards on top of stacks 1–3), hero Tester,
    physical dice, ordered deal, hints off unless asked."""
    make_deck(tmp_path, *stacks)
    settings: dict[str, Any] = {"deck_path": tmp_path / "deck", "hero": "tester", "seed": 7, "deal": "ordered"}
    settings.update({"dice": "physical", "hints": False})
    settings.update(options)
    return create_app(**settings)


async def press(pilot: Pilot[None], *keys: str) -> None:
    for key in keys:
        await pilot.press(key)
        await settle(pilot)


def prompt_of(app: TwentyStrongApp) -> str:
    text = table_of(app).query_one("#prompt-text", Static).content
    return text.plain if isinstance(text, Content) else str(text)


# --- cards read as printed -----------------------------------------------------------------------------------------


async def test_an_active_card_shows_each_section_under_its_label(tmp_path: Path) -> None:
    """The card on the table reads as printed: "After: Lose 1 Health." above "★ Instant reward: Gain 2 Health.",
    and at 80×24 the mandatory mark comes before the name (never cut off with a long one)."""
    mite = card(
        "caustic-mite-with-a-long-name",
        effect("lose_health", amount=1, timing="after"),
        mandatory=True,
        reward={"kind": "instant", "effects": [effect("heal", amount=2)]},
    )
    app = scenario_app(tmp_path, [mite])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        view = table_of(app).query_one("#card-caustic-mite-with-a-long-name", CardView)
        rendered = view.render().plain.splitlines()
        assert rendered[2:] == ["After: Lose 1 Health.", "★ Instant reward: Gain 2 Health."]
        assert str(view.border_title).startswith("[1] ! Caustic Mite")
        assert view.tooltip is None  # the card says it all; d (or its number) opens the full text
    (tmp_path / "small").mkdir()
    ember = card("ember", effect("cannot_commit_color", colors=["yellow"]))
    small = scenario_app(tmp_path / "small", [mite], [ember])
    async with small.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        view = table_of(small).query_one(CardView)
        assert view.region.height <= 6  # abridged: one row per printed line
        assert str(view.border_title).startswith("[1] ! Caust")  # the mark is never the part cut off
        assert view.render().plain.splitlines()[2].startswith("After: ")
        # A stack's rows are cut at 80×24 (its printed lines are hidden): hovering says them in full.
        assert small.screen.query_one("#stack-2", StackView).tooltip == "During: Yellow dice cannot be committed."


# --- every refusal and every change explained ----------------------------------------------------------------------


async def test_keys_that_do_nothing_say_why(tmp_path: Path) -> None:
    """e before a stack is empty, r after the last phase, Enter with a full inventory, a blue die while a miss
    blocks every apply (the card is named), m without physical dice: each key says why, never nothing."""
    sleeper = card("synodic-sleeper", effect("no_apply_while_miss"), health=2, reward=_single_use())
    app = scenario_app(tmp_path, [sleeper], dice="physical")
    async with app.run_test(size=(120, 40)) as pilot:
        shown = spy_notes(app)
        await settle(pilot)
        await press(pilot, "e")
        assert shown[-1] == "The endgame opens once a stack is empty, at the start of a round."
        await press(pilot, "1", "b", "1", "b", "2", "enter", "h", "m")
        assert store_of(app).view.kind == "apply"
        await press(pilot, "b", "1")
        assert shown[-1] == (
            "B1 → Synodic Sleeper: Nothing can be applied while a rolled die shows a miss (Synodic Sleeper)."
        )
        assert shown[-1] in prompt_of(app)  # on the prompt's second line, until the next key
        assert "r repeats" in table_of(app)._hint()
        for _ in range(2):
            await press(pilot, "r", "enter", "h", "h")
        assert store_of(app).state.phases_used == 3
        assert "r repeats" not in prompt_of(app)  # the last Strategy phase: Repeat is not offered
        await press(pilot, "r")
        assert shown[-1] == (
            "That was the last Strategy phase: Strategy 3 allows 3 per engagement; resolve now (Enter)."
        )

    (tmp_path / "virtual").mkdir()
    app = scenario_app(tmp_path / "virtual", [], dice="virtual")
    async with app.run_test(size=(120, 40)) as pilot:
        shown = spy_notes(app)
        await settle(pilot)
        await press(pilot, "1", "m")
        assert "physical die" in shown[-1]


async def test_a_full_inventory_says_how_to_make_room(tmp_path: Path) -> None:
    kits = [card(f"kit-{n}", health=1, reward=_single_use()) for n in range(3)]
    (tmp_path / "deck-dir").mkdir()
    make_deck(tmp_path / "deck-dir", kits, heroes=[{**TESTER, "strategy": 1}])
    app = create_app(deck_path=tmp_path / "deck-dir" / "deck", hero="tester", seed=7, deal="ordered", hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        shown = spy_notes(app)
        await settle(pilot)
        store = store_of(app)
        for kit, die in (("kit-0", "P1"), ("kit-1", "P2")):
            await press(pilot, "1", die[0].lower(), die[1], "enter", "h")  # activate, commit, roll, a hit
            await press(pilot, die[0].lower(), die[1], "space", "enter", "enter")  # apply, resolve, done recovering
            if kit == "kit-0":
                await press(pilot, "enter", "3")  # gain it, discard stack 3's top
        assert store.view.kind == "gain_items" and len(store.state.inventory) == 1
        assert "Inventory full (1/1): use or discard an item first (i), or decline it." in prompt_of(app)
        await press(pilot, "enter")
        assert shown[-1] == "Inventory full (1/1): use or discard an item first (i)."


async def test_changes_made_by_rules_are_announced(tmp_path: Path) -> None:
    """Resolve's damage comes with its sources on the prompt's top line (and the same sentence in the log)."""
    maw = card("rust-maw", damage=2, health=9)
    app = scenario_app(tmp_path, [maw], dice="virtual")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "enter", "enter")  # activate, roll nothing (Enter asks first, a second one rolls)
        hero = table_of(app).query_one("#preview", Static).content
        assert "Resolve: −2 Health (Rust Maw 2)" in (hero.plain if isinstance(hero, Content) else str(hero))
        await press(pilot, "enter")  # resolve
        assert "What happened: You suffer 2 damage from Rust Maw (2) (Health 6 → 4)." in news_of(app)
        stats = table_of(app).query_one("#stats", Static).content
        assert "Health    4/6" in (stats.plain if isinstance(stats, Content) else str(stats))


async def test_a_die_worth_nothing_is_flagged_when_selected(tmp_path: Path) -> None:
    shell = card("mirror-shell", effect("crits_deal_zero"), health=9)
    app = scenario_app(tmp_path, [shell])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "b", "1", "enter", "k")
        await press(pilot, "b", "1")
        assert table_of(app).selected == "B1"
        assert "Note: B1✶ would add no damage to Mirror Shell" in prompt_of(app)


async def test_a_single_choice_resolves_by_itself(tmp_path: Path) -> None:
    """ "For each miss, roll a hit again" with one miss and one hit: the only answer is played for the player (the
    engine's own choose command) and announced; the next question (the rerolled die's face) is asked as usual."""
    weaver = card("entropy-weaver", effect("reroll_hit_per_miss"), health=9)
    app = scenario_app(tmp_path, [weaver])
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await settle(pilot)
        await press(pilot, "1", "b", "1", "b", "2", "enter", "h", "m")
        await settle(pilot)
        assert Command("choose", die="B1") in recorder.commands()
        assert "Only one choice, made for you" in news_of(app) and "B1" in news_of(app)
        dialog = app.screen
        assert isinstance(dialog, ChoicesScreen) and "Only one choice, made for you" in dialog.news  # not covered
        assert store_of(app).view.kind == "choose_option"  # B1's new face: a real choice, asked


async def test_resolve_with_every_enemy_defeated_needs_no_empty_roll(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every enemy defeated before a phase's roll: Enter resolves (the interface plays the engine's roll of no
    dice, then its resolve) instead of asking for a roll of nothing."""
    app = scenario_app(tmp_path, [card("gnat", health=1)])
    recorder = Recorder()
    async with app.run_test(size=(120, 40), message_hook=recorder) as pilot:
        await settle(pilot)
        await press(pilot, "1", "b", "1", "enter", "h", "b", "1", "space")
        monkeypatch.setattr(table_screen, "LETTER_WINDOW", 0.1)  # r waits this long for a "1" (the red die)
        await press(pilot, "r")
        await pilot.pause(0.3)
        await settle(pilot)
        assert store_of(app).view.kind == "commit" and store_of(app).state.active[0].defeated
        actions = table_of(app).query_one(PromptBar).actions
        assert [a.label for a in actions][0] == "Resolve" and not any(a.label == "Roll" for a in actions)
        assert "Every enemy is defeated: Enter resolves." in prompt_of(app)
        await press(pilot, "enter")
        await settle(pilot)
        assert store_of(app).view.kind in ("recover", "stack_discard")
        assert recorder.commands()[-2:] == [Command("roll"), Command("resolve")]


def _single_use() -> dict[str, Any]:
    return {"kind": "single_use", "effects": [effect("heal", amount=1)]}


# --- learnable inside the game ---------------------------------------------------------------------------------


async def test_the_help_has_real_titles_the_quit_key_and_a_primer_that_scrolls_at_80x24() -> None:
    app = make_app(hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "question_mark")
        help_screen = app.screen
        assert isinstance(help_screen, HelpScreen)
        sections = {line.section for line in help_screen.lines()}
        assert {"The table", "Everywhere"} <= sections
        assert not sections & {"VerticalScroll", "CardDetail", "This screen"}
        quit_line = next(line for line in help_screen.lines() if line.description.startswith("Quit"))
        assert quit_line.keys == "^q" and quit_line.section == "Everywhere"
        body = help_screen.query_one("#help", VerticalScroll)
        assert body.has_focus and body.max_scroll_y > 0  # it does not fit at 80×24: it scrolls
        primer = help_screen.query_one("#help-primer", Static).content
        text = primer.plain if isinstance(primer, Content) else str(primer)
        assert "How a round goes" in text and "Y yellow ×4 — 2 of 6 faces hit" in text and "banish —" in text
        await press(pilot, "end")
        assert body.scroll_y == body.max_scroll_y
        assert help_screen.query_one("#help-primer").region.bottom <= help_screen.query_one("#help").region.bottom


async def test_first_game_hints_once_per_kind_and_off_in_settings() -> None:
    """A new profile has hints on: one line under the prompt the first time each kind of step comes up; the
    palette's switch turns them off (kept in the profile), and a new session then shows none."""
    app = make_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        hint = table_of(app).query_one("#prompt-hint", Static)
        assert not hint.has_class("-none") and "stack's top card becomes an active enemy" in str(hint.content)
        await press(pilot, "2")  # the commit step: its own hint
        assert "Commit dice from your pool" in str(hint.content)
        assert app.hints_seen == {"activate", "commit"}
        app.action_toggle_hints()
        await settle(pilot)
    assert load_profile().profile.hints is False
    again = make_app()
    async with again.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert table_of(again).query_one("#prompt-hint", Static).has_class("-none")


# --- never colour alone; every size -----------------------------------------------------------------------------


async def test_setup_states_have_glyphs_without_colour(monkeypatch: pytest.MonkeyPatch) -> None:
    """NO_COLOR: the missions box shows ▐ ▌ unticked and ▐X▌ ticked, the radios ● for the chosen one and ○ for the
    other, the hero list's cursor ▸, the focused row ▸; the rank waits for missions (R15)."""
    monkeypatch.setenv("NO_COLOR", "1")
    app = create_app(deck_path=PLAIN, seed=3, hints=False)
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        screen = app.screen
        missions = screen.query_one("#missions", Tick)
        assert missions.render().plain.startswith("▐ ▌")
        radios = [r.render().plain for r in screen.query("#undo Radio").results(Radio)]
        assert "▐●▌" in radios[0] and "▐○▌" in radios[1]
        heroes = screen.query_one("#heroes", CursorList)
        assert heroes.render_line(0).text.startswith("▸") and not heroes.render_line(1).text.startswith("▸")
        rank = screen.query_one("#rank")
        assert rank.disabled and "Ranks come with missions" in str(screen.query_one("#rank-note", Static).content)
        missions.focus()
        await settle(pilot)
        await press(pilot, "space")
        assert missions.value and missions.render().plain.startswith("▐X▌") and not rank.disabled
        label = str(missions.parent.query_one(".label", Static).content) if missions.parent else ""
        assert label.startswith("▸ Missions")


async def test_the_card_browser_keeps_its_columns_at_80x24() -> None:
    app = make_app(hints=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await press(pilot, "c")
        table = app.screen.query_one("#browser-table", DataTable)
        shown = table.scrollable_content_region.width
        needed = sum(column.get_render_width(table) for key, column in table.columns.items() if key.value != "where")
        assert needed <= shown  # name, kind, level, Health and Damage side by side
        await press(pilot, "slash", "x", "escape")  # Esc clears the search first …
        assert isinstance(app.screen, CardBrowserScreen)
        await press(pilot, "escape")  # … then closes
        assert isinstance(app.screen, TableScreen)


async def test_a_very_wide_terminal_gives_the_side_column_the_room() -> None:
    app = make_app(hints=False)
    async with app.run_test(size=(200, 50)) as pilot:
        await settle(pilot)
        assert table_of(app).query_one("#side").region.width > 50
    app = make_app(hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert table_of(app).query_one("#side").region.width == 34


async def test_the_theme_toast_names_the_theme_as_a_player_would() -> None:
    app = make_app(hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        shown = spy_notes(app)
        await settle(pilot)
        await press(pilot, "ctrl+t")
        assert shown[-1] == "Theme: light (ctrl+t switches)"
        await press(pilot, "ctrl+t")
        assert shown[-1] == "Theme: high contrast (ctrl+t switches)"


# --- the odds panel, for a newcomer -----------------------------------------------------------------------------


async def test_the_advice_never_proposes_what_the_rules_forbid(tmp_path: Path) -> None:
    """ "Misses are not rolled again" in force: the advice no longer says to keep a miss rolling; it says the miss
    stays as rolled and why. The figures are labelled, and the same words ("rolls left") before and after a roll."""
    lurker = card("terminator-lurker", effect("misses_not_rerolled"), health=9)
    app = scenario_app(tmp_path, [lurker])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "y", "1", "b", "1", "p", "1")
        panel = table_of(app).query_one(OddsPanel)
        before = panel.shown_text()
        assert "3 rolls left" in before and "Defeat chance, all on it:" in before and "expected damage" in before
        await press(pilot, "enter", "m", "k", "h")  # Y1 miss, B1 crit, P1 hit
        text = " ".join(panel.shown_text().split())
        assert "2 rolls left" in text and "more phase" not in text
        advice = text.split("Advice: ", 1)[1]
        assert (
            "keep Y1" not in advice and "Y1○ stays as rolled (Terminator Lurker: misses are not rolled again)" in advice
        )


@pytest.mark.parametrize(
    ("lang", "stays"),
    [
        (
            "de",
            "Rat: B1✶ auf Terminator Lurker zuordnen, P1 weiter werfen; Y1○ bleibt wie geworfen (Terminator Lurker: "
            "Fehlschläge werden nicht neu geworfen) (reicht nicht zum Besiegen)",
        ),
        (
            "fr",
            "Conseil : assigner B1✶ à Terminator Lurker, relancer P1 ; Y1○ reste tel que lancé (Terminator Lurker : "
            "les échecs ne sont pas relancés) (pas assez pour vaincre)",
        ),
    ],
)
async def test_the_kept_miss_is_said_in_german_and_french(tmp_path: Path, lang: str, stays: str) -> None:
    """The same moment in German and French: the advice, and the miss that stays with the rule that keeps it, in
    the language (a German noun keeps its capital after the card's name)."""
    from twentystrong import i18n

    i18n.set_language(lang)
    lurker = card("terminator-lurker", effect("misses_not_rerolled"), health=9)
    app = scenario_app(tmp_path, [lurker])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "y", "1", "b", "1", "p", "1")
        await press(pilot, "enter", "m", "k", "h")  # Y1 miss, B1 crit, P1 hit
        text = " ".join(table_of(app).query_one(OddsPanel).shown_text().split())
        assert stays in text, text


async def test_the_advice_does_not_give_up_while_more_dice_can_be_committed(tmp_path: Path) -> None:
    wall = card("wall", health=12)
    app = scenario_app(tmp_path, [wall])
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1", "y", "1", "enter", "m")
        text = " ".join(table_of(app).query_one(OddsPanel).shown_text().split())
        assert "these dice cannot defeat" not in text
        assert "these dice alone cannot defeat Wall: commit more next phase (r)" in text


# --- smaller ---------------------------------------------------------------------------------------------------


async def test_play_with_a_hero_keeps_the_game_in_progress(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """`twentystrong play --hero … --seed …` over an autosaved game in progress: it is kept as a named save beside
    the autosave, and the first screen says where (nothing is lost). The old save is read once the first frame is
    out (start-up does not wait on it), before the new game's first autosave."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path))
    first = prepare(Wanted(deck_path=PLAIN, hero="tester", seed=5))
    assert first.session is not None and first.keep_aside is not None
    first.session.dispatch(Command("activate", stack=1))
    first.session.flush_autosave()
    autosave = tmp_path / "autosave.toml"
    old = autosave.read_bytes()
    second = prepare(Wanted(deck_path=PLAIN, hero="tester", seed=6))
    assert second.keep_aside == autosave and autosave.read_bytes() == old  # nothing read or moved yet
    kept = tmp_path / "saves" / "tester-seed5-round1.toml"
    shown: list[str] = []
    app = create_app(deck_path=PLAIN, hero="tester", seed=6, hints=False)
    original = app.notify

    def spy(message: str, **kwargs: Any) -> None:
        shown.append(message)
        original(message, **kwargs)

    app.notify = spy  # type: ignore[method-assign]
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert kept.read_bytes() == old
        assert f"The autosaved game in progress was kept as {kept}: twentystrong play --load {kept} resumes it." in (
            shown
        )
        store_of(app).session.flush_autosave()
        assert autosave.read_bytes() != old  # the new game's own autosave


async def test_ctrl_n_starts_from_the_last_setup_choices() -> None:
    app = create_app(
        deck_path=PLAIN, hero="weakling", seed=9, hints=False, options=choose({"missions": True, "rank": 2})
    )
    async with app.run_test(size=(100, 32)) as pilot:
        await settle(pilot)
        await press(pilot, "escape")  # the mission discard's choices (missions on): looked at later
        await press(pilot, "ctrl+n")
        screen = app.screen
        assert type(screen).__name__ == "SetupScreen"
        heroes = screen.query_one("#heroes", CursorList)
        assert heroes.highlighted is not None and heroes.get_option_at_index(heroes.highlighted).id == "weakling"
        assert screen.query_one("#missions", Tick).value
        assert screen.query_one("#rank").value == 2  # type: ignore[attr-defined]


async def test_the_summary_says_the_rank_change_and_reopens(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A game with missions played to its end on the table: the summary says what it did to the rank (the
    record's ladder moved), reads as sentences, and s opens it again from the final table. An Enter typed as the
    game ends (to resolve, still on its way) lands on the summary and must not press New game (a play-test lost its
    summary so): no button has the focus; Tab reaches New game."""
    monkeypatch.setenv("TWENTYSTRONG_DATA_DIR", str(tmp_path / "data"))
    path = game(tmp_path, _ends_next, missions=True)
    app = create_app(load=path, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        store = store_of(app)
        app.post_message(messages.Play(pick(store.state)))
        await settle(pilot)
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, GameOverScreen)
        won = store.state.result == "won"
        rank = str(screen.query_one("#game-over-rank", Static).content)
        assert rank == (
            "Your rank rises: 1 Solar Soldier → 2 Solar Specialist." if won else "Your rank stays 1 Solar Soldier."
        )
        assert current_level(store.deck.id, store.deck.info.ruleset) == (
            2 if won else 1
        )  # the record's ladder, for this deck
        assert str(screen.query_one("#game-over-figures", Static).content).startswith("You played ")
        await press(pilot, "enter")
        assert app.screen is screen and app.focused is None
        await press(pilot, "tab")
        assert app.focused is not None and app.focused.id == "new"
        await press(pilot, "escape")
        assert isinstance(app.screen, TableScreen)
        await press(pilot, "s")
        await settle(pilot)
        assert isinstance(app.screen, GameOverScreen)
    assert len(list_games()[0]) == 1  # recorded once


def _ends_next(session: Session) -> bool:
    result = decide_and_apply(session.state, pick(session.state))
    return not isinstance(result, Rejected) and result[1].result is not None


def test_bench_shows_its_progress_on_stderr(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def provider(quick: bool = False) -> list[Row]:
        return [Row("fake: one", 1.0, "ms"), Row("fake: two", 2.0, "ms")]

    monkeypatch.setattr(bench, "PROVIDERS", ["fake.module:bench_fake"])
    monkeypatch.setattr(bench, "_load", lambda spec: provider)
    assert main(["bench", "--quick"]) == 0
    out, err = capsys.readouterr()
    assert "fake: one" in out and "[1/1] fake …" in err and "done in" in err and "(2 figures)" in err


async def test_a_stack_that_cannot_be_activated_says_the_engines_reason(tmp_path: Path) -> None:
    """A mandatory top on stack 2: pressing 1 sends the activation to the engine, which refuses it; the player sees
    the engine's own reason (its words are the engine's: ``decide.why_not``), never nothing."""
    from twentystrong.engine.decide import why_not
    from twentystrong.engine.legal import legal_commands

    tick = card("helium-tick", mandatory=True)
    app = scenario_app(tmp_path, [], [tick])
    async with app.run_test(size=(120, 40)) as pilot:
        shown = spy_notes(app)
        await settle(pilot)
        state = store_of(app).state
        await press(pilot, "1")
        assert store_of(app).view.kind == "activate" and not state.active
        refusal = why_not(state, Command("activate", stack=1), legal_commands(state))
        said = refusal.message[0].upper() + refusal.message[1:]
        assert shown[-1].rstrip(".") == said.rstrip(".")
        assert store_of(app).rejections[-1] == refusal
        assert said.rstrip(".") in prompt_of(app)  # the refusal on the prompt's second line, until the next key
        assert "Only stack 2 can be chosen (a mandatory top must be taken first)" in table_of(app)._hint()
