"""What the engine keeps with a state gives the answers a fresh copy of that state works out from scratch.

States carry answers (``state.derived``) and inherit others from the state before them while the fields those were
read from are unchanged (the effects in force, ``state.CARRIED``; the dice by zone). A wrong dependency would keep
a stale answer: these tests play games with every kind of effect, partly with random commands to reach unusual
states, and compare at every state with ``dataclasses.replace(state)``, which builds the same state with nothing
worked out yet.
"""

from __future__ import annotations

import dataclasses
import random
from pathlib import Path

import pytest

from twentystrong.content.effects import Condition
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.dice import DIE_IDS, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import DieState, GameState, fast_replace, with_die

DECKS = Path(__file__).parent / "decks"


def _answers(s: GameState) -> tuple[object, ...]:
    """What the rules ask of a state most, with the answers the engine keeps."""
    return (
        [le.key for le in hooks.live_effects(s)],
        [le.key for _, le in hooks.passive(s)],
        [le.key for _, le in hooks.passive_with(s, "apply_block")],
        legal_commands(s),
        hooks.recoverable(s),
        [(c.id, hooks.damage_taken(s, c), hooks.enemy_damage(s, c)) for c in s.active],
        [s.dice_in(zone) for zone in ("pool", "active", "applied", "exhausted", "banished")],
    )


@pytest.mark.parametrize("deck_name", ["shipped", "effects_passive", "effects_triggered"])
def test_kept_answers_match_a_fresh_state(deck_name: str) -> None:
    deck = load_shipped("solar-sentinels") if deck_name == "shipped" else load_deck(DECKS / deck_name)
    checked = 0
    for seed in range(40):
        if checked >= 500:
            break
        rng = random.Random(seed)
        hero = deck.heroes[seed % len(deck.heroes)].id
        s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed, missions=seed % 2 == 0))
        for _ in range(400):
            if s.result is not None:
                break
            legal = legal_commands(s)
            out = decide_and_apply(s, rng.choice(legal))
            assert not isinstance(out, Rejected)
            s = out[1]
            assert _answers(s) == _answers(dataclasses.replace(s)), (deck_name, seed, s.seq)
            checked += 1
    assert checked >= 500


def _with_conditional_round_effect(deck: Deck) -> tuple[Deck, str]:
    """The deck with a single-use item whose "this round" effect holds only while a blue die is exhausted."""
    card = next(
        c
        for c in deck.cards
        if c.reward is not None
        and c.reward.kind == "single_use"
        and any(getattr(e, "this_round", False) for e in c.reward.effects)
    )
    assert card.reward is not None
    effect = card.reward.effects[0].model_copy(update={"condition": Condition(color_exhausted="blue")})
    reward = card.reward.model_copy(update={"effects": [effect]})
    changed = card.model_copy(update={"reward": reward})
    return deck.model_copy(update={"cards": [changed if c.id == card.id else c for c in deck.cards]}), card.id


def test_an_effect_kept_for_the_round_comes_into_force_when_its_condition_comes_true() -> None:
    """A spent item's round effect that waits on an exhausted colour: the effects in force must be worked out
    again when the dice change, although the effect was not in force (its condition failed) when first asked."""
    deck, item = _with_conditional_round_effect(load_shipped("solar-sentinels"))
    hero = deck.heroes[0].id
    s = initial_state(deck, SetupOptions(deck.id, hero))
    s = fast_replace(s, hero=dataclasses.replace(s.hero, id=hero), round_flags=(f"{hooks.ROUND_EFFECT}{item}#0",))
    assert f"{item}#0" not in [le.key for _, le in hooks.passive(s)]  # no blue die exhausted yet
    blue = next(d for d in DIE_IDS if color_of(d) == "blue")
    after = fast_replace(s, dice=with_die(s, DieState(blue, "exhausted")))
    assert f"{item}#0" in [le.key for _, le in hooks.passive(after)]
    assert [le.key for _, le in hooks.passive(after)] == [le.key for _, le in hooks.passive(dataclasses.replace(after))]


def test_a_die_keeps_its_colour_however_it_is_made() -> None:
    """``DieState.color`` is stored when a die value is made, not read from its id each time: every way of making a
    value sets it from the id, and it is no field (equality, hashing, ``repr`` and the fields see the four fields)."""
    import copy
    import pickle

    from twentystrong.engine.state import die_state

    assert [f.name for f in dataclasses.fields(DieState)] == ["id", "zone", "face", "card"]
    for die_id in DIE_IDS:
        plain = DieState(die_id, "applied", "crit", "card")
        made = [
            plain,
            DieState(die_id),
            die_state(die_id, "applied", "crit", "card"),
            dataclasses.replace(DieState("R1", "pool"), id=die_id),
            copy.copy(plain),
            copy.deepcopy(plain),
            pickle.loads(pickle.dumps(plain)),
        ]
        for die in made:
            assert die.color == color_of(die_id)
        assert made[2] == plain and made[4] == plain and made[5] == plain and made[6] == plain
        assert hash(made[6]) == hash(plain) == hash((die_id, "applied", "crit", "card"))  # the fields alone
        assert repr(plain) == f"DieState(id={die_id!r}, zone='applied', face='crit', card='card')"
        assert plain != DieState(die_id, "applied", "hit", "card")
    deck = load_shipped("solar-sentinels")
    state = initial_state(deck, SetupOptions(deck.id, deck.heroes[0].id))
    assert [d.color for d in state.dice] == [color_of(d) for d in DIE_IDS]
