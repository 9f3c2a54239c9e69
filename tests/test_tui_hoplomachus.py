"""The TUI with a Hoplomachus Victorum deck (issue 20): Mount Vesuvius on the table, rounds of each kind played by
keyboard and by mouse (activate, spectate, a Primus fight across two rounds, the final fight), the setup steps at the
table, refusals explained, and the deck opened from the command line, a save and the setup screen.

Every game here is the test deck (``tests/decks/hoplomachus``) dealt in file order with physical dice, hero Vesna:
camp 1-1 holds the Raider (Primus Darius under it after setup), 1-2 First Blood (an Opportunity), 1-3 Brawler 1.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from arena import DECK, HV_PATH
from record_helpers import split_setup
from textual.content import Content
from textual.pilot import Pilot
from textual.widgets import Static
from tui_helpers import _patient_letters, click_button, click_die, settle, store_of  # noqa: F401  # _patient_letters: autouse

from twentystrong.engine.commands import Command
from twentystrong.engine.state import SetupOptions
from twentystrong.engine.view import player_view
from twentystrong.kits.hoplomachus_victorum.board.board import CampView, ScionView, VesuviusBoard
from twentystrong.kits.hoplomachus_victorum.board.play import VictorumBoard
from twentystrong.kits.hoplomachus_victorum.content import scion_by_id
from twentystrong.kits.hoplomachus_victorum.rules import table
from twentystrong.kits.options import choose
from twentystrong.session import Session
from twentystrong.session.history import HistoryEntry
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.screens.help import HelpScreen
from twentystrong.tui.screens.table import TableScreen
from twentystrong.tui.widgets.odds import OddsPanel
from twentystrong.tui.widgets.status import PromptBar


def hv_app(**options: Any) -> TwentyStrongApp:
    settings: dict[str, Any] = {
        "deck_path": HV_PATH,
        "hero": "vesna",
        "seed": 1,
        "deal": "ordered",
        "dice": "physical",
        "hints": False,
    }
    general, choices = split_setup(options)
    settings.update(general, options=choices)
    return create_app(**settings)


def screen(app: TwentyStrongApp) -> TableScreen:
    found = app.screen
    assert isinstance(found, TableScreen) and isinstance(found.board, VictorumBoard)
    return found


def camp(app: TwentyStrongApp, camp_id: str) -> CampView:
    return app.screen.query_one(f"#camp-{camp_id}", CampView)


def prompt(app: TwentyStrongApp) -> str:
    bar = app.screen.query_one(PromptBar)
    return " ".join(str(w.render()) for w in bar.query("*")) + " " + " ".join(a.label for a in bar.actions)


def warnings(app: TwentyStrongApp) -> list[str]:
    """Toasts, and what the table said on the prompt's second line (its warnings go there)."""
    said = [line for screen in app.screen_stack if isinstance(screen, TableScreen) for line in screen.said]
    return [str(n.message) for n in app._notifications] + said


async def through_setup(pilot: Pilot[None], *, stop: str = "move") -> None:
    """The setup steps at the table: keep the first Tactic drawn, place the Primus (their choices open by themselves;
    Enter takes the first), until the first move (or the step ``stop``)."""
    await settle(pilot)
    for _ in range(8):
        if store_of(pilot.app).state.step == stop:  # type: ignore[arg-type]
            return
        await pilot.press("enter")
        await settle(pilot)
    assert store_of(pilot.app).state.step == stop  # type: ignore[arg-type]


def tweak(app: TwentyStrongApp, **changes: Any) -> None:
    """Set fields of the table for a scenario the deal cannot make quickly (every Primus beaten), as one more entry
    of the game's history, and show it."""
    from dataclasses import replace

    s = store_of(app)
    state = s.state.changed({"table": replace(table(s.state), **changes)})
    s.session.history.append(HistoryEntry(Command("start"), (), state))
    s._changed()


def test_the_shipped_kits_are_discovered_with_their_boards() -> None:
    from twentystrong.kits import kits
    from twentystrong.tui.boards import board_class
    from twentystrong.tui.tables import not_drawn

    found = kits()
    assert {"solar-sentinels", "hoplomachus-victorum"} <= set(found)
    for ruleset in found:
        assert not_drawn(ruleset, "any") is None
        assert board_class(ruleset).__module__.startswith(f"twentystrong.kits.{ruleset.replace('-', '_')}.board")
    assert "later version" in (not_drawn("no-such-ruleset", "mine") or "")


async def test_the_board_after_setup() -> None:
    """Setup at the table: the Tactic kept goes to the inventory, the others to the Tactics area; the three Primus
    wait under 1-1, 2-2 and 3-2 (♛ on those camps); the bottom row is numbered ▶ 1–4 for the first move; the Scion
    sits at the apex on its Spectate side."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        t = table(store_of(app).state)
        assert [c.info.primus is not None for c in app.screen.query(CampView)].count(True) == 3
        assert camp(app, "1-1").info.primus == t.primus[0] is not None
        assert [camp(app, f"1-{n}").info.number for n in range(1, 5)] == [1, 2, 3, 4]
        assert camp(app, "2-1").info.number == 0 and "▶ 1 · 1-1" in str(camp(app, "1-1").border_title)
        scion = app.screen.query_one(ScionView)
        assert scion.info.side == "spectate" and "Spectate:" in str(scion.render())
        assert len(store_of(app).state.inventory) == 1 and len(t.tactics) == 3


async def test_an_activate_round_by_keyboard() -> None:
    """3 moves to camp 1-3 (◉, framed twice), Enter activates Brawler 1; y1 commits Y1, Enter rolls, k enters a
    crit, space puts it on the Brawler; Enter resolves: the round ends and the next move is offered."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("3")
        await settle(pilot)
        assert table(store_of(app).state).position == 2 and store_of(app).state.step == "arrive"
        assert camp(app, "1-3").has_class("-here") and "◉" in str(camp(app, "1-3").border_title)
        assert "Activate Brawler 1" in prompt(app) and "Spectate" in prompt(app)
        await pilot.press("enter")
        await settle(pilot)
        assert [c.id for c in store_of(app).state.active] == ["b01"]
        for key in ("y", "1", "enter", "k", "y", "space"):
            await pilot.press(key)
            await settle(pilot)
        assert store_of(app).state.active[0].defeated
        for _ in range(4):
            if store_of(app).state.step == "move":
                break
            await pilot.press("enter")
            await settle(pilot)
        assert store_of(app).state.step == "move" and store_of(app).state.round == 2
        assert set(screen(app).view.legal) >= {Command("move", camp="1-2")}


async def test_an_activate_round_by_mouse() -> None:
    """The same round with clicks: the camp, the Activate button, the die, Roll, the crit button, the die, the card,
    Resolve."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.click("#camp-1-3")
        await settle(pilot)
        assert table(store_of(app).state).position == 2
        await click_button(pilot, "Activate Brawler 1")
        assert [c.id for c in store_of(app).state.active] == ["b01"]
        await click_die(pilot, "pool", "Y1")
        await click_button(pilot, "Roll")
        await click_button(pilot, "Y1 ✶ crit")
        await click_die(pilot, "committed", "Y1")
        await pilot.click("#card-b01")
        await settle(pilot)
        assert store_of(app).state.active[0].defeated


async def test_a_spectate_round_by_keyboard_and_by_mouse() -> None:
    """s spectates the camp's top card: the Scion's penalty (the Editor: exhaust a die of your choice, chosen by a
    click), then the reward: Enter gains 1 Health (or a click on an exhausted die recovers it)."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("s")
        await settle(pilot)
        s = store_of(app).state
        assert "b01" not in table(s).camps[2]
        if s.step != "spectate_reward":  # the penalty asks for a die: click one
            die = screen(app).view.find("choose")[0].die
            assert die is not None
            await click_die(pilot, "pool", die)
        assert store_of(app).state.step == "spectate_reward"
        assert "Gain 1 Health" in prompt(app)
        exhausted = store_of(app).state.dice_in("exhausted")
        if exhausted:  # by mouse: the exhausted die is recovered
            await click_die(pilot, "exhausted", exhausted[0].id)
            assert store_of(app).state.die(exhausted[0].id).zone == "pool"
        else:  # by keyboard: 1 Health
            await pilot.press("enter")
            await settle(pilot)
            assert store_of(app).state.step == "move" and store_of(app).state.round == 2


async def test_refusals_are_explained() -> None:
    """A camp that cannot be entered says why in the engine's words; f with no Primus says so; a number without a
    marked camp too."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.click("#camp-3-1")
        await settle(pilot)
        assert any("bottom row" in w for w in warnings(app)), warnings(app)
        await pilot.press("3")
        await settle(pilot)
        await pilot.press("f")
        await settle(pilot)
        assert any("No Primus waits at camp 1-3" in w for w in warnings(app)), warnings(app)


async def test_arrows_then_enter_choose_a_camp() -> None:
    """The arrows move the camp cursor (›) over the pyramid; Enter moves there."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("right")  # the cursor starts on the first numbered camp, 1-1
        await pilot.press("right")
        await settle(pilot)
        board = screen(app).board
        assert isinstance(board, VictorumBoard) and board.cursor == "1-2" and camp(app, "1-2").cursor
        assert "Move to 1-2" in prompt(app)
        await pilot.press("enter")
        await settle(pilot)
        assert table(store_of(app).state).position == 1


async def test_a_primus_fight_across_two_rounds() -> None:
    """f at camp 1-1 fights Darius (♥5, +1: one more enemy from a camp next to 1-1, chosen by its number). A hit on
    Darius that does not defeat him stays on him at the end of the round (HV9): the next round skips the move, and
    the table says a Primus fight is on and that dice stay."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("1")
        await settle(pilot)
        assert "Fight Darius" in prompt(app)
        await pilot.press("f")
        await settle(pilot)
        while store_of(app).state.step == "reinforce":
            await pilot.press("1")
            await settle(pilot)
        s = store_of(app).state
        assert table(s).fight == "primus" and s.active[0].id == "p-darius"
        assert "Primus fight: Darius" in str(app.screen.query_one("#active").border_title)
        for key in ("b", "1", "enter", "h", "b", "1", "1"):  # B1 rolled a hit, then onto card 1 (Darius)
            await pilot.press(key)
            await settle(pilot)
        s = store_of(app).state
        assert s.die("B1").card == "p-darius" and not s.active[0].defeated
        round_now = store_of(app).state.round
        for _ in range(8):
            if store_of(app).state.round > round_now:
                break
            choices = screen(app).view
            if choices.kind == "bloodshed":
                await pilot.press("y", "1")
            else:
                await pilot.press("enter")
            await settle(pilot)
        s = store_of(app).state
        assert s.round == round_now + 1 and table(s).fight == "primus"
        assert s.active[0].id == "p-darius" and s.die("B1").card == "p-darius" and s.die("B1").zone == "applied"
        assert s.step == "commit"
        assert "dice stay on undefeated enemies" in str(app.screen.query_one("#active").border_title)
        # the fight goes on into later rounds: the odds panel's chances are this round's, and says so
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert "Chance this round, all on it:" in app.screen.query_one(OddsPanel).shown_text()


async def test_the_final_fight() -> None:
    """With every Primus beaten, the next round is the final fight: the chip goes to the Scion (◉ at the apex, its
    Conflict side), the table says "the final fight"; the camps, every one discarded, are folded away (nine empty
    frames took the top third of the screen)."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        t = table(store_of(app).state)
        tweak(app, primus=(None,) * 9, beaten=tuple(p for p in t.primus if p is not None))
        await settle(pilot)
        await pilot.press("2")  # 1-2: First Blood, an Opportunity
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)
        assert store_of(app).state.step == "opportunity" and "Discard it" in prompt(app)
        await pilot.press("x")
        await settle(pilot)
        s = store_of(app).state
        assert table(s).fight == "final" and s.active[0].boss
        scion = app.screen.query_one(ScionView)
        assert scion.info.here and scion.info.side == "conflict"
        assert "the final fight" in str(app.screen.query_one("#active").border_title)
        assert all(c.region.height == 0 for c in app.screen.query(CampView))
        assert app.screen.query_one(VesuviusBoard).region.height <= 5


async def test_the_board_at_80x24() -> None:
    """At 80×24 the pyramid is drawn without frames, its words wrapped (two to five lines a camp, so that names are
    whole); every camp is still there."""
    app = hv_app()
    async with app.run_test(size=(80, 24)) as pilot:
        await through_setup(pilot)
        board = app.screen.query_one(VesuviusBoard)
        assert board.has_class("-compact")
        assert all(2 <= c.region.height <= 5 for c in app.screen.query(CampView))
        assert "▶1" in str(camp(app, "1-1").render())


async def test_a_save_of_this_deck_opens_on_its_table(tmp_path: Path) -> None:
    """A saved game of this deck (no hero named: HV1, the hero is chosen at the table) opens on Mount Vesuvius with
    the hero draw as cards in the active area (each hero's stats, ability and Primus side); a click on a card
    chooses that hero; then the Tactics drawn are cards, and a number keeps one."""
    from twentystrong.kits.hoplomachus_victorum.board.draw import DrawCard

    path = tmp_path / "arena.toml"
    session = Session.new(DECK, SetupOptions(DECK.id, "", seed=2), deck_path=HV_PATH)
    session.save(path)
    app = create_app(load=path)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        s = store_of(app).state
        assert s.step == "choose_hero"
        cards = list(app.screen.query(DrawCard))
        drawn = table(s).heroes_drawn
        assert [c.item.key for c in cards[: len(drawn)]] == list(drawn)
        second = DECK.hero(drawn[1])
        assert f"♥{second.health} ⚑{second.strategy} ↻{second.recovery}" in str(cards[1].render())
        assert "Else ♛" in str(cards[1].render())
        await pilot.click(cards[1])
        await settle(pilot)
        s = store_of(app).state
        assert s.step == "keep_tactic" and s.hero.id == drawn[1]
        tactics = table(s).tactics_drawn
        await pilot.press("3")
        await settle(pilot)
        s = store_of(app).state
        assert s.inventory == (tactics[2],) and not app.screen.query(DrawCard)


async def test_the_setup_screen_offers_this_decks_options() -> None:
    """The setup screen with this deck: difficulty 0–4 and the Scion (or Random) instead of missions and rank; the
    hero "Drawn at the table" first. Difficulty 2 and the Magister start a game whose hero draw (6 heroes) lies on
    the table, and Enter lists it in words (with the universal heroes, each setting one aside); 3 camps are then
    fed to the Influence deck by their numbers."""
    from textual.widgets import Select

    from twentystrong.tui.screens.setup import SetupScreen
    from twentystrong.tui.widgets.choices import ChoicesScreen

    app = create_app(deck_path=HV_PATH, seed=4, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        setup = app.screen
        assert isinstance(setup, SetupScreen) and setup.has_class("-long-labels")
        assert not setup.query_one("#missions-row").display and setup.query_one("#difficulty-row").display
        labels = [str(o.prompt) for o in setup.query_one("#heroes").options]  # type: ignore[attr-defined]
        assert labels[0] == "Drawn at the table (choose there)"
        setup.query_one("#difficulty", Select).value = 2
        setup.query_one("#scion", Select).value = "sc-magister"
        await pilot.press("ctrl+s")
        await settle(pilot)
        s = store_of(app).state
        assert s.options.chosen("difficulty") == 2 and table(s).scion == "sc-magister" and s.step == "choose_hero"
        assert len(table(s).heroes_drawn) == 6
        await pilot.press("enter")  # every choice in words: the six drawn heroes, and the universal ones
        await settle(pilot)
        assert isinstance(app.screen, ChoicesScreen)
        await pilot.press("enter")  # the first drawn hero
        await settle(pilot)
        await through_setup(pilot, stop="feed_influence")
        for n in "123":  # each camp keeps its number while the feeding lasts
            assert store_of(app).state.step == "feed_influence"
            await pilot.press(n)
            await settle(pilot)
        assert len(table(store_of(app).state).influence) == 3
        await through_setup(pilot)


def test_the_game_over_words_of_this_deck() -> None:
    """The summary climbs the difficulty ladder (HV13: numbers, no Solar Sentinels titles) and names the bosses in
    this deck's words: the Primus beaten, and the Scion when the game is won."""
    from dataclasses import replace

    from twentystrong.record.ladder import RULES
    from twentystrong.text.stats import ladder_words

    assert ladder_words(0, 1, rule=RULES["hoplomachus-victorum"]) == "Your difficulty rises: 0 → 1."
    assert ladder_words(2, 2, "assisted", rule=RULES["hoplomachus-victorum"]).endswith("your difficulty stays 2.")
    assert ladder_words(1, 2, rule=RULES["solar-sentinels"]) == "Your rank rises: 1 Solar Soldier → 2 Solar Specialist."
    session = Session.new(
        DECK, SetupOptions(DECK.id, "vesna", seed=2, choices=choose({"difficulty": 1})), deck_path=HV_PATH
    )
    s = session.state
    s = s.changed({"table": replace(table(s), beaten=("p-darius", "p-mira"))})
    assert VesuviusBoard.bosses_words(player_view(s)) == "2 Primus"  # the board reads the player's view
    assert VesuviusBoard.setup_words(player_view(s)) == ["difficulty 1"]
    won = s.changed({"result": "won"})
    scion = scion_by_id(DECK, table(s).scion).name
    assert VesuviusBoard.bosses_words(player_view(won)) == f"2 Primus and the Scion, {scion}"


async def test_a_primus_fight_across_two_rounds_by_mouse() -> None:
    """The same fight with clicks: camp 1-1, the "Fight Darius the Net" button, a pool die, Roll, its face, the die,
    Darius; Resolve (B1 stays on Darius: nothing to recover): round 2 starts with B1 still on Darius, the move
    skipped."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.click("#camp-1-1")
        await settle(pilot)
        await click_button(pilot, "Fight Darius the Net")
        assert table(store_of(app).state).fight == "primus"
        await click_die(pilot, "pool", "B1")
        await click_button(pilot, "Roll")
        await click_button(pilot, "B1 • hit")
        await click_die(pilot, "committed", "B1")
        await pilot.click("#card-p-darius")
        await settle(pilot)
        assert store_of(app).state.die("B1").card == "p-darius"
        await click_button(pilot, "Resolve")  # nothing exhausted to recover: round 2 begins
        s = store_of(app).state
        assert s.round == 2 and s.step == "commit" and table(s).fight == "primus"
        assert s.die("B1").zone == "applied" and s.die("B1").card == "p-darius"


async def test_the_final_fight_by_mouse() -> None:
    """With every Primus beaten: a click on camp 1-2, the Activate button, the "Discard it" button of the
    Opportunity; the final fight begins; a click on the Scion reads it."""
    from twentystrong.tui import messages

    app = hv_app()
    seen: list[object] = []
    async with app.run_test(size=(120, 40), message_hook=seen.append) as pilot:
        await through_setup(pilot)
        t = table(store_of(app).state)
        tweak(app, primus=(None,) * 9, beaten=tuple(p for p in t.primus if p is not None))
        await settle(pilot)
        await pilot.click("#camp-1-2")
        await settle(pilot)
        await click_button(pilot, "Activate First Blood")
        await click_button(pilot, "Discard it")
        s = store_of(app).state
        assert table(s).fight == "final" and s.active[0].boss and s.step == "commit"
        await pilot.click("#scion")
        await settle(pilot)
        shown = [m.card for m in seen if isinstance(m, messages.ShowCard)]
        assert shown and shown[-1] == table(s).scion


async def test_a_sport_reward_exchanged_for_a_tactic_by_a_click() -> None:
    """A defeated Sport card's reward: the Tactics area marks the Tactics it offers (▶); a click on one gains it
    instead of the reward (it leaves the Tactics area for the inventory)."""
    from twentystrong.kits.hoplomachus_victorum.board.panels import TacticsPanel

    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        camps = [list(cards) for cards in table(store_of(app).state).camps]
        camps[0].remove("s-juggler")  # the Juggler (Sport, ♥2) on top of camp 1-3
        camps[2].insert(0, "s-juggler")
        tweak(app, camps=tuple(tuple(cards) for cards in camps))
        await settle(pilot)
        await pilot.press("3", "enter")
        await settle(pilot)
        assert store_of(app).state.active[0].id == "s-juggler"
        card = store_of(app).state.active[0]
        for key in ("p", "1", "p", "2", "r", "1", "enter", "k", "k", "k"):
            await pilot.press(key)
            await settle(pilot)
        for die in ("P1", "P2", "R1"):
            if not store_of(app).state.active_card(card.id).defeated:  # type: ignore[union-attr]
                await pilot.press(die[0].lower(), die[1], "space")
                await settle(pilot)
        assert any(c.cmd == "gain_tactic" for c in screen(app).view.legal)
        panel = app.screen.query_one("#tactics", TacticsPanel)
        tactic = table(store_of(app).state).tactics[0]
        panel.post_message(TacticsPanel.Pressed(tactic))  # what a click on its line posts
        await settle(pilot)
        s = store_of(app).state
        assert tactic in s.inventory and tactic not in table(s).tactics


async def test_t_is_the_odds_target_unless_a_tactic_is_offered() -> None:
    """``t`` steps the odds panel's target (the App's key) while no Sport card offers a Tactic."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        before = app.odds_target
        await pilot.press("t")
        await settle(pilot)
        assert app.odds_target != before


async def test_an_effects_choice_of_a_camp_by_its_number() -> None:
    """The Augur's Spectate penalty asks for a camp whose top card joins the Influence deck: every camp with a card
    is numbered ▶, and its number answers (the camp rides in the command's own fields, played as listed)."""
    app = hv_app(scion="sc-augur")
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("3", "s")
        await settle(pilot)
        view = screen(app).view
        assert view.kind == "choose_camp" and camp(app, "3-2").info.number == 9
        top = table(store_of(app).state).top(8)
        await pilot.press("9")
        await settle(pilot)
        s = store_of(app).state
        assert top in table(s).influence and s.step != "after" and not store_of(app).rejections


async def test_the_help_explains_this_decks_rules() -> None:
    """``?`` on this table: the primer is Hoplomachus Victorum's (how you win, the Primus and the Bane, the pyramid's
    symbols), not Solar Sentinels' stacks and endgame."""
    app = hv_app()
    async with app.run_test(size=(120, 40)) as pilot:
        await through_setup(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        primer = app.screen.query_one("#help-primer", Static).content
        text = primer.plain if isinstance(primer, Content) else str(primer)
        assert "How you win" in text and "Bane —" in text and "Symbols on the pyramid" in text
        assert "endgame" not in text and "mission" not in text


def test_a_held_tactic_says_so_in_the_inventory() -> None:
    """The inventory names a held Tactic from the table view (VictorumView.item_kind), a plain item as itself."""
    from dataclasses import replace

    from twentystrong.tui.screens.inventory import holdings
    from twentystrong.tui.store import make_view

    view = make_view(Session.new(DECK, SetupOptions(DECK.id, "vesna", seed=8)))
    held = replace(view, player=replace(view.player, inventory=("t-salve",)))
    [salve, *_] = holdings(held)
    assert (salve.id, salve.kind) == ("t-salve", "Tactic · single-use item")
    assert view.player.table.item_kind(DECK, "t-salve") == "Tactic"
    assert view.player.table.item_kind(DECK, "b-raider") == ""


async def test_the_draws_title_stays_when_the_table_is_drawn_again(tmp_path: Path) -> None:
    """The hero draw keeps the active area's title "… the draw: click a card …" when the table draws the same view
    again (a resize, the odds answering): the fight title is written first on every draw, and the draw's own title
    must follow it even when the drawn cards are already shown."""
    from textual.containers import Container

    path = tmp_path / "draw.toml"
    Session.new(DECK, SetupOptions(DECK.id, "", seed=1, deal="ordered", dice="physical"), deck_path=HV_PATH).save(path)
    app = create_app(load=path, hints=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        area = app.screen.query_one("#active", Container)
        assert "the draw: click a card" in str(area.border_title)
        board = screen(app).board
        assert isinstance(board, VictorumBoard)
        board.draw_table()
        await settle(pilot)
        assert "the draw: click a card" in str(area.border_title)


async def test_a_long_list_of_choices_scrolls_inside_its_dialog_at_80x24() -> None:
    """The hero draw's choices in words (Enter) at 80×24, in German, with six heroes drawn: the list is longer than
    the dialog leaves it, so it scrolls inside the dialog; its last choice can be reached with the arrows and the
    dialog's hint line stays on screen. A play-tester could not reach the fifth hero: the list took its whole height
    and the dialog's frame cut it, the arrows moving the cursor out of sight."""
    from textual.containers import Vertical
    from textual.widgets import Label

    from twentystrong.i18n import set_language
    from twentystrong.tui.widgets.choices import ChoicesScreen
    from twentystrong.tui.widgets.glyphs import CursorList

    set_language("de")
    try:
        app = create_app(deck_path=HV_PATH, seed=4, hints=False, options={"difficulty": 2}, hero=None)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            await pilot.press("ctrl+s")
            await settle(pilot)
            await pilot.press("enter")
            await settle(pilot)
            dialog = app.screen
            assert isinstance(dialog, ChoicesScreen)
            choices = dialog.query_one(CursorList)
            assert choices.option_count >= 6
            for _ in range(choices.option_count - 1):
                await pilot.press("down")
            await settle(pilot)
            box = dialog.query_one(Vertical).content_region
            hint = dialog.query_one("#hint", Label).region
            assert choices.highlighted == choices.option_count - 1
            assert choices.max_scroll_y > 0 and choices.scroll_offset.y > 0  # it scrolls
            assert choices.region.bottom <= box.bottom and box.contains_region(hint)
    finally:
        set_language("en")
