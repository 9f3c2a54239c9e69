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
from twentystrong.bots.reading import Reading
from twentystrong.content import effects as fx
from twentystrong.content.effects import Effect
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, HIT_FACES, STRENGTH

if TYPE_CHECKING:
    from twentystrong.bots.heuristic import HeuristicBot, Turn


@dataclass(frozen=True, slots=True)
class Use:
    """The variants of one usable effect, and what the bot knows about the moment."""

    bot: HeuristicBot
    s: Turn
    effect: Effect
    variants: list[Command]

    @property
    def last_phase(self) -> bool:
        """No Strategy phase can follow this Apply step."""
        return not self.s.can_repeat

    @property
    def applies_left(self) -> bool:
        """The bot still has a useful die to apply."""
        return self.bot.pick_apply(self.s, dump=False) is not None

    def shortfall(self) -> int:
        """Damage still missing on the first target after every rolled hit is applied to it."""
        order = self.bot.order(self.s)
        if not order:
            return 0
        hits = sum(BASE_DAMAGE[d.face or "miss"] for d in self.s.dice_in("active") if d.face in ("hit", "crit"))
        return max(0, self.s.remaining(order[0]) - hits)


Policy = Callable[[Use], Command | None]


def pick_use(bot: HeuristicBot, s: Turn, uses: list[Command]) -> Command | None:
    """An item or ability to use now, or None. ``uses``: the legal use_item / use_ability commands: the variants of
    each effect (same cmd, item and effect) are handed together to the policy of its kind, in legal order."""
    groups: dict[tuple[str, str | None, int | None], list[Command]] = {}
    for c in uses:
        groups.setdefault((c.cmd, c.item, c.effect), []).append(c)
    for variants in groups.values():
        effect = used_effect(s, variants[0])
        policy = _POLICIES.get(effect.kind) or bot.policies.get(effect.kind)
        if policy is None:
            continue  # a kind the bot never uses (passive items work on their own)
        chosen = policy(Use(bot, s, effect, variants))
        if chosen is not None:
            return chosen
    return None


def used_effect(s: Reading, c: Command) -> Effect:
    """The effect a use command uses (a single-use item: its first effect; the rest follow it)."""
    if c.cmd == "use_ability":
        return s.deck.hero(s.hero.id).ability[c.effect or 0]
    reward = s.deck.card(str(c.item)).reward
    assert reward is not None
    return reward.effects[c.effect or 0]


def item_value(s: Reading, card_id: str) -> float:
    """What holding this item is worth to the bot."""
    return assess.reward_value(s.deck.card(card_id).reward)


def shed(s: Reading, legal: list[Command]) -> Command:
    """R9: too many items: discard the least valuable."""
    discards = [c for c in legal if c.cmd == "discard_item"]
    if discards:
        return min(discards, key=lambda c: (item_value(s, str(c.item)), str(c.item)))
    return legal[0]


def endgame_bonus(s: Reading) -> float:
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
    if s.step == "apply" and s.active and u.last_phase and s.incoming() >= s.hero.health and not u.applies_left:
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
    lethal = s.incoming() >= s.hero.health
    if not (u.last_phase or lethal):
        return None
    best = _best_target(u)
    if best is None:
        return None
    card = s.active_card(str(best.card))
    assert card is not None
    worth = s.threat(card) >= 2 or s.remaining(card) >= 4 or lethal or s.endgame
    if isinstance(u.effect, fx.DiscardEnemy):
        worth = s.threat(card) >= 2 or lethal or s.endgame
    return best if worth and s.remaining(card) > 0 else None


def _best_target(u: Use) -> Command | None:
    def key(c: Command) -> tuple[float, str]:
        card = u.s.active_card(str(c.card))
        if card is None or card.defeated:
            return -1.0, str(c.card)
        return u.s.threat(card) + 0.1 * u.s.remaining(card), str(c.card)

    options = [c for c in u.variants if c.card is not None]
    return max(options, key=key) if options else None


def _set_health(u: Use) -> Command | None:
    assert isinstance(u.effect, fx.SetEnemyHealth)
    s = u.s
    if not s.endgame or s.step not in ("commit", "apply"):
        return None
    for c in u.variants:
        card = s.active_card(str(c.card))
        if card is not None and card.boss and s.view.card_health(card) > u.effect.value + 1:
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
        effects = s.view.card_effects(card)
        if any(isinstance(e, fx.EnemyDamageFixed) and e.amount < s.view.printed_damage(card) for e in effects):
            continue  # the aura is the lesser evil
        score = assess.severity(effects)
        if best is None or score > best[0]:
            best = (score, c)
    return best[1] if best is not None and best[0] >= 2.0 else None


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
    if len(named) >= (1 if s.endgame else 2) and any(s.remaining(t) > 0 for t in u.bot.targets(s)):
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
        if u.applies_left or not any(s.remaining(t) > 0 for t in u.bot.targets(s)):
            return None
        return max(u.variants, key=lambda c: (STRENGTH[s.die(str(c.die)).color], str(c.die)))
    nxt = u.bot.pick_apply(s, dump=True)
    if nxt is None:
        return None
    die, card = s.die(str(nxt.die)), s.active_card(str(nxt.card))
    if die.face != u.effect.from_face or card is None or s.remaining(card) < BASE_DAMAGE[u.effect.to_face]:
        return None
    by_color = {s.die(str(c.die)).color: c for c in u.variants}
    return by_color.get(die.color)


def _pair(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.applies_left or not any(s.remaining(t) > 0 for t in u.bot.targets(s)):
        return None
    return u.variants[0] if u.last_phase or u.shortfall() <= 2 else None


def _swap(u: Use) -> Command | None:
    s = u.s
    if s.step != "apply" or u.last_phase or u.applies_left:
        return None
    if not any(s.remaining(t) > 0 for t in u.bot.targets(s)):
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
        rem = s.remaining(card)
        if rem <= 0 or faces < rem:
            continue
        wanted = card.boss or (s.endgame and not any(b.boss and not b.defeated for b in s.undefeated()))
        wanted = wanted or (s.threat(card) >= 3 and len(s.dice_in("pool")) >= 8)
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
    "reveal_boss": _reveal,
    "activate_fewer": _at_once,
    "double_next_instant": _at_once,
    "color_bonus": _bonus,
    "convert_face": _convert,
    "pair_misses_to_hits": _pair,
    "swap_miss_and_hit": _swap,
    "banish_for_damage": _banish_for_damage,
}
