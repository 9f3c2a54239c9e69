"""The named hook points: the general rules ask these, these ask every live effect's handler (contract 7).

Precedence: item and hero effects are consulted first and enemy/boss effects last, so enemy text has the final
word on a number (rules: effect text beats reward and hero-ability text).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from twentystrong.content.effects import COLORS, Effect, IgnoreEffect
from twentystrong.engine.dice import BASE_DAMAGE, color_of
from twentystrong.engine.effects.base import HANDLERS, Handler, Live, Origin
from twentystrong.engine.state import CARRIED, DERIVED, ActiveCard, DieState, GameState, Prompt

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
    ``state.CARRIED``): later states inherit them until a field they were computed from changes.

    They are put together from the effects of each source (:class:`_Source`: the hero with the items held, then
    each active card), whose selections follow from their printed effects and the answers of their conditions, and
    are kept with the deck: a new set of effects in force (a card activated, defeated or gone, the hero's Health
    changed …) joins those selections rather than walking every effect again."""

    __slots__ = ("by_hook", "deps", "held", "live", "passive", "scratch", "sources", "triggers", "uses")

    def __init__(self, s: GameState) -> None:
        deck = s.deck
        kept = deck.__dict__
        held: HeldEffects | None = kept.get("_held")  # _held, its first check inlined: most often the same
        if held is None or held.hero != s.hero.id or held.inventory != s.inventory:
            held = _held(s)
        self.held = held
        """The hero's and the items' effects (:class:`HeldEffects`)."""
        sources: list[_Source] = [held]
        live = list(held.live)
        reads_dice = held.reads_dice
        ignored = held.ignored
        made: dict[tuple[str, bool, bool, frozenset[str]], _Source] = kept.get("_card_sources") or {}
        for card in s.active:
            if not card.cancelled:
                source = made.get((card.id, card.boss, card.defeated, ignored)) or _card_source(deck, card, ignored)
                sources.append(source)
                live += source.live
                if source.reads_dice:
                    reads_dice = True
        self.sources = sources
        """The sources of the live effects, in their order (the round effects apart)."""
        self.live = live
        if s.round_flags and (rounds := round_effects(s)):
            # Effects used this round that last until its end: not live effects, but the first passive ones.
            sources = [_Source(tuple(map(_Known, rounds))), *sources]
            reads_dice = reads_dice or sources[0].reads_dice
        passive: list[tuple[Handler, Live]] = []
        by_hook: dict[str | tuple[str, ...], list[tuple[Handler, Live]]] = {}
        for source in sources:  # each source's part joined to those before it
            part = source.fixed or source.part(s)
            if not part.passive:
                continue
            if not passive:  # the first part: its very lists
                passive = part.passive
                by_hook.update(part.by_hook)
                continue
            passive = [*passive, *part.passive]
            add = part.by_hook
            if by_hook.keys().isdisjoint(add):  # most often: no hook answered by both
                by_hook.update(add)
            else:
                for hook, pairs in add.items():
                    have = by_hook.get(hook)
                    by_hook[hook] = pairs if have is None else [*have, *pairs]
        self.passive = passive
        """The passive effects in force (a shared list: do not change it)."""
        self.by_hook = by_hook
        """The passive effects whose handler overrides a hook, by the hook's name (see :func:`passive_with`; a
        query of several hooks is added under their tuple when first asked; shared lists: do not change them)."""
        self.triggers: dict[str, list[Live]] = {}
        """The live effects that fire at each trigger asked so far (see :func:`triggered`)."""
        self.scratch: dict[str, Any] = {}
        """Other answers that follow from the effects in force alone (e.g. the bot's index of them)."""
        self.uses: Any = None
        """Which of them a player may use (``legal._Uses``), once the legal commands asked (its own slot: asked for
        every state)."""
        self.deps = _DEPS_DICE if reads_dice else _DEPS


IN_FORCE_FIELDS = frozenset({"deck", "hero", "inventory", "active", "round_flags"})
"""The fields the effects in force are read from (round flags: effects kept until the round ends, blocks; the hero:
its ability, and the Health conditions read). The states that share an :class:`InForce` hold these very objects."""
_DEPS = IN_FORCE_FIELDS
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


def prompt_effect(s: GameState, p: Prompt) -> Live | None:
    """The effect whose prompt ``p`` is (it may no longer be live, e.g. a single-use item already discarded), or
    None for a prompt no effect asked (an instant reward, the item limit, a mission's or the rank's own)."""
    source = p.source
    if source is None or p.effect is None:
        return None
    for le in live_effects(s):
        if le.source == source and le.index == p.effect:
            return le
    index = p.effect
    deck = s.deck
    if source == s.hero.id:
        return Live(source, "hero", index, deck.hero(source).ability[index])
    if any(b.id == source for b in deck.bosses):
        return Live(source, "boss", index, deck.boss(source).rules[index])
    card = deck.card(source)
    if card.reward is not None and (source in s.inventory or source in s.discard or index < 0):
        return Live(source, "item", index, card.reward.effects[index])
    return Live(source, "enemy", index, card.effects[index])


def resolving_roll(s: GameState, p: Prompt) -> bool:
    """Whether the prompt is part of resolving a roll (R8: no item may be used while it waits)."""
    le = prompt_effect(s, p)
    return le is not None and handler(le.effect.kind).resolves_roll(p)


def live_effects(s: GameState) -> list[Live]:
    """Every effect in force now: hero and items first, then active cards (During only while undefeated)."""
    return in_force(s).live


class _Known:
    """A :class:`Live` record with what follows from its printed effect alone, for :class:`InForce`."""

    __slots__ = ("condition", "handler", "hooks", "kind", "live", "reads_dice", "trigger", "waits")

    def __init__(self, live: Live) -> None:
        e = live.effect
        self.live = live
        self.kind = e.kind
        self.handler = handler(e.kind)
        self.hooks = overridden(self.handler)
        """The hooks its handler answers (see :func:`passive_with`)."""
        self.waits = e.timing == "after" and live.is_enemy
        """An enemy's After effect waits for Resolve step 2: it is never simply in force."""
        self.condition = e.condition
        self.reads_dice = _reads_dice(live)
        self.trigger = trigger_of(live)
        """The moment it fires (:func:`triggered`)."""


class _Part:
    """The passive effects of a :class:`_Source` for one set of answers to its effects' conditions, and those of
    them whose handler overrides each hook, in the order of the effects (shared lists: never changed)."""

    __slots__ = ("by_hook", "passive")

    def __init__(self, known: Sequence[_Known], failing: Collection[_Known]) -> None:
        passive: list[tuple[Handler, Live]] = []
        by_hook: dict[str, list[tuple[Handler, Live]]] = {}
        for k in known:
            if k.waits or k in failing:
                continue
            pair = (k.handler, k.live)
            passive.append(pair)
            for hook in k.hooks:
                by_hook.setdefault(hook, []).append(pair)
        self.passive = passive
        self.by_hook = by_hook


class _Source:
    """The effects one source puts in force (the hero with the items held, or one active card), with what follows
    from their printed effects alone: the :class:`_Known` records, and the :class:`_Part` for each set of answers
    to their conditions (which the effects in force ask anew each time: they read the hero, the dice or the active
    cards). Made once per deck and source (see :func:`_card_source` and :func:`_held`)."""

    __slots__ = ("by_trigger", "conditional", "fixed", "known", "live", "parts", "reads_dice")

    def __init__(self, known: tuple[_Known, ...]) -> None:
        self.known = known
        self.live: list[Live] = []
        self.by_trigger: dict[str, list[Live]] = {}
        """The effects that fire at each trigger (see :func:`triggered`), in their order."""
        conditional: list[_Known] = []
        self.reads_dice = False
        """Some effect's condition reads the dice (it comes into force when a die of its colour is exhausted): the
        effects in force then depend on the dice, even while the condition fails."""
        for k in known:  # one pass (a hero's and items' effects are joined anew whenever the inventory changes)
            self.live.append(k.live)
            if k.trigger is not None:
                self.by_trigger.setdefault(k.trigger, []).append(k.live)
            if k.condition is not None:
                if not k.waits:
                    conditional.append(k)
                if k.reads_dice:
                    self.reads_dice = True
        self.conditional = tuple(conditional)
        """The effects whose condition decides whether they are in force now."""
        self.parts: dict[tuple[bool, ...], _Part] = {}
        self.fixed = None if conditional else _Part(known, ())
        """The part, when no condition decides it."""

    def part(self, s: GameState) -> _Part:
        """The passive effects of this source in ``s``."""
        if self.fixed is not None:
            return self.fixed
        holds = tuple([condition_holds(s, k.live, {}) for k in self.conditional])
        found = self.parts.get(holds)
        if found is None:
            failing = {k for k, h in zip(self.conditional, holds, strict=True) if not h}
            found = self.parts[holds] = _Part(self.known, failing)
        return found


class HeldEffects(_Source):
    """The effects of a hero and the items held (see :func:`_held`)."""

    __slots__ = ("hero", "ignored", "inventory", "scratch")

    def __init__(self, s: GameState) -> None:
        deck = s.deck
        self.hero = s.hero.id
        self.inventory = s.inventory
        known: list[_Known] = []
        if s.hero.id:
            known += _known(deck, s.hero.id, "hero")
        for item in s.inventory:
            known += _known(deck, item, "item")
        super().__init__(tuple(known))
        ignored: set[str] = set()
        for k in known:
            effect = k.live.effect
            if isinstance(effect, IgnoreEffect):
                ignored.update(effect.kinds)
        self.ignored = frozenset(ignored)
        """The enemy effect kinds the hero ignores."""
        self.scratch: dict[str, Any] = {}
        """Other answers that follow from the hero and the items held alone (e.g. which effects a player uses)."""


def _held(s: GameState) -> HeldEffects:
    """The :class:`HeldEffects` of the state's hero and inventory.

    They follow from the deck, the hero's id and the inventory alone: they are kept with the deck (in its
    ``__dict__``), by hero and inventory, and the last ones asked for apart, used again while the hero and the
    inventory are the same (the effects in force mostly change with the active cards, the hero's Health or the round
    flags). An inventory often comes back (an item gained then discarded, or used up inside a command): those kept
    serve it again, with the answers kept with them. At most :data:`_HELD_KEPT` are kept (all dropped beyond)."""
    deck = s.deck
    kept = deck.__dict__
    hero = s.hero.id
    inventory = s.inventory
    held: HeldEffects | None = kept.get("_held")
    if held is None or held.hero != hero or held.inventory != inventory:
        made: dict[tuple[str, tuple[str, ...]], HeldEffects] | None = kept.get("_held_by")
        if made is None:
            made = kept["_held_by"] = {}
        held = made.get((hero, inventory))
        if held is None:
            if len(made) >= _HELD_KEPT:
                made.clear()
            held = made[hero, inventory] = HeldEffects(s)
        kept["_held"] = held
    return held


_HELD_KEPT = 64
"""How many :class:`HeldEffects` a deck keeps (a game holds a dozen inventories or so)."""


def _card_source(deck: Deck, card: ActiveCard, ignored: frozenset[str]) -> _Source:
    """The :class:`_Source` of an active card's effects (during only while undefeated, without the kinds the hero
    ignores), made once per deck, card, defeat and ignored kinds (a deck is immutable: its effects never change)."""
    made: dict[tuple[str, bool, bool, frozenset[str]], _Source] | None = deck.__dict__.get("_card_sources")
    if made is None:
        made = deck.__dict__["_card_sources"] = {}
    key = (card.id, card.boss, card.defeated, ignored)
    found = made.get(key)
    if found is None:
        known = _known(deck, card.id, "boss" if card.boss else "enemy", card.defeated)
        if ignored:
            known = tuple(k for k in known if k.kind not in ignored)
        found = made[key] = _Source(known)
    return found


def _known(deck: Deck, source: str, origin: Origin, defeated: bool = False) -> tuple[_Known, ...]:
    """The :class:`_Known` of a source's printed effects (see :func:`_lives`), made once per deck; ``defeated``:
    without its During effects (R6: they end on defeat)."""
    made: dict[tuple[str, Origin, bool], tuple[_Known, ...]] | None = deck.__dict__.get("_known")
    if made is None:
        made = deck.__dict__["_known"] = {}
    found = made.get((source, origin, defeated))
    if found is None:  # a deck is immutable: a source's effects never change
        if defeated:
            found = tuple(k for k in _known(deck, source, origin) if k.live.effect.timing != "during")
        else:
            found = tuple(map(_Known, _lives(deck, source, origin)))
        made[source, origin, defeated] = found
    return found


def _lives(deck: Deck, source: str, origin: Origin) -> tuple[Live, ...]:
    """The :class:`Live` records of a source's printed effects (the hero's ability, an item's reward effects, a
    card's or a boss's effects), made once per deck rather than every time the effects in force are worked out
    (kept in the deck's ``__dict__``, beside its card index, so they go with it)."""
    made: dict[tuple[str, Origin], tuple[Live, ...]] | None = deck.__dict__.get("_lives")
    if made is None:
        made = deck.__dict__["_lives"] = {}
    found = made.get((source, origin))
    if found is None:  # a deck is immutable: a source's effects never change
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
    """The live effects that fire at ``trigger`` (see :func:`trigger_of`), in the order of :func:`live_effects` (a
    shared list: do not change it)."""
    force: InForce | None = s.__dict__.get(CARRIED)  # in_force, inlined
    if force is None:
        force = in_force(s)
    found = force.triggers.get(trigger)
    if found is None:  # each source's, in their order
        found = _NO_LIVES
        for source in force.sources:
            fire = source.by_trigger.get(trigger)
            if fire:
                found = fire if not found else [*found, *fire]
        force.triggers[trigger] = found
    return found


NO_RECOVERY = "no_recovery"
"""Round flag: recovery is blocked until the round ends (a fired ``no_recovery``)."""
ITEMS_BLOCKED = "items_blocked"
"""Round flag: items are blocked until the round ends (a fired ``items_blocked``)."""
EXTRA_DAMAGE = "extra_damage:"
"""Prefix of a round flag ``extra_damage:<card>:<amount>``: damage dealt to a card without a die (banish for
damage); R5 adds it to the card's damage until the round ends."""


def extra_damage(s: GameState, card_id: str) -> int:
    """Damage dealt to a card this round without a die."""
    if not s.round_flags:
        return 0
    prefix = f"{EXTRA_DAMAGE}{card_id}:"
    return sum(int(f.removeprefix(prefix)) for f in s.round_flags if f.startswith(prefix))


def passive(s: GameState) -> list[tuple[Handler, Live]]:
    """Live effects whose rule change is in force now (After effects wait for Resolve step 2)."""
    return in_force(s).passive


def passive_with(s: GameState, *hooks: str) -> list[tuple[Handler, Live]]:
    """The :func:`passive` effects whose handler overrides one of these hook methods, in the same order (a shared
    list: do not change it).

    Most handlers override one or two hooks, so a query of one hook walks only the effects that can answer it
    (usually none): the general rules ask some hooks once per die and card.
    """
    if len(hooks) == 1:
        return _answering(s, hooks[0])
    force: InForce | None = s.__dict__.get(CARRIED)  # in_force, inlined
    if force is None:
        force = in_force(s)
    by_hook = force.by_hook
    out = by_hook.get(hooks)
    if out is None:
        if by_hook.keys().isdisjoint(hooks):  # no passive effect overrides any of them (most often)
            out = by_hook[hooks] = _NONE
        else:
            out = by_hook[hooks] = [(h, le) for h, le in force.passive if not overridden(h).isdisjoint(hooks)]
    return out


def _answering(s: GameState, hook: str) -> list[tuple[Handler, Live]]:
    """``passive_with(s, hook)`` for one hook: the hooks the general rules ask most call this directly."""
    force: InForce | None = s.__dict__.get(CARRIED)
    if force is None:
        force = in_force(s)
    return force.by_hook.get(hook, _NONE)


_NONE: list[tuple[Handler, Live]] = []
"""No effect answers a hook (shared: never changed)."""
_NO_LIVES: list[Live] = []
"""No effect fires at a trigger (shared: never changed)."""


_OVERRIDDEN: dict[type[Handler], frozenset[str]] = {}


def overridden(h: Handler) -> frozenset[str]:
    """The hook methods a handler's class replaces (the neutral base's are "no change")."""
    found = _OVERRIDDEN.get(type(h))
    if found is None:
        names = [n for n, v in vars(Handler).items() if callable(v) and not n.startswith("_")]
        found = _OVERRIDDEN[type(h)] = frozenset(n for n in names if getattr(type(h), n) is not getattr(Handler, n))
    return found


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
    for h, le in list(_answering(tx.state, "after_roll")):
        h.after_roll(tx, le)


def keeps_face(s: GameState, die: DieState) -> bool:
    """Whether an unapplied, rolled die is kept rather than rolled again."""
    return any(h.keeps_face(s, le, die) for h, le in _answering(s, "keeps_face"))


def read_face(s: GameState, die: DieState, face: str) -> str:
    """The face a freshly rolled die counts as."""
    for h, le in _answering(s, "read_face"):
        face = h.read_face(s, le, die, face)
    return face


def apply_block(s: GameState, die: DieState, card: ActiveCard) -> str | None:
    """Why this die may not be applied to this card now (None: it may)."""
    if die.face not in ("hit", "crit"):
        return "misses cannot be applied"
    for h, le in _answering(s, "apply_block"):
        reason = h.apply_block(s, le, die, card)
        if reason:
            return reason
    return None


def die_damage(s: GameState, die: DieState, card: ActiveCard) -> int:
    """R5: the damage an applied die deals to a card under the modifiers in force now."""
    damage = BASE_DAMAGE[die.face or "miss"]
    for h, le in _answering(s, "die_damage"):
        damage = h.die_damage(s, le, die, card, damage)
    return max(0, damage)


def damage_taken(s: GameState, card: ActiveCard) -> int:
    """R5: the sum of a card's applied dice (and damage dealt without a die), then card-level modifiers (caps)."""
    # Asked for every card after every die applied, and by bots many times a state: kept with the state, for the
    # card object asked about (a caller may ask about a changed copy of an active card).
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)  # state.derived, inlined
    if d is None:
        d = s.__dict__[DERIVED] = {}
    card_id = card.id
    key = ("damage_taken", card_id)
    kept: tuple[ActiveCard, int] | None = d.get(key)
    if kept is not None and kept[0] is card:
        return kept[1]
    force: InForce | None = s.__dict__.get(CARRIED)  # in_force, inlined
    if force is None:
        force = in_force(s)
    by_hook = force.by_hook
    modifiers = by_hook.get("die_damage")
    total = 0
    if modifiers:  # die_damage for each of the card's applied dice, inlined (the same modifiers for every die)
        for die in s.dice_in("applied"):
            if die.card == card_id:
                damage = BASE_DAMAGE[die.face or "miss"]
                for h, le in modifiers:
                    damage = h.die_damage(s, le, die, card, damage)
                total += max(0, damage)
    else:  # each die deals its face's damage (die_damage with no modifier; the faces' damages are not negative)
        for die in s.dice_in("applied"):
            if die.card == card_id:
                total += BASE_DAMAGE[die.face or "miss"]
    if s.round_flags:  # extra_damage: none without round flags
        total += extra_damage(s, card_id)
    for h, le in by_hook.get("card_damage", _NONE):
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
    for h, le in _answering(s, "defeat_block"):
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
    for h, le in _answering(s, "enemy_damage"):
        damage = h.enemy_damage(s, le, card, damage)
    return max(0, damage)


def recovery_slots(s: GameState) -> list[tuple[int, tuple[str, ...] | None]]:
    """Where recovered dice may go this round: the Recovery stat (any colour), then each extra slot's dice and
    colours (none at all when recovery is blocked)."""
    if recovery_block(s) is not None:
        return []
    slots: list[tuple[int, tuple[str, ...] | None]] = [(s.hero.recovery, None)]
    for h, le in _answering(s, "recovery_slot"):
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
    return list(recoverable_dice(s))


def recoverable_dice(s: GameState) -> list[str]:
    """:func:`recoverable`, kept with the state (a shared list: do not change it)."""
    d: dict[Any, Any] | None = s.__dict__.get(DERIVED)  # state.derived, inlined
    if d is None:
        d = s.__dict__[DERIVED] = {}
    found: list[str] | None = d.get("recoverable")
    if found is None:
        found = d["recoverable"] = _recoverable(s)
    return found


def _recoverable(s: GameState) -> list[str]:
    by_hook = in_force(s).by_hook
    if "recovery_slot" not in by_hook and "recovery_block" not in by_hook:
        # recovery_slots without an effect that answers: the Recovery stat alone (any colour), unless the round
        # flags block recovery; the dice recovered so far take their places first.
        if NO_RECOVERY in s.round_flags or len(s.recovered) >= s.hero.recovery:
            return []
        return [d.id for d in s.dice_in("exhausted")]
    slots = recovery_slots(s)
    if not slots:
        return []
    if all(allowed is None for _, allowed in slots):  # no colour restrictions: only the count matters
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
    for h, le in _answering(s, "recovery_block"):
        reason = h.recovery_block(s, le)
        if reason:
            return reason
    return None


def items_block(s: GameState) -> str | None:
    """Why items cannot be used now."""
    if ITEMS_BLOCKED in s.round_flags:
        return "items cannot be used this round"
    for h, le in _answering(s, "items_block"):
        reason = h.items_block(s, le)
        if reason:
            return reason
    return None
