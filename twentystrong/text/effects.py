"""Effects in plain words, for the card browser, the inventory and the log.

Precedence of the words (one source per kind, the card's own wording first):

1. the effect's ``text`` override, written by the deck author;
2. the kind's handler's ``describe(effect)`` (the engine implements each kind once, and says it once);
3. while a handler has no words of its own yet: a phrase from the table below;
4. a generic rendering of the kind's title and parameters (never a bare ``snake_case`` name).

The trigger and the guard (``condition``) are said around the phrase; the timing is said by :func:`timing_label`.
"""

from __future__ import annotations

from twentystrong.content.effects import Condition, Effect
from twentystrong.content.translations import TRANSLATED_LANGUAGES
from twentystrong.engine.effects import hooks
from twentystrong.engine.effects.base import Handler
from twentystrong.engine.effects.words import clause, color_word
from twentystrong.i18n import LazyText, _, lazy_gettext
from twentystrong.text.words import join, sentence

TRIGGER_WORDS: dict[str, LazyText] = {
    "on_activate": lazy_gettext("on activate"),
    "on_defeat": lazy_gettext("on defeat"),
    "after_roll": lazy_gettext("after each roll"),
    "start_of_round": lazy_gettext("at the start of each round"),
    "after_suffer_damage": lazy_gettext("after you suffer damage"),
    "on_enemy_defeated": lazy_gettext("when an enemy is defeated"),
    "on_use": lazy_gettext("when used"),
}
"""Each trigger in the words a label or a sentence uses (in the language spoken when shown)."""

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
        prefix = _("{trigger}, {condition}").format(trigger=prefix, condition=guard) if prefix else guard
    if prefix:
        if not body[1:2].isupper():
            body = clause(body) + body[len(body.rstrip(".")) :]
        return sentence(_("{when}: {effect}").format(when=prefix, effect=body))
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
    words = str(TRIGGER_WORDS.get(effect.trigger, effect.trigger.replace("_", " ")))
    return words[0].upper() + words[1:]


def condition_words(condition: Condition | None) -> str:
    """A guard in words: ``if your Health is below 3 and a blue die is exhausted`` ("" when there is none)."""
    if condition is None:
        return ""
    parts: list[str] = []
    if condition.health_below is not None:
        parts.append(_("your Health is below {n}").format(n=condition.health_below))
    if condition.health_at_most is not None:
        parts.append(_("your Health is {n} or less").format(n=condition.health_at_most))
    if condition.enemy_level is not None:
        parts.append(_("the enemy is level {level}").format(level=condition.enemy_level))
    if condition.color_exhausted is not None:
        parts.append(_("a {color} die is exhausted").format(color=color_word(condition.color_exhausted)))
    if condition.other_enemies_active is True:
        parts.append(_("another undefeated enemy is active"))
    elif condition.other_enemies_active is False:
        parts.append(_("it is the only undefeated enemy"))
    # Translators: a condition of an effect; {conditions} are one or more of the conditions above, joined by "and".
    return _("if {conditions}").format(conditions=join(parts)) if parts else ""


def timing_label(effect: Effect, reward: str | None = None, *, hero: bool = False) -> str:
    """The heading an effect is listed under: ``During:``, ``After:``, ``Special (on activate):``,
    ``Instant reward:``, ``Single-use item:``, ``Ongoing item (once per round):``, ``Ability:``.

    ``reward`` is the reward kind when the effect belongs to a reward; ``hero`` marks a hero's ability.
    """
    once = effect.once_per_round
    if hero:
        return _("Ability (once per round):") if once else _("Ability:")
    if reward == "instant":
        return _("Instant reward:")
    if reward == "single_use":
        return _("Single-use item:")
    if reward == "ongoing":
        return _("Ongoing item (once per round):") if once else _("Ongoing item:")
    if effect.timing == "after":
        return _("After:")
    if effect.timing == "special":
        when = TRIGGER_WORDS.get(effect.trigger or "")
        # Translators: the heading of a Special effect; {trigger} is when it happens ("on activate" …).
        return _("Special ({trigger}):").format(trigger=when) if when else _("Special:")
    return _("During:")


# --- the words of each kind ---------------------------------------------------------------------------------------


def _body(effect: Effect) -> str:
    """The effect's words without trigger or guard."""
    h = hooks.handler(effect.kind)
    if type(h).describe is not Handler.describe:  # the base only echoes the kind's name
        text = h.describe(effect).strip()
        if text:
            return text
    return generic(effect)  # a kind whose handler has no words of its own yet


def generic(effect: Effect) -> str:
    """A readable rendering of any effect: its kind's title and the parameters it sets."""
    skip = {"kind", "timing", "trigger", "once_per_round", "condition", "text", *TRANSLATED_LANGUAGES}
    params = []
    for name, value in effect.model_dump(exclude_defaults=True).items():
        if name in skip:
            continue
        shown = join(str(v) for v in value) if isinstance(value, list) else str(value)
        params.append(f"{name.replace('_', ' ')} {shown}")
    title = kind_title(effect.kind)
    return f"{title}: {', '.join(params)}" if params else title
