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
from collections.abc import Callable, Mapping
from functools import cache, lru_cache
from types import MappingProxyType

from twentystrong.bots import assess, items
from twentystrong.bots.dicemath import P_CRIT, P_MISS, expected, pool_expected
from twentystrong.bots.items import KnownUses, UseGroups
from twentystrong.bots.reading import (
    USES,
    EffectsInForce,
    applied_die,
    capped,
    effects_in_force,
    group,
    hit_faces,
    incoming,
    live_kind,
    live_kind_on,
    modified_damage,
    reachable,
    remaining,
    rolls_left,
    threat,
    undefeated,
)
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Color, Effect
from twentystrong.content.model import Boss, ConflictCard
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import BASE_DAMAGE, DIE_IDS, HIT_FACES, STRENGTH, color_of
from twentystrong.engine.effects import hooks
from twentystrong.engine.state import DIE_INDEX, ActiveCard, DieState, GameState, Prompt

Options = dict[str, list[tuple[Command, int, DieState]]]
"""Apply commands by the id of their card, each with the damage its die would deal there, and the die."""

ROLL = Command("roll")
REPEAT = Command("repeat")
RESOLVE = Command("resolve")
DONE = Command("done")
START_ENDGAME = Command("start_endgame")
DECLINE_ENDGAME = Command("decline_endgame")
EXHAUST = Command("rank_penalty", choice="exhaust")
_NONE: list[Command] = []

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


class _Seen:
    """The bot's answers for one state object: states are frozen, so they hold while the bot looks at it. Kept
    by the bot rather than with the state because some depend on its working memory (the endgame build-up).
    Made for every state the bot sees; the answers not worked out yet are ``None``."""

    __slots__ = (
        "busy",
        "by_cmd",
        "index",
        "legal",
        "options",
        "order",
        "picks",
        "repeat",
        "reserve",
        "state",
        "targets",
    )

    def __init__(self, state: GameState, legal: list[Command] | None = None) -> None:
        # Held strongly: the bot keeps only the last state's answers, so a finished state lives on until the next
        # call replaces them (it is then freed there rather than by the caller: the same work), without the cost of
        # a weak reference made and cleared for every state.
        self.state = state
        self.legal = legal
        """The legal list of the current call (the caller's: it may hold other commands at the next one) …"""
        self.by_cmd: Mapping[str, list[Command]] = _NO_GROUPS if legal is None else group(legal)
        """… and its commands by ``cmd`` (:func:`group`)."""
        self.index: EffectsInForce | None = None
        """``effects_in_force`` of the state, once asked."""
        self.repeat: bool | None = None
        """Whether ``legal`` lets another Strategy phase follow (:meth:`HeuristicBot.can_repeat`), once asked."""
        self.targets: list[ActiveCard] | None = None
        self.order: list[ActiveCard] | None = None
        self.reserve: int | None = None
        self.busy: int | None = None
        """Damage still to deal to the cards standing (``_fight_cost``)."""
        self.options: tuple[list[Command], Options] | None = None
        """The apply commands and what each would do, by card (``_apply_options``)."""
        self.picks: tuple[list[Command], dict[bool, Command | None]] | None = None
        """The apply commands and pick_apply's answers for them, by ``dump``."""


_NO_GROUPS: Mapping[str, list[Command]] = MappingProxyType({})


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
        # Working memory, all deterministic: answers for the current state object, the dice planned for the
        # current Commit step, this endgame round's choice to build up or go all in, and the last
        # boss need and endgame dice count with all they were worked out from (both seldom change).
        self._seen: _Seen | None = None
        self._build: tuple[int, bool] = (-1, False)
        self._need: tuple[tuple[object, int, str | None], float] | None = None
        self._dice_wanted: tuple[tuple[float, tuple[DieState, ...], int], int] | None = None
        self.uses_known: tuple[object, str, KnownUses] | None = None
        """For :mod:`items`: what each item or ability use does, for this deck and hero."""
        self.use_groups: tuple[KnownUses, dict[str, tuple[list[Command], UseGroups]]] | None = None
        """For :mod:`items`: the last use commands grouped in each step, with what they were grouped from."""
        self.use: items.Use | None = None
        """For :mod:`items`: the Use its policies are given (made once, then its fields set for each use)."""
        self._plan_key: object = None
        self._plan: list[str] = []
        self._capacity_kept: tuple[tuple[DieState, ...], int, int, float] | None = None
        """The last ``_capacity`` answer, with the pool, the dice usable and the rolls it was worked out from."""
        self._same: dict[str, tuple[Command, Command]] = {}
        """For ``_legal``: by ``cmd``, a command the bot asked for and the legal command last found equal to it."""

    # --- dispatch -------------------------------------------------------------------------------------------

    def choose(self, state: GameState, legal: list[Command]) -> Command:
        """The bot's move (one of ``legal``)."""
        if len(legal) == 1:
            return legal[0]
        if state.prompts:
            return self._answer(state, legal, state.prompts[-1])  # state.prompt
        # A new state each call (the caller's states are frozen): its answers start empty. The last state's _Seen
        # is set afresh in place rather than a new one made (no allocation per state): every field, as _Seen's
        # __init__ sets them (tests/test_bots_speed_equivalence.py checks that none is left over). No caller holds
        # a _Seen across calls to choose (the bot's methods keep one only while they answer for its state).
        seen = self._seen
        if seen is None:
            seen = self._seen = _Seen(state, legal)
        else:
            seen.state = state
            seen.legal = legal
            seen.by_cmd = group(legal)
            seen.index = None
            seen.repeat = None
            seen.targets = None
            seen.order = None
            seen.reserve = None
            seen.busy = None
            seen.options = None
            seen.picks = None
        uses = seen.by_cmd.get(USES)
        if uses is not None:  # else pick_use has nothing to pick from
            use = items.pick_use(self, state, legal, uses)
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

        options = self.commands(legal, "discard_mission")
        return max(options, key=hardness) if options else None

    def _rank_penalty(self, s: GameState, legal: list[Command]) -> Command | None:
        return self._legal(legal, EXHAUST)

    def _round_start(self, s: GameState, legal: list[Command]) -> Command | None:
        wanted = START_ENDGAME if self.ready_for_endgame(s) else DECLINE_ENDGAME
        return self._legal(legal, wanted) or wanted

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
        key = (s.deck, unfinished, s.revealed_boss)  # all it reads, and they change a few times a game
        kept = self._need
        if kept is not None and kept[0][0] is s.deck and kept[0] == key:
            return kept[1]
        bosses = [s.deck.boss(s.revealed_boss)] if s.revealed_boss else list(s.deck.bosses)
        need = sum(_boss_need(b, unfinished) for b in bosses) / len(bosses)
        self._need = (key, need)
        return need

    # --- activation and stacks ------------------------------------------------------------------------------

    def _activate(self, s: GameState, legal: list[Command]) -> Command | None:
        options = self.commands(legal, "activate")
        if not options:
            return None
        cap = self._free_capacity(s)
        return min(options, key=lambda c: (self._fight_cost(s, _top(s, c), cap), len(s.stacks[int(c.stack or 1) - 1])))

    def _capacity(self, s: GameState) -> float:
        """Expected damage of the dice the bot would commit this round."""
        pool = s.dice_in("pool")
        usable = max(0, len(pool) - self._reserve(s))
        rolls = s.hero.strategy
        # All it reads: the pool (a tuple the states share while the dice stay put, kept alive here so that its
        # identity tells it), the dice usable, and the rolls each gets. Asked in the Stack discard and Activation
        # steps, between which the dice do not move: about one answer in two is the last one.
        kept = self._capacity_kept
        if kept is not None and kept[0] is pool and kept[1] == usable and kept[2] == rolls:
            return kept[3]
        # The strongest ``usable`` dice, strongest first (as sorting the pool's colours by strength would give
        # them), their expected damage added in that order.
        colors = [_COLOR_OF_DIE[d.id] for d in pool]
        total: float = 0  # sum() of nothing is 0
        wanted = usable
        for color, e in _strong_expected(rolls):
            count = colors.count(color)
            for _ in range(min(count, usable)):
                total += e
            usable -= count
            if usable <= 0:
                break
        self._capacity_kept = (pool, wanted, rolls, total)
        return total

    def _free_capacity(self, s: GameState) -> float:
        """:meth:`_capacity` less what the cards standing take (``busy``, with the margin): what
        :meth:`_fight_cost` weighs a new fight against."""
        seen = self._seen_for(s)
        if seen.busy is None:
            seen.busy = sum(remaining(s, c) for c in undefeated(s))
        return max(0.0, self._capacity(s) - seen.busy * self.margin)

    def _fight_cost(self, s: GameState, card: ConflictCard, cap: float) -> float:
        """What fighting this card is expected to cost, net of its reward (lower is better). ``cap``:
        :meth:`_free_capacity`."""
        facts = assess.fight_facts(card)
        reward = facts.reward
        if facts.instant:
            reward = min(reward, _instant_worth(s, card))
        if facts.unkillable:
            kill, dice = 0.0, 0.0
        else:
            tough = facts.tough
            kill = 1 / (1 + math.exp(-(cap - tough * 1.2) / 1.2))
            dice = 0.25 * tough
        extra = card.additional * self.extra_enemy
        return dice + card.damage * (1 - kill) * 1.3 + facts.harm + extra - reward * kill

    def _stack_discard(self, s: GameState, legal: list[Command]) -> Command | None:
        options = self.commands(legal, "stack_discard")
        if not options:
            return None
        cap = self._free_capacity(s)
        return max(options, key=lambda c: (self._fight_cost(s, _top(s, c), cap), -len(s.stacks[int(c.stack or 1) - 1])))

    # --- Strategy phase -------------------------------------------------------------------------------------

    def _reserve(self, s: GameState) -> int:
        """Pool dice not to commit: none in the endgame or when this round could kill; once the endgame may
        start, enough to expect to break the boss (the pool refills while the bot waits)."""
        seen = self._seen_for(s)
        if seen.reserve is None:
            seen.reserve = self._find_reserve(s)
        return seen.reserve

    def _find_reserve(self, s: GameState) -> int:
        if s.endgame and self.building(s):
            return self.endgame_dice(s)
        if s.endgame or (s.active and incoming(s) >= s.hero.health):
            return 0
        if not all(s.stacks):  # an empty stack
            # The endgame may start: keep what the boss needs, less what Recovery brings back this round.
            return max(self.reserve, self.endgame_dice(s) - hooks.recovery_limit(s))
        return self.reserve

    def endgame_dice(self, s: GameState) -> int:
        """How many of the strongest dice the bot wants in its pool for the boss."""
        need = self.boss_need(s) * self.ready
        # All it reads besides the need: the dice not banished, and the rolls each gets.
        key = (need, s.dice_in("banished"), s.hero.strategy)
        kept = self._dice_wanted
        if kept is not None and kept[0] == key:
            return kept[1]
        colors = sorted((d.color for d in s.dice if d.zone != "banished"), key=STRENGTH.__getitem__, reverse=True)
        total = 0.0
        wanted = len(colors)
        for n, color in enumerate(colors, start=1):
            total += pool_expected([color], s.hero.strategy)
            if total >= need:
                wanted = n
                break
        self._dice_wanted = (key, wanted)
        return wanted

    def _seen_for(self, s: GameState) -> _Seen:
        """The bot's answers for this state object (a new, empty set for a new state)."""
        seen = self._seen
        if seen is None or seen.state is not s:
            seen = self._seen = _Seen(s)
        return seen

    def commands(self, legal: list[Command], cmd: str) -> list[Command]:
        """The commands of ``legal`` with this ``cmd``, in order (a shared list: do not change it)."""
        seen = self._seen
        if seen is not None and seen.legal is legal:
            return seen.by_cmd.get(cmd, _NONE)
        return group(legal).get(cmd, [])

    def _legal(self, legal: list[Command], wanted: Command) -> Command | None:
        """The command of ``legal`` equal to ``wanted``, if any: the bot returns that object rather than its own
        equal one (the same value, so the same move), as the engine's legality check finds it by identity."""
        # The engine hands out the same command objects from one state to the next: the one last found equal to
        # ``wanted`` (both kept, and frozen) is recognised by identity, without comparing every field.
        cmd = wanted.cmd
        same = self._same.get(cmd)
        for c in self.commands(legal, cmd):
            if same is not None and c is same[1] and same[0] is wanted:
                return c
            if c == wanted:
                self._same[cmd] = (wanted, c)
                return c
        return None

    def can_repeat(self, legal: list[Command]) -> bool:
        """Whether ``legal`` holds the repeat command (another Strategy phase may follow this Apply step)."""
        seen = self._seen
        if seen is None or seen.legal is not legal:
            return self._legal(legal, REPEAT) is not None
        if seen.repeat is None:
            seen.repeat = self._legal(legal, REPEAT) is not None
        return seen.repeat

    def _index(self, seen: _Seen, s: GameState) -> EffectsInForce:
        """``effects_in_force(s)``, kept in ``seen`` (the state's answers) once asked."""
        index = seen.index
        if index is None:
            index = seen.index = effects_in_force(s)
        return index

    def targets(self, s: GameState) -> list[ActiveCard]:
        """Undefeated cards the bot means to damage this round: not those dice cannot defeat this round (a damage
        cap, no colour that may be applied), nor one that is immune while such a card stands beside it."""
        return list(self._targets(self._seen_for(s), s))

    def _targets(self, seen: _Seen, s: GameState) -> list[ActiveCard]:
        """:meth:`targets`, as a list kept for the state (do not change it)."""
        found = seen.targets
        if found is None:
            index = seen.index or self._index(seen, s)
            if index.fixed_apply:
                # Where dice may go then depends on the cards alone (no restriction or modifier in force reads the
                # dice): one answer serves every state that shares the effects in force (and the decision to
                # build up, kept for the round).
                building = self.building(s)
                found = index.targets.get(building)
                if found is None:
                    found = index.targets[building] = self._find_targets(s)
            else:
                found = self._find_targets(s)
            seen.targets = found
        return found

    def _find_targets(self, s: GameState) -> list[ActiveCard]:
        standing = undefeated(s)
        index = effects_in_force(s)
        caps = index.caps
        out = [c for c in standing if (c.id not in caps or not capped(s, c)) and reachable(s, c, index)]
        stuck = len(out) < len(standing)
        if stuck:
            out = [c for c in out if (c.id, "immune_while_others") not in index.first_live_on]  # live_kind_on
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
        commits = self.commands(legal, "commit")
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
        return self._legal(legal, ROLL) or ROLL

    def _plan_commit(self, s: GameState, commits: dict[str | None, Command]) -> list[str]:
        """Pool dice to commit, best first, until their expected damage covers what is left to kill (with a
        margin that shrinks while phases remain to top up), keeping the reserve."""
        seen = self._seen_for(s)
        targets = self._targets(seen, s)
        if not targets or not commits:
            return []
        index = seen.index or self._index(seen, s)
        active = s.dice_in("active")
        pool = s.dice_in("pool")
        room = len(pool) - self._reserve(s)
        if "no_apply_while_miss" in index.first_passive:  # live_kind
            room = min(room, 2 - len(active))  # every die that can miss blocks the others: a few sure dice
        if room <= 0:
            return []  # no die to spare: what the dice would be worth does not matter
        k = rolls_left(s)
        values = self.color_values(s, targets, k)
        need = _need(s, targets, index)
        goal = need * (self.margin if k <= 1 else 1 + (self.margin - 1) / k) + self.slack / k
        have = 0.0
        for d in active:
            if d.face is not None and hooks.keeps_face(s, d):
                have += BASE_DAMAGE[d.face]
            else:
                have += values[d.color]
        # The dice worth committing, best first: by the value of their colour, then its strength, then the id
        # (ids are unique, so the die itself is never compared).
        worth = {color: (value, STRENGTH[color]) for color, value in values.items() if value > 0.05}
        candidates: list[tuple[float, int, str]] = []
        for d in pool:
            die_id = d.id
            if die_id in commits:
                found = worth.get(_COLOR_OF_DIE[die_id])
                if found is not None:
                    candidates.append((found[0], found[1], die_id))
        candidates.sort(reverse=True)
        plan: list[str] = []
        for value, _, die_id in candidates:
            if have >= goal or len(plan) >= room:
                break
            plan.append(die_id)
            have += value
        return plan

    def _scare(self, s: GameState, commit_list: list[Command]) -> Command | None:
        """A card dice cannot defeat but that flees from a roll with enough misses: in the endgame (or when it
        could kill) commit weak dice until the roll can be expected to show that many misses."""
        seen = self._seen_for(s)
        index = seen.index or self._index(seen, s)
        if "flees_on_roll" not in index.live_kinds:
            return None  # the usual case, known without counting the damage coming
        if not (s.endgame or incoming(s) >= s.hero.health):
            return None
        for card in undefeated(s):
            flee = live_kind_on(s, card, "flees_on_roll")
            if not isinstance(flee, fx.FleesOnRoll) or (not capped(s, card) and reachable(s, card, index)):
                continue
            active = s.dice_in("active")
            if sum(P_MISS[d.color] for d in active) >= flee.misses + 0.5:
                return None
            commits = {c.die: c for c in commit_list}
            weak = [s.die(str(d)) for d in commits]
            if weak:
                return commits[max(weak, key=lambda d: (P_MISS[d.color], d.id)).id]
        return None

    def color_values(self, s: GameState, targets: list[ActiveCard], rolls: int) -> dict[Color, float]:
        """Expected damage a die of each colour adds against the best target, over ``rolls`` rolls."""
        # Worked out once per Commit step (the plan is kept for the step); only the case where all targets are
        # alike, which reads no more than a few facts of the effects in force, is kept (_plain_color_values).
        index = effects_in_force(s)
        blocking = "no_apply_while_miss" in index.first_passive  # live_kind
        # No card wants more colours (_missing_colors is 0 for every card) unless such a rule is in force.
        wants_colors = "requires_colors_to_defeat" in index.live_kinds
        if index.plain_apply and not wants_colors and targets:
            # Nothing restricts or changes what a die does and no target wants colours: all targets are alike.
            return dict(_plain_color_values(index.inverted, index.miss_penalty, blocking, rolls))
        # The colours already on each card that still wants more colours (None: it wants none).
        present = [
            {d.color for d in s.applied_to(t.id)} if wants_colors and _missing_colors(s, t, index) else None
            for t in targets
        ]
        plain = index.plain_apply and all(there is None for there in present)
        # Else what a hit and a crit of each colour would deal to each target (None: it may not be applied).
        faces = None if plain else [hit_faces(s, t, index) for t in targets]
        return _color_values(index.inverted, index.miss_penalty, blocking, rolls, bool(targets), faces, present)

    def _apply(self, s: GameState, legal: list[Command]) -> Command | None:
        applies = self.commands(legal, "apply")
        if applies:
            # A die that helps is applied whether or not another phase would follow: ask about repeating after.
            chosen = self.pick_apply(s, applies, dump=False)
            if chosen is not None:
                return chosen
        repeat = self._want_repeat(s, legal)
        if applies and repeat:
            chosen = self.pick_apply(s, applies, dump=True)
            if chosen is not None:
                return chosen
        wanted = REPEAT if repeat else RESOLVE
        return self._legal(legal, wanted) or wanted

    def order(self, s: GameState) -> list[ActiveCard]:
        """Undefeated targets, the one to kill first first (a list kept for the state: do not change it)."""
        seen = self._seen_for(s)
        if seen.order is None:
            seen.order = self._find_order(s)
        return seen.order

    def _find_order(self, s: GameState) -> list[ActiveCard]:
        targets = self.targets(s)
        if len(targets) < 2:
            return targets  # nothing to sort
        # Whether to go for the boss first is asked only when a boss is among the targets.
        focus = any(c.boss for c in targets) and self._boss_focus(s)
        live_on = effects_in_force(s).first_live_on  # live_kind_on
        # A boss that cannot fall (or win the game) while its entourage stands is fought last.
        guarded = any(
            c.boss and ((c.id, "immune_while_others") in live_on or _needs_all(s, c))
            for c in s.active
            if not c.defeated
        )

        def key(c: ActiveCard) -> tuple[float, int, str]:
            score = threat(s, c)
            if c.boss:
                score += 100 if focus else -100
            else:
                if guarded:
                    score += 200
                if (c.id, "immune_while_others") in live_on:
                    score -= 50  # it falls by itself once the others are gone
            return -score, remaining(s, c), c.id

        return sorted(targets, key=key)

    def _in_order(self, seen: _Seen, s: GameState, by_card: Options) -> list[ActiveCard]:
        """The targets some die may be applied to, in :meth:`order` (sorted only when there is a choice; may be the
        list kept for the state: do not change it)."""
        targets = self._targets(seen, s)
        if len(targets) == 1:  # most often: the kept list itself, when its card is one of them (never changed)
            return targets if targets[0].id in by_card else []
        targets = [t for t in targets if t.id in by_card]
        if len(targets) < 2:
            return targets
        order = seen.order
        if order is None:
            order = seen.order = self._find_order(s)
        return [t for t in order if t.id in by_card]

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
        # Items ask this too (is there a useful die left?), several times a state: answers kept for the state.
        seen = self._seen_for(s)
        if seen.picks is None or seen.picks[0] is not applies:
            seen.picks = (applies, {})
        picks = seen.picks[1]
        if dump not in picks:
            # Dumping only adds a fallback: a die that helps is picked first either way.
            helps = picks[False] if False in picks else self._helpful_apply(seen, s, applies)
            picks[False] = helps
            if dump:
                picks[True] = helps if helps is not None else self._dump_apply(seen, s, applies)
        return picks[dump]

    def _apply_options(self, seen: _Seen, s: GameState, applies: list[Command]) -> Options:
        """The apply commands by undefeated card, each with the damage its die would deal there and the die."""
        if seen.options is not None and seen.options[0] is applies:
            return seen.options[1]
        index = seen.index or self._index(seen, s)
        cards = index.cards
        if cards is None:
            # The active cards by id (the first with the id, like s.active_card): they are among the fields the
            # effects in force are kept for, so one map serves every state that shares the index.
            cards = index.cards = {}
            for a in s.active:
                if a.id not in cards:
                    cards[a.id] = a
        modified = index.damage_modified  # else each face deals its own damage (die_damage)
        # While the modifiers read only the die's colour and face (and the cards), their answers are kept with
        # the effects in force (a legal apply's die shows a hit or a crit).
        kept = index.damage_to if index.fixed_apply else None
        by_card: Options = {}
        dice = s.dice
        for c in applies:
            card = cards.get(c.card)
            if card is None or card.defeated:
                continue
            die = dice[_DIE_INDEX[c.die]]  # s.die(c.die): an apply command names its die
            dmg = BASE_DAMAGE[die.face or "miss"]
            if modified:  # die_damage
                if kept is None:
                    dmg = modified_damage(s, applied_die(die, card.id), card, index, dmg)
                else:
                    key = (card.id, _COLOR_OF_DIE[die.id], die.face or "miss")
                    known = kept.get(key)
                    if known is None:
                        known = kept[key] = modified_damage(s, applied_die(die, card.id), card, index, dmg)
                    dmg = known
            found = by_card.get(card.id)
            if found is None:
                by_card[card.id] = [(c, dmg, die)]
            else:
                found.append((c, dmg, die))
        seen.options = (applies, by_card)
        return by_card

    def _helpful_apply(self, seen: _Seen, s: GameState, applies: list[Command]) -> Command | None:
        """The die that helps most: on the first target in order that the dice on the table can finish."""
        by_card = self._apply_options(seen, s, applies)
        if not by_card:
            return None
        index = seen.index or self._index(seen, s)
        live_on = index.first_live_on  # live_kind_on
        one_color = "one_color_per_enemy" in index.first_passive  # live_kind
        for t in self._in_order(seen, s, by_card):
            options = by_card[t.id]
            rem = remaining(s, t)
            if (t.id, "same_color_pairs") in live_on:  # _pairs_only
                options = _pair_damage(s, t, options)
            if one_color and not s.applied_to(t.id):
                options = _best_color_group(options)
            if rem <= 0 or _missing_colors(s, t, index):
                fresh = _new_color_options(s, t, options, index)
                if fresh:
                    return min(fresh, key=lambda o: (o[1], STRENGTH[o[2].color], o[2].id))[0]
                if rem <= 0:
                    continue
            useful = [o for o in options if o[1] > 0]
            slots = _slots_left(s, t, index)
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

    def _dump_apply(self, seen: _Seen, s: GameState, applies: list[Command]) -> Command | None:
        """Nothing helps: the biggest hit on the first target in order where it counts at all."""
        by_card = self._apply_options(seen, s, applies)
        if not by_card:
            return None
        index = seen.index or self._index(seen, s)
        for t in self._in_order(seen, s, by_card):
            rem = remaining(s, t)
            if rem <= 0 or _banishes_applied(s, t):
                continue
            options = by_card[t.id]
            if (t.id, "same_color_pairs") in index.first_live_on:  # _pairs_only
                options = _pair_damage(s, t, options)
            slots = _slots_left(s, t, index)
            useful = [o for o in options if o[1] > 0 and (slots is None or rem - o[1] <= 2 * (slots - 1))]
            if useful:
                return max(useful, key=lambda o: (o[1], -STRENGTH[o[2].color], o[2].id))[0]
        return None

    def _want_repeat(self, s: GameState, legal: list[Command]) -> bool:
        if not self.can_repeat(legal):
            return False
        for card in s.active:
            if not card.defeated:
                break
        else:
            # Targets are undefeated cards: none, known without the effects in force (usually new after a
            # defeat). Decided as targets() would be asked: it settles whether this round builds up when first
            # asked in the round.
            self.building(s)
            return False
        seen = self._seen_for(s)
        index = seen.index or self._index(seen, s)
        for t in self._targets(seen, s):
            if remaining(s, t) > 0 or _missing_colors(s, t, index):
                break  # a target still to hurt
        else:
            return False
        unapplied = s.dice_in("active")
        if not unapplied and len(s.dice_in("pool")) <= self._reserve(s):
            return False  # nothing to roll again, and no spare die to commit
        per_miss = live_kind(s, "lose_health_per_miss")
        if isinstance(per_miss, fx.LoseHealthPerMiss) and per_miss.per_color_hits is None:
            loss = sum(P_MISS[d.color] for d in unapplied) * per_miss.amount
            if s.hero.health - loss <= 2:
                return False
        return True

    # --- Resolve phase --------------------------------------------------------------------------------------

    def _after(self, s: GameState, legal: list[Command]) -> Command | None:
        options = self.commands(legal, "resolve_after")
        return options[0] if options else None

    def _recover(self, s: GameState, legal: list[Command]) -> Command | None:
        options = self.commands(legal, "recover")
        if not options:
            return self._legal(legal, DONE) or DONE
        # The strongest die (its colour, then its id): the die ids are looked up in C, each command has its own.
        dice = [c.die for c in options]
        return options[dice.index(max(dice, key=_BY_STRENGTH.__getitem__))]

    def _gain_items(self, s: GameState, legal: list[Command]) -> Command | None:
        declines = self.commands(legal, "decline_item")
        if not declines:
            return None
        best = max(declines, key=lambda c: (items.item_value(s, str(c.card)), str(c.card)))
        gain = self._legal(legal, Command("gain_item", card=best.card))
        if gain is not None:
            return gain
        if s.inventory:
            worst = min(s.inventory, key=lambda i: (items.item_value(s, i), i))
            if items.item_value(s, str(best.card)) > items.item_value(s, worst) + 0.3:
                discard = self._legal(legal, Command("discard_item", item=worst))
                if discard is not None:
                    return discard
        return best

    # --- prompts --------------------------------------------------------------------------------------------

    def _answer(self, s: GameState, legal: list[Command], p: Prompt) -> Command:
        if p.kind == "instant_reward":
            current = s.current_mission
            declining = current is not None and s.deck.mission(current.id).condition == "instant_declined"
            wanted = Command("decline_reward" if declining else "take_reward", card=p.card)
            return self._legal(legal, wanted) or wanted
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
            cap = self._free_capacity(s)
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


_STRONG_FIRST: tuple[Color, ...] = tuple(sorted(COLORS, key=STRENGTH.__getitem__, reverse=True))
"""The colours, strongest first."""

_BY_STRENGTH: dict[str | None, tuple[int, str]] = {d: (STRENGTH[color_of(d)], d) for d in DIE_IDS}
"""Each die id's (strength of its colour, id): the strongest die sorts last."""

_DIE_INDEX: dict[str | None, int] = {d: i for d, i in DIE_INDEX.items()}
"""Each die id's position in ``state.dice`` (``GameState.die`` without the call), for a command's ``die`` field."""

_COLOR_OF_DIE: dict[str, Color] = {d: color_of(d) for d in DIE_IDS}
"""Each die id's colour (``DieState.color`` without the property call)."""


@cache  # a few keys: the Strategy values heroes have
def _strong_expected(rolls: int) -> tuple[tuple[Color, float], ...]:
    """Each colour, strongest first, with the expected damage of one die of it over ``rolls`` rolls."""
    return tuple((color, expected(color, rolls)) for color in _STRONG_FIRST)


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


def _needs_all(s: GameState, boss: ActiveCard) -> bool:
    return any(isinstance(r, fx.WinCondition) and r.require == "all_enemies" for r in s.deck.boss(boss.id).rules)


def _need(s: GameState, targets: list[ActiveCard], index: EffectsInForce) -> float:
    """What the commit plan sets out to deal: each target's damage still needed, times how much harder its residual
    restrictions make it, plus the colours still missing on each; ``index``: ``effects_in_force(s)``."""
    need: float = 0  # sum() of nothing is 0
    for t in targets:
        need += remaining(s, t) * _residual(s, t, index)
    if "requires_colors_to_defeat" in index.live_kinds:  # else _missing_colors is 0 for every card
        need += sum(_missing_colors(s, t, index) for t in targets)
    return need


def _residual(s: GameState, card: ActiveCard, index: EffectsInForce) -> float:
    """:func:`_residual_factor` of the card (kept with the effects in force, which hold for one deck)."""
    found = index.residual.get(card.id)
    if found is None:
        found = index.residual[card.id] = _residual_factor(s.deck.boss(card.id) if card.boss else s.deck.card(card.id))
    return found


@lru_cache(maxsize=1024)  # content objects are values: the answer follows from the card alone
def _residual_factor(card: ConflictCard | Boss) -> float:
    """How much harder its :data:`RESIDUAL` restrictions make a card (its printed effects, as hooks.card_effects)."""
    factor = 1.0
    for e in card.rules if isinstance(card, Boss) else card.effects:
        if e.kind in RESIDUAL:
            factor *= assess.HARDER.get(e.kind, 1.0)
    return factor


@cache  # a handful of keys: the facts of the effects in force it reads seldom differ from the usual
def _plain_color_values(
    inverted: frozenset[Color], penalty: int, blocking: bool, rolls: int
) -> tuple[tuple[Color, float], ...]:
    """:meth:`HeuristicBot.color_values` when all its (one or more) targets are alike: nothing restricts or
    changes what a die does, and no target wants more colours. Depends on nothing else than its arguments."""
    return tuple(_color_values(inverted, penalty, blocking, rolls, True, None, []).items())


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
    deal to each target (:func:`hit_faces`), or is None when every target gets each face's own damage; ``present``:
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


def _missing_colors(s: GameState, card: ActiveCard, index: EffectsInForce | None = None) -> int:
    """Colours still to be applied before a "defeated only with N colours" card can fall. ``index``:
    ``effects_in_force(s)``, when the caller has it at hand."""
    rule = (index or effects_in_force(s)).first_live_on.get((card.id, "requires_colors_to_defeat"))  # live_kind_on
    if not isinstance(rule, fx.RequiresColorsToDefeat):
        return 0
    return max(0, rule.count - len({d.color for d in s.applied_to(card.id)}))


def _wants_color(s: GameState, card: ActiveCard, color: Color) -> bool:
    return bool(_missing_colors(s, card)) and all(d.color != color for d in s.applied_to(card.id))


def _new_color_options(
    s: GameState, card: ActiveCard, options: list[tuple[Command, int, DieState]], index: EffectsInForce
) -> list[tuple[Command, int, DieState]]:
    if not _missing_colors(s, card, index):
        return []
    there = {d.color for d in s.applied_to(card.id)}
    return [o for o in options if o[2].color not in there]


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


def _slots_left(s: GameState, card: ActiveCard, index: EffectsInForce) -> int | None:
    """How many more dice may be applied to a card with a per-card limit (None: no such limit)."""
    rule = index.first_live_on.get((card.id, "apply_limit"))  # live_kind_on
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
    """Its printed effects (``hooks.card_effects``) banish the dice applied to it, unless cancelled."""
    return not card.cancelled and _prints_banish(s.deck.boss(card.id) if card.boss else s.deck.card(card.id))


@lru_cache(maxsize=1024)  # content objects are values: the answer follows from the card alone
def _prints_banish(card: ConflictCard | Boss) -> bool:
    return any(isinstance(e, fx.BanishAppliedDice) for e in (card.rules if isinstance(card, Boss) else card.effects))


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
