"""The named hook points: the general rules ask these, these ask every live effect's handler (contract 7).

Precedence: item and hero effects are consulted first and enemy/boss effects last, so enemy text has the final
word on a number (rules: effect text beats reward and hero-ability text).

The effects in force (:func:`in_force`) are worked out once per state (``GameState.memo``) from the values they are
read from, and shared by every state that holds the same values (``functools.lru_cache``: the deck, the hero, the
items, the active cards, the round flags and the exhausted colours). Every other answer is the plain rule, asked
when needed.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from twentystrong.content.effects import COLORS, Condition, Effect, IgnoreEffect
from twentystrong.content.model import Deck
from twentystrong.engine.dice import BASE_DAMAGE, color_of
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, Origin
from twentystrong.engine.rulesets import rules
from twentystrong.engine.state import ActiveCard, DieState, GameState, HeroState, Prompt
from twentystrong.i18n import N_, _

if TYPE_CHECKING:
    from twentystrong.engine.tx import Tx


def handler(kind: str) -> Handler:
    """The handler of an effect kind (a kind with no handler yet behaves as the neutral base)."""
    return HANDLERS.get(kind) or _NEUTRAL


_NEUTRAL = Handler()


def card_effects(s: GameState, card: ActiveCard) -> list[Effect]:
    """The printed effects of an active card or boss."""
    if card.boss:
        return list(s.deck.boss(card.id).rules)
    return list(s.deck.card(card.id).effects)


def item_effects(s: GameState, item: str) -> tuple[str, list[Effect]]:
    """An inventory item's reward kind and effects."""
    reward = s.deck.card(item).reward
    assert reward is not None, "only cards with an item reward reach the inventory"
    return reward.kind, list(reward.effects)


@dataclass(frozen=True, slots=True)
class InForce:
    """The effects in force in a state (see :func:`in_force`): what every hook point asks."""

    live: tuple[Live, ...]
    """Every effect in force: the hero's and the items' first, then each active card's (During only while
    undefeated, none of a card whose effects are cancelled, none of the kinds the hero ignores)."""
    passive: tuple[tuple[Handler, Live], ...]
    """The rule changes simply in force, with their handlers: the effects used this round that last until its end
    first (``round_effects``), then the live effects, less the enemies' After effects (they wait for Resolve step
    2) and those whose condition fails now."""
    by_hook: Mapping[str, tuple[tuple[Handler, Live], ...]]
    """The passive effects whose handler overrides each hook method, in the same order (see :func:`passive_with`)."""
    by_trigger: Mapping[str, tuple[Live, ...]]
    """The live effects that fire at each trigger, in the order of :attr:`live` (see :func:`triggered`)."""
    commit_rules: tuple[tuple[Handler, Live], ...]
    """The passive effects that answer ``commit_block`` or ``commit_limit`` (see :func:`commit_block`)."""
    usable: tuple[tuple[Live, bool], ...]
    """The hero's and the items' effects a player uses (rather than simply has in force), whose condition holds,
    each with whether it is a single-use item's (used whole, through its first effect): the commands that use
    them are ``use_item`` / ``use_ability`` (see :mod:`twentystrong.engine.uses`)."""


def in_force(s: GameState) -> InForce:
    """The effects in force in ``s`` (worked out once per state)."""
    return s.memo(_in_force)


def _in_force(s: GameState) -> InForce:
    exhausted = frozenset(d.color for d in s.dice if d.zone == "exhausted")
    dormant = rules(s).dormant_items(s) if s.inventory else frozenset()
    return _effects_in_force(s.deck, s.hero, s.inventory, s.active, s.round_flags, exhausted, dormant)


@lru_cache(maxsize=4096)
def _effects_in_force(
    deck: Deck,
    hero: HeroState,
    inventory: tuple[str, ...],
    active: tuple[ActiveCard, ...],
    round_flags: tuple[str, ...],
    exhausted: frozenset[str],
    dormant: frozenset[str],
) -> InForce:
    """The effects in force, from everything they are read from: the printed effects (the deck), the hero (its
    ability, its Health for conditions), the items held (but the dormant ones, ``Ruleset.dormant_items``), the
    active cards, the round flags (effects kept until the round ends) and the colours exhausted (for conditions).
    Many states share these values (a die moves, the step changes …): they share the answer (a value-keyed memo:
    right by construction)."""
    held: list[Live] = []
    if hero.id:
        held += _lives(deck, hero.id, "hero")
    for item in inventory:
        if item not in dormant:
            held += _lives(deck, item, "item")
    ignored: set[str] = set()
    for le in held:
        if isinstance(le.effect, IgnoreEffect):
            ignored.update(le.effect.kinds)
    live = list(held)
    for card in active:
        if card.cancelled:
            continue
        for le in _lives(deck, card.id, "boss" if card.boss else "enemy"):
            if card.defeated and le.effect.timing == "during":
                continue  # R6: During effects end on defeat
            if le.effect.kind not in ignored:
                live.append(le)
    passive: list[tuple[Handler, Live]] = []
    for le in (*_round_effects(deck, hero.id, round_flags), *live):
        if le.effect.timing == "after" and le.is_enemy:
            continue  # an enemy's After effect waits for Resolve step 2: it is never simply in force
        cond = le.effect.condition
        if cond is not None and not _holds(cond, le.source, hero, active, exhausted, deck, None):
            continue
        passive.append((handler(le.effect.kind), le))
    by_hook: dict[str, list[tuple[Handler, Live]]] = {}
    for pair in passive:
        for hook in overridden(pair[0]):
            by_hook.setdefault(hook, []).append(pair)
    by_trigger: dict[str, list[Live]] = {}
    for le in live:
        trigger = trigger_of(le)
        if trigger is not None:
            by_trigger.setdefault(trigger, []).append(le)
    commit_hooks = {"commit_block", "commit_limit"}
    usable: list[tuple[Live, bool]] = []
    for le in held:
        single = le.origin == "item" and _reward_kind(deck, le.source) == "single_use"
        if single and le.index != 0:
            continue  # a single-use item is used whole, through its first effect
        if not single and (handler(le.effect.kind).passive or le.effect.trigger is not None):
            continue  # simply in force, or it fires at its trigger: not something the player uses
        cond = le.effect.condition
        if cond is not None and not _holds(cond, le.source, hero, active, exhausted, deck, None):
            continue
        usable.append((le, single))
    return InForce(
        tuple(live),
        tuple(passive),
        {hook: tuple(pairs) for hook, pairs in by_hook.items()},
        {trigger: tuple(lives) for trigger, lives in by_trigger.items()},
        tuple(pair for pair in passive if not pair[0].overrides.isdisjoint(commit_hooks)),
        tuple(usable),
    )


def _reward_kind(deck: Deck, item: str) -> str:
    reward = deck.card(item).reward
    assert reward is not None, "only cards with an item reward reach the inventory"
    return reward.kind


def _lives(deck: Deck, source: str, origin: Origin) -> tuple[Live, ...]:
    """The :class:`Live` records of a source's printed effects: the hero's ability, an item's reward effects, a
    card's or a boss's effects."""
    effects: Sequence[Effect]
    if origin == "hero":
        effects = deck.hero(source).ability
    elif origin == "item":
        reward = deck.card(source).reward
        assert reward is not None, "only cards with an item reward reach the inventory"
        effects = reward.effects
    elif origin == "boss":
        effects = deck.boss(source).rules
    else:
        effects = deck.card(source).effects
    return tuple(Live(source, origin, i, e) for i, e in enumerate(effects))


def prompt_effect(s: GameState, p: Prompt) -> Live | None:
    """The effect whose prompt ``p`` is (it may no longer be live, e.g. a single-use item already discarded), or
    None for a prompt no effect asked (an instant reward, the item limit, a mission's or the rank's own)."""
    source = p.source
    if source is None or p.effect is None:
        return None
    for le in live_effects(s):
        if le.source == source and le.index == p.effect:
            return le
    own = rules(s).effect_of_prompt(s, p)  # an effect its deck's cards carry on another side (a Bane …)
    if own is not None:
        return own
    index = p.effect
    deck = s.deck
    if source == s.hero.id:
        return Live(source, "hero", index, deck.hero(source).ability[index])
    if deck.is_boss(source):
        return Live(source, "boss", index, deck.boss(source).rules[index])
    card = deck.card(source)
    # An item's effect (held, or used up: gone to the discard pile, or where its ruleset sends used items), or an
    # instant reward's (negative index, see ``items.reward_live``); else the card's own, in the active area.
    if card.reward is not None and (
        index < 0
        or source in s.inventory
        or source in s.discard
        or (s.active_card(source) is None and rules(s).item_left(s, source) is not None)
    ):
        return Live(source, "item", index, card.reward.effects[index])
    return Live(source, "enemy", index, card.effects[index])


def resolving_roll(s: GameState, p: Prompt) -> bool:
    """Whether the prompt is part of resolving a roll (R8: no item may be used while it waits)."""
    le = prompt_effect(s, p)
    return le is not None and handler(le.effect.kind).resolves_roll(p)


def live_effects(s: GameState) -> tuple[Live, ...]:
    """Every effect in force now: hero and items first, then active cards (During only while undefeated)."""
    return in_force(s).live


ROUND_EFFECT = "effect:"
"""Prefix of a round flag (``effect:source#index``) that keeps a used effect in force until the round ends."""


def round_effects(s: GameState) -> list[Live]:
    """Effects used this round that last until its end, e.g. a spent single-use item's "this round" bonus."""
    return _round_effects(s.deck, s.hero.id, s.round_flags)


def _round_effects(deck: Deck, hero: str, round_flags: tuple[str, ...]) -> list[Live]:
    out: list[Live] = []
    for flag in round_flags:
        if not flag.startswith(ROUND_EFFECT):
            continue
        source, _sep, index = flag.removeprefix(ROUND_EFFECT).rpartition("#")
        if source == hero:
            effects = list(deck.hero(source).ability)
        else:
            reward = deck.card(source).reward
            effects = list(reward.effects) if reward is not None else []
        if int(index) < len(effects):
            out.append(Live(source, "hero" if source == hero else "item", int(index), effects[int(index)]))
    return out


def trigger_of(le: Live) -> str | None:
    """The moment a triggered effect fires: its own ``trigger``, else its kind's default (After effects excepted:
    without a trigger they resolve in Resolve step 2)."""
    if le.effect.trigger is not None:
        return le.effect.trigger
    if le.effect.timing == "after" and le.is_enemy:
        return None
    return handler(le.effect.kind).default_trigger


def triggered(s: GameState, trigger: str) -> tuple[Live, ...]:
    """The live effects that fire at ``trigger`` (see :func:`trigger_of`), in the order of :func:`live_effects`."""
    return in_force(s).by_trigger.get(trigger, ())


NO_RECOVERY = "no_recovery"
"""Round flag: recovery is blocked until the round ends (a fired ``no_recovery``)."""
ITEMS_BLOCKED = "items_blocked"
"""Round flag: items are blocked until the round ends (a fired ``items_blocked``)."""
EXTRA_DAMAGE = "extra_damage:"
"""Prefix of a round flag ``extra_damage:<card>:<amount>``: damage dealt to a card without a die (banish for
damage); R5 adds it to the card's damage until the round ends."""


def extra_damage(s: GameState, card_id: str) -> int:
    """Damage dealt to a card this round without a die."""
    prefix = f"{EXTRA_DAMAGE}{card_id}:"
    return sum(int(f.removeprefix(prefix)) for f in s.round_flags if f.startswith(prefix))


def passive(s: GameState) -> tuple[tuple[Handler, Live], ...]:
    """Live effects whose rule change is in force now (After effects wait for Resolve step 2)."""
    return in_force(s).passive


def passive_with(s: GameState, *hooks: str) -> tuple[tuple[Handler, Live], ...]:
    """The :func:`passive` effects whose handler overrides one of these hook methods, in the same order."""
    force = in_force(s)
    if len(hooks) == 1:
        return force.by_hook.get(hooks[0], ())
    return tuple((h, le) for h, le in force.passive if not overridden(h).isdisjoint(hooks))


def overridden(h: Handler) -> frozenset[str]:
    """The hook methods a handler's class replaces (the neutral base's are "no change")."""
    return h.overrides


def condition_holds(s: GameState, live: Live, context: dict[str, Any]) -> bool:
    """Whether an effect's guard holds now (``context``: the card a triggered effect is about, if any)."""
    cond = live.effect.condition
    if cond is None:
        return True
    exhausted = frozenset(d.color for d in s.dice_in("exhausted"))
    return _holds(cond, live.source, s.hero, s.active, exhausted, s.deck, context.get("card"))


def _holds(
    cond: Condition,
    source: str,
    hero: HeroState,
    active: tuple[ActiveCard, ...],
    exhausted: frozenset[str],
    deck: Deck,
    card_id: str | None,
) -> bool:
    if cond.health_below is not None and not hero.health < cond.health_below:
        return False
    if cond.health_at_most is not None and not hero.health <= cond.health_at_most:
        return False
    if cond.color_exhausted is not None and cond.color_exhausted not in exhausted:
        return False
    if cond.enemy_level is not None:
        # A boss has no level: a level condition never holds for it.
        if card_id is None or card_id not in deck.card_ids or deck.card(card_id).level != cond.enemy_level:
            return False
    if cond.other_enemies_active is not None:
        others = any(not c.defeated and c.id != source for c in active)
        if others != cond.other_enemies_active:
            return False
    return True


# --- queries the general rules make ---------------------------------------------------------------------------


def commit_block(s: GameState, die: DieState) -> str | None:
    """Why this pool die may not be committed now (None: it may)."""
    for h, le in in_force(s).commit_rules:
        reason = h.commit_block(s, le, die) or h.commit_limit(s, le)
        if reason:
            return reason
    return None


def describe(effect: Effect) -> str:
    """Plain words for an effect (card browser, help): its own ``text`` when set, else its handler's words."""
    return effect.text or handler(effect.kind).describe(effect)


def after_roll(tx: Tx) -> None:
    """Passive effects that react to a Strategy-phase roll before the Apply step (forced rerolls …)."""
    for h, le in passive_with(tx.state, "after_roll"):
        h.after_roll(tx, le)


def keeps_face(s: GameState, die: DieState) -> bool:
    """Whether an unapplied, rolled die is kept rather than rolled again."""
    return any(h.keeps_face(s, le, die) for h, le in passive_with(s, "keeps_face"))


def read_face(s: GameState, die: DieState, face: str) -> str:
    """The face a freshly rolled die counts as."""
    for h, le in passive_with(s, "read_face"):
        face = h.read_face(s, le, die, face)
    return face


MISSES_BLOCKED = N_("misses cannot be applied")
"""Why a miss may not be applied: marked English, said where it is shown (legal moves ask it for every die)."""


def apply_block(s: GameState, die: DieState, card: ActiveCard) -> str | None:
    """Why this die may not be applied to this card now (None: it may; :data:`MISSES_BLOCKED` in English)."""
    if die.face not in ("hit", "crit"):
        return MISSES_BLOCKED
    for h, le in passive_with(s, "apply_block"):
        reason = h.apply_block(s, le, die, card)
        if reason:
            return reason
    return None


def die_damage(s: GameState, die: DieState, card: ActiveCard) -> int:
    """R5: the damage an applied die deals to a card under the modifiers in force now."""
    damage = BASE_DAMAGE[die.face or "miss"]
    for h, le in passive_with(s, "die_damage"):
        damage = h.die_damage(s, le, die, card, damage)
    return max(0, damage)


def damage_taken(s: GameState, card: ActiveCard) -> int:
    """R5: the sum of a card's applied dice (and damage dealt without a die), then card-level modifiers (caps)."""
    total = sum(die_damage(s, die, card) for die in s.dice_in("applied") if die.card == card.id)
    total += extra_damage(s, card.id)
    for h, le in passive_with(s, "card_damage"):
        total = h.card_damage(s, le, card, total)
    return total


def card_health(s: GameState, card: ActiveCard) -> int:
    """The Health a card must take to be defeated (an item may have overridden it)."""
    if card.health_override is not None:
        return card.health_override
    return s.deck.boss(card.id).health if card.boss else s.deck.card(card.id).health


def defeat_block(s: GameState, card: ActiveCard) -> str | None:
    """Why this card cannot be defeated now (None: it can)."""
    for h, le in passive_with(s, "defeat_block"):
        reason = h.defeat_block(s, le, card)
        if reason:
            return reason
    return None


def printed_damage(s: GameState, card: ActiveCard) -> int:
    """The Damage printed on a card or boss."""
    return s.deck.boss(card.id).damage if card.boss else s.deck.card(card.id).damage


def enemy_damage(s: GameState, card: ActiveCard) -> int:
    """The damage an undefeated enemy deals at Resolve step 1."""
    damage = printed_damage(s, card)
    for h, le in passive_with(s, "enemy_damage"):
        damage = h.enemy_damage(s, le, card, damage)
    return max(0, damage)


def recovery_slots(s: GameState) -> list[tuple[int, tuple[str, ...] | None]]:
    """Where recovered dice may go this round: the Recovery stat (any colour), then each extra slot's dice and
    colours (none at all when recovery is blocked)."""
    if recovery_block(s) is not None:
        return []
    slots: list[tuple[int, tuple[str, ...] | None]] = [(s.hero.recovery, None)]
    for h, le in passive_with(s, "recovery_slot"):
        slot = h.recovery_slot(s, le)
        if slot is not None:
            slots.append(slot)
    return slots


def recovery_limit(s: GameState) -> int:
    """How many dice may be recovered this round, all slots together (0 when recovery is blocked)."""
    return sum(count for count, _ in recovery_slots(s))


def recoverable(s: GameState) -> list[str]:
    """The exhausted dice that may be recovered now: each recovered die, this one included, must fit a slot that
    accepts its colour (card text beats rules: "1 more blue die" is not "1 more die", R10)."""
    slots = recovery_slots(s)
    if not slots:
        return []
    if all(allowed is None for _slot, allowed in slots):  # no colour restrictions: only the count matters
        room = sum(count for count, _ in slots) - len(s.recovered)
        return [d.id for d in s.dice_in("exhausted")] if room > 0 else []
    # By colour, not die; whether colours fit does not depend on their order (the search tries every placement),
    # so they are sorted: the same few questions come back and their answers are kept (see _fitting).
    fitting = _fitting(tuple(slots), tuple(sorted([color_of(d) for d in s.recovered])))
    return [d.id for d in s.dice_in("exhausted") if d.color in fitting]


@lru_cache(maxsize=1024)
def _fitting(slots: tuple[tuple[int, tuple[str, ...] | None], ...], done: tuple[str, ...]) -> frozenset[str]:
    """The colours a die may have to be recovered next, the colours recovered so far being ``done`` (sorted): those
    with which every colour still gets a place (:func:`_fits`). A pure function of a few small immutable values,
    asked again and again with the same ones (once per state in the Recover step): its answers are kept."""
    return frozenset(c for c in COLORS if _fits(slots, tuple(sorted([*done, c]))))


@lru_cache(maxsize=1024)
def _fits(slots: tuple[tuple[int, tuple[str, ...] | None], ...], colors: tuple[str, ...]) -> bool:
    """Whether every colour gets a place in a slot that accepts it (a tiny backtracking search). A pure function
    of a few small immutable values, asked again and again with the same ones: its answers are kept."""
    room = [count for count, _ in slots]

    def place(i: int) -> bool:
        if i == len(colors):
            return True
        for j, (_slot, allowed) in enumerate(slots):
            if room[j] > 0 and (allowed is None or colors[i] in allowed):
                room[j] -= 1
                if place(i + 1):
                    return True
                room[j] += 1
        return False

    return place(0)


def recovery_block(s: GameState) -> str | None:
    """Why no dice may be recovered this round."""
    if NO_RECOVERY in s.round_flags:
        return _("no dice may be recovered this round")
    for h, le in passive_with(s, "recovery_block"):
        reason = h.recovery_block(s, le)
        if reason:
            return reason
    return None


def items_block(s: GameState) -> str | None:
    """Why items cannot be used now."""
    if ITEMS_BLOCKED in s.round_flags:
        return _("items cannot be used this round")
    for h, le in passive_with(s, "items_block"):
        reason = h.items_block(s, le)
        if reason:
            return reason
    return None
