"""The named hook points: the general rules ask these, these ask every live effect's handler (contract 7).

Precedence: item and hero effects are consulted first and enemy/boss effects last, so enemy text has the final
word on a number (rules: effect text beats reward and hero-ability text).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from twentystrong.content.effects import Effect, IgnoreEffect
from twentystrong.engine.dice import BASE_DAMAGE, color_of
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, Origin
from twentystrong.engine.state import CARRIED, ActiveCard, DieState, GameState, derived

if TYPE_CHECKING:
    from twentystrong.content.model import Deck
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


class InForce:
    """The effects in force in a state, and the per-hook selections of them, kept with the state (see
    ``state.CARRIED``): later states inherit them until a field they were computed from changes."""

    __slots__ = ("by_hook", "deps", "live", "passive", "scratch")

    def __init__(self, s: GameState) -> None:
        self.live = _compute_live(s)
        candidates = [*round_effects(s), *self.live]  # every effect whose condition decides if it is passive now
        self.passive = _compute_passive(s, candidates)
        self.by_hook: dict[tuple[str, ...], list[tuple[Handler, Live]]] = {}
        self.scratch: dict[str, Any] = {}
        """Other answers that follow from the effects in force alone (e.g. which of them a player may use)."""
        # An effect whose condition reads the dice depends on them even while the condition fails (it comes into
        # force when a die of its colour is exhausted): look at every candidate, not only those in force.
        self.deps = _DEPS_DICE if any(_reads_dice(le) for le in candidates) else _DEPS


_DEPS = frozenset({"deck", "hero", "inventory", "active", "round_flags"})
"""The fields the effects in force are read from (round flags: effects kept until the round ends, blocks; the hero:
its ability, and the Health conditions read)."""
_DEPS_DICE = _DEPS | {"dice"}
"""… and the dice, when some effect's condition reads them (an exhausted colour)."""


def _reads_dice(le: Live) -> bool:
    return le.effect.condition is not None and le.effect.condition.color_exhausted is not None


def in_force(s: GameState) -> InForce:
    """The effects in force in ``s`` (computed once, shared by the states that follow while they hold)."""
    d = s.__dict__
    found: InForce | None = d.get(CARRIED)
    if found is None:
        found = d[CARRIED] = InForce(s)
    return found


def live_effects(s: GameState) -> list[Live]:
    """Every effect in force now: hero and items first, then active cards (During only while undefeated)."""
    return in_force(s).live


def _compute_live(s: GameState) -> list[Live]:
    deck = s.deck
    out: list[Live] = []
    if s.hero.id:
        out += _lives(deck, deck.hero(s.hero.id).ability, s.hero.id, "hero")
    for item in s.inventory:
        reward = deck.card(item).reward
        assert reward is not None, "only cards with an item reward reach the inventory"
        out += _lives(deck, reward.effects, item, "item")
    ignored = {k for le in out if isinstance(le.effect, IgnoreEffect) for k in le.effect.kinds}
    for card in s.active:
        if card.cancelled:
            continue
        if card.boss:
            lives = _lives(deck, deck.boss(card.id).rules, card.id, "boss")
        else:
            lives = _lives(deck, deck.card(card.id).effects, card.id, "enemy")
        for le in lives:
            if le.effect.timing == "during" and card.defeated:
                continue  # R6: During effects end on defeat
            if le.effect.kind in ignored:
                continue
            out.append(le)
    return out


def _lives(deck: Deck, effects: Sequence[Effect], source: str, origin: Origin) -> tuple[Live, ...]:
    """The :class:`Live` records of a source's printed effects, made once per deck rather than every time the
    effects in force are worked out (kept in the deck's ``__dict__``, beside its card index, so they go with it)."""
    made: dict[tuple[str, Origin], tuple[Live, ...]] | None = deck.__dict__.get("_lives")
    if made is None:
        made = deck.__dict__["_lives"] = {}
    found = made.get((source, origin))
    if found is None:  # a deck is immutable: a source's effects never change
        found = made[source, origin] = tuple(Live(source, origin, i, e) for i, e in enumerate(effects))
    return found


ROUND_EFFECT = "effect:"
"""Prefix of a round flag (``effect:source#index``) that keeps a used effect in force until the round ends."""


def round_effects(s: GameState) -> list[Live]:
    """Effects used this round that last until its end, e.g. a spent single-use item's "this round" bonus."""
    out: list[Live] = []
    for flag in s.round_flags:
        if not flag.startswith(ROUND_EFFECT):
            continue
        source, _, index = flag.removeprefix(ROUND_EFFECT).rpartition("#")
        if source == s.hero.id:
            effects = list(s.deck.hero(source).ability)
        else:
            reward = s.deck.card(source).reward
            effects = list(reward.effects) if reward is not None else []
        if int(index) < len(effects):
            out.append(Live(source, "hero" if source == s.hero.id else "item", int(index), effects[int(index)]))
    return out


def trigger_of(le: Live) -> str | None:
    """The moment a triggered effect fires: its own ``trigger``, else its kind's default (After effects excepted:
    without a trigger they resolve in Resolve step 2)."""
    if le.effect.trigger is not None:
        return le.effect.trigger
    if le.effect.timing == "after" and le.is_enemy:
        return None
    return handler(le.effect.kind).default_trigger


def triggered(s: GameState, trigger: str) -> list[Live]:
    """The live effects that fire at ``trigger`` (see :func:`trigger_of`), in the order of :func:`live_effects`."""
    by_trigger: dict[str | None, list[Live]] | None = in_force(s).scratch.get("by_trigger")
    if by_trigger is None:
        by_trigger = {}
        for le in live_effects(s):
            by_trigger.setdefault(trigger_of(le), []).append(le)
        in_force(s).scratch["by_trigger"] = by_trigger
    return by_trigger.get(trigger, [])


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


def passive(s: GameState) -> list[tuple[Handler, Live]]:
    """Live effects whose rule change is in force now (After effects wait for Resolve step 2)."""
    return in_force(s).passive


def passive_with(s: GameState, *hooks: str) -> list[tuple[Handler, Live]]:
    """The :func:`passive` effects whose handler overrides one of these hook methods, in the same order.

    Most handlers override one or two hooks, so a query of one hook walks only the effects that can answer it
    (usually none): the general rules ask some hooks once per die and card.
    """
    force = in_force(s)
    out = force.by_hook.get(hooks)
    if out is None:
        out = force.by_hook[hooks] = [(h, le) for h, le in force.passive if not overridden(h).isdisjoint(hooks)]
    return out


_OVERRIDDEN: dict[type[Handler], frozenset[str]] = {}


def overridden(h: Handler) -> frozenset[str]:
    """The hook methods a handler's class replaces (the neutral base's are "no change")."""
    found = _OVERRIDDEN.get(type(h))
    if found is None:
        names = [n for n, v in vars(Handler).items() if callable(v) and not n.startswith("_")]
        found = _OVERRIDDEN[type(h)] = frozenset(n for n in names if getattr(type(h), n) is not getattr(Handler, n))
    return found


def _compute_passive(s: GameState, candidates: list[Live]) -> list[tuple[Handler, Live]]:
    return [
        (handler(le.effect.kind), le)
        for le in candidates
        if not (le.effect.timing == "after" and le.is_enemy)
        and (le.effect.condition is None or condition_holds(s, le, {}))
    ]


def condition_holds(s: GameState, live: Live, context: dict[str, Any]) -> bool:
    """Whether an effect's guard holds now."""
    cond = live.effect.condition
    if cond is None:
        return True
    if cond.health_below is not None and not s.hero.health < cond.health_below:
        return False
    if cond.health_at_most is not None and not s.hero.health <= cond.health_at_most:
        return False
    if cond.color_exhausted is not None and not any(d.color == cond.color_exhausted for d in s.dice_in("exhausted")):
        return False
    if cond.enemy_level is not None:
        card_id = context.get("card")
        # A boss has no level: a level condition never holds for it.
        if card_id is None or card_id not in s.deck.card_ids or s.deck.card(card_id).level != cond.enemy_level:
            return False
    if cond.other_enemies_active is not None:
        others = any(not c.defeated and c.id != live.source for c in s.active)
        if others != cond.other_enemies_active:
            return False
    return True


# --- queries the general rules make ---------------------------------------------------------------------------


def commit_block(s: GameState, die: DieState) -> str | None:
    """Why this pool die may not be committed now (None: it may)."""
    for h, le in passive_with(s, "commit_block", "commit_limit"):
        reason = h.commit_block(s, le, die) or h.commit_limit(s, le)
        if reason:
            return reason
    return None


def describe(effect: Effect) -> str:
    """Plain words for an effect (card browser, help): its own ``text`` when set, else its handler's words."""
    return effect.text or handler(effect.kind).describe(effect)


def after_roll(tx: Tx) -> None:
    """Passive effects that react to a Strategy-phase roll before the Apply step (forced rerolls …)."""
    for h, le in list(passive_with(tx.state, "after_roll")):
        h.after_roll(tx, le)


def keeps_face(s: GameState, die: DieState) -> bool:
    """Whether an unapplied, rolled die is kept rather than rolled again."""
    return any(h.keeps_face(s, le, die) for h, le in passive_with(s, "keeps_face"))


def read_face(s: GameState, die: DieState, face: str) -> str:
    """The face a freshly rolled die counts as."""
    for h, le in passive_with(s, "read_face"):
        face = h.read_face(s, le, die, face)
    return face


def apply_block(s: GameState, die: DieState, card: ActiveCard) -> str | None:
    """Why this die may not be applied to this card now (None: it may)."""
    if die.face not in ("hit", "crit"):
        return "misses cannot be applied"
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
    # Asked for every card after every die applied, and by bots many times a state: kept with the state, for the
    # card object asked about (a caller may ask about a changed copy of an active card).
    d = derived(s)
    key = ("damage_taken", card.id)
    kept: tuple[ActiveCard, int] | None = d.get(key)
    if kept is not None and kept[0] is card:
        return kept[1]
    total = sum(die_damage(s, die, card) for die in s.applied_to(card.id)) + extra_damage(s, card.id)
    for h, le in passive_with(s, "card_damage"):
        total = h.card_damage(s, le, card, total)
    d[key] = (card, total)
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
    d = derived(s)
    found: list[str] | None = d.get("recoverable")
    if found is None:
        found = d["recoverable"] = _recoverable(s)
    return list(found)


def _recoverable(s: GameState) -> list[str]:
    slots = recovery_slots(s)
    if not slots:
        return []
    if all(allowed is None for _, allowed in slots):  # no colour restrictions: only the count matters
        room = sum(count for count, _ in slots) - len(s.recovered)
        return [d.id for d in s.dice_in("exhausted")] if room > 0 else []
    done = [color_of(d) for d in s.recovered]
    exhausted = s.dice_in("exhausted")
    fits = {color: _fits(slots, [*done, color]) for color in {d.color for d in exhausted}}  # by colour, not die
    return [d.id for d in exhausted if fits[d.color]]


def _fits(slots: list[tuple[int, tuple[str, ...] | None]], colors: list[str]) -> bool:
    """Whether every colour gets a place in a slot that accepts it (a tiny backtracking search)."""
    room = [count for count, _ in slots]

    def place(i: int) -> bool:
        if i == len(colors):
            return True
        for j, (_, allowed) in enumerate(slots):
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
        return "no dice may be recovered this round"
    for h, le in passive_with(s, "recovery_block"):
        reason = h.recovery_block(s, le)
        if reason:
            return reason
    return None


def items_block(s: GameState) -> str | None:
    """Why items cannot be used now."""
    if ITEMS_BLOCKED in s.round_flags:
        return "items cannot be used this round"
    for h, le in passive_with(s, "items_block"):
        reason = h.items_block(s, le)
        if reason:
            return reason
    return None
