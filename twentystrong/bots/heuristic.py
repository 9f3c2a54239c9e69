"""The heuristic bot: plays sensibly without search, one legal command at a time.

It fights what it can beat (the stack top whose cost — dice spent, damage suffered if it survives, side effects,
extra enemies — most outweighs its reward), commits dice until their expected damage covers what is left to kill
with a margin (keeping a few in reserve), applies hits to the most dangerous enemy first with as little overkill
as it can, repeats Strategy phases while they help, recovers the strongest dice, discards the most dangerous stack
top, and starts the endgame when its dice pool can expect to break a boss in one round. Items are used by
:mod:`twentystrong.bots.items`.

Deterministic: no randomness at all (the seed is accepted so every bot has the same constructor).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import replace

from twentystrong.bots import assess, items
from twentystrong.bots.dicemath import P_CRIT, P_MISS, pool_expected
from twentystrong.bots.reading import (
    apply_ok_if,
    capped,
    die_damage_if,
    incoming,
    live_kind,
    remaining,
    rolls_left,
    strength,
    threat,
    undefeated,
)
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Effect
from twentystrong.content.model import Boss, ConflictCard
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, HIT_FACES, STRENGTH
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import ActiveCard, DieState, GameState, Prompt

ROLL = Command("roll")
REPEAT = Command("repeat")
RESOLVE = Command("resolve")

MISSION_HARDNESS: dict[str, int] = {
    "end_round_health_exactly": 9,
    "commit_all_pool_colors": 8,
    "colors_on_one_enemy": 7,
    "stack_mandatory_rounds": 6,
    "unapplied_crits_exhausted": 5,
    "extra_stack_discards": 5,
    "activation_size": 4,
    "defeats_by_level": 2,
    "damage_taken_rounds": 2,
    "items_used": 2,
    "instant_declined": 1,
}
"""Which dealt mission the bot discards first (the hardest for it)."""

RESIDUAL = frozenset(
    {
        "misses_not_rerolled",
        "reroll_hit_per_miss",
        "no_apply_while_miss",
        "same_color_pairs",
        "one_color_per_enemy",
        "one_die_per_color_per_step",
        "apply_limit",
        "commit_limit",
        "requires_pair",
        "requires_colors_to_defeat",
        "invert_results",
        "one_defeat_per_step",
    }
)
"""Restrictions that the per-die damage check does not see: they inflate what is left to kill instead."""


class HeuristicBot:
    """A sensible player: see the module docstring. The keyword arguments are its tuning knobs."""

    name = "heuristic"

    def __init__(
        self,
        seed: int = 0,
        *,
        margin: float = 1.3,
        slack: float = 1.0,
        reserve: int = 3,
        ready: float = 1.25,
        extra_enemy: float = 1.6,
    ) -> None:
        self.seed = seed
        self.margin = margin
        """Expected damage committed per point of Health left to kill."""
        self.slack = slack
        """Expected damage committed on top of the margin."""
        self.reserve = reserve
        """Pool dice kept back before the endgame (unless the round could kill the hero)."""
        self.ready = ready
        """Expected pool damage per point of boss Health before the endgame starts."""
        self.extra_enemy = extra_enemy
        """What one additional enemy (+N) costs when choosing a fight."""
        # Working memory, all deterministic: answers for the current state object, the colour values and the dice
        # planned for the current Commit step, and this endgame round's choice to build up or go all in.
        self._targets_of: GameState | None = None
        self._targets: list[ActiveCard] = []
        self._values_key: object = None
        self._values: dict[Color, float] = {}
        self._build: tuple[int, bool] = (-1, False)
        self._plan_key: object = None
        self._plan: list[str] = []

    # --- dispatch -------------------------------------------------------------------------------------------

    def choose(self, state: GameState, legal: list[Command]) -> Command:
        """The bot's move (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        prompt = state.prompt
        if prompt is not None:
            return self._answer(state, legal, prompt)
        use = items.pick_use(self, state, legal)
        if use is not None:
            return use
        step = _STEPS.get(state.step)
        chosen = step(self, state, legal) if step is not None else None
        if chosen is not None:
            return chosen
        plain = [c for c in legal if c.cmd not in ("use_item", "use_ability", "discard_item", "forfeit_mission")]
        return plain[0] if plain else legal[0]

    # --- setup and the start of a round ------------------------------------------------------------------------

    def _mission_discard(self, s: GameState, legal: list[Command]) -> Command | None:
        def hardness(c: Command) -> tuple[int, str]:
            m = s.deck.mission(str(c.mission))
            return MISSION_HARDNESS.get(m.condition, 3) + (1 if m.level == 2 else 0), str(c.mission)

        options = [c for c in legal if c.cmd == "discard_mission"]
        return max(options, key=hardness) if options else None

    def _rank_penalty(self, s: GameState, legal: list[Command]) -> Command | None:
        exhaust = Command("rank_penalty", choice="exhaust")
        return exhaust if exhaust in legal else None

    def _round_start(self, s: GameState, legal: list[Command]) -> Command | None:
        return Command("start_endgame") if self.ready_for_endgame(s) else Command("decline_endgame")

    def ready_for_endgame(self, s: GameState) -> bool:
        """Whether the pool can expect to break the boss in one round (or waiting cannot make it better)."""
        pool = [d.color for d in s.dice_in("pool")]
        cap = pool_expected(pool, s.hero.strategy) + items.endgame_bonus(s)
        need = self.boss_need(s)
        if s.hero.health <= 2:
            return cap >= need * 0.9
        exhausted = len(s.dice_in("exhausted"))
        margin = self.ready if exhausted > 1 else self.ready * 0.8
        return cap >= need * margin

    def boss_need(self, s: GameState) -> float:
        """Damage the bot expects to need in the first endgame round."""
        unfinished = sum(1 for m in s.missions if m.status in ("pending", "forfeited"))
        bosses = [s.deck.boss(s.revealed_boss)] if s.revealed_boss else list(s.deck.bosses)
        return sum(_boss_need(b, unfinished) for b in bosses) / len(bosses)

    # --- activation and stacks ------------------------------------------------------------------------------

    def _activate(self, s: GameState, legal: list[Command]) -> Command | None:
        options = [c for c in legal if c.cmd == "activate"]
        if not options:
            return None
        cap = self._capacity(s)
        return min(options, key=lambda c: (self._fight_cost(s, _top(s, c), cap), len(s.stacks[int(c.stack or 1) - 1])))

    def _capacity(self, s: GameState) -> float:
        """Expected damage of the dice the bot would commit this round."""
        pool = sorted((d.color for d in s.dice_in("pool")), key=STRENGTH.__getitem__, reverse=True)
        usable = pool[: max(0, len(pool) - self._reserve(s))]
        return pool_expected(usable, s.hero.strategy)

    def _fight_cost(self, s: GameState, card: ConflictCard, cap: float) -> float:
        """What fighting this card is expected to cost, net of its reward (lower is better)."""
        busy = sum(remaining(s, c) for c in undefeated(s))
        cap = max(0.0, cap - busy * self.margin)
        reward = assess.reward_value(card.reward)
        if card.reward is not None and card.reward.kind == "instant":
            reward = min(reward, _instant_worth(s, card))
        if assess.unkillable_health(card):
            kill, dice = 0.0, 0.0
        else:
            tough = card.health * assess.difficulty(card)
            kill = 1 / (1 + math.exp(-(cap - tough * 1.2) / 1.2))
            dice = 0.25 * tough
        extra = card.additional * self.extra_enemy
        return dice + card.damage * (1 - kill) * 1.3 + assess.harm(card) + extra - reward * kill

    def _stack_discard(self, s: GameState, legal: list[Command]) -> Command | None:
        options = [c for c in legal if c.cmd == "stack_discard"]
        if not options:
            return None
        cap = self._capacity(s)
        return max(options, key=lambda c: (self._fight_cost(s, _top(s, c), cap), -len(s.stacks[int(c.stack or 1) - 1])))

    # --- Strategy phase -------------------------------------------------------------------------------------

    def _reserve(self, s: GameState) -> int:
        """Pool dice not to commit: none in the endgame or when this round could kill; once the endgame may
        start, enough to expect to break the boss (the pool refills while the bot waits)."""
        if s.endgame and self.building(s):
            return self.endgame_dice(s)
        if s.endgame or (s.active and incoming(s) >= s.hero.health):
            return 0
        if any(not stack for stack in s.stacks):
            # The endgame may start: keep what the boss needs, less what Recovery brings back this round.
            return max(self.reserve, self.endgame_dice(s) - hooks.recovery_limit(s))
        return self.reserve

    def endgame_dice(self, s: GameState) -> int:
        """How many of the strongest dice the bot wants in its pool for the boss."""
        need = self.boss_need(s) * self.ready
        colors = sorted((d.color for d in s.dice if d.zone != "banished"), key=STRENGTH.__getitem__, reverse=True)
        total = 0.0
        for n, color in enumerate(colors, start=1):
            total += pool_expected([color], s.hero.strategy)
            if total >= need:
                return n
        return len(colors)

    def targets(self, s: GameState) -> list[ActiveCard]:
        """Undefeated cards the bot means to damage this round: not those dice cannot defeat this round (a damage
        cap, no colour that may be applied), nor one that is immune while such a card stands beside it."""
        if self._targets_of is not s:
            self._targets = self._find_targets(s)
            self._targets_of = s  # states are immutable: the answer holds for this state object
        return list(self._targets)

    def _find_targets(self, s: GameState) -> list[ActiveCard]:
        standing = undefeated(s)
        out = [c for c in standing if not capped(s, c) and _reachable(s, c)]
        stuck = len(out) < len(standing)
        if stuck:
            out = [c for c in out if live_kind_on(s, c, "immune_while_others") is None]
        if len(standing) > 1:
            # A boss that wins the game only with its whole court down is left for last: defeated early, it
            # would go to the boss discard at Cleanup while the court still stands.
            out = [c for c in out if not (c.boss and _needs_all(s, c))]
        if self.building(s):
            out = [c for c in out if not c.boss]
        return out

    def building(self, s: GameState) -> bool:
        """Endgame, and the boss cannot be expected to fall this round: the bot spends dice only on the others
        and lets Recovery refill its pool for a later all-in (unless this round could kill the hero). Decided
        once per round, before any die is committed, and kept for the round."""
        if not s.endgame:
            return False
        if self._build[0] != s.round:
            self._build = (s.round, self._should_build(s))
        return self._build[1]

    def _should_build(self, s: GameState) -> bool:
        boss = next((c for c in s.active if c.boss and not c.defeated), None)
        if boss is None or incoming(s) >= s.hero.health:
            return False
        if any(d.zone in ("active", "applied") for d in s.dice):
            return False
        potential = pool_expected([d.color for d in s.dice_in("pool")], s.hero.strategy) + items.endgame_bonus(s)
        return potential < hooks.card_health(s, boss) * assess.difficulty(s.deck.boss(boss.id)) * 0.9

    def _commit(self, s: GameState, legal: list[Command]) -> Command | None:
        commits = {str(c.die): c for c in legal if c.cmd == "commit"}
        scare = self._scare(s, commits)
        if scare is not None:
            return scare
        # The dice to commit are planned once per Commit step, then played one command at a time.
        key = (s.round, s.phases_used, s.endgame)
        if self._plan_key != key:
            self._plan = self._plan_commit(s, commits)
            self._plan_key = key
        while self._plan:
            die = self._plan.pop(0)
            if die in commits:
                return commits[die]
        return ROLL

    def _plan_commit(self, s: GameState, commits: dict[str, Command]) -> list[str]:
        """Pool dice to commit, best first, until their expected damage covers what is left to kill (with a
        margin that shrinks while phases remain to top up), keeping the reserve."""
        targets = self.targets(s)
        if not targets or not commits:
            return []
        k = rolls_left(s)
        values = self.color_values(s, targets, k)
        need = sum(remaining(s, t) * _residual(s, t) for t in targets)
        need += sum(_missing_colors(s, t) for t in targets)
        goal = need * (self.margin if k <= 1 else 1 + (self.margin - 1) / k) + self.slack / k
        active = s.dice_in("active")
        have = 0.0
        for d in active:
            if d.face is not None and hooks.keeps_face(s, d):
                have += BASE_DAMAGE[d.face]
            else:
                have += values[d.color]
        pool = s.dice_in("pool")
        room = len(pool) - self._reserve(s)
        if live_kind(s, "no_apply_while_miss") is not None:
            room = min(room, 2 - len(active))  # every die that can miss blocks the others: a few sure dice
        candidates = sorted(
            (d for d in pool if d.id in commits and values[d.color] > 0.05),
            key=lambda d: (values[d.color], strength(d), d.id),
            reverse=True,
        )
        plan: list[str] = []
        for d in candidates:
            if have >= goal or len(plan) >= room:
                break
            plan.append(d.id)
            have += values[d.color]
        return plan

    def _scare(self, s: GameState, commits: dict[str, Command]) -> Command | None:
        """A card dice cannot defeat but that flees from a roll with enough misses: in the endgame (or when it
        could kill) commit weak dice until the roll can be expected to show that many misses."""
        if not (s.endgame or incoming(s) >= s.hero.health):
            return None
        for card in undefeated(s):
            flee = live_kind_on(s, card, "flees_on_roll")
            if not isinstance(flee, fx.FleesOnRoll) or (not capped(s, card) and _reachable(s, card)):
                continue
            active = s.dice_in("active")
            if sum(P_MISS[d.color] for d in active) >= flee.misses + 0.5:
                return None
            weak = [s.die(d) for d in commits]
            if weak:
                return commits[max(weak, key=lambda d: (P_MISS[d.color], d.id)).id]
        return None

    def color_values(self, s: GameState, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
        """Expected damage a die of each colour adds against the best target, over ``rolls`` rolls."""
        # Committing dice changes none of what this depends on, so one answer serves a whole Commit step.
        key = (s.round, s.phases_used, s.active, s.inventory, s.round_flags, tuple(targets), rolls, _zones(s))
        if key != self._values_key:
            self._values = self._color_values(s, targets, rolls)
            self._values_key = key
        return self._values

    def _color_values(self, s: GameState, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
        inverted: set[Color] = set()
        penalty = 0
        for _, le in hooks.passive(s):
            if isinstance(le.effect, fx.InvertResults):
                inverted.update(le.effect.colors)
        for le in hooks.live_effects(s):
            if le.is_enemy and isinstance(le.effect, fx.LoseHealthPerMiss) and le.effect.per_color_hits is None:
                penalty += le.effect.amount
        blocking = live_kind(s, "no_apply_while_miss") is not None
        out: dict[Color, float] = {}
        for color in COLORS:
            basic = (HIT_FACES[color] - 1) / 6
            miss = P_MISS[color]
            if color in inverted:
                basic, miss = miss, basic
            best = 0.0
            for t in targets:
                e = 0.0
                if apply_ok_if(s, color, "hit", t):
                    e += basic * die_damage_if(s, color, "hit", t)
                if apply_ok_if(s, color, "crit", t):
                    e += P_CRIT * die_damage_if(s, color, "crit", t)
                if e and _wants_color(s, t, color):
                    e += 0.5
                best = max(best, e)
            tries = float(rolls) if miss == 0 else (1 - miss**rolls) / (1 - miss) if miss < 1 else 1.0
            out[color] = best * tries - 1.3 * penalty * miss * tries
            if blocking and miss > 0.2:
                out[color] = 0.0
        return out

    def _apply(self, s: GameState, legal: list[Command]) -> Command | None:
        applies = [c for c in legal if c.cmd == "apply"]
        if applies:
            chosen = self.pick_apply(s, applies, dump=REPEAT in legal and self._want_repeat(s, legal))
            if chosen is not None:
                return chosen
        if self._want_repeat(s, legal):
            return REPEAT
        return RESOLVE

    def order(self, s: GameState) -> list[ActiveCard]:
        """Undefeated targets, the one to kill first first."""
        focus = self._boss_focus(s)
        # A boss that cannot fall (or win the game) while its entourage stands is fought last.
        guarded = any(
            c.boss and (live_kind_on(s, c, "immune_while_others") or _needs_all(s, c))
            for c in s.active
            if not c.defeated
        )

        def key(c: ActiveCard) -> tuple[float, int, str]:
            score = threat(s, c)
            if c.boss:
                score += 100 if focus else -100
            elif guarded:
                score += 200
            if not c.boss and live_kind_on(s, c, "immune_while_others") is not None:
                score -= 50  # it falls by itself once the others are gone
            return -score, remaining(s, c), c.id

        return sorted(self.targets(s), key=key)

    def _boss_focus(self, s: GameState) -> bool:
        boss = next((c for c in s.active if c.boss and not c.defeated), None)
        if boss is None:
            return False
        k = rolls_left(s)
        potential = float(sum(BASE_DAMAGE[d.face or "miss"] for d in s.dice_in("active") if d.face in ("hit", "crit")))
        potential += pool_expected([d.color for d in s.dice_in("pool")], max(1, k - 1))
        return potential >= remaining(s, boss) * 0.8

    def pick_apply(self, s: GameState, applies: list[Command], *, dump: bool) -> Command | None:
        """The best single die to apply now, or None when nothing helps (then repeat or resolve)."""
        by_card: dict[str, list[tuple[Command, int, DieState]]] = {}
        for c in applies:
            card = s.active_card(str(c.card))
            if card is None or card.defeated:
                continue
            die = s.die(str(c.die))
            dmg = hooks.die_damage(s, replace(die, zone="applied", card=card.id), card)
            by_card.setdefault(card.id, []).append((c, dmg, die))
        if not by_card:
            return None
        one_color = live_kind(s, "one_color_per_enemy") is not None
        order = self.order(s)
        for t in order:
            options = by_card.get(t.id)
            if not options:
                continue
            rem = remaining(s, t)
            if _pairs_only(s, t):
                options = _pair_damage(s, t, options)
            if one_color and not s.applied_to(t.id):
                options = _best_color_group(options)
            if rem <= 0 or _missing_colors(s, t):
                fresh = _new_color_options(s, t, options)
                if fresh:
                    return min(fresh, key=lambda o: (o[1], strength(o[2]), o[2].id))[0]
                if rem <= 0:
                    continue
            useful = [o for o in options if o[1] > 0]
            slots = _slots_left(s, t)
            if slots is not None:
                # Few dice fit: apply one only if crits could still fill what is left in the slots after it.
                useful = [o for o in useful if rem - o[1] <= 2 * (slots - 1)]
            if sum(o[1] for o in useful) >= rem:
                singles = [o for o in useful if o[1] >= rem]
                if singles:
                    return min(singles, key=lambda o: (o[1], strength(o[2]), o[2].id))[0]
                return max(useful, key=lambda o: (o[1], -strength(o[2]), o[2].id))[0]
        if not dump:
            return None
        for t in order:
            if _banishes_applied(s, t) or remaining(s, t) <= 0:
                continue
            options = by_card.get(t.id, [])
            if _pairs_only(s, t):
                options = _pair_damage(s, t, options)
            slots = _slots_left(s, t)
            rem = remaining(s, t)
            useful = [o for o in options if o[1] > 0 and (slots is None or rem - o[1] <= 2 * (slots - 1))]
            if useful:
                return max(useful, key=lambda o: (o[1], -strength(o[2]), o[2].id))[0]
        return None

    def _want_repeat(self, s: GameState, legal: list[Command]) -> bool:
        if REPEAT not in legal:
            return False
        targets = [t for t in self.targets(s) if remaining(s, t) > 0 or _missing_colors(s, t)]
        if not targets:
            return False
        unapplied = s.dice_in("active")
        spare = len(s.dice_in("pool")) > self._reserve(s)
        if not unapplied and not spare:
            return False
        per_miss = live_kind(s, "lose_health_per_miss")
        if isinstance(per_miss, fx.LoseHealthPerMiss) and per_miss.per_color_hits is None:
            loss = sum(P_MISS[d.color] for d in unapplied) * per_miss.amount
            if s.hero.health - loss <= 2:
                return False
        return True

    # --- Resolve phase --------------------------------------------------------------------------------------

    def _after(self, s: GameState, legal: list[Command]) -> Command | None:
        options = [c for c in legal if c.cmd == "resolve_after"]
        return options[0] if options else None

    def _recover(self, s: GameState, legal: list[Command]) -> Command | None:
        options = [c for c in legal if c.cmd == "recover"]
        if not options:
            return Command("done")
        return max(options, key=lambda c: (STRENGTH[s.die(str(c.die)).color], str(c.die)))

    def _gain_items(self, s: GameState, legal: list[Command]) -> Command | None:
        declines = [c for c in legal if c.cmd == "decline_item"]
        if not declines:
            return None
        best = max(declines, key=lambda c: (items.item_value(s, str(c.card)), str(c.card)))
        gain = Command("gain_item", card=best.card)
        if gain in legal:
            return gain
        if s.inventory:
            worst = min(s.inventory, key=lambda i: (items.item_value(s, i), i))
            discard = Command("discard_item", item=worst)
            if items.item_value(s, str(best.card)) > items.item_value(s, worst) + 0.3 and discard in legal:
                return discard
        return best

    # --- prompts --------------------------------------------------------------------------------------------

    def _answer(self, s: GameState, legal: list[Command], p: Prompt) -> Command:
        if p.kind == "instant_reward":
            current = s.current_mission
            declining = current is not None and s.deck.mission(current.id).condition == "instant_declined"
            return Command("decline_reward" if declining else "take_reward", card=p.card)
        if p.kind == "item_limit":
            return items.shed(s, legal)
        kind = _prompt_effect_kind(s, p)
        chooses = [c for c in legal if c.cmd == "choose"]
        if not chooses:
            return legal[0]
        if p.kind in ("choose_die", "reroll_hit"):
            return self._choose_die(s, chooses, p, kind)
        if p.kind == "choose_card":
            return max(chooses, key=lambda c: (self._card_priority(s, str(c.card), kind), str(c.card)))
        if p.kind == "choose_stack":
            cap = self._capacity(s)
            if kind == "take_stack_reward":
                return max(chooses, key=lambda c: (_instant_worth(s, _top(s, c)), -int(c.stack or 0)))
            if kind == "mission":  # a stack that will count as mandatory: the easiest to face
                return min(chooses, key=lambda c: (self._fight_cost(s, _top(s, c), cap), int(c.stack or 0)))
            return max(chooses, key=lambda c: (self._fight_cost(s, _top(s, c), cap), -int(c.stack or 0)))
        return chooses[0]

    def _choose_die(self, s: GameState, chooses: list[Command], p: Prompt, kind: str) -> Command:
        def die(c: Command) -> DieState:
            return s.die(str(c.die))

        if p.kind == "reroll_hit":
            # Roll again the basic hit most likely to hit again; keep crits.
            return max(chooses, key=lambda c: (die(c).face == "hit", STRENGTH[die(c).color], str(c.die)))
        if kind in ("recover", "extra_recovery") or "recover" in p.purpose:
            return max(chooses, key=lambda c: (STRENGTH[die(c).color], str(c.die)))
        return min(chooses, key=lambda c: (STRENGTH[die(c).color], str(c.die)))

    def _card_priority(self, s: GameState, card_id: str, kind: str) -> float:
        card = s.active_card(card_id)
        if card is None:
            return -1.0
        if kind == "cancel_enemy_effects":
            return assess.severity(hooks.card_effects(s, card))
        return threat(s, card) + remaining(s, card) * 0.1 + (50 if card.boss else 0)


_STEPS: dict[str, Callable[[HeuristicBot, GameState, list[Command]], Command | None]] = {
    "mission_discard": HeuristicBot._mission_discard,
    "rank_penalty": HeuristicBot._rank_penalty,
    "round_start": HeuristicBot._round_start,
    "activate": HeuristicBot._activate,
    "commit": HeuristicBot._commit,
    "apply": HeuristicBot._apply,
    "after": HeuristicBot._after,
    "recover": HeuristicBot._recover,
    "gain_items": HeuristicBot._gain_items,
    "stack_discard": HeuristicBot._stack_discard,
}


# --- helpers ---------------------------------------------------------------------------------------------------


def _zones(s: GameState) -> tuple[tuple[str, str | None], ...]:
    """Where the dice are that colour values depend on: applied ones (pairs, colours) and exhausted ones."""
    return tuple((d.id, d.card) for d in s.dice if d.zone in ("applied", "exhausted"))


def _top(s: GameState, c: Command) -> ConflictCard:
    return s.deck.card(s.stacks[int(c.stack or 1) - 1][0])


def _instant_worth(s: GameState, card: ConflictCard) -> float:
    """What an instant reward is worth now (healing above 6 is wasted)."""
    if card.reward is None or card.reward.kind != "instant":
        return 0.0
    worth = 0.0
    for e in card.reward.effects:
        if isinstance(e, fx.Heal):
            worth += min(e.amount, 6 - s.hero.health)
        elif isinstance(e, fx.Recover):
            worth += 0.4 * min(e.count or 8, len(s.dice_in("exhausted")))
        else:
            worth += assess.effect_value(e)
    return worth


def _boss_need(boss: Boss, unfinished: int) -> float:
    need = boss.health * assess.difficulty(boss)
    guards = boss.entourage + unfinished
    if any(isinstance(r, fx.WinCondition) and r.require == "all_enemies" for r in boss.rules):
        need += 3.5 * guards
    elif any(isinstance(r, fx.ImmuneWhileOthers) for r in boss.rules):
        need += 3.5 * guards
    return need


def live_kind_on(s: GameState, card: ActiveCard, kind: str) -> Effect | None:
    """A live effect of this kind carried by this card."""
    for le in hooks.live_effects(s):
        if le.source == card.id and le.effect.kind == kind:
            return le.effect
    return None


def _reachable(s: GameState, card: ActiveCard) -> bool:
    """Some colour of die could be applied to it and hurt it."""
    return any(
        apply_ok_if(s, color, face, card) and die_damage_if(s, color, face, card) > 0
        for color in COLORS
        for face in ("hit", "crit")
    )


def _needs_all(s: GameState, boss: ActiveCard) -> bool:
    return any(isinstance(r, fx.WinCondition) and r.require == "all_enemies" for r in s.deck.boss(boss.id).rules)


def _residual(s: GameState, card: ActiveCard) -> float:
    factor = 1.0
    for e in hooks.card_effects(s, card):
        if e.kind in RESIDUAL:
            factor *= assess.HARDER.get(e.kind, 1.0)
    return factor


def _missing_colors(s: GameState, card: ActiveCard) -> int:
    """Colours still to be applied before a "defeated only with N colours" card can fall."""
    rule = live_kind_on(s, card, "requires_colors_to_defeat")
    if not isinstance(rule, fx.RequiresColorsToDefeat):
        return 0
    return max(0, rule.count - len({d.color for d in s.applied_to(card.id)}))


def _wants_color(s: GameState, card: ActiveCard, color: Color) -> bool:
    return bool(_missing_colors(s, card)) and all(d.color != color for d in s.applied_to(card.id))


def _new_color_options(
    s: GameState, card: ActiveCard, options: list[tuple[Command, int, DieState]]
) -> list[tuple[Command, int, DieState]]:
    if not _missing_colors(s, card):
        return []
    there = {d.color for d in s.applied_to(card.id)}
    return [o for o in options if o[2].color not in there]


def _pairs_only(s: GameState, card: ActiveCard) -> bool:
    return live_kind_on(s, card, "same_color_pairs") is not None


def _pair_damage(
    s: GameState, card: ActiveCard, options: list[tuple[Command, int, DieState]]
) -> list[tuple[Command, int, DieState]]:
    """Same-colour pairs: a die that closes the open pair is worth both dice; one that opens a pair is worth its
    face only when a partner of its colour is also on the table; any other deals nothing."""
    applied = s.applied_to(card.id)
    waiting = {d.color: d for d in applied if sum(1 for e in applied if e.color == d.color) % 2 == 1}
    count: dict[Color, int] = {}
    for _, _, die in options:
        count[die.color] = count.get(die.color, 0) + 1
    out = []
    for c, _, die in options:
        face = BASE_DAMAGE[die.face or "miss"]
        if waiting:
            partner = waiting.get(die.color)
            dmg = face + BASE_DAMAGE[partner.face or "miss"] if partner is not None else 0
        else:
            dmg = face if count[die.color] >= 2 else 0
        out.append((c, dmg, die))
    return out


def _slots_left(s: GameState, card: ActiveCard) -> int | None:
    """How many more dice may be applied to a card with a per-card limit (None: no such limit)."""
    rule = live_kind_on(s, card, "apply_limit")
    if not isinstance(rule, fx.ApplyLimit) or rule.scope != "card":
        return None
    return max(0, rule.count - len(s.applied_to(card.id)))


def _best_color_group(
    options: list[tuple[Command, int, DieState]],
) -> list[tuple[Command, int, DieState]]:
    """One colour per enemy: the first die decides the colour, so keep the colour whose hits add up most."""
    totals: dict[Color, int] = {}
    for _, dmg, die in options:
        totals[die.color] = totals.get(die.color, 0) + dmg
    best = max(totals, key=lambda c: (totals[c], -STRENGTH[c]))
    return [o for o in options if o[2].color == best]


def _banishes_applied(s: GameState, card: ActiveCard) -> bool:
    return any(isinstance(e, fx.BanishAppliedDice) for e in hooks.card_effects(s, card)) and not card.cancelled


def _prompt_effect_kind(s: GameState, p: Prompt) -> str:
    """The kind of the effect that asked (``rank`` for the rank penalty, ``""`` when unknown)."""
    source = p.source
    if source is None:
        return ""
    if source == "rank":
        return "rank"
    index = p.effect or 0
    effects: list[Effect] = []
    if source == s.hero.id:
        effects = list(s.deck.hero(source).ability)
    elif any(b.id == source for b in s.deck.bosses):
        effects = list(s.deck.boss(source).rules)
    else:
        try:
            card = s.deck.card(source)
        except KeyError:
            return source  # not an effect: "mission", …
        in_hand = source in s.inventory or source in s.discard or index < 0
        effects = list(card.reward.effects if card.reward is not None and in_hand else card.effects)
    if -len(effects) <= index < len(effects):
        return effects[index].kind
    return ""
