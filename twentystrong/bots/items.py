"""When the heuristic bot uses items and its hero's ability, and which items it keeps.

Every ``use_item`` / ``use_ability`` command in ``legal`` names one way to use one effect (its target fields set).
The variants of one effect are grouped and handed to the policy of its kind, which returns the variant to use now
or None. Kinds with no policy are never used by the bot (passive items work on their own).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from twentystrong.bots import assess
from twentystrong.bots.reading import USES, incoming, remaining, threat, undefeated
from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, HIT_FACES, STRENGTH
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import GameState

if TYPE_CHECKING:
    from twentystrong.bots.heuristic import HeuristicBot


@dataclass(slots=True)
class Use:
    """The variants of one usable effect, and what the bot knows about the moment."""

    bot: HeuristicBot
    s: GameState
    legal: list[Command]
    effect: Effect
    variants: list[Command]

    @property
    def last_phase(self) -> bool:
        """No Strategy phase can follow this Apply step."""
        return not self.bot.can_repeat(self.legal)

    @property
    def applies_left(self) -> bool:
        """The bot still has a useful die to apply."""
        applies = self.bot.commands(self.legal, "apply")
        return bool(applies) and self.bot.pick_apply(self.s, applies, dump=False) is not None

    def shortfall(self) -> int:
        """Damage still missing on the first target after every rolled hit is applied to it."""
        order = self.bot.order(self.s)
        if not order:
            return 0
        hits = sum(BASE_DAMAGE[d.face or "miss"] for d in self.s.dice_in("active") if d.face in ("hit", "crit"))
        return max(0, remaining(self.s, order[0]) - hits)


Policy = Callable[[Use], Command | None]
UseKey = tuple[str, str | None, int | None]
"""A use command's (cmd, item, effect): the commands with the same key are variants of one use."""
Known = tuple[Effect, Policy | None, frozenset[str] | None]
"""What a use does: its effect, the policy of its kind (None: never used) and the steps where that policy may use
it (None: any step)."""
KnownUses = dict[UseKey, Known]
UseGroups = list[tuple[Effect, Policy, list[Command]]]
"""The uses a policy may pick in one step: each effect, its policy and its variants (in legal order)."""


def pick_use(
    bot: HeuristicBot, s: GameState, legal: list[Command], uses: list[Command] | None = None
) -> Command | None:
    """An item or ability to use now, or None. ``uses``: ``bot.commands(legal, USES)``, when the caller has it."""
    if uses is None:
        uses = bot.commands(legal, USES)
    if not uses:
        return None
    known_kept = bot.uses_known  # _known_uses, inlined: asked for most states
    if known_kept is not None and known_kept[0] is s.deck and known_kept[1] == s.hero.id:
        known = known_kept[2]
    else:
        known = _known_uses(bot, s)
    step = s.step
    # Grouped once for the same use commands in the same step (they seldom change from one state to the next, and
    # the grouping reads nothing else): the last grouping of each step is kept, as the steps of a round take
    # turns. The list comparison is by identity first, legal lists reuse commands.
    kept = bot.use_groups
    if kept is None or kept[0] is not known:
        kept = bot.use_groups = (known, {})
    found = kept[1].get(step)
    if found is not None and found[0] == uses:
        groups = found[1]
    else:
        groups = _use_groups(s, uses, known)
        kept[1][step] = (uses, groups)
    # One Use serves every policy the bot asks (each reads it only while it answers; none keeps it or asks for
    # another use meanwhile): its fields are set for each group rather than a new object made.
    use = bot.use
    for effect, policy, variants in groups:
        if use is None:
            use = bot.use = Use(bot, s, legal, effect, variants)
        else:
            use.s = s
            use.legal = legal
            use.effect = effect
            use.variants = variants
        chosen = policy(use)
        if chosen is not None:
            return chosen
    return None


def _use_groups(s: GameState, uses: list[Command], known: KnownUses) -> UseGroups:
    """The variants of each use the bot may make in this step, in legal order; a use whose policy answers None in
    this step (see _POLICY_STEPS) is left out, as its policy would not pick it."""
    step = s.step
    groups: dict[UseKey, tuple[Effect, Policy, list[Command]]] = {}
    for c in uses:
        key = (c.cmd, c.item, c.effect)
        found = groups.get(key)
        if found is not None:
            found[2].append(c)
            continue
        what = known.get(key)
        if what is None:
            effect = used_effect(s, c)
            policy = _POLICIES.get(effect.kind)
            what = known[key] = (effect, policy, _POLICY_STEPS.get(policy) if policy is not None else None)
        effect, policy, steps = what
        if policy is not None and (steps is None or step in steps):
            groups[key] = (effect, policy, [c])
    return list(groups.values())


def _known_uses(bot: HeuristicBot, s: GameState) -> KnownUses:
    """The effect and policy of each (cmd, item, effect) seen so far: they follow from the deck and the hero."""
    kept = bot.uses_known
    if kept is None or kept[0] is not s.deck or kept[1] != s.hero.id:
        kept = bot.uses_known = (s.deck, s.hero.id, {})
    return kept[2]


def used_effect(s: GameState, c: Command) -> Effect:
    """The effect a use command uses (a single-use item: its first effect; the rest follow it)."""
    if c.cmd == "use_ability":
        return s.deck.hero(s.hero.id).ability[c.effect or 0]
    reward = s.deck.card(str(c.item)).reward
    assert reward is not None
    return reward.effects[c.effect or 0]


def item_value(s: GameState, card_id: str) -> float:
    """What holding this item is worth to the bot."""
    return assess.reward_value(s.deck.card(card_id).reward)


def shed(s: GameState, legal: list[Command]) -> Command:
    """R9: too many items: discard the least valuable."""
    discards = [c for c in legal if c.cmd == "discard_item"]
    if discards:
        return min(discards, key=lambda c: (item_value(s, str(c.item)), str(c.item)))
    return legal[0]


def endgame_bonus(s: GameState) -> float:
    """Extra damage the held items promise for a boss fight."""
    bonus = 0.0
    exhausted = len(s.dice_in("exhausted"))
    for item in s.inventory:
        reward = s.deck.card(item).reward
        if reward is None:
            continue
        for e in reward.effects:
            if isinstance(e, fx.Recover):
                bonus += 1.0 * min(e.count or exhausted, exhausted)
            elif isinstance(e, fx.RollExhaustedRecoverHits):
                bonus += 0.6 * exhausted
            elif isinstance(e, fx.SetEnemyHealth):
                bonus += 4.0
    return bonus


# --- policies, one per kind ------------------------------------------------------------------------------------


def _heal(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.Heal)
    s = u.s
    if s.hero.health + u.effect.amount <= 6:
        return u.variants[0]
    if s.step == "apply" and s.active and u.last_phase and incoming(s) >= s.hero.health and not u.applies_left:
        return u.variants[0]
    return None


def _recover(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.Recover)
    s = u.s
    if s.step != "commit":
        return None
    if not s.endgame and len(s.dice_in("pool")) > 4:
        return None  # before the endgame, only once the pool is thin (known before looking at the exhausted dice)
    exhausted = [d for d in s.dice_in("exhausted") if u.effect.colors is None or d.color in u.effect.colors]
    if not exhausted:
        return None
    if s.endgame:
        return u.variants[0]
    count = u.effect.count or len(exhausted)
    if u.effect.count is None and u.effect.colors is None:
        return u.variants[0] if len(exhausted) >= 8 else None
    return u.variants[0] if len(exhausted) >= min(count, 3) else None


def _roll_exhausted(u: Use) -> Command | None:
    s = u.s
    if s.step != "commit":
        return None
    exhausted = len(s.dice_in("exhausted"))
    enough = 2 if s.endgame else 7
    return u.variants[0] if exhausted >= enough else None


def _set_stat(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.SetStat)
    return u.variants[0] if u.effect.value > u.s.hero.stat(u.effect.stat) else None


def _defeat(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.applies_left:
        return None
    lethal = incoming(s) >= s.hero.health
    if not (u.last_phase or lethal):
        return None
    best = _best_target(u)
    if best is None:
        return None
    card = s.active_card(str(best.card))
    assert card is not None
    worth = threat(s, card) >= 2 or remaining(s, card) >= 4 or lethal or s.endgame
    if isinstance(u.effect, fx.DiscardEnemy):
        worth = threat(s, card) >= 2 or lethal or s.endgame
    return best if worth and remaining(s, card) > 0 else None


def _best_target(u: Use) -> Command | None:
    def key(c: Command) -> tuple[float, str]:
        card = u.s.active_card(str(c.card))
        if card is None or card.defeated:
            return -1.0, str(c.card)
        return threat(u.s, card) + 0.1 * remaining(u.s, card), str(c.card)

    options = [c for c in u.variants if c.card is not None]
    return max(options, key=key) if options else None


def _set_health(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.SetEnemyHealth)
    s = u.s
    if not s.endgame or s.step not in ("commit", "apply"):
        return None
    for c in u.variants:
        card = s.active_card(str(c.card))
        if card is not None and card.boss and hooks.card_health(s, card) > u.effect.value + 1:
            return c
    return None


def _cancel(u: Use) -> Command | None:
    s = u.s
    if s.step not in ("commit", "apply"):
        return None
    best: tuple[float, Command] | None = None
    for c in u.variants:
        card = s.active_card(str(c.card))
        if card is None:
            continue
        effects = hooks.card_effects(s, card)
        if any(isinstance(e, fx.EnemyDamageFixed) and e.amount < hooks.printed_damage(s, card) for e in effects):
            continue  # the aura is the lesser evil
        score = assess.severity(effects)
        if best is None or score > best[0]:
            best = (score, c)
    return best[1] if best is not None and best[0] >= 2.0 else None


def _take_stack_reward(u: Use) -> Command | None:
    from twentystrong.bots.heuristic import _instant_worth

    best = max(u.variants, key=lambda c: _instant_worth(u.s, u.s.deck.card(u.s.stacks[int(c.stack or 1) - 1][0])))
    worth = _instant_worth(u.s, u.s.deck.card(u.s.stacks[int(best.stack or 1) - 1][0]))
    return best if worth >= 1.5 else None


def _reveal(u: Use) -> Command | None:
    return u.variants[0] if u.s.hero.health <= 5 else None


def _at_once(u: Use) -> Command | None:
    return u.variants[0]


def _bonus(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.ColorBonus)
    s = u.s
    if not u.effect.this_round or s.step != "apply":
        return None
    named = [d for d in s.dice_in("active") if d.color in u.effect.colors and d.face in ("hit", "crit")]
    if len(named) >= (1 if s.endgame else 2) and any(remaining(s, t) > 0 for t in u.bot.targets(s)):
        return u.variants[0]
    return None


def _convert(u: Use) -> Command | None:
    """Once per round, so use it as soon as it helps: a hit about to be applied becomes a crit when its target
    needs 2 or more; a miss becomes a hit (or crit) once the useful hits are applied and something still stands."""
    assert isinstance(u.effect, fx.ConvertFace)
    s = u.s
    gain = BASE_DAMAGE[u.effect.to_face] - BASE_DAMAGE[u.effect.from_face]
    if s.step != "apply" or gain <= 0:
        return None
    if u.effect.from_face == "miss":
        if u.applies_left or not any(remaining(s, t) > 0 for t in u.bot.targets(s)):
            return None
        return max(u.variants, key=lambda c: (STRENGTH[s.die(str(c.die)).color], str(c.die)))
    applies = u.bot.commands(u.legal, "apply")
    nxt = u.bot.pick_apply(s, applies, dump=True) if applies else None
    if nxt is None:
        return None
    die, card = s.die(str(nxt.die)), s.active_card(str(nxt.card))
    if die.face != u.effect.from_face or card is None or remaining(s, card) < BASE_DAMAGE[u.effect.to_face]:
        return None
    by_color = {s.die(str(c.die)).color: c for c in u.variants}
    return by_color.get(die.color)


def _pair(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.applies_left or not any(remaining(s, t) > 0 for t in u.bot.targets(s)):
        return None
    return u.variants[0] if u.last_phase or u.shortfall() <= 2 else None


def _swap(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.last_phase or u.applies_left:
        return None
    if not any(remaining(s, t) > 0 for t in u.bot.targets(s)):
        return None
    for c in u.variants:
        miss, hit = s.die(str(c.die)), s.die(str(c.choice))
        if STRENGTH[hit.color] > STRENGTH[miss.color]:
            return c  # the strong die is rolled again, the weak one's hit is applied
    return None


def _banish_for_damage(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.applies_left or not u.last_phase:
        return None
    best: tuple[int, Command] | None = None
    for c in u.variants:
        card = s.active_card(str(c.card))
        if card is None or card.defeated:
            continue
        faces = HIT_FACES[s.die(str(c.die)).color]
        rem = remaining(s, card)
        if rem <= 0 or faces < rem:
            continue
        wanted = card.boss or (s.endgame and not any(b.boss and not b.defeated for b in undefeated(s)))
        wanted = wanted or (threat(s, card) >= 3 and len(s.dice_in("pool")) >= 8)
        if wanted and (best is None or faces < best[0]):
            best = (faces, c)
    return best[1] if best is not None else None


_POLICIES: dict[str, Policy] = {
    "heal": _heal,
    "recover": _recover,
    "roll_exhausted_recover_hits": _roll_exhausted,
    "set_stat": _set_stat,
    "defeat_enemy": _defeat,
    "discard_enemy": _defeat,
    "set_enemy_health": _set_health,
    "cancel_enemy_effects": _cancel,
    "take_stack_reward": _take_stack_reward,
    "reveal_boss": _reveal,
    "activate_fewer": _at_once,
    "double_next_instant": _at_once,
    "color_bonus": _bonus,
    "convert_face": _convert,
    "pair_misses_to_hits": _pair,
    "swap_miss_and_hit": _swap,
    "banish_for_damage": _banish_for_damage,
}

_POLICY_STEPS: dict[Policy, frozenset[str]] = {
    _recover: frozenset({"commit"}),
    _roll_exhausted: frozenset({"commit"}),
    _defeat: frozenset({"apply"}),
    _set_health: frozenset({"commit", "apply"}),
    _cancel: frozenset({"commit", "apply"}),
    _bonus: frozenset({"apply"}),
    _convert: frozenset({"apply"}),
    _pair: frozenset({"apply"}),
    _swap: frozenset({"apply"}),
    _banish_for_damage: frozenset({"apply"}),
}
"""The steps outside which a policy always answers None (each checks ``s.step`` before anything else): pick_use
does not ask it there. Policies not listed may use their effect in any step."""
