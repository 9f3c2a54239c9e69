"""The effects in force and the hook points, on states built for the purpose (contract 7)."""

from __future__ import annotations

import random
from dataclasses import replace
from pathlib import Path

from twentystrong.content import effects as fx
from twentystrong.content.heroes import with_hero
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import DIE_IDS, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import DieState, with_die

DECKS = Path(__file__).parent / "decks"


def _with_conditional_round_effect(deck: Deck) -> tuple[Deck, str]:
    """The deck with a single-use item whose effect lasts the round but only while a blue die is exhausted."""
    card = next(
        c
        for c in deck.cards
        if c.reward is not None
        and c.reward.kind == "single_use"
        and any(getattr(e, "this_round", False) for e in c.reward.effects)
    )
    assert card.reward is not None
    effect = card.reward.effects[0].model_copy(update={"condition": fx.Condition(color_exhausted="blue")})
    reward = card.reward.model_copy(update={"effects": [effect]})
    changed = card.model_copy(update={"reward": reward})
    return deck.model_copy(update={"cards": [changed if c.id == card.id else c for c in deck.cards]}), card.id


def test_an_effect_kept_for_the_round_comes_into_force_when_its_condition_comes_true() -> None:
    """A spent item's round effect that waits on an exhausted colour: not in force until a blue die is exhausted,
    in force from then on (the effects in force are read from the dice too)."""
    deck, item = _with_conditional_round_effect(load_shipped("solar-sentinels"))
    hero = deck.heroes[0].id
    s = initial_state(deck, SetupOptions(deck.id, hero))
    s = s.changed({"hero": replace(s.hero, id=hero), "round_flags": (f"{hooks.ROUND_EFFECT}{item}#0",)})
    assert f"{item}#0" not in [le.key for _, le in hooks.passive(s)]  # no blue die exhausted yet
    blue = next(d for d in DIE_IDS if color_of(d) == "blue")
    after = s.changed({"dice": with_die(s, DieState(blue, "exhausted"))})
    assert f"{item}#0" in [le.key for _, le in hooks.passive(after)]
    assert f"{item}#0" not in [le.key for _, le in hooks.passive(s)]  # the first state's answer stands


def test_a_die_has_the_colour_of_its_id() -> None:
    for die_id in DIE_IDS:
        assert DieState(die_id, "applied", "crit", "card").color == color_of(die_id)
    deck = load_shipped("solar-sentinels")
    state = initial_state(deck, SetupOptions(deck.id, deck.heroes[0].id))
    assert [d.color for d in state.dice] == [color_of(d) for d in DIE_IDS]


def test_a_universal_hero_from_another_deck_plays() -> None:
    """A hero played with another deck (``deck/hero``): the game's deck is a copy that holds it too, and its
    ability is in force."""
    triggered = load_deck(DECKS / "effects_triggered")
    hero = f"{triggered.id}/wanderer"
    deck = with_hero(load_shipped("solar-sentinels"), hero, [triggered])
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=3))
    rng = random.Random(3)
    for _ in range(400):
        if s.result is not None:
            break
        out = decide_and_apply(s, rng.choice(legal_commands(s)))
        assert not isinstance(out, Rejected)
        s = out[1]
        if s.step != "setup":
            assert any(le.origin == "hero" and le.source == hero for le in hooks.live_effects(s))
    assert s.round >= 2 and s.counter("ability_used") > 0  # its ability was used, not only held


def test_whether_recovered_colours_fit_does_not_depend_on_their_order() -> None:
    """``hooks._fits`` is asked with the colours sorted, so its memo serves every order: it must give the same
    answer for any order (it tries every placement)."""
    fits = hooks._fits.__wrapped__
    rng = random.Random(5)
    colors = ["yellow", "green", "blue", "red", "purple"]
    for _ in range(2000):
        slots = tuple(
            (rng.randint(0, 3), None if rng.random() < 0.4 else tuple(rng.sample(colors, rng.randint(1, 3))))
            for _ in range(rng.randint(1, 3))
        )
        asked = [rng.choice(colors) for _ in range(rng.randint(0, 6))]
        shuffled = asked[:]
        rng.shuffle(shuffled)
        assert fits(slots, tuple(asked)) == fits(slots, tuple(sorted(asked))) == fits(slots, tuple(shuffled))
