"""Issue 7: the odds read card rules through the engine's own hooks (``twentystrong.odds.engine_model``).

Scenario games use the generated decks of ``test_effects_passive`` (the cards under test on top of ordered stacks,
physical dice faces entered by the test); the model built from the hooks must agree with what the engine then does
with the dice: the damage an applied die deals (``hooks.die_damage``, ``hooks.damage_taken``) and which dice it
lets the player apply (the legal commands). The last test checks both over random games on the deck that uses
every passive kind.
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from test_effects_passive import PASSIVE_DECK, Game, card, effect, make_deck

from twentystrong.content.effects import Color, Face
from twentystrong.content.loader import load_deck
from twentystrong.engine import decide_and_apply, initial_state, legal_commands
from twentystrong.engine.commands import Command, Rejected
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import ActiveCard, GameState, SetupOptions
from twentystrong.odds import PLAIN, DamageModel, DiceCounts, applied_damage, kill_probabilities
from twentystrong.odds.dice import FaceCounts
from twentystrong.odds.engine_model import (
    combination_rules,
    coming_step,
    damage_ceiling,
    damage_model_for,
    face_blocks,
    probe_die,
    roll_caveats,
    roll_rules,
    step_limit,
    target_for,
)
from twentystrong.odds.rules import RollRules


def model_of(g: Game, card_id: str, *, now: bool = False) -> DamageModel:
    return damage_model_for(g.state, g.active(card_id), now=now)


def worth(model: DamageModel, color: Color, face: Face) -> int:
    """What the model says a die of ``color`` showing ``face`` deals once it is on the card (whether or not another
    such die could still be applied)."""
    damage = model.of(color)
    return damage.hit if face == "hit" else damage.crit if face == "crit" else 0


def assert_matches_engine(s: GameState, card: ActiveCard, model: DamageModel) -> None:
    """Every die on the card deals what the model says, and the card's damage is the model's sum (R5)."""
    dice = s.applied_to(card.id)
    assert dice, "the scenario should have applied dice"
    for die in dice:
        assert die.face is not None
        assert worth(model, die.color, die.face) == hooks.die_damage(s, die, card), die
    faces = [(d.color, d.face) for d in dice if d.face is not None]
    assert applied_damage(faces, model) == hooks.damage_taken(s, card)  # here every die may still be applied


def assert_applies_match_legal(s: GameState, card: ActiveCard, model: DamageModel) -> None:
    """A rolled die may be applied to the card exactly when the model says its colour and face may (now)."""
    legal = {(c.die, c.card) for c in legal_commands(s) if c.cmd == "apply"}
    for die in s.dice_in("active"):
        if die.face in ("hit", "crit"):
            assert ((die.id, card.id) in legal) == model.of(die.color).can_apply(die.face), (die, card.id)


def test_a_plain_card_is_the_plain_model(tmp_path: Path) -> None:
    g = Game(make_deck(tmp_path, [card("plain-one", health=5)]))
    g.do("activate", stack=1)
    assert model_of(g, "plain-one") == PLAIN
    target = target_for(g.state, g.active("plain-one"))
    assert (target.health, target.applied, target.model, target.name) == (5, 0, PLAIN, "plain-one")
    assert damage_ceiling(g.state, g.active("plain-one")) is None
    assert roll_caveats(g.state) == ()


def test_crits_deal_zero_comes_from_the_damage_hook(tmp_path: Path) -> None:
    """ "Crits deal 0": every colour's crit is worth 0 against the card, still appliable; hits unchanged."""
    g = Game(make_deck(tmp_path, [card("mirror-shell", effect("crits_deal_zero"), health=6)]))
    g.do("activate", stack=1)
    model = model_of(g, "mirror-shell")
    assert model == PLAIN.with_crits_dealing(0)
    assert model_of(g, "mirror-shell", now=True) == model
    g.commit("B1", "P1", "R1")
    g.roll(B1="crit", P1="hit", R1="crit")
    for die in ("B1", "P1", "R1"):
        g.apply(die, "mirror-shell")
    assert_matches_engine(g.state, g.active("mirror-shell"), model)
    assert target_for(g.state, g.active("mirror-shell")).applied == 1
    # The odds follow: two crits and a hit is 1 damage, not 5.
    assert kill_probabilities(DiceCounts.parse("R1"), 6, phases=1, model=model) == (0.0,)


def test_a_colour_bonus_held_by_the_hero_reaches_every_card(tmp_path: Path) -> None:
    """ "Blue +1" on the hero's ability: blue hits deal 2 and crits 3 to any card; other colours stay plain."""
    hero = {**{"id": "blue-hero", "name": "Blue Hero", "health": 6, "strategy": 3, "recovery": 3}}
    hero["ability"] = [effect("color_bonus", colors=["blue"], amount=1)]
    g = Game(make_deck(tmp_path, [card("target-one", health=9)], heroes=[hero]), hero="blue-hero")
    g.do("activate", stack=1)
    model = model_of(g, "target-one")
    assert model == PLAIN.with_bonus(["blue"], 1)
    assert (model.damage("blue", "hit"), model.damage("blue", "crit"), model.damage("red", "hit")) == (2, 3, 1)
    g.commit("B1", "B2", "G1")
    g.roll(B1="hit", B2="crit", G1="crit")
    for die in ("B1", "B2", "G1"):
        g.apply(die, "target-one")
    assert_matches_engine(g.state, g.active("target-one"), model)
    assert hooks.damage_taken(g.state, g.active("target-one")) == 2 + 3 + 2


def test_a_colour_bonus_against_one_level_gives_each_card_its_own_model(tmp_path: Path) -> None:
    """ "Green +1 against level 2": the level-2 card's model has it, the level-1 card's does not."""
    bonus = effect("color_bonus", colors=["green"], amount=1, against_level=2)
    low = card("low-one", bonus, health=9, additional=1)
    high = card("high-one", health=9, level=2)
    g = Game(make_deck(tmp_path, [low], [high]))
    g.do("activate", stack=1)
    g.do("activate", stack=2)
    assert model_of(g, "low-one") == PLAIN
    assert model_of(g, "high-one") == PLAIN.with_bonus(["green"], 1)
    g.commit("G1", "G2")
    g.roll(G1="hit", G2="hit")
    g.apply("G1", "low-one")
    g.apply("G2", "high-one")
    for card_id in ("low-one", "high-one"):
        assert_matches_engine(g.state, g.active(card_id), model_of(g, card_id))


def test_cannot_apply_color_comes_from_the_apply_hook(tmp_path: Path) -> None:
    """ "Blue and red cannot be applied": both faces of those colours are unappliable, and the legal commands
    agree die by die."""
    g = Game(make_deck(tmp_path, [card("warded", effect("cannot_apply_color", colors=["blue", "red"]), health=9)]))
    g.do("activate", stack=1)
    model = model_of(g, "warded")
    assert model == PLAIN.without_applying(["blue", "red"])
    assert model.damage("blue", "crit") == 0 and not model.of("red").can_apply("hit")
    g.commit("B1", "R1", "P1")
    g.roll(B1="crit", R1="hit", P1="hit")
    assert_applies_match_legal(g.state, g.active("warded"), model_of(g, "warded", now=True))
    # No blue or red die ever helps: the odds equal those of the purple die alone.
    dice = DiceCounts.from_ids(["B1", "R1", "P1"])
    assert kill_probabilities(dice, 2, phases=3, model=model) == kill_probabilities(
        DiceCounts.from_ids(["P1"]), 2, phases=3
    )


def test_crits_cannot_apply_and_basic_hits_deal_zero(tmp_path: Path) -> None:
    cards = [
        card("no-crits", effect("crits_cannot_apply"), health=9, additional=1),
        card("hard-skin", effect("basic_hits_deal_zero", colors=["yellow", "green"]), health=9),
    ]
    g = Game(make_deck(tmp_path, cards))
    g.do("activate", stack=1)
    g.do("activate", stack=1)  # +1: the card under it
    assert [c.id for c in g.state.active] == ["no-crits", "hard-skin"]
    no_crits, hard_skin = model_of(g, "no-crits"), model_of(g, "hard-skin")
    assert no_crits == PLAIN.without_applying(["yellow", "green", "blue", "purple", "red"], hits=False)
    assert hard_skin == PLAIN.with_color("yellow", hit=0).with_color("green", hit=0)
    g.commit("G1", "G2", "P1")
    g.roll(G1="hit", G2="crit", P1="crit")
    assert_applies_match_legal(g.state, g.active("no-crits"), model_of(g, "no-crits", now=True))
    g.apply("G1", "hard-skin")
    g.apply("G2", "hard-skin")
    g.apply("P1", "hard-skin")
    assert_matches_engine(g.state, g.active("hard-skin"), hard_skin)
    assert hooks.damage_taken(g.state, g.active("hard-skin")) == 0 + 2 + 2


def test_restrictions_of_one_apply_step_hold_now_but_not_for_the_phases_to_come(tmp_path: Path) -> None:
    """ "At most one die per Apply step": once a die is applied, nothing more may be now (``now=True``), but the
    model of the coming steps still lets every colour be applied."""
    g = Game(make_deck(tmp_path, [card("slow-gate", effect("apply_limit", count=1), health=9)]))
    g.do("activate", stack=1)
    g.commit("P1", "P2")
    g.roll(P1="hit", P2="hit")
    assert model_of(g, "slow-gate", now=True) == PLAIN
    g.apply("P1", "slow-gate")
    assert g.legal("apply") == []
    nothing = PLAIN.without_applying(["yellow", "green", "blue", "purple", "red"])
    assert model_of(g, "slow-gate", now=True) == nothing
    assert_applies_match_legal(g.state, g.active("slow-gate"), nothing)
    assert model_of(g, "slow-gate") == PLAIN
    fresh = coming_step(g.state)
    assert fresh.applied_this_step == () and all(d.face is None for d in fresh.dice_in("active"))
    assert coming_step(fresh) is fresh  # nothing to clear: the same state


def test_nothing_while_a_miss_shows_holds_only_for_the_roll_on_the_table(tmp_path: Path) -> None:
    g = Game(make_deck(tmp_path, [card("gloom", effect("no_apply_while_miss"), health=9)]))
    g.do("activate", stack=1)
    g.commit("Y1", "P1")
    g.roll(Y1="miss", P1="hit")
    assert model_of(g, "gloom", now=True) == PLAIN.without_applying(["yellow", "green", "blue", "purple", "red"])
    assert model_of(g, "gloom") == PLAIN


def test_the_probe_die_is_one_still_to_come(tmp_path: Path) -> None:
    """A same-colour pair: the open die of a pair deals nothing yet, but the model asks about a die not on the card
    (its pair will be complete), so a blue die is worth its face."""
    g = Game(make_deck(tmp_path, [card("twins", effect("same_color_pairs"), health=9)]))
    g.do("activate", stack=1)
    g.commit("B1", "B2")
    g.roll(B1="hit", B2="hit")
    g.apply("B1", "twins")
    assert hooks.damage_taken(g.state, g.active("twins")) == 0  # the open die of the pair
    assert probe_die(g.state, "blue", g.active("twins")) == "B2"
    assert model_of(g, "twins").damage("blue", "hit") == 1


def test_a_damage_cap_is_the_ceiling(tmp_path: Path) -> None:
    g = Game(make_deck(tmp_path, [card("capped", effect("damage_cap_per_round", amount=4), health=6)]))
    g.do("activate", stack=1)
    assert damage_ceiling(g.state, g.active("capped")) == 4
    assert model_of(g, "capped") == PLAIN


def test_roll_changes_are_read_from_the_hooks(tmp_path: Path) -> None:
    """Issue 17: kept faces (``hooks.keeps_face``) and inverted colours (``hooks.read_face``) are roll rules the odds
    hold; an effect that acts after each roll (a hit rolled again for each miss) is named as a caveat."""
    cards = [
        card("sticky", effect("misses_not_rerolled"), health=9, additional=2),
        card("flip", effect("invert_results", colors=["green"]), health=9),
        card("weaver", effect("reroll_hit_per_miss"), health=9),
    ]
    g = Game(make_deck(tmp_path, cards))
    assert roll_rules(g.state) == RollRules()
    g.do("activate", stack=1)
    assert roll_rules(g.state) == RollRules.of(kept=["miss"])
    assert roll_caveats(g.state) == ()
    g.do("activate", stack=1)
    g.do("activate", stack=1)
    rules = roll_rules(g.state)
    assert rules == RollRules.of(kept=["miss"], inverted=["green"], forced_rerolls=True)
    assert rules.faces_of("green") == FaceCounts(miss=2, hit=3, crit=1)
    assert roll_caveats(g.state) == ("After each roll, for each miss one of the rolled hits must be rolled again.",)


def _pick(rng: random.Random, s: GameState, legal: list[Command]) -> Command:
    """Mostly commit about half the pool and apply hits; otherwise any legal command."""
    if rng.random() < 0.15:
        return rng.choice(legal)
    wanted = [c for c in legal if c.cmd in ("gain_item", "recover", "take_reward", "start_endgame", "apply")]
    if len(s.dice_in("active")) < len(s.dice_in("pool")):
        wanted += [c for c in legal if c.cmd == "commit"]
    return rng.choice(wanted or legal)


@pytest.mark.parametrize("seed", range(12))
def test_the_model_agrees_with_the_engine_over_random_games(seed: int) -> None:
    """Over random games on the deck that uses every passive kind: at every Apply step, for every active card,
    the model of the moment (``now=True``) allows exactly the legal applies, and every applied die deals what the
    model says (an open same-colour pair excepted: that rule is about combinations of dice)."""
    deck = load_deck(PASSIVE_DECK)
    hero = ("tester", "steady", "blue-blade")[seed % 3]
    state = initial_state(deck, SetupOptions(deck.id, hero, seed=seed))
    rng = random.Random(seed)
    checked = 0
    for _ in range(5_000):
        legal = legal_commands(state)
        if not legal:
            break
        if state.step == "apply" and state.prompt is None:
            for active in state.active:
                model = damage_model_for(state, active, now=True)
                assert_applies_match_legal(state, active, model)
                pairs = any(le.effect.kind == "same_color_pairs" for _, le in hooks.passive(state))
                for die in state.applied_to(active.id):
                    if die.face is not None and not pairs:
                        assert worth(model, die.color, die.face) == hooks.die_damage(state, die, active)
                        checked += 1
        result = decide_and_apply(state, _pick(rng, state, legal))
        assert not isinstance(result, Rejected), result
        state = result[1]
    assert checked > 0


@pytest.mark.parametrize(
    ("rule", "held", "named"),
    [
        (effect("apply_limit", count=2), 2, False),
        (effect("no_apply_while_miss"), None, True),
        (effect("one_die_per_color_per_step"), None, True),
        (effect("one_color_per_enemy"), None, True),
        (effect("same_color_pairs"), None, True),
        (effect("requires_pair", color="purple", partner="green"), None, True),
        (effect("apply_limit", count=3, scope="card"), None, True),
        (effect("requires_colors_to_defeat", count=3), None, True),
        (effect("crits_deal_zero"), None, False),
    ],
)
def test_apply_rules_beyond_the_model_are_probed(
    tmp_path: Path, rule: dict[str, Any], held: int | None, named: bool
) -> None:
    """Issue 17: an Apply step's dice limit is read from the hooks (the odds hold it); rules about the faces showing,
    the dice of the same step or the dice already on the card are named (the odds do not hold them)."""
    g = Game(make_deck(tmp_path, [card("ruled", rule, health=6)]))
    g.do("activate", stack=1)
    assert step_limit(g.state) == held
    words = (*face_blocks(g.state), *combination_rules(g.state))
    assert bool(words) == named
    if named:
        assert words == (f"Ruled: {hooks.describe(effect_of(g))}",)


def effect_of(g: Game) -> Any:
    return hooks.card_effects(g.state, g.state.active[0])[0]
