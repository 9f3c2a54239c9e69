"""Reading a game state the way the heuristic bot needs it: what is left to kill, how dangerous it is, what a die
of some colour would do to it. Every rule-dependent number comes from the engine's hook points."""

from __future__ import annotations

from typing import Final

from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Face
from twentystrong.engine.dice import DIE_IDS, STRENGTH, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import ActiveCard, DieState, GameState

SAMPLE_DIE: Final[dict[Color, str]] = {c: next(d for d in DIE_IDS if color_of(d) == c) for c in COLORS}
"""A die id of each colour, for "what would a die of this colour do" questions."""


def strength(die: DieState) -> int:
    """Weaker dice first: yellow 0 … red 4."""
    return STRENGTH[die.color]


def undefeated(s: GameState) -> list[ActiveCard]:
    """Active cards still standing."""
    return [c for c in s.active if not c.defeated]


def remaining(s: GameState, card: ActiveCard) -> int:
    """Damage still needed to defeat the card (0 when reached but a rule holds it up)."""
    return max(0, hooks.card_health(s, card) - hooks.damage_taken(s, card))


def capped(s: GameState, card: ActiveCard) -> bool:
    """Dice cannot defeat it this round: a damage cap below the Health still missing."""
    for _, le in hooks.passive(s):
        if le.source == card.id and isinstance(le.effect, fx.DamageCapPerRound):
            if le.effect.amount < hooks.card_health(s, card):
                return True
    return False


def threat(s: GameState, card: ActiveCard) -> float:
    """How much the player wants this card gone: the damage it deals, and harm its During effects do."""
    value = float(hooks.enemy_damage(s, card))
    for _, le in hooks.passive(s):
        if le.source == card.id and le.effect.timing == "during":
            value += DURING_THREAT.get(le.effect.kind, 0.0)
    return value


DURING_THREAT: Final[dict[str, float]] = {
    "lose_health_per_miss": 1.5,
    "no_apply_while_miss": 2.0,
    "reroll_hit_per_miss": 1.0,
    "misses_not_rerolled": 0.5,
    "commit_limit": 0.5,
    "one_defeat_per_step": 0.5,
    "items_blocked": 0.2,
}
"""How much a During effect adds to the wish to defeat its card first (it ends on defeat, R6)."""


def incoming(s: GameState) -> int:
    """Health the player loses at Resolve step 1 if nothing more is defeated, plus After Health losses."""
    total = sum(hooks.enemy_damage(s, c) for c in undefeated(s))
    for le in hooks.live_effects(s):
        if le.is_enemy and le.effect.timing == "after" and isinstance(le.effect, fx.LoseHealth):
            total += le.effect.amount
    return total


def rolls_left(s: GameState) -> int:
    """How many more rolls a die committed now gets, this phase included (R4)."""
    return max(1, s.hero.strategy - s.phases_used + 1)


def live_kind(s: GameState, kind: str) -> fx.Effect | None:
    """A passive effect of this kind in force now, if any."""
    for _, le in hooks.passive(s):
        if le.effect.kind == kind:
            return le.effect
    return None


def die_damage_if(s: GameState, color: Color, face: Face, card: ActiveCard) -> int:
    """The damage a die of this colour showing this face would deal to the card, modifiers included (R5)."""
    die = DieState(SAMPLE_DIE[color], "applied", face, card.id)
    return hooks.die_damage(s, die, card)


def apply_ok_if(s: GameState, color: Color, face: Face, card: ActiveCard) -> bool:
    """Whether a die of this colour showing this face could be applied to the card in a coming Apply step:
    limits that last one step, and the faces the other dice show now, are not held against it."""
    die = DieState(SAMPLE_DIE[color], "active", face)
    for h, le in hooks.passive(s):
        if _passing(le.effect):
            continue
        if h.apply_block(s, le, die, card):
            return False
    return True


def _passing(effect: fx.Effect) -> bool:
    """A restriction that only lasts until the next Apply step (or the next roll)."""
    if isinstance(effect, fx.ApplyLimit):
        return effect.scope == "step"
    return isinstance(effect, (fx.NoApplyWhileMiss, fx.OneDiePerColorPerStep))
