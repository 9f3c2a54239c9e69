"""The general rules and rulings R1–R11 (rules.md), played with ``deal: ordered`` and ``dice: physical``.

Ordered deal on the plain deck: stack 1 is c01…c15 (c01 on top), stack 2 c16…c30 (c16, mandatory, on top), stack 3
c31…c45. Where a ruling needs particular cards on top, :func:`arranged` writes the plain deck with its cards in
another order (and, for R7 and R9, with one card's effect changed). Effect kinds have their own scenario tests.
"""

from __future__ import annotations

import math
import re
import tomllib
from pathlib import Path
from typing import Any

import pytest
import tomli_w
from record_helpers import split_setup

from twentystrong.content.loader import load_deck
from twentystrong.content.model import Deck
from twentystrong.engine import Command, Rejected, SetupOptions, decide_and_apply, evolve, initial_state
from twentystrong.engine import events as ev
from twentystrong.engine.effects import hooks
from twentystrong.engine.legal import awaiting, legal_commands
from twentystrong.engine.state import ActiveCard, DieState
from twentystrong.engine.view import state_view
from twentystrong.kits.solar_sentinels.rules import events as sev

PLAIN = Path(__file__).resolve().parent / "decks" / "plain"


def arranged(tmp: Path, *tops: list[str], patch: dict[str, dict[str, Any]] | None = None) -> Deck:
    """The plain deck with stack ``i`` starting with ``tops[i]`` (the rest in file order), cards patched."""
    folder = tmp / "arranged"
    folder.mkdir(exist_ok=True)
    cards = tomllib.loads((PLAIN / "conflicts.toml").read_text(encoding="utf-8"))["card"]
    by_id = {c["id"]: {**c, **(patch or {}).get(c["id"], {})} for c in cards}
    chosen = [cid for top in tops for cid in top]
    rest = [c["id"] for c in cards if c["id"] not in chosen]
    order: list[str] = []
    for i in range(3):
        stack = list(tops[i]) if i < len(tops) else []
        while len(stack) < 15:
            stack.append(rest.pop(0))
        order += stack
    (folder / "conflicts.toml").write_text(tomli_w.dumps({"card": [by_id[c] for c in order]}), encoding="utf-8")
    for name in ("deck.toml", "heroes.toml", "bosses.toml", "missions.toml"):
        (folder / name).write_text((PLAIN / name).read_text(encoding="utf-8"), encoding="utf-8")
    return load_deck(folder)


class Game:
    """A game driven command by command: ``state``, and ``events`` of the last command."""

    def __init__(self, deck: Deck, hero: str = "tester", **options: Any) -> None:
        general, choices = split_setup(options)
        opts = {"seed": 1, "deal": "ordered", "dice": "physical", **general}
        self.state = initial_state(deck, SetupOptions(deck.id, hero, **opts, choices=choices))
        self.events: list[ev.Event] = []
        self.do("start")

    def do(self, cmd: str, **args: Any) -> list[ev.Event]:
        command = Command(cmd, **args)
        result = decide_and_apply(self.state, command)
        assert not isinstance(result, Rejected), f"{command}: {result.code}: {result.message}"
        self.events, self.state = result
        return self.events

    def refused(self, cmd: str, **args: Any) -> Rejected:
        result = decide_and_apply(self.state, Command(cmd, **args))
        assert isinstance(result, Rejected), f"{cmd} {args} was accepted"
        return result

    def roll(self, **faces: str) -> None:
        """Roll, then enter the faces of the physical dice."""
        self.do("roll")
        if faces:
            self.do("faces", faces=tuple(sorted(faces.items())))

    def commit(self, *dice: str) -> None:
        for die in dice:
            self.do("commit", die=die)

    def apply(self, card: str, *dice: str) -> None:
        for die in dice:
            self.do("apply", die=die, card=card)

    def legal(self, cmd: str | None = None) -> list[Command]:
        return [c for c in legal_commands(self.state) if cmd is None or c.cmd == cmd]

    def types(self) -> list[str]:
        return [e.TYPE for e in self.events]

    def active(self, card_id: str) -> ActiveCard:
        card = self.state.active_card(card_id)
        assert card is not None, f"{card_id} is not active"
        return card


@pytest.fixture
def plain(plain_deck: Deck) -> Deck:
    return plain_deck


# --- Setup and the ordered deal -------------------------------------------------------------------------------


def test_ordered_deal_puts_the_file_order_in_the_stacks(plain: Deck) -> None:
    g = Game(plain)
    assert [s[0] for s in g.state.table.stacks] == ["c01", "c16", "c31"]
    assert [len(s) for s in g.state.table.stacks] == [15, 15, 15]
    assert g.state.table.boss_deck == ("big-one", "huge-one")
    assert all(d.zone == "pool" for d in g.state.dice) and len(g.state.dice) == 17
    assert (g.state.hero.health, g.state.hero.strategy, g.state.hero.recovery) == (6, 3, 3)


# --- R1 -----------------------------------------------------------------------------------------------------------


def test_r1_health_never_rises_above_6(tmp_path: Path) -> None:
    """R1: a heal at full Health leaves 6 (no stat change at all)."""
    g = Game(arranged(tmp_path, ["c02"], ["c17"], ["c31"]))
    g.do("activate", stack=1)  # c02: Health 4, instant reward heal 1
    g.commit("R1", "P1")
    g.roll(R1="crit", P1="crit")
    g.apply("c02", "R1", "P1")
    assert awaiting(g.state)["kind"] == "instant_reward"
    g.do("take_reward", card="c02")
    assert g.state.hero.health == 6
    assert "stat_changed" not in g.types()


def test_r1_health_below_1_loses_at_once_and_nothing_more_runs(tmp_path: Path) -> None:
    """R1: the loss is checked when Health changes; the game ends there (no exhaust, no After, no cleanup)."""
    g = Game(arranged(tmp_path, ["c17"], ["c01"], ["c31"]), hero="weakling")
    g.do("activate", stack=1)  # c17: Health 2, Damage 3
    g.commit("B1")
    g.roll(B1="hit")
    g.apply("c17", "B1")
    assert not g.active("c17").defeated
    g.do("resolve")
    assert g.types()[-2:] == ["stat_changed", "game_over"]
    assert g.state.result == "lost" and g.state.hero.health == -1 and g.state.step == "over"
    assert g.state.die("B1").zone == "applied"  # Resolve step 3 never ran
    assert g.state.active_card("c17") is not None  # nor Cleanup
    assert g.legal() == []
    assert g.refused("activate", stack=1).code == "game_over"
    assert awaiting(g.state)["text"] == "Game over: you lost. Your Health fell below 1 (suffered 3 damage)."


# --- R2 -----------------------------------------------------------------------------------------------------------


def test_r2_a_card_leaving_the_active_area_exhausts_its_dice(plain: Deck) -> None:
    """R2: whatever the reason it leaves, the dice applied to it go to the exhausted area."""
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.apply("c16", "B1")
    s = g.state
    for to in ("discard", "stack", "inventory", "banished", "fled"):
        left = evolve(s, ev.CardLeft(seq=s.seq + 1, card="c16", to=to, stack=2 if to == "stack" else None))
        assert left.die("B1") == DieState("B1", "exhausted")
        assert left.die("B2").zone == "active"  # unapplied dice stay
        assert left.active_card("c16") is None


# --- R3 and +N ------------------------------------------------------------------------------------------------------


def test_r3_a_mandatory_top_must_be_chosen(plain: Deck) -> None:
    """R3: c16 (mandatory) tops stack 2, so only stack 2 may be activated."""
    g = Game(plain)
    assert g.legal("activate") == [Command("activate", stack=2)]
    rejected = g.refused("activate", stack=1)
    name = plain.card("c16").name
    # The refusal names the mandatory enemy and its stack (issue 14).
    assert (
        rejected.code == "mandatory_first" and rejected.message == f"{name} (stack 2) is mandatory: activate it first"
    )
    assert g.refused("activate", stack=7).code == "illegal_stack"


def test_r3_applies_to_additional_activations_too(tmp_path: Path) -> None:
    """R3: after c38 (mandatory, +1), the additional activation must again pick the mandatory top (c16)."""
    g = Game(arranged(tmp_path, ["c01"], ["c16"], ["c38", "c39"]))
    assert g.legal("activate") == [Command("activate", stack=2), Command("activate", stack=3)]
    g.do("activate", stack=3)
    assert g.state.pending_activations == 1
    assert g.legal("activate") == [Command("activate", stack=2)]
    g.do("activate", stack=2)
    assert [c.id for c in g.state.active] == ["c38", "c16"]
    assert g.state.step == "commit"


def test_additional_enemies_reveal_the_new_top_first_and_resolve_depth_first(tmp_path: Path) -> None:
    """+N: the card under an activated card can be chosen for its +N; each added card's own +N adds more."""
    g = Game(arranged(tmp_path, ["c03", "c18", "c01"], ["c17"], ["c31"]))
    g.do("activate", stack=1)  # c03: +1
    assert g.state.table.stacks[0][0] == "c18" and Command("activate", stack=1) in g.legal()
    assert awaiting(g.state)["remaining"] == 1
    g.do("activate", stack=1)  # c18: +1 of its own
    assert awaiting(g.state)["remaining"] == 1
    g.do("activate", stack=2)  # c17: +0
    assert [c.id for c in g.state.active] == ["c03", "c18", "c17"]
    assert g.state.step == "commit" and g.state.pending_activations == 0


# --- R4 -----------------------------------------------------------------------------------------------------------


def test_r4_strategy_bounds_the_strategy_phases(plain: Deck) -> None:
    """R4: tester has Strategy 3: three Strategy phases, then only resolve."""
    g = Game(plain)
    g.do("activate", stack=2)
    for phase in (1, 2, 3):
        assert g.state.phases_used == phase
        g.roll()  # nothing committed: straight to Apply
        assert g.state.step == "apply"
        if phase < 3:
            g.do("repeat")
    assert Command("repeat") not in g.legal() and Command("resolve") in g.legal()
    g.refused("repeat")


def test_r4_the_refusal_names_the_strategy_limit(plain: Deck) -> None:
    """R4: a fourth phase is refused with ``strategy_limit`` and a message that says the rule in words (no code)."""
    g = Game(plain)
    g.do("activate", stack=2)
    for _ in range(2):
        g.roll()
        g.do("repeat")
    g.roll()
    rejected = g.refused("repeat")
    assert rejected.code == "strategy_limit" and "Strategy 3 allows 3 per engagement" in rejected.message
    assert "R4" not in rejected.message


def test_r4_strategy_1_allows_one_phase(plain: Deck) -> None:
    g = Game(plain, hero="weakling")
    g.do("activate", stack=2)
    g.roll()
    assert g.legal("repeat") == []


def test_unapplied_dice_are_rolled_again_in_the_next_phase(plain: Deck) -> None:
    """Strategy phase step 2 rolls every unapplied die in the active area, new and left over."""
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("Y1", "Y2")
    g.roll(Y1="miss", Y2="hit")
    g.apply("c16", "Y2")
    g.do("repeat")
    g.commit("G1")
    g.do("roll")
    assert g.state.step == "faces"
    waiting = {c.die for c in g.legal("face")}
    assert waiting == {"Y1", "G1"}  # Y2 is applied: not rolled again
    rejected = g.refused("use_item", item="c04")
    assert rejected.code in ("items_blocked", "not_now")


# --- R5 -----------------------------------------------------------------------------------------------------------


def test_r5_damage_is_the_sum_of_applied_dice_and_defeat_is_immediate(plain: Deck) -> None:
    """R5: hit = 1, crit = 2; defeated the moment damage ≥ Health; misses cannot be applied."""
    g = Game(plain)
    g.do("activate", stack=2)  # c16: Health 2
    g.commit("B1", "B2", "B3", "Y1")
    g.roll(B1="hit", B2="hit", B3="hit", Y1="miss")
    g.apply("c16", "B1")
    assert not g.active("c16").defeated and hooks.damage_taken(g.state, g.active("c16")) == 1
    rejected = g.refused("apply", die="Y1", card="c16")
    assert rejected.code == "apply_blocked" and "miss" in rejected.message
    g.apply("c16", "B2")
    assert "card_defeated" in g.types() and g.active("c16").defeated
    g.apply("c16", "B3")  # dice may be applied to a card already defeated
    view = {c["id"]: c for c in state_view(g.state)["active"]}["c16"]
    assert view["damage_taken"] == 3 and view["defeated"] and view["applied"] == ["B1", "B2", "B3"]


def test_r5_a_crit_deals_2(plain: Deck) -> None:
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("Y1")
    g.roll(Y1="crit")
    g.apply("c16", "Y1")
    assert g.active("c16").defeated


def test_r5_defeat_is_sticky_and_a_defeated_card_deals_no_damage(plain: Deck) -> None:
    """R5 and Resolve step 1: only undefeated cards deal damage."""
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("R1")
    g.roll(R1="crit")
    g.apply("c16", "R1")
    g.do("resolve")
    assert g.state.hero.health == 6
    assert "c16" in g.state.defeated_this_round


# --- R6 -----------------------------------------------------------------------------------------------------------


def test_r6_an_instant_reward_may_be_declined(tmp_path: Path) -> None:
    """R6: on defeat the player takes or declines the instant reward (a logged choice)."""
    g = Game(arranged(tmp_path, ["c01"], ["c02"], ["c31"]))
    g.do("activate", stack=1)  # c01: Damage 1
    g.roll()
    g.do("resolve")
    assert g.state.hero.health == 5
    g.do("stack_discard", stack=3)
    g.do("activate", stack=2)  # c02: Health 4, instant heal 1
    g.commit("R1", "P1")
    g.roll(R1="crit", P1="crit")
    g.apply("c02", "R1", "P1")
    assert {c.cmd for c in g.legal()} == {"take_reward", "decline_reward"}
    g.do("decline_reward", card="c02")
    assert g.state.hero.health == 5
    assert any(isinstance(e, ev.RewardDecided) and not e.taken for e in g.events)


def test_r6_an_instant_reward_heals(tmp_path: Path) -> None:
    g = Game(arranged(tmp_path, ["c01"], ["c02"], ["c31"]))
    g.do("activate", stack=1)
    g.roll()
    g.do("resolve")
    g.do("stack_discard", stack=3)
    g.do("activate", stack=2)
    g.commit("R1", "P1")
    g.roll(R1="crit", P1="crit")
    g.apply("c02", "R1", "P1")
    g.do("take_reward", card="c02")
    assert g.state.hero.health == 6


def test_r6_item_rewards_wait_for_resolve_step_5(plain: Deck) -> None:
    """R6: an item reward is not gained on defeat; Resolve step 5 offers it (declining is allowed)."""
    g = Game(plain)
    g.do("activate", stack=2)  # c16: ongoing item
    g.commit("R1")
    g.roll(R1="crit")
    g.apply("c16", "R1")
    assert g.state.inventory == () and g.state.prompts == ()
    g.do("resolve")
    g.do("done")  # recover nothing
    assert awaiting(g.state)["kind"] == "gain_items"
    assert g.legal() == [Command("gain_item", card="c16"), Command("decline_item", card="c16")]
    g.do("gain_item", card="c16")
    assert list(g.state.inventory) == ["c16"] and g.state.step == "stack_discard"


# --- Resolve, in order ----------------------------------------------------------------------------------------------


def test_resolve_runs_its_steps_in_order(plain: Deck) -> None:
    """Suffer (undefeated only), After, exhaust every committed die, recover up to Recovery, items, cleanup."""
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("Y1", "Y2", "G1", "G2")
    g.roll(Y1="miss", Y2="miss", G1="miss", G2="miss")
    g.do("resolve")
    steps = [e.step for e in g.events if isinstance(e, ev.StepChanged)]
    assert steps == ["suffer", "after", "exhaust", "recover"]
    assert g.state.hero.health == 5  # c16 undefeated: Damage 1
    assert {d.id for d in g.state.dice_in("exhausted")} == {"Y1", "Y2", "G1", "G2"}
    assert awaiting(g.state) == {"kind": "recover", "text": awaiting(g.state)["text"], "limit": 3, "recovered": 0}
    for die in ("Y1", "G1", "G2"):  # dice exhausted a moment ago are eligible
        g.do("recover", die=die)
    assert g.legal("recover") == []  # Recovery 3 reached
    assert g.state.step == "stack_discard"  # no items to gain; cleanup discarded the card
    assert g.state.active == () and g.state.discard == ("c16",)
    assert g.state.die("Y2").zone == "exhausted"


def test_recovering_fewer_dice_is_allowed(plain: Deck) -> None:
    g = Game(plain)
    g.do("activate", stack=2)
    g.commit("Y1")
    g.roll(Y1="miss")
    g.do("resolve")
    g.do("done")
    assert g.state.die("Y1").zone == "exhausted" and g.state.step == "stack_discard"


def test_stack_discard_never_takes_a_mandatory_top(tmp_path: Path) -> None:
    """Solar Sentinels cleanup: the player discards a non-mandatory stack top."""
    g = Game(arranged(tmp_path, ["c01"], ["c17"], ["c16", "c05"]))
    g.do("activate", stack=3)  # R3: c16 is mandatory
    g.roll()
    g.do("resolve")
    assert g.legal("stack_discard") == [Command("stack_discard", stack=1), Command("stack_discard", stack=2)]
    g.do("stack_discard", stack=1)
    assert g.state.discard == ("c16", "c01") and g.state.table.stacks[2][0] == "c05"


# --- R7 (After effects) ---------------------------------------------------------------------------------------------

AFTER_1 = {"effects": [{"kind": "lose_health", "amount": 1, "timing": "after"}]}


def test_r7_one_after_effect_resolves_without_a_prompt_even_when_defeated(tmp_path: Path) -> None:
    """R7: a single pending After effect just resolves; After effects work on defeated cards."""
    g = Game(arranged(tmp_path, ["c01"], ["c17"], ["c31"], patch={"c01": AFTER_1}))
    g.do("activate", stack=1)
    g.commit("R1", "P1")
    g.roll(R1="crit", P1="hit")
    g.apply("c01", "R1", "P1")
    g.do("resolve")
    assert g.state.hero.health == 5  # no Damage (defeated), 1 from the After effect
    assert any(isinstance(e, ev.AfterResolved) for e in g.events)


def test_r7_several_after_effects_are_ordered_by_the_player(tmp_path: Path) -> None:
    deck = arranged(tmp_path, ["c03", "c01"], ["c17"], ["c31"], patch={"c01": AFTER_1, "c03": AFTER_1})
    g = Game(deck)
    g.do("activate", stack=1)  # c03: +1
    g.do("activate", stack=1)  # c01
    g.roll()
    g.do("resolve")
    assert awaiting(g.state)["kind"] == "order_after_effects"
    assert g.legal() == [Command("resolve_after", card="c03", effect=0), Command("resolve_after", card="c01", effect=0)]
    g.do("resolve_after", card="c01", effect=0)
    assert g.state.step != "after"  # the last one resolves on its own
    assert g.state.hero.health == 6 - 3 - 1 - 1 - 1


# --- R8 -----------------------------------------------------------------------------------------------------------


def test_r8_items_cannot_be_used_while_a_roll_is_resolved(tmp_path: Path) -> None:
    """R8: not while the physical faces are being entered; at any other prompt, yes; discarding: any time."""
    g = Game(arranged(tmp_path, ["c04"], ["c17"], ["c31"]))
    g.do("activate", stack=1)  # c04: Health 2, single-use item heal 2
    g.commit("R1")
    g.roll(R1="crit")
    g.apply("c04", "R1")
    g.do("resolve")
    g.do("done")
    g.do("gain_item", card="c04")
    g.do("stack_discard", stack=3)
    g.do("activate", stack=2)  # c17: Damage 3
    assert g.legal("use_item") == [Command("use_item", item="c04")]
    g.commit("B1")
    g.do("roll")
    assert g.state.step == "faces" and g.legal("use_item") == []
    rejected = g.refused("use_item", item="c04")
    assert rejected.code == "items_blocked" and "roll" in rejected.message
    assert Command("discard_item", item="c04") in g.legal()
    g.do("face", die="B1", face="miss")
    g.do("resolve")
    assert g.state.hero.health == 3
    g.do("done")
    g.do("use_item", item="c04")  # at the stack discard prompt
    assert g.state.hero.health == 5 and g.state.inventory == () and g.state.discard[-1] == "c04"


# --- R9 -----------------------------------------------------------------------------------------------------------


def test_r9_strategy_below_the_items_held_forces_use_or_discard(tmp_path: Path) -> None:
    """R9: c02's reward (patched: Strategy −2) leaves Strategy 1 with 2 items: use or discard until 1 is left."""
    patch = {
        "c02": {"reward": {"kind": "instant", "effects": [{"kind": "lower_stat", "stat": "strategy", "amount": 2}]}}
    }
    g = Game(arranged(tmp_path, ["c04", "c12", "c02"], ["c17"], ["c31", "c32", "c33"], patch=patch))
    for card, dice in (("c04", ["R1"]), ("c12", ["P1", "P2"])):
        g.do("activate", stack=1)
        g.commit(*dice)
        g.roll(**dict.fromkeys(dice, "crit"))
        g.apply(card, *dice)
        g.do("resolve")
        g.do("done")
        g.do("gain_item", card=card)
        g.do("stack_discard", stack=3)
    assert g.state.inventory == ("c04", "c12")
    g.do("activate", stack=1)  # c02: Health 4
    g.commit("P3", "P4")
    g.roll(P3="crit", P4="crit")
    g.apply("c02", "P3", "P4")
    g.do("take_reward", card="c02")
    assert g.state.hero.strategy == 1
    assert awaiting(g.state)["kind"] == "item_limit"
    assert {c.cmd for c in g.legal()} <= {"use_item", "discard_item"}
    assert g.refused("resolve").code == "not_now"
    g.do("discard_item", item="c12")
    assert list(g.state.inventory) == ["c04"] and g.state.prompts == ()
    assert Command("resolve") in g.legal()


# --- R10 ----------------------------------------------------------------------------------------------------------


def test_r10_the_general_rules_never_look_at_an_effect_kind() -> None:
    """R10: card text acts through hook points; the round's code never special-cases one kind of effect."""
    root = Path(__file__).resolve().parent.parent / "twentystrong" / "engine"
    for name in ("flow.py", "evolve.py"):
        text = (root / name).read_text(encoding="utf-8")
        assert "content.effects" not in text, f"{name} imports effect classes: use a hook point instead"
        assert not re.search(r"effect\.kind\s*(==|!=|in\b)", text), f"{name} tests an effect's kind: use a hook point"


# --- Endgame and R11 ----------------------------------------------------------------------------------------------


def clear_round(g: Game, stack: int = 1) -> None:
    """Win one round with well-chosen physical dice: activate from ``stack`` when allowed, crit everything."""
    while g.state.step == "activate":
        choices = g.legal("activate")
        g.do("activate", stack=stack if Command("activate", stack=stack) in choices else choices[0].stack)
    needed = sum(math.ceil(hooks.card_health(g.state, c) / 2) for c in g.state.active if not c.defeated)
    pool = [d.id for d in g.state.dice_in("pool")][::-1][:needed]
    g.commit(*pool)
    g.roll(**dict.fromkeys(pool, "crit"))
    for die in pool:
        target = next((c for c in g.state.active if not c.defeated), None)
        if target is not None:
            g.apply(target.id, die)
        while g.state.prompt is not None:
            g.do("take_reward", card=g.state.prompt.card)
    g.do("resolve")
    while g.legal("recover"):
        g.do("recover", die=g.legal("recover")[0].die)
    if g.state.step == "recover":
        g.do("done")
    while g.legal("decline_item"):
        g.do("decline_item", card=g.legal("decline_item")[0].card)
    if g.state.step == "stack_discard":
        choices = g.legal("stack_discard")
        g.do("stack_discard", stack=stack if Command("stack_discard", stack=stack) in choices else choices[0].stack)


def test_endgame_may_start_once_a_stack_is_empty_and_r11_boss_defeat_wins_at_once(plain: Deck) -> None:
    """Dwindling stacks: an empty stack lets the endgame start. R11: the boss's defeat wins mid-Apply, with the
    entourage still standing."""
    g = Game(plain)
    rounds = 0
    while g.state.table.stacks[0]:
        assert g.legal("start_endgame") == [], "no stack is empty yet"
        clear_round(g)
        rounds += 1
        assert g.state.result is None and rounds < 20
    assert awaiting(g.state)["kind"] == "endgame_choice"
    g.do("decline_endgame")  # may, not must
    clear_round(g, stack=2)
    g.do("start_endgame")
    boss = next(c for c in g.state.active if c.boss)
    assert boss.id == "big-one"  # no revealed boss: the boss deck's top (ordered)
    entourage = [c for c in g.state.active if c.entourage]
    assert len(entourage) == 1  # big-one's +1, no missions
    assert len(g.state.table.stacks) == 1 and g.state.discard == ()
    dice = [d.id for d in g.state.dice_in("pool")][::-1][:5]
    assert len(dice) == 5
    g.commit(*dice)
    g.roll(**dict.fromkeys(dice, "crit"))
    g.apply("big-one", *dice[:4])
    assert g.state.result is None and hooks.damage_taken(g.state, g.active("big-one")) == 8
    g.apply("big-one", dice[4])
    assert g.state.result == "won" and g.types()[-2:] == ["card_defeated", "game_over"]
    assert not g.active(entourage[0].id).defeated


def test_endgame_undefeated_cards_stay_and_heal(plain: Deck) -> None:
    """Endgame Cleanup: undefeated cards stay active; their dice were exhausted, so their damage resets."""
    g = Game(plain)
    while g.state.table.stacks[0]:
        clear_round(g)
    g.do("start_endgame")
    g.commit("R1")
    g.roll(R1="crit")
    g.apply("big-one", "R1")
    g.do("resolve")
    while g.state.step != "commit":
        g.do(g.legal()[-1].cmd, **{k: v for k, v in g.legal()[-1].to_dict().items() if k != "cmd"})
    assert g.state.active_card("big-one") is not None
    assert hooks.damage_taken(g.state, g.active("big-one")) == 0
    assert g.state.die("R1").zone in ("exhausted", "pool")
    assert g.state.endgame_rounds >= 1 and awaiting(g.state)["kind"] == "commit"  # no Activation in the endgame


def test_r14_the_stack_discard_goes_on_in_the_endgame(plain: Deck) -> None:
    """R14: endgame rounds are played like normal rounds, so at Cleanup the top card of the single endgame stack is
    discarded (a mandatory top excepted) and the next card turns up."""
    g = Game(plain)
    while g.state.table.stacks[0]:
        clear_round(g)
    g.do("start_endgame")
    g.roll()  # nothing committed: straight to the Apply step
    g.do("resolve")
    while g.state.step not in ("stack_discard", "commit"):
        g.do(g.legal()[0].cmd, **{k: v for k, v in g.legal()[0].to_dict().items() if k != "cmd"})
    stack = g.state.table.stacks[0]
    assert len(g.state.table.stacks) == 1 and len(stack) > 1 and not plain.card(stack[0]).mandatory  # (seed 1)
    assert g.state.step == "stack_discard" and g.legal("stack_discard") == [Command("stack_discard", stack=1)]
    events = g.do("stack_discard", stack=1)
    assert events[0] == sev.StackTopDiscarded(
        seq=events[0].seq, stack=1, card=stack[0], reason="cleanup", revealed=stack[1]
    )
    assert g.state.table.stacks[0] == stack[1:] and g.state.discard[-1] == stack[0]
