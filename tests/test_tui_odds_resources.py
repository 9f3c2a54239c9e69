"""Issue 17 on the table: the odds panel counts the hero's ability and the rules on rolls, plans what to commit, and
says only moves the engine allows (Pilot tests on generated decks, physical dice entered by the test)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from test_effects_passive import TESTER, card, effect, make_deck
from test_tui_odds import commit, each, panel_of, press, settle
from tui_helpers import _patient_letters, table_of  # noqa: F401  # autouse: a colour letter waits 5 s for its digit

from twentystrong.odds import DiceCounts, kill_probability
from twentystrong.odds.advisor import commit_plan
from twentystrong.odds.rules import RollRules
from twentystrong.tui.app import TwentyStrongApp, create_app
from twentystrong.tui.widgets.odds import advice_words, playable

CORONA_LIKE = {
    **TESTER,
    "id": "sunny",
    "name": "Sunny",
    "ability": [
        {
            "kind": "convert_face",
            "from_face": "miss",
            "to_face": "crit",
            "colors": ["yellow", "green", "blue"],
            "once_per_round": True,
        }
    ],
}


def make_app(tmp_path: Path, *cards: dict[str, Any], hero: dict[str, Any] = TESTER) -> TwentyStrongApp:
    make_deck(tmp_path, list(cards), heroes=[hero])
    return create_app(deck_path=tmp_path / "deck", hero=hero["id"], seed=7, deal="ordered", dice="physical")


async def enter_faces(pilot: Any, *faces: str) -> None:
    """After the roll: the faces of the committed dice in order (m miss, h hit, k crit)."""
    await press(pilot, "enter")
    await press(pilot, *faces)


async def test_with_a_miss_rolled_the_advice_uses_the_heros_ability(tmp_path: Path) -> None:
    """The issue's case: a green crit, a green miss and two purple hits against a card needing 6. The plain odds
    would keep rolling; the hero turns the miss into a crit and the card falls. The advice says so, by name, the
    engine accepts every move it names, and the card is defeated."""
    app = make_app(tmp_path, card("rust-maw", health=6, damage=2), hero=CORONA_LIKE)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "G1", "G2", "P1", "P2")
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.resources is not None
        assert [c.name for c in question.resources.conversions] == ["Sunny's ability"]
        await enter_faces(pilot, "k", "m", "h", "h")
        await settle(pilot)
        advice = panel.chances.advice if panel.chances else None
        assert advice is not None and advice.uses
        assert advice.uses[0].name == "Sunny's ability" and advice.uses[0].dice == (("G2", "crit"),)
        assert advice.probability.value == 1.0 and advice.probability.exact
        text = panel.shown_text()
        assert "Advice: use Sunny's ability on G2○ (→ crit), then apply G1✶ G2✶ P1• P2• to Rust Maw (defeats it)" in (
            " ".join(text.split())
        )
        # Played through the engine as said (on a copy): the ability's command is legal, the card falls.
        assert app.store is not None and panel.question is not None
        played = playable(app.store.view, advice, panel.question)
        assert played.uses == (("Sunny's ability", (("G2", "crit"),)),)
        assert played.defeats == ("rust-maw",)
        assert any(c.cmd == "use_ability" and c.die == "G2" for c in app.store.view.legal)


async def test_with_misses_kept_the_advice_never_rolls_a_miss_again(tmp_path: Path) -> None:
    """ "Misses are not rolled again": a miss left unapplied stays as it is. The advice never says a miss keeps
    rolling (it says it stays, and why), and the chance counts the misses as spent (the exact tables under the roll
    rules), not as dice rolled again."""
    lurker = card("lurker", effect("misses_not_rerolled"), health=4, damage=2)
    app = make_app(tmp_path, lurker)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "Y1", "G1", "B1", "P1")
        panel = panel_of(app)
        kept_misses = RollRules.of(kept=["miss"])
        dice = DiceCounts.from_ids(["Y1", "G1", "B1", "P1"])
        assert each(panel) == (kill_probability(dice, 4, phases=3, rules=kept_misses),)
        assert each(panel)[0] < kill_probability(dice, 4, phases=3)
        assert "≈" not in panel.shown_text()  # held exactly: no caveat
        await enter_faces(pilot, "m", "m", "h", "h")
        await settle(pilot)
        question = panel.question
        advice = panel.chances.advice if panel.chances else None
        assert question is not None and advice is not None and app.store is not None
        words = advice_words(question, playable(app.store.view, advice, question))
        rolling = words.split("keep ", 1)[1].split(" rolling")[0] if " rolling" in words else ""
        assert "Y1" not in rolling and "G1" not in rolling
        assert "Y1○ G1○ stay as rolled (Lurker: misses are not rolled again)" in words
        assert words in " ".join(panel.shown_text().split())
        # Repeat: the kept misses do not roll; the chance is that of the blue and purple left (if kept) only.
        table_of(app).action_repeat()  # "r" (a lone colour letter waits for a digit in these tests)
        await settle(pilot)
        again = panel.question
        assert again is not None and again.stage == "commit" and set(again.kept) == {"Y1", "G1"}
        rolled = [d for d in again.dice if d not in again.kept]
        need = 4 - lurker_damage(app)
        expected = kill_probability(DiceCounts.from_ids(rolled), need, phases=2, rules=kept_misses) if rolled else 0.0
        assert each(panel)[0] == expected


def lurker_damage(app: TwentyStrongApp) -> int:
    from twentystrong.engine.effects import hooks

    assert app.store is not None
    state = app.store.state
    return hooks.damage_taken(state, state.active[0])


async def test_a_guardian_behind_a_capped_enemy_is_never_said_to_fall(tmp_path: Path) -> None:
    """Brood Guardian (cannot be defeated while another enemy stands) with Basalt Monolith (takes at most 4 a round,
    Health 7): neither can fall this round. Both show 0%, all of them 0%, and the advice never says a die defeats
    the guardian (the figures and the words agree)."""
    guardian = card("guardian", effect("immune_while_others"), health=3, damage=2, additional=1)
    monolith = card("monolith", effect("damage_cap_per_round", amount=4), health=7, damage=1)
    app = make_app(tmp_path, guardian, monolith)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await press(pilot, "1")
        await commit(pilot, "B1", "P1", "P2", "R1")
        panel = panel_of(app)
        assert each(panel) == (0.0, 0.0)
        assert panel.chances is not None and panel.chances.all is not None and panel.chances.all.value == 0.0
        await enter_faces(pilot, "k", "k", "h", "k")
        await settle(pilot)
        text = " ".join(panel.shown_text().split())
        assert "Guardian (defeats it)" not in text
        assert "cannot be defeated while another enemy is undefeated" in text


async def test_the_commit_plan_names_the_fewest_dice_and_t_changes_the_target(tmp_path: Path) -> None:
    """Commit step: the fewest pool dice, weakest first, that reach 90% with the rolls left, the cost in dice next to
    the chance; ``t`` steps the target to 95%."""
    app = make_app(tmp_path, card("rust-maw", health=5, damage=2))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.pool
        plan = commit_plan(question.situation(), question.pool, 0.9)
        pick = plan.each[0]
        assert pick is not None and pick.reached and pick.chance.value >= 0.9
        text = " ".join(panel.shown_text().split())
        cost = f"({len(pick.dice)} dice)" if len(pick.dice) > 1 else "(1 die)"
        assert f"To reach 90% [t]: +{' '.join(pick.dice)} {cost} → {pick.chance.words()}" in text
        # No smaller set of pool dice reaches it; among as few, none weaker comes first.
        fewer = commit_plan(question.situation(), question.pool, 0.9)
        assert fewer == plan
        await press(pilot, "t")
        await app.workers.wait_for_complete()
        await settle(pilot)
        assert app.odds_target == 0.95
        assert "To reach 95% [t]:" in panel.shown_text()


async def test_an_apply_limit_is_in_the_odds_and_the_advice(tmp_path: Path) -> None:
    """Issue 15's note: "at most 2 dice in each Apply step" made "apply nothing, keep rolling" wrong advice (only two
    dice can be applied in each later step too). The limit is probed from the engine and held by the joint tables:
    the chance is below the unlimited one, and the advice applies what this step allows."""
    bulwark = card("bulwark", effect("apply_limit", count=2), health=6, damage=2)
    app = make_app(tmp_path, bulwark)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "G1", "G2", "B1", "B2", "P1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.step_cap == 2
        dice = DiceCounts.from_ids(["G1", "G2", "B1", "B2", "P1"])
        assert each(panel)[0] < kill_probability(dice, 6, phases=3)
        assert panel.chances is not None and panel.chances.each[0].exact
        await enter_faces(pilot, "h", "h", "h", "m", "h")
        await app.workers.wait_for_complete()
        await settle(pilot)
        advice = panel.chances.advice if panel.chances else None
        assert advice is not None and app.store is not None and panel.question is not None
        applied = [d for _, dice in advice.moves for d in dice]
        assert len(applied) == 2  # four hits shown: two can go now, and waiting only wastes this step's slots
        played = playable(app.store.view, advice, panel.question)
        assert [d for _, dice in played.moves for d in dice] == applied  # the engine takes them all


async def test_a_rule_about_the_faces_showing_is_named_as_not_in_the_odds(tmp_path: Path) -> None:
    """ "Nothing can be applied while a rolled die shows a miss": the odds do not hold it; the panel says so."""
    sleeper = card("sleeper", effect("no_apply_while_miss"), health=2, damage=4)
    app = make_app(tmp_path, sleeper)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1", "P1")
        text = " ".join(panel_of(app).shown_text().split())
        assert "[o] Odds ≈" in text
        assert "≈ not in the odds: Sleeper: Nothing can be applied while a rolled die shows a miss." in text


async def test_the_commit_plan_never_asks_for_more_dice_than_may_be_committed(tmp_path: Path) -> None:
    """A Health 12 enemy whose rule lets only 3 dice be committed each Strategy phase (found in play on a Primus):
    the plan never names more than the dice still allowed (here 2, one committed already); when those cannot reach
    90% it says so instead of listing the whole pool.
    Every die it names can really be committed, one after the other."""
    app = make_app(tmp_path, card("stone-wall", effect("commit_limit", count=3, per="phase"), health=12))
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        panel = panel_of(app)
        question = panel.question
        assert question is not None and len(question.pool) > 2 and question.most == 2
        assert panel.chances is not None and panel.chances.plan is not None
        pick = panel.chances.plan.each[0]
        assert pick is not None and len(pick.dice) <= 2
        assert not pick.reached  # three dice cannot bring 12 damage to 90% in 3 rolls
        text = " ".join(panel.shown_text().split())
        assert "as many as may be committed" in text and "pool dice" not in text
        unlimited = commit_plan(question.situation(), question.pool, 0.9).each[0]
        assert unlimited is not None and len(unlimited.dice) > 2  # without the limit the plan would ask for more
        for die in pick.dice:
            assert app.store is not None
            assert any(c.cmd == "commit" and c.die == die for c in app.store.view.legal)
            await commit(pilot, die)


async def test_the_commit_plan_gives_the_chance_with_and_without_the_ability(tmp_path: Path) -> None:
    """A figure that counts a resource says which, with the chance without it (issue 26): the commit plan's row
    reads ``+… (N dice) → 93% (61% without Sunny's ability)``, and the headless hint says the same plan."""
    from dataclasses import replace

    from twentystrong.odds.advice import hint
    from twentystrong.odds.advisor import chances
    from twentystrong.odds.rules import NO_RESOURCES

    app = make_app(tmp_path, card("rust-maw", health=5, damage=2), hero=CORONA_LIKE)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        await press(pilot, "1")
        await commit(pilot, "B1")
        await app.workers.wait_for_complete()
        await settle(pilot)
        panel = panel_of(app)
        question = panel.question
        assert question is not None and question.pool and app.store is not None
        whole = question.situation()
        pick = commit_plan(whole, question.pool, 0.9).each[0]
        assert pick is not None and pick.reached
        grown = replace(whole, dice=(*whole.dice, *((d, None) for d in pick.dice)), resources=NO_RESOURCES)
        without = chances(grown).each[0]
        assert without.value < pick.chance.value
        text = " ".join(panel.shown_text().split())
        cost = f"({len(pick.dice)} dice)" if len(pick.dice) > 1 else "(1 die)"
        row = f"+{' '.join(pick.dice)} {cost} → {pick.chance.words()} ({without.words()} without Sunny's ability)"
        assert row in text
        told = hint(app.store.view.player)
        assert told.stage == "commit" and told.assumes == ("Sunny's ability",)
        assert told.words == (
            f"commit {' '.join(pick.dice)}, then roll → {pick.chance.words()} to defeat it with Sunny's ability "
            f"({without.words()} without)"
        )
        assert [c.die for c in told.commands] == list(pick.dice)
