"""The heuristic bot's shortcuts give the answers of what they stand for (test_bots.py checks how it plays).

For speed the bot (``twentystrong.bots.reading``) indexes the effects in force once per set of effects, keeps
answers per state, skips a hook when no effect in force overrides it (a die then deals its face's damage, an enemy
its printed damage) and keeps targets and incoming damage for every state that shares the effects in force. These
tests play games on the shipped deck and on the deck that uses every passive kind, partly with random commands to
reach unusual states, and at every state compare each shortcut with the plain scan or hook call it replaces.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from twentystrong.bots import HeuristicBot, reading
from twentystrong.bots.reading import SAMPLE_DIE
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.content.loader import load_deck, load_shipped
from twentystrong.content.model import Deck
from twentystrong.engine import Rejected, SetupOptions, decide_and_apply, initial_state, legal_commands
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import ActiveCard, DieState, GameState

PASSIVE_DECK = Path(__file__).parent / "decks" / "effects_passive"
FACES: tuple[Face, ...] = ("hit", "crit")


@pytest.fixture(scope="module", params=["shipped", "passive"])
def deck(request: pytest.FixtureRequest) -> Deck:
    return load_shipped("solar-sentinels") if request.param == "shipped" else load_deck(PASSIVE_DECK)


def states(deck: Deck, seed: int, bot: HeuristicBot) -> list[GameState]:
    """The states of one game: the bot's moves, with one random command in four."""
    rng = random.Random(seed)
    hero = deck.heroes[seed % len(deck.heroes)].id
    s = initial_state(deck, SetupOptions(deck.id, hero, seed=seed, missions=seed % 2 == 0))
    out: list[GameState] = []
    while s.result is None and s.round <= 60 and len(out) < 1500:
        legal = legal_commands(s)
        chosen = bot.choose(s, legal)
        out.append(s)
        result = decide_and_apply(s, rng.choice(legal) if rng.random() < 0.25 else chosen)
        assert not isinstance(result, Rejected), result
        s = result[1]
    return out


def plain_apply_ok(s: GameState, color: Color, face: Face, card: ActiveCard) -> bool:
    die = DieState(SAMPLE_DIE[color], "active", face)
    return not any(h.apply_block(s, le, die, card) for h, le in hooks.passive(s) if not reading._passing(le.effect))


def first_live(s: GameState, card: ActiveCard, kind: str) -> fx.Effect | None:
    return next((le.effect for le in hooks.live_effects(s) if le.source == card.id and le.effect.kind == kind), None)


def first_passive(s: GameState, kind: str) -> fx.Effect | None:
    return next((le.effect for _, le in hooks.passive(s) if le.effect.kind == kind), None)


def plain_incoming(s: GameState) -> int:
    total = sum(hooks.enemy_damage(s, c) for c in s.active if not c.defeated)
    for le in hooks.live_effects(s):
        if le.is_enemy and le.effect.timing == "after" and isinstance(le.effect, fx.LoseHealth):
            total += le.effect.amount
    return total


def plain_threat(s: GameState, card: ActiveCard) -> float:
    value = float(hooks.enemy_damage(s, card))
    for _, le in hooks.passive(s):
        if le.source == card.id and le.effect.timing == "during":
            value += reading.DURING_THREAT.get(le.effect.kind, 0.0)
    return value


@pytest.mark.parametrize("seed", [1, 2])
def test_shortcuts_give_the_plain_answers(deck: Deck, seed: int) -> None:
    bot = HeuristicBot(seed)
    checked = 0
    for s in states(deck, seed, bot):
        if not s.active:
            continue
        checked += 1
        assert reading.incoming(s) == plain_incoming(s)
        kinds = {le.effect.kind for le in hooks.live_effects(s)} | {"no_such_kind"}
        for kind in kinds:
            assert reading.live_kind(s, kind) is first_passive(s, kind)
        for card in s.active:
            assert reading.threat(s, card) == plain_threat(s, card)
            assert reading.enemy_damage(s, card) == hooks.enemy_damage(s, card)
            caps = [le.effect for _, le in hooks.passive(s) if le.source == card.id]
            assert reading.capped(s, card) == any(
                isinstance(e, fx.DamageCapPerRound) and e.amount < hooks.card_health(s, card) for e in caps
            )
            for kind in kinds:
                assert reading.live_kind_on(s, card, kind) is first_live(s, card, kind)
            for color in COLORS:
                for face in FACES:
                    applied = DieState(SAMPLE_DIE[color], "applied", face, card.id)
                    assert reading.die_damage_if(s, color, face, card) == hooks.die_damage(s, applied, card)
                    assert reading.apply_ok_if(s, color, face, card) == plain_apply_ok(s, color, face, card)
        # Targets kept for every state that shares the effects in force are the ones worked out for this state.
        assert bot.targets(s) == bot._find_targets(s)
    assert checked > 20
