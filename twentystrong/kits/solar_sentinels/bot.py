"""Solar Sentinels' heuristic bot: the general heuristic player (:class:`~twentystrong.bots.heuristic.HeuristicBot`)
with this deck's own reasoning: which stack top to activate and which to discard (the fight it is expected to cost,
net of its reward), which dealt mission to discard (the hardest for it), the rank penalty, when to start the endgame
(when its pool can expect to break a boss in one round, its entourage grown by the missions not completed), and the
prompts that choose a stack.
"""

from __future__ import annotations

from twentystrong.bots import items
from twentystrong.bots.dicemath import pool_expected
from twentystrong.bots.heuristic import HeuristicBot, Turn, _boss_need_of
from twentystrong.bots.items import Use
from twentystrong.bots.reading import Reading, instant_worth
from twentystrong.content.model import ConflictCard
from twentystrong.engine.commands import Command
from twentystrong.engine.view import Prompt
from twentystrong.kits.solar_sentinels.rules.view import Pile, SolarSentinelsView

START_ENDGAME = Command("start_endgame")
DECLINE_ENDGAME = Command("decline_endgame")
EXHAUST = Command("rank_penalty", choice="exhaust")

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


def sentinels(s: Reading) -> SolarSentinelsView:
    """The Solar Sentinels table, as the player sees it: the stacks, the boss deck, the missions."""
    table = s.table
    if not isinstance(table, SolarSentinelsView):
        if s.deck.info.ruleset == "solar-sentinels":  # a game state rather than the player's view of it
            raise TypeError("a bot chooses from the player's view: bot.choose(player_view(state), legal)")
        raise TypeError(f"the heuristic bot plays Solar Sentinels decks, not {s.deck.info.ruleset!r} ones")
    return table


def pile(s: Reading, c: Command) -> Pile:
    """The stack a command names."""
    return sentinels(s).stacks[int(c.stack or 1) - 1]


def top(s: Reading, c: Command) -> ConflictCard:
    """The top card of the stack a command names."""
    return s.deck.card(str(pile(s, c).top))


def take_top_reward(u: Use) -> Command | None:
    """Take a stack top's instant reward: the most worth, if it is worth enough."""
    best = max(u.variants, key=lambda c: instant_worth(u.s, top(u.s, c)))
    worth = instant_worth(u.s, top(u.s, best))
    return best if worth >= 1.5 else None


class SolarSentinelsBot(HeuristicBot):
    """The heuristic bot on Solar Sentinels' table (see the module docstring)."""

    # --- setup and the start of a round ------------------------------------------------------------------------

    def _mission_discard(self, s: Turn, legal: list[Command]) -> Command | None:
        def hardness(c: Command) -> tuple[int, str]:
            m = s.deck.mission(str(c.mission))
            return MISSION_HARDNESS.get(m.condition, 3) + (1 if m.level == 2 else 0), str(c.mission)

        options = s.commands("discard_mission")
        return max(options, key=hardness) if options else None

    def _rank_penalty(self, s: Turn, legal: list[Command]) -> Command | None:
        return s.find(EXHAUST)

    def _round_start(self, s: Turn, legal: list[Command]) -> Command | None:
        wanted = START_ENDGAME if self.ready_for_endgame(s) else DECLINE_ENDGAME
        return s.find(wanted) or wanted

    def ready_for_endgame(self, s: Turn) -> bool:
        """Whether the pool can expect to break the boss in one round (or waiting cannot make it better)."""
        pool = [d.color for d in s.dice_in("pool")]
        cap = pool_expected(pool, s.hero.strategy) + items.endgame_bonus(s)
        need = self.boss_need(s)
        if s.hero.health <= 2:
            return cap >= need * 0.9
        exhausted = len(s.dice_in("exhausted"))
        margin = self.ready if exhausted > 1 else self.ready * 0.8
        return cap >= need * margin

    def boss_need(self, s: Turn) -> float:
        """Damage the bot expects to need in the first endgame round."""
        table = sentinels(s)
        unfinished = sum(1 for m in table.missions if m.status in ("pending", "forfeited"))
        return _boss_need_of(s.deck, unfinished, table.revealed_boss)

    def endgame_near(self, s: Turn) -> bool:
        return not all(p.size for p in sentinels(s).stacks)  # an empty stack: the endgame may start

    def declines_instant(self, s: Turn) -> bool:
        current = sentinels(s).current_mission
        return current is not None and s.deck.mission(current.id).condition == "instant_declined"

    # --- activation and stacks ------------------------------------------------------------------------------

    def _activate(self, s: Turn, legal: list[Command]) -> Command | None:
        options = s.commands("activate")
        if not options:
            return None
        cap = self._free_capacity(s)
        return min(options, key=lambda c: (self._fight_cost(s, top(s, c), cap), pile(s, c).size))

    def _stack_discard(self, s: Turn, legal: list[Command]) -> Command | None:
        options = s.commands("stack_discard")
        if not options:
            return None
        cap = self._free_capacity(s)
        return max(options, key=lambda c: (self._fight_cost(s, top(s, c), cap), -pile(s, c).size))

    def answer_own(self, s: Turn, chooses: list[Command], p: Prompt, kind: str) -> Command | None:
        if p.kind != "choose_stack":
            return None
        cap = self._free_capacity(s)
        if kind == "take_stack_reward":
            return max(chooses, key=lambda c: (instant_worth(s, top(s, c)), -int(c.stack or 0)))
        if kind == "mission":  # a stack that will count as mandatory: the easiest to face
            return min(chooses, key=lambda c: (self._fight_cost(s, top(s, c), cap), int(c.stack or 0)))
        return max(chooses, key=lambda c: (self._fight_cost(s, top(s, c), cap), -int(c.stack or 0)))

    own_steps = {
        "mission_discard": _mission_discard,
        "rank_penalty": _rank_penalty,
        "round_start": _round_start,
        "activate": _activate,
        "stack_discard": _stack_discard,
    }
    policies = {"take_stack_reward": take_top_reward}
