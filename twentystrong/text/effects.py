"""Effects in plain words, for the card browser, the inventory and the log.

Precedence of the words (one source per kind, the card's own wording first):

1. the effect's ``text`` override, written by the deck author;
2. the kind's handler's ``describe(effect)`` (the engine implements each kind once, and says it once);
3. while a handler has no words of its own yet: a phrase from the table below;
4. a generic rendering of the kind's title and parameters (never a bare ``snake_case`` name).

The trigger and the guard (``condition``) are said around the phrase; the timing is said by :func:`timing_label`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from twentystrong.content import effects as fx
from twentystrong.content.effects import Condition, Effect
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler
from twentystrong.text.words import colors, join, plural, sentence, signed, stat_name

TRIGGER_WORDS: dict[str, str] = {
    "on_activate": "on activate",
    "on_defeat": "on defeat",
    "after_roll": "after each roll",
    "start_of_round": "at the start of each round",
    "after_suffer_damage": "after you suffer damage",
    "on_enemy_defeated": "when an enemy is defeated",
    "on_use": "when used",
}
"""Each trigger in the words a label or a sentence uses."""

KIND_TITLES: dict[str, str] = {
    "cannot_commit_color": "No committing a colour",
    "commit_limit": "Commit limit",
    "commit_all_of_color": "Commit all of a colour",
    "misses_not_rerolled": "Misses stay",
    "reroll_hit_per_miss": "Reroll a hit per miss",
    "invert_results": "Inverted results",
    "roll_test": "Roll test",
    "apply_limit": "Apply limit",
    "one_die_per_color_per_step": "One die per colour",
    "one_color_per_enemy": "One colour per enemy",
    "same_color_pairs": "Same-colour pairs",
    "cannot_apply_color": "No applying a colour",
    "crits_cannot_apply": "No crits",
    "requires_pair": "Paired colours",
    "apply_requires_exhausted_color": "Exhausted colour needed",
    "no_apply_while_miss": "No applying while a miss shows",
    "crits_deal_zero": "Crits deal nothing",
    "basic_hits_deal_zero": "Basic hits deal nothing",
    "color_bonus": "Colour bonus",
    "damage_cap_per_round": "Damage cap",
    "immune_while_others": "Immune while others stand",
    "requires_colors_to_defeat": "Colours needed to defeat",
    "one_defeat_per_step": "One defeat per step",
    "defeat_also_defeats": "Double defeat",
    "returns_unless_first_defeat": "Returns unless first",
    "flees_on_roll": "Flees",
    "lose_health_per_miss": "Health lost per miss",
    "no_recovery": "No recovery",
    "items_blocked": "Items blocked",
    "banish_strongest_pool_die": "Banish the strongest die",
    "banish_applied_dice": "Banish applied dice",
    "extra_enemy_next_round": "Extra enemy next round",
    "enemy_damage_fixed": "Fixed enemy damage",
    "lose_health": "Lose Health",
    "exhaust_pool_dice": "Exhaust pool dice",
    "lower_stat": "Lower a stat",
    "discard_stack_top": "Discard a stack top",
    "reveal_boss": "Reveal the boss",
    "heal": "Heal",
    "recover": "Recover dice",
    "raise_stat": "Raise a stat",
    "set_stat": "Set a stat",
    "roll_exhausted_recover_hits": "Roll the exhausted dice",
    "defeat_enemy": "Defeat an enemy",
    "discard_enemy": "Discard an enemy",
    "set_enemy_health": "Set an enemy's Health",
    "cancel_enemy_effects": "Cancel an enemy's effects",
    "take_stack_reward": "Take a stack top's reward",
    "activate_fewer": "Activate one fewer",
    "double_next_instant": "Double the next instant reward",
    "convert_face": "Change a face",
    "swap_miss_and_hit": "Swap a miss and a hit",
    "pair_misses_to_hits": "Two misses become hits",
    "keep_unapplied_hits": "Hits stay",
    "extra_recovery": "Extra recovery",
    "stat_modifier": "Stat trade-off",
    "banish_for_damage": "Banish a die for damage",
    "ignore_effect": "Ignore an effect",
    "win_condition": "Win condition",
}
"""A short title for every effect kind (lists, ``ignore_effect``, the generic fallback)."""

# Kinds whose phrase already says "after each roll": their trigger is not said twice.
_SAYS_ITS_MOMENT = frozenset({"lose_health_per_miss", "reroll_hit_per_miss", "flees_on_roll"})


def kind_title(kind: str) -> str:
    """A short title for an effect kind (``no_recovery`` → ``No recovery``)."""
    return KIND_TITLES.get(kind) or sentence(kind.replace("_", " ")).rstrip(".")


def describe_effect(effect: Effect) -> str:
    """The effect as one or more sentences a player understands (trigger and guard included, timing not)."""
    if effect.text:
        return sentence(effect.text)  # the author's wording says everything, trigger included
    body = _body(effect)
    prefix = trigger_words(effect)
    guard = condition_words(effect.condition)
    if guard:
        prefix = f"{prefix}, {guard}" if prefix else guard
    if prefix:
        body = body if body[1:2].isupper() else body[0].lower() + body[1:]
        return sentence(f"{prefix}: {body}")
    return sentence(body)


def describe_effects(effects: list[Effect]) -> str:
    """Several effects, one sentence each, joined by spaces."""
    return " ".join(describe_effect(e) for e in effects)


def trigger_words(effect: Effect) -> str:
    """``At the start of each round`` for a triggered effect ("" when the trigger goes in the label instead)."""
    if effect.trigger is None or effect.trigger == "on_use" or effect.timing in ("special", "after"):
        return ""
    if effect.trigger == "after_roll" and effect.kind in _SAYS_ITS_MOMENT:
        return ""
    words = TRIGGER_WORDS.get(effect.trigger, effect.trigger.replace("_", " "))
    return words[0].upper() + words[1:]


def condition_words(condition: Condition | None) -> str:
    """A guard in words: ``if your Health is below 3 and a blue die is exhausted`` ("" when there is none)."""
    if condition is None:
        return ""
    parts: list[str] = []
    if condition.health_below is not None:
        parts.append(f"your Health is below {condition.health_below}")
    if condition.health_at_most is not None:
        parts.append(f"your Health is {condition.health_at_most} or less")
    if condition.enemy_level is not None:
        parts.append(f"the enemy is level {condition.enemy_level}")
    if condition.color_exhausted is not None:
        parts.append(f"a {condition.color_exhausted} die is exhausted")
    if condition.other_enemies_active is True:
        parts.append("another undefeated enemy is active")
    elif condition.other_enemies_active is False:
        parts.append("it is the only undefeated enemy")
    return f"if {join(parts)}" if parts else ""


def timing_label(effect: Effect, reward: str | None = None, *, hero: bool = False) -> str:
    """The heading an effect is listed under: ``During:``, ``After:``, ``Special (on activate):``,
    ``Instant reward:``, ``Single-use item:``, ``Ongoing item (once per round):``, ``Ability:``.

    ``reward`` is the reward kind when the effect belongs to a reward; ``hero`` marks a hero's ability.
    """
    once = " (once per round)" if effect.once_per_round else ""
    if hero:
        return f"Ability{once}:"
    if reward == "instant":
        return "Instant reward:"
    if reward == "single_use":
        return "Single-use item:"
    if reward == "ongoing":
        return f"Ongoing item{once}:"
    if effect.timing == "after":
        return "After:"
    if effect.timing == "special":
        when = TRIGGER_WORDS.get(effect.trigger or "", "")
        return f"Special ({when}):" if when else "Special:"
    return "During:"


# --- the words of each kind ---------------------------------------------------------------------------------------


def _body(effect: Effect) -> str:
    """The effect's words without trigger or guard."""
    h = hooks.handler(effect.kind)
    if type(h).describe is not Handler.describe:  # the base only echoes the kind's name
        text = h.describe(effect).strip()
        if text:
            return text
    phrase = _PHRASES.get(effect.kind)
    return phrase(effect) if phrase is not None else generic(effect)


def generic(effect: Effect) -> str:
    """A readable rendering of any effect: its kind's title and the parameters it sets."""
    skip = {"kind", "timing", "trigger", "once_per_round", "condition", "text"}
    params = []
    for name, value in effect.model_dump(exclude_defaults=True).items():
        if name in skip:
            continue
        shown = join(str(v) for v in value) if isinstance(value, list) else str(value)
        params.append(f"{name.replace('_', ' ')} {shown}")
    title = kind_title(effect.kind)
    return f"{title}: {', '.join(params)}" if params else title


def _e(effect: Effect, cls: type[Any]) -> Any:
    assert isinstance(effect, cls)
    return effect


def _cannot_commit_color(e: Effect) -> str:
    x = _e(e, fx.CannotCommitColor)
    return f"{colors(x.colors).capitalize()} dice cannot be committed"


def _commit_limit(e: Effect) -> str:
    x = _e(e, fx.CommitLimit)
    when = "each Strategy phase" if x.per == "phase" else "in the whole engagement"
    if x.count == 0:
        return f"No dice can be committed {when}"
    return f"At most {plural(x.count, 'die', 'dice')} can be committed {when}"


def _commit_all_of_color(e: Effect) -> str:
    x = _e(e, fx.CommitAllOfColor)
    if x.colors is None:
        return "Committing a die commits every pool die of its colour"
    return f"Committing a {colors(x.colors)} die commits every pool die of that colour"


def _invert_results(e: Effect) -> str:
    x = _e(e, fx.InvertResults)
    return f"{colors(x.colors).capitalize()} dice: rolled basic hits count as misses, and misses as basic hits"


def _roll_test(e: Effect) -> str:
    x = _e(e, fx.RollTest)
    fail = " ".join(sentence(_body(f)) for f in x.on_fail)
    return (
        f"Roll {plural(x.count, x.color + ' die', x.color + ' dice')} as a test; "
        f"with fewer than {plural(x.need, 'hit')}: {fail[0].lower() + fail[1:] if fail else fail}"
    ).rstrip(".")


def _apply_limit(e: Effect) -> str:
    x = _e(e, fx.ApplyLimit)
    dice = plural(x.count, "die", "dice")
    if x.scope == "card":
        return f"At most {dice} can be applied to this card"
    return f"At most {dice} can be applied in each Apply step"


def _cannot_apply_color(e: Effect) -> str:
    x = _e(e, fx.CannotApplyColor)
    return f"{colors(x.colors).capitalize()} dice cannot be applied to this card"


def _requires_pair(e: Effect) -> str:
    x = _e(e, fx.RequiresPair)
    return f"A {x.color} die can be applied to this card only once a {x.partner} die is applied to it"


def _basic_hits_deal_zero(e: Effect) -> str:
    x = _e(e, fx.BasicHitsDealZero)
    return f"Basic hits of {colors(x.colors)} dice deal 0 damage to this card"


def _color_bonus(e: Effect) -> str:
    x = _e(e, fx.ColorBonus)
    amount = f"{signed(x.amount)} damage" if x.amount >= 0 else f"{-x.amount} less damage"
    text = f"{colors(x.colors).capitalize()} dice deal {amount}"
    if x.against_level is not None:
        text += f" to level {x.against_level} enemies"
    if x.this_round:
        text += " this round"
    return text


def _damage_cap(e: Effect) -> str:
    x = _e(e, fx.DamageCapPerRound)
    return f"This card takes at most {x.amount} damage each round"


def _requires_colors(e: Effect) -> str:
    x = _e(e, fx.RequiresColorsToDefeat)
    return f"This card can be defeated only once dice of {x.count} different colours are applied to it"


def _defeat_also_defeats(e: Effect) -> str:
    x = _e(e, fx.DefeatAlsoDefeats)
    return f"Defeating this card also defeats another active enemy of level {x.max_level} or lower, of your choice"


def _flees_on_roll(e: Effect) -> str:
    x = _e(e, fx.FleesOnRoll)
    misses = "a die shows a miss" if x.misses == 1 else f"{x.misses} or more dice show a miss"
    return f"If, after a roll, {misses}, this card flees (the dice applied to it are exhausted)"


def _lose_health_per_miss(e: Effect) -> str:
    x = _e(e, fx.LoseHealthPerMiss)
    per = (
        f"each colour showing {x.per_color_hits} or more hits"
        if x.per_color_hits is not None
        else "each die showing a miss"
    )
    return f"After each roll, lose {x.amount} Health for {per}"


def _banish_strongest(e: Effect) -> str:
    x = _e(e, fx.BanishStrongestPoolDie)
    if x.count == 1:
        return "Banish the strongest die in your pool"
    return f"Banish the {x.count} strongest dice in your pool"


def _extra_enemy(e: Effect) -> str:
    x = _e(e, fx.ExtraEnemyNextRound)
    more = "one more enemy" if x.count == 1 else f"{x.count} more enemies"
    return f"Next round, activate {more}"


def _enemy_damage_fixed(e: Effect) -> str:
    x = _e(e, fx.EnemyDamageFixed)
    return f"Every undefeated enemy deals exactly {x.amount} damage"


def _lose_health(e: Effect) -> str:
    return f"Lose {_e(e, fx.LoseHealth).amount} Health"


def _exhaust_pool(e: Effect) -> str:
    x = _e(e, fx.ExhaustPoolDice)
    return f"Exhaust {plural(x.count, 'die', 'dice')} of your choice from the pool"


def _lower_stat(e: Effect) -> str:
    x = _e(e, fx.LowerStat)
    return f"Lower {stat_name(x.stat)} by {x.amount}"


def _discard_stack_top(e: Effect) -> str:
    x = _e(e, fx.DiscardStackTop)
    if x.per == "applied_die":
        return "For each die applied to this card, discard the top card of a stack of your choice"
    if x.per == "each_stack":
        return "Discard the top card of every stack"
    return "Discard the top card of a stack of your choice"


def _heal(e: Effect) -> str:
    return f"Gain {_e(e, fx.Heal).amount} Health"


def _recover(e: Effect) -> str:
    x = _e(e, fx.Recover)
    which = f"{colors(x.colors)} " if x.colors else ""
    if x.count is None:
        return f"Recover every exhausted {which}die"
    return f"Recover {plural(x.count, which + 'die', which + 'dice')} of your choice from the exhausted area"


def _raise_stat(e: Effect) -> str:
    x = _e(e, fx.RaiseStat)
    return f"Raise {stat_name(x.stat)} by {x.amount}"


def _set_stat(e: Effect) -> str:
    x = _e(e, fx.SetStat)
    return f"Set {stat_name(x.stat)} to {x.value}"


def _defeat_enemy(e: Effect) -> str:
    x = _e(e, fx.DefeatEnemy)
    text = f"Defeat an active enemy of level {x.max_level}" + (" or lower" if x.max_level > 1 else "")
    if x.cost != "none" and x.cost_dice:
        verb = "exhausting" if x.cost == "exhaust" else "banishing"
        text += f", by {verb} {plural(x.cost_dice, 'die', 'dice')} from your pool"
    return text


def _discard_enemy(e: Effect) -> str:
    x = _e(e, fx.DiscardEnemy)
    level = f"level {x.max_level}" + (" or lower" if x.max_level > 1 else "")
    return f"Discard an undefeated active enemy of {level} (it gives no reward and deals no damage)"


def _set_enemy_health(e: Effect) -> str:
    return f"Set an active enemy's Health to {_e(e, fx.SetEnemyHealth).value} for the rest of the conflict"


def _convert_face(e: Effect) -> str:
    x = _e(e, fx.ConvertFace)
    which = f"{colors(x.colors)} " if x.colors else ""
    article = "an" if x.from_face in ("hit",) and not which else "a"
    return f"Turn one rolled, unapplied {which}die showing {article} {x.from_face} into a {x.to_face}"


def _extra_recovery(e: Effect) -> str:
    x = _e(e, fx.ExtraRecovery)
    which = f"{colors(x.colors)} " if x.colors else ""
    return f"Recover up to {x.count} more {which}{'die' if x.count == 1 else 'dice'} each round"


def _stat_modifier(e: Effect) -> str:
    x = _e(e, fx.StatModifier)
    return f"While you hold it, {stat_name(x.stat)} is {signed(x.amount)}"


def _ignore_effect(e: Effect) -> str:
    x = _e(e, fx.IgnoreEffect)
    names = [f"“{kind_title(k)}”" for k in x.kinds]
    return f"You ignore enemy effects of the kind {join(names, 'and')}"


def _win_condition(e: Effect) -> str:
    x = _e(e, fx.WinCondition)
    if x.require == "boss":
        return "You win the moment the boss is defeated"
    return "To win, defeat every active enemy as well as the boss"


def _fixed(text: str) -> Callable[[Effect], str]:
    return lambda _effect: text


_PHRASES: dict[str, Callable[[Effect], str]] = {
    "cannot_commit_color": _cannot_commit_color,
    "commit_limit": _commit_limit,
    "commit_all_of_color": _commit_all_of_color,
    "misses_not_rerolled": _fixed("Unapplied dice showing a miss keep it: they are not rolled again"),
    "reroll_hit_per_miss": _fixed("After each roll, for each miss you must roll one of your hits again"),
    "invert_results": _invert_results,
    "roll_test": _roll_test,
    "apply_limit": _apply_limit,
    "one_die_per_color_per_step": _fixed("In each Apply step, at most one die of each colour can be applied"),
    "one_color_per_enemy": _fixed("Every die applied to one enemy must be of the same colour"),
    "same_color_pairs": _fixed("Dice can be applied to this card only in same-colour pairs"),
    "cannot_apply_color": _cannot_apply_color,
    "crits_cannot_apply": _fixed("Dice showing a crit cannot be applied to this card"),
    "requires_pair": _requires_pair,
    "apply_requires_exhausted_color": _fixed(
        "A die can be applied to this card only if a die of its colour is in the exhausted area"
    ),
    "no_apply_while_miss": _fixed("Nothing can be applied while any rolled, unapplied die shows a miss"),
    "crits_deal_zero": _fixed("Crits deal 0 damage to this card"),
    "basic_hits_deal_zero": _basic_hits_deal_zero,
    "color_bonus": _color_bonus,
    "damage_cap_per_round": _damage_cap,
    "immune_while_others": _fixed("This card cannot be defeated while another undefeated enemy is active"),
    "requires_colors_to_defeat": _requires_colors,
    "one_defeat_per_step": _fixed("At most one enemy can be defeated in each Apply step"),
    "defeat_also_defeats": _defeat_also_defeats,
    "returns_unless_first_defeat": _fixed(
        "If it is not the first enemy defeated this round, it returns to the top of its stack instead"
    ),
    "flees_on_roll": _flees_on_roll,
    "lose_health_per_miss": _lose_health_per_miss,
    "no_recovery": _fixed("No dice can be recovered this round"),
    "items_blocked": _fixed("Items cannot be used"),
    "banish_strongest_pool_die": _banish_strongest,
    "banish_applied_dice": _fixed("Banish the dice applied to this card"),
    "extra_enemy_next_round": _extra_enemy,
    "enemy_damage_fixed": _enemy_damage_fixed,
    "lose_health": _lose_health,
    "exhaust_pool_dice": _exhaust_pool,
    "lower_stat": _lower_stat,
    "discard_stack_top": _discard_stack_top,
    "reveal_boss": _fixed("Reveal the top card of the boss deck"),
    "heal": _heal,
    "recover": _recover,
    "raise_stat": _raise_stat,
    "set_stat": _set_stat,
    "roll_exhausted_recover_hits": _fixed("Roll every exhausted die; recover those that show a hit or a crit"),
    "defeat_enemy": _defeat_enemy,
    "discard_enemy": _discard_enemy,
    "set_enemy_health": _set_enemy_health,
    "cancel_enemy_effects": _fixed("Cancel every effect of one active enemy for the rest of the conflict"),
    "take_stack_reward": _fixed("Gain the instant reward of a stack's top card (the card stays where it is)"),
    "activate_fewer": _fixed("The next time additional enemies (+N) would be activated, activate one fewer"),
    "double_next_instant": _fixed("The next instant reward you take is gained twice"),
    "convert_face": _convert_face,
    "swap_miss_and_hit": _fixed(
        "Two rolled, unapplied dice of different colours, one showing a miss and one a basic hit, swap faces"
    ),
    "pair_misses_to_hits": _fixed("Two rolled, unapplied dice of the same colour that both show a miss become hits"),
    "keep_unapplied_hits": _fixed("Unapplied dice showing a hit or a crit are not rolled again"),
    "extra_recovery": _extra_recovery,
    "stat_modifier": _stat_modifier,
    "banish_for_damage": _fixed(
        "Banish a pool die to deal damage to an active enemy equal to that die's number of hit faces"
    ),
    "ignore_effect": _ignore_effect,
    "win_condition": _win_condition,
}
