"""The Solar Sentinels deck rules (rules.md "Solar Sentinels deck rules")."""

from __future__ import annotations

from twentystrong.content.effects import WinCondition
from twentystrong.engine import events as ev
from twentystrong.engine import missions
from twentystrong.engine.commands import Rejected
from twentystrong.engine.rng import shuffled
from twentystrong.engine.rulesets.base import EndgameTrigger, Ruleset
from twentystrong.engine.state import GameState
from twentystrong.engine.tx import Tx

STACKS = 3

RANKS: dict[int, tuple[str, int, int]] = {
    1: ("Solar Soldier", 4, 3),
    2: ("Solar Specialist", 5, 4),
    3: ("Solar Sergeant", 6, 5),
    4: ("Solar Staff Sergeant", 7, 6),
    5: ("Solar Sentinel", 8, 7),
    6: ("Senior Solar Sentinel", 9, 8),
}
"""Difficulty ranks: title, missions drawn, missions to complete."""


def mandatory_tops(s: GameState) -> list[int]:
    """Non-empty stacks whose top counts as a mandatory enemy: printed so, or the stack a mission made mandatory."""
    forced = missions.mandatory_stack(s) if s.missions else None  # no mission, none made mandatory
    _, tops, printed = _tops(s)
    if forced is None or forced in printed or forced not in tops:
        return list(printed)
    return sorted((*printed, forced))


_Tops = tuple[tuple[tuple[str, ...], ...], tuple[int, ...], tuple[int, ...]]
"""The stacks, and of them (1-based): the non-empty ones and those whose top is printed mandatory."""


def _tops(s: GameState) -> _Tops:
    """The stacks (what the rest follows from), the non-empty stacks (1-based) and those of them whose top is printed
    mandatory.

    Both follow from the deck and the stacks alone, which stay the same objects over most events (a die moves, the
    step changes …): the answer for the last stacks asked about is kept with the deck (in its ``__dict__``, beside
    its indexes), keyed by the stacks tuple itself, which the entry holds so that it cannot be another one at the
    same address. Games sharing a deck just replace the entry, one assignment, which a thread reads in one go."""
    stacks = s.stacks
    kept: _Tops | None = s.deck.__dict__.get(_TOPS)
    if kept is None or kept[0] is not stacks:
        card = s.deck.card
        tops: list[int] = []
        printed: list[int] = []
        for i, stack in enumerate(stacks, 1):  # one pass (stacks are few: a comprehension each cost more)
            if stack:
                tops.append(i)
                if card(stack[0]).mandatory:
                    printed.append(i)
        kept = s.deck.__dict__[_TOPS] = (stacks, tuple(tops), tuple(printed))
    return kept


_TOPS = "_solar_sentinels_tops"
"""Key in the deck's ``__dict__`` of :func:`_tops`' last answer."""


class SolarSentinels(Ruleset):
    """Three face-up stacks of 15, mandatory enemies, a stack discard each round, a boss deck and missions."""

    id = "solar-sentinels"

    def setup(self, tx: Tx) -> None:
        """Deal three face-up stacks, the face-down boss deck and the missions; set the hero's stats."""
        s = tx.state
        opts = s.options
        deck = s.deck
        hero = deck.hero(opts.hero_id)
        cards = [c.id for c in deck.cards]
        bosses = [b.id for b in deck.bosses]
        missions = [m.id for m in deck.missions]
        used = 0
        if opts.deal == "shuffled":
            cards_t, n = shuffled(opts.seed, s.rng + used, cards)
            used += n
            bosses_t, n = shuffled(opts.seed, s.rng + used, bosses)
            used += n
            missions_t, n = shuffled(opts.seed, s.rng + used, missions)
            used += n
            cards, bosses, missions = list(cards_t), list(bosses_t), list(missions_t)
        # "ordered": the first third of the file is stack 1 with the first card on top, and so on.
        size = -(-len(cards) // STACKS)
        stacks = tuple(tuple(cards[i * size : (i + 1) * size]) for i in range(STACKS))
        dealt: tuple[str, ...] = ()
        if opts.missions:
            dealt = tuple(missions[: RANKS[opts.rank][1]])
        tx.emit(
            ev.GameStarted,
            hero=hero.id,
            health=hero.health,
            strategy=hero.strategy,
            recovery=hero.recovery,
            stacks=stacks,
            boss_deck=tuple(bosses),
            missions=dealt,
            rank_penalties=opts.rank - 1 if opts.missions else 0,  # R15: ranks exist only with missions
            draws=used,
        )

    def activation_choices(self, s: GameState) -> list[int]:
        """R3: if any stack top is a mandatory enemy, only mandatory tops may be chosen."""
        return mandatory_tops(s) or list(_tops(s)[1])

    endgame_opens = "the endgame opens once a stack is empty, at the start of a round"

    def refuse_activation(self, s: GameState, stack: int | None) -> Rejected:
        """R3: a top that is not mandatory while another is; the refusal names the mandatory ones."""
        mandatory = mandatory_tops(s)
        if not mandatory or stack not in _tops(s)[1]:
            return super().refuse_activation(s, stack)
        named = [f"{s.deck.card(s.stacks[i - 1][0]).name} (stack {i})" for i in mandatory]
        if len(named) == 1:
            return Rejected("mandatory_first", f"{named[0]} is mandatory: activate it first")
        return Rejected("mandatory_first", f"{' and '.join(named)} are mandatory: activate one of them first")

    def endgame_trigger(self, s: GameState) -> EndgameTrigger:
        """Dwindling stacks: one empty stack lets the endgame start; all empty forces it."""
        if s.endgame:
            return "no"
        empty = sum(1 for stack in s.stacks if not stack)
        if empty == len(s.stacks):
            return "must"
        return "may" if empty else "no"

    def start_endgame(self, tx: Tx) -> None:
        """The revealed boss (or the boss deck's top), one shuffled stack, and a random entourage."""
        s = tx.state
        if s.revealed_boss is not None:
            boss = s.revealed_boss
            boss_deck = s.boss_deck
        else:
            boss_deck = s.boss_deck or s.boss_discard
            boss = boss_deck[0]
        pool = [*s.discard, *(c for stack in s.stacks for c in stack)]
        stack, used = shuffled(s.options.seed, s.rng, pool)
        unfinished = sum(1 for m in s.missions if m.status in ("pending", "forfeited"))
        count = min(len(stack), s.deck.boss(boss).entourage + unfinished)
        entourage, rest = stack[:count], stack[count:]
        tx.emit(ev.EndgameStarted, boss=boss, stack=rest, entourage=entourage, draws=used)
        tx.emit(ev.CardActivated, card=boss, boss=True)
        for card in entourage:
            tx.emit(ev.CardActivated, card=card, entourage=True)  # +N on entourage cards is ignored

    def stack_discard_choices(self, s: GameState) -> list[int]:
        """Any non-empty stack whose top is not mandatory (none: nothing is discarded)."""
        mandatory = mandatory_tops(s)
        return [i for i in _tops(s)[1] if i not in mandatory]

    def won(self, s: GameState) -> str | None:
        """R11: the boss's defeat wins, unless its rules also require every enemy."""
        for card in s.active:
            if not card.boss or not card.defeated:
                continue
            rules = s.deck.boss(card.id).rules
            if any(isinstance(r, WinCondition) and r.require == "all_enemies" for r in rules):
                if any(not c.defeated for c in s.active):
                    return None
                return f"{s.deck.boss(card.id).name} and every enemy with it are defeated"
            return f"{s.deck.boss(card.id).name} is defeated"
        return None
