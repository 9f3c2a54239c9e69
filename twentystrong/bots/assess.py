"""What the heuristic bot knows about cards before it fights them: how hard, how harmful, how rewarding.

Values are in "Health points": a reward worth 2 is about as good as healing 2. They are judgement, tuned by
simulation, and read only the card's printed data (a card's effects are not live until it is activated).
"""

from __future__ import annotations

from typing import Final, NamedTuple

from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.content.model import Boss, ConflictCard, Reward

HARDER: Final[dict[str, float]] = {
    "crits_deal_zero": 1.3,
    "invert_results": 1.25,
    "one_die_per_color_per_step": 1.15,
    "misses_not_rerolled": 1.3,
    "crits_cannot_apply": 1.15,
    "requires_pair": 1.2,
    "apply_requires_exhausted_color": 1.4,
    "same_color_pairs": 1.35,
    "apply_limit": 1.35,
    "commit_limit": 1.2,
    "reroll_hit_per_miss": 1.5,
    "one_color_per_enemy": 1.35,
    "no_apply_while_miss": 1.6,
    "requires_colors_to_defeat": 1.4,
    "one_defeat_per_step": 1.1,
    "immune_while_others": 1.2,
    "cannot_commit_color": 1.1,
    "flees_on_roll": 0.9,
}
"""How much harder a card's effect makes it to defeat: its Health is multiplied by this."""

PER_COLOR_HARDER: Final[dict[str, float]] = {
    "basic_hits_deal_zero": 0.12,
    "cannot_apply_color": 0.1,
    "color_bonus": 0.12,
}
"""Effects whose difficulty grows with the colours they name (added to 1 per colour)."""

HARM: Final[dict[str, float]] = {
    "lose_health": 1.0,
    "lose_health_per_miss": 1.5,
    "no_recovery": 1.0,
    "items_blocked": 0.3,
    "banish_strongest_pool_die": 1.8,
    "banish_applied_dice": 1.2,
    "extra_enemy_next_round": 1.2,
    "exhaust_pool_dice": 0.6,
    "lower_stat": 2.0,
    "roll_test": 0.4,
    "commit_all_of_color": 0.4,
    "defeat_also_defeats": -0.5,
    "discard_stack_top": -0.3,
    "returns_unless_first_defeat": 0.3,
    "reveal_boss": 0.0,
}
"""What an effect costs the player whether or not the card is defeated (After and Special effects, side costs)."""

SEVERITY: Final[dict[str, float]] = {
    "banish_strongest_pool_die": 3.0,
    "lower_stat": 3.0,
    "lose_health_per_miss": 2.5,
    "damage_cap_per_round": 2.5,
    "no_apply_while_miss": 2.0,
    "reroll_hit_per_miss": 2.0,
    "no_recovery": 1.5,
    "banish_applied_dice": 1.5,
    "immune_while_others": 2.0,
    "requires_colors_to_defeat": 2.0,
    "lose_health": 1.0,
}
"""How much the bot wants an active card's effects cancelled."""

ITEM_VALUE: Final[dict[str, float]] = {
    "heal": 1.0,  # per point
    "recover": 0.4,  # per die; "all" counts as 8
    "raise_stat": 1.8,
    "set_stat": 1.5,
    "roll_exhausted_recover_hits": 2.0,
    "defeat_enemy": 2.5,
    "discard_enemy": 2.0,
    "set_enemy_health": 3.0,
    "cancel_enemy_effects": 1.5,
    "take_stack_reward": 1.0,
    "activate_fewer": 1.0,
    "double_next_instant": 0.8,
    "reveal_boss": 0.2,
    "discard_stack_top": 0.8,
    "color_bonus": 1.5,
    "convert_face": 2.2,
    "swap_miss_and_hit": 0.8,
    "pair_misses_to_hits": 1.4,
    "keep_unapplied_hits": 1.8,
    "extra_recovery": 2.4,
    "stat_modifier": 0.0,
    "banish_for_damage": 1.2,
}
"""What a reward effect is worth to the bot."""


def effect_value(effect: Effect) -> float:
    """The worth of one reward effect."""
    base = ITEM_VALUE.get(effect.kind, 0.5)
    if isinstance(effect, fx.Heal):
        return base * effect.amount
    if isinstance(effect, fx.Recover):
        return base * (effect.count or (4 if effect.colors else 8))
    if isinstance(effect, fx.StatModifier):
        return 1.5 * effect.amount
    if isinstance(effect, fx.ConvertFace) and effect.from_face != "miss":
        return base * 0.7
    return base


def reward_value(reward: Reward | None) -> float:
    """The worth of a reward (instant or item)."""
    if reward is None:
        return 0.0
    return sum(effect_value(e) for e in reward.effects)


def difficulty(card: ConflictCard | Boss) -> float:
    """The factor by which a card's effects make it harder to defeat than its Health says."""
    effects = card.effects if isinstance(card, ConflictCard) else card.rules
    factor = 1.0
    for e in effects:
        factor *= HARDER.get(e.kind, 1.0)
        per = PER_COLOR_HARDER.get(e.kind)
        if per is not None:
            named = getattr(e, "colors", None) or []
            if isinstance(e, fx.ColorBonus) and e.amount > 0:
                continue
            factor *= 1 + per * len(named)
    return factor


def harm(card: ConflictCard) -> float:
    """What a card's side effects cost the player, defeated or not."""
    return sum(HARM.get(e.kind, 0.0) * (e.amount if isinstance(e, fx.LoseHealth) else 1) for e in card.effects)


def unkillable_health(card: ConflictCard | Boss) -> bool:
    """Whether dice alone cannot defeat it in one round (a damage cap below its Health)."""
    effects = card.effects if isinstance(card, ConflictCard) else card.rules
    return any(isinstance(e, fx.DamageCapPerRound) and e.amount < card.health for e in effects)


def severity(effects: list[Effect]) -> float:
    """How much the bot wants these effects cancelled."""
    return sum(SEVERITY.get(e.kind, 0.3) for e in effects)


class FightFacts(NamedTuple):
    """What a conflict card's printed data says about fighting it (see ``HeuristicBot._fight_cost``)."""

    reward: float
    """:func:`reward_value` of its reward."""
    instant: bool
    """Its reward is instant (worth what it does now, at most)."""
    unkillable: bool
    """:func:`unkillable_health`."""
    tough: float
    """Its Health times its :func:`difficulty`."""
    harm: float
    """:func:`harm`."""


def fight_facts(card: ConflictCard) -> FightFacts:
    """The printed facts the bot weighs when it chooses a fight, worked out once per card."""
    instant = card.reward is not None and card.reward.kind == "instant"
    tough = card.health * difficulty(card)
    return FightFacts(reward_value(card.reward), instant, unkillable_health(card), tough, harm(card))
