"""The positions issue 26 lists, each kind of wrong advice the panel gave, with the words it says now.

"#N" is the state after N commands chosen by ``make_bot("heuristic", seed)`` from
``initial_state(deck, SetupOptions(deck, hero, seed, difficulty=0))``, the first command being ``start``. Each answer
is also held against the engine itself (:mod:`tests.advice_oracle`): the commands it names are legal and, played in
order, defeat what it says.
"""

from __future__ import annotations

import sys
from dataclasses import replace
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent))

from advice_oracle import state_after, view_of  # noqa: E402
from test_odds_advice_scan import holds_at_the_last_roll, judge, replay_said  # noqa: E402

from twentystrong.tui.widgets.odds import advice_line, chances_for, question_for  # noqa: E402

SS, HV = "solar-sentinels", "hoplomachus-victorum"

BANISHES = "its After effect banishes the dice applied"
MAGNETITE_KEPT = "keep Y3 Y4 G1 G3 G4 rolling → 100% to defeat all with Brood Guardian"

CASES = [
    # 1. A boss's fall wins the game (R11): the dice for the boss, not "every enemy falls".
    (SS, "corona", 4, 376, "apply B4• P1✶ P2✶ P3• to The Selenarch (defeats it)"),
    # 2. The first defeat opens a reward prompt: the dice for the second enemy follow.
    (HV, "castor", 11, 66, "apply B2✶ to Eruption Dancers (defeats it), R1✶ to Pumice Net-Man (defeats it)"),
    # 3. The dice alone win: Battle Fury is kept.
    (HV, "varro", 5, 110, "apply P1• P2• R1• to Blindfold Duellists (defeats it)"),
    # 4. Battle Fury alone wins (its +1 reaches the dice already applied): named and counted, and kept while a roll
    # is left (it still wins at the last roll; the dice alone may do it first). Used at the last roll: below.
    (HV, "varro", 5, 130, "nothing to apply, roll again (r) → 100% to defeat with Battle Fury"),
    # 3/4. A single-use item whose use alone defeats what the dice do not (Brood Guardian defeats an enemy outright):
    # kept while a roll is left and the dice alone may do, the dice's own defeats played now, and counted.
    (SS, "corona", 4, 38, "apply nothing, keep Y4 G1 G2 rolling → 100% to defeat with Brood Guardian"),
    (SS, "corona", 4, 334, "apply Y2✶ G2✶ to Magnetite Swarm (defeats it), " + MAGNETITE_KEPT),
    # 5. A sure defeat now is taken (two enemies; a cap of dice per step), with the weakest dice.
    (HV, "castor", 1, 32, "apply P1✶ P2• to Chariot Sprinter (defeats it), keep R1 rolling (0% to defeat all 2)"),
    (SS, "corona", 5, 48, "apply P2• P4✶ to Mare Bulwark (defeats it)"),
    # 6. The dice go to the enemy they defeat, not to one that cannot fall.
    (SS, "flare", 6, 226, "apply B1• B3• B4• P4• R1• to Entropy Weaver (defeats it), keep B2 rolling"),
    # 7. Dice a combination rule refuses are not planned, and no chance is claimed for the rest.
    (
        SS,
        "corona",
        3,
        117,
        "apply B1• B2• P4• to Lunar Lamprey; R1• stays as rolled (Entropy Weaver: unapplied hits and crits are not "
        "rolled again in a later Strategy phase)",
    ),
    # 8. An item that defeats the enemy; an on-defeat chain.
    (HV, "castor", 3, 93, "use Every Weapon in the Rack (defeats it)"),
    (SS, "parallax", 11, 209, "apply B4• to Plasma Gnat (defeats it), P3• P4• R1• to Helium Tick (defeats it)"),
    # What the plan costs (the play-testers' "advice you can trust" item 1): Singularity Polyp's After effect
    # banishes the dice applied to it, defeated or not; Void Siphon's use banishes a pool die (the weakest that wins).
    (SS, "corona", 4, 193, f"apply B1• B2• R1• to Singularity Polyp (defeats it; {BANISHES})"),
    (SS, "corona", 7, 11, f"apply B3✶ to Singularity Polyp ({BANISHES}), keep B4 R1 rolling → 46% to defeat"),
    (SS, "perigee", 1, 162, "use Void Siphon (it banishes Y3), then apply B4• to Outgassing Vent (defeats it)"),
    (SS, "perigee", 1, 163, "use Void Siphon (defeats it; it banishes Y3)"),
    # Found by scripts/advice_scan.py: a single-use item that sets an enemy's Health (Selenite Shard) wins with the
    # dice showing, and would at the last roll whatever the dice show: kept while rolls are left, counted.
    (SS, "corona", 9, 320, "apply G2• to Void Siphon, keep Y4 G1 G4 rolling → 100% to defeat with Selenite Shard"),
    # A Primus fight that a single-use item wins now ends this round: no die is banked for later rounds, the item is
    # kept while the dice alone may do.
    (HV, "oduya", 4, 59, "apply nothing, keep P1 rolling → 100% to defeat with Every Weapon in the Rack"),
]


@pytest.mark.parametrize(("deck", "hero", "seed", "n", "words"), CASES, ids=[f"{c[1]}-s{c[2]}-#{c[3]}" for c in CASES])
def test_issue_position(deck: str, hero: str, seed: int, n: int, words: str) -> None:
    s = state_after(deck, hero, seed, n)
    view = view_of(s)
    question = question_for(view)
    assert question is not None and question.stage == "apply"
    panel, said, tail = advice_line(view, question, chances_for(question))
    assert said + tail == words
    defeated, _, refused = replay_said(s, panel)
    assert refused == 0
    assert set(defeated) == set(panel.defeats)
    verdict = judge(s, budget=20_000)
    assert verdict is not None and verdict[0] == []


# --- the advisor by itself (no engine): a resource is spent only when it raises the chance -------------------------


def test_a_boost_the_dice_do_not_need_is_kept() -> None:
    """P1• P2• R1• deal 3 to a 3-Health enemy: the advice applies them and keeps the +1 (a tie keeps it), though the
    boosted figure is the same 100%."""
    from twentystrong.odds import PLAIN, Target
    from twentystrong.odds.advisor import Situation, advise
    from twentystrong.odds.rules import Boost, Resources

    held = Resources(
        boosts=(Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(["yellow", "green", "blue", "purple", "red"]),)),)
    )
    dice = (("P1", "hit"), ("P2", "hit"), ("R1", "hit"))
    advice = advise(Situation(dice, (Target(3),), 1, "apply", resources=held))
    assert advice.uses == () and advice.defeats == (0,) and advice.probability.value == 1.0


def test_a_bonus_on_the_dice_already_applied_defeats_at_once() -> None:
    """3/4 with two dice applied, misses showing: a use that adds 1 to the dice already applied (its gain) defeats it
    now: the chance is 100% and the advice uses it."""
    from twentystrong.odds import PLAIN, Target
    from twentystrong.odds.advisor import Situation, advise, chances
    from twentystrong.odds.rules import Boost, Resources

    boost = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(["blue"]),), gains=(1,))
    situation = Situation(
        (("B3", "miss"), ("B4", "miss")), (Target(4, applied=3),), 2, "apply", resources=Resources(boosts=(boost,))
    )
    assert chances(situation).each[0].value == 1.0
    last = advise(replace(situation, phases=0))
    assert [u.name for u in last.uses] == ["Battle Fury"] and last.defeats == (0,) and last.moves == ()
    # A roll left: the dice alone may still do it, and Battle Fury still wins at the last roll (its +1 reaches every
    # die applied by then): kept, and counted in the chance.
    advice = advise(situation)
    assert advice.uses == () and advice.held == ("Battle Fury",) and advice.probability.value == 1.0
    assert advice.moves == () and advice.keep == ("B3", "B4") and advice.defeats == ()
    # No chance for the dice alone (they deal nothing to it): nothing is saved by waiting, it is used now.
    blind = replace(situation.targets[0], model=PLAIN.without_applying(["blue"]))
    fury = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(["blue"]),), gains=(1,))
    now = advise(replace(situation, targets=(blind,), resources=Resources(boosts=(fury,))))
    assert [u.name for u in now.uses] == ["Battle Fury"] and now.held == ()


def test_a_boost_that_would_not_reach_the_need_later_is_not_held() -> None:
    """With a roll left, a boost is held only where its use at the last roll still wins: a use that adds nothing to
    the dice already applied (no gain) and wins only with the dice showing now (+1 on them) is used now."""
    from twentystrong.odds import PLAIN, Target
    from twentystrong.odds.advisor import Situation, advise
    from twentystrong.odds.rules import Boost, Resources

    boost = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(["blue"]),))
    situation = Situation(
        (("B3", "hit"), ("B4", "hit")), (Target(4),), 1, "apply", resources=Resources(boosts=(boost,))
    )
    advice = advise(situation)
    assert [u.name for u in advice.uses] == ["Battle Fury"] and advice.held == () and advice.defeats == (0,)


def test_with_a_boss_the_advice_plays_for_its_fall() -> None:
    """SS corona s4 #361: The Selenarch with two enemies, no win on the table: the advice gives its dice to the boss
    and names it (R11: its fall alone wins), not "every enemy"."""
    s = state_after(SS, "corona", 4, 361)
    view = view_of(s)
    question = question_for(view)
    assert question is not None and question.wins == (True, False, False) and question.winner() == 0
    chances = chances_for(question)
    assert chances.advice is not None and {t for t, _ in chances.advice.moves} == {0}
    _, said, tail = advice_line(view, question, chances)
    assert said + tail == "apply Y2✶ Y3✶ to The Selenarch, keep Y4 G4 rolling (not enough to defeat The Selenarch)"


def test_battle_fury_counts_for_the_dice_already_applied() -> None:
    """HV varro s5 #130: Caestus Boxer 3/4 with P3• and R1✶ on it, B3○ B4○ showing: Battle Fury's +1 reaches the
    dice applied (R5), so its use alone defeats it; the odds say 100% with it and the advice uses it."""
    s = state_after(HV, "varro", 5, 130)
    view = view_of(s)
    question = question_for(view)
    assert question is not None and question.resources is not None
    (fury,) = question.resources.boosts
    assert fury.name == "Battle Fury" and fury.gains == (1,)
    chances = chances_for(question)
    assert chances.each[0].value == 1.0
    assert chances.advice is not None and chances.advice.held == ("Battle Fury",) and chances.advice.uses == ()
    assert chances.bare is not None and 0 < chances.bare.value < 1  # the dice alone (two blue dice, two rolls)
    # Held for the last roll, it still wins there whatever the dice show (the engine's own legal moves) ...
    panel, said, tail = advice_line(view, question, chances)
    assert holds_at_the_last_roll(s, panel.commands)
    # ... and at the last roll the advice uses it.
    last = s.changed({"phases_used": s.hero.strategy})
    view = view_of(last)
    question = question_for(view)
    assert question is not None and question.phases == 0
    _, said, tail = advice_line(view, question, chances_for(question))
    assert said + tail == "use Battle Fury (defeats it)"


def test_a_boost_whose_bonus_reaches_dice_applied_before_it_is_held_with_none_applied_yet() -> None:
    """P1• P2• R1• against a 4-Health enemy, one roll to follow, Battle Fury held and no die applied yet (so its use
    now adds nothing at once: no gain). The engine shows on a probe die that its +1 reaches dice applied before it
    (HV varro s5 #110), so used at the last roll it still wins: the advice applies P1 P2 without it, keeps R1 rolling
    and counts it. A bonus that would not reach them is used now."""
    from twentystrong.odds import PLAIN, Target
    from twentystrong.odds.advisor import Situation, advise
    from twentystrong.odds.rules import Boost, Resources

    s = state_after(HV, "varro", 5, 110)
    question = question_for(view_of(s))
    assert question is not None and question.resources is not None
    (fury,) = question.resources.boosts
    assert fury.name == "Battle Fury" and fury.gains == () and fury.reaches
    every = ["yellow", "green", "blue", "purple", "red"]
    dice = (("P1", "hit"), ("P2", "hit"), ("R1", "hit"))
    for reaches in (True, False):
        boost = Boost("Battle Fury", "battle-fury", (PLAIN.with_bonus(every),), reaches=reaches)
        advice = advise(Situation(dice, (Target(4),), 1, "apply", resources=Resources(boosts=(boost,))))
        assert advice.probability.value == 1.0 and advice.moves == ((0, ("P1", "P2")),)
        if reaches:
            assert advice.uses == () and advice.held == ("Battle Fury",) and advice.keep == ("R1",)
        else:
            assert [u.name for u in advice.uses] == ["Battle Fury"] and advice.defeats == (0,)


def test_an_item_kept_for_the_last_roll_is_used_there() -> None:
    """SS corona s4 #38 (Void Siphon, deals 2; Brood Guardian held, which defeats it outright): kept while rolls are
    left (above); with no roll left and the dice showing not enough, the advice uses it."""
    s = state_after(SS, "corona", 4, 38)
    last = s.changed({"phases_used": s.hero.strategy})
    view = view_of(last)
    question = question_for(view)
    assert question is not None and question.phases == 0
    panel, said, tail = advice_line(view, question, chances_for(question))
    assert said.startswith("use Brood Guardian") and panel.defeats == ("void-siphon",) and not panel.holds
    verdict = judge(last, budget=20_000)
    assert verdict is not None and verdict[0] == []


def test_no_dice_are_spent_where_a_combination_rule_cuts_the_move_and_an_item_is_kept() -> None:
    """SS flare s2 #177: Lunar Lamprey 0/4 takes at most 3 dice, B2• B3• B4• R1• showing, Perilune Pouncer held (its
    use defeats it outright). The tables' move (all four dice) is cut by the engine; three hits would fill what the
    card takes and leave the dice alone no chance (only crits can do 4 with 3 dice). So every die rolls again and the
    item is kept for the last roll, named."""
    s = state_after(SS, "flare", 2, 177)
    view = view_of(s)
    question = question_for(view)
    assert question is not None and question.phases == 2
    panel, said, tail = advice_line(view, question, chances_for(question))
    assert said + tail == "apply nothing, keep B2 B3 B4 R1 rolling → 100% to defeat with Perilune Pouncer"
    assert panel.holds == ("Perilune Pouncer",) and panel.commands == ()
    verdict = judge(s, budget=20_000)
    assert verdict is not None and verdict[0] == []


# --- a fight that keeps the dice applied (HV9): the advice plays for the fight ----------------------------------


def _words(s) -> str:  # noqa: ANN001 - a GameState
    view = view_of(s)
    question = question_for(view)
    assert question is not None and question.stage == "apply" and question.lasting
    _, said, tail = advice_line(view, question, chances_for(question))
    return said + tail


def test_a_primus_fight_banks_the_hits_a_reroll_would_risk() -> None:
    """HV ilsa s1 #44 with one phase left to follow: Rufus Twice-Crowned 2/7 (a Primus: the dice applied stay on it
    into the next round), B2• P1• R1• showing. The panel said "apply nothing, keep Y3 B2 P1 R1 rolling" (the round's
    best chance) and threw the hits away with the round; now a hit goes on where rolling it again is not worth more
    on average: blue and purple can miss, red cannot (it rolls again for a crit). The figure says it is this
    round's."""
    s = state_after(HV, "ilsa", 1, 44)
    one_left = s.changed({"phases_used": s.hero.strategy - 1})
    assert _words(one_left) == "apply B2• P1• to Rufus Twice-Crowned, keep Y3 R1 rolling → 19% to defeat this round"
    # No phase left: every hit goes on; the damage stays.
    last = s.changed({"phases_used": s.hero.strategy})
    assert _words(last) == (
        "apply B2• P1• R1• to Rufus Twice-Crowned (not enough to defeat it this round; the damage applied stays)"
    )
    # Two phases left: a purple or red hit is worth more rolled again twice (it can still go on later).
    assert _words(s) == "apply nothing, keep Y3 B2 P1 R1 rolling"


def test_a_primus_fight_lost_for_the_round_still_keeps_a_hit_rolling() -> None:
    """HV ilsa s1 #241: Marcus Pyrrho cannot fall this round, R1• showing, two phases to follow. The panel said "these
    dice cannot defeat Marcus Pyrrho in the rolls left"; the damage would stay, so the hit is worth playing for."""
    assert _words(state_after(HV, "ilsa", 1, 241)) == "apply nothing, keep R1 rolling"
    assert _words(state_after(HV, "ilsa", 1, 256)) == (
        "apply B2• to Marcus Pyrrho (not enough to defeat it this round; the damage applied stays)"
    )


def test_the_kept_worth_of_a_die_follows_its_faces_and_the_phases_left() -> None:
    from twentystrong.odds.advice import _kept_worth

    s = state_after(HV, "ilsa", 1, 44)
    question = question_for(view_of(s))
    assert question is not None
    # Blue 2/3/1 faces (miss/hit/crit): one roll left is worth 5/6 of a hit; red 0/5/1: 7/6, it never misses.
    assert _kept_worth(question, 0, "blue", 1) == pytest.approx(5 / 6)
    assert _kept_worth(question, 0, "red", 1) == pytest.approx(7 / 6)
    assert _kept_worth(question, 0, "purple", 0) == 0.0
    # Two rolls left: the first roll's miss or hit may be rolled again.
    assert _kept_worth(question, 0, "purple", 2) == pytest.approx((1 * 1 + 4 * 1 + 1 * 2) / 6)


# --- the dice a later phase may commit ----------------------------------------------------------------------------


def test_a_hit_is_applied_where_the_pool_dice_of_the_next_phase_finish_the_enemy() -> None:
    """SS flare s4 #104: Tunnel Borer 0/2, B3• showing, one phase to follow, P1 P2 P3 in the pool. The panel said
    "apply nothing, keep B3 rolling" (17%: B3 alone must show a crit); applied, the hit leaves 1 to deal, and the
    next phase may commit the three purple dice: that is the move, and its figure says what it counts."""
    s = state_after(SS, "flare", 4, 104)
    question = question_for(view_of(s))
    assert question is not None and question.phases == 1 and set(question.later) == {"P1", "P2", "P3"}
    view = view_of(s)
    chances = chances_for(question)
    _, said, tail = advice_line(view, question, chances)
    assert said + tail == "apply B3• to Tunnel Borer → >99% to defeat, committing more next phase"
    assert chances.advice is not None and chances.advice.later
    # The figure, by the tables: the three purple dice, one roll, at least one hit (1 - (1/6)³).
    assert chances.advice.probability.value == pytest.approx(1 - (1 / 6) ** 3)
    verdict = judge(s, budget=20_000)
    assert verdict is not None and verdict[0] == []


def test_a_move_counted_with_the_pool_is_kept_when_the_tables_move_is_as_good() -> None:
    """German HV #102 (Old Drillmaster 0/4, P1• P2• R1•, Y4 G2 in the pool): counting the pool, keeping all three
    rolling is still the best (93.8% against 88.9% applied), so the tables' move stands, with its own figure."""
    from test_advice_records import GERMAN_HV, state_at

    s = state_at(GERMAN_HV, 102)
    question = question_for(view_of(s))
    assert question is not None and set(question.later) == {"Y4", "G2"}
    chances = chances_for(question)
    assert chances.advice is not None and chances.advice.moves == () and not chances.advice.later
