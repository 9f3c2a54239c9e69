"""Issue 4, the triggered effect kinds, items and hero abilities, and boss rules: one scenario (or more) per kind.

Scenarios deal ``tests/decks/effects_triggered`` in file order with the cards under test moved to the stack tops,
and enter every physical die face (see ``triggered_helpers``). Each docstring names the rule it checks. The last
tests play random legal games over the whole deck, checking ``fold(events) == state`` after every command.
"""

from __future__ import annotations

import random

import pytest
from triggered_helpers import DECK, Game

from twentystrong.content.effects import effect_kinds
from twentystrong.content.heroes import heroes_for, with_hero
from twentystrong.engine import Command, Rejected, decide_and_apply, fold, initial_state, legal_commands
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import HANDLERS, Handler
from twentystrong.engine.state import SetupOptions
from twentystrong.kits.options import choose
from twentystrong.kits.solar_sentinels.rules import events as sev

TRIGGERED_KINDS = (
    "one_defeat_per_step",
    "defeat_also_defeats",
    "returns_unless_first_defeat",
    "flees_on_roll",
    "lose_health_per_miss",
    "no_recovery",
    "items_blocked",
    "banish_strongest_pool_die",
    "banish_applied_dice",
    "extra_enemy_next_round",
    "exhaust_pool_dice",
    "discard_stack_top",
    "reveal_boss",
    "roll_exhausted_recover_hits",
    "defeat_enemy",
    "discard_enemy",
    "set_enemy_health",
    "cancel_enemy_effects",
    "take_stack_reward",
    "activate_fewer",
    "double_next_instant",
    "convert_face",
    "swap_miss_and_hit",
    "pair_misses_to_hits",
    "stat_modifier",
    "banish_for_damage",
    "ignore_effect",
)
"""The kinds this issue implements (lose_health, heal, recover … were done with the rewards)."""


# --- the vocabulary ----------------------------------------------------------------------------------------------


def test_every_triggered_kind_has_a_handler_with_words() -> None:
    """Contract 7: each kind is implemented once, and says in plain words what it does (from its parameters)."""
    for kind in TRIGGERED_KINDS:
        assert kind in effect_kinds()
        handler = HANDLERS[kind]
        assert type(handler).describe is not Handler.describe, kind
    for card in DECK.cards:
        for effect in [*card.effects, *(card.reward.effects if card.reward else [])]:
            if effect.kind not in TRIGGERED_KINDS:
                continue
            words = hooks.describe(effect)
            assert words and words[0].isupper() and words.endswith("."), (card.id, words)
            assert "_" not in words, (card.id, words)


def test_the_deck_uses_every_triggered_kind() -> None:
    """Every kind appears on a card, boss or hero of the scenario deck (so the random games exercise it)."""
    used = {e.kind for c in DECK.cards for e in [*c.effects, *(c.reward.effects if c.reward else [])]}
    used |= {e.kind for b in DECK.bosses for e in b.rules} | {e.kind for h in DECK.heroes for e in h.ability}
    assert set(TRIGGERED_KINDS) <= used


def test_describe_uses_the_parameters() -> None:
    """describe() is built from the effect's parameters."""
    words = {c.id: " ".join(hooks.describe(e) for e in c.reward.effects) for c in DECK.cards if c.reward}
    assert "exhaust 2 dice" in words["i-defeat"] and "level 1" in words["i-defeat"]
    assert "Health to 1" in words["i-set-health"]
    assert "miss into a hit" in words["i-convert"]
    effects = {c.id: hooks.describe(c.effects[0]) for c in DECK.cards if c.effects}
    assert "2 or more misses" in effects["t-flees"]
    assert "2 or more hits" in effects["p-color-tax"] and "lose 2 Health" in effects["p-color-tax"]
    assert "For each die applied" in effects["s-discard-applied"]


# --- defeat and tempo --------------------------------------------------------------------------------------------


def test_one_defeat_per_step_holds_the_second_until_the_next_apply_step() -> None:
    """one_defeat_per_step: after one defeat in an Apply step, a second card that reaches its Health stays
    undefeated (R5 sticky defeat is not reached); the next Apply step (R4 repeat) lets it fall at once."""
    g = Game(["a-plus-one"], ["t-one-defeat"])
    g.activate(1)
    g.activate(2)
    g.commit("R1", "P1", "P2")
    g.roll(R1="crit", P1="crit", P2="hit")
    g.apply("R1", "a-plus-one")
    assert g.s.active_card("a-plus-one").defeated  # type: ignore[union-attr]
    g.apply("P1", "t-one-defeat")
    g.apply("P2", "t-one-defeat")
    card = g.s.active_card("t-one-defeat")
    assert card is not None and not card.defeated
    assert hooks.damage_taken(g.s, card) == 3
    assert "only one enemy" in str(hooks.defeat_block(g.s, card))
    g.do("repeat")
    g.roll()  # nothing left to roll: the new Apply step begins at once
    assert g.s.active_card("t-one-defeat").defeated  # type: ignore[union-attr]


def test_one_defeat_per_step_ends_with_its_card() -> None:
    """R6: During effects end on defeat, so when the card with the rule falls first, a second defeat may follow."""
    g = Game(["a-plus-one"], ["t-one-defeat"])
    g.activate(1)
    g.activate(2)
    g.commit("R1", "P1", "P2")
    g.roll(R1="crit", P1="crit", P2="hit")
    g.apply("P1", "t-one-defeat")
    g.apply("P2", "t-one-defeat")
    g.apply("R1", "a-plus-one")
    assert all(c.defeated for c in g.s.active)


def test_defeat_also_defeats_asks_which_other_enemy() -> None:
    """defeat_also_defeats: its defeat takes down another undefeated enemy of at most max_level, chosen by the
    player (a choose_card prompt); a level-2 enemy is not offered when max_level is 1."""
    g = Game(["a-plus-two", "t-double", "a-plus-one", "f01"])
    for _ in range(4):
        g.activate(1)
    assert g.card_ids() == ["a-plus-two", "t-double", "a-plus-one", "f01"]
    g.hit("t-double", "Y1")
    p = g.s.prompt
    assert p is not None and p.kind == "choose_card" and set(p.options) == {"a-plus-two", "f01"}
    assert {c.card for c in g.legal() if c.cmd == "choose"} == {"a-plus-two", "f01"}
    g.choose(card="f01")
    defeated = [e for e in g.last if isinstance(e, ev.CardDefeated)]
    assert [e.card for e in defeated] == ["f01"] and "Chain Leader" in defeated[0].reason
    assert not g.s.active_card("a-plus-two").defeated  # type: ignore[union-attr]


def test_defeat_also_defeats_with_one_candidate_needs_no_choice() -> None:
    """defeat_also_defeats: with one candidate there is nothing to choose; it falls with the card."""
    g = Game(["a-plus-two", "t-double", "f07"])
    for _ in range(3):
        g.activate(1)
    g.hit("t-double", "Y1")
    assert g.s.prompt is None
    assert [c.id for c in g.s.active if c.defeated] == ["a-plus-two", "t-double"]  # f07 is level 2


def test_returns_unless_first_defeat_goes_back_on_its_stack() -> None:
    """returns_unless_first_defeat: not the first defeat of the round, so it returns to the top of its stack
    instead of being defeated; its applied die is exhausted (R2); it is not counted as defeated."""
    g = Game(["a-plus-one"], ["t-returns"])
    g.activate(1)
    g.activate(2)
    assert g.s.table.stacks[1][0] != "t-returns"
    g.commit("R1", "Y1")
    g.roll(R1="crit", Y1="hit")
    g.apply("R1", "a-plus-one")
    g.apply("Y1", "t-returns")
    assert g.of(ev.CardLeft)[0].to == "stack" and g.of(ev.CardLeft)[0].stack == 2
    assert g.s.table.stacks[1][0] == "t-returns"
    assert "t-returns" not in g.card_ids() and "t-returns" not in g.s.defeated_this_round
    assert g.zone("Y1") == "exhausted"
    assert not g.of(ev.CardDefeated)


def test_returns_unless_first_defeat_falls_when_first() -> None:
    """returns_unless_first_defeat: as the round's first defeat it is simply defeated."""
    g = Game(["a-plus-one"], ["t-returns"])
    g.activate(1)
    g.activate(2)
    g.hit("t-returns", "Y1")
    assert g.s.active_card("t-returns").defeated  # type: ignore[union-attr]


def test_flees_on_roll_leaves_and_exhausts_its_dice() -> None:
    """flees_on_roll: a roll showing at least 2 misses makes it flee to the discard pile (no reward); the die
    applied to it earlier is exhausted (R2). One miss is not enough."""
    g = Game(["t-flees"])
    g.activate(1)
    g.hit("t-flees", "R1")
    g.do("repeat")
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="hit")
    assert "t-flees" in g.card_ids()
    g.do("repeat")
    g.roll(Y1="miss", Y2="miss")
    assert "t-flees" not in g.card_ids() and g.s.discard[-1] == "t-flees"
    assert g.of(ev.CardLeft)[0].to == "fled"
    assert g.zone("R1") == "exhausted"


# --- penalties ---------------------------------------------------------------------------------------------------


def test_lose_health_per_miss() -> None:
    """lose_health_per_miss: after each roll, 1 Health per rolled die showing a miss."""
    g = Game(["p-miss-tax"])
    g.activate(1)
    g.commit("Y1", "Y2", "B1")
    g.roll(Y1="miss", Y2="miss", B1="hit")
    assert g.s.hero.health == 4


def test_lose_health_per_colour_with_hits() -> None:
    """lose_health_per_miss with per_color_hits: 2 Health per colour whose rolled dice show 2+ hits (crits too)."""
    g = Game(["p-color-tax"])
    g.activate(1)
    g.commit("B1", "B2", "P1", "G1")
    g.roll(B1="hit", B2="crit", P1="hit", G1="miss")
    assert g.s.hero.health == 4


def test_lose_health_per_miss_can_lose_the_game() -> None:
    """R1: Health below 1 ends the game at once, even in the middle of the after-roll triggers."""
    g = Game(["p-miss-tax"])
    g.activate(1)
    dice = ("Y1", "Y2", "Y3", "Y4", "G1", "G2")
    g.commit(*dice)
    g.roll(**{d: "miss" for d in dice})
    assert g.s.result == "lost" and g.s.step == "over"


def test_no_recovery_while_in_force() -> None:
    """no_recovery: while the card is active and undefeated, Resolve step 4 recovers nothing."""
    g = Game(["p-no-recovery"])
    g.activate(1)
    g.commit("Y1")
    g.roll(Y1="miss")
    g.resolve()
    assert g.s.step == "stack_discard" and g.zone("Y1") == "exhausted"  # Resolve step 4 had nothing to offer


def test_no_recovery_after_effect_lasts_the_round() -> None:
    """no_recovery as an After effect: it resolves in Resolve step 2 although its card is defeated, and blocks
    recovery for the rest of the round (a round flag)."""
    g = Game(["p-no-recovery-after"])
    g.activate(1)
    g.hit("p-no-recovery-after", "Y1")
    g.resolve()
    assert "no_recovery" in g.s.round_flags
    assert g.s.step != "recover" and g.zone("Y1") == "exhausted"
    g.finish_round()
    assert "no_recovery" not in g.s.round_flags


def test_recovery_without_the_penalty() -> None:
    """Control: the same play without a no_recovery card stops at Resolve step 4."""
    g = Game(["f01"])
    g.activate(1)
    g.commit("Y1")
    g.roll(Y1="miss")
    g.resolve()
    assert g.s.step == "recover"


def test_items_blocked_blocks_items_but_not_the_ability() -> None:
    """items_blocked: no use_item while the card is active (a refusal with code items_blocked); the hero's ability
    is not an item and stays usable; items may still be discarded (R8)."""
    g = Game(["i-fewer", "p-items-blocked"], hero="converter")
    g.gain("i-fewer")
    assert g.can("use_item", item="i-fewer")
    g.activate(1)
    assert not any(c.cmd == "use_item" for c in g.legal())
    assert g.refused("use_item", item="i-fewer").code == "items_blocked"
    assert g.can("discard_item", item="i-fewer")
    g.commit("B1")
    g.roll(B1="hit")
    assert g.can("use_ability", effect=0, die="B1")


def test_items_blocked_fired_lasts_the_round() -> None:
    """items_blocked fired at a trigger (on activate): items stay blocked for the rest of the round even after the
    card is defeated (a round flag); the next round they are usable again."""
    g = Game(["i-fewer", "p-items-blocked-round"])
    g.gain("i-fewer")
    g.activate(1)
    g.hit("p-items-blocked-round", "Y1")
    assert g.s.active_card("p-items-blocked-round").defeated  # type: ignore[union-attr]
    assert not g.can("use_item", item="i-fewer")
    g.finish_round()
    assert g.can("use_item", item="i-fewer")


def test_banish_strongest_pool_die_on_activation() -> None:
    """banish_strongest_pool_die (special, on activate): the red die, the strongest, is banished at once."""
    g = Game(["p-banish-strong"])
    g.activate(1)
    assert g.zone("R1") == "banished"
    assert sum(1 for d in g.s.dice if d.zone == "banished") == 1


def test_banish_strongest_takes_the_next_colour_down() -> None:
    """banish_strongest_pool_die: with the red die out of the pool, a purple one goes."""
    g = Game(["p-banish-strong"])
    g.activate(1)  # R1 banished
    g.finish_round()
    g2 = Game(["f01", "p-banish-strong"])
    g2.activate(1)
    g2.commit("R1")
    g2.roll(R1="hit")
    g2.finish_round()
    g2.activate(1)  # p-banish-strong: R1 is exhausted, so the strongest pool die is purple
    assert g2.zone("R1") == "exhausted"
    assert [d.id for d in g2.s.dice if d.zone == "banished"] == ["P1"]


def test_banish_applied_dice_after_effect() -> None:
    """banish_applied_dice (After): the dice applied to it are banished in Resolve step 2, before step 3 would
    have exhausted them; other dice are exhausted as usual."""
    g = Game(["p-banish-applied"])
    g.activate(1)
    g.commit("Y1", "B1")
    g.roll(Y1="hit", B1="miss")
    g.apply("Y1", "p-banish-applied")
    g.resolve()
    assert g.zone("Y1") == "banished" and g.zone("B1") == "exhausted"


def test_extra_enemy_next_round() -> None:
    """extra_enemy_next_round (After): next round activates two enemies instead of one."""
    g = Game(["p-extra-enemy"])
    g.activate(1)
    g.finish_round()
    assert g.s.pending_activations == 2
    g.activate(1)
    assert g.s.step == "activate"
    g.activate(2)
    assert len(g.s.active) == 2 and g.at("commit")


def test_exhaust_pool_dice_asks_which() -> None:
    """exhaust_pool_dice (on activate): the player chooses 2 pool dice, one at a time, and they are exhausted."""
    g = Game(["p-exhaust-pool"])
    g.activate(1)
    p = g.s.prompt
    assert p is not None and p.kind == "choose_die" and p.count == 2 and len(p.options) == 17
    assert not any(c.cmd == "use_item" for c in g.legal())
    g.choose(die="Y1")
    g.choose(die="G2")
    assert g.s.prompt is None and g.zone("Y1") == "exhausted" and g.zone("G2") == "exhausted"
    assert g.s.step == "commit"


# --- stacks and the boss deck ------------------------------------------------------------------------------------


def test_discard_stack_top_once_asks_for_a_stack() -> None:
    """discard_stack_top once (After): a choose_stack prompt; the chosen stack's top is discarded and the next
    card becomes its top (stack management); a mandatory top may be chosen by an effect."""
    g = Game(["s-discard-once"], ["m-mandatory", "f05"])
    g.activate(2)  # the mandatory top must be activated first (R3) …
    g.finish_round()
    g = Game(["s-discard-once"], ["m-mandatory", "f05"], ["f06"])
    assert g.legal() == [Command("activate", stack=2)]  # R3
    g2 = Game(["s-discard-once"], ["f05", "m-mandatory"])
    g2.activate(1)
    g2.resolve()
    p = g2.s.prompt
    assert p is not None and p.kind == "choose_stack" and p.options == ("1", "2", "3")
    g2.choose(stack=2)
    assert g2.of(sev.StackTopDiscarded)[0].card == "f05" and g2.s.table.stacks[1][0] == "m-mandatory"


def test_discard_stack_top_per_applied_die() -> None:
    """discard_stack_top per applied_die (After): one stack discard for each die applied to the card."""
    g = Game(["s-discard-applied"], ["f02"], ["f03"])
    g.activate(1)
    g.commit("Y1", "Y2")
    g.roll(Y1="hit", Y2="hit")
    g.apply("Y1", "s-discard-applied")
    g.apply("Y2", "s-discard-applied")
    g.resolve()
    assert g.s.prompt is not None and g.s.prompt.count == 2
    g.choose(stack=2)
    assert g.s.prompt is not None and g.s.prompt.count == 1
    g.choose(stack=3)
    discarded = [e.card for e in g.events if isinstance(e, sev.StackTopDiscarded) and e.reason == "effect"]
    assert discarded == ["f02", "f03"]


def test_discard_stack_top_each_stack_on_defeat() -> None:
    """discard_stack_top each_stack (special, on defeat): every non-empty stack loses its top at once."""
    g = Game(["s-discard-each", "f01"], ["f02"], ["f03"])
    g.activate(1)
    g.hit("s-discard-each", "Y1")
    assert [e.card for e in g.of(sev.StackTopDiscarded)] == ["f01", "f02", "f03"]


def test_reveal_boss_on_activation_and_in_the_endgame() -> None:
    """reveal_boss (on activate): the boss deck's top is turned up; the endgame then activates the revealed boss
    (Solar Sentinels endgame setup)."""
    g = Game(["s-reveal", *_QUIET], bosses=["b-taxer", "b-banisher", "b-shield"])
    g.activate(1)
    assert g.s.table.revealed_boss == "b-taxer" and g.s.table.boss_deck == ("b-banisher", "b-shield")
    g.finish_round(discard=1)
    _empty_stack_one(g)
    g.do("start_endgame")
    assert any(c.boss and c.id == "b-taxer" for c in g.s.active)


def test_reveal_boss_reshuffles_the_boss_discard() -> None:
    """reveal_boss: each reveal sends the previous boss to the boss discard; when the boss deck runs out its
    discard is shuffled into a new deck, a random outcome recorded in the event (contract 4)."""
    g = Game(hero="seer", bosses=["b-banisher", "b-taxer", "b-shield"])
    for expected in ("b-banisher", "b-taxer", "b-shield"):
        g.do("use_ability", effect=0)
        assert g.s.table.revealed_boss == expected
    assert g.s.table.boss_deck == () and g.s.table.boss_discard == ("b-banisher", "b-taxer")
    g.do("use_ability", effect=0)
    revealed = g.of(sev.BossRevealed)[0]
    assert sorted(revealed.reshuffled) == ["b-banisher", "b-taxer"] and revealed.draws == 1
    assert revealed.reveal() == ev.Reveal("boss", (revealed.boss,))  # R13: standard undo stops here
    assert g.s.table.revealed_boss == revealed.reshuffled[0] and list(g.s.table.boss_discard) == ["b-shield"]


# --- items -------------------------------------------------------------------------------------------------------


def test_roll_exhausted_recover_hits_with_physical_dice() -> None:
    """roll_exhausted_recover_hits: every exhausted die is rolled; with physical dice each face is entered
    ("die:face"); hits and crits return to the pool, misses stay exhausted (not counted against Recovery)."""
    g = Game(["i-roll-exhausted", "f01"])
    g.gain("i-roll-exhausted")
    g.activate(1)
    g.commit("Y1", "R1")
    g.roll(Y1="miss", R1="hit")
    g.resolve()
    assert g.s.step == "recover" and g.zone("Y1") == "exhausted" and g.zone("R1") == "exhausted"
    g.do("use_item", item="i-roll-exhausted")
    p = g.s.prompt
    assert p is not None and p.kind == "choose_option" and p.count == 2
    assert "Y1:miss" in p.options and "R1:crit" in p.options and "R1:miss" not in p.options
    g.choose(choice="Y1:miss")
    g.choose(choice="R1:crit")
    assert g.zone("Y1") == "exhausted" and g.zone("R1") == "pool"
    assert g.s.recovered_this_round == 0 and "i-roll-exhausted" in g.s.discard


def test_roll_exhausted_recover_hits_with_virtual_dice_records_the_roll() -> None:
    """roll_exhausted_recover_hits with virtual dice: the outcomes are drawn and written into the event."""
    g = Game(["i-roll-exhausted", "f01"], dice="virtual", seed=3)
    g.activate(1)
    g.commit("R1")
    g.do("roll")
    g.apply("R1", "i-roll-exhausted")
    g.resolve()
    g.do("done")
    g.do("gain_item", card="i-roll-exhausted")
    g.finish_round()
    assert g.zone("R1") == "exhausted"
    g.do("use_item", item="i-roll-exhausted")
    rolled = g.of(ev.DiceRolled)[0]
    assert rolled.faces[0][0] == "R1" and rolled.draws == 1 and not rolled.phase_started
    assert g.zone("R1") == "pool"  # a red die always hits


def test_defeat_enemy_paid_by_exhausting_dice() -> None:
    """defeat_enemy (max level 1, exhaust 2): only a level-1 enemy is offered; the player picks the 2 dice to pay
    with; then the enemy is defeated (its defeat counts as any other)."""
    g = Game(["i-defeat", "a-plus-one", "f01"])
    g.gain("i-defeat")
    g.activate(1)
    g.activate(1)
    uses = [c for c in g.legal() if c.cmd == "use_item"]
    assert uses == [Command("use_item", item="i-defeat", card="f01")]
    g.do(uses[0])
    p = g.s.prompt
    assert p is not None and p.kind == "choose_die" and p.count == 2
    g.choose(die="Y1")
    assert not g.s.active_card("f01").defeated  # type: ignore[union-attr]
    g.choose(die="Y2")
    assert g.zone("Y1") == "exhausted" and g.zone("Y2") == "exhausted"
    assert g.s.active_card("f01").defeated and not g.s.active_card("a-plus-one").defeated  # type: ignore[union-attr]
    assert g.s.counter("defeated_level_1") == 2


def test_defeat_enemy_paid_by_banishing() -> None:
    """defeat_enemy (max level 2, banish 1): a level-2 mandatory enemy falls; the chosen die is banished."""
    g = Game(["i-defeat-banish"], ["f01", "m-mandatory"])
    g.gain("i-defeat-banish", discard=2)  # the Cleanup stack discard uncovers the mandatory enemy
    g.activate(2)
    g.do("use_item", item="i-defeat-banish", card="m-mandatory")
    g.choose(die="G3")
    assert g.zone("G3") == "banished" and g.s.active_card("m-mandatory").defeated  # type: ignore[union-attr]


def test_defeat_enemy_respects_enemy_text() -> None:
    """Enemy text beats item text: a card that cannot be defeated now (one defeat per step) is no target."""
    g = Game(["i-defeat-banish", "a-plus-one", "t-one-defeat"])
    g.gain("i-defeat-banish")
    g.activate(1)
    g.activate(1)
    g.hit("a-plus-one", "R1", face="crit")
    assert not any(c.cmd == "use_item" for c in g.legal())


def test_discard_enemy_gives_no_reward() -> None:
    """discard_enemy: the enemy goes to the discard pile undefeated; the die on it is exhausted (R2)."""
    g = Game(["i-discard-enemy", "r-heal"])
    g.gain("i-discard-enemy")
    g.activate(1)
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="miss")
    g.do("use_item", item="i-discard-enemy", card="r-heal")
    assert "r-heal" in g.s.discard and not g.s.active and g.s.prompt is None
    g.resolve()
    assert g.s.hero.health == 6  # it dealt no damage


def test_set_enemy_health_can_defeat_at_once() -> None:
    """set_enemy_health: Health 1 for a card that already took 1 damage: R5 defeats it immediately."""
    g = Game(["i-set-health", "t-one-defeat"])
    g.gain("i-set-health")
    g.activate(1)
    g.hit("t-one-defeat", "Y1")
    assert not g.s.active_card("t-one-defeat").defeated  # type: ignore[union-attr]
    g.do("use_item", item="i-set-health", card="t-one-defeat")
    card = g.s.active_card("t-one-defeat")
    assert card is not None and card.health_override == 1 and card.defeated


def test_cancel_enemy_effects() -> None:
    """cancel_enemy_effects: the card's effects no longer apply (here: no Health lost per miss)."""
    g = Game(["i-cancel", "p-miss-tax"])
    g.gain("i-cancel")
    g.activate(1)
    g.do("use_item", item="i-cancel", card="p-miss-tax")
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="miss")
    assert g.s.hero.health == 6 and g.s.active_card("p-miss-tax").cancelled  # type: ignore[union-attr]


def test_single_use_item_effects_share_the_target() -> None:
    """A single-use item does every effect printed on it; a later effect aims where the command aimed."""
    g = Game(["i-combo", "p-miss-tax"])
    g.gain("i-combo")
    g.activate(1)
    g.do("use_item", item="i-combo", card="p-miss-tax")
    card = g.s.active_card("p-miss-tax")
    assert card is not None and card.health_override == 2 and card.cancelled


def test_take_stack_reward_leaves_the_card() -> None:
    """take_stack_reward: the instant reward of a stack's top card happens; the card stays on its stack."""
    g = Game(["i-take-reward", "p-miss-tax"], ["r-heal"])
    g.gain("i-take-reward")
    g.activate(1)
    g.commit("Y1", "Y2", "Y3")
    g.roll(Y1="miss", Y2="miss", Y3="miss")
    assert g.s.hero.health == 3
    assert [c for c in g.legal() if c.cmd == "use_item"] == [Command("use_item", item="i-take-reward", stack=2)]
    g.do("use_item", item="i-take-reward", stack=2)
    assert g.s.hero.health == 5 and g.s.table.stacks[1][0] == "r-heal"


def test_activate_fewer() -> None:
    """activate_fewer: the next +N activates one fewer (a +2 card brings one more enemy, not two)."""
    g = Game(["i-fewer", "a-plus-two"])
    g.gain("i-fewer")
    g.do("use_item", item="i-fewer")
    assert g.s.fewer_next == 1
    g.activate(1)
    assert g.s.pending_activations == 1 and g.s.fewer_next == 0


def test_double_next_instant() -> None:
    """double_next_instant: the next instant reward taken happens twice (heal 2 → 4)."""
    g = Game(["i-double", "p-miss-tax", "r-heal"])
    g.gain("i-double")
    g.do("use_item", item="i-double")
    g.activate(1)
    dice = ("Y1", "Y2", "Y3", "Y4")
    g.commit(*dice)
    g.roll(**{d: "miss" for d in dice})
    assert g.s.hero.health == 2
    g.finish_round()
    g.activate(1)
    g.hit("r-heal", "R1")
    g.do("take_reward", card="r-heal")
    assert g.s.hero.health == 6 and g.s.double_next_instant == 0


def test_instant_reward_prompt_reaches_the_reward_effect() -> None:
    """An instant reward that asks (recover 1 of 2 exhausted dice) is answered by the reward, not by the card's
    own effect at the same position (the reward's live effect has its own index)."""
    g = Game(["f01", "r-recover"])
    g.activate(1)
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="miss")
    g.resolve()
    g.do("done")
    g.finish_round()
    g.activate(1)
    g.hit("r-recover", "R1")
    g.do("take_reward", card="r-recover")
    p = g.s.prompt
    assert p is not None and p.kind == "choose_die" and set(p.options) == {"Y1", "Y2"}
    g.choose(die="Y2")
    assert g.zone("Y2") == "pool" and g.zone("Y1") == "exhausted" and g.s.hero.health == 6


def test_convert_face_once_per_round_one_use_per_colour() -> None:
    """convert_face (miss → hit, once per round): one use per die showing a miss; used once, it is gone until
    the next round."""
    g = Game(["i-convert", "t-one-defeat"])
    g.gain("i-convert")
    g.activate(1)
    g.commit("Y1", "Y2", "G1")
    g.roll(Y1="miss", Y2="miss", G1="miss")
    uses = [c for c in g.legal() if c.cmd == "use_item"]
    assert uses == [
        Command("use_item", item="i-convert", effect=0, die="Y1"),
        Command("use_item", item="i-convert", effect=0, die="Y2"),
        Command("use_item", item="i-convert", effect=0, die="G1"),
    ]
    g.do(uses[2])
    assert g.s.die("G1").face == "hit"
    assert not any(c.cmd == "use_item" for c in g.legal())
    g.apply("G1", "t-one-defeat")


def test_hero_ability_convert_face() -> None:
    """A hero ability uses the same handler: use_ability with the effect index (hit → crit, once per round)."""
    g = Game(["t-one-defeat"], hero="converter")
    g.activate(1)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.do("use_ability", effect=0, die="B1")
    assert g.s.die("B1").face == "crit"
    assert not any(c.cmd == "use_ability" for c in g.legal())
    g.apply("B1", "t-one-defeat")
    g.apply("B2", "t-one-defeat")
    assert g.s.active_card("t-one-defeat").defeated  # type: ignore[union-attr]


def test_swap_miss_and_hit() -> None:
    """swap_miss_and_hit: a miss and a basic hit of different colours swap faces (die: the miss, choice: the hit);
    same-colour pairs and crits are not offered."""
    g = Game(["i-swap", "t-one-defeat"])
    g.gain("i-swap")
    g.activate(1)
    g.commit("Y1", "Y2", "B1", "P1")
    g.roll(Y1="miss", Y2="hit", B1="hit", P1="crit")
    uses = [c for c in g.legal() if c.cmd == "use_item"]
    assert uses == [Command("use_item", item="i-swap", effect=0, die="Y1", choice="B1")]
    g.do(uses[0])
    assert g.s.die("Y1").face == "hit" and g.s.die("B1").face == "miss"


def test_pair_misses_to_hits() -> None:
    """pair_misses_to_hits: two misses of one colour become basic hits; a lone miss of a colour is no pair."""
    g = Game(["i-pair", "t-one-defeat"])
    g.gain("i-pair")
    g.activate(1)
    g.commit("Y1", "Y2", "B1")
    g.roll(Y1="miss", Y2="miss", B1="miss")
    uses = [c for c in g.legal() if c.cmd == "use_item"]
    assert uses == [Command("use_item", item="i-pair", effect=0, die="Y1", choice="Y2")]
    g.do(uses[0])
    assert g.s.die("Y1").face == "hit" and g.s.die("Y2").face == "hit" and g.s.die("B1").face == "miss"


def test_stat_modifier_while_held() -> None:
    """stat_modifier: holding the item gives +1 Strategy and −1 Recovery; discarding it undoes exactly that."""
    g = Game(["i-stat"])
    g.gain("i-stat")
    assert (g.s.hero.strategy, g.s.hero.recovery) == (4, 2)
    g.do("discard_item", item="i-stat")
    assert (g.s.hero.strategy, g.s.hero.recovery) == (3, 3)


def test_stat_modifier_clamped_changes_nothing_back() -> None:
    """stat_modifier with R1 clamps: at Strategy 6 and Recovery 1 nothing changes, so leaving changes nothing."""
    g = Game(["i-stat"], hero="seer")
    g.gain("i-stat")
    assert (g.s.hero.strategy, g.s.hero.recovery) == (6, 1)
    g.do("discard_item", item="i-stat")
    assert (g.s.hero.strategy, g.s.hero.recovery) == (6, 1)


def test_banish_for_damage() -> None:
    """banish_for_damage: banish a pool die; the enemy takes damage equal to its hit faces (blue: 4), enough to
    defeat a Health-3 card (R5 counts it with the dice). One use per pool die and enemy."""
    g = Game(["i-banish-dmg", "t-one-defeat"])
    g.gain("i-banish-dmg")
    g.activate(1)
    uses = [c for c in g.legal() if c.cmd == "use_item"]
    assert len(uses) == 17  # every pool die × one enemy
    g.do("use_item", item="i-banish-dmg", effect=0, die="Y1", card="t-one-defeat")
    card = g.s.active_card("t-one-defeat")
    assert card is not None and hooks.damage_taken(g.s, card) == 2 and not card.defeated
    g.do("use_item", item="i-banish-dmg", effect=0, die="B1", card="t-one-defeat")
    assert g.zone("B1") == "banished" and g.s.active_card("t-one-defeat").defeated  # type: ignore[union-attr]


def test_ignore_effect() -> None:
    """ignore_effect: while the item is held, enemy effects of the named kinds do not apply (no Health lost)."""
    g = Game(["i-ignore", "p-miss-tax"])
    g.gain("i-ignore")
    g.activate(1)
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="miss")
    assert g.s.hero.health == 6


def test_item_reveal_boss_and_discard_stack_top() -> None:
    """reveal_boss as a single-use item; discard_stack_top as an ongoing item: one command per stack."""
    g = Game(["i-reveal", "i-discard-top"], ["f02"], ["f03"])
    g.gain("i-reveal")
    g.do("use_item", item="i-reveal")
    assert g.s.table.revealed_boss == DECK.bosses[0].id
    g.gain("i-discard-top")
    uses = [c.stack for c in g.legal() if c.cmd == "use_item"]
    assert uses == [1, 2, 3]
    g.do("use_item", item="i-discard-top", effect=0, stack=3)
    assert g.of(sev.StackTopDiscarded)[0].stack == 3
    assert not any(c.cmd == "use_item" for c in g.legal())  # once per round


def test_items_not_while_a_roll_resolves() -> None:
    """R8: no item while physical faces are being entered."""
    g = Game(["i-fewer", "f01"])
    g.gain("i-fewer")
    g.activate(1)
    g.commit("Y1")
    g.do("roll")
    assert g.s.step == "faces" and not any(c.cmd == "use_item" for c in g.legal())


# --- universal heroes --------------------------------------------------------------------------------------------


def test_universal_hero_with_another_deck(plain_deck) -> None:  # type: ignore[no-untyped-def]
    """A universal hero of one deck can be played with another deck whose ruleset accepts it: the setup names
    it "<deck-id>/<hero-id>"; its ability works there."""
    refs = [h.ref for h in heroes_for(plain_deck, [plain_deck, DECK])]
    assert refs == ["tester", "weakling", "effects-triggered/wanderer"]
    deck = with_hero(plain_deck, "effects-triggered/wanderer", [plain_deck, DECK])
    g = Game(deck=deck, hero="effects-triggered/wanderer")
    assert g.s.hero.id == "effects-triggered/wanderer" and g.s.hero.health == 5
    uses = [c for c in g.legal() if c.cmd == "use_ability"]
    assert [c.stack for c in uses] == [1, 2, 3]
    g.do(uses[0])
    assert g.of(sev.StackTopDiscarded)[0].card == "c01"


def test_only_universal_heroes_travel(plain_deck) -> None:  # type: ignore[no-untyped-def]
    """A hero that is not universal cannot be taken to another deck (a readable error)."""
    with pytest.raises(ValueError, match="not universal"):
        with_hero(plain_deck, "effects-triggered/converter", [plain_deck, DECK])
    with pytest.raises(ValueError, match="no deck"):
        with_hero(plain_deck, "nowhere/hero", [plain_deck, DECK])
    assert with_hero(plain_deck, "tester", [plain_deck]) is plain_deck


# --- boss rules ----------------------------------------------------------------------------------------------


def _empty_stack_one(g: Game) -> None:
    """Play rounds that take two cards a round off stack 1 (activate its top, fight nothing, discard its next
    top at Cleanup) until it is empty; stop at the round start that offers the endgame."""
    for _ in range(20):
        if g.s.step == "round_start":
            return
        if 1 in [c.stack for c in g.legal() if c.cmd == "activate"]:
            g.activate(1)
        else:
            g.do(next(c for c in g.legal() if c.cmd == "activate"))
        while g.s.step not in ("stack_discard", "round_start", "activate") and g.s.result is None:
            if g.s.prompt is not None:
                g.do(next(c for c in g.legal() if c.cmd in ("choose", "done", "decline_reward")))
            elif g.s.step == "commit":
                g.do("roll")
            elif g.s.step == "apply":
                g.resolve()
            else:
                g.do(next(c for c in g.legal() if c.cmd in ("done", "resolve_after", "decline_item")))
        if g.s.step == "stack_discard":
            choices = [c.stack for c in g.legal() if c.cmd == "stack_discard"]
            g.do("stack_discard", stack=1 if 1 in choices else choices[0])
    raise AssertionError("stack 1 did not empty")  # pragma: no cover


_QUIET = [f"f{i:02d}" for i in range(1, 11)] + ["i-fewer", "i-double", "i-reveal", "i-cancel", "i-pair", "i-swap"]
"""Stack-1 cards that deal no damage and do nothing: the road to the endgame is safe."""


def test_boss_rule_banishes_on_activation() -> None:
    """Boss rule banish_strongest_pool_die (on activate): when the endgame activates the boss, the red die goes."""
    g = Game(_QUIET, bosses=["b-banisher", "b-taxer", "b-shield"])
    _empty_stack_one(g)
    g.do("start_endgame")
    assert any(c.id == "b-banisher" for c in g.s.active)
    assert g.zone("R1") == "banished"


def test_boss_rule_lose_health_per_miss() -> None:
    """Boss rule lose_health_per_miss (special, after each roll): every miss costs 1 Health in the endgame."""
    g = Game(_QUIET, bosses=["b-taxer", "b-banisher", "b-shield"])
    _empty_stack_one(g)
    g.do("start_endgame")
    health = g.s.hero.health
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="hit")
    assert g.s.hero.health == health - 1


def test_boss_rule_one_defeat_per_step_delays_the_win() -> None:
    """Boss rule one_defeat_per_step: the entourage card falls first, so the boss (damage enough) survives the
    step; the next Apply step defeats it and the game is won (R11)."""
    g = Game(_QUIET, bosses=["b-shield", "b-taxer", "b-banisher"], seed=1)  # seed 1: the entourage is f08
    _empty_stack_one(g)
    g.do("start_endgame")
    boss = next(c for c in g.s.active if c.boss)
    entourage = [c for c in g.s.active if not c.boss]
    assert boss.id == "b-shield" and [c.id for c in entourage] == ["f08"]
    grunt = entourage[0].id
    dice = ("R1", "P1", "P2", "P3", "P4", "B1", "B2")
    g.commit(*dice)
    g.roll(**{d: "crit" for d in dice})
    g.apply("R1", grunt)
    g.apply("P1", grunt)  # dice may be applied to a card already defeated
    assert g.s.active_card(grunt).defeated  # type: ignore[union-attr]
    for die in ("P2", "P3", "P4", "B1", "B2"):
        g.apply(die, "b-shield")
    shield = g.s.active_card("b-shield")
    assert shield is not None and hooks.damage_taken(g.s, shield) == 10 and not shield.defeated
    g.do("repeat")
    g.roll()
    assert g.s.result == "won"


# --- random games ------------------------------------------------------------------------------------------------

HEROES = ("tester", "converter", "seer", "wanderer")


def _pick(rnd: random.Random, legal: list[Command]) -> Command:
    """A random legal command, rarely a forfeit or an item discard (so missions and items get played)."""
    rare = {"forfeit_mission", "discard_item"}
    common = [c for c in legal if c.cmd not in rare]
    if common and rnd.random() > 0.03:
        return rnd.choice(common)
    return rnd.choice(legal)


@pytest.mark.parametrize("seed", range(50))
def test_random_legal_games_end_and_replay(seed: int) -> None:
    """Random legal play over the whole deck (shuffled, missions and ranks, some with physical dice) ends; after
    every command the state is the fold of the events (contract 2); events survive their plain form."""
    deck = DECK
    rnd = random.Random(seed)
    options = SetupOptions(
        deck.id,
        HEROES[seed % len(HEROES)],
        seed=seed,
        dice="physical" if seed % 5 == 0 else "virtual",  # physical: the random player enters the faces
        choices=choose({"missions": seed % 3 != 0, "rank": 1 + seed % 6}),
    )
    start = initial_state(deck, options)
    state = start
    log: list[ev.Event] = []
    for _ in range(6000):
        if state.result is not None:
            break
        legal = legal_commands(state)
        assert legal, f"no legal command at {state.step}"
        command = _pick(rnd, legal)
        result = decide_and_apply(state, command)
        assert not isinstance(result, Rejected), (command, result)
        events, after = result
        assert fold(state, events) == after
        for e in events:
            assert ev.from_dict(ev.to_dict(e)) == e
        log += events
        state = after
    assert state.result is not None, "the game did not end"
    assert fold(start, log) == state
