"""The heuristic bot's play of Hoplomachus Victorum (hoplomachus.md): the fights are the general rules' and are played
by :class:`~twentystrong.bots.heuristic.HeuristicBot` as they are in Solar Sentinels; this module adds the deck's own
decisions.

- **Where to go**: each camp it may move to is scored by the best thing to do there (activate its top card, spectate
  it, or fight its Primus), plus a share of the best camp next to it (a route up the pyramid), plus a pull towards the
  nearest Primus once the bot is ready for one.
- **Activate, spectate or fight the Primus**: an enemy is worth its reward (or, for a Sport card, a recruit) less what
  it is expected to cost (:meth:`HeuristicBot._fight_cost`, plus a die dismissed when a Bloodshed card survives); an
  Opportunity is worth its reward if the bot can hold it; spectating costs the Scion's penalty and gives a die or a
  Health back; a Primus is fought when the dice pool can expect to wear it down (its Health, how hard its rule makes
  it, its +N) before its blows do, and sooner as the camps run out.
- **Dice**: it recruits and strengthens whenever it can (an ability, a Tactic, a Sport card's alternative), dismisses
  and weakens its weakest dice, and in a multi-round fight commits everything (damage stays, HV9).
- **Setup**: keeps the best Tactic, puts the easiest Primus lowest, feeds the Influence deck with Opportunities
  (which add no enemy to the final fight) and the weakest enemies.

Like the rest of the bot it reads only the player's view (contract 11, R12): the camps' top cards, the Primus waiting
under them, the Tactics area, the Influence deck's size and icons.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Final

from twentystrong.bots import assess, items
from twentystrong.bots.dicemath import pool_expected
from twentystrong.bots.heuristic import HeuristicBot, Turn
from twentystrong.bots.reading import USES, instant_worth
from twentystrong.content import effects as fx
from twentystrong.content.effects import COLORS, Effect
from twentystrong.content.model import CampCard, ConflictCard
from twentystrong.engine.commands import Command
from twentystrong.engine.dice import STRENGTH
from twentystrong.engine.view import ActiveCard, DieState, PlayerView, Prompt
from twentystrong.kits.hoplomachus_victorum.kinds import InfluenceScaling, MoveToCamp
from twentystrong.kits.hoplomachus_victorum.rules.view import ADJACENT, BY_ID, IDS, ROW_COL, VictorumView

PENALTY: Final[dict[str, float]] = {
    "lose_health": 1.0,
    "exhaust_pool_dice": 0.35,
    "dismiss": 1.3,
    "weaken": 0.9,
    "feed_influence": 0.3,
    "extra_enemy_next_round": 1.3,
}
"""What one step of a Scion's spectate penalty costs the bot (per Health, die or card)."""

TACTIC_VALUE: Final[dict[str, float]] = {
    "recruit": 1.7,
    "strengthen": 1.1,
    "color_bonus": 2.2,
    "move_to_camp": 0.6,
    "heal": 0.9,
    "recover": 0.5,
    "feed_influence": 0.1,
    "cancel_enemy_effects": 1.6,
    "gain_tactic": 1.0,
}
"""What a Tactic's (or a Sport card's alternative's) effect is worth, per die, Health or use."""

OPPORTUNITY_ODDS: Final[dict[str, float]] = {
    "defeats": 0.8,
    "damage_taken_rounds": 0.8,
    "dice_recruited": 0.7,
    "dice_dismissed": 0.6,
    "spectates": 0.5,
    "items_used": 0.6,
    "instant_declined": 0.7,
    "activation_size": 0.25,
    "colors_on_one_enemy": 0.5,
}
"""How likely the bot thinks it is to meet an Opportunity's condition while it holds it."""

NEXT_COLOR: Final = dict(zip(COLORS, COLORS[1:], strict=False))
"""The next stronger colour of each (red has none: HV12)."""


class VictorumTurn(Turn):
    """A :class:`Turn` on a Hoplomachus Victorum table. A multi-round fight (a Primus fight or the final fight) is
    what the fight logic calls the endgame: the bot commits everything and saves its boss items for it."""

    def __init__(self, view: PlayerView, legal: list[Command]) -> None:
        super().__init__(view, legal)
        table = view.table
        if not isinstance(table, VictorumView):
            raise TypeError(f"the Victorum bot plays Hoplomachus Victorum decks, not {view.deck.info.ruleset!r} ones")
        self.vt = table
        self.endgame = bool(table.fight)
        self.camp_scores: dict[int, float] = {}
        """The bot's :meth:`VictorumBot.camp_score` of each camp, worked out when first asked (for this move only)."""
        self.ready: bool | None = None
        """:meth:`VictorumBot.primus_ready`, worked out when first asked."""

    def capped(self, card: ActiveCard) -> bool:
        """A damage cap holds the card up this round, but in a multi-round fight its damage stays (HV9): worth
        hitting all the same."""
        return False if self.vt.fight else super().capped(card)

    def training(self) -> list[DieState]:
        """The dice in the training grounds (the ones a recruit or a strengthen can bring in)."""
        return list(self.dice_in("training"))

    def own_dice(self) -> int:
        """Dice the hero has (pool, exhausted, rolled or applied)."""
        return sum(1 for d in self.dice if d.zone not in ("training", "banished"))


class VictorumBot(HeuristicBot):
    """The heuristic bot on a Hoplomachus Victorum table (see the module docstring); ``--bot heuristic``
    (:class:`~twentystrong.bots.router.HeuristicPlayer`) hands its moves here when the deck is one of this ruleset.
    The keyword arguments are its tuning knobs (and :class:`HeuristicBot`'s, for the fights)."""

    name = "heuristic"

    def __init__(
        self,
        seed: int = 0,
        *,
        camp_reserve: int = 2,
        lookahead: float = 0.35,
        press: float = 1.0,
        final_share: float = 0.25,
        final_health: float = 1.0,
        **knobs: float,
    ) -> None:
        super().__init__(seed, **knobs)  # type: ignore[arg-type]
        self.final_share = final_share
        """The share of the final fight's need the pool must also cover before the last Primus fight."""
        self.final_health = final_health
        """Health the bot wants left for the final fight when it takes on the last Primus."""
        self.press = press
        """How much each round played adds to the wish to fight a Primus (a game is not won in the camps)."""
        self.camp_reserve = camp_reserve
        """Pool dice kept back in a camp fight (none in a Primus fight, nor when the round could kill)."""
        self.lookahead = lookahead
        """The share of the best neighbouring camp added to a camp's own score when choosing where to move."""

    # --- dispatch -------------------------------------------------------------------------------------------

    def choose(self, view: PlayerView, legal: list[Command]) -> Command:
        if len(legal) == 1:
            return legal[0]
        s = VictorumTurn(view, legal)
        if s.prompt is not None:
            return self._v_answer(s, legal, s.prompt)
        uses = s.by_cmd.get(USES)
        if uses is not None:
            use = self._v_use(s, uses)
            if use is None:
                use = items.pick_use(self, s, uses)
            if use is not None:
                return use
        step = _V_STEPS.get(s.step)
        chosen = step(self, s, legal) if step is not None else None
        if chosen is not None:
            return chosen
        plain = [c for c in legal if c.cmd not in ("use_item", "use_ability", "discard_item")]
        return plain[0] if plain else legal[0]

    # --- setup ----------------------------------------------------------------------------------------------

    def _choose_hero(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        """A drawn Victorum hero (never a universal one: its ability may do nothing here), the sturdiest; the others
        become Primus, so the one whose Primus would be the hardest is kept off the table."""
        options = [c for c in s.commands("choose_hero") if c.aside is None]
        if not options:
            return None

        def key(c: Command) -> tuple[float, str]:
            hero = s.deck.hero(str(c.hero))
            primus = s.deck.primus_of.get(hero.id)
            spared = primus_need(s, primus) if primus is not None else 0.0
            return hero.health + hero.strategy + 1.5 * hero.recovery + 0.2 * spared, hero.id

        return max(options, key=key)

    def _keep_tactic(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        options = s.commands("keep_tactic")
        return max(options, key=lambda c: (tactic_value(s, str(c.tactic)), str(c.tactic))) if options else None

    def _place_primus(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        """The easiest Primus in the lowest camp it may go to (the first met, with the fewest dice)."""
        options = s.commands("place_primus")
        if not options:
            return None
        lowest = min(ROW_COL[BY_ID[str(c.camp)]] for c in options)
        here = [c for c in options if ROW_COL[BY_ID[str(c.camp)]] == lowest]
        return min(here, key=lambda c: (primus_need(s, str(c.primus)), str(c.primus)))

    def _feed(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        options = s.commands("feed_influence")
        return min(options, key=lambda c: (feed_cost(s, c), str(c.camp))) if options else None

    # --- moving and arriving ----------------------------------------------------------------------------------

    def _move(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        options = s.commands("move")
        if not options:
            return None
        return max(options, key=lambda c: (self.route_score(s, BY_ID[str(c.camp)]), -BY_ID[str(c.camp)]))

    def route_score(self, s: VictorumTurn, k: int) -> float:
        """A camp's worth as the next place to stand: what the bot would do there, a share of the best camp next to
        it, and (once ready for a Primus) a pull towards the nearest one."""
        here = self.camp_score(s, k)
        near = [self.camp_score(s, j) for j in ADJACENT[k] if not _empty(s, j)]
        score = here + (self.lookahead * max(near) if near else 0.0)
        if self.primus_ready(s):
            score -= 0.8 * _distance_to_primus(s, k)
        return score

    def camp_score(self, s: VictorumTurn, k: int) -> float:
        """The best of activating, spectating and fighting the Primus at camp ``k``."""
        found = s.camp_scores.get(k)
        if found is None:
            found = s.camp_scores[k] = self._camp_score(s, k)
        return found

    def _camp_score(self, s: VictorumTurn, k: int) -> float:
        camp = s.vt.camps[k]
        best = -math.inf
        if camp.top is not None:
            best = max(self.activate_value(s, camp.top), self.spectate_value(s))
        if camp.primus is not None:
            best = max(best, self.primus_value(s, camp.primus))
        return best

    def _arrive(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        here = s.vt.position
        k = BY_ID.get(str(here))
        if k is None:
            return None
        camp = s.vt.camps[k]
        choices: list[tuple[float, Command]] = []
        if camp.top is not None:
            choices.append((self.activate_value(s, camp.top), Command("activate")))
            choices.append((self.spectate_value(s), Command("spectate")))
        if camp.primus is not None:
            choices.append((self.primus_value(s, camp.primus), Command("fight_primus")))
        for _value, wanted in sorted(choices, key=lambda vc: -vc[0]):
            found = s.find(wanted)
            if found is not None:
                return found
        return None

    def activate_value(self, s: VictorumTurn, card_id: str) -> float:
        """What activating this camp card is worth (an enemy: its reward less its cost; an Opportunity: its reward,
        by the odds of earning it, when the bot can hold it)."""
        card = s.deck.card(card_id)
        if isinstance(card, CampCard) and card.kind == "opportunity":
            return self.opportunity_value(s, card) - 0.2
        return -self.camp_cost(s, card, self._free_capacity(s)) + self.engage_value(s)

    def engage_value(self, s: VictorumTurn) -> float:
        """An engagement ends with Recovery (a round without one has none, HV7): worth the dice it brings back."""
        return 0.5 * min(s.view.recovery_limit(), len(s.dice_in("exhausted")) + 1)

    def camp_cost(self, s: VictorumTurn, card: ConflictCard, cap: float) -> float:
        """:meth:`_fight_cost` with this deck's kinds: a Bloodshed card that survives costs a die, a Sport card's
        reward may be a recruit instead."""
        cost = self._fight_cost(s, card, cap)
        kind = card.kind if isinstance(card, CampCard) else ""
        facts = assess.fight_facts(card)
        kill = 0.0 if facts.unkillable else 1 / (1 + math.exp(-(cap - facts.tough * 1.2) / 1.2))
        if kind == "bloodshed" and card.damage:
            cost += 1.2 * (1 - kill)
        elif kind == "sport":
            alt = max(recruit_value(s), best_tactic_value(s))
            reward = facts.reward if not facts.instant else min(facts.reward, instant_worth(s, card))
            cost -= max(0.0, alt - reward) * kill
        cost += 0.5 * card.additional * (1 - kill)
        if card.damage >= s.hero.health:
            cost += 8.0 * (1 - kill)  # it could end the game
        return cost

    def spectate_value(self, s: VictorumTurn) -> float:
        """Spectating: the Scion's penalty, then a die recovered or a Health gained (no engagement: no recovery)."""
        scion = s.deck.scion(s.vt.scion)
        cost = 0.0
        for e in scion.spectate:
            cost += PENALTY.get(e.kind, 0.5) * _size(e)
            if isinstance(e, fx.LoseHealth) and s.hero.health <= e.amount + 1:
                cost += 10.0  # never spectate into a loss
        gain = 0.5 if s.dice_in("exhausted") else 0.0
        if s.hero.health < 6:
            gain = max(gain, 0.9 if s.hero.health <= 3 else 0.6)
        return gain - cost - 0.8

    def opportunity_value(self, s: VictorumTurn, card: CampCard) -> float:
        if card.condition is None or card.reward is None:
            return 0.0
        odds = OPPORTUNITY_ODDS.get(card.condition.kind, 0.5) / max(1.0, card.condition.target / 2)
        if card.condition.kind == "defeats" and card.condition.card_kind == "primus" and not _primus_left(s):
            odds = 0.0
        worth = odds * assess.reward_value(card.reward) + 0.5 * _recruits(card.reward.effects)
        if len(s.inventory) >= s.hero.strategy:
            worth -= min((items.item_value(s, i) for i in s.inventory), default=0.0)
        return worth

    def primus_value(self, s: VictorumTurn, primus: str) -> float:
        """Fighting this Primus now: the Health the bot expects to have left when it falls. Its damage stays on it
        round after round (HV9), so the fight lasts as many rounds as the pool needs, the first with the whole pool,
        the later ones with what Recovery brings back; each round it stands, it (and its +N) hits back. The fewer
        cards left in the camps, the less there is to gain by waiting."""
        boss = s.deck.boss(primus)
        need = primus_need(s, primus)
        last = _primus_left(s) == 1
        if last:  # the final fight follows at once, with whatever this fight leaves: go in with dice to spare
            need += self.final_share * final_need(s)
        k = s.hero.strategy
        first = pool_expected([d.color for d in s.dice_in("pool")], k) + items.endgame_bonus(s)
        back = sorted((d.color for d in s.dice if d.zone in ("pool", "exhausted")), key=STRENGTH.__getitem__)
        later = max(0.5, pool_expected(back[-s.view.recovery_limit() :], k))
        rounds = 1 + max(0.0, need - first) / later
        loss = boss.damage * (rounds - 1) + 1.2 * boss.entourage + 0.5 * rounds
        if last:
            loss += self.final_health
        left = sum(c.size for c in s.vt.camps)
        urgency = max(0.0, (24 - left) / 8)
        thin = max(0.0, 6 - len(s.dice_in("pool")))  # a thin pool first: the fight starts with what is there
        return s.hero.health - loss - 1.5 - thin + urgency + self.press * min(s.round, 30) / 10

    def primus_ready(self, s: VictorumTurn) -> bool:
        """Whether the bot is ready for the easiest Primus still waiting."""
        if s.ready is None:
            waiting = [c.primus for c in s.vt.camps if c.primus is not None]
            s.ready = bool(waiting) and max(self.primus_value(s, p) for p in waiting) > 0
        return s.ready

    def _reinforce(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        options = s.commands("activate")
        if not options:
            return None
        cap = self._free_capacity(s)

        def cost(c: Command) -> tuple[float, str]:
            top = s.vt.card_of(c)
            return (self.camp_cost(s, s.deck.card(top), cap) if top else 0.0), str(c.camp)

        return min(options, key=cost)

    def _opportunity(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        keep = s.find(Command("keep_opportunity"))
        drawn = s.vt.opportunity
        card = s.deck.card(drawn) if drawn is not None else None
        if keep is not None and isinstance(card, CampCard):
            worth = self.opportunity_value(s, card)  # the worst held item already counted when the hands are full
            if worth > 0.1:
                return keep
        return s.find(Command("discard_opportunity")) or keep

    # --- the deck's dice moves -----------------------------------------------------------------------------

    def _bloodshed(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        options = s.commands("dismiss")
        return min(options, key=lambda c: _dismiss_key(s, str(c.die))) if options else None

    def _spectate_reward(self, s: VictorumTurn, legal: list[Command]) -> Command | None:
        dice = [c for c in s.commands("spectate_reward") if c.die is not None]
        health = s.find(Command("spectate_reward", choice="health"))
        if dice and (s.hero.health >= 5 or (s.hero.health >= 3 and len(s.dice_in("pool")) < 4)):
            return max(dice, key=lambda c: (STRENGTH[s.die(str(c.die)).color], str(c.die)))
        return health or (dice[0] if dice else None)

    def _find_reserve(self, s: Turn) -> int:
        if s.endgame or (s.active and s.incoming() >= s.hero.health):
            return 0
        return self.camp_reserve

    def building(self, s: Turn) -> bool:
        return False  # damage stays on the enemies of a multi-round fight (HV9): never hold back for an all-in

    def _gain_items(self, s: Turn, legal: list[Command]) -> Command | None:
        assert isinstance(s, VictorumTurn)
        alts = [c for c in legal if c.cmd in ("recruit", "gain_tactic") and c.card is not None]
        if alts:
            card = str(alts[0].card)
            best_alt = max(alts, key=lambda c: (_alt_value(s, c), str(c.tactic or "")))
            worth = items.item_value(s, card)
            room = len(s.inventory) < s.hero.strategy
            if _alt_value(s, best_alt) > (worth if room else worth - 1.0):
                return best_alt
        return super()._gain_items(s, legal)

    # --- items and abilities ----------------------------------------------------------------------------------

    def _v_use(self, s: VictorumTurn, uses: list[Command]) -> Command | None:
        """This deck's kinds of item and ability: recruit and strengthen at once, move to any camp when a camp out of
        reach is clearly better; never feed the Influence deck by choice."""
        moves: list[Command] = []
        for c in uses:
            effect = items.used_effect(s, c)
            if isinstance(effect, fx.Recruit) and s.training():
                return c
            if isinstance(effect, fx.Strengthen) and _strengthenable(s):
                return c
            if isinstance(effect, MoveToCamp) and s.step == "move":
                moves.append(c)
        return self._far_move(s, moves) if moves else None

    def _far_move(self, s: VictorumTurn, uses: list[Command]) -> Command | None:
        """A move to any camp (each use names its camp, or asks for one), when the best camp out of reach is clearly
        better than the best one next door."""
        near = [BY_ID[str(c.camp)] for c in s.commands("move")]
        if not near:
            return None
        best_near = max(self.route_score(s, k) for k in near)
        named = [c for c in uses if c.camp is not None and BY_ID.get(str(c.camp)) is not None]
        if named:
            best = max(named, key=lambda c: (self.route_score(s, BY_ID[str(c.camp)]), str(c.camp)))
            return best if self.route_score(s, BY_ID[str(best.camp)]) > best_near + 1.5 else None
        anywhere = [k for k in range(len(s.vt.camps)) if not _empty(s, k)]
        if anywhere and max(self.route_score(s, k) for k in anywhere) > best_near + 1.5:
            return uses[0]  # the camp is chosen at its prompt
        return None

    # --- prompts --------------------------------------------------------------------------------------------

    def _v_answer(self, s: VictorumTurn, legal: list[Command], p: Prompt) -> Command:
        if p.kind == "instant_reward":
            options = [c for c in legal if c.cmd in ("take_reward", "recruit", "gain_tactic")]
            if options:
                return max(options, key=lambda c: (_reward_choice_value(s, c, p), c.cmd, str(c.tactic or "")))
        chooses = [c for c in legal if c.cmd == "choose"]
        if p.kind == "choose_camp" and chooses:
            kind = prompt_kind(s, p)
            if kind == "move_to_camp":
                return max(chooses, key=lambda c: (self.route_score(s, BY_ID[str(c.camp)]), str(c.camp)))
            return min(chooses, key=lambda c: (feed_cost(s, c), str(c.camp)))
        if p.kind == "choose_die" and chooses:
            kind = prompt_kind(s, p)
            if kind == "strengthen":
                return min(chooses, key=lambda c: _strengthen_key(s, str(c.die)))
            if kind in ("dismiss", "weaken", "exhaust_pool_dice"):
                return min(chooses, key=lambda c: _dismiss_key(s, str(c.die)))
        return self._answer(s, legal, p)


_V_STEPS: dict[str, Callable[[VictorumBot, VictorumTurn, list[Command]], Command | None]] = {
    "choose_hero": VictorumBot._choose_hero,
    "keep_tactic": VictorumBot._keep_tactic,
    "place_primus": VictorumBot._place_primus,
    "feed_influence": VictorumBot._feed,
    "move": VictorumBot._move,
    "arrive": VictorumBot._arrive,
    "reinforce": VictorumBot._reinforce,
    "opportunity": VictorumBot._opportunity,
    "bloodshed": VictorumBot._bloodshed,
    "spectate_reward": VictorumBot._spectate_reward,
    "commit": VictorumBot._commit,
    "apply": VictorumBot._apply,
    "after": VictorumBot._after,
    "recover": VictorumBot._recover,
    "gain_items": VictorumBot._gain_items,
}


# --- helpers ---------------------------------------------------------------------------------------------------


def _size(effect: Effect) -> float:
    for name in ("amount", "count"):
        value = getattr(effect, name, None)
        if isinstance(value, int):
            return float(value)
    return 1.0


def _recruits(effects: list[Effect]) -> int:
    return sum(e.count for e in effects if isinstance(e, fx.Recruit))


def tactic_value(s: VictorumTurn, tactic: str) -> float:
    """What holding this Tactic is worth to the bot."""
    value = 0.0
    for e in s.deck.tactic(tactic).effects:
        value += TACTIC_VALUE.get(e.kind, 0.5) * _size(e)
    return value


def best_tactic_value(s: VictorumTurn) -> float:
    """The best Tactic the Tactics area offers, if the inventory has room for it (0 otherwise)."""
    if not s.vt.tactics or len(s.inventory) >= s.hero.strategy:
        return 0.0
    return max(tactic_value(s, t) for t in s.vt.tactics)


def recruit_value(s: VictorumTurn) -> float:
    """What one more die is worth: much while the hero has few, nothing when the training grounds are empty."""
    if not s.training():
        return 0.0
    return 2.2 if s.own_dice() < 10 else 1.6 if s.own_dice() < 13 else 1.0


def _alt_value(s: VictorumTurn, c: Command) -> float:
    if c.cmd == "recruit":
        return recruit_value(s)
    if c.cmd == "gain_tactic" and c.tactic is not None:
        return tactic_value(s, str(c.tactic)) if len(s.inventory) < s.hero.strategy else 0.0
    return 0.0


def _reward_choice_value(s: VictorumTurn, c: Command, p: Prompt) -> float:
    if c.cmd == "take_reward":
        return instant_worth(s, s.deck.card(str(p.card or c.card))) + 0.01
    return _alt_value(s, c)


def primus_need(s: Turn, primus: str) -> float:
    """Damage the bot expects to deal to win a fight against this Primus (its Health, how much harder its rule makes
    it, and its +N enemies)."""
    boss = s.deck.boss(primus)
    return boss.health * assess.difficulty(boss) + 3.0 * boss.entourage


def final_need(s: VictorumTurn) -> float:
    """Damage the final fight is expected to take: the Scion (grown by the Influence icons it scales with) and the
    enemies it adds from the Influence deck."""
    boss = s.deck.boss(s.vt.scion)
    icons = s.vt.influence_icons
    health, extra = float(boss.health), float(boss.entourage)
    for e in boss.rules:
        if isinstance(e, InfluenceScaling):
            grow = e.amount * (icons // e.per)
            grow = grow if e.most is None else min(e.most, grow)
            if e.grows == "health":
                health += grow
            elif e.grows == "additional":
                extra += grow
    extra = min(extra, float(s.vt.influence_size)) if s.vt.influence_size else extra * 0.5
    return health * assess.difficulty(boss) + 3.5 * extra


def feed_cost(s: VictorumTurn, c: Command) -> float:
    """What sending a camp's top card to the Influence deck costs: an Opportunity adds no enemy to the final fight,
    a weak enemy little; a good card lost from the camps costs its worth."""
    top = s.vt.card_of(c)
    if top is None:
        return 50.0
    card = s.deck.card(top)
    if isinstance(card, CampCard) and card.kind == "opportunity":
        return 0.0
    return card.health + 2.0 * card.damage + 3.0 * card.additional


def _empty(s: VictorumTurn, k: int) -> bool:
    camp = s.vt.camps[k]
    return camp.top is None and camp.primus is None


def _primus_left(s: VictorumTurn) -> int:
    return sum(1 for c in s.vt.camps if c.primus is not None)


def _distance_to_primus(s: VictorumTurn, k: int) -> int:
    """Moves from camp ``k`` to the nearest camp with a Primus waiting (0 when one waits there)."""
    goals = {j for j, camp in enumerate(s.vt.camps) if camp.primus is not None}
    if not goals:
        return 0
    seen, frontier, steps = {k}, [k], 0
    while frontier:
        if any(j in goals for j in frontier):
            return steps
        steps += 1
        frontier = [n for j in frontier for n in ADJACENT[j] if n not in seen and not seen.add(n)]  # type: ignore[func-returns-value]
    return len(IDS)


def _dismiss_key(s: Turn, die_id: str) -> tuple[int, int, str]:
    """The die to lose first: the weakest, an exhausted one before a ready one."""
    die = s.die(die_id)
    return STRENGTH[die.color], 0 if die.zone == "exhausted" else 1, die_id


def _strengthenable(s: VictorumTurn) -> bool:
    present = {d.color for d in s.training()}
    return any(
        d.zone in ("pool", "exhausted") and NEXT_COLOR.get(d.color) in present for d in s.dice if d.color != "red"
    )


def _strengthen_key(s: VictorumTurn, die_id: str) -> tuple[int, int, str]:
    """The die to strengthen: one whose next colour waits in the training grounds, the weakest first."""
    die = s.die(die_id)
    present = {d.color for d in s.training()}
    return 0 if NEXT_COLOR.get(die.color) in present else 1, STRENGTH[die.color], die_id


def prompt_kind(s: Turn, p: Prompt) -> str:
    """The kind of the effect that asks: a Scion's spectate penalty, a Primus's Bane, a Tactic, the hero's ability,
    a card's effect or its reward."""
    source, index = p.source, p.effect or 0
    if source is None:
        return ""
    deck = s.deck
    effects: list[Effect] = []
    if source == s.hero.id:
        effects = list(deck.hero(source).ability)
    elif any(sc.id == source for sc in deck.scions):
        effects = list(deck.scion(source).spectate)
    elif any(h.primus is not None and h.primus.id == source for h in deck.heroes):
        effects = list(deck.primus(source).bane)
    elif deck.is_tactic(source):
        effects = list(deck.tactic(source).effects)
    elif source in deck.card_ids:
        card = deck.card(source)
        in_hand = source in s.inventory or source in s.discard or index < 0
        effects = list(card.reward.effects if card.reward is not None and in_hand else card.effects)
        if card.reward is not None and not -len(effects) <= index < len(effects):
            effects = list(card.reward.effects)
    if -len(effects) <= index < len(effects):
        return effects[index].kind
    return ""
