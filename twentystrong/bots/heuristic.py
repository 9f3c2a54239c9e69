"""The heuristic bot: plays sensibly without search, one legal command at a time.

This is its general part, the fights every deck has: it weighs what a fight is expected to cost (dice spent,
damage suffered if the enemy survives, side effects, extra enemies, net of the reward), commits dice until their
expected damage covers what is left to kill with a margin (keeping a few in reserve), applies hits to the most
dangerous enemy first with as little overkill as it can, repeats Strategy phases while they help, recovers the
strongest dice. Items are used by :mod:`twentystrong.bots.items`. Each deck's kit brings its bot, a subclass that
plays the deck's own steps and prompts (:attr:`HeuristicBot.own_steps`, :meth:`HeuristicBot.answer_own` …): which
card to activate, when to start the endgame …

Deterministic: no randomness at all (the seed is accepted so every bot has the same constructor).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping
from typing import Any, ClassVar

from twentystrong.bots import assess, items
from twentystrong.bots.dicemath import P_CRIT, P_MISS, expected, pool_expected
from twentystrong.bots.reading import USES, Reading, applied_die, group, instant_worth
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Effect
from twentystrong.content.model import Boss, ConflictCard, Deck
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, HIT_FACES, STRENGTH, color_of
from twentystrong.engine.view import ActiveCard, DieState, PlayerView, Prompt
from twentystrong.lazy import cached_property

Options = dict[str, list[tuple[Command, int, DieState]]]
"""Apply commands by the id of their card, each with the damage its die would deal there, and the die."""

ROLL = Command("roll")
REPEAT = Command("repeat")
RESOLVE = Command("resolve")
DONE = Command("done")
_NONE: list[Command] = []

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


class Turn(Reading):
    """The table the bot is asked to move on (a :class:`~twentystrong.bots.reading.Reading` of the player's view),
    its legal commands, and the bot's answers about it, each worked out when first asked. A new one for every call
    of :meth:`HeuristicBot.choose`: nothing in it outlives the move."""

    def __init__(self, view: PlayerView, legal: list[Command]) -> None:
        super().__init__(view)
        self.legal = legal
        self.by_cmd = group(legal)
        """The legal commands by ``cmd`` (:func:`~twentystrong.bots.reading.group`)."""
        self.targets_found: list[ActiveCard] | None = None
        self.order_found: list[ActiveCard] | None = None
        self.reserve_found: int | None = None
        self.picks: dict[bool, Command | None] = {}
        """pick_apply's answers, by ``dump``."""

    def commands(self, cmd: str) -> list[Command]:
        """The legal commands with this ``cmd``, in order (a shared list: do not change it)."""
        return self.by_cmd.get(cmd, _NONE)

    def find(self, wanted: Command) -> Command | None:
        """The legal command equal to ``wanted``, if any."""
        return next((c for c in self.commands(wanted.cmd) if c == wanted), None)

    @cached_property
    def can_repeat(self) -> bool:
        """Whether another Strategy phase may follow this Apply step (the repeat command is legal)."""
        return self.find(REPEAT) is not None

    @cached_property
    def busy(self) -> int:
        """Damage still to deal to the cards standing (``_fight_cost``)."""
        return sum(self.remaining(c) for c in self.undefeated())

    @cached_property
    def apply_options(self) -> Options:
        """The legal apply commands by undefeated card, each with the damage its die would deal there, and the die."""
        by_card: Options = {}
        for c in self.commands("apply"):
            card = self.cards.get(c.card)
            if card is None or card.defeated:
                continue
            die = self.die(str(c.die))
            dmg = BASE_DAMAGE[die.face or "miss"]
            if self.damage_modified:
                dmg = self.modified_damage(applied_die(die, card.id), card, dmg)
            by_card.setdefault(card.id, []).append((c, dmg, die))
        return by_card


class HeuristicBot:
    """A sensible player: see the module docstring. The keyword arguments are its tuning knobs."""

    name = "heuristic"
    own_steps: ClassVar[Mapping[str, Callable[[Any, Turn, list[Command]], Command | None]]] = {}
    """The steps of its deck's own rules it plays, each with its move (before the general ones)."""
    policies: ClassVar[Mapping[str, Callable[[Any], Command | None]]] = {}
    """How it uses the effects of its deck's own kinds (an :class:`~twentystrong.bots.items.Use` each), beside
    :mod:`twentystrong.bots.items`' general ones."""

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
        # Working memory, all deterministic: the dice planned for the current Commit step, and this endgame
        # round's choice to build up or go all in.
        self._build: tuple[int, bool] = (-1, False)
        self._plan_key: object = None
        self._plan: list[str] = []

    # --- dispatch -------------------------------------------------------------------------------------------

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        """The bot's move (one of ``legal``) on the table as the player sees it."""
        if len(legal) == 1:
            return legal[0]
        s = Turn(view, legal)
        if s.prompt is not None:
            return self._answer(s, legal, s.prompt)
        uses = s.by_cmd.get(USES)
        if uses is not None:  # else pick_use has nothing to pick from
            use = items.pick_use(self, s, uses)
            if use is not None:
                return use
        step = self.own_steps.get(s.step) or _STEPS.get(s.step)
        chosen = step(self, s, legal) if step is not None else None
        if chosen is not None:
            return chosen
        plain = [c for c in legal if c.cmd not in ("use_item", "use_ability", "discard_item", "forfeit_mission")]
        return plain[0] if plain else legal[0]

    # --- the endgame ----------------------------------------------------------------------------------------

    def boss_need(self, s: Turn) -> float:
        """Damage the bot expects to need in the first endgame round (a deck whose rules add enemies to the boss's
        entourage says how many: :meth:`SolarSentinelsBot.boss_need
        <twentystrong.kits.solar_sentinels.bot.SolarSentinelsBot.boss_need>`)."""
        return _boss_need_of(s.deck, 0, None)

    def endgame_near(self, s: Turn) -> bool:
        """Whether the endgame may start soon (the bot then keeps back the dice the boss needs)."""
        return False

    def declines_instant(self, s: Turn) -> bool:
        """Whether the bot declines an instant reward now (a goal of its deck may ask it to)."""
        return False

    def answer_own(self, s: Turn, chooses: list[Command], p: Prompt, kind: str) -> Command | None:
        """Its deck's answer to a prompt of the deck's own (``kind``: the kind of the effect that asked), or None."""
        return None

    # --- fights ---------------------------------------------------------------------------------------------

    def _capacity(self, s: Turn) -> float:
        """Expected damage of the dice the bot would commit this round: the strongest ``usable`` dice of the pool,
        strongest first, their expected damage added in that order."""
        pool = s.dice_in("pool")
        usable = max(0, len(pool) - self._reserve(s))
        colors = [d.color for d in pool]
        total: float = 0  # sum() of nothing is 0
        for color, e in _strong_expected(s.hero.strategy):
            count = colors.count(color)
            for _ in range(min(count, usable)):
                total += e
            usable -= count
            if usable <= 0:
                break
        return total

    def _free_capacity(self, s: Turn) -> float:
        """:meth:`_capacity` less what the cards standing take (``busy``, with the margin): what
        :meth:`_fight_cost` weighs a new fight against."""
        return max(0.0, self._capacity(s) - s.busy * self.margin)

    def _fight_cost(self, s: Turn, card: ConflictCard, cap: float) -> float:
        """What fighting this card is expected to cost, net of its reward (lower is better). ``cap``:
        :meth:`_free_capacity`."""
        facts = assess.fight_facts(card)
        reward = facts.reward
        if facts.instant:
            reward = min(reward, instant_worth(s, card))
        if facts.unkillable:
            kill, dice = 0.0, 0.0
        else:
            tough = facts.tough
            kill = 1 / (1 + math.exp(-(cap - tough * 1.2) / 1.2))
            dice = 0.25 * tough
        extra = card.additional * self.extra_enemy
        return dice + card.damage * (1 - kill) * 1.3 + facts.harm + extra - reward * kill

    # --- Strategy phase -------------------------------------------------------------------------------------

    def _reserve(self, s: Turn) -> int:
        """Pool dice not to commit: none in the endgame or when this round could kill; once the endgame may
        start, enough to expect to break the boss (the pool refills while the bot waits)."""
        if s.reserve_found is None:
            s.reserve_found = self._find_reserve(s)
        return s.reserve_found

    def _find_reserve(self, s: Turn) -> int:
        if s.endgame and self.building(s):
            return self.endgame_dice(s)
        if s.endgame or (s.active and s.incoming() >= s.hero.health):
            return 0
        if self.endgame_near(s):
            # The endgame may start: keep what the boss needs, less what Recovery brings back this round.
            return max(self.reserve, self.endgame_dice(s) - s.view.recovery_limit())
        return self.reserve

    def endgame_dice(self, s: Turn) -> int:
        """How many of the strongest dice the bot wants in its pool for the boss."""
        need = self.boss_need(s) * self.ready
        colors = sorted((d.color for d in s.dice if d.zone != "banished"), key=STRENGTH.__getitem__, reverse=True)
        total = 0.0
        for n, color in enumerate(colors, start=1):
            total += pool_expected([color], s.hero.strategy)
            if total >= need:
                return n
        return len(colors)

    def targets(self, s: Turn) -> list[ActiveCard]:
        """Undefeated cards the bot means to damage this round: not those dice cannot defeat this round (a damage
        cap, no colour that may be applied), nor one that is immune while such a card stands beside it."""
        return list(self._targets(s))

    def _targets(self, s: Turn) -> list[ActiveCard]:
        """:meth:`targets`, as a list kept for the move (do not change it)."""
        if s.targets_found is None:
            s.targets_found = self._find_targets(s)
        return s.targets_found

    def _find_targets(self, s: Turn) -> list[ActiveCard]:
        standing = s.undefeated()
        out = [c for c in standing if (c.id not in s.caps or not s.capped(c)) and s.reachable(c)]
        stuck = len(out) < len(standing)
        if stuck:
            out = [c for c in out if (c.id, "immune_while_others") not in s.first_live_on]  # live_kind_on
        if len(standing) > 1:
            # A boss that wins the game only with its whole court down is left for last: defeated early, it
            # would go to the boss discard at Cleanup while the court still stands.
            out = [c for c in out if not (c.boss and _needs_all(s, c))]
        if self.building(s):
            out = [c for c in out if not c.boss]
        return out

    def building(self, s: Turn) -> bool:
        """Endgame, and the boss cannot be expected to fall this round: the bot spends dice only on the others
        and lets Recovery refill its pool for a later all-in (unless this round could kill the hero). Decided
        once per round, before any die is committed, and kept for the round."""
        if not s.endgame:
            return False
        if self._build[0] != s.round:
            self._build = (s.round, self._should_build(s))
        return self._build[1]

    def _should_build(self, s: Turn) -> bool:
        boss = next((c for c in s.active if c.boss and not c.defeated), None)
        if boss is None or s.incoming() >= s.hero.health:
            return False
        if any(d.zone in ("active", "applied") for d in s.dice):
            return False
        potential = pool_expected([d.color for d in s.dice_in("pool")], s.hero.strategy) + items.endgame_bonus(s)
        return potential < s.view.card_health(boss) * assess.difficulty(s.deck.boss(boss.id)) * 0.9

    def _commit(self, s: Turn, legal: list[Command]) -> Command | None:
        commits = s.commands("commit")
        scare = self._scare(s, commits)
        if scare is not None:
            return scare
        # The dice to commit are planned once per Commit step, then played one command at a time.
        key = (s.round, s.phases_used, s.endgame)
        if self._plan_key != key:
            self._plan = self._plan_commit(s, {c.die: c for c in commits})
            self._plan_key = key
        while self._plan:
            die = self._plan.pop(0)
            for c in commits:
                if c.die == die:
                    return c
        return s.find(ROLL) or ROLL

    def _plan_commit(self, s: Turn, commits: dict[str | None, Command]) -> list[str]:
        """Pool dice to commit, best first, until their expected damage covers what is left to kill (with a
        margin that shrinks while phases remain to top up), keeping the reserve."""
        targets = self._targets(s)
        if not targets or not commits:
            return []
        active = s.dice_in("active")
        pool = s.dice_in("pool")
        room = len(pool) - self._reserve(s)
        if "no_apply_while_miss" in s.first_passive:  # live_kind
            room = min(room, 2 - len(active))  # every die that can miss blocks the others: a few sure dice
        if room <= 0:
            return []  # no die to spare: what the dice would be worth does not matter
        k = s.rolls_left()
        values = self.color_values(s, targets, k)
        need = _need(s, targets)
        goal = need * (self.margin if k <= 1 else 1 + (self.margin - 1) / k) + self.slack / k
        have = 0.0
        for d in active:
            if d.face is not None and s.view.keeps_face(d):
                have += BASE_DAMAGE[d.face]
            else:
                have += values[d.color]
        # The dice worth committing, best first: by the value of their colour, then its strength, then the id
        # (ids are unique, so the die itself is never compared).
        worth = {color: (value, STRENGTH[color]) for color, value in values.items() if value > 0.05}
        candidates: list[tuple[float, int, str]] = []
        for d in pool:
            if d.id in commits:
                found = worth.get(d.color)
                if found is not None:
                    candidates.append((found[0], found[1], d.id))
        candidates.sort(reverse=True)
        plan: list[str] = []
        for value, _, die_id in candidates:
            if have >= goal or len(plan) >= room:
                break
            plan.append(die_id)
            have += value
        return plan

    def _scare(self, s: Turn, commit_list: list[Command]) -> Command | None:
        """A card dice cannot defeat but that flees from a roll with enough misses: in the endgame (or when it
        could kill) commit weak dice until the roll can be expected to show that many misses."""
        if "flees_on_roll" not in s.live_kinds:
            return None
        if not (s.endgame or s.incoming() >= s.hero.health):
            return None
        for card in s.undefeated():
            flee = s.live_kind_on(card, "flees_on_roll")
            if not isinstance(flee, fx.FleesOnRoll) or (not s.capped(card) and s.reachable(card)):
                continue
            active = s.dice_in("active")
            if sum(P_MISS[d.color] for d in active) >= flee.misses + 0.5:
                return None
            commits = {c.die: c for c in commit_list}
            weak = [s.die(str(d)) for d in commits]
            if weak:
                return commits[max(weak, key=lambda d: (P_MISS[d.color], d.id)).id]
        return None

    def color_values(self, s: Turn, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
        """Expected damage a die of each colour adds against the best target, over ``rolls`` rolls."""
        blocking = "no_apply_while_miss" in s.first_passive  # live_kind
        # No card wants more colours (_missing_colors is 0 for every card) unless such a rule is in force.
        wants_colors = "requires_colors_to_defeat" in s.live_kinds
        # The colours already on each card that still wants more colours (None: it wants none).
        present = [
            {d.color for d in s.applied_to(t.id)} if wants_colors and _missing_colors(s, t) else None for t in targets
        ]
        plain = s.plain_apply and all(there is None for there in present)
        # Else what a hit and a crit of each colour would deal to each target (None: it may not be applied).
        faces = None if plain else [s.hit_faces(t) for t in targets]
        return _color_values(s.inverted, s.miss_penalty, blocking, rolls, bool(targets), faces, present)

    def _apply(self, s: Turn, legal: list[Command]) -> Command | None:
        applies = s.commands("apply")
        if applies:
            # A die that helps is applied whether or not another phase would follow: ask about repeating after.
            chosen = self.pick_apply(s, dump=False)
            if chosen is not None:
                return chosen
        repeat = self._want_repeat(s)
        if applies and repeat:
            chosen = self.pick_apply(s, dump=True)
            if chosen is not None:
                return chosen
        wanted = REPEAT if repeat else RESOLVE
        return s.find(wanted) or wanted

    def order(self, s: Turn) -> list[ActiveCard]:
        """Undefeated targets, the one to kill first first (a list kept for the move: do not change it)."""
        if s.order_found is None:
            s.order_found = self._find_order(s)
        return s.order_found

    def _find_order(self, s: Turn) -> list[ActiveCard]:
        targets = self.targets(s)
        if len(targets) < 2:
            return targets  # nothing to sort
        # Whether to go for the boss first is asked only when a boss is among the targets.
        focus = any(c.boss for c in targets) and self._boss_focus(s)
        live_on = s.first_live_on  # live_kind_on
        # A boss that cannot fall (or win the game) while its entourage stands is fought last.
        guarded = any(
            c.boss and ((c.id, "immune_while_others") in live_on or _needs_all(s, c))
            for c in s.active
            if not c.defeated
        )

        def key(c: ActiveCard) -> tuple[float, int, str]:
            score = s.threat(c)
            if c.boss:
                score += 100 if focus else -100
            else:
                if guarded:
                    score += 200
                if (c.id, "immune_while_others") in live_on:
                    score -= 50  # it falls by itself once the others are gone
            return -score, s.remaining(c), c.id

        return sorted(targets, key=key)

    def _in_order(self, s: Turn, by_card: Options) -> list[ActiveCard]:
        """The targets some die may be applied to, in :meth:`order`."""
        return [t for t in self.order(s) if t.id in by_card]

    def _boss_focus(self, s: Turn) -> bool:
        boss = next((c for c in s.active if c.boss and not c.defeated), None)
        if boss is None:
            return False
        k = s.rolls_left()
        potential = float(sum(BASE_DAMAGE[d.face or "miss"] for d in s.dice_in("active") if d.face in ("hit", "crit")))
        potential += pool_expected([d.color for d in s.dice_in("pool")], max(1, k - 1))
        return potential >= s.remaining(boss) * 0.8

    def pick_apply(self, s: Turn, *, dump: bool) -> Command | None:
        """The best single legal apply command now, or None when nothing helps (then repeat or resolve).
        ``dump``: failing a die that helps, the biggest hit where it counts at all."""
        if dump not in s.picks:
            # Dumping only adds a fallback: a die that helps is picked first either way.
            helps = s.picks[False] if False in s.picks else self._helpful_apply(s)
            s.picks[False] = helps
            if dump:
                s.picks[True] = helps if helps is not None else self._dump_apply(s)
        return s.picks[dump]

    def _helpful_apply(self, s: Turn) -> Command | None:
        """The die that helps most: on the first target in order that the dice on the table can finish."""
        by_card = s.apply_options
        if not by_card:
            return None
        live_on = s.first_live_on  # live_kind_on
        one_color = "one_color_per_enemy" in s.first_passive  # live_kind
        for t in self._in_order(s, by_card):
            options = by_card[t.id]
            rem = s.remaining(t)
            if (t.id, "same_color_pairs") in live_on:  # _pairs_only
                options = _pair_damage(s, t, options)
            if one_color and not s.applied_to(t.id):
                options = _best_color_group(options)
            if rem <= 0 or _missing_colors(s, t):
                fresh = _new_color_options(s, t, options)
                if fresh:
                    return min(fresh, key=lambda o: (o[1], STRENGTH[o[2].color], o[2].id))[0]
                if rem <= 0:
                    continue
            useful = [o for o in options if o[1] > 0]
            slots = _slots_left(s, t)
            if slots is not None:
                # Few dice fit: apply one only if crits could still fill what is left in the slots after it.
                useful = [o for o in useful if rem - o[1] <= 2 * (slots - 1)]
            total = 0
            for o in useful:
                total += o[1]
            if total >= rem:
                singles = [o for o in useful if o[1] >= rem]
                if singles:
                    return min(singles, key=lambda o: (o[1], STRENGTH[o[2].color], o[2].id))[0]
                return max(useful, key=lambda o: (o[1], -STRENGTH[o[2].color], o[2].id))[0]
        return None

    def _dump_apply(self, s: Turn) -> Command | None:
        """Nothing helps: the biggest hit on the first target in order where it counts at all."""
        by_card = s.apply_options
        if not by_card:
            return None
        for t in self._in_order(s, by_card):
            rem = s.remaining(t)
            if rem <= 0 or _banishes_applied(s, t):
                continue
            options = by_card[t.id]
            if (t.id, "same_color_pairs") in s.first_live_on:  # _pairs_only
                options = _pair_damage(s, t, options)
            slots = _slots_left(s, t)
            useful = [o for o in options if o[1] > 0 and (slots is None or rem - o[1] <= 2 * (slots - 1))]
            if useful:
                return max(useful, key=lambda o: (o[1], -STRENGTH[o[2].color], o[2].id))[0]
        return None

    def _want_repeat(self, s: Turn) -> bool:
        if not s.can_repeat:
            return False
        if not s.undefeated():
            # No target: decided as targets() would be asked (it settles whether this round builds up when first
            # asked in the round).
            self.building(s)
            return False
        if not any(s.remaining(t) > 0 or _missing_colors(s, t) for t in self._targets(s)):
            return False  # no target still to hurt
        unapplied = s.dice_in("active")
        if not unapplied and len(s.dice_in("pool")) <= self._reserve(s):
            return False  # nothing to roll again, and no spare die to commit
        per_miss = s.live_kind("lose_health_per_miss")
        if isinstance(per_miss, fx.LoseHealthPerMiss) and per_miss.per_color_hits is None:
            loss = sum(P_MISS[d.color] for d in unapplied) * per_miss.amount
            if s.hero.health - loss <= 2:
                return False
        return True

    # --- Resolve phase --------------------------------------------------------------------------------------

    def _after(self, s: Turn, legal: list[Command]) -> Command | None:
        options = s.commands("resolve_after")
        return options[0] if options else None

    def _recover(self, s: Turn, legal: list[Command]) -> Command | None:
        options = s.commands("recover")
        if not options:
            return s.find(DONE) or DONE
        # The strongest die: its colour, then its id.
        return max(options, key=lambda c: (STRENGTH[color_of(str(c.die))], str(c.die)))

    def _gain_items(self, s: Turn, legal: list[Command]) -> Command | None:
        declines = s.commands("decline_item")
        if not declines:
            return None
        best = max(declines, key=lambda c: (items.item_value(s, str(c.card)), str(c.card)))
        gain = s.find(Command("gain_item", card=best.card))
        if gain is not None:
            return gain
        if s.inventory:
            worst = min(s.inventory, key=lambda i: (items.item_value(s, i), i))
            if items.item_value(s, str(best.card)) > items.item_value(s, worst) + 0.3:
                discard = s.find(Command("discard_item", item=worst))
                if discard is not None:
                    return discard
        return best

    # --- prompts --------------------------------------------------------------------------------------------

    def _answer(self, s: Turn, legal: list[Command], p: Prompt) -> Command:
        if p.kind == "instant_reward":
            declining = self.declines_instant(s)
            wanted = Command("decline_reward" if declining else "take_reward", card=p.card)
            return s.find(wanted) or wanted
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
        own = self.answer_own(s, chooses, p, kind)
        if own is not None:
            return own
        return chooses[0]

    def _choose_die(self, s: Turn, chooses: list[Command], p: Prompt, kind: str) -> Command:
        def die(c: Command) -> DieState:
            return s.die(str(c.die))

        if p.kind == "reroll_hit":
            # Roll again the basic hit most likely to hit again; keep crits.
            return max(chooses, key=lambda c: (die(c).face == "hit", STRENGTH[die(c).color], str(c.die)))
        if kind in ("recover", "extra_recovery") or "recover" in p.purpose:
            return max(chooses, key=lambda c: (STRENGTH[die(c).color], str(c.die)))
        return min(chooses, key=lambda c: (STRENGTH[die(c).color], str(c.die)))

    def _card_priority(self, s: Turn, card_id: str, kind: str) -> float:
        card = s.active_card(card_id)
        if card is None:
            return -1.0
        if kind == "cancel_enemy_effects":
            return assess.severity(s.view.card_effects(card))
        return s.threat(card) + s.remaining(card) * 0.1 + (50 if card.boss else 0)


_STEPS: dict[str, Callable[[HeuristicBot, Turn, list[Command]], Command | None]] = {
    "commit": HeuristicBot._commit,
    "apply": HeuristicBot._apply,
    "after": HeuristicBot._after,
    "recover": HeuristicBot._recover,
    "gain_items": HeuristicBot._gain_items,
}
"""The general steps the bot plays (a deck's own: its bot's :attr:`HeuristicBot.own_steps`)."""


# --- helpers ---------------------------------------------------------------------------------------------------


_STRONG_FIRST: tuple[Color, ...] = tuple(sorted(COLORS, key=STRENGTH.__getitem__, reverse=True))
"""The colours, strongest first."""


def _strong_expected(rolls: int) -> tuple[tuple[Color, float], ...]:
    """Each colour, strongest first, with the expected damage of one die of it over ``rolls`` rolls."""
    return tuple((color, expected(color, rolls)) for color in _STRONG_FIRST)


def _boss_need_of(deck: Deck, unfinished: int, revealed: str | None) -> float:
    """Damage the bot expects to need in the first endgame round: the revealed boss's, else the mean of all."""
    bosses = [deck.boss(revealed)] if revealed else list(deck.bosses)
    return sum(_boss_need(b, unfinished) for b in bosses) / len(bosses)


def _boss_need(boss: Boss, unfinished: int) -> float:
    need = boss.health * assess.difficulty(boss)
    guards = boss.entourage + unfinished
    if any(isinstance(r, fx.WinCondition) and r.require == "all_enemies" for r in boss.rules):
        need += 3.5 * guards
    elif any(isinstance(r, fx.ImmuneWhileOthers) for r in boss.rules):
        need += 3.5 * guards
    return need


def _needs_all(s: Reading, boss: ActiveCard) -> bool:
    return any(isinstance(r, fx.WinCondition) and r.require == "all_enemies" for r in s.deck.boss(boss.id).rules)


def _need(s: Reading, targets: list[ActiveCard]) -> float:
    """What the commit plan sets out to deal: each target's damage still needed, times how much harder its residual
    restrictions make it, plus the colours still missing on each."""
    need: float = 0  # sum() of nothing is 0
    for t in targets:
        need += s.remaining(t) * _residual_factor(s.deck.boss(t.id) if t.boss else s.deck.card(t.id))
    if "requires_colors_to_defeat" in s.live_kinds:  # else _missing_colors is 0 for every card
        need += sum(_missing_colors(s, t) for t in targets)
    return need


def _residual_factor(card: ConflictCard | Boss) -> float:
    """How much harder its :data:`RESIDUAL` restrictions make a card (its printed effects, as hooks.card_effects)."""
    factor = 1.0
    for e in card.rules if isinstance(card, Boss) else card.effects:
        if e.kind in RESIDUAL:
            factor *= assess.HARDER.get(e.kind, 1.0)
    return factor


def _color_values(
    inverted: frozenset[Color],
    penalty: int,
    blocking: bool,
    rolls: int,
    any_target: bool,
    faces: list[dict[Color, tuple[int | None, int | None]]] | None,
    present: list[set[Color] | None],
) -> dict[Color, float]:
    """:meth:`HeuristicBot.color_values` worked out: ``faces`` holds what a hit and a crit of each colour would
    deal to each target (``Reading.hit_faces``), or is None when every target gets each face's own damage; ``present``:
    the colours already on each target that wants more colours (None: it wants none)."""
    hit, crit = BASE_DAMAGE["hit"], BASE_DAMAGE["crit"]
    out: dict[Color, float] = {}
    for color in COLORS:
        basic = (HIT_FACES[color] - 1) / 6
        miss = P_MISS[color]
        if color in inverted:
            basic, miss = miss, basic
        best = 0.0
        if faces is None:
            if any_target:  # every target gets the same from this colour
                e = 0.0
                e += basic * hit
                e += P_CRIT * crit
                best = max(best, e)
        else:
            for table, there in zip(faces, present, strict=True):
                e = 0.0
                on_hit, on_crit = table[color]
                if on_hit is not None:
                    e += basic * on_hit
                if on_crit is not None:
                    e += P_CRIT * on_crit
                if e and there is not None and color not in there:  # _wants_color
                    e += 0.5
                best = max(best, e)
        tries = float(rolls) if miss == 0 else (1 - miss**rolls) / (1 - miss) if miss < 1 else 1.0
        out[color] = best * tries - 1.3 * penalty * miss * tries
        if blocking and miss > 0.2:
            out[color] = 0.0
    return out


def _missing_colors(s: Reading, card: ActiveCard) -> int:
    """Colours still to be applied before a "defeated only with N colours" card can fall."""
    rule = s.live_kind_on(card, "requires_colors_to_defeat")
    if not isinstance(rule, fx.RequiresColorsToDefeat):
        return 0
    return max(0, rule.count - len({d.color for d in s.applied_to(card.id)}))


def _new_color_options(
    s: Reading, card: ActiveCard, options: list[tuple[Command, int, DieState]]
) -> list[tuple[Command, int, DieState]]:
    if not _missing_colors(s, card):
        return []
    there = {d.color for d in s.applied_to(card.id)}
    return [o for o in options if o[2].color not in there]


def _pair_damage(
    s: Reading, card: ActiveCard, options: list[tuple[Command, int, DieState]]
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


def _slots_left(s: Reading, card: ActiveCard) -> int | None:
    """How many more dice may be applied to a card with a per-card limit (None: no such limit)."""
    rule = s.live_kind_on(card, "apply_limit")
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


def _banishes_applied(s: Reading, card: ActiveCard) -> bool:
    """Its printed effects (``hooks.card_effects``) banish the dice applied to it, unless cancelled."""
    return not card.cancelled and _prints_banish(s.deck.boss(card.id) if card.boss else s.deck.card(card.id))


def _prints_banish(card: ConflictCard | Boss) -> bool:
    return any(isinstance(e, fx.BanishAppliedDice) for e in (card.rules if isinstance(card, Boss) else card.effects))


def _prompt_effect_kind(s: Reading, p: Prompt) -> str:
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
